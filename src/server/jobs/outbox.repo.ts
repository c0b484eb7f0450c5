// The outbox's SQL (docs/exactly-once.md): jobs enqueued with the change they follow from (`Outbox`), and what the
// worker of outbox.ts writes as it claims and runs them (`OutboxRepo`): one statement per outcome and its event.
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db, type DbOrTx } from '../db/connect';
import { outbox, outboxEvents, type OutboxRow } from '../db/schema';
import type { AttemptOutcome, JobFailure, JobOutcome } from './outbox';

export interface NewJob {
  /** Which handler runs it ('erp.order', 'mail', …). */
  kind: string;
  payload: unknown;
  /** A second job with the same key is not added: enqueueing is idempotent. */
  dedupeKey: string;
  /** Not before this many ms from now. */
  delayMs?: number;
}

export interface EnqueueOptions {
  /** A job with the same key that failed 'exhausted' is put back in the queue (a buyer submitting again). */
  revive?: boolean;
  /** Why it was revived, for the job's history (default: the buyer sent it again). */
  reviveNote?: string;
}

export interface JobListQuery {
  status?: OutboxRow['status'];
  kinds?: readonly string[];
  limit?: number;
  offset?: number;
}

export class Outbox {
  constructor(private readonly db: Db) {}

  /**
   * Adds a job inside the caller's transaction (or alone); answers its id and whether it is new. With `revive`, a job
   * of the same key that failed because the ERP kept failing is queued again (never one the ERP refused).
   */
  async enqueue(tx: DbOrTx, job: NewJob, options: EnqueueOptions = {}): Promise<{ id: number; created: boolean; revived: boolean }> {
    const delay = Math.max(0, Math.round(job.delayMs ?? 0));
    const inserted = await tx
      .insert(outbox)
      .values({ kind: job.kind, payload: job.payload as object, dedupeKey: job.dedupeKey, nextAttemptAt: sql`now() + ${delay}::int * interval '1 millisecond'` })
      .onConflictDoNothing({ target: outbox.dedupeKey })
      .returning({ id: outbox.id });
    if (inserted[0]) return { id: inserted[0].id, created: true, revived: false };
    if (options.revive) {
      const [revived] = await tx
        .update(outbox)
        .set(requeued())
        .where(and(eq(outbox.dedupeKey, job.dedupeKey), eq(outbox.status, 'failed'), eq(outbox.failure, 'exhausted')))
        .returning({ id: outbox.id });
      if (revived) {
        await recordRequeue(tx, [revived.id], options.reviveNote ?? REQUEUE_NOTES.revived);
        return { id: revived.id, created: false, revived: true };
      }
    }
    const [existing] = await tx.select({ id: outbox.id }).from(outbox).where(eq(outbox.dedupeKey, job.dedupeKey));
    return { id: existing!.id, created: false, revived: false };
  }

  /**
   * Adds many jobs due now inside the caller's transaction (or alone), 500 rows a statement; a job whose key is there
   * already is not added (no revive). Answers how many were added.
   */
  async enqueueMany(tx: DbOrTx, jobs: readonly NewJob[]): Promise<number> {
    let added = 0;
    for (let i = 0; i < jobs.length; i += 500) {
      const values = jobs.slice(i, i + 500).map((job) => ({ kind: job.kind, payload: job.payload as object, dedupeKey: job.dedupeKey }));
      const inserted = await tx.insert(outbox).values(values).onConflictDoNothing({ target: outbox.dedupeKey }).returning({ id: outbox.id });
      added += inserted.length;
    }
    return added;
  }

  /**
   * Makes `change` (an UPDATE, INSERT or DELETE, without RETURNING) and adds the job in one statement: both or neither,
   * with no transaction around them (one round trip instead of four). When a job of the same key is there already, the
   * change and `enqueue` (revive included) run in one transaction instead, as the caller would have written them.
   */
  async enqueueWith(change: SQL, job: NewJob, options: EnqueueOptions = {}): Promise<{ id: number; created: boolean; revived: boolean }> {
    const delay = Math.max(0, Math.round(job.delayMs ?? 0));
    const result = await this.db.execute(sql`
      with change as (${change})
      insert into outbox (kind, payload, dedupe_key, next_attempt_at)
      values (${job.kind}, ${JSON.stringify(job.payload)}::jsonb, ${job.dedupeKey}, now() + ${delay}::int * interval '1 millisecond')
      on conflict (dedupe_key) do nothing
      returning id`);
    const [inserted] = rowsOf<{ id: number }>(result);
    if (inserted) return { id: inserted.id, created: true, revived: false };
    return this.db.transaction(async (tx) => {
      await tx.execute(change);
      return this.enqueue(tx, job, options);
    });
  }

  /**
   * Re-drives one failed job by hand (an administrator): queued again with a fresh budget, whatever it failed for.
   * Answers the job as it stands, or undefined when there is none; a job that is not failed is left as it is.
   */
  async retry(id: number, tx: DbOrTx = this.db, note: string = REQUEUE_NOTES.manual): Promise<{ job: OutboxRow; requeued: boolean } | undefined> {
    const [row] = await tx
      .update(outbox)
      .set(requeued())
      .where(and(eq(outbox.id, id), eq(outbox.status, 'failed')))
      .returning();
    if (row) {
      await recordRequeue(tx, [row.id], note);
      return { job: row, requeued: true };
    }
    const [job] = await tx.select().from(outbox).where(eq(outbox.id, id));
    return job ? { job, requeued: false } : undefined;
  }

  /** Queues again every job of these kinds that failed because the ERP kept failing (the ERP is back). */
  async redriveExhausted(kinds: readonly string[]): Promise<number> {
    if (kinds.length === 0) return 0;
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .update(outbox)
        .set(requeued())
        .where(and(eq(outbox.status, 'failed'), eq(outbox.failure, 'exhausted'), inArray(outbox.kind, [...kinds])))
        .returning({ id: outbox.id });
      await recordRequeue(tx, rows.map((r) => r.id), REQUEUE_NOTES.redriven);
      return rows.length;
    });
  }

  /** Jobs newest first, by status and kind, with how many match. */
  async list(query: JobListQuery = {}): Promise<{ rows: OutboxRow[]; total: number }> {
    const where: SQL[] = [];
    if (query.status) where.push(eq(outbox.status, query.status));
    if (query.kinds?.length) where.push(inArray(outbox.kind, [...query.kinds]));
    const condition = where.length ? and(...where) : undefined;
    const rows = await this.db
      .select()
      .from(outbox)
      .where(condition)
      .orderBy(desc(outbox.id))
      .limit(Math.min(Math.max(query.limit ?? 50, 1), 500))
      .offset(Math.max(query.offset ?? 0, 0));
    const [count] = await this.db.select({ n: sql<number>`count(*)::int` }).from(outbox).where(condition);
    return { rows, total: Number(count?.n ?? 0) };
  }

  /**
   * Write-ahead mark: a creating request of job `id` is about to leave for the ERP. Must be committed before the request
   * is sent, so that whoever runs the job next (this worker, another instance, the same one after a crash) knows that
   * the ERP may hold a document that no answer told about.
   */
  async markPosting(id: number): Promise<void> {
    await this.db.update(outbox).set({ postedAt: sql`now()` }).where(eq(outbox.id, id));
  }

  /** The ERP answered the creating request (made it, or surely did not): nothing is in flight any more. */
  async clearPosting(id: number): Promise<void> {
    await this.db.update(outbox).set({ postedAt: null }).where(eq(outbox.id, id));
  }

  async get(id: number): Promise<OutboxRow | undefined> {
    const [row] = await this.db.select().from(outbox).where(eq(outbox.id, id));
    return row;
  }

  async byKey(dedupeKey: string): Promise<OutboxRow | undefined> {
    const [row] = await this.db.select().from(outbox).where(eq(outbox.dedupeKey, dedupeKey));
    return row;
  }
}

/** A job as its worker claimed it. */
export interface ClaimedRow {
  id: number;
  kind: string;
  payload: unknown;
  dedupe_key: string;
  attempts: number;
  posted_at: Date | string | null;
}

/** The columns that put a job back in the queue with a fresh budget. */
function requeued() {
  return { status: 'pending' as const, attempts: 0, failure: null, lockedUntil: null, nextAttemptAt: sql`now()` };
}

/** Who put a job back in the queue, as its history says it. */
export const REQUEUE_NOTES = {
  manual: 'Reencolado a mano por un administrador',
  redriven: 'Reencolado automáticamente: el ERP volvió a responder',
  revived: 'Reencolado: el comprador volvió a enviar el pedido',
} as const;

/** One 'requeued' event per job, in the re-queue's transaction. */
async function recordRequeue(tx: DbOrTx, jobIds: readonly number[], note: string): Promise<void> {
  if (jobIds.length === 0) return;
  await tx.insert(outboxEvents).values(jobIds.map((jobId) => ({ jobId, attempt: 0, event: 'requeued', message: note.slice(0, 2000) })));
}


/** What the worker writes as it claims and runs jobs, the re-driver's look, a mail job's sealed values dropped once sent. */
export class OutboxRepo {
  constructor(private readonly db: Db) {}

  /** How many jobs of these kinds ran out of tries ('failed', 'exhausted'). */
  async exhaustedCount(kinds: readonly string[]): Promise<number> {
    if (kinds.length === 0) return 0;
    const [waiting] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(outbox)
      .where(and(eq(outbox.status, 'failed'), eq(outbox.failure, 'exhausted'), inArray(outbox.kind, [...kinds])));
    return Number(waiting?.n ?? 0);
  }

  /** Replaces a job's payload. */
  async replacePayload(jobId: number, payload: unknown): Promise<void> {
    await this.db.execute(sql`update outbox set payload = ${JSON.stringify(payload)}::jsonb where id = ${jobId}`);
  }

  /** Claims up to `limit` due jobs (`FOR UPDATE SKIP LOCKED`, a lease of `leaseMs`), counting a try on each. */
  claimDue(limit: number, leaseMs: number): Promise<ClaimedRow[]> {
    return this.claim(sql`status = 'pending' and next_attempt_at <= now()`, limit, leaseMs);
  }

  /** Claims job `id` if it is pending and nobody holds it, due or not. */
  claimOne(id: number, leaseMs: number): Promise<ClaimedRow[]> {
    return this.claim(sql`status = 'pending' and id = ${id}`, 1, leaseMs);
  }

  private async claim(where: SQL, limit: number, leaseMs: number): Promise<ClaimedRow[]> {
    const result = await this.db.execute(sql`
      update outbox set locked_until = now() + ${leaseMs}::int * interval '1 millisecond', attempts = attempts + 1
      where id in (
        select id from outbox
        where ${where} and (locked_until is null or locked_until < now())
        order by id limit ${limit}
        for update skip locked)
      returning id, kind, payload, dedupe_key, attempts, posted_at`);
    return rowsOf<ClaimedRow>(result).sort((a, b) => a.id - b.id);
  }

  /**
   * The outbox_events row of a try, to follow a `with job as (update … returning id)`. The try's start is written by
   * the database's clock (now less the time it took), like every other time of the outbox.
   */
  private static event(row: ClaimedRow, started: Date, outcome: AttemptOutcome, failure: JobFailure | null, message: string | null): SQL {
    return sql`
      insert into outbox_events (job_id, attempt, event, failure, message, started_at, at)
      select id, ${row.attempts}::int, ${outcome}::varchar, ${failure}::varchar, ${message}::text,
        clock_timestamp() - ${Date.now() - started.getTime()}::int * interval '1 millisecond', clock_timestamp() from job`;
  }

  /** The try succeeded: the job is done, with its event, in one statement. */
  async recordDone(row: ClaimedRow, started: Date): Promise<void> {
    await this.db.execute(sql`
      with job as (
        update outbox set status = 'done', done_at = now(), locked_until = null, last_error = null, failure = null where id = ${row.id}
        returning id)
      ${OutboxRepo.event(row, started, 'done', null, null)}`);
  }

  /** The handler asked to look again in `waitMs`: not a failed try, so the try is given back. */
  async recordWaiting(row: ClaimedRow, started: Date, message: string, waitMs: number): Promise<void> {
    await this.db.execute(sql`
      with job as (
        update outbox set status = 'pending', locked_until = null, attempts = greatest(attempts - 1, 0),
          last_error = ${message}, next_attempt_at = now() + ${waitMs}::int * interval '1 millisecond'
        where id = ${row.id}
        returning id)
      ${OutboxRepo.event(row, started, 'waiting', null, message)}`);
  }

  /** A failed try: tried again in `waitMs`, or failed for good with `failure`. Answers the event's id. */
  async recordFailedTry(q: DbOrTx, row: ClaimedRow, started: Date, failure: JobFailure | null, message: string, waitMs: number): Promise<number> {
    const [recorded] = rowsOf<{ id: number }>(
      await q.execute(sql`
        with job as (
          update outbox set status = ${failure ? 'failed' : 'pending'}::outbox_status, failure = ${failure}, locked_until = null,
            last_error = ${message}, next_attempt_at = now() + ${waitMs}::int * interval '1 millisecond'
          where id = ${row.id}
          returning id)
        ${OutboxRepo.event(row, started, failure ? 'failed' : 'retry', failure, message)}
        returning id`),
    );
    return Number(recorded?.id ?? 0);
  }

  async statusOf(id: number): Promise<JobOutcome> {
    const [row] = await this.db.select({ status: outbox.status }).from(outbox).where(eq(outbox.id, id));
    return row?.status ?? 'failed';
  }
}
