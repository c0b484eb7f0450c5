import type { PayloadAction } from '@reduxjs/toolkit';
import { all, call, fork, put, select, takeLatest } from 'redux-saga/effects';
import type { BuyerOrderDetail, BuyerOrderList } from '@shared/api/userOrders';
import { failureOf } from '@client/app/problems';
import { callWithTimeout, safe } from '@client/app/sagaUtils';
import { selectMyOrdersPage } from './userOrdersSelectors';
import {
  myOrderLoaded,
  myOrderLoadFailed,
  myOrderOpened,
  myOrdersChanged,
  myOrdersLoaded,
  myOrdersLoadFailed,
  myOrdersLoadStarted,
  myOrdersOpened,
} from './userOrdersSlice';
import { fetchMyOrder, fetchMyOrders } from './api';

/** The page the list's state asks for (a new page cancels the one still loading: takeLatest). */
export function* handleMyOrdersOpened() {
  const { page, pageSize }: { page: number; pageSize: number } = yield select(selectMyOrdersPage);
  yield put(myOrdersLoadStarted());
  try {
    const list: BuyerOrderList = yield call(callWithTimeout, fetchMyOrders, page, pageSize);
    yield put(myOrdersLoaded(list));
  } catch (error) {
    yield put(myOrdersLoadFailed(failureOf(error)));
  }
}

export function* handleMyOrderOpened(action: PayloadAction<string>) {
  const ref = action.payload;
  try {
    const order: BuyerOrderDetail = yield call(callWithTimeout, fetchMyOrder, ref);
    yield put(myOrderLoaded({ ref, order }));
  } catch (error) {
    yield put(myOrderLoadFailed({ ref, ...failureOf(error) }));
  }
}

export function* watchMyOrders() {
  yield takeLatest([myOrdersOpened.type, myOrdersChanged.type], safe(handleMyOrdersOpened));
}

export function* watchMyOrder() {
  yield takeLatest(myOrderOpened.type, safe(handleMyOrderOpened));
}

export function* userOrdersSaga() {
  yield all([fork(watchMyOrders), fork(watchMyOrder)]);
}
