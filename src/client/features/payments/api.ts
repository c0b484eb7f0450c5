import type { Order } from '@shared/api/orders';
import type {
  CardPaymentResult,
  KhipuCreateRequest,
  KhipuCreateResponse,
  TransferPaymentStatus,
  WebpayCreateRequest,
  WebpayCreateResponse,
} from '@shared/api/payments';
import { http, type RequestOptions } from '@client/api/http';
import { withIdempotencyKey } from '@client/api/idempotency';
import { env } from '@client/app/env';

// Payments (R-PAY-WEB-1, R-PAY-KHI-1): card (WebPay Plus) and bank transfer (Khipu). The server charges its own amount.

/**
 * Creates the card transaction of an order (buy_order) or of pending invoices: where to post token_ws. The same key and
 * body answer the transaction already created.
 */
export const createCardPayment = (body: WebpayCreateRequest, idempotencyKey: string, options?: RequestOptions) =>
  http.post<WebpayCreateResponse>('/user/tbk/create', body, { ...options, ...withIdempotencyKey(idempotencyKey) });

/** Commits a card transaction that came back with token_ws (idempotent: the server usually committed already). */
export const confirmCardPayment = (token: string, options?: RequestOptions) => http.put<CardPaymentResult>(`/user/tbk/confirm/${encodeURIComponent(token)}`, undefined, options);

/** The stored result of a card transaction (aborted ones come back with TBK_TOKEN and are not committed). */
export const fetchCardPaymentState = (token: string, options?: RequestOptions) => http.get<CardPaymentResult>(`/user/tbk/state/${encodeURIComponent(token)}`, options);

/** Creates the bank-transfer payment of an order or of pending invoices: where to send the buyer. Same key, same answer. */
export const createTransferPayment = (body: KhipuCreateRequest, idempotencyKey: string, options?: RequestOptions) =>
  http.post<KhipuCreateResponse>('/user/khipu/payments', body, { ...options, ...withIdempotencyKey(idempotencyKey) });

export const fetchTransferPayment = (paymentId: string, options?: RequestOptions) =>
  http.get<TransferPaymentStatus>(`/user/khipu/payments/${encodeURIComponent(paymentId)}`, options);

/** Asks the server to verify a transfer Khipu reports done and to apply its outcome now. */
export const confirmTransferPayment = (paymentId: string, options?: RequestOptions) =>
  http.post<TransferPaymentStatus>(`/user/khipu/payments/${encodeURIComponent(paymentId)}/confirm`, undefined, options);

/** The buyer's order as the server has it (its state after the payment's outcome). */
export const fetchOrder = (id: number, options?: RequestOptions) => http.get<Order>(`/orders/${encodeURIComponent(String(id))}`, options);

/**
 * The URL WebPay itself sends the browser to when the payer presses 'Anular compra' in its form (TBK_TOKEN,
 * TBK_ORDEN_COMPRA, TBK_ID_SESION). 'Anular' on the state page brings the same word: the server still commits the
 * token first (a payment the payer did approve is PAID), and only takes the abort for a payment the commit cannot
 * confirm; the buy order and session must be the payment's. It then sends the browser to /payment-verification.
 */
export function webpayAbortUrl(token: string, buyOrder: string, sessionId: string): string {
  const query = new URLSearchParams({ TBK_TOKEN: token, TBK_ORDEN_COMPRA: buyOrder, TBK_ID_SESION: sessionId });
  return `${env.apiBase}/payments/webpay/return?${query.toString()}`;
}
