import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { fill, MSG } from '@shared/messages';
import { formatCLP } from '@shared/money';
import type { OrderTotals } from '@shared/pricing';

/** A discount is shown taken off: '-$1.998' ('$0' when there is none). */
const minus = (amount: number) => (amount > 0 ? `-${formatCLP(amount)}` : formatCLP(0));

/**
 * 'Resumen de la compra' (R-CART-4): Productos (n), Descuento oferta, Descuento fidelización (pct), Subtotal,
 * IVA (19%), Total — the server's totals, on the cart detail and on the order summary. `children`: the actions below.
 */
export function OrderTotalsSummary({ totals, children }: { totals: OrderTotals; children?: ReactNode }) {
  const titleId = useId();
  const rows: [string, string][] = [
    [fill(MSG.cartSummaryProducts, { n: totals.lines }), formatCLP(totals.net)],
    [MSG.cartOfferDiscount, minus(totals.offerDiscount)],
    [fill(MSG.cartLoyaltyDiscount, { pct: totals.loyaltyPct }), minus(totals.loyaltyDiscount)],
    [MSG.cartSubtotal, formatCLP(totals.subtotal)],
    [MSG.cartVat, formatCLP(totals.vat)],
    [MSG.cartTotal, formatCLP(totals.total)],
  ];
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 3 } }}>
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
      {children && <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, mt: 2 }}>{children}</Box>}
    </Paper>
  );
}
