// The outbox: work for the ERP and the mailer, written in the same transaction as the state change it follows from,
// delivered by workers with retries and backoff. Several workers (in one process or many) share the table: a job is
// claimed with `FOR UPDATE SKIP LOCKED` and a lease, so only one worker runs it at a time; a crashed worker's job is
// taken again when its lease ends. Delivery is at least once: every handler must be idempotent (the ERP documents
// carry the order number as NumAtCard; mails are keyed by order and section).
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf, type Db, type DbOrTx } from '../db/connect';
import { outbox, type OutboxRow } from '../db/schema';

export interface NewJob {
  /** Which handler runs it ('erp.order', 'mail', …). */
  kind: string;
  payload: unknown;
  /** A second job with the same key is not added: enqueueing is idempotent. */
  dedupeKey: string;
  /** Not before this many ms from now. */
  delayMs?: number;
}

export interface JobInfo {
  id: number;
  kind: string;
  dedupeKey: string;
  /** 1 on the first try. */
  attempts: number;
  /**
   * When a creating request of this job last left for the ERP without a known answer (null: none did, or its answer
   * came back). See docs/exactly-once.md: while set, the job looks before it posts again.
   */
  postedAt: Date | null;
  /** Write-ahead: records (committed) that a creating request is about to leave for the ERP. */
  markPosting(): Promise<void>;
  /** The creating request's answer is known: nothing is in flight any more. */
  clearPosting(): Promise<void>;
}

export type JobHandler = (payload: unknown, job: JobInfo) => Promise<void>;

/** A failure that retrying cannot mend (the ERP rejected the document, the mail has no recipient): the job is not retried. */
export class PermanentJobError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PermanentJobError';
  }
}

/**
 * Not a failure: the job must look again later (an ERP create whose outcome is unknown and may still complete, a draft
 * waiting for approval). The try does not count against the job's budget, and the job is due again after `delayMs`.
 */
export class RetryLaterError extends Error {
  constructor(
    message: string,
    readonly delayMs: number,
  ) {
    super(message);
    this.name = 'RetryLaterError';
  }
}

export type JobOutcome = 'done' | 'pending' | 'failed';

/** Why a failed job failed: the ERP kept failing until the budget ran out, or it refused the work for good. */
export type JobFailure = 'exhausted' | 'rejected';

export interface EnqueueOptions {
  /** A job with the same key that failed 'exhausted' is put back in the queue (a buyer submitting again). */
  revive?: boolean;
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
      if (revived) return { id: revived.id, created: false, revived: true };
    }
    const [existing] = await tx.select({ id: outbox.id }).from(outbox).where(eq(outbox.dedupeKey, job.dedupeKey));
    return { id: existing!.id, created: false, revived: false };
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
  async retry(id: number, tx: DbOrTx = this.db): Promise<{ job: OutboxRow; requeued: boolean } | undefined> {
    const [row] = await tx
      .update(outbox)
      .set(requeued())
      .where(and(eq(outbox.id, id), eq(outbox.status, 'failed')))
      .returning();
    if (row) return { job: row, requeued: true };
    const [job] = await tx.select().from(outbox).where(eq(outbox.id, id));
    return job ? { job, requeued: false } : undefined;
  }

  /** Queues again every job of these kinds that failed because the ERP kept failing (the ERP is back). */
  async redriveExhausted(kinds: readonly string[]): Promise<number> {
    if (kinds.length === 0) return 0;
    const rows = await this.db
      .update(outbox)
      .set(requeued())
      .where(and(eq(outbox.status, 'failed'), eq(outbox.failure, 'exhausted'), inArray(outbox.kind, [...kinds])))
      .returning({ id: outbox.id });
    return rows.length;
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

export interface WorkerOptions {
  db: Db;
  handlers?: Record<string, JobHandler>;
  /** Pause between polls when idle. Default 1 000 ms. */
  pollMs?: number;
  /** How long a claimed job stays with its worker. Default 60 000 ms (longer than any ERP or SMTP timeout). */
  leaseMs?: number;
  /** Jobs claimed per poll. Default 10. */
  batch?: number;
  /** Wait before try n+1 after n failed tries. Default 1 s doubling up to 5 min. */
  backoffMs?: (attempts: number) => number;
  /** Tries before a job is given up as failed. Default 25 (about 2 hours with the default backoff). */
  maxAttempts?: number;
  logger?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

interface ClaimedRow {
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

export const defaultBackoff = (attempts: number) => Math.min(1_000 * 2 ** Math.max(0, attempts - 1), 5 * 60_000);

export class OutboxWorker {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly batch: number;
  private readonly backoff: (attempts: number) => number;
  private readonly maxAttempts: number;
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;
  private stopped = true;

  constructor(private readonly opts: WorkerOptions) {
    this.pollMs = opts.pollMs ?? 1_000;
    this.leaseMs = opts.leaseMs ?? 60_000;
    this.batch = opts.batch ?? 10;
    this.backoff = opts.backoffMs ?? defaultBackoff;
    this.maxAttempts = opts.maxAttempts ?? 25;
    for (const [kind, handler] of Object.entries(opts.handlers ?? {})) this.register(kind, handler);
  }

  register(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  /** Polls until stopped. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops polling and waits for the jobs in hand. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** Asks for a poll now (after an enqueue), without waiting for it. */
  kick(): void {
    if (!this.stopped) this.schedule(0);
  }

  /** Claims the due jobs once and runs them; answers how many ran. Concurrent calls share one run. */
  runOnce(): Promise<number> {
    this.running ??= this.claimAndRun().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /**
   * Runs job `id` now if no other worker holds it, even before its next try is due, and answers how it stands after
   * at most `timeoutMs`: 'done', 'failed', or 'pending' (the ERP is down or slow; the job stays queued).
   */
  async deliverNow(id: number, timeoutMs = 10_000): Promise<JobOutcome> {
    const claimed = await this.claim(sql`status = 'pending' and id = ${id}`, 1);
    if (claimed[0]) {
      // the run's own outcome, as it wrote it: no need to read the job back
      return Promise.race([this.run(claimed[0]), sleep(timeoutMs).then((): JobOutcome => 'pending')]);
    }
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      const status = await this.statusOf(id);
      if (status !== 'pending') return status;
      if (!(await this.isLocked(id))) break; // queued, waiting for its next try
      await sleep(100);
    }
    return this.statusOf(id);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.runOnce()
        .catch((err: unknown) => this.opts.logger?.error({ err }, 'outbox: no se pudo leer la cola'))
        .then((ran) => this.schedule(ran && ran >= this.batch ? 0 : this.pollMs));
    }, ms);
    this.timer.unref?.();
  }

  private async claimAndRun(): Promise<number> {
    const jobs = await this.claim(sql`status = 'pending' and next_attempt_at <= now()`, this.batch);
    for (const job of jobs) await this.run(job);
    return jobs.length;
  }

  private async claim(where: ReturnType<typeof sql>, limit: number): Promise<ClaimedRow[]> {
    const result = await this.opts.db.execute(sql`
      update outbox set locked_until = now() + ${this.leaseMs}::int * interval '1 millisecond', attempts = attempts + 1
      where id in (
        select id from outbox
        where ${where} and (locked_until is null or locked_until < now())
        order by id limit ${limit}
        for update skip locked)
      returning id, kind, payload, dedupe_key, attempts, posted_at`);
    return rowsOf<ClaimedRow>(result).sort((a, b) => a.id - b.id);
  }

  /** Runs a claimed job and records how it went; answers the status it wrote. */
  private async run(row: ClaimedRow): Promise<JobOutcome> {
    const postedAt = row.posted_at === null ? null : new Date(row.posted_at);
    const marks = new Outbox(this.opts.db);
    const job: JobInfo = {
      id: row.id,
      kind: row.kind,
      dedupeKey: row.dedupe_key,
      attempts: row.attempts,
      postedAt,
      markPosting: () => marks.markPosting(row.id),
      clearPosting: () => marks.clearPosting(row.id),
    };
    const handler = this.handlers.get(row.kind);
    try {
      if (!handler) throw new PermanentJobError(`no hay quien procese trabajos '${row.kind}'`);
      const payload = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload;
      await handler(payload, job);
      await this.opts.db.execute(sql`
        update outbox set status = 'done', done_at = now(), locked_until = null, last_error = null, failure = null where id = ${row.id}`);
      return 'done';
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof RetryLaterError) {
        // Looking again later is not a failed try: the budget is kept for real failures.
        const wait = Math.max(0, Math.round(error.delayMs));
        await this.opts.db.execute(sql`
          update outbox set status = 'pending', locked_until = null, attempts = greatest(attempts - 1, 0),
            last_error = ${message.slice(0, 2000)}, next_attempt_at = now() + ${wait}::int * interval '1 millisecond'
          where id = ${row.id}`);
        this.opts.logger?.info({ jobId: row.id, kind: row.kind, key: row.dedupe_key, retryInMs: wait, reason: message }, 'outbox: trabajo en espera');
        return 'pending';
      }
      const failure: JobFailure | null =
        error instanceof PermanentJobError ? 'rejected' : row.attempts >= this.maxAttempts ? 'exhausted' : null;
      const wait = this.backoff(row.attempts);
      await this.opts.db.execute(sql`
        update outbox set status = ${failure ? 'failed' : 'pending'}::outbox_status, failure = ${failure}, locked_until = null,
          last_error = ${message.slice(0, 2000)}, next_attempt_at = now() + ${wait}::int * interval '1 millisecond'
        where id = ${row.id}`);
      const log = { jobId: row.id, kind: row.kind, key: row.dedupe_key, attempts: row.attempts, err: error };
      if (failure) this.opts.logger?.error({ ...log, failure }, 'outbox: trabajo fallido');
      else this.opts.logger?.warn({ ...log, retryInMs: wait }, 'outbox: trabajo reintentará');
      return failure ? 'failed' : 'pending';
    }
  }

  private async statusOf(id: number): Promise<JobOutcome> {
    const [row] = await this.opts.db.select({ status: outbox.status }).from(outbox).where(eq(outbox.id, id));
    return row?.status ?? 'failed';
  }

  private async isLocked(id: number): Promise<boolean> {
    const result = await this.opts.db.execute(sql`select (locked_until is not null and locked_until > now()) as locked from outbox where id = ${id}`);
    return Boolean(rowsOf<{ locked: boolean }>(result)[0]?.locked);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref?.());
}
