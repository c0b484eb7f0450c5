import { eq } from 'drizzle-orm';
import type { AdminOrderDetail } from '@shared/api/adminOrders';
import type { Order } from '@shared/api/orders';
import type { BuyerOrderDetail } from '@shared/api/userOrders';
import type { WebpayCreateResponse } from '@shared/api/payments';
import { outbox, outboxEvents, payments } from '@server/db/schema';
import { DEFAULT_CREATE_POLICY } from '@server/erp/erp.service';
import { ServiceLayerClient } from '@server/erp/serviceLayer';
import { erpOrderDedupeKey } from '@server/orders/erpOrderJob';
import { erpPaymentDedupeKey } from '@server/payments/payments.service';
import { call, createTestApp, login, type TestApp } from './helpers';
import { buyerOf, placeOrder, someTransport, type Buyer } from './order-fixtures';
import { orderOf } from './payments-fixtures';

// How long after B1 holds a document the portal shows it, when B1 finished the create after the portal gave up
// waiting: with the default settle time (3 min) and the outbox's own defaults (1 s poll, 1 s first backoff), the look-ups
// made inside the settle window find it within seconds. The ERP client gives up after 3 s here (production: 10 s) so
// the test is short; B1 commits 14 s after each POST, as the slow ERP of the report did. The clock: B1's journal of
// committed creates on one side, the portal's own answers (the order as the buyer reads it) on the other.

const B1_COMMITS_AFTER_MS = 14_000;
const GOAL_MS = 30_000;
jest.setTimeout(120_000);

let t: TestApp;
let buyer: Buyer;
let transport: string;
const posts = jest.spyOn(ServiceLayerClient.prototype, 'post');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  // no create policy given: the portal's defaults (ERP_SETTLE_TIME 3 min); default outbox worker
  t = await createTestApp({}, {}, undefined, {}, { listen: true, erp: { timeoutMs: 3_000 } });
  buyer = await buyerOf(t.app, '76123456-0');
  transport = await someTransport(t.app, buyer.token);
}, 60_000);
afterAll(async () => {
  posts.mockRestore();
  await t.close();
});
afterEach(() => t.b1.setFaults({ postDelayMs: 0, loseAnswerRate: 0 }));

const postsOf = (path: string, reference: string) =>
  posts.mock.calls.filter(([p, body]) => p === path && [(body as Record<string, unknown>).NumAtCard, (body as Record<string, unknown>).CounterReference].includes(reference)).length;
const committed = (reference: string, set: 'Orders' | 'IncomingPayments') => t.b1.journal.filter((e) => e.reference === reference && e.set === set);
const readOrder = async (b: Buyer, id: number) => (await call(t.app, { method: 'GET', url: `/api/orders/${id}`, token: b.token })).json<Order>();

/** Polls the order as the buyer reads it until it shows SENT with its DocNum; answers when it first did (ms epoch). */
async function shownAt(b: Buyer, id: number, within = DEFAULT_CREATE_POLICY.settleMs): Promise<{ at: number; order: Order }> {
  const until = Date.now() + within;
  while (Date.now() < until) {
    const order = await readOrder(b, id);
    if (order.erp === 'SENT' && order.erpDocNum !== null) return { at: Date.now(), order };
    await sleep(100);
  }
  throw new Error(`order ${id} never showed SENT`);
}

async function eventsOf(dedupeKey: string) {
  const [job] = await t.database.db.select().from(outbox).where(eq(outbox.dedupeKey, dedupeKey));
  const events = await t.database.db.select().from(outboxEvents).where(eq(outboxEvents.jobId, job!.id));
  return { job: job!, events };
}

it('runs with the default settle time', () => {
  expect(t.erp.createPolicy).toMatchObject({ settleMs: 180_000, lookupFirstMs: 1_000, lookupMaxMs: 8_000 });
});

it('a sales order B1 finished after the portal gave up shows SENT with its DocNum within 30 s of B1 holding it', async () => {
  const order = await placeOrder(t.app, buyer, [{ sku: 'POL-1001-M', quantity: 3 }, { sku: 'POL-1003-S', quantity: 2 }], transport);
  const number = order.purchaseOrderNumber;
  t.b1.setFaults({ postDelayMs: B1_COMMITS_AFTER_MS });
  const sent = Date.now();
  const submitted = await call(t.app, { method: 'POST', url: '/api/user/b1/ov', token: buyer.token, payload: { orderReference: number } });
  expect(submitted.statusCode).toBe(202); // the portal gave up waiting: unknown outcome
  expect(await readOrder(buyer, order.id)).toMatchObject({ orderState: 'PROCESS', erp: 'PENDING' });

  const shown = await shownAt(buyer, order.id);
  const [doc] = committed(number, 'Orders');
  expect(doc).toBeDefined();
  expect(doc!.at - sent).toBeGreaterThanOrEqual(B1_COMMITS_AFTER_MS - 100);
  const delay = shown.at - doc!.at;
  process.stdout.write(`sales order ${number}: B1 held it ${doc!.at - sent} ms after the POST; the portal showed it ${delay} ms later\n`);
  expect(delay).toBeGreaterThanOrEqual(0);
  expect(delay).toBeLessThan(GOAL_MS);
  expect(shown.order).toMatchObject({ orderState: 'CONFIRMED', erp: 'SENT', erpDocNum: t.b1.data.Orders.find((d) => d.DocEntry === doc!.docEntry)!.DocNum });
  // exactly once: one POST, one document; found by a look-up inside the window, never posted again
  expect(postsOf('Orders', number)).toBe(1);
  expect(committed(number, 'Orders')).toHaveLength(1);
  const { job, events } = await eventsOf(erpOrderDedupeKey(number));
  expect(job).toMatchObject({ status: 'done', postedAt: null, failure: null });
  // the look-ups that found nothing yet waited (not failed tries): the job's budget is untouched
  const waits = events.filter((e) => e.event === 'waiting');
  expect(waits.length).toBeGreaterThanOrEqual(1);
  expect(waits.every((e) => /^resultado desconocido al crear el pedido OC\d+: aún no está en el ERP; se vuelve a buscar en \d+ s/.test(e.message ?? ''))).toBe(true);
  expect(events.filter((e) => e.event === 'failed')).toEqual([]);
  expect(job.attempts).toBeLessThan(5);

  // what people read: the buyer's steps never say 'Esperando aprobación' for it; the admin timeline shows the run of
  // look-ups as one entry that counts them
  const mine = (await call(t.app, { method: 'GET', url: `/api/user/orders/${order.id}`, token: buyer.token })).json<BuyerOrderDetail>();
  expect(mine.steps.map((step) => step.key)).not.toContain('awaitingApproval');
  expect(mine.steps.find((step) => step.key === 'inErp')).toMatchObject({ done: true });
  const admin = (await login(t.app, '22222222-2', 'Admin1234')).token;
  const detail = (await call(t.app, { method: 'GET', url: `/api/admin/orders/${order.id}`, token: admin })).json<AdminOrderDetail>();
  const lookups = detail.timeline.filter((e) => e.kind === 'erpWaiting');
  expect(lookups).toHaveLength(1);
  expect(lookups[0]).toMatchObject({ title: 'Sin respuesta del ERP: se busca el documento', tone: 'waiting' });
  expect(lookups[0]!.detail).toBe(waits.length > 1 ? `${waits.length} búsquedas sin encontrarlo; la última: ${waits[waits.length - 1]!.message}` : waits[0]!.message);
});

it("a card order's sales order and incoming payment, both finished by B1 after the portal gave up, are each shown within 30 s", async () => {
  const order = await orderOf(t, buyer, 'WEBPAY');
  const number = order.purchaseOrderNumber;
  const created = await call(t.app, {
    method: 'POST',
    url: '/api/user/tbk/create',
    token: buyer.token,
    payload: { buy_order: number, session_id: 'OW654321', amount: 1, return_url: 'https://evil.example/' },
  });
  expect(created.statusCode).toBe(200);
  const { token } = created.json<WebpayCreateResponse>();
  t.b1.setFaults({ postDelayMs: B1_COMMITS_AFTER_MS });
  expect((await t.webpay.followReturn(t.webpay.pay(token, 'visa'))).status).toBe(303); // paid: both ERP jobs queued

  const shown = await shownAt(buyer, order.id);
  const [doc] = committed(number, 'Orders');
  expect(shown.at - doc!.at).toBeLessThan(GOAL_MS);

  // the incoming payment: its job is done (the payment registered in the ERP) within 30 s of B1 holding it
  const [paymentRow] = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id));
  const paymentKey = erpPaymentDedupeKey(paymentRow!);
  const until = Date.now() + DEFAULT_CREATE_POLICY.settleMs;
  let paid = await eventsOf(paymentKey);
  while (paid.job.status !== 'done' && Date.now() < until) {
    await sleep(100);
    paid = await eventsOf(paymentKey);
  }
  const [payment] = committed(number, 'IncomingPayments');
  expect(payment).toBeDefined();
  const paymentDelay = paid.job.doneAt!.getTime() - payment!.at;
  process.stdout.write(`card order ${number}: sales order shown ${shown.at - doc!.at} ms, incoming payment registered ${paymentDelay} ms after B1 held them\n`);
  expect(paymentDelay).toBeLessThan(GOAL_MS);
  expect(paid.events.filter((e) => e.event === 'waiting').length).toBeGreaterThanOrEqual(1);
  expect(paid.events.filter((e) => e.event === 'failed')).toEqual([]);
  // exactly once
  expect(postsOf('Orders', number)).toBe(1);
  expect(postsOf('IncomingPayments', number)).toBe(1);
  expect(committed(number, 'IncomingPayments')).toHaveLength(1);
});
