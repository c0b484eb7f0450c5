// Khipu's notifier: a signed POST of the payment to notify_url, retried with exponential backoff until the
// merchant answers 200 (Khipu keeps trying for two days). Every attempt is recorded for tests; sendOnce() lets a
// test send one notification of its own (chosen timestamp, body or secret). The stand-in's notification faults
// (late, failing, not sent) are read from `faults` as each notification starts and each attempt is due.
import { khipuJson, khipuSignature } from './signature';

export interface NotifyRetryOptions {
  /** Delay before the first attempt (Khipu notifies some seconds after the payment). Default 0. */
  firstDelayMs?: number;
  /** Delay before the second attempt. Default 30 s. */
  initialDelayMs?: number;
  /** Each further delay is multiplied by this. Default 2. */
  factor?: number;
  /** Cap of one delay. Default 4 h. */
  maxDelayMs?: number;
  /** Stop retrying this long after the first attempt. Default 2 days. */
  giveUpAfterMs?: number;
  /** Stop after this many attempts. Default unlimited (bounded by giveUpAfterMs). */
  maxAttempts?: number;
  /** Limit of one attempt (no answer = failed attempt). Default 10 s. */
  attemptTimeoutMs?: number;
}

export interface NotificationAttempt {
  paymentId: string;
  /** 1, 2, … */
  attempt: number;
  at: number;
  url: string;
  /** The raw body sent (what the signature covers). */
  body: string;
  /** The x-khipu-signature header sent. */
  signature: string;
  /** The merchant's HTTP status, when it answered. */
  status?: number;
  /** Why the attempt failed without an answer (connection refused, timeout). */
  error?: string;
  /** true when the merchant answered 200 (no more retries). */
  delivered: boolean;
  /** Sent by the test knob notify() (one attempt, never retried), not by the notifier's own schedule. */
  manual?: boolean;
}

export interface ManualNotification {
  /** The `t` of the signature (ms). Default now. */
  timestampMs?: number;
  /** Signs with this secret instead of the merchant's (a forgery). */
  secret?: string;
}

/** The notification faults the notifier asks for (the stand-in's switches). */
export interface NotifyFaults {
  /** Extra wait before the first attempt (ms). */
  notifyDelayMs: number;
  /** The first this-many attempts of each notification are lost (never sent, retried as usual). */
  notifyFailAttempts: number;
  /** No notification is sent. */
  notifyDrop: boolean;
}

/** The error recorded for an attempt a notifyFailAttempts fault kept from the merchant. */
export const INJECTED_NOTIFY_FAILURE = 'falla inyectada';

interface Job {
  paymentId: string;
  url: string;
  body: string;
  startedAt: number;
  attempts: number;
  finished: boolean;
  waiters: Array<() => void>;
}

const DEFAULT_RETRY: Required<NotifyRetryOptions> = {
  firstDelayMs: 0,
  initialDelayMs: 30_000,
  factor: 2,
  maxDelayMs: 4 * 3_600_000,
  giveUpAfterMs: 2 * 24 * 3_600_000,
  maxAttempts: Number.POSITIVE_INFINITY,
  attemptTimeoutMs: 10_000,
};

export class KhipuNotifier {
  readonly attempts: NotificationAttempt[] = [];
  private readonly jobs = new Map<string, Job>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<AbortController>();
  private retry: Required<NotifyRetryOptions>;
  private closed = false;

  constructor(
    private readonly secret: () => string,
    retry: NotifyRetryOptions = {},
    private readonly now: () => number = Date.now,
    private readonly faults: () => NotifyFaults = () => ({ notifyDelayMs: 0, notifyFailAttempts: 0, notifyDrop: false }),
  ) {
    this.retry = { ...DEFAULT_RETRY, ...stripUndefined(retry) };
  }

  setRetry(retry: NotifyRetryOptions): void {
    this.retry = { ...this.retry, ...stripUndefined(retry) };
  }

  /**
   * Starts delivering a notification (replaces an unfinished one for the same payment). With the notifyDrop fault
   * nothing is sent (the notification counts as settled); notifyDelayMs postpones the first attempt.
   */
  notify(paymentId: string, url: string, payload: unknown): void {
    const previous = this.jobs.get(paymentId);
    const job: Job = {
      paymentId, url, body: khipuJson(payload), startedAt: this.now(), attempts: 0, finished: false,
      waiters: previous && !previous.finished ? previous.waiters : [],
    };
    if (previous) previous.finished = true;
    this.jobs.set(paymentId, job);
    const faults = this.faults();
    if (faults.notifyDrop) { this.finish(job); return; }
    this.schedule(job, this.retry.firstDelayMs + Math.max(0, faults.notifyDelayMs));
  }

  /** Resolves when the notification of a payment was answered 200 or given up (or at once when none was started). */
  settled(paymentId: string): Promise<void> {
    const job = this.jobs.get(paymentId);
    if (!job || job.finished) return Promise.resolve();
    return new Promise((resolve) => job.waiters.push(resolve));
  }

  isPending(paymentId: string): boolean {
    const job = this.jobs.get(paymentId);
    return !!job && !job.finished;
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const c of this.inFlight) c.abort();
    for (const job of this.jobs.values()) this.finish(job);
  }

  private schedule(job: Job, delayMs: number): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.attempt(job);
    }, delayMs);
    this.timers.add(timer);
  }

  private finish(job: Job): void {
    job.finished = true;
    for (const w of job.waiters.splice(0)) w();
  }

  /**
   * One signed POST of `body` to `url` now, recorded with the other attempts but never retried: a test's way of sending
   * a notification with a chosen timestamp, body or secret (stale, forged or altered ones).
   */
  async sendOnce(paymentId: string, url: string, body: string, options: ManualNotification = {}): Promise<NotificationAttempt> {
    const at = this.now();
    const signature = khipuSignature(body, options.secret ?? this.secret(), options.timestampMs ?? at);
    const record = await this.post({ paymentId, attempt: 1, at, url, body, signature, delivered: false, manual: true });
    this.attempts.push(record);
    return record;
  }

  /** POSTs one attempt and fills in its answer (status, or the error of a missing answer). */
  private async post(record: NotificationAttempt): Promise<NotificationAttempt> {
    const controller = new AbortController();
    this.inFlight.add(controller);
    const timer = setTimeout(() => controller.abort(new DOMException('notification timed out', 'TimeoutError')), this.retry.attemptTimeoutMs);
    try {
      const res = await fetch(record.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-khipu-signature': record.signature, 'user-agent': 'khipu-api-stand-in/3.0' },
        body: record.body,
        signal: controller.signal,
      });
      record.status = res.status;
      await res.arrayBuffer().catch(() => undefined);
      record.delivered = res.status === 200;
    } catch (err) {
      const e = err as { name?: string; message?: string; cause?: { code?: string } };
      record.error = e.cause?.code ?? (e.name === 'AbortError' || e.name === 'TimeoutError' ? 'timeout' : e.message ?? String(err));
    } finally {
      clearTimeout(timer);
      this.inFlight.delete(controller);
    }
    return record;
  }

  private async attempt(job: Job): Promise<void> {
    if (job.finished || this.closed) return;
    job.attempts += 1;
    const at = this.now();
    const signature = khipuSignature(job.body, this.secret(), at);
    const base: NotificationAttempt = {
      paymentId: job.paymentId, attempt: job.attempts, at, url: job.url, body: job.body, signature, delivered: false,
    };
    // notifyFailAttempts: this attempt is lost on the way (never sent), and retried like any failed one
    const record = job.attempts <= this.faults().notifyFailAttempts ? { ...base, error: INJECTED_NOTIFY_FAILURE } : await this.post(base);
    this.attempts.push(record);
    if (job.finished) return; // replaced or closed meanwhile
    if (record.delivered) { this.finish(job); return; }
    const delay = Math.min(this.retry.initialDelayMs * this.retry.factor ** (job.attempts - 1), this.retry.maxDelayMs);
    const giveUp = job.attempts >= this.retry.maxAttempts || this.now() + delay - job.startedAt > this.retry.giveUpAfterMs;
    if (giveUp) { this.finish(job); return; }
    this.schedule(job, delay);
  }
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
