import type { PayloadAction } from '@reduxjs/toolkit';
import type { VariantType } from 'notistack';
import { all, call, fork, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { ApiError } from '@shared/api/types';
import type { CartResponse } from '@shared/api/cart';
import type { Transport } from '@shared/api/erp';
import type { CreateOrderRequest, NotificationRecipient, Order, OrderSubmissionResponse } from '@shared/api/orders';
import { fill, MSG } from '@shared/messages';
import { chequeFileError, ORDER_MSG } from '@shared/schemas/orders';
import { APPROVAL_MSG } from '@shared/schemas/companyApprovals';
import { ORDER_REFERENCE_LABELS } from '@shared/schemas/orderReference';
import { formatDate } from '@shared/dates';
import { creditCovers } from '@shared/checkoutRules';
import { toApiError } from '@client/api/http';
import { newIdempotencyKey, outcomeUnknown } from '@client/api/idempotency';
import { confirmRequested, userDecision } from '@client/app/confirmSlice';
import {
  cartEmptied,
  cartRefreshRequested,
  paymentStarted,
  purchaseRetryFailed,
  purchaseRetryRequested,
  type PaymentStart,
  type PurchaseRetry,
} from '@client/app/events';
import { navigateTo } from '@client/app/navigation';
import { notify } from '@client/app/notify';
import { erpDownText, isErpDown } from '@client/app/problems';
import { ensurePublicOrigin } from '@client/app/publicOrigin';
import { forgetOrderChoices, selectKeptState, type KeptState } from '@client/app/persistence';
import { callWithTimeout, safe } from '@client/app/sagaUtils';
import { brandName } from '@client/components/brand';
import {
  confirmOrder,
  createOrder,
  fetchCart,
  fetchTransports,
  findRecipient,
  payCheque,
  sendOrderMail,
  submitReserve,
  submitSalesOrder,
} from './api';
import {
  selectCreditLimit,
  selectIsRep,
  selectLastChoices,
  selectOrderAttempt,
  selectOrderTotal,
  selectSessionUserId,
  selectStartedPayment,
  selectTransports,
  selectUnfinishedOrder,
} from './checkoutSelectors';
import {
  creditShort,
  orderAttemptSettled,
  orderAttemptStarted,
  orderCreated,
  orderFailed,
  orderInProgress,
  orderPlaced,
  orderSubmitted,
  reserveDeclined,
  summaryChoicesChanged,
  summaryOpened,
  totalsLoaded,
  totalsLoadFailed,
  totalsLoadStarted,
  transportsLoaded,
  transportsLoadFailed,
  transportsLoadStarted,
  type CheckoutState,
  type OrderAttempt,
  type OrderSubmission,
  type ProviderMethod,
  type SummaryChoices,
} from './checkoutSlice';
import { takeChequePhoto } from './chequePhotos';
import { checkoutChoicesOf, keepChoices } from './keptChoices';
import { CHECKOUT_TEXT } from './checkoutTexts';

export const noRecipientMessage = () => fill(MSG.noRecipient, { brand: brandName });

// ---------------------------------------------------------------------------------------------------------------
// The summary's data: the server cart's totals and the transports
// ---------------------------------------------------------------------------------------------------------------

/**
 * What the summary says when a load failed: an ERP that does not answer in plain words (the same text for both loads,
 * so the summary shows it once), anything else with the server's message.
 */
export function loadProblem(error: unknown, prefix: string): string {
  return isErpDown(error) ? CHECKOUT_TEXT.erpDownLoad : `${prefix} ${toApiError(error).message}`;
}

export function* handleLoadTotals(userId: number) {
  yield put(totalsLoadStarted());
  try {
    const cart: CartResponse = yield call(callWithTimeout, fetchCart, userId);
    yield put(totalsLoaded(cart));
  } catch (error) {
    yield put(totalsLoadFailed(loadProblem(error, CHECKOUT_TEXT.loadFailed)));
  }
}

export function* handleLoadTransports() {
  yield put(transportsLoadStarted());
  try {
    const list: Transport[] = yield call(callWithTimeout, fetchTransports);
    yield put(transportsLoaded(list));
  } catch (error) {
    yield put(transportsLoadFailed(loadProblem(error, CHECKOUT_TEXT.transportsFailed)));
  }
}

/** A choice of the summary changed: kept for this user in the store's kept slice, so a reload keeps it. */
export function* handleChoicesChanged(action: PayloadAction<SummaryChoices>) {
  const userId: number | null = yield select(selectSessionUserId);
  if (userId === null) return;
  yield put(keepChoices(userId, action.payload));
}

/** The screen opened: the totals every time (the cart may have changed), the transports once. */
export function* handleSummaryOpened() {
  const userId: number | null = yield select(selectSessionUserId);
  const transports: CheckoutState['transports'] = yield select(selectTransports);
  const loads = [];
  if (userId !== null) loads.push(call(handleLoadTotals, userId));
  if (transports.status !== 'loaded') loads.push(call(handleLoadTransports));
  if (loads.length) yield all(loads);
}

// ---------------------------------------------------------------------------------------------------------------
// Steps the flows share (yield* so that each effect is a step of the flow)
// ---------------------------------------------------------------------------------------------------------------

/** A step failed: nothing else runs; the summary shows the message in its one alert (no toast besides it). */
function* failOrder(message: string) {
  yield put(orderFailed(message));
}

/**
 * What the buyer reads when 'Ir a Pagar' (or 'Reservar') failed, always saying whether the order exists:
 *  - the server said where the order stands (`order` in its error): its message says it;
 *  - the order was made here and a later step got no answer (or a 5xx): it exists, with its number, and
 *    'Reintentar' finishes that same order;
 *  - the ERP down at the creation: no order, nothing charged, the cart as it was;
 *  - no answer to the creation: it may or may not exist, and 'Reintentar' (same Idempotency-Key) cannot make two;
 *  - otherwise the server's message (a refusal: a 4xx).
 */
export function orderFailureText(error: unknown, made: Order | null, creating: boolean): string {
  const failure: ApiError = toApiError(error);
  if (failure.order) return failure.message;
  if (made && outcomeUnknown(error)) return fill(CHECKOUT_TEXT.orderExistsUnfinished, { number: made.purchaseOrderNumber, message: failure.message });
  if (creating && isErpDown(error)) return erpDownText(CHECKOUT_TEXT.erpDownCreate, CHECKOUT_TEXT.erpDownCreateKept);
  if (creating && outcomeUnknown(error)) return CHECKOUT_TEXT.creationUnknown;
  return failure.message;
}

/**
 * A reserve, credit-line or cheque flow failed: its message in the summary's alert. An order made here and refused
 * for good afterwards (a 4xx: the ERP rejected it and the server canceled it) is not finished again by a retry.
 */
function* orderFlowFailed(error: unknown, made: Order | null, creating: boolean) {
  if (made && !outcomeUnknown(error)) yield put(orderInProgress(null));
  yield* failOrder(orderFailureText(error, made, creating));
}

/** What the buyer chose on the order summary, as a creation's body or as an order carries it. */
type Choices = Omit<CreateOrderRequest, 'paymentMethod' | 'requestedDeliveryDate' | 'envioPorLlegar'> & {
  paymentMethod?: CreateOrderRequest['paymentMethod'] | null;
  requestedDeliveryDate?: string | null;
  envioPorLlegar?: CreateOrderRequest['envioPorLlegar'] | null;
};

/** The same choices: a retry sends exactly the body of the attempt, or pays the order they made. */
export const sameChoices = (a: Choices, b: Choices) =>
  a.orderType === b.orderType &&
  a.tipoEntrega === b.tipoEntrega &&
  // a store pickup has no dispatch address or transport of the buyer's (its order carries the pickup code instead)
  (a.tipoEntrega !== 'entrega' || (a.deliveryAddress === b.deliveryAddress && a.deliveryTransport === b.deliveryTransport)) &&
  a.invoiceAddress === b.invoiceAddress &&
  (a.paymentMethod ?? null) === (b.paymentMethod ?? null) &&
  (a.buyerReference ?? '') === (b.buyerReference ?? '') &&
  (a.requestedDeliveryDate || null) === (b.requestedDeliveryDate || null) &&
  // how a cart with pre-order lines ships (docs/incoming.md): another choice is another order
  (a.envioPorLlegar || null) === (b.envioPorLlegar || null);

/**
 * The order, created once per attempt: the key of the last creation with these choices whose outcome is unknown (the
 * server answers it with the order it may already have made), else a new one. The server takes the cart's lines with
 * the order, so the badge shows 0 at once.
 */
function* createOrderOnce(request: CreateOrderRequest) {
  const unfinished: CheckoutState['unfinished'] = yield select(selectUnfinishedOrder);
  if (unfinished && unfinished.order.orderState === 'PROCESS' && sameChoices(unfinished.request, request)) return unfinished.order;
  const earlier: OrderAttempt | null = yield select(selectOrderAttempt);
  let key: string;
  if (earlier && sameChoices(earlier.request, request)) key = earlier.key;
  else {
    key = yield call(newIdempotencyKey);
    yield put(orderAttemptStarted({ key, request }));
  }
  let order: Order;
  try {
    order = yield call(callWithTimeout, createOrder, request, key);
  } catch (error) {
    // an unknown outcome (no answer, 5xx) keeps the key for the next press; any other answer ends the attempt
    if (!outcomeUnknown(error)) yield put(orderAttemptSettled());
    throw error;
  }
  yield put(orderCreated(order));
  const finishedHere = request.orderType === 'RESERVE' || request.paymentMethod === 'CREDIT' || request.paymentMethod === 'CHEQUE';
  // an order that waits for the company's approval is not finished here: 'Reintentar' has nothing to send
  if (finishedHere && !waitsForCompany(order)) yield put(orderInProgress({ order, request }));
  yield put(cartEmptied());
  return order;
}

/**
 * A step after the order's creation failed: when the ERP refused the order (4xx) the server canceled it and put its
 * lines back in the cart, so the cart is read again (the badge shows them; a read of an unchanged cart costs nothing).
 */
function* linesMayBeBack() {
  yield put(cartRefreshRequested());
}

/** Received but not in the ERP yet: waiting for the ERP, or held by the ERP for its approval procedure. */
const waitsForErp = (answer: OrderSubmissionResponse | undefined) => Boolean(answer?.pending || answer?.order?.erp === 'AWAITING_APPROVAL');

/** ' Su orden de compra: X. Fecha de entrega solicitada: dd-mm-aaaa.' when the buyer gave them ('' otherwise). */
export function referenceNote(order: Pick<Order, 'buyerReference' | 'requestedDeliveryDate'>): string {
  const parts = [
    order.buyerReference ? `${ORDER_REFERENCE_LABELS.buyerReference}: ${order.buyerReference}.` : '',
    order.requestedDeliveryDate ? `${ORDER_REFERENCE_LABELS.requestedDeliveryDate}: ${formatDate(order.requestedDeliveryDate)}.` : '',
  ].filter(Boolean);
  return parts.length > 0 ? ` ${parts.join(' ')}` : '';
}

/** A Comprador's order over their monthly limit: made, and waiting for the company's approval (not paid nor sent now). */
export const waitsForCompany = (order: Pick<Order, 'orderState'>) => order.orderState === 'AWAITING_COMPANY_APPROVAL';

/**
 * The order waits for the company's approval (its creation already emptied the cart): the flow stops here, nothing is
 * paid or sent; the buyer reads why and goes to Mis pedidos, where the order shows the wait.
 */
function* orderWaitsForCompany(order: Order) {
  const message = fill(APPROVAL_MSG.orderWaits, { number: order.purchaseOrderNumber });
  yield put(orderPlaced({ order, pending: true, message }));
  yield put(forgetOrderChoices());
  yield call(navigateTo, '/user/orders');
  yield call(notify, message, 'warning');
}

/** The order went through (its creation already emptied the cart): the buyer goes home and is told. */
function* finishOrder(order: Order, answers: (OrderSubmissionResponse | undefined)[], success: string) {
  // the server says why it waits (ERP down, approval) and sends it on by itself
  const pending = answers.find(waitsForErp);
  const last = answers[answers.length - 1];
  yield put(orderPlaced({ order: last?.order ?? order, pending: Boolean(pending), message: pending?.message ?? '' }));
  // placed: the summary's kept choices go (the next purchase starts afresh)
  yield put(forgetOrderChoices());
  yield call(navigateTo, '/');
  const [text, variant]: [string, VariantType] = pending
    ? [pending.message || fill(MSG.orderPendingErp, { number: order.purchaseOrderNumber }), 'warning']
    : [success, 'success'];
  yield call(notify, `${text}${referenceNote(last?.order ?? order)}`, variant);
}

// ---------------------------------------------------------------------------------------------------------------
// The flows
// ---------------------------------------------------------------------------------------------------------------

/**
 * R-CHK-5, the reserve flow: confirm, the RESERVE recipient, the order (the cart is empty from then on), the
 * reservation to the ERP, CONFIRMED with the reserve number, the mail, home.
 */
export function* handleReserve(request: CreateOrderRequest) {
  yield put(confirmRequested({ title: MSG.reservePrompt, positive: MSG.reserveConfirm, negative: MSG.reserveDecline }));
  const [confirmed]: [unknown, unknown] = yield userDecision();
  if (!confirmed) {
    yield put(reserveDeclined());
    yield call(notify, MSG.reserveDeclined, 'info');
    return;
  }
  let made: Order | null = null;
  let creating = false;
  try {
    const recipient: NotificationRecipient | null = yield call(callWithTimeout, findRecipient, 'RESERVE');
    if (!recipient) {
      yield* failOrder(noRecipientMessage());
      return;
    }
    creating = true;
    const order: Order = yield* createOrderOnce(request);
    creating = false;
    made = order;
    if (waitsForCompany(order)) {
      yield* orderWaitsForCompany(order);
      return;
    }
    const reserveNumber = order.purchaseOrderNumber;
    const submission: OrderSubmissionResponse = yield call(callWithTimeout, submitReserve, reserveNumber);
    const confirmation: OrderSubmissionResponse = yield call(callWithTimeout, confirmOrder, order.id, reserveNumber);
    yield call(callWithTimeout, sendOrderMail, reserveNumber, 'RESERVE');
    yield* finishOrder(order, [submission, confirmation], MSG.reserveSent);
  } catch (error) {
    yield* orderFlowFailed(error, made, creating);
    yield call(notify, MSG.reserveDeclined, 'info');
    if (made) yield* linesMayBeBack();
  }
}

/** Credit-line sale: only with enough credit; the order (the cart is empty from then on), the sales order to the ERP, CONFIRMED, home. */
export function* handleCreditSale(request: CreateOrderRequest) {
  const limit: number = yield select(selectCreditLimit);
  const total: number | null = yield select(selectOrderTotal);
  if (total === null || !creditCovers(limit, total)) {
    yield put(creditShort());
    // an error dialog: both buttons close it
    yield put(confirmRequested({ title: MSG.creditLimitTitle, text: MSG.creditInsufficient, positive: CHECKOUT_TEXT.dialogAccept }));
    yield userDecision();
    return;
  }
  let made: Order | null = null;
  let creating = false;
  try {
    creating = true;
    const order: Order = yield* createOrderOnce(request);
    creating = false;
    made = order;
    if (waitsForCompany(order)) {
      yield* orderWaitsForCompany(order);
      return;
    }
    const submission: OrderSubmissionResponse = yield call(callWithTimeout, submitSalesOrder, order.purchaseOrderNumber);
    const confirmation: OrderSubmissionResponse = yield call(callWithTimeout, confirmOrder, order.id, order.purchaseOrderNumber);
    yield* finishOrder(order, [submission, confirmation], MSG.thanksForBuying);
  } catch (error) {
    yield* orderFlowFailed(error, made, creating);
    if (made) yield* linesMayBeBack();
  }
}

/** Cheque sale: the CHEQUE recipient, the order (the cart is empty from then on), the photo to the recipient, the sales order, CONFIRMED, home. */
export function* handleChequeSale(request: CreateOrderRequest, chequePhotoKey: string | null) {
  const photo: File | null = yield call(takeChequePhoto, chequePhotoKey);
  const photoError = chequeFileError(photo);
  if (photoError || !photo) {
    yield* failOrder(photoError ?? MSG.chequePhotoMissing);
    return;
  }
  let made: Order | null = null;
  let creating = false;
  try {
    const recipient: NotificationRecipient | null = yield call(callWithTimeout, findRecipient, 'CHEQUE');
    if (!recipient) {
      yield* failOrder(noRecipientMessage());
      return;
    }
    creating = true;
    const order: Order = yield* createOrderOnce(request);
    creating = false;
    made = order;
    if (waitsForCompany(order)) {
      yield* orderWaitsForCompany(order);
      return;
    }
    yield call(callWithTimeout, payCheque, order.purchaseOrderNumber, photo);
    const submission: OrderSubmissionResponse = yield call(callWithTimeout, submitSalesOrder, order.purchaseOrderNumber);
    const confirmation: OrderSubmissionResponse = yield call(callWithTimeout, confirmOrder, order.id, order.purchaseOrderNumber);
    yield* finishOrder(order, [submission, confirmation], MSG.thanksForBuying);
  } catch (error) {
    yield* orderFlowFailed(error, made, creating);
    if (made) yield* linesMayBeBack();
  }
}

/**
 * Card (WebPay Plus) or transfer (Khipu): the order is created here and the payments work takes paymentStarted. When
 * the payment of the order created on this visit did not reach its provider, the same choices pay that order again
 * (its creation took the cart; another one would find it empty).
 */
export function* handleProviderPayment(request: CreateOrderRequest, method: ProviderMethod) {
  let creating = false;
  try {
    // the provider sends the buyer back to the public address: from another origin no order is made (a notice says why)
    const allowed: boolean = yield call(ensurePublicOrigin);
    if (!allowed) return;
    const userId: number | null = yield select(selectSessionUserId);
    if (userId !== null) yield put(keepChoices(userId, request));
    const started: PaymentStart | null = yield select(selectStartedPayment);
    creating = !(started && sameChoices(started.order, request));
    const order: Order = creating ? yield* createOrderOnce(request) : started!.order;
    creating = false;
    if (waitsForCompany(order)) {
      yield* orderWaitsForCompany(order);
      return;
    }
    // a failure to start the payment is the summary's to show (paymentStartFailed), in its one alert
    yield put(paymentStarted({ order, method, shownBySummary: true }));
  } catch (error) {
    yield* failOrder(orderFailureText(error, null, creating));
  }
}

/**
 * A sales rep's card or transfer order: the rep never pays it (the server refuses it); the order is made and the rep
 * goes to send the customer a payment link (docs/sales-reps.md#payment-link). No provider is reached from here, so the
 * page's origin does not matter (the link carries the server's public address).
 */
export function* handlePaymentLinkOrder(request: CreateOrderRequest, _method: ProviderMethod) {
  let creating = true;
  try {
    const order: Order = yield* createOrderOnce(request);
    creating = false;
    if (waitsForCompany(order)) {
      yield* orderWaitsForCompany(order);
      return;
    }
    yield put(orderPlaced({ order, pending: false, message: '' }));
    yield put(forgetOrderChoices());
    yield call(navigateTo, `/user/orders/${order.id}/payment-link`);
  } catch (error) {
    yield* failOrder(orderFailureText(error, null, creating));
  }
}

function* failRetry(message: string) {
  yield put(purchaseRetryFailed(message));
  yield call(notify, message, 'error');
}

/**
 * 'Intentar nuevamente' after the card or transfer payment of an order ended unpaid: the server canceled that order
 * and put its lines back in the cart. The cart is read again, a new order is made from it with the buyer's same
 * choices (a new attempt: a new Idempotency-Key, kept while its outcome is unknown like any order's), and paid with
 * the same provider (paymentStarted).
 */
export function* handlePurchaseRetry(action: PayloadAction<PurchaseRetry>) {
  const { method } = action.payload;
  try {
    const userId: number | null = yield select(selectSessionUserId);
    if (userId === null) {
      yield* failRetry(MSG.notAuthenticated);
      return;
    }
    const kept: CreateOrderRequest | null = yield select(selectLastChoices);
    // the choices of this page first, else those kept across the provider's return (a new page)
    const choices: CreateOrderRequest | null = kept ?? checkoutChoicesOf((yield select(selectKeptState)) as KeptState, userId);
    if (!choices) {
      yield* failRetry(CHECKOUT_TEXT.retryNoChoices);
      return;
    }
    const allowed: boolean = yield call(ensurePublicOrigin);
    if (!allowed) return;
    const request: CreateOrderRequest = { ...choices, orderType: 'ONLINE', paymentMethod: method };
    // the new order of an earlier press whose payment did not reach its provider: paid again, not made twice
    const started: PaymentStart | null = yield select(selectStartedPayment);
    if (started && started.method === method && started.order.purchaseOrderNumber !== action.payload.orderReference && sameChoices(started.order, request)) {
      yield put(paymentStarted(started));
      return;
    }
    const cart: CartResponse = yield call(callWithTimeout, fetchCart, userId);
    yield put(totalsLoaded(cart));
    if (!cart.items?.length && !cart.totals?.lines) {
      yield* failRetry(MSG.cartIsEmpty);
      return;
    }
    const order: Order = yield* createOrderOnce(request);
    if (waitsForCompany(order)) {
      yield* orderWaitsForCompany(order);
      return;
    }
    yield put(paymentStarted({ order, method }));
  } catch (error) {
    yield* failRetry(toApiError(error).message);
  }
}

/** 'Ir a Pagar' / 'Reservar': the flow of the order type and payment method. */
export function* handleOrderSubmitted(action: PayloadAction<OrderSubmission>) {
  const { request, chequePhotoKey } = action.payload;
  const userId: number | null = yield select(selectSessionUserId);
  if (userId === null) {
    yield* failOrder(MSG.notAuthenticated);
    return;
  }
  if (request.orderType === 'RESERVE') {
    yield call(handleReserve, request);
    return;
  }
  switch (request.paymentMethod) {
    case 'CREDIT':
      yield call(handleCreditSale, request);
      return;
    case 'CHEQUE':
      yield call(handleChequeSale, request, chequePhotoKey);
      return;
    case 'WEBPAY':
    case 'KHIPU': {
      const rep: boolean = yield select(selectIsRep);
      yield call(rep ? handlePaymentLinkOrder : handleProviderPayment, request, request.paymentMethod);
      return;
    }
    default:
      yield* failOrder(ORDER_MSG.paymentMethod);
  }
}

export function* watchSummaryOpened() {
  yield takeLatest(summaryOpened.type, safe(handleSummaryOpened));
}

export function* watchChoicesChanged() {
  yield takeLatest(summaryChoicesChanged.type, safe(handleChoicesChanged));
}

/** One order flow at a time: a second submit while one runs is ignored. */
export function* watchOrderSubmitted() {
  yield takeLeading(orderSubmitted.type, safe(handleOrderSubmitted));
}

/** One new attempt at a time: a second 'Intentar nuevamente' while one runs is ignored. */
export function* watchPurchaseRetry() {
  yield takeLeading(purchaseRetryRequested.type, safe(handlePurchaseRetry));
}

export function* checkoutSaga() {
  yield all([fork(watchSummaryOpened), fork(watchOrderSubmitted), fork(watchPurchaseRetry), fork(watchChoicesChanged)]);
}
