import type { PayloadAction } from '@reduxjs/toolkit';
import { all, call, fork, put, takeLatest } from 'redux-saga/effects';
import type { BuyerOrderDetail } from '@shared/api/userOrders';
import { loggedOut, sessionExpired } from '@client/app/events';
import { failureOf } from '@client/app/problems';
import { pagedListSagas } from '@client/app/pagedListSagas';
import { refreshWhile } from '@client/app/refreshWhile';
import { callWithTimeout, safe } from '@client/app/sagaUtils';
import { selectMyOrdersPage, waitsForErp } from './userOrdersSelectors';
import { myOrderClosed, myOrderLoaded, myOrderLoadFailed, myOrderOpened, myOrderRefreshed, myOrdersList } from './userOrdersSlice';
import { fetchMyOrder, fetchMyOrders } from './api';

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

export function* watchMyOrder() {
  yield takeLatest(myOrderOpened.type, safe(handleMyOrderOpened));
}

export function* userOrdersSaga() {
  yield all([fork(watchMyOrders), fork(watchMyOrder)]);
}
