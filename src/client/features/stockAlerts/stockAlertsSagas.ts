import type { PayloadAction } from '@reduxjs/toolkit';
import { all, call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { MessageResponse } from '@shared/api/types';
import type { StockAlertCreated, StockAlertList } from '@shared/api/stockAlerts';
import { fill } from '@shared/messages';
import { STOCK_ALERT_MSG as T } from '@shared/schemas/stockAlerts';
import type { StockAlert } from '@shared/api/stockAlerts';
import { toApiError } from '@client/api/http';
import { confirmRequested, userDecision } from '@client/app/confirmSlice';
import { notify } from '@client/app/notify';
import { failureOf } from '@client/app/problems';
import { callWithTimeout, safe } from '@client/app/sagaUtils';
import { fetchStockAlerts, removeStockAlert, subscribeStockAlert } from './api';
import {
  removeDone,
  removeEnded,
  removeRequested,
  selectStockAlerts,
  stockAlertsLoaded,
  stockAlertsLoadFailed,
  stockAlertsNeeded,
  subscribeDone,
  subscribeFailed,
  subscribeRequested,
  type StockAlertsState,
} from './stockAlertsSlice';

/** GET /user/stock-alerts: once per session unless forced (the profile's section and 'Reintentar' force it). */
export function* handleNeeded(action: PayloadAction<{ force?: boolean } | undefined>) {
  const list: StockAlertsState['list'] = yield select(selectStockAlerts);
  if (!action.payload?.force && list.data.length > 0) {
    yield put(stockAlertsLoaded(list.data));
    return;
  }
  try {
    const answer: StockAlertList = yield call(callWithTimeout, fetchStockAlerts);
    yield put(stockAlertsLoaded(answer.alerts));
  } catch (error) {
    yield put(stockAlertsLoadFailed(failureOf(error)));
  }
}

/** POST /user/stock-alerts: the size shows 'Te avisaremos'; a refusal (a size with stock again) says why. */
export function* handleSubscribe(action: PayloadAction<string>) {
  const sku = action.payload;
  try {
    const answer: StockAlertCreated = yield call(callWithTimeout, subscribeStockAlert, sku);
    yield put(subscribeDone(answer.alert));
    yield call(notify, answer.message, 'success');
  } catch (error) {
    yield put(subscribeFailed(sku));
    yield call(notify, toApiError(error).message, 'error');
  }
}

/** 'Quitar': confirmed first, then DELETE /user/stock-alerts/{id}; the list drops it. Declined, nothing changes. */
export function* handleRemove(action: PayloadAction<StockAlert>) {
  const alert = action.payload;
  const shown = { name: alert.name, size: alert.size };
  yield put(confirmRequested({ title: fill(T.removePrompt, shown), text: T.removeText, positive: T.removeConfirm, negative: T.removeDecline }));
  const [confirmed]: [unknown, unknown] = yield userDecision();
  if (!confirmed) {
    yield put(removeEnded());
    return;
  }
  try {
    const answer: MessageResponse = yield call(callWithTimeout, removeStockAlert, alert.id);
    yield put(removeDone(alert.id));
    yield call(notify, answer.message, 'success');
  } catch (error) {
    yield put(removeEnded());
    yield call(notify, toApiError(error).message, 'error');
  }
}

export function* stockAlertsSaga() {
  yield all([
    takeLatest(stockAlertsNeeded.type, safe(handleNeeded)),
    takeEvery(subscribeRequested.type, safe(handleSubscribe)),
    takeLatest(removeRequested.type, safe(handleRemove)),
  ]);
}
