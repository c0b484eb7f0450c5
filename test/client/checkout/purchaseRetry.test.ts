import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, throwError } from 'redux-saga-test-plan/providers';
import { all, fork } from 'redux-saga/effects';
import { HttpError } from '@client/api/http';
import { newIdempotencyKey } from '@client/api/idempotency';
import { cartEmptied, paymentStarted, purchaseRetryFailed, purchaseRetryRequested } from '@client/app/events';
import { navigateTo } from '@client/app/navigation';
import { notify } from '@client/app/notify';
import { ensurePublicOrigin } from '@client/app/publicOrigin';
import { callWithTimeout } from '@client/app/sagaUtils';
import { rootReducer } from '@client/app/store';
// the whole store: every feature's slice (and saga) joins the root reducer, as the scenario runner does
import '@client/app/allFeatures';
import { createOrder, fetchCart } from '@client/features/checkout/api';
import { checkoutSaga, handlePurchaseRetry } from '@client/features/checkout/checkoutSagas';
import { selectLastChoices, selectSessionUserId, selectStartedPayment } from '@client/features/checkout/checkoutSelectors';
import { initialCheckoutState, orderAttemptSettled, orderCreated, totalsLoaded } from '@client/features/checkout/checkoutSlice';
import { selectKeptState } from '@client/app/persistence';
import { keptWith } from '../keptFixtures';
import { createCardPayment, createTransferPayment } from '@client/features/payments/api';
import { paymentsSaga } from '@client/features/payments/paymentsSagas';
import type { CartItem, CartResponse } from '@shared/api/cart';
import type { WebpayCreateResponse } from '@shared/api/payments';
import { MSG } from '@shared/messages';
import { cardSessionId } from '@shared/payments';
import { sessionOf } from '../renderWithProviders';
import { createsWithNewKey, khipuRequest, KEY, orderOf, OTHER_KEY, PUBLIC_URL, totals, webpayRequest } from './fixtures';

// 'Intentar nuevamente' after the card or transfer payment of order OC000044 ended unpaid: the server canceled it and
// put its lines back; a new order (OC000045) is made from the cart with the same choices and a new key, and paid with
// the same provider.

const failed = { method: 'WEBPAY' as const, orderReference: 'OC000044' };
const line = { id: 901, sku: 'POL-1001-S', style: 'POL-1001', name: 'Polera piqué', size: 'S', quantity: 1 } as CartItem;
const restored: CartResponse = { items: [line], totals };
const empty: CartResponse = { items: [], totals: { ...totals, lines: 0, units: 0 } };
const newOrder = orderOf(webpayRequest, 45);
const newTransaction: WebpayCreateResponse = {
  url: 'https://webpay3gint.transbank.cl/webpayserver/initTransaction',
  token: 'f0'.repeat(32),
  buy_order: 'OC000045',
  session_id: 'OW000045',
  amount: newOrder.totals.total,
};

/** The steps up to the cart read again: signed in, the kept choices, the public origin, no new order waiting to be paid. */
const upToCart = (choices = webpayRequest) =>
  testSaga(handlePurchaseRetry, purchaseRetryRequested(failed))
    .next()
    .select(selectSessionUserId)
    .next(12)
    .select(selectLastChoices)
    .next(null)
    .select(selectKeptState)
    .next(keptWith(12, choices))
    .call(ensurePublicOrigin)
    .next(true)
    .select(selectStartedPayment)
    .next(null)
    .call(callWithTimeout, fetchCart, 12);

describe('Intentar nuevamente, step by step', () => {
  it('the cart read again, a new order with the same choices and a new key, then its payment with the same provider', () => {
    const steps = upToCart().next(restored).put(totalsLoaded(restored)).next();
    createsWithNewKey(steps, webpayRequest, OTHER_KEY)
      .next(newOrder)
      .put(orderCreated(newOrder))
      .next()
      .put(cartEmptied())
      .next()
      .put(paymentStarted({ order: newOrder, method: 'WEBPAY' }))
      .next()
      .isDone();
  });

  it('the choices of this page (the slice) first; the provider of the failed payment', () => {
    testSaga(handlePurchaseRetry, purchaseRetryRequested({ method: 'KHIPU', orderReference: 'OC000044' }))
      .next()
      .select(selectSessionUserId)
      .next(12)
      .select(selectLastChoices)
      .next(khipuRequest)
      .call(ensurePublicOrigin)
      .next(true)
      .select(selectStartedPayment)
      .next(null)
      .call(callWithTimeout, fetchCart, 12);
  });

  it('a new order of an earlier press whose payment did not start: paid again, not made twice', () => {
    const started = { order: newOrder, method: 'WEBPAY' as const };
    testSaga(handlePurchaseRetry, purchaseRetryRequested(failed))
      .next()
      .select(selectSessionUserId)
      .next(12)
      .select(selectLastChoices)
      .next(webpayRequest)
      .call(ensurePublicOrigin)
      .next(true)
      .select(selectStartedPayment)
      .next(started)
      .put(paymentStarted(started))
      .next()
      .isDone();
  });

  it('no choices kept (another tab, storage refused): says so, nothing is made', () => {
    const text = 'No se encontraron las opciones de tu compra anterior: vuelve al carro para comprar de nuevo.';
    testSaga(handlePurchaseRetry, purchaseRetryRequested(failed))
      .next()
      .select(selectSessionUserId)
      .next(12)
      .select(selectLastChoices)
      .next(null)
      .select(selectKeptState)
      .next({})
      .put(purchaseRetryFailed(text))
      .next()
      .call(notify, text, 'error')
      .next()
      .isDone();
  });

  it('the cart came back empty: the empty-cart message, no order', () => {
    upToCart()
      .next(empty)
      .put(totalsLoaded(empty))
      .next()
      .put(purchaseRetryFailed(MSG.cartIsEmpty))
      .next()
      .call(notify, MSG.cartIsEmpty, 'error')
      .next()
      .isDone();
  });

  it('from another origin than PUBLIC_URL: nothing is made (the notice is the origin check’s)', () => {
    testSaga(handlePurchaseRetry, purchaseRetryRequested(failed))
      .next()
      .select(selectSessionUserId)
      .next(12)
      .select(selectLastChoices)
      .next(webpayRequest)
      .call(ensurePublicOrigin)
      .next(false)
      .isDone();
  });

  it('the order refused (409): its key is done, its message', () => {
    const steps = upToCart().next(restored).put(totalsLoaded(restored)).next();
    createsWithNewKey(steps, webpayRequest)
      .throw(new HttpError(409, MSG.cartIsEmpty))
      .put(orderAttemptSettled())
      .next()
      .put(purchaseRetryFailed(MSG.cartIsEmpty))
      .next()
      .call(notify, MSG.cartIsEmpty, 'error')
      .next()
      .isDone();
  });
});

/** The checkout and the payments works together, as the app runs them. */
function* checkoutAndPayments() {
  yield all([fork(checkoutSaga), fork(paymentsSaga)]);
}

function buyer() {
  const state = rootReducer(undefined, { type: '@@init' });
  return {
    ...state,
    session: sessionOf('USER'),
    publicOrigin: { publicUrl: PUBLIC_URL, notice: null },
    // the failed order was made on an earlier page: its key is long done
    checkout: { ...initialCheckoutState, attempt: null },
  };
}

describe('Intentar nuevamente, whole (after the provider’s return: a new page, the choices in session storage)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('card: a new order from the restored cart with a new key, a new WebPay transaction for it, /payment in place of the result', async () => {
    const keys = [OTHER_KEY, KEY];
    const { storeState, effects } = await expectSaga(checkoutAndPayments)
      .withReducer(rootReducer, { ...buyer(), kept: keptWith(12, webpayRequest) })
      .provide([
        [matchers.call.fn(fetchCart), restored],
        [matchers.call.fn(newIdempotencyKey), dynamic(() => keys.shift())],
        [matchers.call.fn(createOrder), newOrder],
        [matchers.call.fn(cardSessionId), 'OW000045'],
        [matchers.call.fn(createCardPayment), newTransaction],
        [matchers.call.fn(navigateTo), undefined],
      ])
      .dispatch(purchaseRetryRequested(failed))
      .call(callWithTimeout, createOrder, webpayRequest, OTHER_KEY)
      .put(paymentStarted({ order: newOrder, method: 'WEBPAY' }))
      .call(callWithTimeout, createCardPayment, { buy_order: 'OC000045', session_id: 'OW000045' }, KEY)
      .call(navigateTo, '/payment', { replace: true })
      .silentRun(80);
    // one order: one request of createOrder (made by callWithTimeout)
    expect((effects.call ?? []).filter((effect) => effect.payload.fn === createOrder)).toHaveLength(1);
    expect(storeState.checkout).toMatchObject({ attempt: null, order: newOrder, payment: { order: newOrder, method: 'WEBPAY' } });
    expect(storeState.payments).toMatchObject({ retry: { status: 'idle', error: null }, start: { status: 'redirecting', method: 'WEBPAY' } });
    expect(storeState.cart.count).toBe(0);
    expect(JSON.parse(storeState.kept.paymentRedirect ?? 'null')).toEqual({ provider: 'WEBPAY', url: newTransaction.url, token: newTransaction.token });
  });

  it('transfer: a Khipu charge for the new order', async () => {
    const khipuOrder = orderOf(khipuRequest, 45);
    await expectSaga(checkoutAndPayments)
      .withReducer(rootReducer, { ...buyer(), kept: keptWith(12, khipuRequest) })
      .provide([
        [matchers.call.fn(fetchCart), restored],
        [matchers.call.fn(newIdempotencyKey), KEY],
        [matchers.call.fn(createOrder), khipuOrder],
        [matchers.call.fn(createTransferPayment), { payment_id: 'k45', payment_url: 'https://khipu.com/payment/info/k45', amount: 1, currency: 'CLP', transaction_id: 'PP1' }],
        [matchers.call.fn(navigateTo), undefined],
      ])
      .dispatch(purchaseRetryRequested({ method: 'KHIPU', orderReference: 'OC000044' }))
      .call(callWithTimeout, createOrder, khipuRequest, KEY)
      .call(callWithTimeout, createTransferPayment, { orderReference: 'OC000045' }, KEY)
      .silentRun(80);
  });

  it('the order refused: the retry failed with the server’s message (the result page shows it), nothing paid', async () => {
    const { storeState } = await expectSaga(checkoutAndPayments)
      .withReducer(rootReducer, { ...buyer(), kept: keptWith(12, webpayRequest) })
      .provide([
        [matchers.call.fn(fetchCart), restored],
        [matchers.call.fn(newIdempotencyKey), KEY],
        [matchers.call.fn(createOrder), throwError(new HttpError(400, 'El transporte seleccionado no existe'))],
        [matchers.call.fn(notify), undefined],
      ])
      .dispatch(purchaseRetryRequested(failed))
      .not.call.fn(createCardPayment)
      .silentRun(50);
    expect(storeState.payments.retry).toEqual({ status: 'failed', error: 'El transporte seleccionado no existe' });
    expect(storeState.checkout.attempt).toBeNull();
  });
});
