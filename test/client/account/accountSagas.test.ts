import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { call, delay, take } from 'redux-saga/effects';
import { HttpError } from '@client/api/http';
import { invoicePaymentRequested, loggedOut } from '@client/app/events';
import { messageShown } from '@client/app/messageSlice';
import { kept } from '@client/app/persistence';
import { fetchPendingDocuments, fetchPurchaseHistory, fetchPurchaseHistoryLines } from '@client/features/account/api';
import {
  handleLoadDetail,
  handleLoadHistory,
  handleLoadPending,
  handlePaymentSubmitted,
} from '@client/features/account/accountSagas';
import { selectCustomerId, selectPendingDocuments } from '@client/features/account/accountSelectors';
import {
  accountReducer,
  historyDetailClosed,
  historyDetailLoaded,
  historyDetailLoadFailed,
  historyDetailOpened,
  historyLoaded,
  historyLoadFailed,
  historyLoadStarted,
  initialAccountState,
  pendingLoaded,
  pendingLoadFailed,
  pendingLoadStarted,
  pendingPaymentSubmitted,
} from '@client/features/account/accountSlice';
import { buyerProfile } from '../renderWithProviders';
import { accountReducers, detailLines, historyHeaders, pendingDocuments, storeWith } from './fixtures';
import { callWithTimeout } from '@client/app/sagaUtils';
import { MSG } from '@shared/messages';

const delayFn = delay(0).payload.fn;
/** The timeout branch of a race: the delay answers at once (no fake timers with expectSaga). */
const timeoutNow: [matchers.Matcher, unknown] = [matchers.call.fn(delayFn), true];
const never = () => new Promise<never>(() => undefined);

const erpError = (message: string) => messageShown({ tipoMessage: 'Error', message: ` ${message}, intentelo mas tarde (B1) ` });
const order = historyHeaders[1];

describe('pending payments load, step by step', () => {
  it('success: GET with the profile idcliente, then the documents in the slice', () => {
    testSaga(handleLoadPending)
      .next()
      .put(pendingLoadStarted())
      .next()
      .select(selectCustomerId)
      .next('C76123456')
      .call(callWithTimeout, fetchPendingDocuments, 'C76123456')
      .next(pendingDocuments)
      .put(pendingLoaded(pendingDocuments))
      .next()
      .isDone();
  });

  it('failure: failed status and " {message}, intentelo mas tarde (B1) " titled Error', () => {
    testSaga(handleLoadPending)
      .next()
      .put(pendingLoadStarted())
      .next()
      .select(selectCustomerId)
      .next('C76123456')
      .call(callWithTimeout, fetchPendingDocuments, 'C76123456')
      .throw(new HttpError(503, 'ERP no disponible'))
      .put(pendingLoadFailed({ message: 'ERP no disponible', status: 503 }))
      .next()
      .put(erpError('ERP no disponible'))
      .next()
      .isDone();
  });

  it('timeout: a connection problem', () => {
    testSaga(handleLoadPending)
      .next()
      .put(pendingLoadStarted())
      .next()
      .select(selectCustomerId)
      .next('C76123456')
      .call(callWithTimeout, fetchPendingDocuments, 'C76123456')
      .throw(new HttpError(0, MSG.connectionProblem))
      .put(pendingLoadFailed({ message: 'problema de conexión', status: 0 }))
      .next()
      .put(erpError('problema de conexión'))
      .next()
      .isDone();
  });

  it('no ERP profile in the session: no call, the error says so', () => {
    testSaga(handleLoadPending)
      .next()
      .put(pendingLoadStarted())
      .next()
      .select(selectCustomerId)
      .next(null)
      .put(pendingLoadFailed({ message: 'No se pudo identificar al cliente', status: 0 }))
      .next()
      .put(erpError('No se pudo identificar al cliente'))
      .next()
      .isDone();
  });

  it('with the reducer: the documents end up in the slice', async () => {
    const { storeState } = await expectSaga(handleLoadPending)
      .withReducer(accountReducers, storeWith())
      .provide([[matchers.call.fn(fetchPendingDocuments), pendingDocuments]])
      .run();
    expect(storeState.account.pending).toEqual({ status: 'loaded', data: pendingDocuments, error: null });
    expect(storeState.message.current).toBeNull();
  });

  it('with the reducer: a failure ends failed, with the message in the bar', async () => {
    const { storeState } = await expectSaga(handleLoadPending)
      .withReducer(accountReducers, storeWith())
      .provide([[matchers.call.fn(fetchPendingDocuments), throwError(new HttpError(500, 'Internal server error'))]])
      .run();
    expect(storeState.account.pending).toEqual({ status: 'failed', data: [], error: 'Internal server error', errorStatus: 500 });
    expect(storeState.message.current).toEqual({ tipoMessage: 'Error', message: ' Internal server error, intentelo mas tarde (B1) ' });
  });

  it('with the reducer: no answer within the timeout', async () => {
    const { storeState } = await expectSaga(handleLoadPending)
      .withReducer(accountReducers, storeWith())
      .provide([[matchers.call.fn(fetchPendingDocuments), never()], timeoutNow])
      .run();
    expect(storeState.account.pending.status).toBe('failed');
    expect(storeState.message.current?.message).toBe(' problema de conexión, intentelo mas tarde (B1) ');
  });
});

describe('Pagar, step by step', () => {
  const loaded = { status: 'loaded' as const, data: pendingDocuments, error: null };
  const invoices = [
    { docEntry: 502, paidSum: 20_000 },
    { docEntry: 505, paidSum: 50_000 },
  ];

  it('the balances of the chosen documents, kept in the store, then invoicePaymentRequested', () => {
    testSaga(handlePaymentSubmitted, pendingPaymentSubmitted({ docEntries: [505, 502], method: 'WEBPAY' }))
      .next()
      .select(selectPendingDocuments)
      .next(loaded)
      .put(kept({ invoicePendings: JSON.stringify(invoices), payPending: 'X' }))
      .next()
      .put(invoicePaymentRequested({ invoices, method: 'WEBPAY' }))
      .next()
      .isDone();
  });

  it('documents no longer in the list are left out; none left: nothing is paid', () => {
    testSaga(handlePaymentSubmitted, pendingPaymentSubmitted({ docEntries: [999], method: 'KHIPU' }))
      .next()
      .select(selectPendingDocuments)
      .next(loaded)
      .isDone();
  });

  it('with the reducers: kept in the store, which writes it to session storage', async () => {
    const { storeState } = await expectSaga(handlePaymentSubmitted, pendingPaymentSubmitted({ docEntries: [502, 505], method: 'KHIPU' }))
      .withReducer(accountReducers, storeWith({ ...initialAccountState, pending: loaded }))
      .put(invoicePaymentRequested({ invoices, method: 'KHIPU' }))
      .run();
    expect(JSON.parse(storeState.kept.invoicePendings ?? 'null')).toEqual(invoices);
    expect(storeState.kept.payPending).toBe('X');
  });
});

describe('purchase history load', () => {
  it('success, step by step', () => {
    testSaga(handleLoadHistory)
      .next()
      .put(historyLoadStarted())
      .next()
      .select(selectCustomerId)
      .next('C76123456')
      .call(callWithTimeout, fetchPurchaseHistory, 'C76123456')
      .next(historyHeaders)
      .put(historyLoaded(historyHeaders))
      .next()
      .isDone();
  });

  it('failure, step by step: the B1 message titled Error', () => {
    testSaga(handleLoadHistory)
      .next()
      .put(historyLoadStarted())
      .next()
      .select(selectCustomerId)
      .next('C76123456')
      .call(callWithTimeout, fetchPurchaseHistory, 'C76123456')
      .throw(new HttpError(0, 'Failed to fetch'))
      .put(historyLoadFailed({ message: 'Failed to fetch', status: 0 }))
      .next()
      .put(erpError('Failed to fetch'))
      .next()
      .isDone();
  });

  it('with the reducer: the orders end up in the slice', async () => {
    const { storeState } = await expectSaga(handleLoadHistory)
      .withReducer(accountReducers, storeWith())
      .provide([[matchers.call.fn(fetchPurchaseHistory), historyHeaders]])
      .run();
    expect(storeState.account.history).toEqual({ status: 'loaded', data: historyHeaders, error: null });
  });
});

describe('order detail', () => {
  it('success, step by step', () => {
    testSaga(handleLoadDetail, historyDetailOpened(order))
      .next()
      .race({ lines: call(callWithTimeout, fetchPurchaseHistoryLines, 9002), closed: take(historyDetailClosed.type) })
      .next({ lines: detailLines })
      .put(historyDetailLoaded({ docEntry: 9002, lines: detailLines }))
      .next()
      .isDone();
  });

  it('closed before the answer: the call is abandoned', () => {
    testSaga(handleLoadDetail, historyDetailOpened(order))
      .next()
      .race({ lines: call(callWithTimeout, fetchPurchaseHistoryLines, 9002), closed: take(historyDetailClosed.type) })
      .next({ closed: historyDetailClosed() })
      .isDone();
  });

  it('failure, step by step: the error stays in the popup', () => {
    testSaga(handleLoadDetail, historyDetailOpened(order))
      .next()
      .race({ lines: call(callWithTimeout, fetchPurchaseHistoryLines, 9002), closed: take(historyDetailClosed.type) })
      .throw(new HttpError(404, 'Recurso no encontrado'))
      .put(historyDetailLoadFailed({ docEntry: 9002, message: 'Recurso no encontrado', status: 404 }))
      .next()
      .isDone();
  });

  it('with the reducer: opened, then its lines', async () => {
    const { storeState } = await expectSaga(handleLoadDetail, historyDetailOpened(order))
      .withReducer(accountReducers, storeWith(accountReducer(initialAccountState, historyDetailOpened(order))))
      .provide([[matchers.call.fn(fetchPurchaseHistoryLines), detailLines]])
      .run();
    expect(storeState.account.detail).toEqual({ order, status: 'loaded', data: detailLines, error: null });
  });
});

describe('account slice', () => {
  it('an answer for an order whose popup was closed or replaced is dropped', () => {
    const open = accountReducer(initialAccountState, historyDetailOpened(historyHeaders[0]));
    expect(accountReducer(open, historyDetailLoaded({ docEntry: 9002, lines: detailLines })).detail.data).toEqual([]);
    const closed = accountReducer(open, historyDetailClosed());
    expect(accountReducer(closed, historyDetailLoadFailed({ docEntry: 9001, message: 'x', status: 500 })).detail).toEqual(initialAccountState.detail);
  });

  it('logout forgets the buyer’s documents and orders', () => {
    let state = accountReducer(initialAccountState, pendingLoaded(pendingDocuments));
    state = accountReducer(state, historyLoaded(historyHeaders));
    expect(accountReducer(state, loggedOut())).toEqual(initialAccountState);
  });

  it('the customer is the session profile’s idcliente', () => {
    expect(selectCustomerId({ account: initialAccountState, session: { profile: buyerProfile } })).toBe('C76123456');
    expect(selectCustomerId({ account: initialAccountState, session: { profile: null } })).toBeNull();
  });
});
