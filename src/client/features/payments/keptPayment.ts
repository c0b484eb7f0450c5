import type { AccountPaySelection } from '@shared/api/account';
import type { Order } from '@shared/api/orders';
import type { WebpayCreateResponse } from '@shared/api/payments';
import type { PaymentProvider } from '@shared/payments';
import { forgotten, kept, parseKept, type KeptState } from '@client/app/persistence';
import { PAY_PENDING_MARK, SESSION_KEYS } from '@client/app/sessionKeys';
import type { PaymentTarget, ProviderRedirect } from './paymentsSlice';

// A payment leaves the SPA (WebPay's form, Khipu's page) and comes back in a fresh page: what this tab started is kept
// in the store's `kept` slice, which survives that (app/persistence), until its outcome is applied:
//  - datatbk (WebPay's transaction) or paymentId (Khipu's payment id);
//  - what it pays: order (the order), payPending and invoicePendings (the invoices, kept by the pending payments'
//    'Pagar' before the payment starts; this module only reads them, and forgets them with the payment), or
//    accountDocuments (the cuenta corriente's documents of a netted payment);
//  - paymentRedirect, where /payment sends the browser, kept apart and used once: /payment forgets it as it takes it,
//    so Back (or opening /payment later) never sends the buyer to the provider again.
// The sagas put the actions made here and read through these functions (paymentsSelectors); nothing here touches
// storage.

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
  /** The cuenta corriente documents of a netted payment (absent for an order or pending invoices). */
  documents?: AccountPaySelection[];
}

/** Every key of a payment this tab started. */
const PAYMENT_KEYS = [
  SESSION_KEYS.datatbk,
  SESSION_KEYS.paymentId,
  SESSION_KEYS.order,
  SESSION_KEYS.payPending,
  SESSION_KEYS.invoicePendings,
  SESSION_KEYS.accountDocuments,
  SESSION_KEYS.paymentRedirect,
] as const;

type KeptValues = Parameters<typeof kept>[0];

/**
 * What is paid: the order (a mark of invoices left from before goes), the invoices 'Pagar' kept (an order left goes),
 * or the cuenta corriente's documents (kept here; an order or invoices left go). Documents left from before are read
 * only when nothing else is kept (storedPaymentOf), so an order or invoices need not clear them.
 */
function targetValues(target: PaymentTarget): KeptValues {
  if (target.purpose === 'ORDER') return { [SESSION_KEYS.order]: JSON.stringify(target.order), [SESSION_KEYS.payPending]: null, [SESSION_KEYS.invoicePendings]: null };
  if (target.purpose === 'DOCUMENTS')
    return { [SESSION_KEYS.accountDocuments]: JSON.stringify(target.documents), [SESSION_KEYS.order]: null, [SESSION_KEYS.payPending]: null, [SESSION_KEYS.invoicePendings]: null };
  return { [SESSION_KEYS.order]: null };
}

/** A card transaction was created: kept for the result and state pages; /payment will post its token once. */
export function keepCardStart(target: PaymentTarget, transaction: WebpayCreateResponse) {
  const { url, ...card } = transaction;
  const redirect: ProviderRedirect = { provider: 'WEBPAY', url, token: transaction.token };
  return kept({
    ...targetValues(target),
    [SESSION_KEYS.datatbk]: JSON.stringify(card),
    [SESSION_KEYS.paymentId]: null,
    [SESSION_KEYS.paymentRedirect]: JSON.stringify(redirect),
  });
}

/** A transfer was created: its id comes back in /return's query too, the kept one is the fallback. */
export function keepTransferStart(target: PaymentTarget, paymentId: string, url: string) {
  const redirect: ProviderRedirect = { provider: 'KHIPU', url };
  return kept({
    ...targetValues(target),
    [SESSION_KEYS.datatbk]: null,
    [SESSION_KEYS.paymentId]: paymentId,
    [SESSION_KEYS.paymentRedirect]: JSON.stringify(redirect),
  });
}

/** /payment took the redirect: forgotten as it is taken, it is used once. */
export const paymentRedirectTaken = () => forgotten([SESSION_KEYS.paymentRedirect]);

/** The payment's outcome was applied here: every key of it goes (so a reload does not apply it again). */
export const forgetPayment = () => forgotten(PAYMENT_KEYS);

/** The card transaction this tab started, or null. */
export function cardTransactionOf(state: KeptState): StoredCardTransaction | null {
  const stored = parseKept<Partial<StoredCardTransaction>>(state[SESSION_KEYS.datatbk]);
  return stored && typeof stored.token === 'string' && stored.token ? (stored as StoredCardTransaction) : null;
}

/** The Khipu payment id of the transfer this tab started, or null. */
export const transferPaymentIdOf = (state: KeptState): string | null => state[SESSION_KEYS.paymentId] || null;

const isRedirect = (value: unknown): value is ProviderRedirect => {
  const r = value as Partial<ProviderRedirect> | null;
  if (!r || typeof r !== 'object' || typeof r.url !== 'string' || !/^https?:\/\//.test(r.url)) return false;
  return r.provider === 'KHIPU' || (r.provider === 'WEBPAY' && typeof r.token === 'string' && r.token !== '');
};

/** Where /payment sends the browser (a provider's http(s) address), or null. */
export function paymentRedirectOf(state: KeptState): ProviderRedirect | null {
  const redirect = parseKept<unknown>(state[SESSION_KEYS.paymentRedirect]);
  return isRedirect(redirect) ? redirect : null;
}

/** The payment this tab started and whose outcome it has not applied yet (card first: a tab starts one at a time). */
export function storedPaymentOf(state: KeptState): StoredPayment | null {
  const card = cardTransactionOf(state);
  const paymentId = transferPaymentIdOf(state);
  if (!card && !paymentId) return null;
  const order = parseKept<Order>(state[SESSION_KEYS.order]);
  const invoices = state[SESSION_KEYS.payPending] === PAY_PENDING_MARK ? parseKept<StoredPayment['invoices']>(state[SESSION_KEYS.invoicePendings]) : null;
  const documents = parseKept<StoredPayment['documents']>(state[SESSION_KEYS.accountDocuments]);
  const common = { order: order && typeof order.id === 'number' ? order : null, invoices: Array.isArray(invoices) ? invoices : null };
  // the documents of a netted payment, when it is neither an order's nor pending invoices'
  if (!common.order && !common.invoices && Array.isArray(documents) && documents.length) Object.assign(common, { documents });
  return card
    ? { provider: 'WEBPAY', reference: card.token, buyOrder: card.buy_order ?? null, sessionId: card.session_id ?? null, ...common }
    : { provider: 'KHIPU', reference: paymentId!, buyOrder: null, sessionId: null, ...common };
}
