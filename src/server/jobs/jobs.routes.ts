import type { FastifyInstance } from 'fastify';
import type { AdminJob, AdminJobList, RetryJobResponse } from '@shared/api/adminJobs';
import { fill } from '@shared/messages';
import { JOB_MSG, jobIdParamsSchema, jobListQuerySchema, type JobListQuery } from '@shared/schemas/adminJobs';
import type { Db } from '../db/connect';
import type { OutboxRow } from '../db/schema';
import { HttpError } from '../errors';
import type { Outbox, OutboxWorker } from './outbox';
import { AuditLog } from '../audit/auditLog';
import { requireUser } from '../plugins/auth';
import { answer } from '../http/responses';

interface Opts {
  db: Db;
  outbox: Outbox;
  worker: OutboxWorker;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function toAdminJob(row: OutboxRow): AdminJob {
  return {
    id: row.id,
    kind: row.kind,
    key: row.dedupeKey,
    status: row.status,
    failure: row.failure === 'exhausted' || row.failure === 'rejected' ? row.failure : null,
    attempts: row.attempts,
    lastError: row.lastError,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    postedAt: iso(row.postedAt),
    createdAt: row.createdAt.toISOString(),
    doneAt: iso(row.doneAt),
  };
}

/**
 * The outbox for administrators: list the jobs (`?status=failed` for what needs attention) and re-drive a failed one by
 * hand. ADMIN and SUPERADMIN only; a retry is written to the audit log. Job payloads are never answered (they may name
 * sealed mail fields).
 */
export default async function adminJobsRoutes(app: FastifyInstance, opts: Opts) {
  const admin = { config: { access: 'admin' as const } };

  app.get<{ Querystring: JobListQuery }>('/api/admin/jobs', { ...admin, schema: { querystring: jobListQuerySchema, response: { 200: answer('AdminJobList') } } }, async (request): Promise<AdminJobList> => {
    const { status, kind, page, pageSize } = request.query;
    const { rows, total } = await opts.outbox.list({ status, kinds: kind ? [kind] : undefined, limit: pageSize, offset: page * pageSize });
    return { rows: rows.map(toAdminJob), total, page, pageSize };
  });

  app.post<{ Params: { id: number } }>('/api/admin/jobs/:id/retry', { ...admin, schema: { params: jobIdParamsSchema, response: { 200: answer('RetryJobResponse') } } }, async (request): Promise<RetryJobResponse> => {
    const id = request.params.id;
    const result = await opts.db.transaction(async (tx) => {
      const retried = await opts.outbox.retry(id, tx);
      if (retried?.requeued) {
        await AuditLog.record(tx, {
          actor: requireUser(request),
          action: 'update',
          entity: 'job',
          entityId: id,
          fields: ['status'],
          details: { kind: retried.job.kind, key: retried.job.dedupeKey, action: 'retry' },
        });
      }
      return retried;
    });
    if (!result) throw new HttpError(404, JOB_MSG.notFound);
    if (!result.requeued) throw new HttpError(409, JOB_MSG.notFailed);
    opts.worker.kick();
    return { job: toAdminJob(result.job), message: fill(JOB_MSG.requeued, { id }) };
  });
}
