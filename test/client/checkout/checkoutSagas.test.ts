import type { CreateOrderRequest } from '@shared/api/orders';
import { paymentStarted, paymentStartFailed } from '@client/app/events';
import { ensurePublicOrigin } from '@client/app/publicOrigin';
import { forgetOrderChoices, storedFields } from '@client/app/persistence';
import { navigateTo } from '@client/app/navigation';
import { checkoutChoicesOf, keepChoices, summaryChoicesOf } from '@client/features/checkout/keptChoices';
import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { waitFor } from '@testing-library/react';
import { throwError } from 'redux-saga-test-plan/providers';
import { call, delay } from 'redux-saga/effects';
import { HttpError } from '@client/api/http';
import { notify } from '@client/app/notify';
import { newIdempotencyKey } from '@client/api/idempotency';
import { cartEmptied } from '@client/app/events';
import { createOrder, fetchCart, fetchTransports } from '@client/features/checkout/api';
import {
  checkoutSaga,
  handleChequeSale,
  handleChoicesChanged,
  handleCreditSale,
  handleLoadTotals,
  handleLoadTransports,
  handleOrderSubmitted,
  handleProviderPayment,
  handlePaymentLinkOrder,
  handleReserve,
  handleSummaryOpened,
  referenceNote,
} from '@client/features/checkout/checkoutSagas';
import { selectIsRep, selectSessionUserId, selectStartedPayment, selectTransports } from '@client/features/checkout/checkoutSelectors';
import {
  cartFingerprint,
  initialCheckoutState,
  orderAttemptSettled,
  orderFailed,
  orderPlaced,
  orderSubmitted,
  summaryChoicesChanged,
  summaryOpened,
  totalsLoaded,
  totalsLoadFailed,
  totalsLoadStarted,
  transportsLoaded,
  transportsLoadFailed,
  transportsLoadStarted,
} from '@client/features/checkout/checkoutSlice';
import {
  buyerState,
  callsTo,
  cart,
  checkoutReducers,
  chequeRequest,
  created,
  createsWithNewKey,
  creditRequest,
  json,
  KEY,
  khipuRequest,
  makeCheckoutStore,
  mockApi,
  orderOf,
  reserveRequest,
  totals,
  transports,
  webpayRequest,
} from './fixtures';
import { callWithTimeout } from '@client/app/sagaUtils';
import { MSG } from '@shared/messages';

const delayFn = delay(0).payload.fn;
const timeoutNow: [matchers.Matcher, unknown] = [matchers.call.fn(delayFn), true];
const never = () => new Promise<never>(() => undefined);


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

describe('order summary opened: the totals and the transports', () => {
  it('transports not loaded: both at once', () => {
    testSaga(handleSummaryOpened)
      .next()
      .select(selectSessionUserId)
      .next(12)
      .select(selectTransports)
      .next(initialCheckoutState.transports)
      .all([call(handleLoadTotals, 12), call(handleLoadTransports)])
      .next()
      .isDone();
  });

  it('transports loaded already: only the totals (the cart may have changed)', () => {
    testSaga(handleSummaryOpened)
      .next()
      .select(selectSessionUserId)
      .next(12)
      .select(selectTransports)
      .next({ status: 'loaded', list: transports, error: null })
      .all([call(handleLoadTotals, 12)])
      .next()
      .isDone();
  });

  it('totals: from the server cart', () => {
    testSaga(handleLoadTotals, 12)
      .next()
      .put(totalsLoadStarted())
      .next()
      .call(callWithTimeout, fetchCart, 12)
      .next(cart)
      .put(totalsLoaded(cart))
      .next()
      .isDone();
  });

  it('totals fail: failed with the message', () => {
    testSaga(handleLoadTotals, 12)
      .next()
      .put(totalsLoadStarted())
      .next()
      .call(callWithTimeout, fetchCart, 12)
      .throw(new HttpError(500, 'Internal server error'))
      .put(totalsLoadFailed('No se pudo cargar el resumen de la compra: Internal server error'))
      .next()
      .isDone();
  });

  it('transports: the list, or a connection problem when the ERP does not answer', () => {
    testSaga(handleLoadTransports)
      .next()
      .put(transportsLoadStarted())
      .next()
      .call(callWithTimeout, fetchTransports)
      .next(transports)
      .put(transportsLoaded(transports))
      .next()
      .isDone();
    testSaga(handleLoadTransports)
      .next()
      .put(transportsLoadStarted())
      .next()
      .call(callWithTimeout, fetchTransports)
      .throw(new HttpError(0, MSG.connectionProblem))
      .put(transportsLoadFailed('No se pudieron cargar los transportes: problema de conexión'))
      .next()
      .isDone();
  });

  it('the ERP down: both loads say it in the same plain words, so the summary shows one alert', () => {
    const erpDown = new HttpError(503, 'El ERP no está disponible', undefined, { code: 'ERP_UNAVAILABLE' });
    const text =
      'No pudimos preparar el resumen de tu compra: el ERP, nuestro sistema de stock y precios, no responde en este momento. No se perdió nada: tu carro y lo que elegiste siguen guardados, y no se creó ningún pedido. Reintenta en unos minutos.';
    testSaga(handleLoadTransports).next().put(transportsLoadStarted()).next().call(callWithTimeout, fetchTransports).throw(erpDown).put(transportsLoadFailed(text)).next().isDone();
    testSaga(handleLoadTotals, 12).next().put(totalsLoadStarted()).next().call(callWithTimeout, fetchCart, 12).throw(erpDown).put(totalsLoadFailed(text)).next().isDone();
  });

  it('whole: the screen event fills totals and transports', async () => {
    const { storeState } = await expectSaga(checkoutSaga)
      .withReducer(checkoutReducers, buyerState(undefined, false))
      .provide([
        [matchers.call.fn(fetchCart), cart],
        [matchers.call.fn(fetchTransports), transports],
      ])
      .dispatch(summaryOpened())
      .call(callWithTimeout, fetchCart, 12)
      .silentRun(50);
    expect(storeState.checkout.summary).toEqual({ status: 'loaded', totals, error: null, cart: cartFingerprint(cart), incoming: [] });
    expect(storeState.checkout.transports).toEqual({ status: 'loaded', list: transports, error: null });
  });

  it('whole: an ERP that does not answer gives up with a connection problem', async () => {
    const { storeState } = await expectSaga(handleLoadTransports)
      .withReducer(checkoutReducers, buyerState())
      .provide([[matchers.call.fn(fetchTransports), never()], timeoutNow])
      .run();
    expect(storeState.checkout.transports).toEqual({ status: 'failed', list: [], error: 'No se pudieron cargar los transportes: problema de conexión' });
  });
});

describe('submit: the flow of the order type and payment method', () => {
  const submitted = (request: typeof reserveRequest, chequePhotoKey: string | null = null) => orderSubmitted({ request, chequePhotoKey });
  const routed = (request: typeof reserveRequest, chequePhotoKey: string | null = null) =>
    testSaga(handleOrderSubmitted, submitted(request, chequePhotoKey)).next().select(selectSessionUserId).next(12);

  it('reserve marker: the reserve flow', () => {
    routed(reserveRequest).call(handleReserve, reserveRequest).next().isDone();
  });
  it('credit line', () => {
    routed(creditRequest).call(handleCreditSale, creditRequest).next().isDone();
  });
  it('cheque, with the photo key', () => {
    routed(chequeRequest, 'cheque-3').call(handleChequeSale, chequeRequest, 'cheque-3').next().isDone();
  });
  it('WebPay Plus and Khipu: the provider payment', () => {
    routed(webpayRequest).select(selectIsRep).next(false).call(handleProviderPayment, webpayRequest, 'WEBPAY').next().isDone();
    routed(khipuRequest).select(selectIsRep).next(false).call(handleProviderPayment, khipuRequest, 'KHIPU').next().isDone();
  });
  it('a sales rep: the order, then the payment link for the customer instead of WebPay or Khipu', () => {
    routed(webpayRequest).select(selectIsRep).next(true).call(handlePaymentLinkOrder, webpayRequest, 'WEBPAY').next().isDone();
    routed(khipuRequest).select(selectIsRep).next(true).call(handlePaymentLinkOrder, khipuRequest, 'KHIPU').next().isDone();
  });
  it('no session user: nothing is sent', () => {
    testSaga(handleOrderSubmitted, submitted(creditRequest))
      .next()
      .select(selectSessionUserId)
      .next(null)
      .put(orderFailed('Debe iniciar sesión'))
      .next()
      .isDone();
  });
});

describe('card and transfer (the payments work takes it from paymentStarted)', () => {
  const order = orderOf(webpayRequest, 44);

  it('step by step: the order (with its key; the badge at 0), then paymentStarted with the method', () => {
    const steps = fromPublicOrigin(webpayRequest, 'WEBPAY').select(selectStartedPayment).next(null);
    created(createsWithNewKey(steps, webpayRequest), order)
      .put(paymentStarted({ order, method: 'WEBPAY', shownBySummary: true }))
      .next()
      .isDone();
  });

  it('the order fails: the key is done (400), its message', () => {
    const steps = fromPublicOrigin(khipuRequest, 'KHIPU').select(selectStartedPayment).next(null);
    createsWithNewKey(steps, khipuRequest)
      .throw(new HttpError(400, 'El transporte seleccionado no existe'))
      .put(orderAttemptSettled())
      .next()
      .put(orderFailed('El transporte seleccionado no existe'))
      .next()
      .isDone();
  });

  it('whole: the started payment is in the slice and the flow is idle', async () => {
    const { storeState } = await expectSaga(checkoutSaga)
      .withReducer(checkoutReducers, buyerState())
      .provide([
        [matchers.call.fn(newIdempotencyKey), KEY],
        [matchers.call.fn(createOrder), order],
      ])
      .dispatch(orderSubmitted({ request: webpayRequest, chequePhotoKey: null }))
      .call(callWithTimeout, createOrder, webpayRequest, KEY)
      .put(cartEmptied())
      .put(paymentStarted({ order, method: 'WEBPAY', shownBySummary: true }))
      .silentRun(50);
    expect(storeState.checkout).toMatchObject({ status: 'idle', error: null, attempt: null, payment: { order, method: 'WEBPAY', shownBySummary: true } });
  });

  it('whole: a failed order leaves the flow failed with the message', async () => {
    const { storeState } = await expectSaga(checkoutSaga)
      .withReducer(checkoutReducers, buyerState())
      .provide([
        [matchers.call.fn(createOrder), throwError(new HttpError(409, 'El carro está vacío: agregue productos antes de continuar'))],
        [matchers.call.fn(notify), undefined],
      ])
      .dispatch(orderSubmitted({ request: khipuRequest, chequePhotoKey: null }))
      .not.put.actionType(paymentStarted.type)
      .silentRun(50);
    expect(storeState.checkout).toMatchObject({ status: 'failed', error: 'El carro está vacío: agregue productos antes de continuar', attempt: null, payment: null });
  });
});

describe("a sales rep's card or transfer order: the customer pays it through a payment link", () => {
  const order = orderOf(webpayRequest, 45);

  it('the order (no public-origin check: no provider is reached from here), then the link screen instead of WebPay', () => {
    created(createsWithNewKey(testSaga(handlePaymentLinkOrder, webpayRequest, 'WEBPAY').next(), webpayRequest), order)
      .put(orderPlaced({ order, pending: false, message: '' }))
      .next()
      .put(forgetOrderChoices())
      .next()
      .call(navigateTo, `/user/orders/${order.id}/payment-link`)
      .next()
      .isDone();
  });

  it('the order fails: its message, nothing sent', () => {
    createsWithNewKey(testSaga(handlePaymentLinkOrder, khipuRequest, 'KHIPU').next(), khipuRequest)
      .throw(new HttpError(400, 'El transporte seleccionado no existe'))
      .put(orderAttemptSettled())
      .next()
      .put(orderFailed('El transporte seleccionado no existe'))
      .next()
      .isDone();
  });

  it('whole: a rep’s submit never starts a payment', async () => {
    const state = buyerState();
    state.session = { ...state.session, role: 'VENDEDOR' };
    await expectSaga(checkoutSaga)
      .withReducer(checkoutReducers, state)
      .provide([
        [matchers.call.fn(newIdempotencyKey), KEY],
        [matchers.call.fn(createOrder), order],
        [matchers.call.fn(navigateTo), undefined],
      ])
      .dispatch(orderSubmitted({ request: webpayRequest, chequePhotoKey: null }))
      .call(navigateTo, `/user/orders/${order.id}/payment-link`)
      .not.put.actionType(paymentStarted.type)
      .silentRun(50);
  });
});

describe("the summary's choices, kept as they change (a reload keeps them)", () => {
  const choices = {
    tipoEntrega: 'entrega',
    deliveryAddress: 'BODEGA PLACILLA',
    deliveryTransport: '0002',
    paymentMethod: 'WEBPAY',
    buyerReference: 'OC-77/2026',
    requestedDeliveryDate: '2026-12-02',
    envioPorLlegar: 'PARCIAL',
  } as const;

  it("step by step: kept in the store for the session's user", () => {
    testSaga(handleChoicesChanged, summaryChoicesChanged(choices)).next().select(selectSessionUserId).next(12).put(keepChoices(12, choices)).next().isDone();
    testSaga(handleChoicesChanged, summaryChoicesChanged(choices)).next().select(selectSessionUserId).next(null).isDone();
  });

  it('whole: the keys of R-CHK-4 and their owner, never an amount', async () => {
    const { storeState } = await expectSaga(checkoutSaga).withReducer(checkoutReducers, buyerState()).dispatch(summaryChoicesChanged(choices)).silentRun(30);
    // what the store writes to session storage besides the login (app/persistence)
    expect(storeState.kept).toEqual({
      choicesOwner: '12',
      tipoEntrega: 'entrega',
      deliveryAddress: 'BODEGA PLACILLA',
      deliveryTransport: '0002',
      paymentMethod: 'WEBPAY',
      buyerReference: 'OC-77/2026',
      requestedDeliveryDate: '2026-12-02',
      envioPorLlegar: 'PARCIAL',
    });
    // a reload of the summary finds the shipping choice of its pre-order lines too (docs/incoming.md)
    expect(summaryChoicesOf(storeState.kept, 12)).toMatchObject({ envioPorLlegar: 'PARCIAL' });
    // 'Intentar nuevamente' after an unpaid card payment sends them again (the order kept its billing address too)
    const withBilling = { ...storeState.kept, invoiceAddress: 'CASA MATRIZ' };
    expect(checkoutChoicesOf(withBilling, 12)).toMatchObject({ buyerReference: 'OC-77/2026', requestedDeliveryDate: '2026-12-02' });
    expect(checkoutChoicesOf(withBilling, 13)).toBeNull();
    expect(storedFields(storeState)).toMatchObject(storeState.kept);
  });

  it("the order's confirmation names the buyer's reference and date when given", () => {
    expect(referenceNote({ buyerReference: 'OC-77/2026', requestedDeliveryDate: '2026-12-02' })).toBe(
      ' Su orden de compra: OC-77/2026. Fecha de entrega solicitada: 02-12-2026.',
    );
    expect(referenceNote({ buyerReference: '', requestedDeliveryDate: null })).toBe('');
  });
});

describe('the payment of the order made here did not start (the payments work says so)', () => {
  const order = orderOf(webpayRequest, 44);

  it('the summary shows where the order stands and pays that same order on the next Ir a Pagar', () => {
    const state = { ...buyerState().checkout, payment: { order, method: 'WEBPAY' as const } };
    const message = 'Tu pedido OC000044 quedó creado y pendiente de pago';
    const next = checkoutReducers({ ...buyerState(), checkout: state }, paymentStartFailed({ message, order, standing: null })).checkout;
    expect(next).toMatchObject({ status: 'failed', error: message, payment: { order, method: 'WEBPAY' } });
  });

  it('an order the server says is no longer in process is not paid again: the next Ir a Pagar makes a new one', () => {
    const state = { ...buyerState().checkout, payment: { order, method: 'WEBPAY' as const } };
    const standing = { created: true, purchaseOrderNumber: 'OC000044', orderState: 'CANCELED' as const };
    const next = checkoutReducers({ ...buyerState(), checkout: state }, paymentStartFailed({ message: 'x', order, standing })).checkout;
    expect(next).toMatchObject({ status: 'failed', payment: null });
  });
});

describe('one flow at a time', () => {
  it('a second submit while one runs is ignored: one order, with its Idempotency-Key', async () => {
    document.cookie = 'XSRF-TOKEN=test-xsrf; path=/';
    const order = orderOf(khipuRequest, 45);
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = mockApi({ 'POST /api/orders': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const store = makeCheckoutStore(buyerState());
    store.dispatch(orderSubmitted({ request: khipuRequest, chequePhotoKey: null }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/orders')).toHaveLength(1));
    store.dispatch(orderSubmitted({ request: khipuRequest, chequePhotoKey: null }));
    answer(json(201, order));
    await waitFor(() => expect(store.getState().checkout.payment).toEqual({ order, method: 'KHIPU', shownBySummary: true }));
    expect(callsTo(fetchMock, 'POST', '/api/orders')).toHaveLength(1);
    const [[, init]] = callsTo(fetchMock, 'POST', '/api/orders');
    expect(JSON.parse(String(init.body))).toEqual(khipuRequest);
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[A-Za-z0-9._:-]{1,200}$/);
  });
});
