import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { fill, MSG } from '../../../shared/messages';
import { formatCLP } from '../../../shared/money';
import type { OrderTotals } from '../../../shared/pricing';

/** 'Resumen de la compra' of the server cart (spec section 2): the same rows as the cart detail. */
export function SummaryTotals({ totals }: { totals: OrderTotals }) {
  const titleId = useId();
  const rows: [string, string][] = [
    [fill(MSG.cartSummaryProducts, { n: totals.lines }), formatCLP(totals.net)],
    [MSG.cartOfferDiscount, `-${formatCLP(totals.offerDiscount)}`],
    [fill(MSG.cartLoyaltyDiscount, { pct: totals.loyaltyPct }), `-${formatCLP(totals.loyaltyDiscount)}`],
    [MSG.cartSubtotal, formatCLP(totals.subtotal)],
    [MSG.cartVat, formatCLP(totals.vat)],
    [MSG.cartTotal, formatCLP(totals.total)],
  ];
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Typography id={titleId} variant="h2" component="h2" gutterBottom sx={{ fontSize: '1.25rem' }}>
        {MSG.cartSummaryTitle}
      </Typography>
      <Table size="small" aria-labelledby={titleId}>
        <TableBody>
          {rows.map(([label, value], i) => {
            const total = i === rows.length - 1;
            return (
              <TableRow key={label} sx={total ? { '& th, & td': { fontWeight: 700, borderBottom: 0 } } : undefined}>
                <TableCell component="th" scope="row" sx={{ pl: 0 }}>
                  {label}
                </TableCell>
                <TableCell align="right" sx={{ pr: 0, whiteSpace: 'nowrap' }}>
                  {value}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Paper>
  );
}
