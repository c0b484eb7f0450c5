import type { PayloadAction } from '@reduxjs/toolkit';
import { all, call, fork, put, takeLatest } from 'redux-saga/effects';
import type { BuyerOrderDetail } from '@shared/api/userOrders';
import { failureOf } from '@client/app/problems';
import { pagedListSagas } from '@client/app/pagedListSagas';
import { callWithTimeout, safe } from '@client/app/sagaUtils';
import { selectMyOrdersPage } from './userOrdersSelectors';
import { myOrderLoaded, myOrderLoadFailed, myOrderOpened, myOrdersList } from './userOrdersSlice';
import { fetchMyOrder, fetchMyOrders } from './api';

/** The page the list's state asks for (a new page cancels the one still loading: takeLatest). */
export const { load: handleMyOrdersOpened, watchList: watchMyOrders } = pagedListSagas(myOrdersList, { selectQuery: selectMyOrdersPage, fetchPage: fetchMyOrders });

export function* handleMyOrderOpened(action: PayloadAction<string>) {
  const ref = action.payload;
  try {
    const order: BuyerOrderDetail = yield call(callWithTimeout, fetchMyOrder, ref);
    yield put(myOrderLoaded({ ref, order }));
  } catch (error) {
    yield put(myOrderLoadFailed({ ref, ...failureOf(error) }));
  }
}

export function* watchMyOrder() {
  yield takeLatest(myOrderOpened.type, safe(handleMyOrderOpened));
}

export function* userOrdersSaga() {
  yield all([fork(watchMyOrders), fork(watchMyOrder)]);
}
