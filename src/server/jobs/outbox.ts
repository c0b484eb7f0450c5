// The outbox: work for the ERP and the mailer, written in the same transaction as the state change it follows from,
// delivered by workers with retries and backoff. Several workers (in one process or many) share the table: a job is
// claimed with `FOR UPDATE SKIP LOCKED` and a lease, so only one worker runs it at a time; a crashed worker's job is
// taken again when its lease ends. Delivery is at least once: every handler must be idempotent (the ERP documents
// carry the order number as NumAtCard; mails are keyed by order and section).
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf, type Db, type DbOrTx, type Tx } from '../db/connect';
import { outbox, outboxEvents, type OutboxRow } from '../db/schema';

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

/** What one try came to (outbox_events.event): done, failed and tried again later, told to wait, failed for good. */
export type AttemptOutcome = 'done' | 'retry' | 'waiting' | 'failed';

/** One finished try, for the observers (metrics). */
export interface AttemptReport {
  jobId: number;
  kind: string;
  outcome: AttemptOutcome;
  failure: JobFailure | null;
  /** How long the handler ran (ms). */
  ms: number;
}

/** A job that failed for good, as the failure hooks see it (inside the transaction that records the failure). */
export interface FailedJob {
  id: number;
  kind: string;
  dedupeKey: string;
  attempts: number;
  failure: JobFailure;
  error: string;
  /** The outbox_events row of this failure: one per failure, so a key made of it is sent once per failure. */
  eventId: number;
}

/** Runs in the transaction that marks a job failed (an alert mail enqueued with it commits with it). */
export type FailureHook = (tx: Tx, job: FailedJob) => Promise<void>;

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
  private readonly failureHooks: FailureHook[] = [];
  private readonly observers: Array<(report: AttemptReport) => void> = [];

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

  /** Runs `hook` in the transaction that marks a job failed for good (alerts). */
  onFailure(hook: FailureHook): void {
    this.failureHooks.push(hook);
  }

  /** Tells `observer` how each try ended (metrics); answers the function that stops telling. */
  observe(observer: (report: AttemptReport) => void): () => void {
    this.observers.push(observer);
    return () => {
      const i = this.observers.indexOf(observer);
      if (i >= 0) this.observers.splice(i, 1);
    };
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
    const started = new Date();
    // Each outcome and its outbox_events row are one statement (or, for a final failure, one transaction). The try's
    // start is written by the database's clock (now less the time it took), like every other time of the outbox.
    const event = (outcome: AttemptOutcome, failure: JobFailure | null, message: string | null) => sql`
      insert into outbox_events (job_id, attempt, event, failure, message, started_at, at)
      select id, ${row.attempts}::int, ${outcome}::varchar, ${failure}::varchar, ${message}::text,
        clock_timestamp() - ${Date.now() - started.getTime()}::int * interval '1 millisecond', clock_timestamp() from job`;
    const report = (outcome: AttemptOutcome, failure: JobFailure | null = null) => {
      const ms = Date.now() - started.getTime();
      for (const observer of this.observers) observer({ jobId: row.id, kind: row.kind, outcome, failure, ms });
    };
    try {
      if (!handler) throw new PermanentJobError(`no hay quien procese trabajos '${row.kind}'`);
      const payload = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload;
      await handler(payload, job);
      await this.opts.db.execute(sql`
        with job as (
          update outbox set status = 'done', done_at = now(), locked_until = null, last_error = null, failure = null where id = ${row.id}
          returning id)
        ${event('done', null, null)}`);
      report('done');
      return 'done';
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
      if (error instanceof RetryLaterError) {
        // Looking again later is not a failed try: the budget is kept for real failures.
        const wait = Math.max(0, Math.round(error.delayMs));
        await this.opts.db.execute(sql`
          with job as (
            update outbox set status = 'pending', locked_until = null, attempts = greatest(attempts - 1, 0),
              last_error = ${message}, next_attempt_at = now() + ${wait}::int * interval '1 millisecond'
            where id = ${row.id}
            returning id)
          ${event('waiting', null, message)}`);
        this.opts.logger?.info({ jobId: row.id, kind: row.kind, key: row.dedupe_key, retryInMs: wait, reason: message }, 'outbox: trabajo en espera');
        report('waiting');
        return 'pending';
      }
      const failure: JobFailure | null =
        error instanceof PermanentJobError ? 'rejected' : row.attempts >= this.maxAttempts ? 'exhausted' : null;
      const wait = this.backoff(row.attempts);
      const update = sql`
        with job as (
          update outbox set status = ${failure ? 'failed' : 'pending'}::outbox_status, failure = ${failure}, locked_until = null,
            last_error = ${message}, next_attempt_at = now() + ${wait}::int * interval '1 millisecond'
          where id = ${row.id}
          returning id)
        ${event(failure ? 'failed' : 'retry', failure, message)}
        returning id`;
      if (failure) await this.recordFailure(row, failure, message, update);
      else await this.opts.db.execute(update);
      const log = { jobId: row.id, kind: row.kind, key: row.dedupe_key, attempts: row.attempts, err: error };
      if (failure) this.opts.logger?.error({ ...log, failure }, 'outbox: trabajo fallido');
      else this.opts.logger?.warn({ ...log, retryInMs: wait }, 'outbox: trabajo reintentará');
      report(failure ? 'failed' : 'retry', failure);
      return failure ? 'failed' : 'pending';
    }
  }

  /**
   * A job failed for good: the failure, its event and what the failure hooks add (an alert mail) commit together. A
   * hook that fails must not keep the job from being marked failed: then the failure is written alone (and logged).
   */
  private async recordFailure(row: ClaimedRow, failure: JobFailure, message: string, update: SQL): Promise<void> {
    if (this.failureHooks.length === 0) {
      await this.opts.db.execute(update);
      return;
    }
    try {
      await this.opts.db.transaction(async (tx) => {
        const [recorded] = rowsOf<{ id: number }>(await tx.execute(update));
        const failed: FailedJob = { id: row.id, kind: row.kind, dedupeKey: row.dedupe_key, attempts: row.attempts, failure, error: message, eventId: Number(recorded?.id ?? 0) };
        for (const hook of this.failureHooks) await hook(tx, failed);
      });
    } catch (err) {
      this.opts.logger?.error({ err, jobId: row.id }, 'outbox: no se pudo avisar la falla del trabajo');
      await this.opts.db.execute(update);
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
