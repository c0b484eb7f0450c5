import * as yup from '../yup';

// Approval of orders by the buying company (docs/company-people.md): the texts the server answers and the SPA shows,
// and the reject form's schema (the dialog and the server use it).

export const APPROVAL_MSG = {
  /** The buyer's order went over their limit: what checkout says instead of going on to pay or send it. */
  orderWaits:
    'Tu pedido quedó esperando la aprobación de la empresa: el pedido {number} supera tu límite mensual de compra. Te avisaremos por correo cuando sea aprobado o rechazado; puedes seguirlo en Mis pedidos.',
  /** Paying or sending an order that still waits. */
  waitsForCompany: 'El pedido {number} espera la aprobación de la empresa: podrá pagarse o enviarse cuando sea aprobado',
  notWaiting: 'El pedido {number} ya no espera aprobación: otra persona ya lo aprobó o rechazó',
  ownOrder: 'No puede aprobar ni rechazar un pedido suyo: debe hacerlo otro aprobador o el administrador de la empresa',
  changed: 'Los precios o el stock del pedido {number} cambiaron desde que se hizo: revise los cambios. El pedido quedó actualizado con los precios de hoy.',
  stockShort: 'El stock ya no alcanza para el pedido {number}: puede rechazarlo para que el comprador lo ajuste',
  approved: 'Pedido {number} aprobado',
  approvedSent: 'Pedido {number} aprobado y enviado al ERP',
  approvedToPay: 'Pedido {number} aprobado: el comprador recibirá un correo para pagarlo',
  rejected: 'Pedido {number} rechazado: sus productos volvieron al carro del comprador',
  total: 'Total del pedido inválido',
  reasonRequired: 'Indique el motivo del rechazo',
  reasonTooLong: 'El motivo no puede superar 300 caracteres',
} as const;

export const REJECT_REASON_MAX = 300;

/**
 * POST /api/user/company/approvals/:id/approve: `total`, the order's total the approver was shown; when the order's
 * total is another by now (re-priced meanwhile), the approve answers 409 with the order as it is, never silently.
 */
export const approveSchema = yup.object({
  total: yup.number().typeError(APPROVAL_MSG.total).integer(APPROVAL_MSG.total).min(0, APPROVAL_MSG.total).max(Number.MAX_SAFE_INTEGER, APPROVAL_MSG.total),
});
export type ApproveRequest = yup.InferType<typeof approveSchema>;

/** POST /api/user/company/approvals/:id/reject and the Rechazar dialog. */
export const rejectApprovalSchema = yup.object({
  reason: yup.string().trim().required(APPROVAL_MSG.reasonRequired).max(REJECT_REASON_MAX, APPROVAL_MSG.reasonTooLong),
});
export type RejectApprovalRequest = yup.InferType<typeof rejectApprovalSchema>;
