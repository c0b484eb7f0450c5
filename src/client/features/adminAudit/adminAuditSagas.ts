import type { PayloadAction } from '@reduxjs/toolkit';
import { all, call, delay, fork, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { AuditList } from '@shared/api/adminAudit';
import { toApiError, type Download } from '@client/api/http';
import { failureOf } from '@client/app/problems';
import type { ListQuery } from '@client/api/lists';
import { saveFile } from '@client/app/download';
import { notify } from '@client/app/notify';
import { SEARCH_DEBOUNCE_MS } from '@client/app/pagedList';
import { callWithTimeout, safe } from '@client/app/sagaUtils';
import { selectAuditQuery } from './adminAuditSelectors';
import {
  auditExported,
  auditExportFailed,
  auditExportRequested,
  auditFiltersCleared,
  auditFilterTyped,
  auditListChanged,
  auditListOpened,
  auditLoaded,
  auditLoadFailed,
  auditLoadStarted,
} from './adminAuditSlice';
import { downloadAuditCsv, fetchAudit } from './api';

/** The page the list's state asks for. */
export function* loadAudit() {
  const query: ListQuery = yield select(selectAuditQuery);
  yield put(auditLoadStarted());
  try {
    const page: AuditList = yield call(callWithTimeout, fetchAudit, query);
    yield put(auditLoaded(page));
  } catch (error) {
    yield put(auditLoadFailed(failureOf(error)));
  }
}

/** A typed filter waits for a pause in the typing (takeLatest drops the wait of the key before); anything else loads at once. */
export function* handleAuditListChanged(action: PayloadAction<unknown>) {
  if (action.type === auditFilterTyped.type) yield delay(SEARCH_DEBOUNCE_MS);
  yield call(loadAudit);
}

/** 'Exportar CSV': every change the filters select, with its values before and after, as the server writes it. */
export function* handleAuditExportRequested() {
  const query: ListQuery = yield select(selectAuditQuery);
  try {
    const file: Download = yield call(callWithTimeout, downloadAuditCsv, query);
    yield call(saveFile, file.blob, file.filename);
    yield put(auditExported());
  } catch (error) {
    const { message } = toApiError(error);
    yield put(auditExportFailed(message));
    yield call(notify, message, 'error');
  }
}

export function* watchAuditList() {
  yield takeLatest([auditListOpened.type, auditListChanged.type, auditFilterTyped.type, auditFiltersCleared.type], safe(handleAuditListChanged));
}

export function* watchAuditExport() {
  yield takeLeading(auditExportRequested.type, safe(handleAuditExportRequested));
}

export function* adminAuditSaga() {
  yield all([fork(watchAuditList), fork(watchAuditExport)]);
}
