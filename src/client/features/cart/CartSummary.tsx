import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { fill, MSG } from '../../../shared/messages';
import { formatCLP } from '../../../shared/money';
import type { OrderTotals } from '../../../shared/pricing';

export interface CartSummaryProps {
  totals: OrderTotals;
  /** Both buttons wait: the cart is empty, a line is still changing, or a line is no longer sold. */
  disabled: boolean;
  onContinue: () => void;
  onReserve: () => void;
}

/** A discount is shown taken off: '-$1.998' ('$0' when there is none). */
const minus = (amount: number) => (amount > 0 ? `-${formatCLP(amount)}` : formatCLP(0));

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  const weight = strong ? 700 : 400;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5 }}>
      <Typography component="dt" sx={{ fontWeight: weight }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: weight, whiteSpace: 'nowrap' }}>
        {value}
      </Typography>
    </Box>
  );
}

/** 'Resumen de la compra' with the server's totals, and the two ways on to the order summary. */
export function CartSummary({ totals, disabled, onContinue, onReserve }: CartSummaryProps) {
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={titleId} variant="h2" component="h2" gutterBottom sx={{ fontSize: '1.25rem' }}>
        {MSG.cartSummaryTitle}
      </Typography>
      <Box component="dl" sx={{ m: 0 }}>
        <Row label={fill(MSG.cartSummaryProducts, { n: totals.lines })} value={formatCLP(totals.net)} />
        <Row label={MSG.cartOfferDiscount} value={minus(totals.offerDiscount)} />
        <Row label={fill(MSG.cartLoyaltyDiscount, { pct: totals.loyaltyPct })} value={minus(totals.loyaltyDiscount)} />
      </Box>
      <Divider sx={{ my: 1 }} />
      <Box component="dl" sx={{ m: 0 }}>
        <Row label={MSG.cartSubtotal} value={formatCLP(totals.subtotal)} />
        <Row label={MSG.cartVat} value={formatCLP(totals.vat)} />
        <Row label={MSG.cartTotal} value={formatCLP(totals.total)} strong />
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, mt: 2 }}>
        <Button variant="contained" size="large" disabled={disabled} onClick={onContinue}>
          {MSG.cartContinue}
        </Button>
        <Button variant="outlined" size="large" disabled={disabled} onClick={onReserve}>
          {MSG.cartReserve}
        </Button>
      </Box>
    </Paper>
  );
}
