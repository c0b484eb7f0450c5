import type { ErpSubmission } from '@shared/api/orders';

/** Sent to the ERP and waiting for its answer or a look-up: the order's story is read again while its screen is open. */
export const waitsForErp = (order: { erpStatus: ErpSubmission }) => order.erpStatus === 'PENDING';
