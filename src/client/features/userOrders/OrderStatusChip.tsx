import Chip from '@mui/material/Chip';
import type { BuyerOrderStepKey } from '@shared/api/userOrders';

const colors = { received: 'default', companyApproval: 'warning', paid: 'info', awaitingApproval: 'warning', inErp: 'primary', invoiced: 'success', canceled: 'error' } as const;

/** Where a buyer's order stands, in the server's words ('En SAP N° 5060'). */
export function OrderStatusChip({ status, label }: { status: BuyerOrderStepKey; label: string }) {
  return <Chip size="small" color={colors[status]} label={label} />;
}
