import type { Transport } from '@shared/api/erp';
import type {
  CreateOrderRequest,
  NotificationRecipient,
  Order,
  OrderMailRequest,
  OrderSubmissionResponse,
  UpdateOrderStateRequest,
} from '@shared/api/orders';
import type { PublicRecipient } from '@shared/api/customerRequest';
import type { NotificationSection } from '@shared/orders';
import { HttpError, http, type RequestOptions } from '@client/api/http';
import { withIdempotencyKey } from '@client/api/idempotency';

// The calls of the order summary and of the reserve, credit-line and cheque flows.

/** The server cart: its totals are the 'Resumen de la compra'. */
export { fetchCart } from '@client/api/cart';

export const fetchTransports = (options?: RequestOptions) => http.get<Transport[]>('/user/b1/tipo-transport', options);

/**
 * Creates the order from the server cart, whose lines it takes (the server empties the cart). The same key and choices
 * answer the order already made; an empty cart answers 409.
 */
export const createOrder = (body: CreateOrderRequest, idempotencyKey: string, options?: RequestOptions) => http.post<Order>('/orders', body, { ...options, ...withIdempotencyKey(idempotencyKey) });

/** Sends the reservation to the ERP (202 with pending: received, waits for the ERP). */
export const submitReserve = (orderReference: string, options?: RequestOptions) => http.post<OrderSubmissionResponse>('/user/b1/reserve', { orderReference }, options);

/** Sends the sales order to the ERP (202 with pending: received, waits for the ERP). */
export { submitSalesOrder } from '@client/api/orderPayments';

export const confirmOrder = (id: number, numOc: string, options?: RequestOptions) =>
  http.post<OrderSubmissionResponse>('/orders/update/state/order', { id, numOc, state: 'CONFIRMED' } satisfies UpdateOrderStateRequest, options);

/** The recipient of a notification section, or null when there is none (the server answers 404). */
export async function findRecipient(section: NotificationSection, options?: RequestOptions): Promise<NotificationRecipient | null> {
  try {
    // the API answers a visitor only { id, section }: such an answer names nobody to notify
    const recipient = await http.get<NotificationRecipient | PublicRecipient | undefined>(`/user/sendmail/section/${section}`, options);
    return recipient && 'email' in recipient && recipient.email ? recipient : null;
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
}

export const sendOrderMail = (numberOrder: string, section: NotificationSection, options?: RequestOptions) =>
  http.post<void>('/user/sendmail/order', { numberOrder, section } satisfies OrderMailRequest, options);

/** Multipart: the server takes the company data from the ERP and mails the photo to the CHEQUE recipient. */
export { payCheque } from '@client/api/orderPayments';
