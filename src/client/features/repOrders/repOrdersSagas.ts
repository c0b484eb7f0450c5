import type { PayloadAction } from '@reduxjs/toolkit';
import { all, call, fork, put, takeLatest } from 'redux-saga/effects';
import type { RepOrderDetail } from '@shared/api/repOrders';
import { loggedOut, sessionExpired } from '@client/app/events';
import { failureOf } from '@client/app/problems';
import { pagedListSagas } from '@client/app/pagedListSagas';
import { refreshWhile } from '@client/app/refreshWhile';
import { callWithTimeout, safe } from '@client/app/sagaUtils';
import { waitsForErp } from '@client/components/orderStory/orderStory';
import { fetchRepOrder, fetchRepOrders } from './api';
import { selectRepOrdersQuery } from './repOrdersSelectors';
import { repOrderClosed, repOrderLoaded, repOrderLoadFailed, repOrderOpened, repOrderRefreshed, repOrdersList } from './repOrdersSlice';

/** The list's page (a search after a pause; a new page cancels the one still loading). */
export const { load: loadRepOrders, handleChanged: handleRepOrdersChanged, watchList: watchRepOrders } = pagedListSagas(repOrdersList, {
  selectQuery: selectRepOrdersQuery,
  fetchPage: fetchRepOrders,
});

/** The order read and shown; while it waits for the ERP it is read again now and then, until the screen is left. */
export function* handleRepOrderOpened(action: PayloadAction<string>) {
  const ref = action.payload;
  let order: RepOrderDetail;
  try {
    order = yield call(callWithTimeout, fetchRepOrder, ref);
    yield put(repOrderLoaded({ ref, order }));
  } catch (error) {
    yield put(repOrderLoadFailed({ ref, ...failureOf(error) }));
    return;
  }
  yield call(refreshWhile<RepOrderDetail>, order, {
    settling: waitsForErp,
    read: fetchRepOrder,
    args: [ref],
    refreshed: (o) => repOrderRefreshed({ ref, order: o }),
    closed: (a) => (repOrderClosed.match(a) && a.payload === ref) || a.type === loggedOut.type || a.type === sessionExpired.type,
  });
}

export function* watchRepOrder() {
  yield takeLatest(repOrderOpened.type, safe(handleRepOrderOpened));
}

export function* repOrdersSaga() {
  yield all([fork(watchRepOrders), fork(watchRepOrder)]);
}
