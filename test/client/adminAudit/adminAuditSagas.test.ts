import { combineReducers, type Reducer } from '@reduxjs/toolkit';
import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { delay } from 'redux-saga/effects';
import { HttpError } from '@client/api/http';
import { saveFile } from '@client/app/download';
import { notify } from '@client/app/notify';
import { SEARCH_DEBOUNCE_MS } from '@client/app/pagedList';
import { callWithTimeout } from '@client/app/sagaUtils';
import { auditDiff } from '@client/features/adminAudit/auditDiff';
import { handleAuditExportRequested, handleAuditListChanged, loadAudit } from '@client/features/adminAudit/adminAuditSagas';
import { selectAuditQuery } from '@client/features/adminAudit/adminAuditSelectors';
import { adminAuditReducer, auditList, initialAdminAuditState, type AdminAuditState } from '@client/features/adminAudit/adminAuditSlice';
import { downloadAuditCsv, fetchAudit } from '@client/features/adminAudit/api';
import type { AuditRow } from '@shared/api/adminAudit';

const { exportFailed: auditExportFailed, filterTyped: auditFilterTyped, changed: auditListChanged } = auditList.actions;

const rootReducer = combineReducers({ adminAudit: adminAuditReducer }) as Reducer<{ adminAudit: AdminAuditState }>;

const change = {
  id: 7,
  at: '2026-11-27T10:00:00.000Z',
  actorUserId: 1,
  actorUsername: '11.111.111-1',
  entity: 'notification',
  action: 'update',
  entityId: '3',
  fields: ['name'],
  before: { name: 'Ana', email: 'ana@example.cl' },
  after: { name: 'Beatriz', email: 'ana@example.cl' },
} as unknown as AuditRow;

describe('Auditoría: the list', () => {
  it('who, kind and dates go to the server as the query of its first page', () => {
    let state = adminAuditReducer(initialAdminAuditState, auditListChanged({ page: 2 }));
    state = adminAuditReducer(state, auditListChanged({ filters: { entity: 'notification', from: '2026-11-01', to: '2026-11-27' } }));
    state = adminAuditReducer(state, auditFilterTyped({ name: 'actor', value: '11.111.111-1' }));
    const query = selectAuditQuery({ adminAudit: state });
    expect(query).toMatchObject({ page: 0, filters: { entity: 'notification', from: '2026-11-01', to: '2026-11-27', actor: '11.111.111-1' } });
    return expectSaga(loadAudit)
      .withReducer(rootReducer, { adminAudit: state })
      .provide([[matchers.call.fn(fetchAudit), { rows: [change], total: 1, page: 0, pageSize: 25 }]])
      .call(callWithTimeout, fetchAudit, query)
      .run()
      .then(({ storeState }) => {
        expect(storeState.adminAudit.list.rows).toEqual([change]);
        expect(storeState.adminAudit.list.status).toBe('loaded');
      });
  });

  it('a typed filter waits for a pause; a chosen one loads at once', () => {
    testSaga(handleAuditListChanged, auditFilterTyped({ name: 'actor', value: '11' })).next().is(delay(SEARCH_DEBOUNCE_MS)).next().call(loadAudit).next().isDone();
    testSaga(handleAuditListChanged, auditListChanged({ filters: { entity: 'user' } })).next().call(loadAudit).next().isDone();
  });

  it('a failed load keeps its message for the retry', () =>
    expectSaga(loadAudit)
      .withReducer(rootReducer, { adminAudit: initialAdminAuditState })
      .provide([[matchers.call.fn(fetchAudit), throwError(new HttpError(500, 'Error interno'))]])
      .run()
      .then(({ storeState }) => expect(storeState.adminAudit.list).toMatchObject({ status: 'failed', error: 'Error interno' })));

  it("'Exportar CSV': saved as the server names it; a failure is told", () => {
    const file = { blob: new Blob(['\uFEFF']), filename: 'auditoria.csv' };
    const query = selectAuditQuery({ adminAudit: initialAdminAuditState });
    testSaga(handleAuditExportRequested).next().select(selectAuditQuery).next(query).call(callWithTimeout, downloadAuditCsv, query).next(file).call(saveFile, file.blob, 'auditoria.csv');
    return expectSaga(handleAuditExportRequested)
      .withReducer(rootReducer, { adminAudit: initialAdminAuditState })
      .provide([
        [matchers.call.fn(downloadAuditCsv), throwError(new HttpError(0, 'problema de conexión'))],
        [matchers.call.fn(notify), undefined],
      ])
      .put(auditExportFailed('problema de conexión'))
      .call(notify, 'problema de conexión', 'error')
      .run();
  });
});

describe("Auditoría: a change's before and after", () => {
  it('the changed fields first, the others after, each marked', () => {
    expect(auditDiff(change)).toEqual([
      { field: 'name', before: 'Ana', after: 'Beatriz', changed: true },
      { field: 'email', before: 'ana@example.cl', after: 'ana@example.cl', changed: false },
    ]);
  });

  it('a creation changes every field it names', () => {
    expect(auditDiff({ fields: ['name'], before: null, after: { name: 'Ana' } } as unknown as AuditRow)).toEqual([{ field: 'name', before: undefined, after: 'Ana', changed: true }]);
  });
});
