// An order by a Comprador over their monthly limit comes back AWAITING_COMPANY_APPROVAL: every checkout flow stops
// after the creation (nothing is paid, sent or mailed), says why, and leads to Mis pedidos.
import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { race, take } from 'redux-saga/effects';
import type { CreateOrderRequest, Order } from '@shared/api/orders';
import { fill } from '@shared/messages';
import { APPROVAL_MSG } from '@shared/schemas/companyApprovals';
import { confirmAccepted, confirmDeclined, confirmRequested } from '@client/app/confirmSlice';
import { navigateTo } from '@client/app/navigation';
import { notify } from '@client/app/notify';
import { newIdempotencyKey } from '@client/api/idempotency';
import { forgetOrderChoices } from '@client/app/persistence';
import { ensurePublicOrigin } from '@client/app/publicOrigin';
import { callWithTimeout } from '@client/app/sagaUtils';
import { createOrder, fetchCart, findRecipient, payCheque, submitReserve, submitSalesOrder } from '@client/features/checkout/api';
import {
  checkoutSaga,
  handleChequeSale,
  handleCreditSale,
  handleProviderPayment,
  handlePurchaseRetry,
  handleReserve,
  waitsForCompany,
} from '@client/features/checkout/checkoutSagas';
import { selectCreditLimit, selectLastChoices, selectOrderTotal, selectSessionUserId, selectStartedPayment } from '@client/features/checkout/checkoutSelectors';
import { orderCreated, orderInProgress, orderPlaced, orderSubmitted, totalsLoaded } from '@client/features/checkout/checkoutSlice';
import { takeChequePhoto } from '@client/features/checkout/chequePhotos';
import { keepChoices } from '@client/features/checkout/keptChoices';
import { cartEmptied, paymentStarted, purchaseRetryRequested } from '@client/app/events';
import {
  buyerState,
  cart,
  checkoutReducers,
  chequePhoto,
  chequeRecipient,
  chequeRequest,
  created,
  createsWithNewKey,
  creditRequest,
  KEY,
  orderOf,
  reserveRecipient,
  reserveRequest,
  webpayRequest,
} from './fixtures';

const waiting = (request: CreateOrderRequest, id: number): Order => ({ ...orderOf(request, id), orderState: 'AWAITING_COMPANY_APPROVAL' });
const message = (order: Order) => fill(APPROVAL_MSG.orderWaits, { number: order.purchaseOrderNumber });

/** The end every flow reaches with a waiting order: placed (waiting), the choices forgotten, Mis pedidos, the warning. */
const endsWaiting = (steps: ReturnType<typeof created>, order: Order) =>
  steps
    .put(orderPlaced({ order, pending: true, message: message(order) }))
    .next()
    .put(forgetOrderChoices())
    .next()
    .call(navigateTo, '/user/orders')
    .next()
    .call(notify, message(order), 'warning')
    .next()
    .isDone();

describe('an order that waits for the company’s approval, step by step', () => {
  it('tells the waiting state apart', () => {
    expect(waitsForCompany(waiting(creditRequest, 42))).toBe(true);
    expect(waitsForCompany(orderOf(creditRequest, 42))).toBe(false);
  });

  it('credit line: created (the badge at 0, not kept for a retry), then no sales order: Mis pedidos and why', () => {
    const order = waiting(creditRequest, 42);
    const steps = testSaga(handleCreditSale, creditRequest).next().select(selectCreditLimit).next(1250000).select(selectOrderTotal).next(462672);
    endsWaiting(created(createsWithNewKey(steps, creditRequest), order), order);
  });

  it('reserve: confirmed and created, then no reservation nor mail', () => {
    const order = waiting(reserveRequest, 7);
    const steps = testSaga(handleReserve, reserveRequest)
      .next()
      .put(confirmRequested({ title: 'Deseas realizar la reserva?', positive: 'Reservar', negative: 'No reservar' }))
      .next()
      .is(race([take(confirmAccepted.type), take(confirmDeclined.type)]))
      .next([confirmAccepted(), undefined])
      .call(callWithTimeout, findRecipient, 'RESERVE')
      .next(reserveRecipient);
    endsWaiting(created(createsWithNewKey(steps, reserveRequest), order), order);
  });

  it('cheque: created, then the photo is not sent', () => {
    const order = waiting(chequeRequest, 43);
    const steps = testSaga(handleChequeSale, chequeRequest, 'cheque-1')
      .next()
      .call(takeChequePhoto, 'cheque-1')
      .next(chequePhoto())
      .call(callWithTimeout, findRecipient, 'CHEQUE')
      .next(chequeRecipient);
    endsWaiting(created(createsWithNewKey(steps, chequeRequest), order), order);
  });

  it('card: created, then no payment is started', () => {
    const order = waiting(webpayRequest, 44);
    const steps = testSaga(handleProviderPayment, webpayRequest, 'WEBPAY')
      .next()
      .call(ensurePublicOrigin)
      .next(true)
      .select(selectSessionUserId)
      .next(12)
      .put(keepChoices(12, webpayRequest))
      .next()
      .select(selectStartedPayment)
      .next(null);
    endsWaiting(created(createsWithNewKey(steps, webpayRequest), order), order);
  });

  it("card 'Intentar nuevamente': the new order waits, no payment is started", () => {
    const order = waiting(webpayRequest, 45);
    const steps = testSaga(handlePurchaseRetry, purchaseRetryRequested({ method: 'WEBPAY', orderReference: 'OC000044' }))
      .next()
      .select(selectSessionUserId)
      .next(12)
      .select(selectLastChoices)
      .next(webpayRequest)
      .call(ensurePublicOrigin)
      .next(true)
      .select(selectStartedPayment)
      .next(null)
      .call(callWithTimeout, fetchCart, 12)
      .next(cart)
      .put(totalsLoaded(cart))
      .next();
    endsWaiting(created(createsWithNewKey(steps, webpayRequest), order), order);
  });
});

describe('the whole flow through the store', () => {
  it('a credit sale that waits: never submitted, not kept unfinished, the order in the checkout state', async () => {
    const order = waiting(creditRequest, 42);
    const { storeState } = await expectSaga(checkoutSaga)
      .withReducer(checkoutReducers, buyerState())
      .provide([
        [matchers.call.fn(newIdempotencyKey), KEY],
        [matchers.call.fn(createOrder), order],
        [matchers.call.fn(navigateTo), undefined],
        [matchers.call.fn(notify), undefined],
      ])
      .put(orderCreated(order))
      .put(cartEmptied())
      .not.put(orderInProgress({ order, request: creditRequest }))
      .not.call.fn(submitSalesOrder)
      .not.call.fn(submitReserve)
      .not.call.fn(payCheque)
      .not.put.actionType(paymentStarted.type)
      .call(navigateTo, '/user/orders')
      .dispatch(orderSubmitted({ request: creditRequest, chequePhotoKey: null }))
      .silentRun(50);
    expect(storeState.checkout.order).toEqual(order);
    expect(storeState.checkout.unfinished).toBeNull();
  });
});
