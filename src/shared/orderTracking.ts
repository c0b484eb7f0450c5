// The words of 'Mis pedidos' (the buyer's view of an order) and of the admin area's order and payment states.
import type { AdminPaymentStatus } from './api/adminOrders';
import type { BuyerOrderStepKey } from './api/userOrders';
import type { DeliveryType, OrderState, OrderType, PaymentMethod } from './orders';

/** Each step's label; {docNum} and {folio} are filled when known ('En SAP N° 5060'), the bare label otherwise. */
export const BUYER_STEP_TEXTS = {
  received: 'Recibido',
  companyWaiting: 'Esperando aprobación de la empresa',
  companyApproved: 'Aprobado por la empresa',
  companyRejected: 'Rechazado por la empresa',
  paid: 'Pagado',
  inErp: 'En SAP',
  inErpNumber: 'En SAP N° {docNum}',
  awaitingApproval: 'Esperando aprobación',
  invoiced: 'Facturado',
  invoicedNumber: 'Facturado N° {folio}',
  canceled: 'Anulado',
} as const;

/** Screen texts of 'Mis pedidos'. */
export const BUYER_ORDERS_TEXT = {
  title: 'Mis pedidos',
  empty: 'Aún no tiene pedidos en el portal',
  notFound: 'Pedido no encontrado',
  erpUnavailable: 'No se pudo consultar el ERP: las facturas se mostrarán cuando responda',
} satisfies Record<string, string>;

export const ORDER_TYPE_LABELS: Record<OrderType, string> = {
  ONLINE: 'Pedido',
  RESERVE: 'Reserva',
};

export const DELIVERY_TYPE_LABELS: Record<DeliveryType, string> = {
  entrega: 'Despacho',
  retiro: 'Retiro en tienda',
};

export const ORDER_STATE_LABELS: Record<OrderState, string> = {
  PROCESS: 'En proceso',
  CONFIRMED: 'Confirmado',
  CANCELED: 'Anulado',
  AWAITING_COMPANY_APPROVAL: 'Esperando aprobación de la empresa',
};

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  KHIPU: 'Transferencia (Khipu)',
  WEBPAY: 'Tarjeta (WebPay)',
  CHEQUE: 'Cheque',
  CREDIT: 'Línea de crédito',
};

export const PAYMENT_STATUS_LABELS: Record<AdminPaymentStatus, string> = {
  NONE: 'Sin pago',
  CREATED: 'Iniciado',
  PAID: 'Pagado',
  REJECTED: 'Rechazado',
  ABORTED: 'Anulado por el comprador',
  EXPIRED: 'Vencido',
};

/** The order of the steps (an order shows those that apply to it). */
export const BUYER_STEP_ORDER: readonly BuyerOrderStepKey[] = ['received', 'paid', 'awaitingApproval', 'inErp', 'invoiced', 'canceled'];
