import { expectSaga, testSaga } from 'redux-saga-test-plan';
import type { EffectProviders } from 'redux-saga-test-plan/providers';
import { HttpError } from '@client/api/http';
import { newIdempotencyKey } from '@client/api/idempotency';
import { accountPaymentNotStarted, accountPaymentRequested } from '@client/app/events';
import { navigateTo } from '@client/app/navigation';
import { notify } from '@client/app/notify';
import { ensurePublicOrigin } from '@client/app/publicOrigin';
import { createCardPayment, createTransferPayment } from '@client/features/payments/api';
import { keepCardStart, storedPaymentOf } from '@client/features/payments/keptPayment';
import { handleInvoiceRetry, handlePaymentResume, handleCardStart, paymentsSaga, targetOf } from '@client/features/payments/paymentsSagas';
import { selectSettledPayment, selectStoredPayment } from '@client/features/payments/paymentsSelectors';
import type { PaymentTarget } from '@client/features/payments/paymentsSlice';
import type { AccountPaySelection } from '@shared/api/account';
import { cardSessionId } from '@shared/payments';
import { buyerState, KEY, khipuCreated, OTHER_KEY, rootReducer, SESSION_ID, webpayCreated, keptAfter } from '../payments/fixtures';

// A netted payment of the cuenta corriente goes through the existing card and transfer flow: the create's body names
// the documents (`{documents}`), its Idempotency-Key is kept while the outcome is unknown, the same choice in another
// order is the same attempt, and 'Intentar nuevamente' comes back to the account with the same documents.

const twoInvoicesLessCredit: AccountPaySelection[] = [
  { kind: 'invoice', docEntry: 462 },
  { kind: 'creditNote', docEntry: 55 },
  { kind: 'invoice', docEntry: 461 },
];
/** The same choice in the order a create sends it: kind, then docEntry. */
const inOrder: AccountPaySelection[] = [
  { kind: 'creditNote', docEntry: 55 },
  { kind: 'invoice', docEntry: 461 },
  { kind: 'invoice', docEntry: 462 },
];

function providers(create: typeof createCardPayment | typeof createTransferPayment, answers: (() => unknown)[]): EffectProviders {
  const keys = [KEY, OTHER_KEY];
  return {
    call(effect, next) {
      if (effect.fn === ensurePublicOrigin) return true;
      if (effect.fn === newIdempotencyKey) return keys.shift();
      if (effect.fn === cardSessionId) return SESSION_ID;
      if (effect.fn === create) return answers.shift()!();
      if (effect.fn === navigateTo || effect.fn === notify) return undefined;
      return next();
    },
  };
}
const createCalls = (fn: unknown, effects: { call?: { payload: { fn: unknown; args: unknown[] } }[] }) =>
  (effects.call ?? []).filter((effect) => effect.payload.fn === fn).map((effect) => effect.payload.args.slice(0, -1));

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('the target of a netted payment', () => {
  it('names the documents deterministically, with the partial amount', () => {
    const target = (documents: AccountPaySelection[]): PaymentTarget => ({ purpose: 'DOCUMENTS', documents });
    expect(targetOf(target(twoInvoicesLessCredit))).toBe('DOCUMENTS:creditNote:55,invoice:461,invoice:462');
    expect(targetOf(target([...twoInvoicesLessCredit].reverse()))).toBe(targetOf(target(twoInvoicesLessCredit)));
    expect(targetOf(target([{ kind: 'invoice', docEntry: 461, amount: 50_000 }]))).toBe('DOCUMENTS:invoice:461=50000');
    expect(targetOf(target([{ kind: 'invoice', docEntry: 461, amount: 60_000 }]))).not.toBe('DOCUMENTS:invoice:461=50000');
  });
});

describe('card: one key per attempt, the documents in the body', () => {
  it('the create sends {documents, session_id} with its key, keeps the documents for the return, and goes to /payment', async () => {
    const { effects, storeState } = await expectSaga(paymentsSaga)
      .withReducer(rootReducer, buyerState())
      .provide(providers(createCardPayment, [() => webpayCreated]))
      .dispatch(accountPaymentRequested({ documents: twoInvoicesLessCredit, method: 'WEBPAY' }))
      .call(navigateTo, '/payment', { replace: true })
      .silentRun(300);
    expect(createCalls(createCardPayment, effects)).toEqual([[{ documents: inOrder, session_id: SESSION_ID }, KEY]]);
    expect(JSON.parse(storeState.kept.accountDocuments!)).toEqual(twoInvoicesLessCredit);
    expect(storedPaymentOf(storeState.kept)).toMatchObject({ provider: 'WEBPAY', order: null, invoices: null, documents: twoInvoicesLessCredit });
  });

  it('after no answer (502), the same documents chosen in another order send the same key and body', async () => {
    const { effects } = await expectSaga(paymentsSaga)
      .withReducer(rootReducer, buyerState())
      .provide(providers(createCardPayment, [() => Promise.reject(new HttpError(502, 'WebPay no respondió')), () => webpayCreated]))
      .dispatch(accountPaymentRequested({ documents: twoInvoicesLessCredit, method: 'WEBPAY' }))
      .delay(150)
      .dispatch(accountPaymentRequested({ documents: [...twoInvoicesLessCredit].reverse(), method: 'WEBPAY' }))
      .silentRun(500);
    const body = { documents: inOrder, session_id: SESSION_ID };
    expect(createCalls(createCardPayment, effects)).toEqual([
      [body, KEY],
      [body, KEY],
    ]);
  });

  it('a ceded invoice (409): the server words reach the account screen, the key is done', async () => {
    const ceded = 'Cedida a Factoring Andino S.A. (76555444-3): pague directamente al cesionario';
    const { storeState } = await expectSaga(paymentsSaga)
      .withReducer(rootReducer, buyerState())
      .provide(providers(createCardPayment, [() => Promise.reject(new HttpError(409, ceded))]))
      .dispatch(accountPaymentRequested({ documents: [{ kind: 'invoice', docEntry: 470 }], method: 'WEBPAY' }))
      .put(accountPaymentNotStarted(ceded))
      .silentRun(300);
    expect(storeState.payments.attempt).toBeNull();
    expect(storeState.currentAccount.pay).toEqual({ status: 'failed', error: ceded });
  });
});

describe('transfer: the documents in the body', () => {
  it('the create sends {documents} with its key', async () => {
    const { effects } = await expectSaga(paymentsSaga)
      .withReducer(rootReducer, buyerState())
      .provide(providers(createTransferPayment, [() => khipuCreated]))
      .dispatch(accountPaymentRequested({ documents: [{ kind: 'invoice', docEntry: 461, amount: 50_000 }], method: 'KHIPU' }))
      .call(navigateTo, '/payment', { replace: true })
      .silentRun(300);
    expect(createCalls(createTransferPayment, effects)).toEqual([[{ documents: [{ kind: 'invoice', docEntry: 461, amount: 50_000 }] }, KEY]]);
  });
});

describe('after the provider', () => {
  const kept = keptAfter([keepCardStart({ purpose: 'DOCUMENTS', documents: twoInvoicesLessCredit }, webpayCreated)]);
  const stored = storedPaymentOf(kept)!;

  it("'Intentar nuevamente': the cuenta corriente with the same documents and provider", () => {
    testSaga(handleInvoiceRetry)
      .next()
      .select(selectSettledPayment)
      .next(stored)
      .call(navigateTo, '/user/account', { replace: true, state: { reselectDocuments: twoInvoicesLessCredit, method: 'WEBPAY' } })
      .next()
      .isDone();
  });

  it("'Volver a pagar': the same documents again", () => {
    testSaga(handlePaymentResume)
      .next()
      .select(selectStoredPayment)
      .next(stored)
      .call(ensurePublicOrigin)
      .next(true)
      .call(handleCardStart, { purpose: 'DOCUMENTS', documents: twoInvoicesLessCredit })
      .next()
      .isDone();
  });

  it('an order paid later is read as the order, not as the documents left from before', () => {
    const later = keptAfter([keepCardStart({ purpose: 'ORDER', order: { id: 1 } as never }, webpayCreated)], kept);
    expect(storedPaymentOf(later)).toMatchObject({ order: { id: 1 } });
    expect(storedPaymentOf(later)!.documents).toBeUndefined();
  });
});
