import type { PayloadAction } from '@reduxjs/toolkit';
import { all, call, put, race, select, take, takeLatest, takeLeading } from 'redux-saga/effects';
import type { PendingDocument, PurchaseHistoryHeader, PurchaseHistoryLine } from '@shared/api/erp';
import { fill, MSG } from '@shared/messages';
import { HttpError } from '@client/api/http';
import { failureOf } from '@client/app/problems';
import { invoicePaymentRequested, type InvoicePaymentStart } from '@client/app/events';
import { messageShown } from '@client/app/messageSlice';
import type { Loadable } from '@client/app/loadable';
import { callWithTimeout, safe } from '@client/app/sagaUtils';
import { kept } from '@client/app/persistence';
import { PAY_PENDING_MARK, SESSION_KEYS } from '@client/app/sessionKeys';
import { fetchPendingDocuments, fetchPurchaseHistory, fetchPurchaseHistoryLines } from './api';
import { selectCustomerId, selectPendingDocuments } from './accountSelectors';
import {
  historyDetailClosed,
  historyDetailLoaded,
  historyDetailLoadFailed,
  historyDetailOpened,
  historyLoaded,
  historyLoadFailed,
  historyLoadStarted,
  historyScreenOpened,
  pendingLoaded,
  pendingLoadFailed,
  pendingLoadStarted,
  pendingPaymentSubmitted,
  pendingScreenOpened,
  type PendingPaymentChoice,
} from './accountSlice';
import { ACCOUNT_TEXT } from './accountTexts';

const noCustomer = () => new HttpError(0, ACCOUNT_TEXT.noCustomer);

/** R-INV-4: a pending payments or purchase history load failure goes to the global message bar, title 'Error'. */
export const erpLoadFailedMessage = (message: string) => messageShown({ tipoMessage: 'Error', message: fill(MSG.erpLoadFailed, { message }) });

/** GET /user/b1/pending-payments/{customerId}. */
export function* handleLoadPending() {
  yield put(pendingLoadStarted());
  try {
    const customerId: string | null = yield select(selectCustomerId);
    if (!customerId) throw noCustomer();
    const documents: PendingDocument[] = yield call(callWithTimeout, fetchPendingDocuments, customerId);
    yield put(pendingLoaded(documents));
  } catch (error) {
    const failure = failureOf(error);
    yield put(pendingLoadFailed(failure));
    yield put(erpLoadFailedMessage(failure.message));
  }
}

/**
 * 'Pagar': the chosen invoices with their balances and the payPending marker are kept across the provider's round
 * trip (the store's kept slice: app/persistence; the return page reads them), then the payments feature takes the buyer to the provider. The server charges the ERP balances of
 * these documents, not these numbers.
 */
export function* handlePaymentSubmitted(action: PayloadAction<PendingPaymentChoice>) {
  const { docEntries, method } = action.payload;
  const pending: Loadable<PendingDocument[]> = yield select(selectPendingDocuments);
  const chosen = new Set(docEntries);
  const invoices = pending.data.filter((doc) => chosen.has(doc.docEntry)).map((doc) => ({ docEntry: doc.docEntry, paidSum: doc.saldoaPagar }));
  if (invoices.length === 0) return;
  const start: InvoicePaymentStart = { invoices, method };
  yield put(kept({ [SESSION_KEYS.invoicePendings]: JSON.stringify(invoices), [SESSION_KEYS.payPending]: PAY_PENDING_MARK }));
  yield put(invoicePaymentRequested(start));
}

/** GET /user/b1/purchase-history/{customerId}. */
export function* handleLoadHistory() {
  yield put(historyLoadStarted());
  try {
    const customerId: string | null = yield select(selectCustomerId);
    if (!customerId) throw noCustomer();
    const orders: PurchaseHistoryHeader[] = yield call(callWithTimeout, fetchPurchaseHistory, customerId);
    yield put(historyLoaded(orders));
  } catch (error) {
    const failure = failureOf(error);
    yield put(historyLoadFailed(failure));
    yield put(erpLoadFailedMessage(failure.message));
  }
}

/** GET /user/b1/purchase-history-det/{docEntry}; closing the popup first abandons the call. The popup shows the error. */
export function* handleLoadDetail(action: PayloadAction<PurchaseHistoryHeader>) {
  const { docEntry } = action.payload;
  try {
    const { lines, closed }: { lines?: PurchaseHistoryLine[]; closed?: unknown } = yield race({
      lines: call(callWithTimeout, fetchPurchaseHistoryLines, docEntry),
      closed: take(historyDetailClosed.type),
    });
    if (closed || !lines) return;
    yield put(historyDetailLoaded({ docEntry, lines }));
  } catch (error) {
    yield put(historyDetailLoadFailed({ docEntry, ...failureOf(error) }));
  }
}

export function* accountSaga() {
  yield all([
    takeLatest(pendingScreenOpened.type, safe(handleLoadPending)),
    takeLeading(pendingPaymentSubmitted.type, safe(handlePaymentSubmitted)),
    takeLatest(historyScreenOpened.type, safe(handleLoadHistory)),
    // another order's eye while one loads: only the last one counts
    takeLatest(historyDetailOpened.type, safe(handleLoadDetail)),
  ]);
}
