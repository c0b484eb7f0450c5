import type { PayloadAction } from '@reduxjs/toolkit';
import { all, call, fork, put, takeLatest, takeLeading } from 'redux-saga/effects';
import type { Order } from '@shared/api/orders';
import type { BuyerOrderDetail } from '@shared/api/userOrders';
import { toApiError } from '@client/api/http';
import { loggedOut, paymentStarted, sessionExpired } from '@client/app/events';
import { notify } from '@client/app/notify';
import { failureOf } from '@client/app/problems';
import { pagedListSagas } from '@client/app/pagedListSagas';
import { refreshWhile } from '@client/app/refreshWhile';
import { callWithTimeout, safe } from '@client/app/sagaUtils';
import { selectMyOrdersPage, waitsForErp } from './userOrdersSelectors';
import { myOrderClosed, myOrderLoaded, myOrderLoadFailed, myOrderOpened, myOrderPayRequested, myOrderRefreshed, myOrdersList } from './userOrdersSlice';
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

export function* watchMyOrder() {
  yield takeLatest(myOrderOpened.type, safe(handleMyOrderOpened));
}

export function* userOrdersSaga() {
  yield all([fork(watchMyOrders), fork(watchMyOrder), takeLeading(myOrderPayRequested.type, handleMyOrderPay)]);
}
