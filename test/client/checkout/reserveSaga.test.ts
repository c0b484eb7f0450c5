import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { race, take } from 'redux-saga/effects';
import { HttpError } from '@client/api/http';
import { confirmAccepted, confirmDeclined, confirmRequested } from '@client/app/confirmSlice';
import { cartEmptied, cartRefreshRequested } from '@client/app/events';
import { navigateTo } from '@client/app/navigation';
import { notify } from '@client/app/notify';
import { newIdempotencyKey } from '@client/api/idempotency';
import { forgetOrderChoices } from '@client/app/persistence';
import { confirmOrder, createOrder, findRecipient, sendOrderMail, submitReserve } from '@client/features/checkout/api';
import { checkoutSaga, handleReserve } from '@client/features/checkout/checkoutSagas';
import { orderAttemptSettled, orderFailed, orderInProgress, orderPlaced, orderSubmitted, reserveDeclined } from '@client/features/checkout/checkoutSlice';
import {
  accepted,
  buyerState,
  checkoutReducers,
  confirmed,
  created,
  createsWithNewKey,
  KEY,
  NO_RECIPIENT,
  pendingErp,
  reserveOrder,
  reserveRecipient,
  reserveRequest,
} from './fixtures';
import { callWithTimeout } from '@client/app/sagaUtils';

const prompt = confirmRequested({ title: 'Deseas realizar la reserva?', positive: 'Reservar', negative: 'No reservar' });
const decision = race([take(confirmAccepted.type), take(confirmDeclined.type)]);
const sent = accepted(reserveOrder);
const done = confirmed(sent);

/** The reserve flow up to the buyer's 'Reservar'. */
const confirmedReserve = () => testSaga(handleReserve, reserveRequest).next().put(prompt).next().is(decision).next([confirmAccepted(), undefined]);
/** Up to the creation of the order, with a new key. */
const creating = () => createsWithNewKey(confirmedReserve().call(callWithTimeout, findRecipient, 'RESERVE').next(reserveRecipient), reserveRequest);
/** The order created: the badge at 0. */
const withOrder = () => created(creating(), reserveOrder);

describe('reserve flow, step by step (R-CHK-5)', () => {
  it('confirmed: recipient, order (the badge at 0), ERP reservation, CONFIRMED with the RE number, mail, home, success', () => {
    withOrder()
      .call(callWithTimeout, submitReserve, 'RE000007')
      .next(sent)
      .call(callWithTimeout, confirmOrder, 7, 'RE000007')
      .next(done)
      .call(callWithTimeout, sendOrderMail, 'RE000007', 'RESERVE')
      .next()
      .put(orderPlaced({ order: done.order, pending: false, message: '' }))
      .next()
      .put(forgetOrderChoices())
      .next()
      .call(navigateTo, '/')
      .next()
      .call(notify, 'Reserva enviada para aprobación!!', 'success')
      .next()
      .isDone();
  });

  it('declined: Reserva no realizada, nothing is sent', () => {
    testSaga(handleReserve, reserveRequest)
      .next()
      .put(prompt)
      .next()
      .is(decision)
      .next([undefined, confirmDeclined()])
      .put(reserveDeclined())
      .next()
      .call(notify, 'Reserva no realizada', 'info')
      .next()
      .isDone();
  });

  it('no RESERVE recipient: the error, and no order is created', () => {
    confirmedReserve()
      .call(callWithTimeout, findRecipient, 'RESERVE')
      .next(null)
      .put(orderFailed(NO_RECIPIENT))
      .next()
      .isDone();
  });

  it('ERP pending (202): the buyer goes home, told with the server message', () => {
    const waiting = pendingErp(reserveOrder);
    const stillWaiting = confirmed(waiting);
    withOrder()
      .call(callWithTimeout, submitReserve, 'RE000007')
      .next(waiting)
      .call(callWithTimeout, confirmOrder, 7, 'RE000007')
      .next(stillWaiting)
      .call(callWithTimeout, sendOrderMail, 'RE000007', 'RESERVE')
      .next()
      .put(orderPlaced({ order: stillWaiting.order, pending: true, message: waiting.message }))
      .next()
      .put(forgetOrderChoices())
      .next()
      .call(navigateTo, '/')
      .next()
      .call(notify, 'Pedido RE000007 recibido: quedó pendiente de envío al ERP y se enviará apenas esté disponible', 'warning')
      .next()
      .isDone();
  });

  it('pending without a server text: the portal says it with the order number', () => {
    const waiting = { ...pendingErp(reserveOrder), message: '' };
    withOrder()
      .call(callWithTimeout, submitReserve, 'RE000007')
      .next(waiting)
      .call(callWithTimeout, confirmOrder, 7, 'RE000007')
      .next(confirmed(waiting))
      .call(callWithTimeout, sendOrderMail, 'RE000007', 'RESERVE')
      .next()
      .put(orderPlaced({ order: confirmed(waiting).order, pending: true, message: '' }))
      .next()
      .put(forgetOrderChoices())
      .next()
      .call(navigateTo, '/')
      .next()
      .call(notify, 'Pedido RE000007 recibido: quedó pendiente de envío al ERP y se enviará apenas esté disponible', 'warning')
      .next()
      .isDone();
  });

  it('the order is refused (409, empty cart): the key is done, its message, Reserva no realizada', () => {
    creating()
      .throw(new HttpError(409, 'El carro está vacío: agregue productos antes de continuar'))
      .put(orderAttemptSettled())
      .next()
      .put(orderFailed('El carro está vacío: agregue productos antes de continuar'))
      .next()
      .call(notify, 'Reserva no realizada', 'info')
      .next()
      .isDone();
  });

  // Each step that fails: the server message and 'Reserva no realizada'; the steps after it do not run.
  const failingAt = (step: 'recipient' | 'order' | 'erp' | 'state' | 'mail') => {
    if (step === 'recipient') return confirmedReserve().call(callWithTimeout, findRecipient, 'RESERVE');
    if (step === 'order') return creating();
    let saga = withOrder().call(callWithTimeout, submitReserve, 'RE000007');
    if (['state', 'mail'].includes(step)) saga = saga.next(sent).call(callWithTimeout, confirmOrder, 7, 'RE000007');
    if (step === 'mail') saga = saga.next(done).call(callWithTimeout, sendOrderMail, 'RE000007', 'RESERVE');
    return saga;
  };

  it.each([
    ['recipient', 'the recipient lookup', 'Internal server error'],
    ['order', 'the order, without an answer', 'problema de conexión'],
    ['erp', 'the ERP reservation', 'Stock insuficiente para el artículo POL-123-M'],
    ['state', 'the CONFIRMED state', 'El estado del pedido no puede cambiarse sin la confirmación del ERP o del medio de pago'],
    ['mail', 'the mail', 'No se pudo enviar el correo'],
  ] as const)('%s fails (%s): what it means for the order, Reserva no realizada, and nothing after it', (step, _what, message) => {
    const made = step !== 'recipient' && step !== 'order';
    let failed = failingAt(step).throw(new HttpError(step === 'erp' ? 422 : step === 'order' ? 0 : 500, message));
    // refused for good after its creation (the ERP's 422): a retry does not finish that order
    if (step === 'erp') failed = failed.put(orderInProgress(null)).next();
    let shown: string = message;
    // no answer to the creation: it may exist, and Reintentar (same key) cannot make two
    if (step === 'order') shown = "No recibimos respuesta, así que no sabemos si tu pedido alcanzó a crearse. Presiona 'Reintentar': si ya se creó, se usa ese mismo pedido y no se crea otro.";
    // the order exists and a later step got no clear answer (500): Reintentar finishes that same order
    if (step === 'state' || step === 'mail') shown = `Tu pedido RE000007 quedó creado, pero no pudimos terminarlo: ${message}. Presiona 'Reintentar' para terminar ese mismo pedido; no se creará otro.`;
    failed = failed.put(orderFailed(shown)).next().call(notify, 'Reserva no realizada', 'info').next();
    // once the order exists, a refusal (the ERP's 422) gave its lines back to the cart: it is read again
    if (made) failed = failed.put(cartRefreshRequested()).next();
    failed.isDone();
  });
});

describe('reserve flow, whole (through the watcher and the store)', () => {
  it('confirmed: order CONFIRMED in the slice, status idle, cart emptied, home, success', async () => {
    const { storeState } = await expectSaga(checkoutSaga)
      .withReducer(checkoutReducers, buyerState())
      .provide([
        [matchers.call.fn(findRecipient), reserveRecipient],
        [matchers.call.fn(newIdempotencyKey), KEY],
        [matchers.call.fn(createOrder), reserveOrder],
        [matchers.call.fn(submitReserve), sent],
        [matchers.call.fn(confirmOrder), done],
        [matchers.call.fn(sendOrderMail), undefined],
        [matchers.call.fn(navigateTo), undefined],
        [matchers.call.fn(notify), undefined],
      ])
      .dispatch(orderSubmitted({ request: reserveRequest, chequePhotoKey: null }))
      .dispatch(confirmAccepted())
      .call(callWithTimeout, createOrder, reserveRequest, KEY)
      .put(cartEmptied())
      .call(callWithTimeout, submitReserve, 'RE000007')
      .call(callWithTimeout, confirmOrder, 7, 'RE000007')
      .call(callWithTimeout, sendOrderMail, 'RE000007', 'RESERVE')
      .call(navigateTo, '/')
      .call(notify, 'Reserva enviada para aprobación!!', 'success')
      .silentRun(50);
    expect(storeState.checkout.status).toBe('idle');
    expect(storeState.checkout.error).toBeNull();
    expect(storeState.checkout.order).toMatchObject({ purchaseOrderNumber: 'RE000007', orderState: 'CONFIRMED', numOc: 'RE000007' });
    expect(storeState.confirm.request).toBeNull();
  });

  it('ERP rejects the reservation: failed with its message; the cart read again (the server put the lines back)', async () => {
    const { storeState } = await expectSaga(checkoutSaga)
      .withReducer(checkoutReducers, buyerState())
      .provide([
        [matchers.call.fn(findRecipient), reserveRecipient],
        [matchers.call.fn(createOrder), reserveOrder],
        [matchers.call.fn(submitReserve), throwError(new HttpError(422, 'Stock insuficiente para el artículo POL-123-M'))],
        [matchers.call.fn(notify), undefined],
      ])
      .dispatch(orderSubmitted({ request: reserveRequest, chequePhotoKey: null }))
      .dispatch(confirmAccepted())
      .call(notify, 'Reserva no realizada', 'info')
      .put(cartEmptied())
      .put(cartRefreshRequested())
      .not.call.fn(confirmOrder)
      .silentRun(50);
    expect(storeState.checkout).toMatchObject({ status: 'failed', error: 'Stock insuficiente para el artículo POL-123-M', attempt: null });
  });
});
