import type { FastifyInstance } from 'fastify';
import { jobIdParamsSchema, jobListQuerySchema, retryJobsSchema } from '@shared/schemas/adminJobs';
import { sendCsv, toCsv } from '../http/csv';
import { answer } from '../http/responses';
import { requireUser } from '../plugins/auth';
import { JOB_CSV, type AdminJobsService } from './jobs.service';
import type { YupTypeProvider } from '../plugins/validation';

/**
 * 'Trabajos ERP': the outbox for administrators. List the jobs (filters, sort, pages, CSV), one job with its history,
 * counts for the admin shell's badge, and re-drive failed jobs by hand, one or many. ADMIN and SUPERADMIN only; each
 * retry is written to the audit log.
 */
export default async function adminJobsRoutes(app: FastifyInstance, opts: { jobs: AdminJobsService }) {
  // bodies, queries and path parameters typed from the schemas that validate them
  const api = app.withTypeProvider<YupTypeProvider>();
  const { jobs } = opts;
  const admin = { config: { access: 'admin' as const } };

  api.get(
    '/api/admin/jobs',
    { ...admin, schema: { querystring: jobListQuerySchema, response: { 200: answer('AdminJobList') } } },
    async (request, reply) => {
      if (request.query.format === 'csv') return sendCsv(reply, 'trabajos', toCsv(JOB_CSV, await jobs.exportRows(request.query)));
      return jobs.list(request.query);
    },
  );

  app.get('/api/admin/jobs/summary', { ...admin, schema: { response: { 200: answer('JobsSummary') } } }, () => jobs.summary());

  api.get(
    '/api/admin/jobs/:id',
    { ...admin, schema: { params: jobIdParamsSchema, response: { 200: answer('AdminJobDetail') } } },
    (request) => jobs.detail(request.params.id),
  );

  api.post(
    '/api/admin/jobs/retry',
    { ...admin, schema: { body: retryJobsSchema, response: { 200: answer('RetryJobsResponse') } } },
    (request) => jobs.retryMany(requireUser(request), request.body.ids),
  );

  api.post(
    '/api/admin/jobs/:id/retry',
    { ...admin, schema: { params: jobIdParamsSchema, response: { 200: answer('RetryJobResponse') } } },
    (request) => jobs.retry(requireUser(request), request.params.id),
  );
}
