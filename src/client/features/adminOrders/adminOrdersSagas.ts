import type { PayloadAction } from '@reduxjs/toolkit';
import { all, call, fork, put, select, take, takeLatest, takeLeading } from 'redux-saga/effects';
import type { AdminOrderDetail } from '@shared/api/adminOrders';
import type { RetryJobResponse } from '@shared/api/adminJobs';
import { fill } from '@shared/messages';
import { retryJob } from '@client/api/adminJobs';
import { toApiError, type Download } from '@client/api/http';
import { failureOf } from '@client/app/problems';
import { refreshWhile } from '@client/app/refreshWhile';
import { confirmRequested, userDecision } from '@client/app/confirmSlice';
import { objectUrlOf, revokeObjectUrl } from '@client/app/download';
import { jobsRetried, loggedOut, sessionExpired } from '@client/app/events';
import { notify } from '@client/app/notify';
import { pagedListSagas } from '@client/app/pagedListSagas';
import { callWithTimeout, safe } from '@client/app/sagaUtils';
import { waitsForErp } from '@client/components/orderStory/orderStory';
import { selectOrderDetail, selectOrdersQuery } from './adminOrdersSelectors';
import {
  chequePhotoFailed,
  chequePhotoLoaded,
  chequePhotoRequested,
  orderDetailClosed,
  orderDetailLoaded,
  orderDetailLoadFailed,
  orderDetailOpened,
  orderDetailRefreshed,
  orderJobRetried,
  orderJobRetryDeclined,
  orderJobRetryFailed,
  orderJobRetryRequested,
  ordersList,
  type OrderDetailState,
} from './adminOrdersSlice';
import { ADMIN_ORDERS_TEXT as T } from './adminOrdersTexts';
import { downloadChequePhoto, downloadOrdersCsv, fetchOrder, fetchOrders } from './api';

/** The list's page (a search after a pause) and its CSV export. */
export const {
  load: loadOrders,
  handleChanged: handleOrdersListChanged,
  handleExportRequested: handleOrdersExportRequested,
  watchList: watchOrdersList,
  watchExport: watchOrdersExport,
} = pagedListSagas(ordersList, { selectQuery: selectOrdersQuery, fetchPage: fetchOrders, downloadCsv: downloadOrdersCsv });

/** The order read and shown; answers it, or null when the read failed (its error shown). */
export function* loadOrderDetail(ref: string) {
  try {
    const order: AdminOrderDetail = yield call(callWithTimeout, fetchOrder, ref);
    yield put(orderDetailLoaded({ ref, order }));
    return order;
  } catch (error) {
    yield put(orderDetailLoadFailed({ ref, ...failureOf(error) }));
    return null;
  }
}

export { waitsForErp };

export function* handleOrderDetailOpened(action: PayloadAction<string>) {
  const ref = action.payload;
  const order: AdminOrderDetail | null = yield call(loadOrderDetail, ref);
  if (!order) return;
  // 'En SAP N° …' shows without a reload once the server finds the document (refreshWhile)
  yield call(refreshWhile<AdminOrderDetail>, order, {
    settling: waitsForErp,
    read: fetchOrder,
    args: [ref],
    refreshed: (o) => orderDetailRefreshed({ ref, order: o }),
    closed: (a) => a.type === orderDetailClosed.type || a.type === loggedOut.type || a.type === sessionExpired.type,
  });
}

/**
 * 'Ver foto del cheque': the admin download fetched with the session's token (never a bare URL), shown from an object
 * URL that this saga owns and gives back when the photo is no longer shown (another order, the screen left, the
 * session over, or a new request, which cancels this one).
 */
export function* handleChequePhotoRequested() {
  const detail: OrderDetailState = yield select(selectOrderDetail);
  const source = detail.data?.chequePhotoUrl;
  if (!source) {
    yield put(chequePhotoFailed(T.chequeFailed));
    return;
  }
  let objectUrl: string | null = null;
  try {
    const file: Download = yield call(callWithTimeout, downloadChequePhoto, source);
    objectUrl = yield call(objectUrlOf, file.blob);
    yield put(chequePhotoLoaded({ url: objectUrl!, filename: file.filename, type: file.blob.type }));
    yield take([orderDetailOpened.type, orderDetailClosed.type, loggedOut.type, sessionExpired.type]);
  } catch (error) {
    yield put(chequePhotoFailed(toApiError(error).message));
  } finally {
    if (objectUrl) yield call(revokeObjectUrl, objectUrl);
  }
}

/**
 * 'Reintentar' of one of the order's failed jobs: confirm (the safe choice focused), POST /admin/jobs/:id/retry, the
 * server's message, the order read again (its timeline shows the re-queue) and the shell's badge told.
 */
export function* handleOrderJobRetryRequested(action: PayloadAction<number>) {
  const id = action.payload;
  yield put(confirmRequested({ title: fill(T.retryTitle, { id }), text: T.retryText, positive: T.retryConfirm, negative: T.retryDecline, focus: 'negative' }));
  const [confirmed]: [unknown, unknown] = yield userDecision();
  if (!confirmed) {
    yield put(orderJobRetryDeclined());
    return;
  }
  try {
    const result: RetryJobResponse = yield call(callWithTimeout, retryJob, id);
    yield put(orderJobRetried());
    yield call(notify, result.message, 'success');
    yield put(jobsRetried());
    const detail: OrderDetailState = yield select(selectOrderDetail);
    if (detail.ref) yield call(loadOrderDetail, detail.ref);
  } catch (error) {
    const { message } = toApiError(error);
    yield put(orderJobRetryFailed(message));
    yield call(notify, message, 'error');
  }
}

export function* watchOrderDetail() {
  yield takeLatest(orderDetailOpened.type, safe(handleOrderDetailOpened));
}

export function* watchChequePhoto() {
  yield takeLatest(chequePhotoRequested.type, safe(handleChequePhotoRequested));
}

/** One retry at a time. */
export function* watchOrderJobRetry() {
  yield takeLeading(orderJobRetryRequested.type, safe(handleOrderJobRetryRequested));
}

export function* adminOrdersSaga() {
  yield all([fork(watchOrdersList), fork(watchOrdersExport), fork(watchOrderDetail), fork(watchChequePhoto), fork(watchOrderJobRetry)]);
}
