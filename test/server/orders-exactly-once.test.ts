import { eq } from 'drizzle-orm';
import type { Order, OrderSubmissionResponse } from '@shared/api/orders';
import { orders, outbox } from '@server/db/schema';
import { ErpError } from '@server/erp/errors';
import { ServiceLayerClient } from '@server/erp/serviceLayer';
import { call, createTestApp, type TestApp } from './helpers';
import { buyerOf, placeOrder, someTransport, type Buyer } from './order-fixtures';

// An order reaches the ERP exactly once when the ERP is slow, loses answers or never processed a create, and an
// order that meets an approval procedure waits for it (never cancelled meanwhile). Counted from the stand-in's journal
// of committed creates and from the portal's own POSTs, never from the stand-in's tables alone.

// The ERP client gives up after 1.5 s (long enough for the reads that price an order on a busy machine); B1 may still
// be finishing a create 4 s after it was sent.
const TIMEOUT_MS = 1_500;
const SETTLE_MS = 4_000;
jest.setTimeout(60_000);

let t: TestApp;
let buyer: Buyer; // 76.123.456-0, C76123456
let approvalBuyer: Buyer; // 76.345.678-1, C76345678: its orders need approval in the ERP
let transport: string;

const postSpy = jest.spyOn(ServiceLayerClient.prototype, 'post');
const ordersPosted = (number: string) =>
  postSpy.mock.calls.filter(([path, body]) => path === 'Orders' && (body as { NumAtCard?: string }).NumAtCard === number).length;
const committed = (set: 'Orders' | 'Drafts', number: string) => t.b1.journal.filter((e) => e.set === set && e.reference === number);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  t = await createTestApp({}, { worker: { pollMs: 50, backoffMs: () => 50, autoStart: false } }, undefined, {}, {
    erp: { timeoutMs: TIMEOUT_MS, settleMs: SETTLE_MS, approvalPollMs: 100 },
  });
  buyer = await buyerOf(t.app, '76123456-0');
  approvalBuyer = await buyerOf(t.app, '76345678-1');
  transport = await someTransport(t.app, buyer.token);
}, 60_000);
afterAll(async () => {
  postSpy.mockRestore();
  await t.close();
});
afterEach(() => t.b1.setFaults({ postDelayMs: 0, loseAnswerRate: 0, hang: false, refuse: false }));

const post = (url: string, token: string, payload: object) => call(t.app, { method: 'POST', url, token, payload });

/** 3 × POL-1001-M and 2 × POL-1003-S on the credit line (unless `choices` says otherwise). */
const creditOrder = (b: Buyer, choices: object = {}): Promise<Order> =>
  placeOrder(t.app, b, [{ sku: 'POL-1001-M', quantity: 3 }, { sku: 'POL-1003-S', quantity: 2 }], transport, choices);

const ov = (b: Buyer, order: Order) => post('/api/user/b1/ov', b.token, { orderReference: order.purchaseOrderNumber });
const stored = async (id: number) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const jobOf = async (order: Order) => (await t.database.db.select().from(outbox).where(eq(outbox.dedupeKey, `erp.order:${order.purchaseOrderNumber}`)))[0]!;

/** Runs the outbox until the job is no longer waiting, or the time is up. */
async function settle(order: Order, ms = SETTLE_MS * 3): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    await t.app.worker.runOnce();
    if ((await jobOf(order)).status !== 'pending') return;
    await sleep(100);
  }
}

describe('a create whose outcome is unknown is looked up, not posted again', () => {
  it('a slow ERP that finishes after the portal gave up makes one sales order', async () => {
    const order = await creditOrder(buyer);
    t.b1.setFaults({ postDelayMs: 2_500 }); // B1 commits 2.5 s after the POST; the portal waits 1.5 s
    const res = await ov(buyer, order);
    expect(res.statusCode).toBe(202);
    expect(res.json<OrderSubmissionResponse>()).toMatchObject({ pending: true, order: { orderState: 'PROCESS', erp: 'PENDING' } });
    expect((await jobOf(order)).postedAt).toBeInstanceOf(Date); // the outcome is unknown
    await settle(order);
    expect(await stored(order.id)).toMatchObject({ orderState: 'CONFIRMED', erpStatus: 'SENT' });
    expect(committed('Orders', order.purchaseOrderNumber)).toHaveLength(1);
    expect(ordersPosted(order.purchaseOrderNumber)).toBe(1);
    expect(await jobOf(order)).toMatchObject({ status: 'done', postedAt: null });
  });

  it('a lost answer: the ERP made the order, the portal finds it', async () => {
    const order = await creditOrder(buyer);
    t.b1.setFaults({ loseAnswerRate: 1 });
    expect((await ov(buyer, order)).statusCode).toBe(202);
    t.b1.setFaults({ loseAnswerRate: 0 });
    await settle(order);
    expect(await stored(order.id)).toMatchObject({ orderState: 'CONFIRMED', erpStatus: 'SENT' });
    expect(committed('Orders', order.purchaseOrderNumber)).toHaveLength(1);
    expect(ordersPosted(order.purchaseOrderNumber)).toBe(1);
  });

  it('a create the ERP never processed is posted again only after the settle time', async () => {
    const order = await creditOrder(buyer);
    // the request is lost on its way: the ERP never sees it, the portal only knows it got no answer
    postSpy.mockImplementationOnce(async () => {
      await sleep(TIMEOUT_MS);
      throw new ErpError({ status: 503, code: 'ERP_TIMEOUT', message: 'El ERP no respondió a tiempo' });
    });
    const started = Date.now();
    expect((await ov(buyer, order)).statusCode).toBe(202);
    await t.app.worker.runOnce();
    expect(ordersPosted(order.purchaseOrderNumber)).toBe(1); // only looked: the first create might still finish
    await settle(order);
    expect(ordersPosted(order.purchaseOrderNumber)).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(SETTLE_MS);
    expect(committed('Orders', order.purchaseOrderNumber)).toHaveLength(1);
    expect(await stored(order.id)).toMatchObject({ orderState: 'CONFIRMED', erpStatus: 'SENT' });
  });
});

describe('the ERP document equals the money', () => {
  it("the sales order's DocTotal is the order's total to the peso, and pickup carries idStorePickup", async () => {
    const order = await creditOrder(buyer, { tipoEntrega: 'retiro', deliveryAddress: '', deliveryTransport: '' });
    expect((await ov(buyer, order)).statusCode).toBe(200);
    const [doc] = t.b1.data.Orders.filter((d) => d.NumAtCard === order.purchaseOrderNumber);
    expect(doc!.DocTotal).toBe(order.totals.total);
    expect(doc!.ShipToCode).toBe('idStorePickup');
    for (const line of order.orderProducts) {
      expect(doc!.DocumentLines.find((l) => l.ItemCode === line.sku)).toMatchObject({ LineTotal: line.priceFinal, UnitPrice: line.priceFinalUnit, DiscountPercent: 0 });
    }
  });
});

describe('approval procedures', () => {
  it('an order that became a Draft waits, is never cancelled, and is confirmed once the draft is approved', async () => {
    const order = await creditOrder(approvalBuyer);
    const res = await ov(approvalBuyer, order);
    expect(res.statusCode).toBe(202);
    const body = res.json<OrderSubmissionResponse>();
    expect(body).toMatchObject({ pending: true, order: { orderState: 'PROCESS', erp: 'AWAITING_APPROVAL' } });
    expect(body.message).toBe(`El pedido ${order.purchaseOrderNumber} quedó en espera de aprobación en el ERP: se confirmará cuando sea aprobado`);
    const waiting = await stored(order.id);
    expect(waiting).toMatchObject({ orderState: 'PROCESS', erpStatus: 'AWAITING_APPROVAL' });
    expect(committed('Drafts', order.purchaseOrderNumber)).toHaveLength(1);
    expect(committed('Orders', order.purchaseOrderNumber)).toHaveLength(0);

    // the buyer asks again and again: still waiting, no second draft
    const confirm = await post('/api/orders/update/state/order', approvalBuyer.token, { id: order.id, numOc: order.purchaseOrderNumber, state: 'CONFIRMED' });
    expect(confirm.statusCode).toBe(202);
    await sleep(150);
    await t.app.worker.runOnce();
    expect((await ov(approvalBuyer, order)).statusCode).toBe(202);
    expect(committed('Drafts', order.purchaseOrderNumber)).toHaveLength(1);
    expect((await stored(order.id)).orderState).toBe('PROCESS');

    t.b1.approveDraft(waiting.erpDraftEntry!);
    await sleep(150);
    await settle(order);
    expect(await stored(order.id)).toMatchObject({ orderState: 'CONFIRMED', erpStatus: 'SENT' });
    expect(committed('Orders', order.purchaseOrderNumber)).toHaveLength(1);
    expect(ordersPosted(order.purchaseOrderNumber)).toBe(1);
  });

  it('a draft the approver refuses cancels the order with a Spanish reason and gives the lines back to the cart', async () => {
    const order = await creditOrder(approvalBuyer);
    expect((await ov(approvalBuyer, order)).statusCode).toBe(202);
    t.b1.rejectDraft((await stored(order.id)).erpDraftEntry!, 'Sin cupo este mes');
    await sleep(150);
    await settle(order);
    const rejected = await stored(order.id);
    expect(rejected).toMatchObject({ orderState: 'CANCELED', erpStatus: 'REJECTED' });
    expect(rejected.erpError).toBe(`El pedido ${order.purchaseOrderNumber} fue rechazado en la aprobación del ERP: Sin cupo este mes`);
    expect(committed('Orders', order.purchaseOrderNumber)).toHaveLength(0);
    // the lines are back in the buyer's cart
    const cart = await call(t.app, { method: 'GET', url: `/api/user/cart/find-by-userid/${approvalBuyer.id}`, token: approvalBuyer.token });
    expect(cart.json<{ items: Array<{ sku: string; quantity: number }> }>().items.map((i) => [i.sku, i.quantity]).sort()).toEqual([
      ['POL-1001-M', 3],
      ['POL-1003-S', 2],
    ]);
    const again = await ov(approvalBuyer, order);
    expect(again.json()).toEqual({ status: 400, message: rejected.erpError });
  });
});

describe('card and transfer orders whose payment never started', () => {
  it('are canceled after a while with their lines back in the cart; an order with a payment is left to it', async () => {
    const abandoned = await creditOrder(buyer, { paymentMethod: 'WEBPAY' });
    const paying = await creditOrder(buyer, { paymentMethod: 'KHIPU' });
    const started = await post('/api/user/khipu/payments', buyer.token, { orderReference: paying.purchaseOrderNumber });
    expect(started.statusCode).toBe(200);
    const young = await creditOrder(buyer, { paymentMethod: 'WEBPAY' });
    const old = new Date(Date.now() - 31 * 60_000);
    for (const order of [abandoned, paying]) await t.database.db.update(orders).set({ createdAt: old }).where(eq(orders.id, order.id));

    await t.app.reconciler!.runOnce({ minAgeMs: 60 * 60_000 });
    expect((await stored(abandoned.id)).orderState).toBe('CANCELED');
    expect((await stored(paying.id)).orderState).toBe('PROCESS');
    expect((await stored(young.id)).orderState).toBe('PROCESS');
    const cart = await call(t.app, { method: 'GET', url: `/api/user/cart/find-by-userid/${buyer.id}`, token: buyer.token });
    expect(cart.json<{ items: Array<{ sku: string; quantity: number }> }>().items.map((i) => [i.sku, i.quantity]).sort()).toEqual([
      ['POL-1001-M', 3],
      ['POL-1003-S', 2],
    ]);
  });
});
