import type { PayloadAction } from '@reduxjs/toolkit';
import { all, call, delay, fork, put, race, select, take, takeLatest, takeLeading } from 'redux-saga/effects';
import type { AccountPaySelection } from '@shared/api/account';
import type { Order } from '@shared/api/orders';
import type {
  CardPaymentResult,
  KhipuCreateRequest,
  KhipuCreateResponse,
  TransferPaymentStatus,
  WebpayCreateRequest,
  WebpayCreateResponse,
} from '@shared/api/payments';
import { fill } from '@shared/messages';
import { cardSessionId, PROVIDER_NAMES, type PaymentProvider, type PaymentPurpose, type PaymentState } from '@shared/payments';
import { toApiError } from '@client/api/http';
import { newIdempotencyKey, outcomeUnknown } from '@client/api/idempotency';
import { confirmRequested, userDecision } from '@client/app/confirmSlice';
import {
  accountPaymentNotStarted,
  accountPaymentRequested,
  cartRefreshRequested,
  invoicePaymentRequested,
  paymentStarted,
  paymentStartFailed,
  type AccountPaymentStart,
  type InvoicePaymentStart,
  type PaymentStart,
} from '@client/app/events';
import { navigateTo, ROUTES, type AccountReselection, type PendingPaymentsReselection } from '@client/app/navigation';
import { notify } from '@client/app/notify';
import { failureOf } from '@client/app/problems';
import { ensurePublicOrigin } from '@client/app/publicOrigin';
import { callWithTimeout, safe } from '@client/app/sagaUtils';
import { forgetOrderChoices } from '@client/app/persistence';
import {
  confirmCardPayment,
  confirmTransferPayment,
  createCardPayment,
  createTransferPayment,
  fetchCardPaymentState,
  fetchOrder,
  fetchTransferPayment,
  webpayAbortUrl,
} from './api';
import { leaveTo, replaceWith } from '@client/app/browser';
import { forgetPayment, keepCardStart, keepTransferStart, paymentRedirectTaken, type StoredCardTransaction, type StoredPayment } from './keptPayment';
import {
  paymentOutcome,
  selectCardTransaction,
  selectHasSession,
  selectPaymentAttempt,
  selectPaymentRedirect,
  selectProviderRedirect,
  selectSettledPayment,
  selectStoredPayment,
  selectTransferPaymentId,
  transferSettledState,
} from './paymentsSelectors';
import {
  backToCartRequested,
  cardAbortedWithoutResult,
  cardResultFailed,
  cardResultLoaded,
  cardReturnOpened,
  cardTransactionCreated,
  invoiceRetryRequested,
  nothingToRedirect,
  paymentAbortRequested,
  paymentAttemptSettled,
  paymentAttemptStarted,
  paymentPageOpened,
  paymentResumeRequested,
  paymentStateFailed,
  paymentStateLoaded,
  paymentStateLoadStarted,
  paymentStateRequested,
  providerRedirectReady,
  providerRedirectSent,
  startFailed,
  storedPaymentSettled,
  transferFailed,
  transferPaymentCreated,
  transferPolled,
  transferPollFailed,
  transferReturnLeft,
  transferReturnOpened,
  transferSettled,
  transferTimedOut,
  type CardReturnQuery,
  type PaymentAttempt,
  type PaymentsState,
  type PaymentStanding,
  type PaymentTarget,
  type ProviderRedirect,
  type TransferReturn,
} from './paymentsSlice';
import { PAYMENTS_TEXT } from './paymentsTexts';

/** The transfer return's polling (R-PAY-KHI-2: every 10 seconds). */
export interface TransferPolling {
  intervalMs: number;
  /** After this long without a final answer the page says the payment is still being validated. */
  limitMs: number;
  /** Consecutive failed polls (network, 5xx) after which the polling gives up. */
  maxFailures: number;
}
export const TRANSFER_POLLING: TransferPolling = { intervalMs: 10_000, limitMs: 10 * 60_000, maxFailures: 6 };

// ---------------------------------------------------------------------------------------------------------------
// Taking a payment to its provider
// ---------------------------------------------------------------------------------------------------------------

const docEntries = (target: Extract<PaymentTarget, { purpose: 'INVOICES' }>) => target.invoices.map((invoice) => invoice.docEntry);

/** A netted payment's documents in one order whatever the order they were chosen in: kind, then docEntry. */
const documentsInOrder = (documents: readonly AccountPaySelection[]) =>
  [...documents].sort((a, b) => (a.kind === b.kind ? a.docEntry - b.docEntry : a.kind < b.kind ? -1 : 1));

/**
 * What a create pays, as one string: the order number, the invoices in order, or the documents in order with a partial
 * amount ('DOCUMENTS:creditNote:7,invoice:12=50000,invoice:15'): the same choice names the same attempt.
 */
export const targetOf = (target: PaymentTarget) => {
  if (target.purpose === 'ORDER') return `ORDER:${target.order.purchaseOrderNumber}`;
  if (target.purpose === 'DOCUMENTS')
    return `DOCUMENTS:${documentsInOrder(target.documents)
      .map((doc) => `${doc.kind}:${doc.docEntry}${doc.amount !== undefined ? `=${doc.amount}` : ''}`)
      .join(',')}`;
  return `INVOICES:${[...docEntries(target)].sort((a, b) => a - b).join(',')}`;
};

/** A create's body without the provider's own fields: the order, the invoices or the documents. */
function paidBy(target: PaymentTarget): { buy_order: string } | { invoices: number[] } | { documents: AccountPaySelection[] } {
  if (target.purpose === 'ORDER') return { buy_order: target.order.purchaseOrderNumber };
  if (target.purpose === 'DOCUMENTS') return { documents: documentsInOrder(target.documents) };
  return { invoices: docEntries(target) };
}

/**
 * The key and body of this create: those of the last create of the same target and provider whose outcome is unknown
 * (the server answers them with what it may already have made), else new ones, made once.
 */
function* paymentAttemptFor(provider: PaymentProvider, target: PaymentTarget) {
  const id = targetOf(target);
  const earlier: PaymentAttempt | null = yield select(selectPaymentAttempt);
  if (earlier && earlier.provider === provider && earlier.target === id) return earlier;
  let attempt: PaymentAttempt;
  if (provider === 'WEBPAY') {
    const session_id: string = yield call(cardSessionId);
    const body: WebpayCreateRequest = { ...paidBy(target), session_id };
    const key: string = yield call(newIdempotencyKey);
    attempt = { provider, target: id, key, body };
  } else {
    const paid = paidBy(target);
    const body: KhipuCreateRequest = 'buy_order' in paid ? { orderReference: paid.buy_order } : paid;
    const key: string = yield call(newIdempotencyKey);
    attempt = { provider, target: id, key, body };
  }
  yield put(paymentAttemptStarted(attempt));
  return attempt;
}

/** The create with its key; a definitive answer ends the attempt, an unknown outcome (no answer, 5xx) keeps it for the next try. */
function* createWithKey<T>(create: (body: never, key: string) => Promise<T>, attempt: PaymentAttempt) {
  try {
    const created: T = yield call(callWithTimeout, create, attempt.body, attempt.key);
    return created;
  } catch (error) {
    if (!outcomeUnknown(error)) yield put(paymentAttemptSettled());
    throw error;
  }
}

/**
 * R-PAY-KHI-3 wants these failures logged; the buyer is told too, so the button is not silently dead. The payment
 * of an order says where the order stands: the server's words when it gave them (its error carries `order`), else
 * that the order exists, unpaid, and 'Ir a Pagar' pays it (it was made before its payment). The order summary shows
 * that in its one alert (`shownBySummary`: no toast besides it).
 */
function* failStart(method: PaymentProvider, error: unknown, target?: PaymentTarget, shownBySummary = false) {
  const { message, order: standing } = toApiError(error);
  const provider = PROVIDER_NAMES[method];
  yield call([console, console.error], `[payments] ${method} start failed`, error);
  let text = fill(PAYMENTS_TEXT.startFailed, { provider, message });
  if (target?.purpose === 'ORDER') {
    const number = target.order.purchaseOrderNumber;
    if (standing) text = message;
    else if (shownBySummary) text = fill(PAYMENTS_TEXT.orderUnpaid, { number, provider, message });
    yield put(paymentStartFailed({ message: text, order: target.order, standing: standing ?? null }));
  }
  // the cuenta corriente shows the server's words beside 'Pagar' (a ceded invoice, a payment in process)
  if (target?.purpose === 'DOCUMENTS') yield put(accountPaymentNotStarted(message));
  yield put(startFailed(message));
  if (!shownBySummary) yield call(notify, text, 'error');
}

/**
 * Card: WebPay's transaction and where to post it, kept in the store (keptPayment: datatbk, the redirect); then
 * /payment, in place of the page that started it, posts the form once.
 */
export function* handleCardStart(target: PaymentTarget, shownBySummary = false) {
  try {
    const attempt: PaymentAttempt = yield* paymentAttemptFor('WEBPAY', target);
    const created: WebpayCreateResponse = yield* createWithKey(createCardPayment, attempt);
    yield put(keepCardStart(target, created));
    yield put(cardTransactionCreated({ url: created.url, token: created.token }));
    yield call(navigateTo, ROUTES.payment, { replace: true });
  } catch (error) {
    yield* failStart('WEBPAY', error, target, shownBySummary);
  }
}

/** Transfer: Khipu's payment, its id kept in the store (keptPayment: paymentId), then /payment sends the browser to its page once. */
export function* handleTransferStart(target: PaymentTarget, shownBySummary = false) {
  try {
    const attempt: PaymentAttempt = yield* paymentAttemptFor('KHIPU', target);
    const created: KhipuCreateResponse = yield* createWithKey(createTransferPayment, attempt);
    yield put(keepTransferStart(target, created.payment_id, created.payment_url));
    yield put(transferPaymentCreated({ paymentId: created.payment_id, url: created.payment_url }));
    yield call(navigateTo, ROUTES.payment, { replace: true });
  } catch (error) {
    yield* failStart('KHIPU', error, target, shownBySummary);
  }
}

/**
 * The order summary created an order to pay (paymentStarted), or pending payments chose invoices
 * (invoicePaymentRequested): only from the public origin, which the provider sends the buyer back to.
 */
export function* handlePaymentRequest(action: PayloadAction<PaymentStart | InvoicePaymentStart | AccountPaymentStart>) {
  const allowed: boolean = yield call(ensurePublicOrigin);
  if (!allowed) return;
  const target: PaymentTarget =
    'order' in action.payload
      ? { purpose: 'ORDER', order: action.payload.order }
      : 'documents' in action.payload
        ? { purpose: 'DOCUMENTS', documents: action.payload.documents }
        : { purpose: 'INVOICES', invoices: action.payload.invoices };
  const shownBySummary = 'order' in action.payload && Boolean(action.payload.shownBySummary);
  yield call(action.payload.method === 'WEBPAY' ? handleCardStart : handleTransferStart, target, shownBySummary);
}

// ---------------------------------------------------------------------------------------------------------------
// /payment: sends the browser to the provider once; otherwise states the payment (the server's word)
// ---------------------------------------------------------------------------------------------------------------

/**
 * /payment opened: it takes the kept redirect (forgetting it), so only this visit sends the browser. Khipu's page is
 * a GET and is left to from here; WebPay's form is posted by the page. With nothing to send (Back from the provider,
 * a reload, a later visit) the page states the payment this tab started, as the server has it.
 */
export function* handlePaymentPageOpened() {
  const current: PaymentsState['redirect'] = yield select(selectProviderRedirect);
  // a redirect taken and not yet sent (React runs a mount effect twice in development) is not dropped
  if (current.status === 'ready') return;
  const redirect: ProviderRedirect | null = yield select(selectPaymentRedirect);
  if (redirect) {
    yield put(paymentRedirectTaken());
    yield put(providerRedirectReady(redirect));
    if (redirect.provider === 'KHIPU') {
      yield call(leaveTo, redirect.url);
      yield put(providerRedirectSent());
    }
    return;
  }
  yield put(nothingToRedirect());
  yield call(handleLoadPaymentState);
}

/** The payment's view on either provider: what the state page needs of it. */
type PaymentView = Pick<CardPaymentResult, 'state' | 'purpose' | 'orderReference' | 'orderState' | 'amount'>;

function standingOf(stored: StoredPayment, payment: PaymentView, order: Order | null): PaymentStanding {
  const orderState = order?.orderState ?? payment.orderState ?? null;
  return {
    provider: stored.provider,
    purpose: payment.purpose,
    reference: stored.reference,
    outcome: paymentOutcome(payment.state, orderState),
    paymentState: payment.state,
    orderReference: order?.purchaseOrderNumber ?? payment.orderReference ?? stored.order?.purchaseOrderNumber ?? null,
    orderState,
    amount: payment.amount,
  };
}

/**
 * The state page: the payment this tab started read from the server (its state route settles an open one first),
 * then its order (GET /orders/:id), and the next step follows from them (paymentOutcome). A final outcome is applied
 * here once like on the result pages (the kept payment goes, the cart is read again).
 */
export function* handleLoadPaymentState() {
  const hasSession: boolean = yield select(selectHasSession);
  if (!hasSession) return;
  const stored: StoredPayment | null = yield select(selectStoredPayment);
  if (!stored) {
    yield put(paymentStateLoaded(null));
    return;
  }
  yield put(paymentStateLoadStarted());
  try {
    let payment: PaymentView;
    if (stored.provider === 'WEBPAY') payment = yield call(callWithTimeout, fetchCardPaymentState, stored.reference);
    else payment = yield call(callWithTimeout, fetchTransferPayment, stored.reference);
    let order: Order | null = null;
    if (payment.purpose === 'ORDER' && stored.order) order = yield call(callWithTimeout, fetchOrder, stored.order.id);
    yield put(paymentStateLoaded(standingOf(stored, payment, order)));
    yield call(handlePaymentSettled, stored.reference, payment.state, payment.purpose);
  } catch (error) {
    yield put(paymentStateFailed(failureOf(error)));
  }
}

/** What the stored payment pays, to start it again. */
function storedTarget(stored: StoredPayment): PaymentTarget | null {
  if (stored.order) return { purpose: 'ORDER', order: stored.order };
  if (stored.documents?.length) return { purpose: 'DOCUMENTS', documents: stored.documents };
  return stored.invoices?.length ? { purpose: 'INVOICES', invoices: stored.invoices } : null;
}

/**
 * 'Volver a pagar': the same payment again. The create answers the payment still open for that order (the same
 * WebPay token while the provider takes it, the same Khipu charge), or refuses with the server's reason.
 */
export function* handlePaymentResume() {
  const stored: StoredPayment | null = yield select(selectStoredPayment);
  const target = stored && storedTarget(stored);
  if (!stored || !target) {
    yield put(startFailed(PAYMENTS_TEXT.nothingToResume));
    return;
  }
  const allowed: boolean = yield call(ensurePublicOrigin);
  if (!allowed) return;
  yield call(stored.provider === 'WEBPAY' ? handleCardStart : handleTransferStart, target);
}

/**
 * 'Anular' (WebPay): after the buyer confirms, the browser brings WebPay's own abort return for this payment; the
 * server decides it like every return (a payment the payer did approve stays PAID) and shows the result page.
 */
export function* handlePaymentAbort() {
  const stored: StoredPayment | null = yield select(selectStoredPayment);
  if (!stored || stored.provider !== 'WEBPAY' || !stored.buyOrder || !stored.sessionId) {
    yield put(startFailed(PAYMENTS_TEXT.cannotAbort));
    return;
  }
  const number = stored.order?.purchaseOrderNumber;
  yield put(
    confirmRequested({
      title: PAYMENTS_TEXT.abortTitle,
      text: number ? fill(PAYMENTS_TEXT.abortOrderText, { number }) : PAYMENTS_TEXT.abortInvoicesText,
      positive: PAYMENTS_TEXT.abortConfirm,
      negative: PAYMENTS_TEXT.abortDecline,
    }),
  );
  const [confirmed]: [unknown, unknown] = yield userDecision();
  if (!confirmed) return;
  yield call(replaceWith, webpayAbortUrl(stored.reference, stored.buyOrder, stored.sessionId));
}

/**
 * 'Intentar nuevamente' of invoices: the pending payments again, the same invoices ticked and the same provider; of a
 * netted payment, the cuenta corriente with the same documents chosen.
 */
export function* handleInvoiceRetry() {
  const settled: StoredPayment | null = yield select(selectSettledPayment);
  const paid: StoredPayment | null = settled ?? (yield select(selectStoredPayment));
  if (paid?.documents?.length) {
    const again: AccountReselection = { reselectDocuments: paid.documents, method: paid.provider };
    yield call(navigateTo, ROUTES.account, { replace: true, state: again });
    return;
  }
  const state: PendingPaymentsReselection = { reselect: (paid?.invoices ?? []).map((invoice) => invoice.docEntry), method: paid?.provider };
  yield call(navigateTo, ROUTES.pendingPayments, { replace: true, state });
}

/** 'Volver al carro': the cart detail with the lines the server put back (the badge read again too). */
export function* handleBackToCart() {
  yield put(cartRefreshRequested());
  yield call(navigateTo, ROUTES.cartDetail, { replace: true });
}

// ---------------------------------------------------------------------------------------------------------------
// The outcome, once per payment
// ---------------------------------------------------------------------------------------------------------------

/**
 * A payment has its final outcome. When it is the one this tab started (kept in the store), it is forgotten and, for
 * an order, the cart is read again: the order's creation already took its lines, so paid it shows what was added
 * since (nothing, as a rule: the badge at 0); rejected, aborted or expired the server put the order's lines back. A
 * reload of the result page does not do it again.
 */
export function* handlePaymentSettled(reference: string, state: PaymentState, purpose: PaymentPurpose) {
  if (state === 'CREATED') return;
  const ours: StoredPayment | null = yield select(selectStoredPayment);
  if (!ours || ours.reference !== reference) return;
  yield put(forgetPayment());
  yield put(storedPaymentSettled(ours));
  // an order paid is placed: the order summary's kept choices go (unpaid, they stay for 'Intentar nuevamente')
  if (purpose === 'ORDER' && state === 'PAID') yield put(forgetOrderChoices());
  if (purpose === 'ORDER') yield put(cartRefreshRequested());
}

// ---------------------------------------------------------------------------------------------------------------
// The card result (/payment-verification)
// ---------------------------------------------------------------------------------------------------------------

/**
 * WebPay's return: token_ws alone is a finished payment (commit, idempotent); TBK_TOKEN is an aborted one (read its
 * state, never commit); only TBK_ORDEN_COMPRA is a timeout in WebPay's form (the stored transaction of that order,
 * if this tab started it).
 */
export function* handleCardReturnOpened(action: PayloadAction<CardReturnQuery>) {
  const { tokenWs, tbkToken, tbkOrder } = action.payload;
  try {
    let result: CardPaymentResult;
    if (tbkToken) result = yield call(callWithTimeout, fetchCardPaymentState, tbkToken);
    else if (tokenWs) result = yield call(callWithTimeout, confirmCardPayment, tokenWs);
    else {
      const stored: StoredCardTransaction | null = yield select(selectCardTransaction);
      if (stored && (!tbkOrder || stored.buy_order === tbkOrder)) {
        result = yield call(callWithTimeout, fetchCardPaymentState, stored.token);
      } else if (tbkOrder) {
        yield put(cardAbortedWithoutResult(tbkOrder));
        return;
      } else {
        yield put(cardResultFailed(PAYMENTS_TEXT.noCardPayment));
        return;
      }
    }
    yield put(cardResultLoaded(result));
    yield call(handlePaymentSettled, result.token, result.state, result.purpose);
  } catch (error) {
    yield put(cardResultFailed(toApiError(error).message));
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The transfer return (/return)
// ---------------------------------------------------------------------------------------------------------------

/** A failure worth another poll: no answer, timeout, or the server or Khipu momentarily failing. */
const transient = (status: number) => status === 0 || status === 408 || status === 429 || status >= 500;

export type PollResult = { payment: TransferPaymentStatus; failed?: never } | { failed: string; payment?: never };

/**
 * R-PAY-KHI-2: the payment every `intervalMs` until Khipu says done (or the server already has the final state);
 * `once`: the first answer, whatever it says. A failed poll is retried up to `maxFailures` times in a row; a definitive
 * error (401, 403, 404…) ends it.
 */
export function* pollTransferPayment(paymentId: string, polling: TransferPolling, once = false) {
  let failures = 0;
  while (true) {
    try {
      const payment: TransferPaymentStatus = yield call(callWithTimeout, fetchTransferPayment, paymentId);
      failures = 0;
      yield put(transferPolled(payment));
      if (once || transferSettledState(payment)) return { payment } satisfies PollResult;
    } catch (error) {
      const { status, message } = toApiError(error);
      failures += 1;
      if (!transient(status) || failures >= polling.maxFailures) return { failed: message } satisfies PollResult;
      yield put(transferPollFailed(message));
    }
    yield delay(polling.intervalMs);
  }
}

/**
 * Khipu says done but the server has not applied the outcome yet (its notification has not arrived): the server is
 * asked to verify it now. If that fails the polled answer stays (the page then says it is still being validated).
 */
export function* confirmIfNeeded(payment: TransferPaymentStatus) {
  if (payment.state !== 'CREATED' || payment.status !== 'done') return payment;
  try {
    const confirmed: TransferPaymentStatus = yield call(callWithTimeout, confirmTransferPayment, payment.payment_id);
    return confirmed;
  } catch (error) {
    yield call([console, console.error], '[payments] transfer confirm failed', error);
    return payment;
  }
}

/**
 * /return opened: the polling runs until it ends, the buyer leaves the page (transferReturnLeft cancels it), or the
 * time limit passes.
 */
export function* handleTransferReturnOpened(action: PayloadAction<TransferReturn>, polling: TransferPolling = TRANSFER_POLLING) {
  const stored: string | null = action.payload.paymentId ? null : yield select(selectTransferPaymentId);
  const paymentId = action.payload.paymentId || stored;
  if (!paymentId) {
    yield put(transferFailed(PAYMENTS_TEXT.noTransferPayment));
    return;
  }
  const { finished, timeout }: { finished?: PollResult; left?: unknown; timeout?: true } = yield race({
    // back by cancel_url: Khipu keeps the charge payable until it expires, so it is read once, not waited for
    finished: call(pollTransferPayment, paymentId, polling, Boolean(action.payload.cancelled)),
    left: take(transferReturnLeft.type),
    timeout: delay(polling.limitMs),
  });
  if (timeout) {
    yield put(transferTimedOut());
    return;
  }
  if (!finished) return; // left: the polling was cancelled
  if (finished.failed !== undefined) {
    yield put(transferFailed(finished.failed));
    return;
  }
  const payment: TransferPaymentStatus = yield call(confirmIfNeeded, finished.payment);
  yield put(transferSettled(payment));
  yield call(handlePaymentSettled, payment.payment_id, payment.state, payment.purpose);
}

// ---------------------------------------------------------------------------------------------------------------
// Watchers
// ---------------------------------------------------------------------------------------------------------------

/** One payment start at a time: a second one while the first goes to its provider is ignored. */
export function* watchPaymentRequests() {
  yield takeLeading([paymentStarted.type, invoicePaymentRequested.type, accountPaymentRequested.type], safe(handlePaymentRequest));
}

export function* watchCardReturnOpened() {
  yield takeLatest(cardReturnOpened.type, safe(handleCardReturnOpened));
}

/** A new /return (or 'Reintentar') replaces the polling that runs. */
export function* watchTransferReturnOpened() {
  yield takeLatest(transferReturnOpened.type, safe(handleTransferReturnOpened));
}

/**
 * Each visit of /payment (and its return from the back-forward cache) takes what it has to send, once. takeLeading:
 * a visit is never cancelled between forgetting the kept redirect and handing it to the page.
 */
export function* watchPaymentPageOpened() {
  yield takeLeading(paymentPageOpened.type, safe(handlePaymentPageOpened));
}

export function* watchPaymentStateRequested() {
  yield takeLatest(paymentStateRequested.type, safe(handleLoadPaymentState));
}

/** The state page's buttons: one flow each at a time (a double click does not start two). */
export function* watchNextSteps() {
  yield all([
    takeLeading(paymentResumeRequested.type, safe(handlePaymentResume)),
    takeLeading(paymentAbortRequested.type, safe(handlePaymentAbort)),
    takeLeading(invoiceRetryRequested.type, safe(handleInvoiceRetry)),
    takeLeading(backToCartRequested.type, safe(handleBackToCart)),
  ]);
}

export function* paymentsSaga() {
  yield all([
    fork(watchPaymentRequests),
    fork(watchPaymentPageOpened),
    fork(watchPaymentStateRequested),
    fork(watchNextSteps),
    fork(watchCardReturnOpened),
    fork(watchTransferReturnOpened),
  ]);
}
