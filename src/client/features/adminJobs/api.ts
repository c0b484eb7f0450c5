import type { AdminJobDetail, AdminJobList, JobsSummary } from '@shared/api/adminJobs';
import { http, type RequestOptions } from '@client/api/http';
import { downloadListCsv, fetchListPage, type ListQuery } from '@client/api/lists';

// 'Trabajos ERP': the outbox jobs page by page, one job with its tries, the shell badge's counts. Retrying is in
// api/adminJobs.ts (an order's detail retries too).

export const fetchJobs = (query: ListQuery, options?: RequestOptions) => fetchListPage<AdminJobList>('/admin/jobs', query, options);

export const downloadJobsCsv = (query: ListQuery, options?: RequestOptions) => downloadListCsv('/admin/jobs', query, 'trabajos.csv', options);

export const fetchJob = (id: number, options?: RequestOptions) => http.get<AdminJobDetail>(`/admin/jobs/${id}`, options);

export const fetchJobsSummary = (options?: RequestOptions) => http.get<JobsSummary>('/admin/jobs/summary', options);
