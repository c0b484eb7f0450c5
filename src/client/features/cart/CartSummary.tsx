import Button from '@mui/material/Button';
import { OrderTotalsSummary } from '@client/components/OrderTotalsSummary';
import { MSG } from '@shared/messages';
import type { OrderTotals } from '@shared/pricing';
import { PRIMARY_ACTION_SX } from '@client/app/problems';

export interface CartSummaryProps {
  totals: OrderTotals;
  /** Both buttons wait: the cart is empty, a line is still changing, or a line is no longer sold. */
  disabled: boolean;
  onContinue: () => void;
  onReserve: () => void;
}

/** 'Resumen de la compra' with the server's totals, and the two ways on to the order summary. */
export function CartSummary({ totals, disabled, onContinue, onReserve }: CartSummaryProps) {
  return (
    <OrderTotalsSummary totals={totals}>
      <Button variant="contained" size="large" disabled={disabled} onClick={onContinue} sx={PRIMARY_ACTION_SX}>
        {MSG.cartContinue}
      </Button>
      <Button variant="outlined" size="large" disabled={disabled} onClick={onReserve} sx={PRIMARY_ACTION_SX}>
        {MSG.cartReserve}
      </Button>
    </OrderTotalsSummary>
  );
}
