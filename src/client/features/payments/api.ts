import type {
  CardPaymentResult,
  KhipuCreateRequest,
  KhipuCreateResponse,
  TransferPaymentStatus,
  WebpayCreateRequest,
  WebpayCreateResponse,
} from '../../../shared/api/payments';
import { http } from '../../api/http';

// Spec section 7, Payments: card (WebPay Plus) and bank transfer (Khipu). The server charges its own amount.

/** Creates the card transaction of an order (buy_order) or of pending invoices: where to post token_ws. */
export const createCardPayment = (body: WebpayCreateRequest) => http.post<WebpayCreateResponse>('/user/tbk/create', body);

/** Commits a card transaction that came back with token_ws (idempotent: the server usually committed already). */
export const confirmCardPayment = (token: string) => http.put<CardPaymentResult>(`/user/tbk/confirm/${encodeURIComponent(token)}`);

/** The stored result of a card transaction (aborted ones come back with TBK_TOKEN and are not committed). */
export const fetchCardPaymentState = (token: string) => http.get<CardPaymentResult>(`/user/tbk/state/${encodeURIComponent(token)}`);

/** Creates the bank-transfer payment of an order or of pending invoices: where to send the buyer. */
export const createTransferPayment = (body: KhipuCreateRequest) => http.post<KhipuCreateResponse>('/user/khipu/payments', body);

export const fetchTransferPayment = (paymentId: string) =>
  http.get<TransferPaymentStatus>(`/user/khipu/payments/${encodeURIComponent(paymentId)}`);

/** Asks the server to verify a transfer Khipu reports done and to apply its outcome now. */
export const confirmTransferPayment = (paymentId: string) =>
  http.post<TransferPaymentStatus>(`/user/khipu/payments/${encodeURIComponent(paymentId)}/confirm`);

/** The buyer's server cart, emptied once an order is paid (spec section 4). */
export const clearCart = (userId: number) => http.delete<void>(`/user/cart/clear-cart/${userId}`);
