import Chip from '@mui/material/Chip';
import type { OrderState } from '@shared/orders';
import { ORDER_STATE_LABELS } from '@shared/orderTracking';

const colors = { PROCESS: 'warning', CONFIRMED: 'success', CANCELED: 'error', AWAITING_COMPANY_APPROVAL: 'info' } as const satisfies Record<OrderState, string>;

/** En proceso (amber), Confirmado (green), Anulado (red), Esperando aprobación de la empresa (blue). */
export function OrderStateChip({ state }: { state: OrderState }) {
  return <Chip size="small" color={colors[state]} label={ORDER_STATE_LABELS[state]} />;
}
