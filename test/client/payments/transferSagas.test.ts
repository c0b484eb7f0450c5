import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { call, delay, take } from 'redux-saga/effects';
import { HttpError } from '@client/api/http';
import { newIdempotencyKey } from '@client/api/idempotency';
import { cartRefreshRequested, invoicePaymentRequested, paymentStarted, paymentStartFailed } from '@client/app/events';
import { navigateTo } from '@client/app/navigation';
import { notify } from '@client/app/notify';
import { ensurePublicOrigin } from '@client/app/publicOrigin';
import { callWithTimeout } from '@client/app/sagaUtils';
import { confirmTransferPayment, createTransferPayment, fetchTransferPayment } from '@client/features/payments/api';
import { keepTransferStart, paymentRedirectOf, storedPaymentOf, transferPaymentIdOf } from '@client/features/payments/keptPayment';
import {
  confirmIfNeeded,
  handlePaymentSettled,
  handleTransferReturnOpened,
  handleTransferStart,
  paymentsSaga,
  pollTransferPayment,
  TRANSFER_POLLING,
  type PollResult,
} from '@client/features/payments/paymentsSagas';
import { selectPaymentAttempt, selectTransferPaymentId } from '@client/features/payments/paymentsSelectors';
import {
  paymentAttemptStarted,
  startFailed,
  transferFailed,
  transferPaymentCreated,
  transferPolled,
  transferPollFailed,
  transferReturnLeft,
  transferReturnOpened,
  transferSettled,
  transferTimedOut,
  type PaymentAttempt,
  type PaymentTarget,
} from '@client/features/payments/paymentsSlice';
import {
  buyerState,
  delayFn,
  delays,
  nextTurn,
  doneNotApplied,
  invoices,
  invoicesTarget,
  KEY,
  keptInvoices,
  khipuCreated,
  order,
  orderTarget,
  paidInvoicesTransfer,
  paidTransfer,
  PAYMENT_ID,
  PAYMENT_URL,
  pendingTransfer,
  rejectedTransfer,
  rootReducer,
  transferStarted,
} from './fixtures';

const polling = TRANSFER_POLLING;
const opened = (paymentId: string | null = PAYMENT_ID) => transferReturnOpened({ paymentId });
const fetchStep = call(callWithTimeout, fetchTransferPayment, PAYMENT_ID);
const never = () => new Promise<never>(() => undefined);
/** How long a whole-flow run may take to settle: every wait is provided, so this only needs to outlast a loaded machine. */
const SETTLE_MS = 500;

afterEach(() => jest.restoreAllMocks());

describe('the spec constants', () => {
  it('polls every 10 seconds (R-PAY-KHI-2), gives up after 10 minutes, after 6 failures in a row', () => {
    expect(TRANSFER_POLLING).toEqual({ intervalMs: 10_000, limitMs: 600_000, maxFailures: 6 });
  });
});

/** The transfer start up to khipu/payments with a new attempt: the key made once, kept, sent. */
const newTransferAttempt = (target: PaymentTarget, attempt: PaymentAttempt) =>
  testSaga(handleTransferStart, target)
    .next()
    .select(selectPaymentAttempt)
    .next(null)
    .call(newIdempotencyKey)
    .next(attempt.key)
    .put(paymentAttemptStarted(attempt))
    .next()
    .call(callWithTimeout, createTransferPayment, attempt.body, attempt.key);

const orderAttempt: PaymentAttempt = { provider: 'KHIPU', target: 'ORDER:OC000044', key: KEY, body: { orderReference: 'OC000044' } };
const invoicesAttempt: PaymentAttempt = { provider: 'KHIPU', target: 'INVOICES:311,318', key: KEY, body: { invoices: [311, 318] } };

describe('transfer start, step by step', () => {
  it('order: khipu/payments with its number and a new key, paymentId and Khipu’s page kept, then /payment in place of the summary', () => {
    newTransferAttempt(orderTarget, orderAttempt)
      .next(khipuCreated)
      .put(keepTransferStart(orderTarget, PAYMENT_ID, PAYMENT_URL))
      .next()
      .put(transferPaymentCreated({ paymentId: PAYMENT_ID, url: PAYMENT_URL }))
      .next()
      .call(navigateTo, '/payment', { replace: true })
      .next()
      .isDone();
  });

  it('invoices: khipu/payments with their docEntries', () => {
    newTransferAttempt(invoicesTarget, invoicesAttempt)
      .next(khipuCreated)
      .put(keepTransferStart(invoicesTarget, PAYMENT_ID, PAYMENT_URL))
      .next()
      .put(transferPaymentCreated({ paymentId: PAYMENT_ID, url: PAYMENT_URL }))
      .next()
      .call(navigateTo, '/payment', { replace: true })
      .next()
      .isDone();
  });

  it('the creation fails: logged (R-PAY-KHI-3), and the buyer is told', () => {
    const error = new HttpError(502, 'Khipu no respondió, intentelo mas tarde');
    newTransferAttempt(orderTarget, orderAttempt)
      .throw(error)
      .call([console, console.error], '[payments] KHIPU start failed', error)
      .next()
      .put(paymentStartFailed({ message: 'No se pudo iniciar el pago con Khipu: Khipu no respondió, intentelo mas tarde', order, standing: null }))
      .next()
      .put(startFailed('Khipu no respondió, intentelo mas tarde'))
      .next()
      .call(notify, 'No se pudo iniciar el pago con Khipu: Khipu no respondió, intentelo mas tarde', 'error')
      .next()
      .isDone();
  });
});

describe('transfer start, whole', () => {
  it('order: paymentId, order and payment_url kept, the browser sent to /payment (which goes to Khipu once)', async () => {
    const { storeState } = await expectSaga(paymentsSaga)
      .withReducer(rootReducer, buyerState())
      .provide([
        [matchers.call.fn(ensurePublicOrigin), true],
        [matchers.call.fn(createTransferPayment), khipuCreated],
        [matchers.call.fn(navigateTo), undefined],
      ])
      .dispatch(paymentStarted({ order, method: 'KHIPU' }))
      .call(navigateTo, '/payment', { replace: true })
      .silentRun(SETTLE_MS);
    expect(storeState.payments.start).toEqual({ status: 'redirecting', method: 'KHIPU', error: null });
    expect(transferPaymentIdOf(storeState.kept)).toBe(PAYMENT_ID);
    expect(JSON.parse(storeState.kept.order ?? 'null')).toEqual(order);
    expect(paymentRedirectOf(storeState.kept)).toEqual({ provider: 'KHIPU', url: PAYMENT_URL });
  });

  it('invoices: the payment pays the invoices and payPending mark Pagar kept', async () => {
    const { storeState } = await expectSaga(paymentsSaga)
      .withReducer(rootReducer, buyerState(2, keptInvoices))
      .provide([
        [matchers.call.fn(ensurePublicOrigin), true],
        [matchers.call.fn(newIdempotencyKey), KEY],
        [matchers.call.fn(createTransferPayment), khipuCreated],
        [matchers.call.fn(navigateTo), undefined],
      ])
      .dispatch(invoicePaymentRequested({ invoices, method: 'KHIPU' }))
      .call(callWithTimeout, createTransferPayment, { invoices: [311, 318] }, KEY)
      .call(navigateTo, '/payment', { replace: true })
      .silentRun(SETTLE_MS);
    expect(storedPaymentOf(storeState.kept)).toEqual({ provider: 'KHIPU', reference: PAYMENT_ID, buyOrder: null, sessionId: null, order: null, invoices });
    expect(storeState.kept.payPending).toBe('X');
  });

  it('one start at a time: a second one while the first runs is ignored', async () => {
    const { effects } = await expectSaga(paymentsSaga)
      .withReducer(rootReducer, buyerState())
      .provide([
        [matchers.call.fn(ensurePublicOrigin), true],
        [matchers.call.fn(createTransferPayment), never()],
      ])
      .dispatch(paymentStarted({ order, method: 'KHIPU' }))
      .dispatch(paymentStarted({ order, method: 'KHIPU' }))
      .silentRun(SETTLE_MS);
    expect(effects.call.filter((effect) => effect.payload.fn === createTransferPayment)).toHaveLength(1);
  });
});

describe('the polling, step by step', () => {
  it('done on the first poll: stops with the payment', () => {
    testSaga(pollTransferPayment, PAYMENT_ID, polling)
      .next()
      .inspect((effect) => expect(effect).toEqual(fetchStep))
      .next(paidTransfer)
      .put(transferPolled(paidTransfer))
      .next()
      .returns({ payment: paidTransfer });
  });

  it('done after N polls: each pending answer waits the interval, then polls again', () => {
    const saga = testSaga(pollTransferPayment, PAYMENT_ID, polling).next();
    for (let i = 0; i < 3; i += 1) {
      saga.inspect((effect) => expect(effect).toEqual(fetchStep)).next(pendingTransfer).put(transferPolled(pendingTransfer)).next().delay(10_000).next();
    }
    saga.inspect((effect) => expect(effect).toEqual(fetchStep)).next(paidTransfer).put(transferPolled(paidTransfer)).next().returns({ payment: paidTransfer });
  });

  it('once (back by cancel_url): the first answer, even pending, and no wait', () => {
    testSaga(pollTransferPayment, PAYMENT_ID, polling, true)
      .next()
      .call(callWithTimeout, fetchTransferPayment, PAYMENT_ID)
      .next(pendingTransfer)
      .put(transferPolled(pendingTransfer))
      .next()
      .returns({ payment: pendingTransfer });
  });

  it('a final portal state stops it even before Khipu says done (expired)', () => {
    const expired = { ...pendingTransfer, state: 'EXPIRED' as const, orderState: 'CANCELED' as const };
    testSaga(pollTransferPayment, PAYMENT_ID, polling).next().next(expired).put(transferPolled(expired)).next().returns({ payment: expired });
  });

  it('a failed poll (network, 5xx) keeps polling; a success resets the count', () => {
    testSaga(pollTransferPayment, PAYMENT_ID, { ...polling, maxFailures: 2 })
      .next()
      .throw(new HttpError(0, 'problema de conexión'))
      .put(transferPollFailed('problema de conexión'))
      .next()
      .delay(10_000)
      .next()
      .next(pendingTransfer)
      .put(transferPolled(pendingTransfer))
      .next()
      .delay(10_000)
      .next()
      .throw(new HttpError(503, 'Khipu no respondió'))
      .put(transferPollFailed('Khipu no respondió'))
      .next()
      .delay(10_000)
      .next()
      .next(paidTransfer)
      .put(transferPolled(paidTransfer))
      .next()
      .returns({ payment: paidTransfer });
  });

  it('failures in a row up to the limit: it gives up with the last message', () => {
    testSaga(pollTransferPayment, PAYMENT_ID, { ...polling, maxFailures: 2 })
      .next()
      .throw(new HttpError(500, 'Internal server error'))
      .put(transferPollFailed('Internal server error'))
      .next()
      .delay(10_000)
      .next()
      .throw(new HttpError(500, 'Internal server error'))
      .returns({ failed: 'Internal server error' });
  });

  it('a definitive error (unknown payment, no session) ends it at once', () => {
    testSaga(pollTransferPayment, PAYMENT_ID, polling).next().throw(new HttpError(404, 'Pago no encontrado')).returns({ failed: 'Pago no encontrado' });
  });
});

describe('the return page’s flow, step by step', () => {
  const pollRace = {
    finished: call(pollTransferPayment, PAYMENT_ID, polling, false),
    left: take(transferReturnLeft.type),
    timeout: delay(polling.limitMs),
  };

  it('the polling ends done and paid: settled, then the outcome applied once', () => {
    testSaga(handleTransferReturnOpened, opened(), polling)
      .next()
      .race(pollRace)
      .next({ finished: { payment: paidTransfer } satisfies PollResult })
      .call(confirmIfNeeded, paidTransfer)
      .next(paidTransfer)
      .put(transferSettled(paidTransfer))
      .next()
      .call(handlePaymentSettled, PAYMENT_ID, 'PAID', 'ORDER')
      .next()
      .isDone();
  });

  it('back by cancel_url: the polling reads once', () => {
    testSaga(handleTransferReturnOpened, transferReturnOpened({ paymentId: PAYMENT_ID, cancelled: true }), polling)
      .next()
      .race({ ...pollRace, finished: call(pollTransferPayment, PAYMENT_ID, polling, true) })
      .next({ finished: { payment: pendingTransfer } satisfies PollResult })
      .call(confirmIfNeeded, pendingTransfer)
      .next(pendingTransfer)
      .put(transferSettled(pendingTransfer))
      .next()
      .call(handlePaymentSettled, PAYMENT_ID, 'CREATED', 'ORDER')
      .next()
      .isDone();
  });

  it('without paymentId in the query: the one kept in the store (its kept slice, read back after Khipu’s page)', () => {
    testSaga(handleTransferReturnOpened, opened(null), polling).next().select(selectTransferPaymentId).next(PAYMENT_ID).race(pollRace);
  });

  it('no payment id anywhere: nothing to validate', () => {
    testSaga(handleTransferReturnOpened, opened(null), polling)
      .next()
      .select(selectTransferPaymentId)
      .next(null)
      .put(transferFailed('No se encontró un pago por transferencia para validar.'))
      .next()
      .isDone();
  });

  it('the buyer leaves the page: the polling is cancelled, nothing else', () => {
    testSaga(handleTransferReturnOpened, opened(), polling).next().race(pollRace).next({ left: transferReturnLeft() }).isDone();
  });

  it('the time limit is reached: still being validated', () => {
    testSaga(handleTransferReturnOpened, opened(), polling)
      .next()
      .race(pollRace)
      .next({ timeout: true })
      .put(transferTimedOut())
      .next()
      .isDone();
  });

  it('the polling gave up: failed with its message', () => {
    testSaga(handleTransferReturnOpened, opened(), polling)
      .next()
      .race(pollRace)
      .next({ finished: { failed: 'Internal server error' } satisfies PollResult })
      .put(transferFailed('Internal server error'))
      .next()
      .isDone();
  });

  it('Khipu says done but the server has not applied it: the server is asked to confirm it', () => {
    testSaga(confirmIfNeeded, doneNotApplied)
      .next()
      .call(callWithTimeout, confirmTransferPayment, PAYMENT_ID)
      .next(paidTransfer)
      .returns(paidTransfer);
  });

  it('the confirm fails: the polled answer stays (logged)', () => {
    const error = new HttpError(502, 'Khipu no respondió');
    testSaga(confirmIfNeeded, doneNotApplied)
      .next()
      .call(callWithTimeout, confirmTransferPayment, PAYMENT_ID)
      .throw(error)
      .call([console, console.error], '[payments] transfer confirm failed', error)
      .next()
      .returns(doneNotApplied);
  });

  it('already applied: no confirm', () => {
    testSaga(confirmIfNeeded, rejectedTransfer).next().returns(rejectedTransfer);
  });
});

describe('the return page’s flow, whole (delays provided)', () => {
  const interval = delays(10_000);
  const pollsOf = (effects: { call?: { payload: { fn: unknown; args: unknown[] } }[] }) =>
    (effects.call ?? []).filter((effect) => effect.payload.fn === fetchTransferPayment).length;
  const waitsOf = (effects: { call?: { payload: { fn: unknown; args: unknown[] } }[] }) =>
    (effects.call ?? []).filter((effect) => effect.payload.fn === delayFn && effect.payload.args[0] === 10_000).length;

  it('done on the first poll: paid, the cart read again, the kept payment forgotten', async () => {
    const { storeState, effects } = await expectSaga(paymentsSaga)
      .withReducer(rootReducer, buyerState(3, transferStarted()))
      .provide([[matchers.call.fn(fetchTransferPayment), paidTransfer], interval])
      .dispatch(opened())
      .put(transferSettled(paidTransfer))
      .put(cartRefreshRequested())
      .silentRun(SETTLE_MS);
    expect(pollsOf(effects)).toBe(1);
    expect(waitsOf(effects)).toBe(0);
    expect(storeState.payments.transfer).toMatchObject({ status: 'finished', payment: paidTransfer, polls: 1, failures: 0, error: null });
    expect(storeState.kept).toEqual({});
  });

  it('done after 4 polls, waiting the 10 seconds between them', async () => {
    const answers = [pendingTransfer, pendingTransfer, pendingTransfer, paidTransfer];
    const { storeState, effects } = await expectSaga(paymentsSaga)
      .withReducer(rootReducer, buyerState())
      .provide([
        { call: (effect, next) => (effect.fn === fetchTransferPayment ? answers.shift() : next()) },
        interval,
      ])
      .dispatch(opened())
      .put(transferSettled(paidTransfer))
      .silentRun(SETTLE_MS);
    expect(pollsOf(effects)).toBe(4);
    expect(waitsOf(effects)).toBe(3);
    expect(storeState.payments.transfer).toMatchObject({ status: 'finished', polls: 4 });
  });

  it('pending invoices paid: settled (the invoices and their mark forgotten with the payment), the cart untouched', async () => {
    const { storeState } = await expectSaga(paymentsSaga)
      .withReducer(rootReducer, buyerState(3, transferStarted(invoicesTarget, keptInvoices)))
      .provide([[matchers.call.fn(fetchTransferPayment), paidInvoicesTransfer], interval])
      .dispatch(opened())
      .put(transferSettled(paidInvoicesTransfer))
      .not.put(cartRefreshRequested())
      .silentRun(SETTLE_MS);
    expect(storeState.cart.count).toBe(3);
    expect(storeState.payments.settled?.invoices).toEqual(invoices);
    expect(storeState.kept).toEqual({});
  });

  it('done but rejected by the payer: settled not paid, the cart read again (its lines are back)', async () => {
    const { storeState } = await expectSaga(paymentsSaga)
      .withReducer(rootReducer, buyerState(3, transferStarted()))
      .provide([[matchers.call.fn(fetchTransferPayment), rejectedTransfer], interval])
      .dispatch(opened())
      .put(transferSettled(rejectedTransfer))
      .put(cartRefreshRequested())
      .silentRun(SETTLE_MS);
    expect(storeState.payments.transfer.payment?.state).toBe('REJECTED');
  });

  it('done, not yet applied by the server: confirmed by POST …/confirm', async () => {
    const { storeState } = await expectSaga(paymentsSaga)
      .withReducer(rootReducer, buyerState())
      .provide([
        [matchers.call.fn(fetchTransferPayment), doneNotApplied],
        [matchers.call.fn(confirmTransferPayment), paidTransfer],
        interval,
      ])
      .dispatch(opened())
      .call(callWithTimeout, confirmTransferPayment, PAYMENT_ID)
      .put(transferSettled(paidTransfer))
      .silentRun(SETTLE_MS);
    expect(storeState.payments.transfer.payment).toEqual(paidTransfer);
  });

  it('failed polls keep it going, then a success', async () => {
    const answers: (() => unknown)[] = [
      () => Promise.reject(new HttpError(0, 'problema de conexión')),
      () => Promise.reject(new HttpError(503, 'Khipu no respondió')),
      () => paidTransfer,
    ];
    const { storeState, effects } = await expectSaga(paymentsSaga)
      .withReducer(rootReducer, buyerState())
      .provide([{ call: (effect, next) => (effect.fn === fetchTransferPayment ? answers.shift()?.() : next()) }, interval])
      .dispatch(opened())
      .put(transferPollFailed('problema de conexión'))
      .put(transferPollFailed('Khipu no respondió'))
      .put(transferSettled(paidTransfer))
      .silentRun(SETTLE_MS);
    expect(pollsOf(effects)).toBe(3);
    expect(storeState.payments.transfer).toMatchObject({ status: 'finished', failures: 0 });
  });

  it('failing every time: gives up after 6 failures in a row with the message', async () => {
    const { storeState, effects } = await expectSaga(paymentsSaga)
      .withReducer(rootReducer, buyerState())
      .provide([[matchers.call.fn(fetchTransferPayment), throwError(new HttpError(500, 'Internal server error'))], interval])
      .dispatch(opened())
      .put(transferFailed('Internal server error'))
      .silentRun(SETTLE_MS);
    expect(pollsOf(effects)).toBe(6);
    expect(storeState.payments.transfer).toMatchObject({ status: 'failed', failures: 5, error: 'Internal server error' });
  });

  it('cancelled when the buyer leaves: no more polls after transferReturnLeft', async () => {
    let polls = 0;
    let release: () => void = () => undefined;
    const { storeState } = await expectSaga(paymentsSaga)
      .withReducer(rootReducer, buyerState())
      .provide([
        {
          call: (effect, next) => {
            if (effect.fn === fetchTransferPayment) {
              polls += 1;
              return pendingTransfer;
            }
            // three polls, then the buyer leaves during the third wait
            if (effect.fn === delayFn && effect.args[0] === 10_000) return polls < 3 ? nextTurn() : new Promise<void>((resolve) => (release = resolve));
            return next();
          },
        },
      ])
      .dispatch(opened())
      // the third wait never ends by itself: however slow the machine, the buyer leaves after the third poll
      .delay(300)
      .dispatch(transferReturnLeft())
      .not.put.actionType(transferSettled.type)
      .not.put.actionType(transferTimedOut.type)
      .silentRun(SETTLE_MS + 300);
    expect(polls).toBe(3);
    expect(storeState.payments.transfer).toMatchObject({ status: 'idle', polls: 3 });
    release(); // the wait ends after the leave: the cancelled polling does not go on
    await nextTurn();
    expect(polls).toBe(3);
  });

  it('back by cancel_url and still pending: read once, no wait, the kept payment kept, the cart kept', async () => {
    const { storeState, effects } = await expectSaga(paymentsSaga)
      .withReducer(rootReducer, buyerState(3, transferStarted()))
      .provide([[matchers.call.fn(fetchTransferPayment), pendingTransfer], interval])
      .dispatch(transferReturnOpened({ paymentId: PAYMENT_ID, cancelled: true }))
      .put(transferSettled(pendingTransfer))
      .not.put(cartRefreshRequested())
      .silentRun(SETTLE_MS);
    expect(pollsOf(effects)).toBe(1);
    expect(waitsOf(effects)).toBe(0);
    expect(storeState.payments.transfer).toMatchObject({ status: 'finished', cancelled: true, payment: pendingTransfer });
    expect(transferPaymentIdOf(storeState.kept)).toBe(PAYMENT_ID);
  });

  it('the time limit is reached while pending: timed out, polling stopped', async () => {
    const { storeState } = await expectSaga(paymentsSaga)
      .withReducer(rootReducer, buyerState())
      .provide([[matchers.call.fn(fetchTransferPayment), pendingTransfer], delays(10_000, { limitMs: 600_000 })])
      .dispatch(opened())
      .put(transferTimedOut())
      .not.put.actionType(transferSettled.type)
      .silentRun(SETTLE_MS);
    expect(storeState.payments.transfer).toMatchObject({ status: 'timedOut', payment: pendingTransfer });
  });

  it('the time limit is a parameter: a short one ends a pending payment', async () => {
    const { storeState } = await expectSaga(handleTransferReturnOpened, opened(), { intervalMs: 10_000, limitMs: 30, maxFailures: 6 })
      .withReducer(rootReducer, buyerState())
      .provide([[matchers.call.fn(fetchTransferPayment), pendingTransfer], interval])
      .put(transferTimedOut())
      .silentRun(200);
    expect(storeState.payments.transfer.status).toBe('timedOut');
  });
});
