import type { PayloadAction } from '@reduxjs/toolkit';
import { all, call, delay, fork, put, race, take, takeLatest, takeLeading } from 'redux-saga/effects';
import type { AdminJobDetail, JobsSummary, RetryJobResponse, RetryJobsResponse } from '@shared/api/adminJobs';
import { fill } from '@shared/messages';
import { retryJob, retryJobs } from '@client/api/adminJobs';
import { toApiError } from '@client/api/http';
import { failureOf } from '@client/app/problems';
import { confirmRequested, userDecision } from '@client/app/confirmSlice';
import { jobsRetried, loggedOut, sessionExpired } from '@client/app/events';
import { notify } from '@client/app/notify';
import { pagedListSagas } from '@client/app/pagedListSagas';
import { callWithTimeout, safe } from '@client/app/sagaUtils';
import { selectJobsQuery } from './adminJobsSelectors';
import {
  jobDetailLoaded,
  jobDetailLoadFailed,
  jobDetailOpened,
  jobRetryDone,
  jobRetryRequested,
  jobsBadgeHidden,
  jobsBadgeShown,
  jobsRetryDeclined,
  jobsRetryDone,
  jobsRetryFailed,
  jobsRetryRequested,
  jobsSummaryLoaded,
  jobsSummaryLoadFailed,
  jobsList,
} from './adminJobsSlice';
import { ADMIN_JOBS_TEXT as T } from './adminJobsTexts';
import { downloadJobsCsv, fetchJob, fetchJobs, fetchJobsSummary } from './api';

/** The shell's badge reads the counts this often while an admin is logged in (and at once after a retry). */
export const JOBS_SUMMARY_POLL_MS = 60_000;

/** The list's page (a search after a pause) and its CSV export. */
export const {
  load: loadJobs,
  handleChanged: handleJobsListChanged,
  handleExportRequested: handleJobsExportRequested,
  watchList: watchJobsList,
  watchExport: watchJobsExport,
} = pagedListSagas(jobsList, { selectQuery: selectJobsQuery, fetchPage: fetchJobs, downloadCsv: downloadJobsCsv });

/** The confirmation of a retry: the safe choice ('Cancelar') has the focus, so Enter alone re-drives nothing. */
const retryPrompt = (title: string) => confirmRequested({ title, text: T.retryText, positive: T.retryConfirm, negative: T.retryDecline, focus: 'negative' });

/**
 * 'Reintentar' of the chosen jobs: confirm, POST /admin/jobs/retry, the server's message, the list read again and the
 * shell's badge told. Declined: nothing is sent.
 */
export function* handleJobsRetryRequested(action: PayloadAction<number[]>) {
  const ids = action.payload;
  yield put(retryPrompt(fill(T.retryManyTitle, { n: ids.length })));
  const [confirmed]: [unknown, unknown] = yield userDecision();
  if (!confirmed) {
    yield put(jobsRetryDeclined());
    return;
  }
  try {
    const result: RetryJobsResponse = yield call(callWithTimeout, retryJobs, ids);
    yield put(jobsRetryDone(result));
    yield call(notify, result.message, result.requeued > 0 ? 'success' : 'warning');
    yield put(jobsRetried());
    yield call(loadJobs);
  } catch (error) {
    const { message } = toApiError(error);
    yield put(jobsRetryFailed(message));
    yield call(notify, message, 'error');
  }
}

/** 'Reintentar' on a job's detail: confirm, POST /admin/jobs/:id/retry, its new state and tries, the badge told. */
export function* handleJobRetryRequested(action: PayloadAction<number>) {
  const id = action.payload;
  yield put(retryPrompt(fill(T.retryOneTitle, { id })));
  const [confirmed]: [unknown, unknown] = yield userDecision();
  if (!confirmed) {
    yield put(jobsRetryDeclined());
    return;
  }
  try {
    const result: RetryJobResponse = yield call(callWithTimeout, retryJob, id);
    yield put(jobRetryDone(result));
    yield call(notify, result.message, 'success');
    yield put(jobsRetried());
    yield call(loadJobDetail, id);
  } catch (error) {
    const { message } = toApiError(error);
    yield put(jobsRetryFailed(message));
    yield call(notify, message, 'error');
  }
}

export function* loadJobDetail(id: number) {
  try {
    const detail: AdminJobDetail = yield call(callWithTimeout, fetchJob, id);
    yield put(jobDetailLoaded(detail));
  } catch (error) {
    yield put(jobDetailLoadFailed(failureOf(error)));
  }
}

export function* handleJobDetailOpened(action: PayloadAction<number>) {
  yield call(loadJobDetail, action.payload);
}

/** One reading of the counts; a failed one keeps the last counts shown. */
export function* loadJobsSummary() {
  try {
    const summary: JobsSummary = yield call(callWithTimeout, fetchJobsSummary);
    yield put(jobsSummaryLoaded(summary));
  } catch (error) {
    yield put(jobsSummaryLoadFailed(toApiError(error).message));
  }
}

/** Reads the counts now, then every minute, or at once when jobs were retried (here or on an order). */
export function* pollJobsSummary() {
  while (true) {
    yield call(loadJobsSummary);
    yield race({ wait: delay(JOBS_SUMMARY_POLL_MS), retried: take(jobsRetried.type) });
  }
}

/** The badge's reading runs while the admin shell is shown, and stops when it goes or the session ends. */
export function* watchJobsBadge() {
  while (true) {
    yield take(jobsBadgeShown.type);
    yield race({ poll: call(pollJobsSummary), stop: take([jobsBadgeHidden.type, loggedOut.type, sessionExpired.type]) });
  }
}

export function* watchJobsRetry() {
  yield takeLeading([jobsRetryRequested.type, jobRetryRequested.type], function* (action: PayloadAction<number[] | number>) {
    if (action.type === jobsRetryRequested.type) yield call(safe(handleJobsRetryRequested), action as PayloadAction<number[]>);
    else yield call(safe(handleJobRetryRequested), action as PayloadAction<number>);
  });
}

export function* watchJobDetail() {
  yield takeLatest(jobDetailOpened.type, safe(handleJobDetailOpened));
}

export function* adminJobsSaga() {
  yield all([fork(watchJobsList), fork(watchJobsExport), fork(watchJobsRetry), fork(watchJobDetail), fork(watchJobsBadge)]);
}
