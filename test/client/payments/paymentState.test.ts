import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { take } from 'redux-saga/effects';
import { HttpError } from '@client/api/http';
import { newIdempotencyKey } from '@client/api/idempotency';
import { confirmAccepted, confirmDeclined, confirmRequested } from '@client/app/confirmSlice';
import { cartRefreshRequested } from '@client/app/events';
import { navigateTo } from '@client/app/navigation';
import { ensurePublicOrigin } from '@client/app/publicOrigin';
import { callWithTimeout } from '@client/app/sagaUtils';
import { createCardPayment, fetchCardPaymentState, fetchOrder, fetchTransferPayment } from '@client/features/payments/api';
import { leaveTo, replaceWith } from '@client/app/browser';
import { cardTransactionOf, paymentRedirectTaken, storedPaymentOf, type StoredPayment } from '@client/features/payments/keptPayment';
import {
  handleBackToCart,
  handleCardStart,
  handleInvoiceRetry,
  handleLoadPaymentState,
  handlePaymentAbort,
  handlePaymentPageOpened,
  handlePaymentResume,
  handlePaymentSettled,
  paymentsSaga,
} from '@client/features/payments/paymentsSagas';
import {
  paymentOutcome,
  selectHasSession,
  selectPaymentRedirect,
  selectProviderRedirect,
  selectSettledPayment,
  selectStoredPayment,
} from '@client/features/payments/paymentsSelectors';
import {
  backToCartRequested,
  nothingToRedirect,
  paymentAbortRequested,
  paymentPageOpened,
  paymentResumeRequested,
  paymentStateFailed,
  paymentStateLoaded,
  paymentStateLoadStarted,
  paymentStateRequested,
  providerRedirectReady,
  providerRedirectSent,
  startFailed,
  type PaymentStanding,
  type ProviderRedirect,
} from '@client/features/payments/paymentsSlice';
import { cardSessionId } from '@shared/payments';
import {
  approvedCard,
  buyerState,
  cardStarted,
  invoices,
  KEY,
  order,
  orderIn,
  openCard,
  PAYMENT_ID,
  PAYMENT_URL,
  pendingTransfer,
  rejectedCard,
  redirectTaken,
  rejectedTransfer,
  rootReducer,
  SESSION_ID,
  TOKEN,
  transferStarted,
  webpayCreated,
} from './fixtures';

// /payment consumes what it sends once; with nothing to send it states the payment this tab started as the server
// tells it, and offers the next step.

const cardRedirect: ProviderRedirect = { provider: 'WEBPAY', url: webpayCreated.url, token: TOKEN };
const khipuRedirect: ProviderRedirect = { provider: 'KHIPU', url: PAYMENT_URL };
const storedCard: StoredPayment = { provider: 'WEBPAY', reference: TOKEN, buyOrder: 'OC000044', sessionId: SESSION_ID, order, invoices: null };
const storedTransfer: StoredPayment = { provider: 'KHIPU', reference: PAYMENT_ID, buyOrder: null, sessionId: null, order, invoices: null };
const storedInvoices: StoredPayment = { ...storedCard, buyOrder: 'FAC173159040000012', order: null, invoices };

const standing = (over: Partial<PaymentStanding>): PaymentStanding => ({
  provider: 'WEBPAY',
  purpose: 'ORDER',
  reference: TOKEN,
  outcome: 'open',
  paymentState: 'CREATED',
  orderReference: 'OC000044',
  orderState: 'PROCESS',
  amount: 462672,
  ...over,
});

afterEach(() => jest.restoreAllMocks());

describe('the state page’s rule (the server’s answers only)', () => {
  it.each([
    ['PAID', 'CONFIRMED', 'paid'],
    ['PAID', null, 'paid'],
    ['CREATED', 'CONFIRMED', 'paid'],
    ['REJECTED', 'CANCELED', 'failed'],
    ['ABORTED', 'CANCELED', 'failed'],
    ['EXPIRED', 'CANCELED', 'failed'],
    ['REJECTED', null, 'failed'],
    ['CREATED', 'CANCELED', 'failed'],
    ['CREATED', 'PROCESS', 'open'],
    ['CREATED', null, 'open'],
    [null, 'PROCESS', 'unknown'],
    [null, null, 'unknown'],
  ] as const)('payment %s, order %s: %s', (paymentState, orderState, outcome) => {
    expect(paymentOutcome(paymentState, orderState)).toBe(outcome);
  });
});

describe('/payment opened, step by step', () => {
  it('a card payment to send: taken (forgotten in the kept slice) and handed to the page, which posts the form', () => {
    testSaga(handlePaymentPageOpened)
      .next()
      .select(selectProviderRedirect)
      .next({ status: 'idle', target: null })
      .select(selectPaymentRedirect)
      .next(cardRedirect)
      .put(paymentRedirectTaken())
      .next()
      .put(providerRedirectReady(cardRedirect))
      .next()
      .isDone();
  });

  it('a transfer to send: taken, then the browser goes to Khipu’s page', () => {
    testSaga(handlePaymentPageOpened)
      .next()
      .select(selectProviderRedirect)
      .next({ status: 'idle', target: null })
      .select(selectPaymentRedirect)
      .next(khipuRedirect)
      .put(paymentRedirectTaken())
      .next()
      .put(providerRedirectReady(khipuRedirect))
      .next()
      .call(leaveTo, PAYMENT_URL)
      .next()
      .put(providerRedirectSent())
      .next()
      .isDone();
  });

  it('nothing to send (Back from the provider, a later visit): the state of the payment instead', () => {
    testSaga(handlePaymentPageOpened)
      .next()
      .select(selectProviderRedirect)
      .next({ status: 'sent', target: cardRedirect })
      .select(selectPaymentRedirect)
      .next(null)
      .put(nothingToRedirect())
      .next()
      .call(handleLoadPaymentState)
      .next()
      .isDone();
  });

  it('a redirect taken and not yet sent (the mount effect run twice): kept, nothing taken again', () => {
    testSaga(handlePaymentPageOpened).next().select(selectProviderRedirect).next({ status: 'ready', target: cardRedirect }).isDone();
  });
});

describe('the state of the payment, step by step', () => {
  it('card: its state route (which settles an open one), then the order, then the standing and the outcome applied once', () => {
    testSaga(handleLoadPaymentState)
      .next()
      .select(selectHasSession)
      .next(true)
      .select(selectStoredPayment)
      .next(storedCard)
      .put(paymentStateLoadStarted())
      .next()
      .call(callWithTimeout, fetchCardPaymentState, TOKEN)
      .next(openCard)
      .call(callWithTimeout, fetchOrder, 44)
      .next(orderIn('PROCESS'))
      .put(paymentStateLoaded(standing({})))
      .next()
      .call(handlePaymentSettled, TOKEN, 'CREATED', 'ORDER')
      .next()
      .isDone();
  });

  it('transfer: Khipu’s payment as the server reads it', () => {
    testSaga(handleLoadPaymentState)
      .next()
      .select(selectHasSession)
      .next(true)
      .select(selectStoredPayment)
      .next(storedTransfer)
      .put(paymentStateLoadStarted())
      .next()
      .call(callWithTimeout, fetchTransferPayment, PAYMENT_ID)
      .next(rejectedTransfer)
      .call(callWithTimeout, fetchOrder, 44)
      .next(orderIn('CANCELED'))
      .put(paymentStateLoaded(standing({ provider: 'KHIPU', reference: PAYMENT_ID, outcome: 'failed', paymentState: 'REJECTED', orderState: 'CANCELED' })))
      .next()
      .call(handlePaymentSettled, PAYMENT_ID, 'REJECTED', 'ORDER')
      .next()
      .isDone();
  });

  it('no payment started in this tab: says so, asks nothing', () => {
    testSaga(handleLoadPaymentState).next().select(selectHasSession).next(true).select(selectStoredPayment).next(null).put(paymentStateLoaded(null)).next().isDone();
  });

  it('without a session: nothing is asked (the page asks to log in)', () => {
    testSaga(handleLoadPaymentState).next().select(selectHasSession).next(false).isDone();
  });

  it('the server fails: its message (the page offers Reintentar)', () => {
    testSaga(handleLoadPaymentState)
      .next()
      .select(selectHasSession)
      .next(true)
      .select(selectStoredPayment)
      .next(storedCard)
      .put(paymentStateLoadStarted())
      .next()
      .call(callWithTimeout, fetchCardPaymentState, TOKEN)
      .throw(new HttpError(503, 'WebPay no respondió, intentelo mas tarde'))
      .put(paymentStateFailed({ message: 'WebPay no respondió, intentelo mas tarde', status: 503 }))
      .next()
      .isDone();
  });
});

describe('/payment consumes its transaction once, whole', () => {
  it('the first visit posts; Back (a second visit) has nothing to post and states the open payment with the server’s words', async () => {
    const { storeState, effects } = await expectSaga(paymentsSaga)
      .withReducer(rootReducer, buyerState(2, cardStarted()))
      .provide([
        [matchers.call.fn(fetchCardPaymentState), openCard],
        [matchers.call.fn(fetchOrder), orderIn('PROCESS')],
      ])
      .dispatch(paymentPageOpened())
      .put(providerRedirectReady(cardRedirect))
      .delay(10)
      // the page posted the form
      .dispatch(providerRedirectSent())
      .delay(10)
      // Back from WebPay's form: the page opens again
      .dispatch(paymentPageOpened())
      .put(nothingToRedirect())
      .silentRun(50);
    expect(storeState.payments.redirect).toEqual({ status: 'none', target: null });
    expect(storeState.payments.standing).toEqual({ status: 'loaded', payment: standing({}), error: null });
    expect((effects.call ?? []).filter((effect) => effect.payload.fn === fetchCardPaymentState)).toHaveLength(1);
    // the redirect is gone, the payment itself is still this tab's (open: no outcome to apply)
    expect(storeState.kept.paymentRedirect).toBeUndefined();
    expect(cardTransactionOf(storeState.kept)).toMatchObject({ token: TOKEN });
  });

  it('a payment that ended rejected: failed, the lines back (the cart read again), the kept payment forgotten', async () => {
    const { storeState } = await expectSaga(paymentsSaga)
      .withReducer(rootReducer, buyerState(2, redirectTaken(cardStarted())))
      .provide([
        [matchers.call.fn(fetchCardPaymentState), rejectedCard],
        [matchers.call.fn(fetchOrder), orderIn('CANCELED')],
      ])
      .dispatch(paymentPageOpened())
      .put(cartRefreshRequested())
      .silentRun(50);
    expect(storeState.payments.standing.payment).toEqual(standing({ outcome: 'failed', paymentState: 'REJECTED', orderState: 'CANCELED' }));
    expect(storeState.payments.settled).toEqual(storedCard);
    expect(storedPaymentOf(storeState.kept)).toBeNull();
  });

  it('a payment the reconciler confirmed meanwhile: paid', async () => {
    const { storeState } = await expectSaga(paymentsSaga)
      .withReducer(rootReducer, buyerState(2, redirectTaken(cardStarted())))
      .provide([
        [matchers.call.fn(fetchCardPaymentState), approvedCard],
        [matchers.call.fn(fetchOrder), orderIn('CONFIRMED')],
      ])
      .dispatch(paymentStateRequested())
      .silentRun(50);
    expect(storeState.payments.standing.payment).toMatchObject({ outcome: 'paid', paymentState: 'PAID', orderState: 'CONFIRMED' });
  });

  it('Khipu: the page is left to once; Back lands on the state of the still pending charge', async () => {
    const { storeState, effects } = await expectSaga(paymentsSaga)
      .withReducer(rootReducer, buyerState(2, transferStarted({ purpose: 'ORDER', order: { ...order, paymentMethod: 'KHIPU' } })))
      .provide([
        [matchers.call.fn(leaveTo), undefined],
        [matchers.call.fn(fetchTransferPayment), pendingTransfer],
        [matchers.call.fn(fetchOrder), orderIn('PROCESS')],
      ])
      .dispatch(paymentPageOpened())
      .delay(10)
      .dispatch(paymentPageOpened())
      .silentRun(80);
    expect((effects.call ?? []).filter((effect) => effect.payload.fn === leaveTo)).toHaveLength(1);
    expect(storeState.payments.standing.payment).toEqual(standing({ provider: 'KHIPU', reference: PAYMENT_ID }));
  });
});

describe('Volver a pagar', () => {
  it('step by step: the stored payment’s order, from the public origin, with its provider', () => {
    testSaga(handlePaymentResume)
      .next()
      .select(selectStoredPayment)
      .next(storedCard)
      .call(ensurePublicOrigin)
      .next(true)
      .call(handleCardStart, { purpose: 'ORDER', order })
      .next()
      .isDone();
  });

  it('nothing stored: says so', () => {
    testSaga(handlePaymentResume).next().select(selectStoredPayment).next(null).put(startFailed('No hay un pago en curso para volver a pagar.')).next().isDone();
  });

  it('whole: the create answers the same open transaction, /payment posts it again', async () => {
    const { storeState } = await expectSaga(paymentsSaga)
      .withReducer(rootReducer, buyerState(2, redirectTaken(cardStarted())))
      .provide([
        [matchers.call.fn(ensurePublicOrigin), true],
        [matchers.call.fn(cardSessionId), 'OW000007'],
        [matchers.call.fn(newIdempotencyKey), KEY],
        [matchers.call.fn(createCardPayment), webpayCreated],
        [matchers.call.fn(navigateTo), undefined],
      ])
      .dispatch(paymentResumeRequested())
      .call(callWithTimeout, createCardPayment, { buy_order: 'OC000044', session_id: 'OW000007' }, KEY)
      .call(navigateTo, '/payment', { replace: true })
      .silentRun(50);
    expect(storeState.payments.start.status).toBe('redirecting');
    expect(JSON.parse(storeState.kept.paymentRedirect ?? 'null')).toEqual(cardRedirect);
  });
});

describe('Anular (card), after a confirmation', () => {
  const abortUrl = `/api/payments/webpay/return?TBK_TOKEN=${TOKEN}&TBK_ORDEN_COMPRA=OC000044&TBK_ID_SESION=${SESSION_ID}`;
  const asked = () =>
    testSaga(handlePaymentAbort)
      .next()
      .select(selectStoredPayment)
      .next(storedCard)
      .put(
        confirmRequested({
          title: '¿Anular el pago?',
          text: 'Se anulará el pago del pedido OC000044 y sus productos volverán a tu carro.',
          positive: 'Anular pago',
          negative: 'No anular',
        }),
      )
      .next()
      .race([take(confirmAccepted.type), take(confirmDeclined.type)]);

  it('confirmed: the browser brings WebPay’s own abort return for this payment (the server decides it)', () => {
    asked().next([confirmAccepted(), undefined]).call(replaceWith, abortUrl).next().isDone();
  });

  it('declined: nothing happens', () => {
    asked().next([undefined, confirmDeclined()]).isDone();
  });

  it('a transfer cannot be given up from the portal: says so', () => {
    testSaga(handlePaymentAbort).next().select(selectStoredPayment).next(storedTransfer).put(startFailed('Este pago no se puede anular desde el portal.')).next().isDone();
  });

  it('whole: the dialog, Anular pago, the abort return', async () => {
    const { storeState } = await expectSaga(paymentsSaga)
      .withReducer(rootReducer, buyerState(2, cardStarted()))
      .provide([[matchers.call.fn(replaceWith), undefined]])
      .dispatch(paymentAbortRequested())
      .dispatch(confirmAccepted())
      .call(replaceWith, abortUrl)
      .silentRun(50);
    expect(storeState.confirm.request).toBeNull();
  });
});

describe('Volver al carro and Intentar nuevamente of invoices', () => {
  it('Volver al carro: the cart read again, then the cart detail in place of the result', () => {
    testSaga(handleBackToCart).next().put(cartRefreshRequested()).next().call(navigateTo, '/user/cart-detail', { replace: true }).next().isDone();
  });

  it('Volver al carro, whole', async () => {
    await expectSaga(paymentsSaga)
      .withReducer(rootReducer, buyerState())
      .provide([[matchers.call.fn(navigateTo), undefined]])
      .dispatch(backToCartRequested())
      .put(cartRefreshRequested())
      .call(navigateTo, '/user/cart-detail', { replace: true })
      .silentRun(50);
  });

  it('Intentar nuevamente of invoices: the pending payments with the same invoices and provider', () => {
    testSaga(handleInvoiceRetry)
      .next()
      .select(selectSettledPayment)
      .next(storedInvoices)
      .call(navigateTo, '/user/pending-payments', { replace: true, state: { reselect: [311, 318], method: 'WEBPAY' } })
      .next()
      .isDone();
  });

  it('the state page’s failure is retried with paymentStateRequested', async () => {
    let answers = 0;
    const { storeState } = await expectSaga(paymentsSaga)
      .withReducer(rootReducer, buyerState(2, cardStarted()))
      .provide({
        call(effect, next) {
          if (effect.fn === fetchCardPaymentState) {
            answers += 1;
            if (answers === 1) throw new HttpError(0, 'problema de conexión');
            return openCard;
          }
          if (effect.fn === fetchOrder) return orderIn('PROCESS');
          return next();
        },
      })
      .dispatch(paymentStateRequested())
      .put(paymentStateFailed({ message: 'problema de conexión', status: 0 }))
      .dispatch(paymentStateRequested())
      .silentRun(50);
    expect(storeState.payments.standing).toEqual({ status: 'loaded', payment: standing({}), error: null });
  });
});
