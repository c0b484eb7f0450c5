import type { CreateOrderRequest } from '@shared/api/orders';
import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import type { EffectProviders } from 'redux-saga-test-plan/providers';
import { delay } from 'redux-saga/effects';
import { HttpError } from '@client/api/http';
import { newIdempotencyKey } from '@client/api/idempotency';
import { cartEmptied, loggedOut, paymentStarted } from '@client/app/events';
import { ensurePublicOrigin } from '@client/app/publicOrigin';
import { keepChoices } from '@client/features/checkout/keptChoices';
import { navigateTo } from '@client/app/navigation';
import { notify } from '@client/app/notify';
import { callWithTimeout, REQUEST_TIMEOUT_MS } from '@client/app/sagaUtils';
import { confirmOrder, createOrder, fetchCart, fetchTransports, submitSalesOrder } from '@client/features/checkout/api';
import { checkoutSaga, handleCreditSale, handleProviderPayment } from '@client/features/checkout/checkoutSagas';
import {
  selectCreditLimit,
  selectOrderAttempt,
  selectOrderTotal,
  selectSessionUserId,
  selectStartedPayment,
  selectUnfinishedOrder,
} from '@client/features/checkout/checkoutSelectors';
import {
  cartFingerprint,
  checkoutReducer,
  orderAttemptStarted,
  orderCreated,
  orderSubmitted,
  summaryOpened,
  type OrderAttempt,
} from '@client/features/checkout/checkoutSlice';
import type { CartItem } from '@shared/api/cart';
import {
  accepted,
  buyerState,
  cart,
  checkoutReducers,
  confirmed,
  created,
  createsWithNewKey,
  creditOrder,
  creditRequest,
  KEY,
  OTHER_KEY,
  orderOf,
  pacifico,
  transports,
  webpayRequest,
} from './fixtures';

// One Idempotency-Key per attempt to create an order: made once, sent with the creation, sent again after a creation
// without an answer, and done after any definitive answer.

const sent = accepted(creditOrder);
const done = confirmed(sent);
const submitCredit = orderSubmitted({ request: creditRequest, chequePhotoKey: null });
const kept: OrderAttempt = { key: KEY, request: creditRequest };
const delayFn = delay(0).payload.fn;

/** Up to the creation, with enough credit. */
const enoughCredit = () => testSaga(handleCreditSale, creditRequest).next().select(selectCreditLimit).next(1250000).select(selectOrderTotal).next(462672);
/** Past the look for an unfinished order of these choices: none. */
const noUnfinished = () => enoughCredit().select(selectUnfinishedOrder).next(null);

/**
 * `answers` for createOrder in turn (a function answers, throws or never answers); newIdempotencyKey gives KEY, then
 * OTHER_KEY. With `timesOut` the first request timeout ends at once (its delay is provided); the others, like every
 * timeout otherwise, run on the real clock and never end within a test.
 */
function providers(answers: (() => unknown)[], timesOut = false): EffectProviders {
  const keys = [KEY, OTHER_KEY];
  let timeouts = timesOut ? 0 : 1;
  return {
    call(effect, next) {
      if (effect.fn === newIdempotencyKey) return keys.shift();
      if (effect.fn === createOrder) return answers.shift()!();
      if (effect.fn === delayFn && effect.args[0] === REQUEST_TIMEOUT_MS && timeouts++ === 0) return true;
      if (effect.fn === submitSalesOrder) return sent;
      if (effect.fn === confirmOrder) return done;
      if (effect.fn === navigateTo || effect.fn === notify) return undefined;
      return next();
    },
  };
}
const never = () => new Promise<never>(() => undefined);
/** An api call's own arguments: callWithTimeout adds the options with the abort signal last. */
const ownArgs = (args: unknown[]) => {
  expect(args[args.length - 1]).toEqual({ signal: expect.any(AbortSignal) });
  return args.slice(0, -1);
};
const createCalls = (effects: { call?: { payload: { fn: unknown; args: unknown[] } }[] }) =>
  (effects.call ?? []).filter((effect) => effect.payload.fn === createOrder).map((effect) => ownArgs(effect.payload.args));
const keyCalls = (effects: { call?: { payload: { fn: unknown } }[] }) => (effects.call ?? []).filter((effect) => effect.payload.fn === newIdempotencyKey).length;


/** handleProviderPayment past its first steps: the page is on the public origin, the choices are kept for a retry. */
const fromPublicOrigin = (request: CreateOrderRequest, method: 'WEBPAY' | 'KHIPU') =>
  testSaga(handleProviderPayment, request, method)
    .next()
    .call(ensurePublicOrigin)
    .next(true)
    .select(selectSessionUserId)
    .next(12)
    .put(keepChoices(12, request))
    .next();

describe('the key of an order creation, step by step', () => {
  it('a new attempt: the key made once (newIdempotencyKey), kept in the slice, sent with the creation', () => {
    created(createsWithNewKey(enoughCredit(), creditRequest), creditOrder).call(callWithTimeout, submitSalesOrder, 'OC000042');
  });

  it('the attempt kept after a creation without an answer, same choices: the same key again, no new one', () => {
    created(noUnfinished().select(selectOrderAttempt).next(kept).call(callWithTimeout, createOrder, creditRequest, KEY), creditOrder).call(
      callWithTimeout,
      submitSalesOrder,
      'OC000042',
    );
  });

  it('a kept attempt for other choices (another address): a new key for this body', () => {
    const other: OrderAttempt = { key: OTHER_KEY, request: { ...creditRequest, deliveryAddress: 'LOCAL CENTRO' } };
    noUnfinished()
      .select(selectOrderAttempt)
      .next(other)
      .call(newIdempotencyKey)
      .next(KEY)
      .put(orderAttemptStarted({ key: KEY, request: creditRequest }))
      .next()
      .call(callWithTimeout, createOrder, creditRequest, KEY);
  });

  it('card: the order created on this visit whose payment did not start is paid again, with no new order', () => {
    const order = orderOf(webpayRequest, 44);
    fromPublicOrigin(webpayRequest, 'WEBPAY').select(selectStartedPayment)
      .next({ order, method: 'WEBPAY' })
      .put(paymentStarted({ order, method: 'WEBPAY', shownBySummary: true }))
      .next()
      .isDone();
  });

  it('card for store pickup: the order made for it is paid again too (its order carries the pickup code, not the empty address)', () => {
    const pickup: CreateOrderRequest = { ...webpayRequest, tipoEntrega: 'retiro', deliveryAddress: '', deliveryTransport: '' };
    const order = { ...orderOf(pickup, 44), deliveryAddress: 'idStorePickup' };
    fromPublicOrigin(pickup, 'WEBPAY')
      .select(selectStartedPayment)
      .next({ order, method: 'WEBPAY' })
      .put(paymentStarted({ order, method: 'WEBPAY', shownBySummary: true }))
      .next()
      .isDone();
  });

  it('credit line: the order made on this visit whose ERP submission got no answer is finished, with no new order or key', () => {
    enoughCredit()
      .select(selectUnfinishedOrder)
      .next({ order: creditOrder, request: creditRequest })
      .call(callWithTimeout, submitSalesOrder, 'OC000042');
  });

  it('card with other choices than that order: a new order (the server says whether the cart still has lines)', () => {
    const order = orderOf({ ...webpayRequest, tipoEntrega: 'retiro', deliveryAddress: '', deliveryTransport: '' }, 44);
    const steps = fromPublicOrigin(webpayRequest, 'WEBPAY').select(selectStartedPayment).next({ order, method: 'WEBPAY' });
    createsWithNewKey(steps, webpayRequest);
  });
});

describe('the key of an order creation, whole (through the watcher and the store)', () => {
  it.each([
    ['a timeout', never, true],
    ['a network failure (status 0)', () => Promise.reject(new HttpError(0, 'Failed to fetch')), false],
    ['a server failure (503)', () => Promise.reject(new HttpError(503, 'Internal server error')), false],
  ])('after %s the key stays; the next press sends the same key and gets the order', async (_what, firstAnswer, timesOut) => {
    const { storeState, effects } = await expectSaga(checkoutSaga)
      .withReducer(checkoutReducers, buyerState(pacifico))
      .provide(providers([firstAnswer, () => creditOrder], timesOut))
      .dispatch(submitCredit)
      .delay(20)
      .dispatch(submitCredit)
      .put(orderCreated(creditOrder))
      .put(cartEmptied())
      .call(notify, 'Gracias por Comprar!!', 'success')
      .silentRun(80);
    expect(createCalls(effects)).toEqual([
      [creditRequest, KEY],
      [creditRequest, KEY],
    ]);
    expect(keyCalls(effects)).toBe(1);
    expect(storeState.checkout).toMatchObject({ status: 'idle', attempt: null, order: { purchaseOrderNumber: 'OC000042' } });
  });

  it('the first press without an answer: the flow failed saying the order may exist and a retry cannot make two; the key kept', async () => {
    const { storeState } = await expectSaga(checkoutSaga)
      .withReducer(checkoutReducers, buyerState(pacifico))
      .provide(providers([never], true))
      .dispatch(submitCredit)
      .not.put(cartEmptied())
      .not.call.fn(notify)
      .silentRun(50);
    expect(storeState.checkout).toMatchObject({
      status: 'failed',
      error: "No recibimos respuesta, así que no sabemos si tu pedido alcanzó a crearse. Presiona 'Reintentar': si ya se creó, se usa ese mismo pedido y no se crea otro.",
      attempt: { key: KEY, request: creditRequest },
    });
  });

  it('a definitive answer (409, empty cart) ends the key: the next press is a new attempt with a new key', async () => {
    const emptyCart = () => Promise.reject(new HttpError(409, 'El carro está vacío: agregue productos antes de continuar'));
    const { storeState, effects } = await expectSaga(checkoutSaga)
      .withReducer(checkoutReducers, buyerState(pacifico))
      .provide(providers([emptyCart, emptyCart]))
      .dispatch(submitCredit)
      .delay(20)
      .dispatch(submitCredit)
      .silentRun(80);
    expect(createCalls(effects)).toEqual([
      [creditRequest, KEY],
      [creditRequest, OTHER_KEY],
    ]);
    expect(storeState.checkout).toMatchObject({ status: 'failed', attempt: null });
  });

  const line = (id: number, quantity: number): CartItem => ({ id, sku: 'POL-1001-S', quantity }) as CartItem;
  const reopened = async (answer: typeof cart) => {
    const state = buyerState(pacifico);
    const before = { ...cart, items: [line(1, 2)] };
    const { storeState } = await expectSaga(checkoutSaga)
      .withReducer(checkoutReducers, { ...state, checkout: { ...state.checkout, summary: { ...state.checkout.summary, cart: cartFingerprint(before) }, attempt: kept } })
      .provide([
        [matchers.call.fn(fetchCart), answer],
        [matchers.call.fn(fetchTransports), transports],
      ])
      .dispatch(summaryOpened())
      .call(callWithTimeout, fetchCart, 12)
      .silentRun(50);
    return storeState.checkout.attempt;
  };

  it('the summary opened again with the same cart: the key stays', async () => {
    expect(await reopened({ ...cart, items: [line(1, 2)] })).toEqual(kept);
  });

  it('the summary opened again with another cart (changed, or taken by the lost creation): the key is done', async () => {
    expect(await reopened({ ...cart, items: [line(1, 3)] })).toBeNull();
    expect(await reopened({ ...cart, items: [] })).toBeNull();
    // the same content added again is another cart: its lines are new
    expect(await reopened({ ...cart, items: [line(2, 2)] })).toBeNull();
  });

  it('another buyer may log in next: the key does not stay', () => {
    expect(checkoutReducer({ ...buyerState().checkout, attempt: kept }, loggedOut()).attempt).toBeNull();
  });
});
