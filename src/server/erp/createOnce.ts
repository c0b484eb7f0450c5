// Creates an ERP document exactly once although the Service Layer has no idempotency (docs/exactly-once.md).
//
// A create whose answer never came (timeout, reset, 5xx, a crash of this process while it waited) may still complete
// in the ERP: B1 keeps processing after the client gave up. So before every POST the job records, committed, that a
// create is leaving (write-ahead); a later try that finds that mark only looks the document up until the ERP has surely
// finished (the settle time), and posts again only after a look-up made past that point finds nothing. Inside that
// window the look-ups come on a short, growing pause (nextLookupMs), so a document B1 holds shows within seconds.
import { RetryLaterError, type JobInfo } from '../jobs/outbox';
import { ErpError } from './errors';

export interface CreateOnceSteps<T> {
  /** What is being created, for logs and the job's last error ('pedido OC000123'). */
  what: string;
  /** What the ERP holds for this reference, or null. Must throw when the ERP cannot be asked. */
  lookup(): Promise<T | null>;
  /** The POST. */
  create(): Promise<T>;
}

/**
 * True when the ERP surely did not create anything: it answered with a refusal (4xx with its error body, a session it
 * would not open), or the connection was refused before the request left. Anything else (timeout, reset, 5xx, a bad
 * answer) leaves the outcome unknown.
 */
export function surelyNotCreated(error: unknown): boolean {
  if (!(error instanceof ErpError)) return false;
  if (error.upstreamStatus !== undefined) return error.upstreamStatus >= 400 && error.upstreamStatus < 500;
  return error.code === 'ERP_UNAVAILABLE' && error.erpMessage === 'ECONNREFUSED';
}

/** The ERP could not be asked whether it holds the document: never a refusal, never "not there"; retried. */
export class LookupFailedError extends Error {
  constructor(what: string, options: { cause: unknown }) {
    const reason = options.cause instanceof Error ? options.cause.message : String(options.cause);
    super(`no se pudo buscar ${what} en el ERP: ${reason}`, options);
    this.name = 'LookupFailedError';
  }
}

async function lookUp<T>(steps: CreateOnceSteps<T>): Promise<T | null> {
  try {
    return await steps.lookup();
  } catch (error) {
    throw new LookupFailedError(steps.what, { cause: error });
  }
}

/** When the jobs of creates with an unknown outcome look again (the ERP service's create policy, docs/exactly-once.md). */
export interface CreateTiming {
  /** How long after the write-ahead mark B1 may still be finishing the create: a POST again only after a look-up past it. */
  settleMs: number;
  /** The first pause between the look-ups made inside the settle window; it doubles with the time since the mark… */
  lookupFirstMs: number;
  /** …up to this pause: a document B1 holds is found at most this long (plus the outbox's poll) after it appeared. */
  lookupMaxMs: number;
}

/** The look-up that may decide to post again is made this long after the settle point, never before it. */
const PAST_SETTLE_MS = 50;

/**
 * How long a job waits before its next look-up, `waited` ms after the mark of a create whose outcome is unknown: the
 * largest of `lookupFirstMs` × 1, 2, 4, 8… not above the time waited, at most `lookupMaxMs` (so 1, 2, 4, 8,
 * 8, 8… s with the defaults: a look-up at about 1, 2, 4, 8, 16, 24… s after the mark), and never past the settle point:
 * the last pause ends just after it. Depends only on the mark, so any worker, after any restart, keeps the same pace.
 */
export function nextLookupMs(waited: number, timing: CreateTiming): number {
  let pause = Math.max(1, timing.lookupFirstMs);
  while (pause * 2 <= waited) pause *= 2;
  return Math.max(0, Math.min(pause, timing.lookupMaxMs, timing.settleMs - waited + PAST_SETTLE_MS));
}

/** The start of the job's last error (and of its 'waiting' events) while a create of unknown outcome is looked up. */
export const SETTLE_WAIT_PREFIX = 'resultado desconocido al crear';

/** Whether a job's 'waiting' event is a look-up inside the settle window (not, say, a draft waiting for approval). */
export const isSettleWait = (message: string | null | undefined): boolean => Boolean(message?.startsWith(SETTLE_WAIT_PREFIX));

/** '800 ms', '4 s', '3 min', '2 min 30 s'. */
function spoken(ms: number): string {
  if (ms < 1_000) return `${Math.max(0, Math.round(ms))} ms`;
  const s = Math.ceil(ms / 1_000);
  if (s < 60) return `${s} s`;
  return s % 60 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${s / 60} min`;
}

export async function createOnce<T>(
  job: Pick<JobInfo, 'postedAt' | 'markPosting' | 'clearPosting'>,
  timing: CreateTiming,
  steps: CreateOnceSteps<T>,
  now: () => number = Date.now,
): Promise<T> {
  const held = await lookUp(steps);
  if (held) {
    if (job.postedAt) await job.clearPosting();
    return held;
  }
  if (job.postedAt) {
    const waited = now() - job.postedAt.getTime();
    if (waited < timing.settleMs) {
      // Not there yet, but the earlier create may still be running in the ERP: look again soon (the first look-up that
      // finds it settles the job), and post again only after a look-up made past the settle point finds nothing.
      const wait = nextLookupMs(waited, timing);
      throw new RetryLaterError(
        `${SETTLE_WAIT_PREFIX} ${steps.what}: aún no está en el ERP; se vuelve a buscar en ${spoken(wait)} ` +
          `(se reenvía solo si sigue sin aparecer ${spoken(timing.settleMs)} después del envío)`,
        wait,
      );
    }
  }
  await job.markPosting();
  let created: T;
  try {
    created = await steps.create();
  } catch (error) {
    // A sure refusal clears the mark; an unknown outcome keeps it, so the next try looks before it posts.
    if (surelyNotCreated(error)) await job.clearPosting();
    throw error;
  }
  await job.clearPosting();
  return created;
}
