import type { FastifyInstance } from 'fastify';
import { jobIdParamsSchema, jobListQuerySchema, retryJobsSchema, type JobListQuery, type RetryJobsForm } from '@shared/schemas/adminJobs';
import { sendCsv, toCsv } from '../http/csv';
import { answer } from '../http/responses';
import { requireUser } from '../plugins/auth';
import { JOB_CSV, type AdminJobsService } from './jobs.service';

/**
 * 'Trabajos ERP': the outbox for administrators. List the jobs (filters, sort, pages, CSV), one job with its history,
 * counts for the admin shell's badge, and re-drive failed jobs by hand, one or many. ADMIN and SUPERADMIN only; each
 * retry is written to the audit log.
 */
export default async function adminJobsRoutes(app: FastifyInstance, opts: { jobs: AdminJobsService }) {
  const { jobs } = opts;
  const admin = { config: { access: 'admin' as const } };

  app.get<{ Querystring: JobListQuery }>(
    '/api/admin/jobs',
    { ...admin, schema: { querystring: jobListQuerySchema, response: { 200: answer('AdminJobList') } } },
    async (request, reply) => {
      if (request.query.format === 'csv') return sendCsv(reply, 'trabajos', toCsv(JOB_CSV, await jobs.exportRows(request.query)));
      return jobs.list(request.query);
    },
  );

  app.get('/api/admin/jobs/summary', { ...admin, schema: { response: { 200: answer('JobsSummary') } } }, () => jobs.summary());

  app.get<{ Params: { id: number } }>(
    '/api/admin/jobs/:id',
    { ...admin, schema: { params: jobIdParamsSchema, response: { 200: answer('AdminJobDetail') } } },
    (request) => jobs.detail(request.params.id),
  );

  app.post<{ Body: RetryJobsForm }>(
    '/api/admin/jobs/retry',
    { ...admin, schema: { body: retryJobsSchema, response: { 200: answer('RetryJobsResponse') } } },
    (request) => jobs.retryMany(requireUser(request), request.body.ids),
  );

  app.post<{ Params: { id: number } }>(
    '/api/admin/jobs/:id/retry',
    { ...admin, schema: { params: jobIdParamsSchema, response: { 200: answer('RetryJobResponse') } } },
    (request) => jobs.retry(requireUser(request), request.params.id),
  );
}
