import { all, fork } from 'redux-saga/effects';
import { pagedListSagas } from '@client/app/pagedListSagas';
import { selectAuditQuery } from './adminAuditSelectors';
import { auditList } from './adminAuditSlice';
import { downloadAuditCsv, fetchAudit } from './api';

/** The list's page (a typed filter after a pause) and its CSV export. */
export const {
  load: loadAudit,
  handleChanged: handleAuditListChanged,
  handleExportRequested: handleAuditExportRequested,
  watchList: watchAuditList,
  watchExport: watchAuditExport,
} = pagedListSagas(auditList, { selectQuery: selectAuditQuery, fetchPage: fetchAudit, downloadCsv: downloadAuditCsv });

export function* adminAuditSaga() {
  yield all([fork(watchAuditList), fork(watchAuditExport)]);
}
