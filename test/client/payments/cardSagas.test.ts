import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError, type StaticProvider } from 'redux-saga-test-plan/providers';
import { HttpError } from '@client/api/http';
import { newIdempotencyKey } from '@client/api/idempotency';
import { cartRefreshRequested, invoicePaymentRequested, paymentStarted, paymentStartFailed } from '@client/app/events';
import { navigateTo } from '@client/app/navigation';
import { notify } from '@client/app/notify';
import { ensurePublicOrigin } from '@client/app/publicOrigin';
import { callWithTimeout } from '@client/app/sagaUtils';
import { forgetOrderChoices } from '@client/app/persistence';
import { confirmCardPayment, createCardPayment, fetchCardPaymentState } from '@client/features/payments/api';
import {
  cardTransactionOf,
  forgetPayment,
  keepCardStart,
  paymentRedirectOf,
  storedPaymentOf,
  type StoredPayment,
} from '@client/features/payments/keptPayment';
import {
  handleCardReturnOpened,
  handleCardStart,
  handlePaymentRequest,
  handlePaymentSettled,
  handleTransferStart,
  paymentsSaga,
} from '@client/features/payments/paymentsSagas';
import { selectCardTransaction, selectPaymentAttempt, selectStoredPayment } from '@client/features/payments/paymentsSelectors';
import {
  cardAbortedWithoutResult,
  cardResultFailed,
  cardResultLoaded,
  cardReturnOpened,
  cardTransactionCreated,
  paymentAttemptSettled,
  paymentAttemptStarted,
  startFailed,
  storedPaymentSettled,
  type PaymentAttempt,
  type PaymentTarget,
} from '@client/features/payments/paymentsSlice';
import { cardSessionId } from '@shared/payments';
import {
  abortedCard,
  approvedCard,
  buyerState,
  cardStarted,
  invoices,
  invoicesTarget,
  KEY,
  keptInvoices,
  order,
  orderTarget,
  rejectedCard,
  rootReducer,
  SESSION_ID,
  TOKEN,
  webpayCreated,
} from './fixtures';

const redirect = { url: webpayCreated.url, token: TOKEN };
const { url: _url, ...storedTransaction } = webpayCreated;
const toPaymentPage = { replace: true };
/** What this tab kept of a card payment of the order. */
const storedOrderPayment: StoredPayment = { provider: 'WEBPAY', reference: TOKEN, buyOrder: 'OC000044', sessionId: SESSION_ID, order, invoices: null };
const query = (q: Partial<{ tokenWs: string; tbkToken: string; tbkOrder: string }>) => ({ tokenWs: null, tbkToken: null, tbkOrder: null, ...q });
const logError: [Console, typeof console.error] = [console, console.error];

afterEach(() => jest.restoreAllMocks());

describe('starting a payment: by method and purpose, only from the public origin', () => {
  it('paymentStarted WEBPAY (order summary): the card start for the order', () => {
    testSaga(handlePaymentRequest, paymentStarted({ order, method: 'WEBPAY' }))
      .next()
      .call(ensurePublicOrigin)
      .next(true)
      .call(handleCardStart, orderTarget, false)
      .next()
      .isDone();
  });

  it('paymentStarted by the order summary: the card start that leaves its failure to the summary', () => {
    testSaga(handlePaymentRequest, paymentStarted({ order, method: 'WEBPAY', shownBySummary: true }))
      .next()
      .call(ensurePublicOrigin)
      .next(true)
      .call(handleCardStart, orderTarget, true)
      .next()
      .isDone();
  });

  it('invoicePaymentRequested WEBPAY (pending payments): the card start for the invoices', () => {
    testSaga(handlePaymentRequest, invoicePaymentRequested({ invoices, method: 'WEBPAY' }))
      .next()
      .call(ensurePublicOrigin)
      .next(true)
      .call(handleCardStart, invoicesTarget, false)
      .next()
      .isDone();
  });

  it('KHIPU: the transfer start', () => {
    testSaga(handlePaymentRequest, paymentStarted({ order, method: 'KHIPU' }))
      .next()
      .call(ensurePublicOrigin)
      .next(true)
      .call(handleTransferStart, orderTarget, false)
      .next()
      .isDone();
  });

  it('another origin than PUBLIC_URL: nothing starts (the notice is the origin check’s)', () => {
    testSaga(handlePaymentRequest, paymentStarted({ order, method: 'WEBPAY' })).next().call(ensurePublicOrigin).next(false).isDone();
  });
});

/** The card start up to tbk/create with a new attempt: the session id and the key made once, kept, sent. */
const newCardAttempt = (target: PaymentTarget, attempt: PaymentAttempt) =>
  testSaga(handleCardStart, target)
    .next()
    .select(selectPaymentAttempt)
    .next(null)
    .call(cardSessionId)
    .next(SESSION_ID)
    .call(newIdempotencyKey)
    .next(attempt.key)
    .put(paymentAttemptStarted(attempt))
    .next()
    .call(callWithTimeout, createCardPayment, attempt.body, attempt.key);

const orderAttempt: PaymentAttempt = { provider: 'WEBPAY', target: 'ORDER:OC000044', key: KEY, body: { buy_order: 'OC000044', session_id: SESSION_ID } };
const invoicesAttempt: PaymentAttempt = { provider: 'WEBPAY', target: 'INVOICES:311,318', key: KEY, body: { invoices: [311, 318], session_id: SESSION_ID } };

describe('card start, step by step', () => {
  it('order: tbk/create with buy_order, an OW session id and a new key, datatbk and the redirect kept, then /payment in place of the summary', () => {
    newCardAttempt(orderTarget, orderAttempt)
      .next(webpayCreated)
      .put(keepCardStart(orderTarget, webpayCreated))
      .next()
      .put(cardTransactionCreated(redirect))
      .next()
      .call(navigateTo, '/payment', toPaymentPage)
      .next()
      .isDone();
  });

  it('invoices: tbk/create with their docEntries instead of a buy_order', () => {
    newCardAttempt(invoicesTarget, invoicesAttempt)
      .next({ ...webpayCreated, buy_order: 'PF000012' })
      .put(keepCardStart(invoicesTarget, { ...webpayCreated, buy_order: 'PF000012' }))
      .next()
      .put(cardTransactionCreated(redirect))
      .next()
      .call(navigateTo, '/payment', toPaymentPage)
      .next()
      .isDone();
  });

  it('tbk/create fails (502): logged, the flow failed and the buyer told in Spanish; the key kept, no navigation', () => {
    const error = new HttpError(502, 'WebPay no respondió, intentelo mas tarde');
    newCardAttempt(orderTarget, orderAttempt)
      .throw(error)
      .call(logError, '[payments] WEBPAY start failed', error)
      .next()
      .put(paymentStartFailed({ message: 'No se pudo iniciar el pago con WebPay Plus: WebPay no respondió, intentelo mas tarde', order, standing: null }))
      .next()
      .put(startFailed('WebPay no respondió, intentelo mas tarde'))
      .next()
      .call(notify, 'No se pudo iniciar el pago con WebPay Plus: WebPay no respondió, intentelo mas tarde', 'error')
      .next()
      .isDone();
  });
});

describe('card start of an order from the order summary: where the order stands, in the summary alone', () => {
  it("the server's word on the order (503 with `order`): its message for the summary, no toast", () => {
    const standing = { created: true, purchaseOrderNumber: 'OC000044', orderState: 'PROCESS' as const, paymentStarted: false };
    const text = "Tu pedido OC000044 quedó creado y pendiente de pago: WebPay Plus no respondió y no se cobró nada. Presiona 'Ir a Pagar' para intentar el pago de nuevo; si no se paga en 30 minutos, el pedido se anula y sus productos vuelven a tu carro.";
    const error = new HttpError(503, text, undefined, { order: standing });
    testSaga(handleCardStart, orderTarget, true)
      .next()
      .select(selectPaymentAttempt)
      .next(orderAttempt)
      .call(callWithTimeout, createCardPayment, orderAttempt.body, KEY)
      .throw(error)
      .call(logError, '[payments] WEBPAY start failed', error)
      .next()
      .put(paymentStartFailed({ message: text, order, standing }))
      .next()
      .put(startFailed(text))
      .next()
      .isDone();
  });

  it('no answer: the order exists, unpaid, and Ir a Pagar pays that same order (the key kept)', () => {
    const error = new HttpError(0, 'Failed to fetch');
    testSaga(handleCardStart, orderTarget, true)
      .next()
      .select(selectPaymentAttempt)
      .next(orderAttempt)
      .call(callWithTimeout, createCardPayment, orderAttempt.body, KEY)
      .throw(error)
      .call(logError, '[payments] WEBPAY start failed', error)
      .next()
      .put(
        paymentStartFailed({
          message:
            "Tu pedido OC000044 quedó creado y pendiente de pago, pero no pudimos iniciar el pago con WebPay Plus: Failed to fetch. Presiona 'Ir a Pagar' para intentarlo de nuevo; se paga ese mismo pedido y no se crea otro.",
          order,
          standing: null,
        }),
      )
      .next()
      .put(startFailed('Failed to fetch'))
      .next()
      .isDone();
  });
});

describe('card start: one key per attempt', () => {
  it('tbk/create refused (409): the key is done, then the failure as usual', () => {
    const error = new HttpError(409, 'Ya hay un pago en curso para el pedido OC000044');
    newCardAttempt(orderTarget, orderAttempt)
      .throw(error)
      .put(paymentAttemptSettled())
      .next()
      .call(logError, '[payments] WEBPAY start failed', error)
      .next()
      .put(paymentStartFailed({ message: 'No se pudo iniciar el pago con WebPay Plus: Ya hay un pago en curso para el pedido OC000044', order, standing: null }))
      .next()
      .put(startFailed('Ya hay un pago en curso para el pedido OC000044'))
      .next()
      .call(notify, 'No se pudo iniciar el pago con WebPay Plus: Ya hay un pago en curso para el pedido OC000044', 'error')
      .next()
      .isDone();
  });

  it('the attempt of the same order whose outcome is unknown: its key and body (same session id) again, nothing new made', () => {
    const kept: PaymentAttempt = { ...orderAttempt, body: { buy_order: 'OC000044', session_id: 'OW111111' } };
    testSaga(handleCardStart, orderTarget)
      .next()
      .select(selectPaymentAttempt)
      .next(kept)
      .call(callWithTimeout, createCardPayment, { buy_order: 'OC000044', session_id: 'OW111111' }, KEY)
      .next(webpayCreated)
      .put(keepCardStart(orderTarget, webpayCreated));
  });

  it('an attempt kept for other invoices or for Khipu: a new one', () => {
    const transfer: PaymentAttempt = { provider: 'KHIPU', target: 'ORDER:OC000044', key: 'kept', body: { orderReference: 'OC000044' } };
    for (const kept of [invoicesAttempt, transfer]) {
      testSaga(handleCardStart, orderTarget).next().select(selectPaymentAttempt).next(kept).call(cardSessionId);
    }
  });
});

describe('card start, whole', () => {
  /** From the public origin, WebPay creates the transaction; the navigation is observed. */
  const createsTheTransaction: StaticProvider[] = [
    [matchers.call.fn(ensurePublicOrigin), true],
    [matchers.call.fn(cardSessionId), SESSION_ID],
    [matchers.call.fn(newIdempotencyKey), KEY],
    [matchers.call.fn(createCardPayment), webpayCreated],
    [matchers.call.fn(navigateTo), undefined],
  ];

  it('datatbk, the redirect and the order kept (the kept slice, which a page load reads back), the slice redirecting, navigation to /payment', async () => {
    const { storeState } = await expectSaga(paymentsSaga)
      .withReducer(rootReducer, buyerState())
      .provide(createsTheTransaction)
      .dispatch(paymentStarted({ order, method: 'WEBPAY' }))
      .call(callWithTimeout, createCardPayment, { buy_order: 'OC000044', session_id: SESSION_ID }, KEY)
      .call(navigateTo, '/payment', toPaymentPage)
      .silentRun(50);
    expect(storeState.payments.start).toEqual({ status: 'redirecting', method: 'WEBPAY', error: null });
    expect(storeState.payments.attempt).toBeNull();
    expect(cardTransactionOf(storeState.kept)).toEqual(storedTransaction);
    expect(paymentRedirectOf(storeState.kept)).toEqual({ provider: 'WEBPAY', ...redirect });
    expect(JSON.parse(storeState.kept.order ?? 'null')).toEqual(order);
    expect(storeState.kept.payPending).toBeUndefined();
    expect(storedPaymentOf(storeState.kept)).toEqual(storedOrderPayment);
  });

  it('an order after invoices that were never paid: their payPending mark goes with them', async () => {
    const { storeState } = await expectSaga(paymentsSaga)
      .withReducer(rootReducer, buyerState(2, keptInvoices))
      .provide(createsTheTransaction)
      .dispatch(paymentStarted({ order, method: 'WEBPAY' }))
      .silentRun(50);
    expect(storeState.kept.payPending).toBeUndefined();
    expect(storeState.kept.invoicePendings).toBeUndefined();
    expect(storedPaymentOf(storeState.kept)).toEqual(storedOrderPayment);
  });

  it('invoices: the payment pays the invoices and payPending mark Pagar kept (an order kept from before goes)', async () => {
    const { storeState } = await expectSaga(paymentsSaga)
      .withReducer(rootReducer, buyerState(2, { ...keptInvoices, order: JSON.stringify({ ...order, id: 40 }) }))
      .provide(createsTheTransaction)
      .dispatch(invoicePaymentRequested({ invoices, method: 'WEBPAY' }))
      .call(callWithTimeout, createCardPayment, { invoices: [311, 318], session_id: SESSION_ID }, KEY)
      .silentRun(50);
    expect(storeState.kept.payPending).toBe('X');
    expect(JSON.parse(storeState.kept.invoicePendings ?? 'null')).toEqual(invoices);
    expect(storeState.kept.order).toBeUndefined();
    expect(storedPaymentOf(storeState.kept)).toEqual({ ...storedOrderPayment, order: null, invoices });
  });

  it('a failure leaves the start failed with the message and goes nowhere', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { storeState } = await expectSaga(paymentsSaga)
      .withReducer(rootReducer, buyerState())
      .provide([
        [matchers.call.fn(ensurePublicOrigin), true],
        [matchers.call.fn(createCardPayment), throwError(new HttpError(409, 'El pedido OC000044 ya fue procesado'))],
        [matchers.call.fn(notify), undefined],
      ])
      .dispatch(paymentStarted({ order, method: 'WEBPAY' }))
      .not.call.fn(navigateTo)
      .silentRun(50);
    expect(storeState.payments.start).toEqual({ status: 'failed', method: 'WEBPAY', error: 'El pedido OC000044 ya fue procesado' });
    // a definitive answer (409): the next start is a new attempt
    expect(storeState.payments.attempt).toBeNull();
    expect(cardTransactionOf(storeState.kept)).toBeNull();
  });
});

describe('card result (/payment-verification), step by step', () => {
  it('token_ws: confirm (PUT), the result, then the outcome applied once', () => {
    testSaga(handleCardReturnOpened, cardReturnOpened(query({ tokenWs: TOKEN })))
      .next()
      .call(callWithTimeout, confirmCardPayment, TOKEN)
      .next(approvedCard)
      .put(cardResultLoaded(approvedCard))
      .next()
      .call(handlePaymentSettled, TOKEN, 'PAID', 'ORDER')
      .next()
      .isDone();
  });

  it('TBK_TOKEN (aborted; also with token_ws after an error page): its state (GET), never a commit', () => {
    testSaga(handleCardReturnOpened, cardReturnOpened(query({ tokenWs: TOKEN, tbkToken: TOKEN, tbkOrder: 'OC000044' })))
      .next()
      .call(callWithTimeout, fetchCardPaymentState, TOKEN)
      .next(abortedCard)
      .put(cardResultLoaded(abortedCard))
      .next()
      .call(handlePaymentSettled, TOKEN, 'ABORTED', 'ORDER')
      .next()
      .isDone();
  });

  it('only TBK_ORDEN_COMPRA (timeout in the form) of the transaction this tab started: its state by the stored token', () => {
    testSaga(handleCardReturnOpened, cardReturnOpened(query({ tbkOrder: 'OC000044' })))
      .next()
      .select(selectCardTransaction)
      .next(storedTransaction)
      .call(callWithTimeout, fetchCardPaymentState, TOKEN)
      .next(abortedCard)
      .put(cardResultLoaded(abortedCard))
      .next()
      .call(handlePaymentSettled, TOKEN, 'ABORTED', 'ORDER')
      .next()
      .isDone();
  });

  it('only TBK_ORDEN_COMPRA and no stored transaction of that order: aborted without a result', () => {
    testSaga(handleCardReturnOpened, cardReturnOpened(query({ tbkOrder: 'OC000051' })))
      .next()
      .select(selectCardTransaction)
      .next(storedTransaction)
      .put(cardAbortedWithoutResult('OC000051'))
      .next()
      .isDone();
  });

  it('no parameter and nothing stored: nothing to verify', () => {
    testSaga(handleCardReturnOpened, cardReturnOpened(query({})))
      .next()
      .select(selectCardTransaction)
      .next(null)
      .put(cardResultFailed('No se encontró un pago con tarjeta para verificar.'))
      .next()
      .isDone();
  });

  it('the server fails: its message', () => {
    testSaga(handleCardReturnOpened, cardReturnOpened(query({ tokenWs: TOKEN })))
      .next()
      .call(callWithTimeout, confirmCardPayment, TOKEN)
      .throw(new HttpError(404, 'Pago no encontrado'))
      .put(cardResultFailed('Pago no encontrado'))
      .next()
      .isDone();
  });
});

describe('the outcome of a payment, once', () => {
  it.each(['PAID', 'REJECTED', 'ABORTED', 'EXPIRED'] as const)('%s order this tab started: the kept payment forgotten (what it paid kept in the slice), the cart read again; nothing deleted', (state) => {
    // paid: the order's creation already took the cart's lines; not paid: the server put them back
    let steps = testSaga(handlePaymentSettled, TOKEN, state, 'ORDER')
      .next()
      .select(selectStoredPayment)
      .next(storedOrderPayment)
      .put(forgetPayment())
      .next()
      .put(storedPaymentSettled(storedOrderPayment))
      .next();
    // paid, the order is placed: the order summary's kept choices go (unpaid, 'Intentar nuevamente' uses them)
    if (state === 'PAID') steps = steps.put(forgetOrderChoices()).next();
    steps.put(cartRefreshRequested()).next().isDone();
  });

  it('a reload of the result page (not kept any more): nothing again', () => {
    testSaga(handlePaymentSettled, TOKEN, 'PAID', 'ORDER').next().select(selectStoredPayment).next(null).isDone();
    testSaga(handlePaymentSettled, TOKEN, 'REJECTED', 'ORDER').next().select(selectStoredPayment).next(null).isDone();
  });

  it('another payment than the one this tab started: it stays kept, nothing applied', () => {
    testSaga(handlePaymentSettled, 'another-token', 'PAID', 'ORDER').next().select(selectStoredPayment).next(storedOrderPayment).isDone();
  });

  it('paid or rejected invoices: the cart is not touched', () => {
    const stored: StoredPayment = { ...storedOrderPayment, order: null, invoices };
    for (const state of ['PAID', 'REJECTED'] as const) {
      testSaga(handlePaymentSettled, TOKEN, state, 'INVOICES')
        .next()
        .select(selectStoredPayment)
        .next(stored)
        .put(forgetPayment())
        .next()
        .put(storedPaymentSettled(stored))
        .next()
        .isDone();
    }
  });

  it('no final state yet: the payment stays kept', () => {
    testSaga(handlePaymentSettled, TOKEN, 'CREATED', 'ORDER').next().isDone();
  });
});

describe('card result, whole', () => {
  const openedWith = (q: Parameters<typeof query>[0]) => cardReturnOpened(query(q));

  it('approved: the result loaded, the kept payment settled and forgotten (other kept values stay), the cart read again', async () => {
    const { storeState } = await expectSaga(paymentsSaga)
      .withReducer(rootReducer, buyerState(3, cardStarted(orderTarget, webpayCreated, { reserve: 'X' })))
      .provide([[matchers.call.fn(confirmCardPayment), approvedCard]])
      .dispatch(openedWith({ tokenWs: TOKEN }))
      .call(callWithTimeout, confirmCardPayment, TOKEN)
      .put(cartRefreshRequested())
      .silentRun(50);
    expect(storeState.payments.verification).toEqual({ status: 'loaded', result: approvedCard, abortedOrder: null, error: null });
    // every key of the payment goes; what else is kept stays
    expect(storeState.kept).toEqual({ reserve: 'X' });
    expect(storeState.payments.settled).toEqual(storedOrderPayment);
  });

  it('rejected: the result loaded, the cart read again (its lines are back)', async () => {
    const { storeState } = await expectSaga(paymentsSaga)
      .withReducer(rootReducer, buyerState(3, cardStarted()))
      .provide([[matchers.call.fn(confirmCardPayment), rejectedCard]])
      .dispatch(openedWith({ tokenWs: TOKEN }))
      .put(cartRefreshRequested())
      .silentRun(50);
    expect(storeState.payments.verification.result).toEqual(rejectedCard);
    expect(cardTransactionOf(storeState.kept)).toBeNull();
  });

  it('aborted (TBK_TOKEN): GET state, no commit', async () => {
    const { storeState } = await expectSaga(paymentsSaga)
      .withReducer(rootReducer, buyerState())
      .provide([[matchers.call.fn(fetchCardPaymentState), abortedCard]])
      .dispatch(openedWith({ tbkToken: TOKEN, tbkOrder: 'OC000044' }))
      .call(callWithTimeout, fetchCardPaymentState, TOKEN)
      .not.call.fn(confirmCardPayment)
      .silentRun(50);
    expect(storeState.payments.verification).toMatchObject({ status: 'loaded', result: abortedCard });
  });

  it('a failure: failed with the Spanish message', async () => {
    const { storeState } = await expectSaga(paymentsSaga)
      .withReducer(rootReducer, buyerState())
      .provide([[matchers.call.fn(confirmCardPayment), throwError(new HttpError(0, 'problema de conexión'))]])
      .dispatch(openedWith({ tokenWs: TOKEN }))
      .silentRun(50);
    expect(storeState.payments.verification).toEqual({ status: 'failed', result: null, abortedOrder: null, error: 'problema de conexión' });
  });
});
