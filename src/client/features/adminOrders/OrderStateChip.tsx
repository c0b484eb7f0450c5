import Chip from '@mui/material/Chip';
import type { OrderState } from '@shared/orders';
import { ORDER_STATE_LABELS } from '@shared/orderTracking';

const colors = { PROCESS: 'warning', CONFIRMED: 'success', CANCELED: 'error' } as const;

/** En proceso (amber), Confirmado (green), Anulado (red). */
export function OrderStateChip({ state }: { state: OrderState }) {
  return <Chip size="small" color={colors[state]} label={ORDER_STATE_LABELS[state]} />;
}
