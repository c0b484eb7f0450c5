import type { NotificationSection, DeliveryType, OrderState, OrderType, PaymentMethod } from '../orders';
import type { OrderTotals } from '../pricing';
import type { IncomingShipping } from '../incoming';

// Orders, their submission to the ERP and the notification mail (R-ORD-1, R-ERP-1, R-MAIL-1).

/**
 * POST /orders: creates an order from the buyer's server cart, priced by the server. The browser says only what it
 * chose on the order summary; lines and amounts come from the cart and the ERP.
 */
export interface CreateOrderRequest {
  orderType: OrderType;
  tipoEntrega: DeliveryType;
  /** iddespacho of one of the buyer's dispatch addresses; empty for store pickup. */
  deliveryAddress: string;
  /** idTransporte; empty for store pickup. */
  deliveryTransport: string;
  /** idfactura of one of the buyer's billing addresses (the default one). */
  invoiceAddress: string;
  /** Absent or ignored for a reservation. */
  paymentMethod?: PaymentMethod;
  /** The buyer's own purchase-order number (optional, at most 40 characters): sent to the ERP, shown in mails. */
  buyerReference?: string;
  /** The delivery date the buyer asks for, 'YYYY-MM-DD', a working day from today on (optional). */
  requestedDeliveryDate?: string;
  /** How to ship a cart with pre-order lines (required then, ignored otherwise): docs/incoming.md. */
  envioPorLlegar?: IncomingShipping;
}

export interface OrderLine {
  id: number;
  sku: string;
  name: string;
  size: string;
  quantity: number;
  /** Unit list price. */
  price: number;
  percentageOffer: number;
  percentageLoyalty: number;
  priceFinalUnit: number;
  priceFinal: number;
  descLinea: number;
  /** A pre-order line: the date promised for it ('YYYY-MM-DD', the ERP line's ShipDate); null for stock on hand. */
  llegada?: string | null;
  /**
   * A pre-order line whose purchase order moved in the ERP after the order: the date it can now arrive, or '' when the
   * incoming goods no longer cover it. Absent or null while the promise holds.
   */
  llegadaNueva?: string | null;
}

/** Where the ERP submission of an order stands. */
export type ErpSubmission = 'NONE' | 'PENDING' | 'AWAITING_APPROVAL' | 'SENT' | 'REJECTED';

export interface Order {
  id: number;
  /** OC000042 / RE000007. */
  purchaseOrderNumber: string;
  orderType: OrderType;
  orderState: OrderState;
  paymentMethod: PaymentMethod | null;
  tipoEntrega: DeliveryType;
  deliveryAddress: string;
  deliveryTransport: string;
  invoiceAddress: string;
  orderProducts: OrderLine[];
  totals: OrderTotals;
  /** The provider's transaction id, or the ERP reference, once confirmed. */
  numOc: string;
  erp: ErpSubmission;
  /** ERP DocNum of the sales order or reservation, once the ERP accepted it. */
  erpDocNum: number | null;
  userId: number;
  dateCreated: string;
  /** The buyer's purchase-order reference ('' when none was given; always sent by the server). */
  buyerReference?: string;
  /** The requested delivery date, 'YYYY-MM-DD', or null (always sent by the server). */
  requestedDeliveryDate?: string | null;
  /** An order with pre-order lines: how it ships (docs/incoming.md); null otherwise. */
  envioPorLlegar?: IncomingShipping | null;
  /** Some pre-order line's date moved in the ERP after the order (see OrderLine.llegadaNueva). */
  porLlegarMovido?: boolean;
}

/** POST /orders/update/state/order (form data or JSON): the server applies it only with evidence. */
export interface UpdateOrderStateRequest {
  id: number;
  numOc: string;
  state: OrderState;
}

/**
 * POST /user/b1/reserve and POST /user/b1/ov: send the buyer's order to the ERP. The server builds the ERP document
 * from its own order; `orderReference` (the order number) says which.
 */
export interface SubmitOrderRequest {
  orderReference: string;
}

/**
 * Answer of reserve / ov / update-state. `pending`: the order is received and waits for the ERP (down or slow); it
 * reaches the ERP when it is back and is confirmed then.
 */
export interface OrderSubmissionResponse {
  order: Order;
  pending: boolean;
  message: string;
}

/** GET /user/sendmail/section/{section}: the recipient of a notification section. */
export interface NotificationRecipient {
  id: number;
  name: string;
  lastName: string;
  email: string;
  section: NotificationSection;
}

/** POST /user/sendmail/order: the notification mail of an order (RESERVE) to the section's recipient. */
export interface OrderMailRequest {
  numberOrder: string;
  section: NotificationSection;
}
