import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connect';
import type { OutboxWorker } from './outbox';
import type { Outbox } from './outbox.repo';

/**
 * A job that runs every `intervalMs` while started (the ERP re-driver, the account alerts): one pass at a time (a
 * `runOnce` while a pass is going joins it), the next pass scheduled when the last one ends, the timer never keeping the
 * process alive, and `stop` waiting for a pass under way. A failed scheduled pass is handed to `onError`.
 */
export abstract class PeriodicJob<T> {
  private timer?: NodeJS.Timeout;
  private running?: Promise<T>;
  private stopped = true;

  protected constructor(
    private readonly intervalMs: number,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** One pass of the job. */
  protected abstract pass(): Promise<T>;

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** One pass now (or the one already under way). */
  runOnce(): Promise<T> {
    this.running ??= this.pass().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.runOnce()
        .catch(this.onError)
        .finally(() => this.schedule());
    }, this.intervalMs);
    this.timer.unref?.();
  }
}

/** What a periodic job that mails people through the outbox is given (the account's alerts, the pre-orders' watch). */
export interface MailingJobOptions {
  db: Db;
  outbox: Outbox;
  worker: Pick<OutboxWorker, 'kick'>;
  brandName: string;
  mailDomain: string;
  publicUrl: string;
  /** Pause between passes (each job's own environment variable and default). */
  intervalMs?: number;
  /** The Chilean calendar day (tests inject it). */
  today?: () => string;
  logger?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}
