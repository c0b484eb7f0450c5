import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CartResponse } from '@shared/api/cart';
import type { CardPaymentResult, WebpayCreateResponse } from '@shared/api/payments';
import { buildApp } from '@server/app';
import { openDatabase, rowsOf, type Database } from '@server/db/connect';
import { idempotencyKeys, loginFailures } from '@server/db/schema';
import { LoginFailuresRepo } from '@server/security/loginFailures.repo';
import { SharedLimit } from '@server/security/sharedLimit';
import { KhipuClient } from '@server/integrations/khipu';
import { WebpayClient } from '@server/integrations/webpay';
import { call, createTestApp, TEST_SECRET, type TestApp } from './helpers';
import { BUYER_RUT, buyerOf, erpOrders, jobsSettled, orderOf, post, storedOrder, type Buyer } from './payments-fixtures';
import { CUSTOMER_REQUEST, setRecipients } from './mail-fixtures';
import { stateHolders, stateHoldersOf } from './stateHolders';

// No instance keeps state another instance needs (docs/scale-out.md, "What each instance keeps"):
// (a) every place the server keeps state in memory is listed in that page's table, by file and holder;
// (b) two instances on one database (two pools on PostgreSQL with TEST_DATABASE_URL, one PGlite handle otherwise) see
//     each other's login failures, Idempotency-Key records, payment settlements and the scenario recorder's flag.

const root = path.resolve(__dirname, '../..');

/** The (file, holder) pairs of the table of docs/scale-out.md: every `src/server/…` file of a row with each holder of it. */
function documented(): Set<string> {
  const page = readFileSync(path.join(root, 'docs/scale-out.md'), 'utf8');
  const section = page.slice(page.indexOf('## What each instance keeps'));
  const pairs = new Set<string>();
  for (const line of section.split('\n').filter((l) => l.startsWith('| '))) {
    const cells = line.split('|').map((c) => c.trim());
    const names = (cell: string | undefined) => [...(cell ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
    for (const file of names(cells[2]).filter((f) => f.startsWith('src/server/'))) for (const holder of names(cells[3])) pairs.add(`${file} ${holder}`);
  }
  return pairs;
}

describe('what each instance keeps in memory is documented', () => {
  it('every state holder of src/server is in the table of docs/scale-out.md, by file and holder', () => {
    const listed = documented();
    const missing = stateHolders(root, 'src/server')
      .filter((h) => !listed.has(`${h.file} ${h.name}`))
      .map((h) => `${h.file}:${h.line} ${h.name} (${h.kind})`);
    expect(missing).toEqual([]);
  });

  it('finds what it looks for, and not the locals of a call', () => {
    const code = `
      let counter = 0;
      const TABLE = new Map([[1, 2]]);
      export class Service {
        private readonly seen = new Set<string>();
        private later: Cached<number>;
        constructor() { this.later = new Cached(); this.timer = setTimeout(() => undefined, 10); }
        method() { const local = new Map(); return local; }
      }
      export default async function someRoutes(app) { const kept = new Map(); app.get('/', () => { const perRequest = new Set(); }); }
      function helper() { const local = new WeakMap(); setInterval(() => undefined, 1000); }
    `;
    expect(stateHoldersOf('x.ts', code).map((h) => `${h.name} ${h.kind}`)).toEqual([
      'counter let',
      'TABLE Map',
      'Service.seen Set',
      'Service.later Cached',
      'Service.timer setTimeout',
      'someRoutes.kept Map',
      'helper.setInterval setInterval',
    ]);
  });
});

describe('two instances on one database', () => {
  let t: TestApp;
  let second: FastifyInstance;
  let secondDb: Database;
  let buyer: Buyer;
  const LIMITS = { maxPerAddress: 4, maxPerRut: 1000, window: '15 minutes' };

  beforeAll(async () => {
    t = await createTestApp({ login: LIMITS, scenarioRecorder: true }, { worker: { pollMs: 50, backoffMs: () => 100 } }, undefined, {}, { listen: true });
    if (process.env.TEST_DATABASE_URL) {
      // PostgreSQL: the second instance has its own pool on the same database, as another process would
      const [row] = rowsOf<{ name: string }>(await t.database.db.execute(sql`select current_database() as name`));
      const url = new URL(process.env.TEST_DATABASE_URL);
      url.pathname = `/${row!.name}`;
      secondDb = await openDatabase({ databaseUrl: url.toString(), onIdleError: () => undefined });
    } else {
      // PGlite is one process's: the second instance shares the handle and leaves closing it to the first
      secondDb = { ...t.database, close: async () => undefined };
    }
    second = await buildApp({
      config: { jwtSecret: TEST_SECRET, tokenTtl: 3600, publicUrl: t.url!, clientDir: '/nonexistent', brandName: 'Textil Andino', login: LIMITS, scenarioRecorder: true },
      database: secondDb,
      erp: t.erp,
      worker: { autoStart: false },
      payments: {
        webpay: new WebpayClient({ baseUrl: t.webpay.url, commerceCode: t.webpay.commerceCode, apiKey: t.webpay.apiKey, timeoutMs: 5000 }),
        khipu: new KhipuClient({ baseUrl: t.khipu.url, apiKey: t.khipu.apiKey, timeoutMs: 5000 }),
        khipuSecret: t.khipu.secret,
        khipuReceiverId: t.khipu.receiverId,
        reconciler: { autoStart: false },
      },
    });
    await second.ready();
    buyer = await buyerOf(t, BUYER_RUT);
  }, 120_000);
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('runs on two pools on PostgreSQL, on one PGlite handle otherwise', () => {
    const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
    expect(secondDb.kind).toBe(onPostgres ? 'postgres' : 'pglite');
    expect(secondDb.db === t.database.db).toBe(!onPostgres);
  });

  it('login limits: failures counted on one instance refuse the address on the other', async () => {
    const attempt = (app: FastifyInstance, password: string) =>
      call(app, { method: 'POST', url: '/api/security/login', payload: { username: '77345678-K', password }, remoteAddress: '10.33.0.1' });
    for (const app of [t.app, second, t.app, second]) expect((await attempt(app, 'wrong')).statusCode).toBe(401);
    expect((await attempt(t.app, 'Demo1234')).statusCode).toBe(429);
    expect((await attempt(second, 'Demo1234')).statusCode).toBe(429);
  });

  it('the customer-request limit (5 per hour per address) counts the requests of both instances', async () => {
    await setRecipients(t.database.db, ['CREATION_USER']);
    const send = (app: FastifyInstance) => call(app, { method: 'POST', url: '/api/user/sendmail', payload: CUSTOMER_REQUEST, remoteAddress: '10.33.0.2' });
    for (const app of [t.app, second, t.app, second, t.app]) expect((await send(app)).statusCode).toBe(202);
    // each instance has seen two or three of them; together they are five
    for (const app of [second, t.app]) {
      const refused = await send(app);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ status: 429, message: 'Se enviaron demasiadas solicitudes desde esta dirección. Espere unos minutos e inténtelo de nuevo.' });
    }
  });

  it('Idempotency-Key: a cart add retried on the other instance is applied once and answered with the first answer', async () => {
    await call(t.app, { method: 'DELETE', url: `/api/user/cart/clear-cart/${buyer.id}`, token: buyer.token });
    const add = (app: FastifyInstance) =>
      call(app, { method: 'POST', url: '/api/user/cart/bulk', token: buyer.token, headers: { 'idempotency-key': 'shared-nothing-1' }, payload: { items: [{ sku: 'POL-1001-M', quantity: 2 }], clampToStock: true } });
    const first = await add(t.app);
    expect(first.statusCode).toBe(200);
    const retried = await add(second);
    expect(retried.statusCode).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(retried.json()).toEqual(first.json());
    // and the same two at once, on both instances, with a new key
    const both = await Promise.all([t.app, second].map((app) => call(app, { method: 'POST', url: '/api/user/cart/bulk', token: buyer.token, headers: { 'idempotency-key': 'shared-nothing-2' }, payload: { items: [{ sku: 'POL-1003-M', quantity: 3 }], clampToStock: true } })));
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(1);
    const cart = (await call(second, { method: 'GET', url: `/api/user/cart/find-by-userid/${buyer.id}`, token: buyer.token })).json<CartResponse>();
    expect(Object.fromEntries(cart.items.map((i) => [i.sku, i.quantity]))).toEqual({ 'POL-1001-M': 2, 'POL-1003-M': 3 });
    expect(await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, buyer.id))).toHaveLength(2);
  });

  it('payment settlement: a card payment settled on one instance is PAID on the other, which commits nothing again', async () => {
    const order = await orderOf(t, buyer, 'WEBPAY');
    const created = (await post(t, '/api/user/tbk/create', buyer.token, { buy_order: order.purchaseOrderNumber, session_id: 'OW123456', amount: 1, return_url: 'https://evil.example/' })).json<WebpayCreateResponse>();
    t.webpay.pay(created.token, 'visa');
    // the browser comes back through the second instance
    const back = await call(second, { method: 'GET', url: `/api/payments/webpay/return?token_ws=${created.token}` });
    expect(back.statusCode).toBe(303);
    expect(t.webpay.transaction(created.token)!.commits).toBe(1);
    // the first instance sees it settled: the same answer, and a repeat of the return there changes nothing
    const state = (app: FastifyInstance) => call(app, { method: 'GET', url: `/api/user/tbk/state/${created.token}`, token: buyer.token });
    expect((await state(t.app)).json<CardPaymentResult>()).toMatchObject({ state: 'PAID', orderState: 'CONFIRMED' });
    expect((await state(second)).json<CardPaymentResult>()).toMatchObject({ state: 'PAID', orderState: 'CONFIRMED' });
    expect((await call(t.app, { method: 'GET', url: `/api/payments/webpay/return?token_ws=${created.token}` })).statusCode).toBe(303);
    await t.app.reconciler!.runOnce({ minAgeMs: 0 });
    expect((await storedOrder(t, order.id)).orderState).toBe('CONFIRMED');
    // the commit that decided it was the second instance's, and the only one
    expect(t.webpay.transaction(created.token)!.commits).toBe(1);
    // one sales order in the ERP, whichever instance's worker delivered it
    await jobsSettled(t);
    expect(erpOrders(t, order.purchaseOrderNumber)).toHaveLength(1);
  });

  it("a shared limit's window: the sixth in the window is refused, a new window starts at one; each purge keeps to its own rows", async () => {
    const db = t.database.db;
    const limit = new SharedLimit(db, 'test-window', 5, 60_000);
    const answers: boolean[] = [];
    for (let i = 0; i < 6; i++) answers.push(await limit.allow('10.33.0.3'));
    expect(answers).toEqual([true, true, true, true, true, false]);
    // the window started two minutes ago: the next request starts a new one
    await db.update(loginFailures).set({ windowStart: new Date(Date.now() - 120_000) }).where(eq(loginFailures.key, 'limit:test-window:10.33.0.3'));
    expect(await limit.allow('10.33.0.3')).toBe(true);
    // the login limits' purge deletes their own old rows only, and the shared limits' purge theirs
    const old = new Date(Date.now() - 3_600_000 * 2);
    await db.insert(loginFailures).values([
      { key: 'addr:10.33.0.9', failures: 1, windowStart: old },
      { key: 'limit:test-window:10.33.0.9', failures: 1, windowStart: old },
    ]);
    const repo = new LoginFailuresRepo(db);
    const keys = async () => (await db.select({ key: loginFailures.key }).from(loginFailures)).map((r) => r.key).filter((k) => k.endsWith('10.33.0.9'));
    await repo.deleteBefore(new Date(Date.now() - 3_600_000));
    expect(await keys()).toEqual(['limit:test-window:10.33.0.9']);
    await repo.deleteBefore(new Date(Date.now() - 3_600_000), 'limit:test-window:');
    expect(await keys()).toEqual([]);
  });

  it("the scenario recorder: its flag is the same on both (its recordings live in the tester's browser)", async () => {
    const flag = async (app: FastifyInstance) => (await call(app, { method: 'GET', url: '/api/public-config' })).json<{ scenarioRecorder: boolean }>().scenarioRecorder;
    expect(await flag(t.app)).toBe(true);
    expect(await flag(second)).toBe(true);
  });
});
