import { expectSaga } from 'redux-saga-test-plan';
import type { EffectProviders } from 'redux-saga-test-plan/providers';
import { HttpError } from '@client/api/http';
import { newIdempotencyKey } from '@client/api/idempotency';
import { invoicePaymentRequested, loggedOut, paymentStarted } from '@client/app/events';
import { navigateTo } from '@client/app/navigation';
import { notify } from '@client/app/notify';
import { ensurePublicOrigin } from '@client/app/publicOrigin';
import { REQUEST_TIMEOUT_MS } from '@client/app/sagaUtils';
import { createCardPayment, createTransferPayment } from '@client/features/payments/api';
import { paymentsSaga } from '@client/features/payments/paymentsSagas';
import { paymentsReducer, type PaymentAttempt } from '@client/features/payments/paymentsSlice';
import { cardSessionId } from '@shared/payments';
import { buyerState, delayFn, invoices, KEY, khipuCreated, order, OTHER_KEY, rootReducer, SESSION_ID, webpayCreated } from './fixtures';

// One Idempotency-Key per attempt to create a payment at its provider: made once, sent with the create, sent again (with
// the same body) after a create without an answer, done after any definitive answer.

type Create = typeof createCardPayment | typeof createTransferPayment;

/**
 * `answers` for `create` in turn; newIdempotencyKey gives KEY, then OTHER_KEY; cardSessionId OW482913, then OW000002.
 * With `timesOut` the first request timeout ends at once.
 */
function providers(create: Create, answers: (() => unknown)[], timesOut = false): EffectProviders {
  const keys = [KEY, OTHER_KEY];
  const sessions = [SESSION_ID, 'OW000002'];
  let timeouts = timesOut ? 0 : 1;
  return {
    call(effect, next) {
      if (effect.fn === ensurePublicOrigin) return true;
      if (effect.fn === newIdempotencyKey) return keys.shift();
      if (effect.fn === cardSessionId) return sessions.shift();
      if (effect.fn === create) return answers.shift()!();
      if (effect.fn === delayFn && effect.args[0] === REQUEST_TIMEOUT_MS && timeouts++ === 0) return true;
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
const apiCallsOf = (fn: unknown, effects: { call?: { payload: { fn: unknown; args: unknown[] } }[] }) =>
  (effects.call ?? []).filter((effect) => effect.payload.fn === fn).map((effect) => ownArgs(effect.payload.args));
const callsOf = (fn: unknown, effects: { call?: { payload: { fn: unknown; args: unknown[] } }[] }) =>
  (effects.call ?? []).filter((effect) => effect.payload.fn === fn).map((effect) => effect.payload.args);

// The runs are in real time: a second start goes 150 ms after the first, once the first attempt has settled, and each
// run lasts 500 ms (20 and 80 ms were too short on a loaded CI machine: the second start's navigation was missed).
beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('card payment of an order: one key per attempt', () => {
  const start = paymentStarted({ order, method: 'WEBPAY' });
  const body = { buy_order: 'OC000044', session_id: SESSION_ID };

  it.each([
    ['a timeout', never, true],
    ['a network failure (status 0)', () => Promise.reject(new HttpError(0, 'Failed to fetch')), false],
    ['a failure of WebPay (502)', () => Promise.reject(new HttpError(502, 'WebPay no respondió, intentelo mas tarde')), false],
  ])('after %s the next start sends the same key and body (same session id) and gets the transaction', async (_what, firstAnswer, timesOut) => {
    const { storeState, effects } = await expectSaga(paymentsSaga)
      .withReducer(rootReducer, buyerState())
      .provide(providers(createCardPayment, [firstAnswer, () => webpayCreated], timesOut))
      .dispatch(start)
      .delay(150)
      .dispatch(start)
      .call(navigateTo, '/payment', { replace: true })
      .silentRun(500);
    expect(apiCallsOf(createCardPayment, effects)).toEqual([
      [body, KEY],
      [body, KEY],
    ]);
    expect(callsOf(newIdempotencyKey, effects)).toHaveLength(1);
    expect(callsOf(cardSessionId, effects)).toHaveLength(1);
    expect(storeState.payments).toMatchObject({ start: { status: 'redirecting' }, attempt: null });
  });

  it('without an answer: the start failed, the attempt kept in the slice', async () => {
    const { storeState } = await expectSaga(paymentsSaga)
      .withReducer(rootReducer, buyerState())
      .provide(providers(createCardPayment, [never], true))
      .dispatch(start)
      .silentRun(300);
    const attempt: PaymentAttempt = { provider: 'WEBPAY', target: 'ORDER:OC000044', key: KEY, body };
    expect(storeState.payments).toMatchObject({ start: { status: 'failed', error: 'problema de conexión' }, attempt });
  });

  it('a definitive answer (409) ends the key: the next start makes a new key and session id', async () => {
    const inProgress = () => Promise.reject(new HttpError(409, 'Ya hay un pago en curso para el pedido OC000044'));
    const { storeState, effects } = await expectSaga(paymentsSaga)
      .withReducer(rootReducer, buyerState())
      .provide(providers(createCardPayment, [inProgress, () => webpayCreated]))
      .dispatch(start)
      .delay(150)
      .dispatch(start)
      .silentRun(500);
    expect(apiCallsOf(createCardPayment, effects)).toEqual([
      [body, KEY],
      [{ buy_order: 'OC000044', session_id: 'OW000002' }, OTHER_KEY],
    ]);
    expect(storeState.payments.attempt).toBeNull();
  });
});

describe('transfer payment of pending invoices: one key per attempt', () => {
  const start = invoicePaymentRequested({ invoices, method: 'KHIPU' });

  it('after a failure of Khipu (503) the same invoices again send the same key', async () => {
    const { storeState, effects } = await expectSaga(paymentsSaga)
      .withReducer(rootReducer, buyerState())
      .provide(providers(createTransferPayment, [() => Promise.reject(new HttpError(503, 'Khipu no está disponible, intentelo mas tarde')), () => khipuCreated]))
      .dispatch(start)
      .delay(150)
      .dispatch(start)
      .call(navigateTo, '/payment', { replace: true })
      .silentRun(500);
    expect(apiCallsOf(createTransferPayment, effects)).toEqual([
      [{ invoices: [311, 318] }, KEY],
      [{ invoices: [311, 318] }, KEY],
    ]);
    expect(storeState.payments.attempt).toBeNull();
  });

  it('other invoices: a new key', async () => {
    const unknown = () => Promise.reject(new HttpError(0, 'Failed to fetch'));
    const { effects } = await expectSaga(paymentsSaga)
      .withReducer(rootReducer, buyerState())
      .provide(providers(createTransferPayment, [unknown, () => khipuCreated]))
      .dispatch(start)
      .delay(150)
      .dispatch(invoicePaymentRequested({ invoices: invoices.slice(0, 1), method: 'KHIPU' }))
      .silentRun(500);
    expect(apiCallsOf(createTransferPayment, effects)).toEqual([
      [{ invoices: [311, 318] }, KEY],
      [{ invoices: [311] }, OTHER_KEY],
    ]);
  });

  it('another buyer may log in next: the key does not stay', () => {
    const attempt: PaymentAttempt = { provider: 'KHIPU', target: 'INVOICES:311,318', key: KEY, body: { invoices: [311, 318] } };
    expect(paymentsReducer({ ...buyerState().payments, attempt }, loggedOut()).attempt).toBeNull();
  });
});
