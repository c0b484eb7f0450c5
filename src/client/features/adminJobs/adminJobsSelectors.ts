import { toListQuery } from '@client/app/pagedList';
import type { AdminJobsState } from './adminJobsSlice';

/** The part of the store this feature reads. */
export interface AdminJobsRootState {
  adminJobs: AdminJobsState;
}

export const selectJobsList = (state: AdminJobsRootState) => state.adminJobs.list;
export const selectJobsQuery = (state: AdminJobsRootState) => toListQuery(state.adminJobs.list);
export const selectSelectedJobs = (state: AdminJobsRootState) => state.adminJobs.selected;
export const selectJobsRetry = (state: AdminJobsRootState) => state.adminJobs.retry;
export const selectJobDetail = (state: AdminJobsRootState) => state.adminJobs.detail;
export const selectJobsSummary = (state: AdminJobsRootState) => state.adminJobs.summary;

/**
 * The admin shell's badge: failed jobs, 0 until the first reading. The shell reads it before this feature may have
 * loaded (it loads the feature for admins only), so a missing slice reads 0.
 */
export const selectFailedJobsCount = (state: Partial<AdminJobsRootState>) => state.adminJobs?.summary.data?.failed ?? 0;
