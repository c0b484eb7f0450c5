import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { cartEmptied, cartRefreshRequested } from '@client/app/events';
import { navigateTo } from '@client/app/navigation';
import { notify } from '@client/app/notify';
import { HttpError } from '@client/api/http';
import { newIdempotencyKey } from '@client/api/idempotency';
import { forgetOrderChoices } from '@client/app/persistence';
import { confirmOrder, createOrder, findRecipient, payCheque, submitSalesOrder } from '@client/features/checkout/api';
import { checkoutSaga, handleChequeSale } from '@client/features/checkout/checkoutSagas';
import { orderAttemptSettled, orderFailed, orderInProgress, orderPlaced, orderSubmitted } from '@client/features/checkout/checkoutSlice';
import { keepChequePhoto, takeChequePhoto } from '@client/features/checkout/chequePhotos';
import {
  accepted,
  buyerState,
  checkoutReducers,
  chequeOrder,
  chequePhoto,
  chequeRecipient,
  chequeRequest,
  confirmed,
  created,
  createsWithNewKey,
  imageFile,
  KEY,
  NO_RECIPIENT,
  pendingErp,
} from './fixtures';
import { callWithTimeout } from '@client/app/sagaUtils';

const photo = chequePhoto();
const sent = accepted(chequeOrder);
const done = confirmed(sent);

/** The cheque sale with its photo, up to the recipient lookup. */
const withPhoto = () => testSaga(handleChequeSale, chequeRequest, 'cheque-1').next().call(takeChequePhoto, 'cheque-1').next(photo).call(callWithTimeout, findRecipient, 'CHEQUE');
/** The order created with a new key: the badge at 0. */
const withOrder = () => created(createsWithNewKey(withPhoto().next(chequeRecipient), chequeRequest), chequeOrder);

describe('cheque sale, step by step', () => {
  it('CHEQUE recipient, order (the badge at 0), photo, sales order to the ERP, CONFIRMED, home, Gracias por Comprar!!', () => {
    withOrder()
      .call(callWithTimeout, payCheque, 'OC000043', photo)
      .next({ message: 'Cheque enviado a Textil Andino!!' })
      .call(callWithTimeout, submitSalesOrder, 'OC000043')
      .next(sent)
      .call(callWithTimeout, confirmOrder, 43, 'OC000043')
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

  it('no CHEQUE recipient: the error, and no order is created', () => {
    withPhoto().next(null).put(orderFailed(NO_RECIPIENT)).next().isDone();
  });

  it('no photo: Debe adjuntar una foto del cheque, nothing is asked', () => {
    testSaga(handleChequeSale, chequeRequest, null)
      .next()
      .call(takeChequePhoto, null)
      .next(null)
      .put(orderFailed('Debe adjuntar una foto del cheque'))
      .next()
      .isDone();
  });

  it('a photo over 2 MB: the size message with its name', () => {
    const big = imageFile('cheque-grande.png', 2 * 1024 * 1024 + 1, 'image/png');
    testSaga(handleChequeSale, chequeRequest, 'cheque-9')
      .next()
      .call(takeChequePhoto, 'cheque-9')
      .next(big)
      .put(orderFailed('El archivo cheque-grande.png excede el tamaño maximo 2MB'))
      .next()
      .isDone();
  });

  it('ERP pending (202): home, the server message as a warning', () => {
    const waiting = pendingErp(chequeOrder);
    withOrder()
      .call(callWithTimeout, payCheque, 'OC000043', photo)
      .next({ message: 'ok' })
      .call(callWithTimeout, submitSalesOrder, 'OC000043')
      .next(waiting)
      .call(callWithTimeout, confirmOrder, 43, 'OC000043')
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

  it.each([
    ['the recipient lookup', 0],
    ['the order', 1],
    ['sending the photo', 2],
    ['the sales order to the ERP', 3],
    ['the CONFIRMED state', 4],
  ] as const)('%s fails: its message, nothing after it', (_what, step) => {
    let saga = withPhoto();
    if (step === 1) saga = createsWithNewKey(saga.next(chequeRecipient), chequeRequest);
    if (step >= 2) saga = withOrder().call(callWithTimeout, payCheque, 'OC000043', photo);
    if (step >= 3) saga = saga.next({ message: 'ok' }).call(callWithTimeout, submitSalesOrder, 'OC000043');
    if (step >= 4) saga = saga.next(sent).call(callWithTimeout, confirmOrder, 43, 'OC000043');
    let failed = saga.throw(new HttpError(400, 'El archivo cheque-4711.jpg no es una imagen válida'));
    // a refused creation (4xx) ends its key first; an order refused after its creation is not finished by a retry
    if (step === 1) failed = failed.put(orderAttemptSettled()).next();
    if (step >= 2) failed = failed.put(orderInProgress(null)).next();
    failed = failed.put(orderFailed('El archivo cheque-4711.jpg no es una imagen válida')).next();
    // once the order exists, a refusal gave its lines back to the cart: it is read again
    if (step >= 2) failed = failed.put(cartRefreshRequested()).next();
    failed.isDone();
  });
});

describe('cheque sale, whole (through the watcher and the store)', () => {
  it('the photo kept by the screen reaches pay-cheque; confirmed order, idle, cart emptied, home, thanks', async () => {
    const key = keepChequePhoto(photo);
    const { storeState } = await expectSaga(checkoutSaga)
      .withReducer(checkoutReducers, buyerState())
      .provide([
        [matchers.call.fn(findRecipient), chequeRecipient],
        [matchers.call.fn(newIdempotencyKey), KEY],
        [matchers.call.fn(createOrder), chequeOrder],
        [matchers.call.fn(payCheque), { message: 'Cheque enviado a Textil Andino!!' }],
        [matchers.call.fn(submitSalesOrder), sent],
        [matchers.call.fn(confirmOrder), done],
        [matchers.call.fn(navigateTo), undefined],
        [matchers.call.fn(notify), undefined],
      ])
      .dispatch(orderSubmitted({ request: chequeRequest, chequePhotoKey: key }))
      .call(callWithTimeout, createOrder, chequeRequest, KEY)
      .call(callWithTimeout, payCheque, 'OC000043', photo)
      .call(callWithTimeout, submitSalesOrder, 'OC000043')
      .call(callWithTimeout, confirmOrder, 43, 'OC000043')
      .put(cartEmptied())
      .call(navigateTo, '/')
      .call(notify, 'Gracias por Comprar!!', 'success')
      .silentRun(50);
    expect(storeState.checkout).toMatchObject({ status: 'idle', error: null, order: { purchaseOrderNumber: 'OC000043', orderState: 'CONFIRMED' } });
    // taken once: a second flow cannot send the same photo by accident
    expect(takeChequePhoto(key)).toBeNull();
  });
});
