import type { AdminJob, AdminJobList, RetryJobResponse } from '@shared/api/adminJobs';
import { fill } from '@shared/messages';
import { JOB_MSG, type JobListQuery } from '@shared/schemas/adminJobs';
import { AuditLog } from '../audit/auditLog';
import type { Db } from '../db/connect';
import type { OutboxRow } from '../db/schema';
import { HttpError } from '../errors';
import type { SessionUser } from '../plugins/auth';
import type { Outbox, OutboxWorker } from './outbox';

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
 * The outbox for administrators: the jobs page by page, and a failed job re-driven by hand (the retry and its audit row
 * commit together). Job payloads are never answered (they may name sealed mail fields).
 */
export class AdminJobsService {
  constructor(private readonly deps: { db: Db; outbox: Outbox; worker: OutboxWorker }) {}

  async list({ status, kind, page, pageSize }: JobListQuery): Promise<AdminJobList> {
    const { rows, total } = await this.deps.outbox.list({ status, kinds: kind ? [kind] : undefined, limit: pageSize, offset: page * pageSize });
    return { rows: rows.map(toAdminJob), total, page, pageSize };
  }

  async retry(actor: SessionUser, id: number): Promise<RetryJobResponse> {
    const { db, outbox, worker } = this.deps;
    const result = await db.transaction(async (tx) => {
      const retried = await outbox.retry(id, tx);
      if (retried?.requeued) {
        await AuditLog.record(tx, {
          actor,
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
    worker.kick();
    return { job: toAdminJob(result.job), message: fill(JOB_MSG.requeued, { id }) };
  }
}
