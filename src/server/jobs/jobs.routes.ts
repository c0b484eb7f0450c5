import type { FastifyInstance } from 'fastify';
import { jobIdParamsSchema, jobListQuerySchema, type JobListQuery } from '@shared/schemas/adminJobs';
import { answer } from '../http/responses';
import { requireUser } from '../plugins/auth';
import type { AdminJobsService } from './jobs.service';

/**
 * The outbox for administrators: list the jobs (`?status=failed` for what needs attention) and re-drive a failed one by
 * hand. ADMIN and SUPERADMIN only; a retry is written to the audit log.
 */
export default async function adminJobsRoutes(app: FastifyInstance, opts: { jobs: AdminJobsService }) {
  const { jobs } = opts;
  const admin = { config: { access: 'admin' as const } };

  app.get<{ Querystring: JobListQuery }>(
    '/api/admin/jobs',
    { ...admin, schema: { querystring: jobListQuerySchema, response: { 200: answer('AdminJobList') } } },
    (request) => jobs.list(request.query),
  );

  app.post<{ Params: { id: number } }>(
    '/api/admin/jobs/:id/retry',
    { ...admin, schema: { params: jobIdParamsSchema, response: { 200: answer('RetryJobResponse') } } },
    (request) => jobs.retry(requireUser(request), request.params.id),
  );
}
