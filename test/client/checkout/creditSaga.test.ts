import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, throwError } from 'redux-saga-test-plan/providers';
import { race, take } from 'redux-saga/effects';
import { HttpError } from '@client/api/http';
import { confirmAccepted, confirmDeclined, confirmRequested } from '@client/app/confirmSlice';
import { cartEmptied, cartRefreshRequested } from '@client/app/events';
import { navigateTo } from '@client/app/navigation';
import { notify } from '@client/app/notify';
import { newIdempotencyKey } from '@client/api/idempotency';
import { forgetOrderChoices } from '@client/app/persistence';
import { confirmOrder, createOrder, submitSalesOrder } from '@client/features/checkout/api';
import { checkoutSaga, handleCreditSale } from '@client/features/checkout/checkoutSagas';
import { selectCreditLimit, selectOrderTotal, selectUnfinishedOrder } from '@client/features/checkout/checkoutSelectors';
import { creditShort, orderAttemptSettled, orderFailed, orderInProgress, orderPlaced, orderSubmitted } from '@client/features/checkout/checkoutSlice';
import {
  accepted,
  buyerState,
  checkoutReducers,
  confirmed,
  created,
  createsWithNewKey,
  creditOrder,
  creditRequest,
  KEY,
  losAndes,
  pacifico,
  pendingErp,
} from './fixtures';
import { callWithTimeout } from '@client/app/sagaUtils';

const creditDialog = confirmRequested({ title: 'Limite de Credito', text: 'Credito Disponible insuficiente', positive: 'Aceptar' });
const decision = race([take(confirmAccepted.type), take(confirmDeclined.type)]);
const sent = accepted(creditOrder);
const CREATION_UNKNOWN =
  "No recibimos respuesta, así que no sabemos si tu pedido alcanzó a crearse. Presiona 'Reintentar': si ya se creó, se usa ese mismo pedido y no se crea otro.";
const NOT_CREATED =
  'No se creó tu pedido: el ERP (el sistema de stock y precios) no responde. No se cobró nada y tu carro sigue igual. Vuelve a intentarlo en unos minutos.';
const done = confirmed(sent);

/** The credit sale with a limit of 1.250.000 against a total of 462.672: enough. */
const enoughCredit = () => testSaga(handleCreditSale, creditRequest).next().select(selectCreditLimit).next(1250000).select(selectOrderTotal).next(462672);
/** Up to the creation of the order, with a new key. */
const creating = () => createsWithNewKey(enoughCredit(), creditRequest);

describe('credit-line sale, step by step', () => {
  it('enough credit: order (the badge at 0), sales order to the ERP, CONFIRMED, home, Gracias por Comprar!!', () => {
    created(creating(), creditOrder)
      .call(callWithTimeout, submitSalesOrder, 'OC000042')
      .next(sent)
      .call(callWithTimeout, confirmOrder, 42, 'OC000042')
      .next(done)
      .put(orderPlaced({ order: done.order, pending: false, message: '' }))
      .next()
      .put(forgetOrderChoices())
      .next()
      .call(navigateTo, '/')
      .next()
      .call(notify, 'Gracias por Comprar!!', 'success')
      .next()
      .isDone();
  });

  it('a limit exactly the total is enough', () => {
    testSaga(handleCreditSale, creditRequest).next().select(selectCreditLimit).next(462672).select(selectOrderTotal).next(462672).select(selectUnfinishedOrder);
  });

  it('credit short: the Limite de Credito dialog, and nothing is created', () => {
    testSaga(handleCreditSale, creditRequest)
      .next()
      .select(selectCreditLimit)
      .next(462671)
      .select(selectOrderTotal)
      .next(462672)
      .put(creditShort())
      .next()
      .put(creditDialog)
      .next()
      .is(decision)
      .next([confirmAccepted(), undefined])
      .isDone();
  });

  it('total unknown (summary not loaded): treated as short', () => {
    testSaga(handleCreditSale, creditRequest).next().select(selectCreditLimit).next(1250000).select(selectOrderTotal).next(null).put(creditShort());
  });

  it('ERP pending (202): home, the server message as a warning', () => {
    const waiting = pendingErp(creditOrder);
    created(creating(), creditOrder)
      .call(callWithTimeout, submitSalesOrder, 'OC000042')
      .next(waiting)
      .call(callWithTimeout, confirmOrder, 42, 'OC000042')
      .next(confirmed(waiting))
      .put(orderPlaced({ order: confirmed(waiting).order, pending: true, message: waiting.message }))
      .next()
      .put(forgetOrderChoices())
      .next()
      .call(navigateTo, '/')
      .next()
      .call(notify, waiting.message, 'warning')
      .next()
      .isDone();
  });

  it('held by the ERP for its approval (AWAITING_APPROVAL, 202): the server message as a warning, like pending', () => {
    const message = 'Pedido OC000042 recibido: el ERP lo dejó en espera de aprobación';
    const held = { order: { ...creditOrder, erp: 'AWAITING_APPROVAL' as const }, pending: true, message };
    created(creating(), creditOrder)
      .call(callWithTimeout, submitSalesOrder, 'OC000042')
      .next(held)
      .call(callWithTimeout, confirmOrder, 42, 'OC000042')
      .next(held)
      .put(orderPlaced({ order: held.order, pending: true, message }))
      .next()
      .put(forgetOrderChoices())
      .next()
      .call(navigateTo, '/')
      .next()
      .call(notify, message, 'warning')
      .next()
      .isDone();
  });

  it('AWAITING_APPROVAL even without the pending flag: still told as waiting', () => {
    const message = 'Pedido OC000042 en espera de aprobación del ERP';
    const held = { order: { ...creditOrder, erp: 'AWAITING_APPROVAL' as const }, pending: false, message };
    created(creating(), creditOrder)
      .call(callWithTimeout, submitSalesOrder, 'OC000042')
      .next(held)
      .call(callWithTimeout, confirmOrder, 42, 'OC000042')
      .next(held)
      .put(orderPlaced({ order: held.order, pending: true, message }))
      .next()
      .put(forgetOrderChoices())
      .next()
      .call(navigateTo, '/')
      .next()
      .call(notify, message, 'warning')
      .next()
      .isDone();
  });

  it('the order gets no answer (5xx without a word on the order): it may exist, and Reintentar cannot make two; the key stays', () => {
    creating()
      .throw(new HttpError(502, 'Bad gateway'))
      .put(orderFailed(CREATION_UNKNOWN))
      .next()
      .isDone();
  });

  it('the server says no order was made (503, ERP down): its words, one alert (no toast); the key stays for the next press', () => {
    creating()
      .throw(new HttpError(503, NOT_CREATED, undefined, { code: 'ERP_UNAVAILABLE', order: { created: false } }))
      .put(orderFailed(NOT_CREATED))
      .next()
      .isDone();
  });

  it('the order is refused (409, empty cart): the key is done, then its message', () => {
    creating()
      .throw(new HttpError(409, 'El carro está vacío: agregue productos antes de continuar'))
      .put(orderAttemptSettled())
      .next()
      .put(orderFailed('El carro está vacío: agregue productos antes de continuar'))
      .next()
      .isDone();
  });

  it.each([
    ['the sales order to the ERP', 1],
    ['the CONFIRMED state', 2],
  ] as const)('%s gets no answer: the order exists, with its number, and Reintentar finishes it; the cart read again', (_what, step) => {
    let saga = created(creating(), creditOrder).call(callWithTimeout, submitSalesOrder, 'OC000042');
    if (step >= 2) saga = saga.next(sent).call(callWithTimeout, confirmOrder, 42, 'OC000042');
    saga
      .throw(new HttpError(0, 'Failed to fetch'))
      .put(
        orderFailed("Tu pedido OC000042 quedó creado, pero no pudimos terminarlo: Failed to fetch. Presiona 'Reintentar' para terminar ese mismo pedido; no se creará otro."),
      )
      .next()
      .put(cartRefreshRequested())
      .next()
      .isDone();
  });

  it('Reintentar after that: the same order is sent to the ERP again, no second order', () => {
    testSaga(handleCreditSale, creditRequest)
      .next()
      .select(selectCreditLimit)
      .next(1250000)
      .select(selectOrderTotal)
      .next(462672)
      .select(selectUnfinishedOrder)
      .next({ order: creditOrder, request: creditRequest })
      .call(callWithTimeout, submitSalesOrder, 'OC000042');
  });

  it('the ERP refuses the sales order (400): the server canceled the order and put its lines back, so the cart is read again', () => {
    created(creating(), creditOrder)
      .call(callWithTimeout, submitSalesOrder, 'OC000042')
      .throw(new HttpError(400, 'El socio de negocios C76234567 está bloqueado'))
      // refused for good: a retry makes a new order from the lines the server put back
      .put(orderInProgress(null))
      .next()
      .put(orderFailed('El socio de negocios C76234567 está bloqueado'))
      .next()
      .put(cartRefreshRequested())
      .next()
      .isDone();
  });
});

describe('credit-line sale, whole (through the watcher and the store)', () => {
  it('enough credit: confirmed order in the slice, idle, no key left, cart emptied, home, thanks', async () => {
    const { storeState } = await expectSaga(checkoutSaga)
      .withReducer(checkoutReducers, buyerState(pacifico))
      .provide([
        [matchers.call.fn(newIdempotencyKey), KEY],
        [matchers.call.fn(createOrder), creditOrder],
        [matchers.call.fn(submitSalesOrder), sent],
        [matchers.call.fn(confirmOrder), done],
        [matchers.call.fn(navigateTo), undefined],
        [matchers.call.fn(notify), undefined],
      ])
      .dispatch(orderSubmitted({ request: creditRequest, chequePhotoKey: null }))
      .call(callWithTimeout, createOrder, creditRequest, KEY)
      .put(cartEmptied())
      .call(callWithTimeout, submitSalesOrder, 'OC000042')
      .call(callWithTimeout, confirmOrder, 42, 'OC000042')
      .call(navigateTo, '/')
      .call(notify, 'Gracias por Comprar!!', 'success')
      .silentRun(50);
    expect(storeState.checkout).toMatchObject({ status: 'idle', error: null, attempt: null, unfinished: null, order: { purchaseOrderNumber: 'OC000042', orderState: 'CONFIRMED' } });
  });

  it('the sales order gets no answer, then Reintentar: one order, sent again, placed; the summary said it existed', async () => {
    let answers = 0;
    const { storeState, effects } = await expectSaga(checkoutSaga)
      .withReducer(checkoutReducers, buyerState(pacifico))
      .provide([
        [matchers.call.fn(newIdempotencyKey), KEY],
        [matchers.call.fn(createOrder), creditOrder],
        [matchers.call.fn(submitSalesOrder), dynamic(() => (answers++ === 0 ? Promise.reject(new HttpError(0, 'Failed to fetch')) : sent))],
        [matchers.call.fn(confirmOrder), done],
        [matchers.call.fn(navigateTo), undefined],
        [matchers.call.fn(notify), undefined],
      ])
      .dispatch(orderSubmitted({ request: creditRequest, chequePhotoKey: null }))
      .put(orderFailed("Tu pedido OC000042 quedó creado, pero no pudimos terminarlo: Failed to fetch. Presiona 'Reintentar' para terminar ese mismo pedido; no se creará otro."))
      .delay(20)
      .dispatch(orderSubmitted({ request: creditRequest, chequePhotoKey: null }))
      .call(navigateTo, '/')
      .silentRun(80);
    expect((effects.call ?? []).filter((effect) => effect.payload.fn === callWithTimeout && effect.payload.args[0] === createOrder)).toHaveLength(1);
    expect(storeState.checkout).toMatchObject({ status: 'idle', unfinished: null, order: { purchaseOrderNumber: 'OC000042', orderState: 'CONFIRMED' } });
  });

  it('no credit (limit 0): the dialog is open, nothing was created, the flow is idle', async () => {
    const { storeState } = await expectSaga(checkoutSaga)
      .withReducer(checkoutReducers, buyerState(losAndes))
      .provide([[matchers.call.fn(createOrder), throwError(new Error('must not be called'))]])
      .dispatch(orderSubmitted({ request: creditRequest, chequePhotoKey: null }))
      .put(creditDialog)
      .not.call.fn(createOrder)
      .silentRun(50);
    expect(storeState.checkout.status).toBe('idle');
    expect(storeState.confirm.request).toEqual({ title: 'Limite de Credito', text: 'Credito Disponible insuficiente', positive: 'Aceptar' });
  });
});
