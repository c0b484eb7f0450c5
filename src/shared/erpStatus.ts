// Where an order stands with the ERP, in the buyer's words (server answers and the SPA's order screens).
import type { ErpSubmission } from './api/orders';

export const ERP_STATUS_TEXTS = {
  /** 202 answer of a submission whose order waits for the ERP's approval procedure. */
  awaitingApproval: 'El pedido {number} quedó en espera de aprobación en el ERP: se confirmará cuando sea aprobado',
  /** The ERP's approver refused the order. */
  approvalRejected: 'El pedido {number} fue rechazado en la aprobación del ERP',
} as const;

/** Short label of each ERP status (lists and detail screens). */
export const ERP_STATUS_LABELS: Record<ErpSubmission, string> = {
  NONE: 'No enviado',
  PENDING: 'Pendiente de envío',
  AWAITING_APPROVAL: 'En aprobación',
  SENT: 'Ingresado en el ERP',
  REJECTED: 'Rechazado por el ERP',
};
