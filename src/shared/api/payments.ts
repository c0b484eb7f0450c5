import type { OrderState } from '../orders';
import type { AccountPaySelection } from './account';
import type { PaymentProvider, PaymentPurpose, PaymentState } from '../payments';

// Card (WebPay Plus) and bank-transfer (Khipu) payments (R-PAY-WEB-1, R-PAY-KHI-1). The server decides the amount
// from its own order or from the ERP balances of the selected invoices; an amount sent by the browser is ignored.

/** What to pay: one of the buyer's orders (by number), or some of its pending invoices (by docEntry). */
export type PaymentTarget =
  | { orderReference: string; invoices?: never; documents?: never }
  | { invoices: number[]; orderReference?: never; documents?: never }
  /** A netted payment of the cuenta corriente: invoices, debit notes and down payments, less credit notes, or part of one invoice. */
  | { documents: AccountPaySelection[]; orderReference?: never; invoices?: never };

/** POST /user/tbk/create. buy_order = the order number; for invoices send `invoices` instead. */
export interface WebpayCreateRequest {
  buy_order?: string;
  invoices?: number[];
  /** A netted payment of the cuenta corriente (instead of buy_order or invoices). */
  documents?: AccountPaySelection[];
  /** 'OW' + 6 digits; the server makes one when absent or malformed. */
  session_id?: string;
  /** Ignored: the server charges its own amount. */
  amount?: number;
  /** Ignored: the server's return endpoint is used. */
  return_url?: string;
}

export interface WebpayCreateResponse {
  url: string;
  token: string;
  buy_order: string;
  session_id: string;
  amount: number;
}

/** The card payment result as stored and shown on /payment-verification (R-PAY-WEB-2). */
export interface CardPaymentResult {
  token: string;
  vci: string;
  amount: number;
  status: string;
  buy_order: string;
  session_id: string;
  card_number: string;
  accounting_date: string;
  transaction_date: string;
  authorization_code: string;
  payment_type_code: string;
  response_code: number | null;
  installments_number: number;
  /** The portal's verdict: approved (PAID), rejected, aborted or expired. */
  state: PaymentState;
  purpose: PaymentPurpose;
  /** The order number, when the payment was for an order. */
  orderReference: string | null;
  orderState: OrderState | null;
  userId: number;
}

/** POST /user/tbk/update-tbk: only the token is read (token, or token_ws / TBK_TOKEN); the answer is the stored result. */
export interface WebpayUpdateRequest extends Partial<Omit<CardPaymentResult, 'token'>> {
  token?: string;
  token_ws?: string;
  TBK_TOKEN?: string;
}

/** POST /user/khipu/payments. */
export type KhipuCreateRequest = PaymentTarget;

/**
 * Khipu's return_url is `/return?paymentId=<transaction_id>` (cancel_url adds `&cancel=1`): Khipu's payment_id is not
 * known before the create. GET /user/khipu/payments/{id} and …/{id}/confirm take either the payment_id or the
 * transaction_id.
 */
export interface KhipuCreateResponse {
  payment_id: string;
  payment_url: string;
  amount: number;
  currency: 'CLP';
  transaction_id: string;
}

/** GET /user/khipu/payments/{id} and POST …/{id}/confirm: the provider's answer plus the portal's outcome. */
export interface TransferPaymentStatus {
  payment_id: string;
  amount: number;
  currency: string;
  /** pending, verifying or done (Khipu). */
  status: string;
  status_detail: string;
  transaction_id: string;
  funds_source: string;
  receipt_url: string;
  state: PaymentState;
  purpose: PaymentPurpose;
  orderReference: string | null;
  orderState: OrderState | null;
  provider: PaymentProvider;
}

/** POST /user/b1/pay-invoice and /user/b1/pay-account: the server registers the ERP incoming payment of a payment it confirmed. */
export interface ErpPaymentRequest {
  /** WebPay token or Khipu payment id of a payment the server confirmed. */
  paymentId: string;
}

/** 200 with SENT; 202 with PENDING (queued, or refused by the ERP and left to the staff: see message). */
export interface ErpPaymentResponse {
  /** Whether the ERP already has the incoming payment, or it is queued. */
  erp: 'SENT' | 'PENDING';
  message: string;
}
