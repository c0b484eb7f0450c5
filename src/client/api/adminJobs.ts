import type { RetryJobResponse, RetryJobsResponse } from '@shared/api/adminJobs';
import { http, type RequestOptions } from './http';

// Re-driving outbox jobs by hand: 'Trabajos ERP' and an order's detail both retry (admins only; each retry is audited).

/** POST /admin/jobs/:id/retry: 404 unknown, 409 not failed. */
export const retryJob = (id: number, options?: RequestOptions) => http.post<RetryJobResponse>(`/admin/jobs/${id}/retry`, undefined, options);

/** POST /admin/jobs/retry {ids}: what became of each (requeued, notFailed, notFound). */
export const retryJobs = (ids: number[], options?: RequestOptions) => http.post<RetryJobsResponse>('/admin/jobs/retry', { ids }, options);
