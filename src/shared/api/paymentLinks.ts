import type { PaymentLinkState } from '../paymentLinks';
import type { PaymentProvider, PaymentState } from '../payments';

// The payment link of an order (docs/sales-reps.md#payment-link): a representing rep sends it, the customer pays
// through it without logging in.

/** POST /api/orders/{id}/payment-link and GET of the same path: the order's current link, as the rep sees it. */
export interface PaymentLinkStatus {
  orderId: number;
  orderNumber: string;
  /** Where the link went; before any link, where it would go (the customer's e-mail in the ERP, '' when none). */
  sentTo: string;
  amount: number;
  /** ISO date; '' when no link was sent yet. */
  expiresAt: string;
  /** null when no link was sent yet. */
  state: PaymentLinkState | null;
  /** The payment started through the link, if any. */
  paymentState: PaymentState | null;
  message: string;
}

export interface PaymentLinkLine {
  sku: string;
  name: string;
  size: string;
  quantity: number;
  total: number;
}

/** GET /api/public/payment-links/{token}: what the customer's page shows. */
export interface PaymentLinkView {
  state: PaymentLinkState;
  /** The refusal in Spanish, or '' when the link can be paid. */
  message: string;
  companyName: string;
  orderNumber: string;
  amount: number;
  lines: PaymentLinkLine[];
  providers: PaymentProvider[];
  expiresAt: string;
  /** The payment started through the link (its outcome, once the provider's proof decided it). */
  payment: { provider: PaymentProvider; state: PaymentState } | null;
}

/** POST /api/public/payment-links/{token}/pay: where to send the customer (the provider's page). */
export interface PaymentLinkPayResponse {
  provider: PaymentProvider;
  url: string;
  /** WebPay: the token the form is posted with ('' for Khipu). */
  token: string;
}
