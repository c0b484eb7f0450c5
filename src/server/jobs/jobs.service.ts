import type { AdminJob, AdminJobDetail, AdminJobList, JobEvent, JobsSummary, RetryJobResponse, RetryJobsResponse } from '@shared/api/adminJobs';
import { fill } from '@shared/messages';
import { JOB_FAILURE_LABELS, JOB_KIND_LABELS, JOB_MSG, JOB_STATUS_LABELS, type JobListQuery } from '@shared/schemas/adminJobs';
import { AuditLog } from '../audit/auditLog';
import type { Db, Tx } from '../db/connect';
import type { OutboxEventRow } from '../db/schema';
import { HttpError } from '../errors';
import type { CsvColumn } from '../http/csv';
import { assertExportable, pageWindow } from '../http/listQuery';
import type { SessionUser } from '../plugins/auth';
import { AdminJobsRepo, type JobView } from './jobs.repo';
import type { OutboxWorker } from './outbox';
import type { Outbox } from './outbox.repo';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function toAdminJob(row: JobView): AdminJob {
  return {
    id: row.id,
    kind: row.kind,
    key: row.dedupeKey,
    status: row.status,
    failure: row.failure === 'exhausted' || row.failure === 'rejected' ? row.failure : null,
    waiting: row.waiting,
    attempts: row.attempts,
    lastError: row.lastError,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    postedAt: iso(row.postedAt),
    createdAt: row.createdAt.toISOString(),
    doneAt: iso(row.doneAt),
    lastAttemptAt: iso(row.lastAttemptAt),
    orderNumber: row.orderNumber,
  };
}

export function toJobEvent(row: OutboxEventRow): JobEvent {
  return {
    id: row.id,
    attempt: row.attempt,
    event: row.event as JobEvent['event'],
    failure: row.failure === 'exhausted' || row.failure === 'rejected' ? row.failure : null,
    message: row.message,
    startedAt: iso(row.startedAt),
    at: row.at.toISOString(),
  };
}

/** The status an administrator reads: 'En espera' for a waiting pending job. */
const statusLabel = (job: AdminJob) => JOB_STATUS_LABELS[job.waiting ? 'waiting' : job.status];

/** The columns of the jobs CSV. */
export const JOB_CSV: CsvColumn<AdminJob>[] = [
  { header: 'Id', value: (j) => j.id },
  { header: 'Tipo', value: (j) => JOB_KIND_LABELS[j.kind] ?? j.kind },
  { header: 'Clave', value: (j) => j.key },
  { header: 'Pedido', value: (j) => j.orderNumber },
  { header: 'Estado', value: statusLabel },
  { header: 'Motivo de falla', value: (j) => (j.failure ? JOB_FAILURE_LABELS[j.failure] : '') },
  { header: 'Intentos', value: (j) => j.attempts },
  { header: 'Último error', value: (j) => j.lastError },
  { header: 'Creado', value: (j) => new Date(j.createdAt) },
  { header: 'Último intento', value: (j) => (j.lastAttemptAt ? new Date(j.lastAttemptAt) : null) },
  { header: 'Próximo intento', value: (j) => (j.status === 'pending' ? new Date(j.nextAttemptAt) : null) },
  { header: 'Terminado', value: (j) => (j.doneAt ? new Date(j.doneAt) : null) },
];

/**
 * The outbox for administrators: the jobs page by page, one job with its history, counts for the admin shell, and
 * failed jobs re-driven by hand (each retry and its audit row commit together). Job payloads are never answered (they
 * may name sealed mail fields).
 */
export class AdminJobsService {
  private readonly repo: AdminJobsRepo;

  constructor(private readonly deps: { db: Db; outbox: Outbox; worker: OutboxWorker }) {
    this.repo = new AdminJobsRepo(deps.db);
  }

  async list(query: JobListQuery): Promise<AdminJobList> {
    const { rows, total } = await this.repo.list(query, pageWindow(query, false));
    return { rows: rows.map(toAdminJob), total, page: query.page, pageSize: query.pageSize };
  }

  /** Every job the filters select, for the CSV (400 beyond the export's limit). */
  async exportRows(query: JobListQuery): Promise<AdminJob[]> {
    const { rows, total } = await this.repo.list(query, pageWindow(query, true));
    assertExportable(total);
    return rows.map(toAdminJob);
  }

  async detail(id: number): Promise<AdminJobDetail> {
    const job = await this.repo.get(id);
    if (!job) throw new HttpError(404, JOB_MSG.notFound);
    return { job: toAdminJob(job), events: (await this.repo.events([id])).map(toJobEvent) };
  }

  async summary(): Promise<JobsSummary> {
    const s = await this.repo.summary();
    return { failed: s.failed, pending: s.pending, waiting: s.waiting, oldestPendingAt: iso(s.oldestPendingAt) };
  }

  async retry(actor: SessionUser, id: number): Promise<RetryJobResponse> {
    const result = await this.deps.db.transaction((tx) => this.retryOne(tx, actor, id));
    if (!result) throw new HttpError(404, JOB_MSG.notFound);
    if (!result.requeued) throw new HttpError(409, JOB_MSG.notFailed);
    this.deps.worker.kick();
    const job = await this.repo.get(id);
    return { job: toAdminJob(job!), message: fill(JOB_MSG.requeued, { id }) };
  }

  /** Re-drives each failed job of `ids` (one transaction: every retry with its audit row); the others are said so. */
  async retryMany(actor: SessionUser, ids: readonly number[]): Promise<RetryJobsResponse> {
    const unique = [...new Set(ids)];
    const results = await this.deps.db.transaction(async (tx) => {
      const out: RetryJobsResponse['results'] = [];
      for (const id of unique) {
        const retried = await this.retryOne(tx, actor, id);
        out.push({ id, outcome: !retried ? 'notFound' : retried.requeued ? 'requeued' : 'notFailed' });
      }
      return out;
    });
    const requeued = results.filter((r) => r.outcome === 'requeued').length;
    if (requeued > 0) this.deps.worker.kick();
    return { results, requeued, message: fill(JOB_MSG.requeuedMany, { count: requeued, total: unique.length }) };
  }

  /** One retry and, when it re-queued the job, its audit row (the job's status before and after). */
  private async retryOne(tx: Tx, actor: SessionUser, id: number) {
    const before = await this.repo.get(id, tx);
    const retried = await this.deps.outbox.retry(id, tx, `Reencolado a mano por ${actor.username}`);
    if (retried?.requeued) {
      await AuditLog.record(tx, {
        actor,
        action: 'update',
        entity: 'job',
        entityId: id,
        fields: ['status', 'attempts'],
        before: { status: before?.status ?? 'failed', failure: before?.failure ?? null, attempts: before?.attempts ?? null, lastError: before?.lastError ?? null },
        after: { status: retried.job.status, failure: null, attempts: retried.job.attempts, lastError: before?.lastError ?? null },
        details: { kind: retried.job.kind, key: retried.job.dedupeKey, action: 'retry' },
      });
    }
    return retried;
  }
}
