import type { PayloadAction } from '@reduxjs/toolkit';
import { all, call, fork, put, takeLatest, takeLeading } from 'redux-saga/effects';
import type { Order, OrderSubmissionResponse } from '@shared/api/orders';
import { MSG } from '@shared/messages';
import { chequeFileError } from '@shared/schemas/orders';
import { payCheque, submitSalesOrder } from '@client/api/orderPayments';
import { takeChequePhoto } from '@client/app/chequePhotos';
import type { BuyerOrderDetail } from '@shared/api/userOrders';
import { toApiError } from '@client/api/http';
import { loggedOut, paymentStarted, sessionExpired } from '@client/app/events';
import { notify } from '@client/app/notify';
import { failureOf } from '@client/app/problems';
import { pagedListSagas } from '@client/app/pagedListSagas';
import { refreshWhile } from '@client/app/refreshWhile';
import { callWithTimeout, safe } from '@client/app/sagaUtils';
import { selectMyOrdersPage, waitsForErp } from './userOrdersSelectors';
import {
  myOrderChequeChosen,
  myOrderClosed,
  myOrderLoaded,
  myOrderLoadFailed,
  myOrderOpened,
  myOrderPayRequested,
  myOrderRefreshed,
  myOrdersList,
} from './userOrdersSlice';
import { fetchMyOrder, fetchMyOrders, fetchOrder } from './api';

/** The page the list's state asks for (a new page cancels the one still loading: takeLatest). */
export const { load: handleMyOrdersOpened, watchList: watchMyOrders } = pagedListSagas(myOrdersList, { selectQuery: selectMyOrdersPage, fetchPage: fetchMyOrders });

export function* handleMyOrderOpened(action: PayloadAction<string>) {
  const ref = action.payload;
  let order: BuyerOrderDetail;
  try {
    order = yield call(callWithTimeout, fetchMyOrder, ref);
    yield put(myOrderLoaded({ ref, order }));
  } catch (error) {
    yield put(myOrderLoadFailed({ ref, ...failureOf(error) }));
    return;
  }
  yield call(watchWhileWaitingForErp, ref, order);
}

/**
 * While the open order waits for the ERP, it is read again now and then (refreshWhile), so 'En SAP N° …' shows without
 * a reload: the server looks the document up within seconds of the ERP holding it. Leaving the screen stops it.
 */
export function* watchWhileWaitingForErp(ref: string, first: BuyerOrderDetail) {
  yield call(refreshWhile<BuyerOrderDetail>, first, {
    settling: waitsForErp,
    read: fetchMyOrder,
    args: [ref],
    refreshed: (order) => myOrderRefreshed({ ref, order }),
    closed: (action) =>
      (myOrderClosed.match(action) && action.payload === ref) || action.type === loggedOut.type || action.type === sessionExpired.type,
  });
}

/** 'Pagar': the order read as the payments take it, then its card or transfer payment started (the payments feature). */
export function* handleMyOrderPay(action: PayloadAction<number>) {
  try {
    const order: Order = yield call(callWithTimeout, fetchOrder, action.payload);
    const method = order.paymentMethod;
    if (order.orderState !== 'PROCESS' || (method !== 'WEBPAY' && method !== 'KHIPU')) return;
    yield put(paymentStarted({ order, method }));
  } catch (error) {
    yield call(notify, toApiError(error).message, 'error');
  }
}

/**
 * 'Pagar con cheque' of a cheque order without its photo (one the company approved): the photo to the CHEQUE recipient,
 * then the sales order to the ERP, as the order summary's cheque flow does; the order is read again after.
 */
export function* handleMyOrderCheque(action: PayloadAction<{ ref: string; number: string; photoKey: string }>) {
  const { ref, number, photoKey } = action.payload;
  const photo: File | null = yield call(takeChequePhoto, photoKey);
  const problem = chequeFileError(photo);
  if (problem || !photo) {
    yield call(notify, problem ?? MSG.chequePhotoMissing, 'error');
    return;
  }
  try {
    yield call(callWithTimeout, payCheque, number, photo);
    const answer: OrderSubmissionResponse = yield call(callWithTimeout, submitSalesOrder, number);
    yield call(notify, answer.pending ? answer.message : MSG.thanksForBuying, answer.pending ? 'warning' : 'success');
  } catch (error) {
    yield call(notify, toApiError(error).message, 'error');
  }
  yield put(myOrderOpened(ref));
}

export function* watchMyOrder() {
  yield takeLatest(myOrderOpened.type, safe(handleMyOrderOpened));
}

export function* userOrdersSaga() {
  yield all([fork(watchMyOrders), fork(watchMyOrder), takeLeading(myOrderPayRequested.type, handleMyOrderPay), takeLeading(myOrderChequeChosen.type, handleMyOrderCheque)]);
}
