// Orders, their numbers and the ERP codes the portal sends (R-ORD-1 to R-ORD-3).

export const ORDER_TYPES = ['ONLINE', 'RESERVE'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

/**
 * PROCESS, CONFIRMED and CANCELED are the spec's; AWAITING_COMPANY_APPROVAL is an order by a Comprador over their limit,
 * waiting for an Aprobador of the buying company (docs/company-people.md): nothing of it has reached the ERP.
 */
export const ORDER_STATES = ['PROCESS', 'CONFIRMED', 'CANCELED', 'AWAITING_COMPANY_APPROVAL'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** How the buyer pays an ONLINE order: bank transfer (Khipu, the default), card (WebPay Plus), cheque or credit line. */
export const PAYMENT_METHODS = ['KHIPU', 'WEBPAY', 'CHEQUE', 'CREDIT'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'KHIPU';

/** Delivery (the default, value 'entrega') or store pickup. */
export const DELIVERY_TYPES = ['entrega', 'retiro'] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];
export const DEFAULT_DELIVERY_TYPE: DeliveryType = 'entrega';

/** The address code that marks store pickup. */
export const STORE_PICKUP = 'idStorePickup';
/** Transport used when none applies or the chosen one is unknown. */
export const FALLBACK_TRANSPORT = '0001';
/** The branch every portal order belongs to. */
export const SUCURSAL = '1';

export const TIPO_VENTA = { ONLINE: 'Normal', RESERVE: 'Reserva' } as const satisfies Record<OrderType, string>;

/** U_FormaPago of the ERP sales order: cheque 1, card and bank transfer 4, credit line 5. */
export const FORMA_PAGO = { CHEQUE: '1', WEBPAY: '4', KHIPU: '4', CREDIT: '5' } as const satisfies Record<PaymentMethod, string>;

/**
 * Notification sections (R-MAIL-1): who gets the mail of a reservation, a cheque payment, a customer request, and a
 * buyer's claim on an invoice (docs/account.md).
 */
export const NOTIFICATION_SECTIONS = ['CREATION_USER', 'RESERVE', 'CHEQUE', 'ACCOUNT_CLAIM'] as const;
export type NotificationSection = (typeof NOTIFICATION_SECTIONS)[number];

/** 'OC' (order) or 'RE' (reservation) plus the order id padded to 6 digits: OC000042, RE000007. */
export function orderNumber(type: OrderType, id: number): string {
  return `${type === 'RESERVE' ? 'RE' : 'OC'}${String(id).padStart(6, '0')}`;
}

/** The largest order id (the column is a 4-byte integer): a number naming a larger one names no order. */
export const MAX_ORDER_ID = 2 ** 31 - 1;

/** The order id inside an order number, or null when the text is not one (or names an id no order can have). */
export function orderIdOf(number: string): number | null {
  const match = /^(OC|RE)(\d{6,})$/.exec(number.trim().toUpperCase());
  if (!match) return null;
  const id = Number(match[2]);
  return id > 0 && id <= MAX_ORDER_ID ? id : null;
}

/** Session storage marker of the reserve flow (cart detail 'Realizar Reserva'). */
export const RESERVE_MARKER = 'X';
