// Creates an ERP document exactly once although the Service Layer has no idempotency (docs/exactly-once.md).
//
// A create whose answer never came (timeout, reset, 5xx, a crash of this process while it waited) may still complete
// in the ERP: B1 keeps processing after the client gave up. So before every POST the job records, committed, that a
// create is leaving (write-ahead); a later try that finds that mark only looks the document up until the ERP has surely
// finished (the settle time), and posts again only after a look-up made past that point finds nothing.
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

export async function createOnce<T>(
  job: Pick<JobInfo, 'postedAt' | 'markPosting' | 'clearPosting'>,
  settleMs: number,
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
    if (waited < settleMs) {
      // Not there yet, but the earlier create may still be running in the ERP: look again once it must have finished.
      const wait = settleMs - waited + 50;
      throw new RetryLaterError(`resultado desconocido al crear ${steps.what}: se vuelve a buscar en el ERP en ${Math.ceil(wait / 1000)} s`, wait);
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
