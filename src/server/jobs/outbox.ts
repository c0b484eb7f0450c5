// The outbox: work for the ERP and the mailer, written in the same transaction as the state change it follows from,
// delivered by workers with retries and backoff. Several workers (in one process or many) share the table: a job is
// claimed with `FOR UPDATE SKIP LOCKED` and a lease, so only one worker runs it at a time; a crashed worker's job is
// taken again when its lease ends. Delivery is at least once: every handler must be idempotent (the ERP documents
// carry the order number as NumAtCard; mails are keyed by order and section).
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx, Tx } from '../db/connect';
import { Outbox, OutboxRepo, type ClaimedRow } from './outbox.repo';

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

  private readonly jobs: OutboxRepo;

  constructor(private readonly opts: WorkerOptions) {
    this.jobs = new OutboxRepo(opts.db);
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
    const until = Date.now() + timeoutMs;
    for (;;) {
      const [claimed] = await this.jobs.claimOne(id, this.leaseMs);
      if (claimed) {
        // the run's own outcome, as it wrote it: no need to read the job back
        return Promise.race([this.run(claimed), sleep(Math.max(0, until - Date.now())).then((): JobOutcome => 'pending')]);
      }
      const status = await this.statusOf(id);
      if (status !== 'pending' || Date.now() >= until) return status;
      // another worker holds it: wait for its outcome; a try it left to repeat later is tried here, now
      await sleep(100);
    }
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
    const jobs = await this.jobs.claimDue(this.batch, this.leaseMs);
    for (const job of jobs) await this.run(job);
    return jobs.length;
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
    // Each outcome and its outbox_events row are one statement (or, for a final failure, one transaction): OutboxRepo.
    const report = (outcome: AttemptOutcome, failure: JobFailure | null = null) => {
      const ms = Date.now() - started.getTime();
      for (const observer of this.observers) observer({ jobId: row.id, kind: row.kind, outcome, failure, ms });
    };
    try {
      if (!handler) throw new PermanentJobError(`no hay quien procese trabajos '${row.kind}'`);
      const payload = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload;
      await handler(payload, job);
      await this.jobs.recordDone(row, started);
      report('done');
      return 'done';
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
      if (error instanceof RetryLaterError) {
        // Looking again later is not a failed try: the budget is kept for real failures.
        const wait = Math.max(0, Math.round(error.delayMs));
        await this.jobs.recordWaiting(row, started, message, wait);
        this.opts.logger?.info({ jobId: row.id, kind: row.kind, key: row.dedupe_key, retryInMs: wait, reason: message }, 'outbox: trabajo en espera');
        report('waiting');
        return 'pending';
      }
      const failure: JobFailure | null =
        error instanceof PermanentJobError ? 'rejected' : row.attempts >= this.maxAttempts ? 'exhausted' : null;
      const wait = this.backoff(row.attempts);
      const update = (q: DbOrTx) => this.jobs.recordFailedTry(q, row, started, failure, message, wait);
      if (failure) await this.recordFailure(row, failure, message, update);
      else await update(this.opts.db);
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
  private async recordFailure(row: ClaimedRow, failure: JobFailure, message: string, update: (q: DbOrTx) => Promise<number>): Promise<void> {
    if (this.failureHooks.length === 0) {
      await update(this.opts.db);
      return;
    }
    try {
      await this.opts.db.transaction(async (tx) => {
        const eventId = await update(tx);
        const failed: FailedJob = { id: row.id, kind: row.kind, dedupeKey: row.dedupe_key, attempts: row.attempts, failure, error: message, eventId };
        for (const hook of this.failureHooks) await hook(tx, failed);
      });
    } catch (err) {
      this.opts.logger?.error({ err, jobId: row.id }, 'outbox: no se pudo avisar la falla del trabajo');
      await update(this.opts.db);
    }
  }

  private statusOf(id: number): Promise<JobOutcome> {
    return this.jobs.statusOf(id);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref?.());
}
