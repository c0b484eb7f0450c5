import type { Order } from '@shared/api/orders';
import type { WebpayCreateResponse } from '@shared/api/payments';
import type { PaymentProvider } from '@shared/payments';
import type { PaymentTarget, ProviderRedirect } from './paymentsSlice';

// A payment leaves the SPA (WebPay's form, Khipu's page) and comes back in a fresh page: what this tab started is
// kept in session storage under its own keys until its outcome is shown. Where to send the browser is
// kept apart and used once: /payment takes it as it goes, so Back (or opening /payment later) never sends the buyer to
// the provider again.
export const PAYMENT_KEYS = {
  /** Khipu payment id of the transfer this tab started. */
  paymentId: 'paymentId',
  /** The order being paid (JSON). */
  order: 'order',
  /** The card transaction this tab started: token, buy_order, session_id, amount (JSON). */
  datatbk: 'datatbk',
  /** 'X' when the payment is for pending invoices. */
  payPending: 'payPending',
  /** The pending invoices being paid: [{docEntry, paidSum}] (JSON). */
  invoicePendings: 'invoicePendings',
  /** Where /payment sends the browser, once: the provider, its url and (WebPay) the token_ws (JSON). */
  redirect: 'paymentRedirect',
} as const;

export const PAY_PENDING_MARKER = 'X';

/** The card transaction as kept: what WebPay answered, without the form's url (that is the redirect's). */
export type StoredCardTransaction = Omit<WebpayCreateResponse, 'url'>;

/** The payment this tab started and has no outcome for yet, as the state page and 'Volver a pagar' read it. */
export interface StoredPayment {
  provider: PaymentProvider;
  /** WebPay's token, or Khipu's payment id. */
  reference: string;
  /** WebPay only: the buy order and session id the abort return must name. */
  buyOrder: string | null;
  sessionId: string | null;
  order: Order | null;
  invoices: { docEntry: number; paidSum: number }[] | null;
}

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

/** A card transaction was created: kept for the result and state pages; /payment will post its token once. */
export function saveCardStart(target: PaymentTarget, transaction: WebpayCreateResponse): void {
  const { url, ...kept } = transaction;
  saveTarget(target);
  remove(PAYMENT_KEYS.paymentId);
  write(PAYMENT_KEYS.datatbk, JSON.stringify(kept));
  write(PAYMENT_KEYS.redirect, JSON.stringify({ provider: 'WEBPAY', url, token: transaction.token } satisfies ProviderRedirect));
}

export function readCardTransaction(): StoredCardTransaction | null {
  const stored = readJson<Partial<StoredCardTransaction>>(PAYMENT_KEYS.datatbk);
  return stored && typeof stored.token === 'string' && stored.token ? (stored as StoredCardTransaction) : null;
}

/** A transfer was created: its id comes back in /return's query too, the stored one is the fallback. */
export function saveTransferStart(target: PaymentTarget, paymentId: string, url: string): void {
  saveTarget(target);
  remove(PAYMENT_KEYS.datatbk);
  write(PAYMENT_KEYS.paymentId, paymentId);
  write(PAYMENT_KEYS.redirect, JSON.stringify({ provider: 'KHIPU', url } satisfies ProviderRedirect));
}

export function readTransferPaymentId(): string | null {
  return storage()?.getItem(PAYMENT_KEYS.paymentId) || null;
}

const isRedirect = (value: unknown): value is ProviderRedirect => {
  const r = value as Partial<ProviderRedirect> | null;
  if (!r || typeof r !== 'object' || typeof r.url !== 'string' || !/^https?:\/\//.test(r.url)) return false;
  return r.provider === 'KHIPU' || (r.provider === 'WEBPAY' && typeof r.token === 'string' && r.token !== '');
};

/** Where /payment sends the browser, removed as it is read: it is used once. */
export function takePaymentRedirect(): ProviderRedirect | null {
  const redirect = readJson<unknown>(PAYMENT_KEYS.redirect);
  remove(PAYMENT_KEYS.redirect);
  return isRedirect(redirect) ? redirect : null;
}

/** The payment this tab started and whose outcome it has not shown yet (card first: a tab starts one at a time). */
export function readStoredPayment(): StoredPayment | null {
  const card = readCardTransaction();
  const paymentId = readTransferPaymentId();
  if (!card && !paymentId) return null;
  const order = readJson<Order>(PAYMENT_KEYS.order);
  const invoices = storage()?.getItem(PAYMENT_KEYS.payPending) === PAY_PENDING_MARKER ? readJson<StoredPayment['invoices']>(PAYMENT_KEYS.invoicePendings) : null;
  const common = { order: order && typeof order.id === 'number' ? order : null, invoices: Array.isArray(invoices) ? invoices : null };
  return card
    ? { provider: 'WEBPAY', reference: card.token, buyOrder: card.buy_order ?? null, sessionId: card.session_id ?? null, ...common }
    : { provider: 'KHIPU', reference: paymentId!, buyOrder: null, sessionId: null, ...common };
}

/**
 * The payment `reference` (card token or transfer payment id) has its final outcome: when it is the one this tab
 * started, its keys are removed and what was stored is answered (the outcome is applied here once, not on every
 * reload); otherwise null.
 */
export function settleStoredPayment(reference: string): StoredPayment | null {
  const stored = readStoredPayment();
  if (!stored || stored.reference !== reference) return null;
  remove(...Object.values(PAYMENT_KEYS));
  return stored;
}
