import { eq } from 'drizzle-orm';
import type { Database } from '@server/db/connect';
import { outbox } from '@server/db/schema';
import { createOnce, LookupFailedError, surelyNotCreated } from '@server/erp/createOnce';
import { ErpError } from '@server/erp/errors';
import { OutboxWorker, PermanentJobError, RetryLaterError, type JobHandler, type JobInfo } from '@server/jobs/outbox';
import { Outbox } from '@server/jobs/outbox.repo';
import { ErpRedriver } from '@server/jobs/redriver';
import { openTestDatabase } from './helpers';

// Exactly-once support in the outbox: a job that must look again later keeps its budget, a failed job says why,
// exhausted jobs are re-driven (by a buyer's new submission, by hand, or when the ERP is back), and the write-ahead post
// mark reaches the next try, so a create with an unknown outcome is looked up before anything is posted again.

let database: Database;
let box: Outbox;

const worker = (handlers: Record<string, JobHandler>, maxAttempts = 3) =>
  new OutboxWorker({ db: database.db, handlers, pollMs: 20, backoffMs: () => 0, maxAttempts });
const row = async (id: number) => (await box.get(id))!;

beforeAll(async () => {
  database = await openTestDatabase();
  box = new Outbox(database.db);
}, 60_000);
afterAll(() => database.close());
beforeEach(() => database.db.delete(outbox));

describe('look again later', () => {
  it('keeps the budget: a job told to wait is never failed for waiting, and is due again after the delay', async () => {
    let calls = 0;
    const w = worker({ wait: async () => { calls += 1; throw new RetryLaterError('el borrador espera aprobación', 0); } }, 2);
    const { id } = await box.enqueue(database.db, { kind: 'wait', payload: {}, dedupeKey: 'wait:1' });
    for (let i = 0; i < 6; i += 1) await w.runOnce();
    expect(calls).toBe(6);
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 0, failure: null, lastError: 'el borrador espera aprobación' });

    const later = worker({ wait: async () => { throw new RetryLaterError('más tarde', 60_000); } });
    await later.runOnce();
    expect(await later.runOnce()).toBe(0); // not due for a minute
    expect((await row(id)).nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
  });

  it('deliverNow answers pending for a job that waits', async () => {
    const w = worker({ wait: async () => { throw new RetryLaterError('resultado desconocido', 60_000); } });
    const { id } = await box.enqueue(database.db, { kind: 'wait', payload: {}, dedupeKey: 'wait:2' });
    expect(await w.deliverNow(id, 2_000)).toBe('pending');
  });

  it('deliverNow waits for the worker holding the job and, when that try is to be repeated, runs it now', async () => {
    let calls = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    const handler: JobHandler = async () => {
      calls += 1;
      if (calls === 1) {
        await held;
        throw new RetryLaterError('el ERP tardó en contestar', 60_000);
      }
    };
    const w = worker({ slow: handler });
    const { id } = await box.enqueue(database.db, { kind: 'slow', payload: {}, dedupeKey: 'slow:1' });
    const first = w.runOnce(); // the periodic worker holds the job
    while (calls === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const answer = w.deliverNow(id, 5_000);
    setTimeout(release, 200);
    expect(await answer).toBe('done');
    await first;
    expect(calls).toBe(2);
    expect(await row(id)).toMatchObject({ status: 'done' });
  });
});

describe('failures and re-drive', () => {
  it('says why a job failed: exhausted after the budget, rejected on a permanent error', async () => {
    const w = worker({ down: async () => { throw new Error('ERP no disponible'); }, refused: async () => { throw new PermanentJobError('el ERP rechazó el pedido'); } }, 2);
    const down = await box.enqueue(database.db, { kind: 'down', payload: {}, dedupeKey: 'down:1' });
    const refused = await box.enqueue(database.db, { kind: 'refused', payload: {}, dedupeKey: 'refused:1' });
    await w.runOnce();
    await w.runOnce();
    expect(await row(down.id)).toMatchObject({ status: 'failed', failure: 'exhausted', attempts: 2 });
    expect(await row(refused.id)).toMatchObject({ status: 'failed', failure: 'rejected', attempts: 1 });
  });

  it('enqueue with revive puts an exhausted job back with a fresh budget; a rejected one stays failed', async () => {
    const w = worker({ down: async () => { throw new Error('ERP no disponible'); }, refused: async () => { throw new PermanentJobError('no'); } }, 1);
    const down = await box.enqueue(database.db, { kind: 'down', payload: {}, dedupeKey: 'down:2' });
    const refused = await box.enqueue(database.db, { kind: 'refused', payload: {}, dedupeKey: 'refused:2' });
    await w.runOnce();
    const again = await box.enqueue(database.db, { kind: 'down', payload: {}, dedupeKey: 'down:2' }, { revive: true });
    expect(again).toEqual({ id: down.id, created: false, revived: true });
    expect(await row(down.id)).toMatchObject({ status: 'pending', attempts: 0, failure: null });
    const notAgain = await box.enqueue(database.db, { kind: 'refused', payload: {}, dedupeKey: 'refused:2' }, { revive: true });
    expect(notAgain).toEqual({ id: refused.id, created: false, revived: false });
    expect(await row(refused.id)).toMatchObject({ status: 'failed', failure: 'rejected' });
    // without revive nothing moves
    await w.runOnce();
    expect((await box.enqueue(database.db, { kind: 'down', payload: {}, dedupeKey: 'down:2' })).revived).toBe(false);
    expect((await row(down.id)).status).toBe('failed');
  });

  it('retry by hand re-drives any failed job; a pending or done job is left alone', async () => {
    let ok = false;
    const w = worker({ flaky: async () => { if (!ok) throw new PermanentJobError('rechazado'); } }, 1);
    const { id } = await box.enqueue(database.db, { kind: 'flaky', payload: {}, dedupeKey: 'flaky:1' });
    await w.runOnce();
    expect((await row(id)).failure).toBe('rejected');
    const retried = await box.retry(id);
    expect(retried).toMatchObject({ requeued: true, job: { status: 'pending', attempts: 0 } });
    ok = true;
    await w.runOnce();
    expect((await row(id)).status).toBe('done');
    expect(await box.retry(id)).toMatchObject({ requeued: false, job: { status: 'done' } });
    expect(await box.retry(999_999)).toBeUndefined();
  });

  it('the re-driver re-queues exhausted ERP jobs only when the ERP answers, and only those kinds', async () => {
    const w = worker({ 'erp.order': async () => { throw new Error('ERP caído'); }, mail: async () => { throw new Error('SMTP caído'); } }, 1);
    const erpJob = await box.enqueue(database.db, { kind: 'erp.order', payload: {}, dedupeKey: 'erp.order:OC000001' });
    const mailJob = await box.enqueue(database.db, { kind: 'mail', payload: {}, dedupeKey: 'mail:1' });
    await w.runOnce();
    let healthy = false;
    let pings = 0;
    const redriver = new ErpRedriver({ db: database.db, outbox: box, worker: w, kinds: ['erp.order'], erpHealthy: async () => { pings += 1; return healthy; } });
    expect(await redriver.runOnce()).toBe(0);
    expect((await row(erpJob.id)).status).toBe('failed');
    healthy = true;
    expect(await redriver.runOnce()).toBe(1);
    expect(await row(erpJob.id)).toMatchObject({ status: 'pending', attempts: 0, failure: null });
    expect((await row(mailJob.id)).status).toBe('failed');
    // nothing exhausted: no ping at all
    const before = pings;
    await database.db.update(outbox).set({ status: 'done' }).where(eq(outbox.id, erpJob.id));
    expect(await redriver.runOnce()).toBe(0);
    expect(pings).toBe(before);
  });

  it('lists jobs newest first by status and kind, with the total', async () => {
    for (let i = 1; i <= 3; i += 1) await box.enqueue(database.db, { kind: i === 2 ? 'mail' : 'erp.order', payload: {}, dedupeKey: `k:${i}` });
    const all = await box.list();
    expect(all.total).toBe(3);
    expect(all.rows.map((r) => r.dedupeKey)).toEqual(['k:3', 'k:2', 'k:1']);
    expect((await box.list({ kinds: ['erp.order'], limit: 1 })).rows.map((r) => r.dedupeKey)).toEqual(['k:3']);
    expect((await box.list({ status: 'failed' })).total).toBe(0);
  });
});

describe('the write-ahead post mark', () => {
  it('is committed before the request leaves and reaches the next try of the job', async () => {
    const seen: Array<Date | null> = [];
    let tries = 0;
    const w = worker({
      post: async (_p, job) => {
        seen.push(job.postedAt);
        tries += 1;
        if (tries === 1) {
          await job.markPosting();
          throw new Error('sin respuesta del ERP');
        }
        await job.clearPosting();
      },
    });
    const { id } = await box.enqueue(database.db, { kind: 'post', payload: {}, dedupeKey: 'post:1' });
    await w.runOnce();
    expect((await row(id)).postedAt).toBeInstanceOf(Date);
    await w.runOnce();
    expect(seen[0]).toBeNull();
    expect(seen[1]).toBeInstanceOf(Date);
    expect(await row(id)).toMatchObject({ status: 'done', postedAt: null });
  });
});

describe('createOnce', () => {
  const T60 = { settleMs: 60_000, lookupFirstMs: 1_000, lookupMaxMs: 8_000 };
  const fakeJob = (postedAt: Date | null) => {
    const job = { postedAt, marks: [] as string[], markPosting: async () => void job.marks.push('mark'), clearPosting: async () => void job.marks.push('clear') };
    return job as Pick<JobInfo, 'postedAt' | 'markPosting' | 'clearPosting'> & { marks: string[] };
  };
  const timeout = () => new ErpError({ status: 503, code: 'ERP_TIMEOUT', message: 'El ERP no respondió a tiempo' });
  const refused = () => new ErpError({ status: 400, code: 'ERP_REJECTED', message: 'Invalid BP', upstreamStatus: 400, erpCode: -10 });

  it('answers what the ERP already holds without posting', async () => {
    const job = fakeJob(new Date(Date.now() - 1_000));
    const create = jest.fn();
    await expect(createOnce(job, T60, { what: 'el pedido OC1', lookup: async () => ({ docEntry: 7 }), create })).resolves.toEqual({ docEntry: 7 });
    expect(create).not.toHaveBeenCalled();
    expect(job.marks).toEqual(['clear']);
  });

  it('marks, posts and clears when nothing was ever posted', async () => {
    const job = fakeJob(null);
    await expect(createOnce(job, T60, { what: 'x', lookup: async () => null, create: async () => ({ docEntry: 8 }) })).resolves.toEqual({ docEntry: 8 });
    expect(job.marks).toEqual(['mark', 'clear']);
  });

  it('after an unknown outcome only looks until the settle time has passed, then posts again', async () => {
    const create = jest.fn(async () => ({ docEntry: 9 }));
    const young = fakeJob(new Date(Date.now() - 10_000));
    const error = await createOnce(young, T60, { what: 'el pedido OC2', lookup: async () => null, create }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RetryLaterError);
    // looked at again within seconds (the settle-window schedule: test/server/create-once-schedule.test.ts)
    expect((error as RetryLaterError).delayMs).toBe(8_000);
    expect(create).not.toHaveBeenCalled();
    expect(young.marks).toEqual([]);

    const settled = fakeJob(new Date(Date.now() - 61_000));
    await expect(createOnce(settled, T60, { what: 'el pedido OC2', lookup: async () => null, create })).resolves.toEqual({ docEntry: 9 });
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('keeps the mark when the answer is lost, clears it on a sure refusal', async () => {
    const lost = fakeJob(null);
    await expect(createOnce(lost, T60, { what: 'x', lookup: async () => null, create: async () => { throw timeout(); } })).rejects.toThrow('El ERP no respondió a tiempo');
    expect(lost.marks).toEqual(['mark']);
    const no = fakeJob(null);
    await expect(createOnce(no, T60, { what: 'x', lookup: async () => null, create: async () => { throw refused(); } })).rejects.toThrow('Invalid BP');
    expect(no.marks).toEqual(['mark', 'clear']);
  });

  it('never posts when the look-up itself fails, and a failed look-up is not a refusal', async () => {
    const create = jest.fn();
    const notFound = new ErpError({ status: 404, code: 'ERP_NOT_FOUND', message: 'x', upstreamStatus: 404, erpCode: -2028 });
    for (const cause of [timeout(), notFound]) {
      const error = await createOnce(fakeJob(null), T60, { what: 'el pedido OC3', lookup: async () => { throw cause; }, create }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(LookupFailedError);
      expect(error).not.toBeInstanceOf(ErpError);
      expect((error as Error).message).toContain('no se pudo buscar el pedido OC3 en el ERP');
    }
    expect(create).not.toHaveBeenCalled();
  });

  it('tells sure refusals from unknown outcomes', () => {
    expect(surelyNotCreated(refused())).toBe(true);
    expect(surelyNotCreated(new ErpError({ status: 503, code: 'ERP_UNAVAILABLE', message: 'x', erpMessage: 'ECONNREFUSED' }))).toBe(true);
    expect(surelyNotCreated(new ErpError({ status: 503, code: 'ERP_UNAVAILABLE', message: 'x', erpMessage: 'ECONNRESET' }))).toBe(false);
    expect(surelyNotCreated(new ErpError({ status: 503, code: 'ERP_UNAVAILABLE', message: 'x', upstreamStatus: 500 }))).toBe(false);
    expect(surelyNotCreated(timeout())).toBe(false);
    expect(surelyNotCreated(new Error('otra cosa'))).toBe(false);
  });
});
