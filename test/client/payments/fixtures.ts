import type { UnknownAction } from '@reduxjs/toolkit';
import { delay } from 'redux-saga/effects';
import { keptReducer, type KeptState } from '@client/app/persistence';
import { keepCardStart, keepTransferStart, paymentRedirectTaken } from '@client/features/payments/keptPayment';
import type { PaymentTarget } from '@client/features/payments/paymentsSlice';
import type { EffectProviders } from 'redux-saga-test-plan/providers';
import { rootReducer, type RootState } from '@client/app/store';
// the whole store: every feature's slice (and saga) joins the root reducer, as the scenario runner does
import '@client/app/allFeatures';
import type { Order } from '@shared/api/orders';
import type { CardPaymentResult, KhipuCreateResponse, TransferPaymentStatus, WebpayCreateResponse } from '@shared/api/payments';
import type { OrderTotals } from '@shared/pricing';
import { sessionOf } from '../renderWithProviders';

// Buyer 12 (sessionOf('USER')) pays order OC000044 ($462.672) or two pending invoices.

const totals: OrderTotals = { lines: 2, units: 30, net: 450000, offerDiscount: 45000, loyaltyDiscount: 16200, loyaltyPct: 4, subtotal: 388800, vat: 73872, total: 462672 };

export const order: Order = {
  id: 44,
  purchaseOrderNumber: 'OC000044',
  orderType: 'ONLINE',
  orderState: 'PROCESS',
  paymentMethod: 'WEBPAY',
  tipoEntrega: 'entrega',
  deliveryAddress: 'BODEGA PLACILLA',
  deliveryTransport: '0002',
  invoiceAddress: 'CASA MATRIZ',
  orderProducts: [],
  totals,
  numOc: '',
  erp: 'NONE',
  erpDocNum: null,
  userId: 12,
  dateCreated: '2025-11-14T13:20:00.000Z',
};

export const invoices = [
  { docEntry: 311, paidSum: 119000 },
  { docEntry: 318, paidSum: 59500 },
];

/** The Idempotency-Keys newIdempotencyKey gives in the tests (a provided call). */
export const KEY = '5b1e0c9a-2f3d-4e8b-9a7c-6d5e4f3a2b1c';
export const OTHER_KEY = 'c4d3e2f1-0a9b-4c8d-8e7f-6a5b4c3d2e1f';

export const TOKEN = 'e9d555262db0f989e49d724b4db0b0af367cc415cde41f500a776550fc5fddd3';
export const SESSION_ID = 'OW482913';

export const webpayCreated: WebpayCreateResponse = {
  url: 'https://webpay3gint.transbank.cl/webpayserver/initTransaction',
  token: TOKEN,
  buy_order: 'OC000044',
  session_id: SESSION_ID,
  amount: 462672,
};

/** Approved with VISA 4051 8856 0044 6623 (an integration test card), order confirmed. */
export const approvedCard: CardPaymentResult = {
  token: TOKEN,
  vci: 'TSY',
  amount: 462672,
  status: 'AUTHORIZED',
  buy_order: 'OC000044',
  session_id: SESSION_ID,
  card_number: '6623',
  accounting_date: '1114',
  transaction_date: '2025-11-14T13:32:10.000Z',
  authorization_code: '1213',
  payment_type_code: 'VN',
  response_code: 0,
  installments_number: 0,
  state: 'PAID',
  purpose: 'ORDER',
  orderReference: 'OC000044',
  orderState: 'CONFIRMED',
  userId: 12,
};

/** Rejected by the issuer (MASTERCARD 5186 0595 5959 0568), order canceled. */
export const rejectedCard: CardPaymentResult = {
  ...approvedCard,
  vci: 'TSY',
  status: 'FAILED',
  card_number: '0568',
  authorization_code: '000000',
  payment_type_code: 'VD',
  response_code: -4,
  state: 'REJECTED',
  orderState: 'CANCELED',
};

/** The buyer pressed 'anular' in WebPay's form (TBK_TOKEN): nothing charged, order canceled. */
export const abortedCard: CardPaymentResult = {
  ...approvedCard,
  vci: '',
  // WebPay gave no status for it: the server sends none
  status: '',
  card_number: '',
  accounting_date: '',
  transaction_date: '',
  authorization_code: '',
  payment_type_code: '',
  response_code: null,
  state: 'ABORTED',
  orderState: 'CANCELED',
};

/** The buyer went Back from WebPay's form: nothing committed, the payment still open, its order in PROCESS. */
export const openCard: CardPaymentResult = { ...abortedCard, status: 'INITIALIZED', state: 'CREATED', orderState: 'PROCESS' };

/** The order as GET /orders/:id answers it after each outcome. */
export const orderIn = (orderState: Order['orderState']): Order => ({ ...order, orderState });

export const PAYMENT_ID = 'zfxnocsow6mz';
export const PAYMENT_URL = `https://khipu.com/payment/info/${PAYMENT_ID}`;
export const TRANSACTION_ID = 'PP1731590400000';

export const khipuCreated: KhipuCreateResponse = {
  payment_id: PAYMENT_ID,
  payment_url: PAYMENT_URL,
  amount: 462672,
  currency: 'CLP',
  transaction_id: 'PP1731590400000',
};

export const pendingTransfer: TransferPaymentStatus = {
  payment_id: PAYMENT_ID,
  amount: 462672,
  currency: 'CLP',
  status: 'verifying',
  status_detail: 'pending',
  transaction_id: 'PP1731590400000',
  funds_source: '',
  receipt_url: '',
  state: 'CREATED',
  purpose: 'ORDER',
  orderReference: 'OC000044',
  orderState: 'PROCESS',
  provider: 'KHIPU',
};

export const paidTransfer: TransferPaymentStatus = {
  ...pendingTransfer,
  status: 'done',
  status_detail: 'normal',
  funds_source: 'debit',
  receipt_url: `https://s3.amazonaws.com/staging.notifications.khipu.com/CPKH-1804240956-${PAYMENT_ID}.pdf`,
  state: 'PAID',
  orderState: 'CONFIRMED',
};

/** Khipu says done but the server has not applied it yet. */
export const doneNotApplied: TransferPaymentStatus = { ...paidTransfer, state: 'CREATED', orderState: 'PROCESS' };

export const rejectedTransfer: TransferPaymentStatus = {
  ...pendingTransfer,
  status: 'done',
  status_detail: 'rejected-by-payer',
  state: 'REJECTED',
  orderState: 'CANCELED',
};

export const paidInvoicesTransfer: TransferPaymentStatus = { ...paidTransfer, purpose: 'INVOICES', orderReference: null, orderState: null };

/** The whole app state of buyer 12 with `count` items in the cart badge, and `kept` as the kept slice. */
export function buyerState(count = 2, kept: KeptState = {}): RootState {
  const state = rootReducer(undefined, { type: '@@init' });
  return { ...state, session: sessionOf('USER'), cart: { ...state.cart, count }, kept };
}

export const orderTarget: PaymentTarget = { purpose: 'ORDER', order };
export const invoicesTarget: PaymentTarget = { purpose: 'INVOICES', invoices };

/** What the pending payments' 'Pagar' keeps of the invoices it pays (accountSagas). */
export const keptInvoices: KeptState = { invoicePendings: JSON.stringify(invoices), payPending: 'X' };

/** The kept slice `kept` after these actions (keepCardStart, keepTransferStart, ... as the payment sagas put them). */
export const keptAfter = (actions: UnknownAction[], kept: KeptState = {}): KeptState => actions.reduce(keptReducer, kept);

/** The kept slice once the card payment of the order started (what a page load after WebPay's form finds). */
export const cardStarted = (target: PaymentTarget = orderTarget, created: WebpayCreateResponse = webpayCreated, kept: KeptState = {}) =>
  keptAfter([keepCardStart(target, created)], kept);

/** The kept slice once the transfer of the order started. */
export const transferStarted = (target: PaymentTarget = orderTarget, kept: KeptState = {}) => keptAfter([keepTransferStart(target, PAYMENT_ID, PAYMENT_URL)], kept);

/** The same, with the once-only redirect already taken by /payment (Back from the provider, a later visit). */
export const redirectTaken = (kept: KeptState) => keptAfter([paymentRedirectTaken()], kept);

export { rootReducer };

/** The function behind redux-saga's delay effect, to provide it. */
export const delayFn = delay(0).payload.fn;

/** Ends on the next turn of the event loop (a provided delay that still lets timers and actions in). */
export const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Delays of `ms` (the poll interval) end on the next turn; any other delay (the time limit, request timeouts) runs on
 * the real clock, i.e. not within a test. With `limit`, the time limit `limitMs` ends at once.
 */
export function delays(ms: number, limit?: { limitMs: number }): EffectProviders {
  return {
    call(effect, next) {
      if (effect.fn !== delayFn) return next();
      if (effect.args[0] === ms) return nextTurn();
      if (limit && effect.args[0] === limit.limitMs) return true;
      return next();
    },
  };
}

type FetchArgs = [string, RequestInit?];
export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The public address the tests' pages are on (jsdom's origin): payments may start. */
export const PUBLIC_URL = 'http://localhost';

/** A fetch that answers by 'METHOD path'; the badge's count is 2, PUBLIC_URL is this page's origin; anything else is 404. */
export function mockApi(routes: Record<string, (init?: RequestInit) => Response | Promise<Response>> = {}) {
  const fetchMock = jest.fn<Promise<Response>, FetchArgs>(async (url, init) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    if (routes[key]) return routes[key](init);
    if (key === 'GET /api/user/cart/count-cart/12') return json(200, 2);
    if (key === 'GET /api/public-config') return json(200, { publicUrl: PUBLIC_URL });
    return json(404, { status: 404, message: 'Recurso no encontrado' });
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

export const callsTo = (fetchMock: jest.Mock, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]: FetchArgs) => url === path && (init?.method ?? 'GET') === method);
