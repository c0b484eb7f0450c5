import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import type { AdminJob, AdminJobDetail, AdminJobList, JobsSummary, RetryJobResponse, RetryJobsResponse } from '@shared/api/adminJobs';
import { loggedOut, sessionExpired } from '@client/app/events';
import { flowSteps, idleFlow, idleLoad, loadedWith, loadFailed, startLoading, type Flow, type Loadable, type LoadFailure } from '@client/app/loadable';
import { createPagedList, type PagedList } from '@client/app/pagedList';

// 'Trabajos ERP' (admin area): the outbox jobs with their tries, retried one or many; and the failed-jobs count of the
// admin shell's menu, read every minute while an admin is logged in.

/** The list's filters ('' = any): the API's q, status, kind, failure, from, to. */
export type JobFilters = { q: string; status: string; kind: string; failure: string; from: string; to: string };

/** What the screen opens with: the jobs someone may have to act on (pending and failed), newest first. */
export const JOB_DEFAULT_FILTERS: JobFilters = { q: '', status: 'open', kind: '', failure: '', from: '', to: '' };
export const JOB_DEFAULT_SORT = { sort: 'id', dir: 'desc' as const };
export const JOB_PAGE_SIZE = 25;

/** 'Trabajos ERP': paged, sorted, searched and filtered by the server; 'Limpiar filtros' shows every job. */
export const jobsList = createPagedList<AdminJob, JobFilters, AdminJobList>({
  name: 'adminJobs/list',
  filters: JOB_DEFAULT_FILTERS,
  cleared: { ...JOB_DEFAULT_FILTERS, status: '' },
  sort: JOB_DEFAULT_SORT,
  pageSize: JOB_PAGE_SIZE,
});

export interface JobDetailState extends Loadable<AdminJobDetail | null> {
  /** The job asked for (the route's id). */
  id: number | null;
}

export interface AdminJobsState {
  list: PagedList<AdminJob, JobFilters>;
  /** The ids chosen in the list for 'Reintentar'. */
  selected: number[];
  /** A retry (of the selection, or of the job on its detail): the confirmation and the call. */
  retry: Flow;
  detail: JobDetailState;
  /** The counts of the shell's badge. */
  summary: Loadable<JobsSummary | null>;
}

export const initialAdminJobsState: AdminJobsState = {
  list: jobsList.initialState,
  selected: [],
  retry: idleFlow,
  detail: { id: null, ...idleLoad(null) },
  summary: idleLoad(null),
};

/** The flows' steps (save, delete, retry…). */
const retrySteps = flowSteps<'retry'>('retry');

const adminJobsSlice = createSlice({
  name: 'adminJobs',
  initialState: initialAdminJobsState,
  reducers: {
    jobsSelectionChanged(state, action: PayloadAction<number[]>) {
      state.selected = action.payload;
    },
    /** 'Reintentar' of the selection: the saga asks first. */
    jobsRetryRequested: retrySteps.start<number[]>(),
    /** 'Reintentar' on a job's detail. */
    jobRetryRequested: retrySteps.start<number>(),
    jobsRetryDeclined: retrySteps.idle,
    jobsRetryDone(state, _action: PayloadAction<RetryJobsResponse>) {
      state.retry = idleFlow;
      state.selected = [];
    },
    jobRetryDone(state, action: PayloadAction<RetryJobResponse>) {
      state.retry = idleFlow;
      const { job } = action.payload;
      if (state.detail.data?.job.id === job.id) state.detail.data.job = job;
    },
    jobsRetryFailed: retrySteps.failed,

    /** /admin/jobs/:id mounted (or 'Reintentar' after a failed load). */
    jobDetailOpened(state, action: PayloadAction<number>) {
      if (state.detail.id !== action.payload) state.detail = { id: action.payload, ...idleLoad(null) };
      startLoading(state.detail);
    },
    jobDetailLoaded(state, action: PayloadAction<AdminJobDetail>) {
      if (state.detail.id === action.payload.job.id) state.detail = { id: action.payload.job.id, ...loadedWith(action.payload) };
    },
    jobDetailLoadFailed(state, action: PayloadAction<LoadFailure>) {
      loadFailed(state.detail, action.payload);
    },

    /** The admin shell is shown (an admin is logged in): the saga reads the counts now and every minute. */
    jobsBadgeShown() {},
    /** The admin shell is gone (logout, another role): the reading stops. */
    jobsBadgeHidden() {},
    jobsSummaryLoaded(state, action: PayloadAction<JobsSummary>) {
      state.summary = loadedWith(action.payload);
    },
    /** The last counts stay shown: one missed reading does not hide a failure. */
    jobsSummaryLoadFailed(state, action: PayloadAction<string>) {
      loadFailed(state.summary, action.payload);
    },
  },
  // another admin may log in next: nothing of this one stays
  extraReducers: (builder) =>
    jobsList
      .nestIn(builder.addCase(loggedOut, () => initialAdminJobsState).addCase(sessionExpired, () => initialAdminJobsState))
      // another page, sort or filter: nothing stays chosen
      .addMatcher(isAnyOf(jobsList.actions.changed, jobsList.actions.filterTyped, jobsList.actions.filtersCleared), (state) => {
        state.selected = [];
      })
      // a job no longer shown is no longer chosen
      .addMatcher(jobsList.actions.loaded.match, (state, action) => {
        const shown = new Set(action.payload.rows.map((job) => job.id));
        state.selected = state.selected.filter((id) => shown.has(id));
      }),
});

export const {
  jobsSelectionChanged,
  jobsRetryRequested,
  jobRetryRequested,
  jobsRetryDeclined,
  jobsRetryDone,
  jobRetryDone,
  jobsRetryFailed,
  jobDetailOpened,
  jobDetailLoaded,
  jobDetailLoadFailed,
  jobsBadgeShown,
  jobsBadgeHidden,
  jobsSummaryLoaded,
  jobsSummaryLoadFailed,
} = adminJobsSlice.actions;
export const adminJobsReducer = adminJobsSlice.reducer;
