import { eq, like } from 'drizzle-orm';
import type { AdminJobList, RetryJobResponse } from '@shared/api/adminJobs';
import type { Order } from '@shared/api/orders';
import { auditLog, orders, outbox } from '@server/db/schema';
import { call, createTestApp, login, type TestApp } from './helpers';
import { buyerOf, placeOrder, someTransport, type Buyer } from './order-fixtures';

// GET /api/admin/jobs and POST /api/admin/jobs/:id/retry: an ERP job the outbox gave up on is listed as failed and
// re-driven by an administrator; the order it carries then reaches the ERP once.

let t: TestApp;
let admin: string;
let buyer: Buyer;
let transport: string;

beforeAll(async () => {
  t = await createTestApp({}, { worker: { pollMs: 50, backoffMs: () => 50, maxAttempts: 1, autoStart: false } });
  admin = (await login(t.app, '22222222-2', 'Admin1234')).token;
  buyer = await buyerOf(t.app, '76123456-0');
  transport = await someTransport(t.app, buyer.token);
}, 60_000);
afterAll(() => t.close());
afterEach(() => t.b1.setFaults({ refuse: false }));

const creditOrder = (): Promise<Order> => placeOrder(t.app, buyer, [{ sku: 'POL-1001-M', quantity: 2 }], transport);

const jobs = (query = '', token = admin) => call(t.app, { method: 'GET', url: `/api/admin/jobs${query}`, token });
const retry = (id: number | string, token = admin) => call(t.app, { method: 'POST', url: `/api/admin/jobs/${id}/retry`, token });

it('visitors get 401 and buyers 403, before anything is read', async () => {
  for (const route of [{ method: 'GET', url: '/api/admin/jobs' }, { method: 'POST', url: '/api/admin/jobs/1/retry' }] as const) {
    expect((await call(t.app, route)).statusCode).toBe(401);
    expect((await call(t.app, { ...route, token: buyer.token })).json()).toEqual({ status: 403, message: 'No tiene permisos para esta acción' });
  }
});

it('bad filters and ids get a Spanish 400', async () => {
  expect((await jobs('?status=perdido')).json()).toMatchObject({ status: 400, message: 'Estado de trabajo inválido' });
  expect((await jobs('?pageSize=5000')).json()).toMatchObject({ status: 400, message: 'Tamaño de página inválido' });
  expect((await retry('abc')).json()).toMatchObject({ status: 400, message: 'Identificador de trabajo inválido' });
  expect((await retry(999_999)).json()).toEqual({ status: 404, message: 'Trabajo no encontrado' });
});

it('a job the outbox gave up on is listed as failed, retried by hand, and the order reaches the ERP once', async () => {
  const order = await creditOrder();
  t.b1.setFaults({ refuse: true });
  const submitted = await call(t.app, { method: 'POST', url: '/api/user/b1/ov', token: buyer.token, payload: { orderReference: order.purchaseOrderNumber } });
  expect(submitted.statusCode).toBe(503);
  const [job] = await t.database.db.select().from(outbox).where(eq(outbox.dedupeKey, `erp.order:${order.purchaseOrderNumber}`));
  expect(job).toMatchObject({ status: 'failed', failure: 'exhausted' });
  // without ALERT_MAIL_TO no alert mail is queued
  expect(await t.database.db.select().from(outbox).where(like(outbox.dedupeKey, 'mail:ALERT_JOB:%'))).toHaveLength(0);

  const failed = (await jobs('?status=failed')).json<AdminJobList>();
  expect(failed).toMatchObject({ total: 1, page: 0, pageSize: 50 });
  expect(failed.rows[0]).toMatchObject({ id: job!.id, kind: 'erp.order', key: `erp.order:${order.purchaseOrderNumber}`, status: 'failed', failure: 'exhausted', attempts: 1 });
  expect(failed.rows[0]!.lastError).toBeTruthy();
  expect(failed.rows[0]).not.toHaveProperty('payload');

  t.b1.setFaults({ refuse: false });
  const res = await retry(job!.id);
  expect(res.statusCode).toBe(200);
  expect(res.json<RetryJobResponse>()).toMatchObject({ job: { id: job!.id, status: 'pending', attempts: 0, failure: null }, message: `Trabajo ${job!.id} reencolado: se intentará nuevamente ahora` });
  const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'job'));
  expect(audit).toMatchObject({ action: 'update', entityId: String(job!.id), actorUsername: '22.222.222-2' });

  await t.app.worker.runOnce();
  const [stored] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
  expect(stored).toMatchObject({ orderState: 'CONFIRMED', erpStatus: 'SENT' });
  expect(t.b1.data.Orders.filter((d) => d.NumAtCard === order.purchaseOrderNumber)).toHaveLength(1);
  expect((await jobs('?status=failed')).json<AdminJobList>().total).toBe(0);
  expect((await retry(job!.id)).json()).toEqual({ status: 409, message: 'El trabajo no está fallido: no hay nada que reintentar' });
});

it('the buyer submitting again revives an exhausted job instead of answering 503 forever', async () => {
  const order = await creditOrder();
  t.b1.setFaults({ refuse: true });
  const ov = () => call(t.app, { method: 'POST', url: '/api/user/b1/ov', token: buyer.token, payload: { orderReference: order.purchaseOrderNumber } });
  expect((await ov()).statusCode).toBe(503);
  t.b1.setFaults({ refuse: false });
  const again = await ov();
  expect(again.statusCode).toBe(200);
  expect(t.b1.data.Orders.filter((d) => d.NumAtCard === order.purchaseOrderNumber)).toHaveLength(1);
});

it('the re-driver queues exhausted ERP jobs again once the ERP answers', async () => {
  const order = await creditOrder();
  t.b1.setFaults({ refuse: true });
  await call(t.app, { method: 'POST', url: '/api/user/b1/ov', token: buyer.token, payload: { orderReference: order.purchaseOrderNumber } });
  expect(await t.app.redriver.runOnce()).toBe(0); // the ERP is still down: nothing moves
  t.b1.setFaults({ refuse: false });
  expect(await t.app.redriver.runOnce()).toBe(1);
  await t.app.worker.runOnce();
  const [stored] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
  expect(stored).toMatchObject({ orderState: 'CONFIRMED', erpStatus: 'SENT' });
});
