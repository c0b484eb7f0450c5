import type { PaymentLinkPayResponse, PaymentLinkStatus, PaymentLinkView } from '@shared/api/paymentLinks';
import type { PaymentProvider } from '@shared/payments';
import { http, type RequestOptions } from '@client/api/http';
import { withIdempotencyKey } from '@client/api/idempotency';

// The payment link (docs/sales-reps.md#payment-link): the rep sends it; the customer reads and pays it without a login.

/** Sends the customer a new link for the order (voiding the previous one). The same key answers the same link. */
export const sendPaymentLink = (orderId: number, idempotencyKey: string, options?: RequestOptions) =>
  http.post<PaymentLinkStatus>(`/orders/${encodeURIComponent(String(orderId))}/payment-link`, {}, { ...options, ...withIdempotencyKey(idempotencyKey) });

/** The order's current link and the state of the payment made through it. */
export const fetchPaymentLinkStatus = (orderId: number, options?: RequestOptions) =>
  http.get<PaymentLinkStatus>(`/orders/${encodeURIComponent(String(orderId))}/payment-link`, options);

/** What the customer's page shows (a 404 'Link de pago inválido' for an unknown link). */
export const fetchPaymentLink = (token: string, options?: RequestOptions) => http.get<PaymentLinkView>(`/public/payment-links/${encodeURIComponent(token)}`, options);

/** Starts (or reuses) the payment of the link's order: where to send the customer. */
export const payPaymentLink = (token: string, provider: PaymentProvider, options?: RequestOptions) =>
  http.post<PaymentLinkPayResponse>(`/public/payment-links/${encodeURIComponent(token)}/pay`, { provider }, options);
