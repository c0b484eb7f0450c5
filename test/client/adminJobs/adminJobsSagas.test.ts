import { combineReducers, type Reducer } from '@reduxjs/toolkit';
import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { delay, race, take } from 'redux-saga/effects';
import type { AdminJob, JobsSummary, RetryJobsResponse } from '@shared/api/adminJobs';
import { retryJob, retryJobs } from '@client/api/adminJobs';
import { HttpError } from '@client/api/http';
import { confirmAccepted, confirmDeclined, confirmRequested } from '@client/app/confirmSlice';
import { jobsRetried, loggedOut } from '@client/app/events';
import { notify } from '@client/app/notify';
import { SEARCH_DEBOUNCE_MS } from '@client/app/pagedList';
import { callWithTimeout } from '@client/app/sagaUtils';
import {
  handleJobRetryRequested,
  handleJobsListChanged,
  handleJobsRetryRequested,
  JOBS_SUMMARY_POLL_MS,
  loadJobDetail,
  loadJobs,
  loadJobsSummary,
  pollJobsSummary,
  watchJobsBadge,
} from '@client/features/adminJobs/adminJobsSagas';
import { selectFailedJobsCount, selectJobsQuery } from '@client/features/adminJobs/adminJobsSelectors';
import { adminJobsReducer, type AdminJobsState, initialAdminJobsState, jobRetryRequested, jobsBadgeShown, jobsList, jobsRetryDeclined, jobsRetryDone, jobsRetryFailed, jobsRetryRequested, jobsSelectionChanged, jobsSummaryLoaded, jobsSummaryLoadFailed } from '@client/features/adminJobs/adminJobsSlice';
import { fetchJobs, fetchJobsSummary } from '@client/features/adminJobs/api';
import { ADMIN_JOBS_TEXT } from '@client/features/adminJobs/adminJobsTexts';

const { changed: jobsListChanged, loaded: jobsLoaded, loadStarted: jobsLoadStarted } = jobsList.actions;

const failedJob: AdminJob = {
  id: 41,
  kind: 'erp.order',
  key: 'erp.order:OC000042',
  status: 'failed',
  failure: 'exhausted',
  waiting: false,
  attempts: 5,
  lastError: 'connect ECONNREFUSED 127.0.0.1:50000',
  nextAttemptAt: '2026-11-27T10:00:00.000Z',
  postedAt: null,
  createdAt: '2026-11-27T09:59:00.000Z',
  doneAt: null,
  lastAttemptAt: '2026-11-27T10:00:00.000Z',
  orderNumber: 'OC000042',
};
const doneJob: AdminJob = { ...failedJob, status: 'done', failure: null, attempts: 6, lastError: null, doneAt: '2026-11-27T10:05:00.000Z' };
const page = (rows: AdminJob[]) => ({ rows, total: rows.length, page: 0, pageSize: 25 });
const summary = (failed: number): JobsSummary => ({ failed, pending: 0, waiting: 0, oldestPendingAt: null });
const decision = race([take(confirmAccepted.type), take(confirmDeclined.type)]);
const rootReducer = combineReducers({ adminJobs: adminJobsReducer }) as Reducer<{ adminJobs: AdminJobsState }>;

describe('Trabajos ERP: the list', () => {
  it('loads the page its state asks for, with a time limit', () => {
    const query = selectJobsQuery({ adminJobs: initialAdminJobsState });
    testSaga(loadJobs)
      .next()
      .select(selectJobsQuery)
      .next(query)
      .put(jobsLoadStarted())
      .next()
      .call(callWithTimeout, fetchJobs, query)
      .next(page([failedJob]))
      .put(jobsLoaded(page([failedJob])))
      .next()
      .isDone();
  });

  it('a key in the search box waits for a pause; a filter loads at once', () => {
    testSaga(handleJobsListChanged, jobsList.actions.filterTyped({ name: 'q', value: 'OC0000' })).next().is(delay(SEARCH_DEBOUNCE_MS)).next().call(loadJobs).next().isDone();
    testSaga(handleJobsListChanged, jobsListChanged({ filters: { status: 'failed' } })).next().call(loadJobs).next().isDone();
  });

  it('a filter asks the server for its first page with that filter', () => {
    const filtered = adminJobsReducer({ ...initialAdminJobsState, list: { ...initialAdminJobsState.list, page: 3 } }, jobsListChanged({ filters: { status: 'failed' } }));
    const query = selectJobsQuery({ adminJobs: filtered });
    expect(query).toMatchObject({ page: 0, filters: { status: 'failed' } });
    return expectSaga(loadJobs)
      .withReducer(rootReducer, { adminJobs: filtered })
      .provide([[matchers.call.fn(fetchJobs), page([failedJob])]])
      .call(callWithTimeout, fetchJobs, query)
      .run()
      .then(({ storeState }) => expect(storeState.adminJobs.list.rows).toEqual([failedJob]));
  });
});

describe('Trabajos ERP: retry many', () => {
  const result: RetryJobsResponse = { results: [{ id: 41, outcome: 'requeued' }], requeued: 1, message: '1 trabajo(s) puesto(s) de nuevo en la cola' };

  it('confirmed: POST of the ids, the message, the badge told, the list read again', () => {
    testSaga(handleJobsRetryRequested, jobsRetryRequested([41]))
      .next()
      .put(confirmRequested({ title: '¿Reintentar 1 trabajo(s) fallido(s)?', text: ADMIN_JOBS_TEXT.retryText, positive: 'Reintentar', negative: 'Cancelar', focus: 'negative' }))
      .next()
      .is(decision)
      .next([confirmAccepted(), undefined])
      .call(callWithTimeout, retryJobs, [41])
      .next(result)
      .put(jobsRetryDone(result))
      .next()
      .call(notify, result.message, 'success')
      .next()
      .put(jobsRetried())
      .next()
      .call(loadJobs)
      .next()
      .isDone();
  });

  it('declined: nothing is sent', () => {
    testSaga(handleJobsRetryRequested, jobsRetryRequested([41]))
      .next()
      .put(confirmRequested({ title: '¿Reintentar 1 trabajo(s) fallido(s)?', text: ADMIN_JOBS_TEXT.retryText, positive: 'Reintentar', negative: 'Cancelar', focus: 'negative' }))
      .next()
      .is(decision)
      .next([undefined, confirmDeclined()])
      .put(jobsRetryDeclined())
      .next()
      .isDone();
  });

  it('with the reducer: the selection is cleared and the retried job shows done', () =>
    expectSaga(handleJobsRetryRequested, jobsRetryRequested([41]))
      .withReducer(rootReducer, { adminJobs: adminJobsReducer(initialAdminJobsState, jobsSelectionChanged([41])) })
      .provide([
        [matchers.call.fn(retryJobs), result],
        [matchers.call.fn(notify), undefined],
        [matchers.call.fn(fetchJobs), page([doneJob])],
      ])
      .dispatch(confirmAccepted())
      .put(jobsRetried())
      .run()
      .then(({ storeState }) => {
        expect(storeState.adminJobs.selected).toEqual([]);
        expect(storeState.adminJobs.list.rows).toEqual([doneJob]);
        expect(storeState.adminJobs.retry.status).toBe('idle');
      }));

  it("refused by the server: its message, nothing else", () =>
    expectSaga(handleJobsRetryRequested, jobsRetryRequested([41]))
      .withReducer(rootReducer, { adminJobs: initialAdminJobsState })
      .provide([
        [matchers.call.fn(retryJobs), throwError(new HttpError(403, 'Acceso denegado'))],
        [matchers.call.fn(notify), undefined],
      ])
      .dispatch(confirmAccepted())
      .put(jobsRetryFailed('Acceso denegado'))
      .call(notify, 'Acceso denegado', 'error')
      .not.put(jobsRetried())
      .run());
});

describe('Trabajos ERP: retry one from its detail', () => {
  it('confirmed: POST of the job, the message, the badge told, the detail read again', () => {
    const answer = { job: { ...failedJob, status: 'pending' as const, failure: null }, message: 'Trabajo 41 puesto de nuevo en la cola' };
    testSaga(handleJobRetryRequested, jobRetryRequested(41))
      .next()
      .put(confirmRequested({ title: '¿Reintentar el trabajo 41?', text: ADMIN_JOBS_TEXT.retryText, positive: 'Reintentar', negative: 'Cancelar', focus: 'negative' }))
      .next()
      .is(decision)
      .next([confirmAccepted(), undefined])
      .call(callWithTimeout, retryJob, 41)
      .next(answer)
      .next()
      .call(notify, answer.message, 'success')
      .next()
      .put(jobsRetried())
      .next()
      .call(loadJobDetail, 41)
      .next()
      .isDone();
  });
});

describe("the admin shell's failed-jobs count", () => {
  it('is read, and a failed reading keeps the last count shown', () =>
    expectSaga(loadJobsSummary)
      .withReducer(rootReducer, { adminJobs: adminJobsReducer(initialAdminJobsState, jobsSummaryLoaded(summary(3))) })
      .provide([[matchers.call.fn(fetchJobsSummary), throwError(new HttpError(0, 'problema de conexión'))]])
      .put(jobsSummaryLoadFailed('problema de conexión'))
      .run()
      .then(({ storeState }) => expect(selectFailedJobsCount(storeState)).toBe(3)));

  it('is read every minute, and at once after a retry', () => {
    testSaga(pollJobsSummary)
      .next()
      .call(loadJobsSummary)
      .next()
      .race({ wait: delay(JOBS_SUMMARY_POLL_MS), retried: take(jobsRetried.type) })
      .next({ retried: jobsRetried() })
      .call(loadJobsSummary);
  });

  it('polls while the shell shows it and stops at logout', () =>
    expectSaga(watchJobsBadge)
      .withReducer(rootReducer, { adminJobs: initialAdminJobsState })
      .provide([
        [matchers.call.fn(fetchJobsSummary), summary(2)],
      ])
      .dispatch(jobsBadgeShown())
      .put(jobsSummaryLoaded(summary(2)))
      .delay(20)
      .dispatch(loggedOut())
      .silentRun(100)
      .then(({ storeState, effects }) => {
        expect(storeState.adminJobs.summary.data).toBeNull();
        expect(effects.call?.filter((c) => c.payload.fn === callWithTimeout)).toHaveLength(1);
      }));
});
