import type { WebpayCreateResponse } from '../../../shared/api/payments';
import type { PaymentTarget } from './paymentsSlice';

// A payment leaves the SPA (WebPay's form, Khipu's page) and comes back in a fresh page: what this tab started is
// kept in session storage under the spec's keys (section 3) until its outcome is shown.
export const PAYMENT_KEYS = {
  /** Khipu payment id of the transfer this tab started. */
  paymentId: 'paymentId',
  /** The order being paid (JSON). */
  order: 'order',
  /** The card transaction this tab started: url, token, buy_order, session_id, amount (JSON). */
  datatbk: 'datatbk',
  /** 'X' when the payment is for pending invoices. */
  payPending: 'payPending',
  /** The pending invoices being paid: [{docEntry, paidSum}] (JSON). */
  invoicePendings: 'invoicePendings',
} as const;

export const PAY_PENDING_MARKER = 'X';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // storage full or refused: the return pages then rely on their query parameters
  }
}

function readJson<T>(key: string): T | null {
  const raw = storage()?.getItem(key) ?? null;
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

function remove(...keys: string[]): void {
  for (const key of keys) storage()?.removeItem(key);
}

/** What is paid: the order, or the invoices with the payPending marker (the other one is removed). */
function saveTarget(target: PaymentTarget): void {
  if (target.purpose === 'ORDER') {
    write(PAYMENT_KEYS.order, JSON.stringify(target.order));
    remove(PAYMENT_KEYS.payPending, PAYMENT_KEYS.invoicePendings);
  } else {
    write(PAYMENT_KEYS.payPending, PAY_PENDING_MARKER);
    write(PAYMENT_KEYS.invoicePendings, JSON.stringify(target.invoices));
    remove(PAYMENT_KEYS.order);
  }
}

/** A card transaction was created: kept so /payment survives a reload and the result page knows it is this tab's. */
export function saveCardStart(target: PaymentTarget, transaction: WebpayCreateResponse): void {
  saveTarget(target);
  remove(PAYMENT_KEYS.paymentId);
  write(PAYMENT_KEYS.datatbk, JSON.stringify(transaction));
}

export function readCardTransaction(): WebpayCreateResponse | null {
  const stored = readJson<Partial<WebpayCreateResponse>>(PAYMENT_KEYS.datatbk);
  return stored && typeof stored.url === 'string' && typeof stored.token === 'string' && stored.url && stored.token
    ? (stored as WebpayCreateResponse)
    : null;
}

/** A transfer was created: its id comes back in /return's query too, the stored one is the fallback. */
export function saveTransferStart(target: PaymentTarget, paymentId: string): void {
  saveTarget(target);
  remove(PAYMENT_KEYS.datatbk);
  write(PAYMENT_KEYS.paymentId, paymentId);
}

export function readTransferPaymentId(): string | null {
  return storage()?.getItem(PAYMENT_KEYS.paymentId) || null;
}

/**
 * The payment `reference` (card token or transfer payment id) has its final outcome: when it is the one this tab
 * started, its keys are removed and true is answered (the outcome is applied here once, not on every reload).
 */
export function settleStoredPayment(reference: string): boolean {
  const ours = readCardTransaction()?.token === reference || readTransferPaymentId() === reference;
  if (ours) remove(...Object.values(PAYMENT_KEYS));
  return ours;
}
