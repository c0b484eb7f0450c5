import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Database } from '@server/db/connect';
import { outbox } from '@server/db/schema';
import { OutboxWorker, PermanentJobError, type JobHandler, type WorkerOptions } from '@server/jobs/outbox';
import { Outbox } from '@server/jobs/outbox.repo';
import { openTestDatabase } from './helpers';

// The outbox (docs/architecture.md, the outbox): idempotent enqueue inside the caller's transaction, retries with
// backoff, permanent failures, leases that free a crashed worker's job, and several workers sharing one table without
// running a job twice.

let database: Database;
let box: Outbox;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const worker = (handlers: Record<string, JobHandler>, opts: Partial<WorkerOptions> = {}) =>
  new OutboxWorker({ db: database.db, handlers, pollMs: 20, backoffMs: () => 0, ...opts });
const row = async (id: number) => (await box.get(id))!;

beforeAll(async () => {
  database = await openTestDatabase();
  box = new Outbox(database.db);
}, 60_000);
afterAll(() => database.close());
beforeEach(() => database.db.delete(outbox));

describe('enqueue', () => {
  it('is idempotent by key: the second job with the same key is not added and the first payload stays', async () => {
    const first = await box.enqueue(database.db, { kind: 'mail', payload: { n: 1 }, dedupeKey: 'mail:RESERVE:RE000001' });
    const again = await box.enqueue(database.db, { kind: 'mail', payload: { n: 2 }, dedupeKey: 'mail:RESERVE:RE000001' });
    expect(first.created).toBe(true);
    expect(again).toEqual({ id: first.id, created: false, revived: false });
    const rows = await database.db.select().from(outbox);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'mail', payload: { n: 1 }, status: 'pending', attempts: 0 });
  });

  it('inside a transaction that rolls back leaves nothing, and the key is free again', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await box.enqueue(tx, { kind: 'mail', payload: {}, dedupeKey: 'mail:CHEQUE:OC000001' });
        // the same key twice in one transaction is still one job
        expect((await box.enqueue(tx, { kind: 'mail', payload: {}, dedupeKey: 'mail:CHEQUE:OC000001' })).created).toBe(false);
        throw new Error('la operación falló después de encolar');
      }),
    ).rejects.toThrow('la operación falló después de encolar');
    expect(await box.byKey('mail:CHEQUE:OC000001')).toBeUndefined();
    expect(await database.db.select().from(outbox)).toHaveLength(0);
    expect((await box.enqueue(database.db, { kind: 'mail', payload: {}, dedupeKey: 'mail:CHEQUE:OC000001' })).created).toBe(true);
  });

  it('a delayed job is not due before its time', async () => {
    const calls: number[] = [];
    const w = worker({ later: async (_p, job) => void calls.push(job.id) });
    const { id } = await box.enqueue(database.db, { kind: 'later', payload: {}, dedupeKey: 'later:1', delayMs: 60_000 });
    expect(await w.runOnce()).toBe(0);
    expect(calls).toEqual([]);
    expect((await row(id)).status).toBe('pending');
  });
});

describe('enqueueWith: a change and its job in one statement', () => {
  const marker = () => box.enqueue(database.db, { kind: 'mail', payload: {}, dedupeKey: 'marker' });
  const changed = sql`update outbox set last_error = 'cambiado' where dedupe_key = 'marker'`;

  it('makes the change and adds the job', async () => {
    const { id: markerId } = await marker();
    const job = await box.enqueueWith(changed, { kind: 'erp.order', payload: { orderId: 7 }, dedupeKey: 'erp.order:OC000007' });
    expect(job).toEqual({ id: expect.any(Number), created: true, revived: false });
    expect(await row(job.id)).toMatchObject({ kind: 'erp.order', payload: { orderId: 7 }, dedupeKey: 'erp.order:OC000007', status: 'pending', attempts: 0 });
    expect((await row(markerId)).lastError).toBe('cambiado');
  });

  it('both or neither: a change that fails adds no job', async () => {
    const { id: markerId } = await marker();
    await expect(
      box.enqueueWith(sql`update outbox set attempts = attempts / 0 where dedupe_key = 'marker'`, { kind: 'erp.order', payload: {}, dedupeKey: 'erp.order:OC000008' }),
    ).rejects.toThrow();
    expect(await box.byKey('erp.order:OC000008')).toBeUndefined();
    expect((await row(markerId)).attempts).toBe(0);
  });

  it('a job of the same key already there: the change is made, and the job revived as enqueue revives it', async () => {
    const { id: markerId } = await marker();
    const first = await box.enqueue(database.db, { kind: 'erp.order', payload: { orderId: 9 }, dedupeKey: 'erp.order:OC000009' });
    await database.db.update(outbox).set({ status: 'failed', failure: 'exhausted', attempts: 25 }).where(eq(outbox.id, first.id));
    const again = await box.enqueueWith(changed, { kind: 'erp.order', payload: { orderId: 9 }, dedupeKey: 'erp.order:OC000009' }, { revive: true });
    expect(again).toEqual({ id: first.id, created: false, revived: true });
    expect(await row(first.id)).toMatchObject({ status: 'pending', failure: null, attempts: 0 });
    expect((await row(markerId)).lastError).toBe('cambiado');
    // without revive a failed job stays as it is; the change is still made
    await database.db.update(outbox).set({ status: 'failed', failure: 'exhausted' }).where(eq(outbox.id, first.id));
    await database.db.update(outbox).set({ lastError: null }).where(eq(outbox.id, markerId));
    expect(await box.enqueueWith(changed, { kind: 'erp.order', payload: {}, dedupeKey: 'erp.order:OC000009' })).toEqual({ id: first.id, created: false, revived: false });
    expect((await row(first.id)).status).toBe('failed');
    expect((await row(markerId)).lastError).toBe('cambiado');
  });
});

describe('retries', () => {
  it('retries a failing job after its backoff, then marks it done', async () => {
    let calls = 0;
    const waits: number[] = [];
    const w = worker(
      {
        flaky: async () => {
          calls += 1;
          if (calls < 3) throw new Error(`ERP no disponible (${calls})`);
        },
      },
      { backoffMs: (attempts) => (waits.push(attempts), 300 * attempts) },
    );
    const { id } = await box.enqueue(database.db, { kind: 'flaky', payload: {}, dedupeKey: 'flaky:1' });

    expect(await w.runOnce()).toBe(1);
    let job = await row(id);
    expect(job).toMatchObject({ status: 'pending', attempts: 1, lastError: 'ERP no disponible (1)', lockedUntil: null });
    // next try about 300 ms later, not before
    const [{ delay }] = rowsOf<{ delay: string }>(await database.db.execute(sql`select extract(epoch from (next_attempt_at - now())) * 1000 as delay from outbox where id = ${id}`));
    expect(Number(delay)).toBeGreaterThan(150);
    expect(Number(delay)).toBeLessThanOrEqual(300);
    expect(await w.runOnce()).toBe(0);
    expect(calls).toBe(1);

    await sleep(320);
    expect(await w.runOnce()).toBe(1);
    job = await row(id);
    expect(job).toMatchObject({ status: 'pending', attempts: 2, lastError: 'ERP no disponible (2)' });
    expect(await w.runOnce()).toBe(0);

    await sleep(620);
    expect(await w.runOnce()).toBe(1);
    job = await row(id);
    expect(job).toMatchObject({ status: 'done', attempts: 3, lastError: null, lockedUntil: null });
    expect(job.doneAt).toBeInstanceOf(Date);
    expect(calls).toBe(3);
    // the wait grows with the tries: the backoff was asked after try 1 and after try 2
    expect(waits).toEqual([1, 2]);
  });

  it('does not retry a permanent error', async () => {
    let calls = 0;
    const w = worker({
      rejected: async () => {
        calls += 1;
        throw new PermanentJobError('el ERP rechazó el documento');
      },
    });
    const { id } = await box.enqueue(database.db, { kind: 'rejected', payload: {}, dedupeKey: 'rejected:1' });
    expect(await w.runOnce()).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 1, lastError: 'el ERP rechazó el documento' });
    await sleep(30);
    expect(await w.runOnce()).toBe(0);
    expect(calls).toBe(1);
  });

  it('gives a job up after maxAttempts, and a job nobody handles fails at once', async () => {
    let calls = 0;
    const down: JobHandler = async () => {
      calls += 1;
      throw new Error('caído');
    };
    const w = worker({ down }, { maxAttempts: 3 });
    const { id } = await box.enqueue(database.db, { kind: 'down', payload: {}, dedupeKey: 'down:1' });
    const orphan = await box.enqueue(database.db, { kind: 'nadie', payload: {}, dedupeKey: 'nadie:1' });
    for (let i = 0; i < 5; i++) await w.runOnce();
    expect(calls).toBe(3);
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 3, lastError: 'caído' });
    expect(await row(orphan.id)).toMatchObject({ status: 'failed', attempts: 1, lastError: "no hay quien procese trabajos 'nadie'" });
  });
});

describe('leases', () => {
  it('a crashed worker holds its job only until the lease ends; then another worker takes it', async () => {
    const calls: string[] = [];
    let release!: () => void;
    const hung = new Promise<void>((resolve) => (release = resolve));
    // worker A takes the job and never comes back (a crash, as the table sees it)
    const a = worker({ job: async () => (calls.push('A'), hung) }, { leaseMs: 400 });
    const b = worker({ job: async () => void calls.push('B') }, { leaseMs: 400 });
    const { id } = await box.enqueue(database.db, { kind: 'job', payload: {}, dedupeKey: 'job:1' });

    const runA = a.runOnce();
    while (calls.length === 0) await sleep(5);
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 1 });
    expect(await b.runOnce()).toBe(0); // leased to A

    await sleep(450);
    expect(await b.runOnce()).toBe(1);
    expect(calls).toEqual(['A', 'B']);
    expect(await row(id)).toMatchObject({ status: 'done', attempts: 2 });

    release();
    await runA;
  });
});

describe('several workers', () => {
  it('two workers polling the same table at once run each of many jobs exactly once', async () => {
    const JOBS = 80;
    const calls = new Map<number, string[]>();
    const handler = (name: string): JobHandler => async (payload) => {
      const n = (payload as { n: number }).n;
      calls.set(n, [...(calls.get(n) ?? []), name]);
      await sleep(Math.random() * 3);
    };
    for (let n = 0; n < JOBS; n++) await box.enqueue(database.db, { kind: 'count', payload: { n }, dedupeKey: `count:${n}` });
    const a = worker({ count: handler('A') }, { batch: 4 });
    const b = worker({ count: handler('B') }, { batch: 4 });

    const pending = async () => (await database.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.status, 'pending'))).length;
    const drain = async (w: OutboxWorker) => {
      while ((await w.runOnce()) > 0 || (await pending()) > 0) await sleep(1);
    };
    await Promise.all([drain(a), drain(b)]);

    expect(calls.size).toBe(JOBS);
    for (const [, who] of calls) expect(who).toHaveLength(1);
    const byWorker = [...calls.values()].flat();
    expect(byWorker.filter((w) => w === 'A').length).toBeGreaterThan(0);
    expect(byWorker.filter((w) => w === 'B').length).toBeGreaterThan(0);
    const statuses = await database.db.select({ status: outbox.status, attempts: outbox.attempts }).from(outbox);
    expect(statuses.every((s) => s.status === 'done' && s.attempts === 1)).toBe(true);
  }, 30_000);

  it('start() polls on its own and stop() waits for the job in hand', async () => {
    const done: number[] = [];
    const w = worker({ tick: async (p) => (await sleep(20), void done.push((p as { n: number }).n)) });
    w.start();
    await box.enqueue(database.db, { kind: 'tick', payload: { n: 1 }, dedupeKey: 'tick:1' });
    w.kick();
    for (let i = 0; i < 100 && done.length === 0; i++) await sleep(10);
    await w.stop();
    expect(done).toEqual([1]);
  });
});
