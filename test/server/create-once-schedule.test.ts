import { createOnce, isSettleWait, nextLookupMs, type CreateTiming } from '@server/erp/createOnce';
import { DEFAULT_CREATE_POLICY } from '@server/erp/erp.service';
import { RetryLaterError, type JobInfo } from '@server/jobs/outbox';

// The pace of the look-ups of a create whose answer never came, on a fake clock: within the settle window the job
// looks again after 1, 2, 4, 8, 8… s (counted from the write-ahead mark), the first look-up that finds the document
// settles it, and a POST again still waits for a look-up made past the settle time (3 min by default).

const DEFAULTS: CreateTiming = DEFAULT_CREATE_POLICY;

interface Run {
  /** Pauses the job was told to wait, in order (ms). */
  pauses: number[];
  /** When (ms after the mark) each look-up was made. */
  lookups: number[];
  /** When the job ended, and how. */
  endedAt: number;
  outcome: { kind: 'found'; docEntry: number } | { kind: 'posted'; docEntry: number };
  posts: number[];
  marks: string[];
}

/**
 * Runs a job whose first POST left at t = 0 and whose answer never came, as the outbox would: the first try after
 * `firstTryAt` ms, then each RetryLaterError's delay (a poll adds `pollMs`). B1 holds the document from `heldAt` on
 * (undefined: never).
 */
async function runWindow(opts: { timing?: CreateTiming; firstTryAt: number; heldAt?: number; pollMs?: number }): Promise<Run> {
  const timing = opts.timing ?? DEFAULTS;
  let clock = opts.firstTryAt;
  const run: Run = { pauses: [], lookups: [], endedAt: 0, outcome: { kind: 'found', docEntry: 0 }, posts: [], marks: [] };
  const job: Pick<JobInfo, 'postedAt' | 'markPosting' | 'clearPosting'> = {
    postedAt: new Date(0),
    markPosting: async () => void run.marks.push('mark'),
    clearPosting: async () => void run.marks.push('clear'),
  };
  for (let tries = 0; tries < 1_000; tries++) {
    try {
      const doc = await createOnce(
        job,
        timing,
        {
          what: 'el pedido OC000123',
          lookup: async () => {
            run.lookups.push(clock);
            return opts.heldAt !== undefined && clock >= opts.heldAt ? { docEntry: 41 } : null;
          },
          create: async () => {
            run.posts.push(clock);
            return { docEntry: 42 };
          },
        },
        () => clock,
      );
      run.endedAt = clock;
      run.outcome = { kind: run.posts.length ? 'posted' : 'found', docEntry: doc.docEntry };
      return run;
    } catch (error) {
      if (!(error instanceof RetryLaterError)) throw error;
      run.pauses.push(error.delayMs);
      clock += error.delayMs + (opts.pollMs ?? 0);
    }
  }
  throw new Error('the job never ended');
}

describe('the look-ups inside the settle window', () => {
  it('come 1, 2, 4, 8 s apart and then every 8 s, the last one just past the settle time, and only then a POST', async () => {
    const run = await runWindow({ firstTryAt: 1_000 }); // a lost answer: the outbox tried again after its 1 s backoff
    expect(run.pauses.slice(0, 6)).toEqual([1_000, 2_000, 4_000, 8_000, 8_000, 8_000]);
    expect(run.lookups.slice(0, 7)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 24_000, 32_000]);
    expect(Math.max(...run.pauses)).toBe(8_000);
    // the last look-up inside the window lands just after the settle time, never later
    const last = run.lookups[run.lookups.length - 1]!;
    expect(last).toBe(DEFAULTS.settleMs + 50);
    expect(run.lookups.filter((t) => t >= DEFAULTS.settleMs)).toEqual([last]);
    // …and it is the one that, finding nothing, lets the job post again (once)
    expect(run.posts).toEqual([last]);
    expect(run.outcome).toEqual({ kind: 'posted', docEntry: 42 });
    expect(run.marks).toEqual(['mark', 'clear']);
    // a whole window is a few dozen look-ups, not thousands
    expect(run.lookups.length).toBeLessThan(30);
  });

  it('settle as soon as a look-up finds the document: a lost answer is settled at the first look-up', async () => {
    const run = await runWindow({ firstTryAt: 1_000, heldAt: 0 });
    expect(run.lookups).toEqual([1_000]);
    expect(run.outcome).toEqual({ kind: 'found', docEntry: 41 });
    expect(run.posts).toEqual([]);
    expect(run.marks).toEqual(['clear']);
  });

  it('a slow POST (B1 holds it 14 s after it left, the client gave up at 10 s) is found within 8 s of B1 holding it', async () => {
    // the POST's timeout (10 s) failed the try; the outbox's 1 s backoff and a 1 s poll later the job looks
    const run = await runWindow({ firstTryAt: 12_000, heldAt: 14_000, pollMs: 1_000 });
    expect(run.outcome).toEqual({ kind: 'found', docEntry: 41 });
    expect(run.posts).toEqual([]);
    expect(run.pauses).toEqual([8_000]);
    expect(run.endedAt - 14_000).toBeLessThanOrEqual(DEFAULTS.lookupMaxMs + 1_000);
    expect(run.endedAt - 14_000).toBeLessThan(30_000);
  });

  it('find a document B1 holds at any moment of the window within the largest pause (plus a poll)', async () => {
    for (let heldAt = 0; heldAt < DEFAULTS.settleMs; heldAt += 2_500) {
      const run = await runWindow({ firstTryAt: 1_000, heldAt, pollMs: 1_000 });
      expect(run.outcome.kind).toBe('found');
      expect(run.endedAt - heldAt).toBeLessThanOrEqual(DEFAULTS.lookupMaxMs + 1_000);
    }
  });

  it('never post before a look-up past the settle time, however the pauses fall', async () => {
    for (const firstTryAt of [0, 300, 1_000, 10_500, 95_000, 179_990]) {
      const run = await runWindow({ firstTryAt, pollMs: 1_000 });
      expect(run.posts).toHaveLength(1);
      expect(run.posts[0]).toBeGreaterThanOrEqual(DEFAULTS.settleMs);
      expect(run.posts[0]! - DEFAULTS.settleMs).toBeLessThanOrEqual(50 + 1_000);
    }
  });

  it('follow a shorter settle time and other pauses (tests, the chaos harness)', async () => {
    const timing = { settleMs: 1_040, lookupFirstMs: 40, lookupMaxMs: 120 };
    const run = await runWindow({ timing, firstTryAt: 40 });
    expect(run.pauses.slice(0, 4)).toEqual([40, 80, 120, 120]);
    expect(run.posts).toEqual([1_090]);
    expect(nextLookupMs(1_000, timing)).toBe(90);
  });

  it('say in Spanish what the job waits for, in its last error, and are told apart from an approval wait', async () => {
    const job = { postedAt: new Date(0), markPosting: async () => undefined, clearPosting: async () => undefined };
    const error = await createOnce(job, DEFAULTS, { what: 'el pedido OC000123', lookup: async () => null, create: async () => ({}) }, () => 4_200).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RetryLaterError);
    expect((error as Error).message).toBe(
      'resultado desconocido al crear el pedido OC000123: aún no está en el ERP; se vuelve a buscar en 4 s (se reenvía solo si sigue sin aparecer 3 min después del envío)',
    );
    expect(isSettleWait((error as Error).message)).toBe(true);
    expect(isSettleWait('el pedido OC000123 espera aprobación en el ERP (borrador 7)')).toBe(false);
    expect(isSettleWait(null)).toBe(false);
  });
});
