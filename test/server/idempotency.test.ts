import { and, eq, sql } from 'drizzle-orm';
import type { CartResponse } from '@shared/api/cart';
import type { Order } from '@shared/api/orders';
import type { KhipuCreateResponse, WebpayCreateResponse } from '@shared/api/payments';
import { CartService } from '@server/cart/cart.service';
import { cartItems, idempotencyKeys, orders } from '@server/db/schema';
import { requestHash } from '@server/http/idempotency';
import { IdempotencyStore } from '@server/http/idempotency.repo';
import { OrderRepo } from '@server/orders/orders.repo';
import { call, type TestApp } from './helpers';
import { age, BUYER_RUT, buyerOf, cartCount, orderOf, OTHER_RUT, paymentsApp, post, storedOrder, storedPayment, type Buyer } from './payments-fixtures';

// Idempotency-Key on the creates that move money or make an ERP document, the order consuming the cart, and the
// cart getting the lines back when a card or transfer payment of the order ends without money.

let t: TestApp;
let buyer: Buyer;
let other: Buyer;
let transport: string;

beforeAll(async () => {
  t = await paymentsApp();
  buyer = await buyerOf(t, BUYER_RUT);
  other = await buyerOf(t, OTHER_RUT);
  transport = (await call(t.app, { method: 'GET', url: '/api/user/b1/tipo-transport', token: buyer.token })).json<{ idTransporte: string }[]>()[1]!.idTransporte;
}, 60_000);
afterAll(() => t.close());
afterEach(() => jest.restoreAllMocks());

const MSG_INVALID = 'La clave Idempotency-Key no es válida: debe tener entre 1 y 200 caracteres, solo letras, números y . _ : -';
const MSG_REUSED = 'La clave Idempotency-Key ya se usó con otra solicitud: use una clave nueva';
const MSG_RUNNING = 'La solicitud anterior con esta clave Idempotency-Key aún se está procesando: inténtelo de nuevo en unos momentos';
const MSG_EMPTY = 'El carro está vacío: agregue productos antes de continuar';
const MSG_CHANGED = 'El carro cambió mientras se creaba el pedido: revise el carro e inténtelo de nuevo';
const MSG_NOT_CREATED = 'No se creó tu pedido por una falla del portal. No se cobró nada y tu carro sigue igual. Vuelve a intentarlo en unos minutos.';
const MSG_NOT_CREATED_ERP =
  'No se creó tu pedido: el ERP (el sistema de stock y precios) no responde. No se cobró nada y tu carro sigue igual. Vuelve a intentarlo en unos minutos.';
const unpaidOrder = (number: string, provider: string) =>
  `Tu pedido ${number} quedó creado y pendiente de pago: ${provider} no respondió y no se cobró nada. Presiona 'Ir a Pagar' para intentar el pago de nuevo; si no se paga en 30 minutos, el pedido se anula y sus productos vuelven a tu carro.`;

let keySeq = 0;
/** A key no other test uses. */
const newKey = (label = 'k') => `${label}-${Date.now()}-${(keySeq += 1)}`;

const keyed = (b: Buyer, url: string, payload: object, key?: string) =>
  call(t.app, { method: 'POST', url, token: b.token, payload, headers: key === undefined ? {} : { 'idempotency-key': key } });

/** The cart of the order tests: 2 × POL-1001-M and 1 × POL-1003-M. */
async function fillCart(b: Buyer): Promise<void> {
  await call(t.app, { method: 'DELETE', url: `/api/user/cart/clear-cart/${b.id}`, token: b.token });
  expect((await post(t, '/api/user/cart', b.token, { sku: 'POL-1001-M', quantity: 2 })).statusCode).toBe(201);
  expect((await post(t, '/api/user/cart', b.token, { sku: 'POL-1003-M', quantity: 1 })).statusCode).toBe(201);
}

function summary(b: Buyer, extra: object = {}) {
  return {
    orderType: 'ONLINE',
    tipoEntrega: 'entrega',
    deliveryAddress: b.profile.despacho[0]!.iddespacho,
    deliveryTransport: transport,
    invoiceAddress: (b.profile.factura.find((f) => f.predeterminado === 'Y') ?? b.profile.factura[0]!).idfactura,
    paymentMethod: 'WEBPAY',
    ...extra,
  };
}
const createOrder = (b: Buyer, key?: string, extra: object = {}) => keyed(b, '/api/orders', summary(b, extra), key);

async function ordersOf(b: Buyer): Promise<number> {
  const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(orders).where(eq(orders.userId, b.id));
  return Number(row!.n);
}

async function cartLines(b: Buyer): Promise<Record<string, number>> {
  const cart = (await call(t.app, { method: 'GET', url: `/api/user/cart/find-by-userid/${b.id}`, token: b.token })).json<CartResponse>();
  return Object.fromEntries(cart.items.map((i) => [i.sku, i.quantity]));
}

const keyRows = (b: Buyer, key: string) =>
  t.database.db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, b.id), eq(idempotencyKeys.key, key)));

describe('Idempotency-Key on POST /api/orders', () => {
  it('replays the first answer (same status and body) and makes one order', async () => {
    await fillCart(buyer);
    const before = await ordersOf(buyer);
    const key = newKey('order');
    const first = await createOrder(buyer, key);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await createOrder(buyer, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await ordersOf(buyer)).toBe(before + 1);
    const [row] = await keyRows(buyer, key);
    expect(row).toMatchObject({ scope: 'orders', state: 'done', responseStatus: 201, lockedUntil: null });
    expect(row!.requestHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('five parallel POSTs with one key: one order, all the same answer', async () => {
    await fillCart(buyer);
    const before = await ordersOf(buyer);
    const key = newKey('parallel');
    const answers = await Promise.all(Array.from({ length: 5 }, () => createOrder(buyer, key)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const bodies = answers.map((a) => a.json<Order>());
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(4);
    expect(await ordersOf(buyer)).toBe(before + 1);
    expect(await cartCount(t, buyer)).toBe(0);
  });

  it('the same key with another request is 422', async () => {
    await fillCart(buyer);
    const key = newKey('other-body');
    expect((await createOrder(buyer, key)).statusCode).toBe(201);
    const res = await createOrder(buyer, key, { paymentMethod: 'KHIPU' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ status: 422, message: MSG_REUSED });
    // whatever the cart holds: the key is bound to the first request
    await fillCart(buyer);
    expect((await createOrder(buyer, key, { paymentMethod: 'KHIPU' })).statusCode).toBe(422);
    expect(await cartCount(t, buyer)).toBe(2);
  });

  it('a malformed key is 400 and nothing is made', async () => {
    await fillCart(buyer);
    const before = await ordersOf(buyer);
    for (const key of ['', 'con espacio', 'barra/no', 'x'.repeat(201), 'ñandú']) {
      const res = await call(t.app, { method: 'POST', url: '/api/orders', token: buyer.token, payload: summary(buyer), headers: { 'idempotency-key': Buffer.from(key, 'utf8').toString('latin1') } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 400, message: MSG_INVALID });
    }
    expect(await ordersOf(buyer)).toBe(before);
    expect(await cartCount(t, buyer)).toBe(2);
    // 200 characters of the allowed set are fine
    expect((await createOrder(buyer, `${'a'.repeat(190)}.:_-${String(keySeq).padStart(6, '0')}`)).statusCode).toBe(201);
  });

  it("another buyer's use of the same key is independent", async () => {
    await fillCart(buyer);
    await fillCart(other);
    const key = newKey('shared');
    const mine = await createOrder(buyer, key);
    const theirs = await createOrder(other, key);
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json<Order>().id).not.toBe(mine.json<Order>().id);
    expect(theirs.json<Order>().userId).toBe(other.id);
  });

  it('a 4xx user error is kept for the key; a 5xx frees it so a retry runs again', async () => {
    await call(t.app, { method: 'DELETE', url: `/api/user/cart/clear-cart/${buyer.id}`, token: buyer.token });
    const key = newKey('empty');
    const empty = await createOrder(buyer, key);
    expect(empty.statusCode).toBe(409);
    await fillCart(buyer);
    const replayed = await createOrder(buyer, key);
    expect(replayed.statusCode).toBe(409);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json()).toEqual({ status: 409, message: MSG_EMPTY });

    const before = await ordersOf(buyer);
    const failing = newKey('boom');
    jest.spyOn(OrderRepo.prototype, 'insert').mockRejectedValueOnce(new Error('la base de datos se cayó'));
    const broken = await createOrder(buyer, failing);
    expect(broken.statusCode).toBe(500);
    // the answer says there is no order (the cause stays in the log)
    expect(broken.json()).toEqual({ status: 500, message: MSG_NOT_CREATED, order: { created: false } });
    expect(await keyRows(buyer, failing)).toEqual([]);
    // the cart was taken in the order's transaction: rolled back with it
    expect(await cartLines(buyer)).toEqual({ 'POL-1001-M': 2, 'POL-1003-M': 1 });
    expect(await ordersOf(buyer)).toBe(before);
    const retried = await createOrder(buyer, failing);
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await ordersOf(buyer)).toBe(before + 1);
  });

  it('the ERP down at creation: 503 says no order was made and nothing charged; the same key, once the ERP is back, makes exactly one', async () => {
    await fillCart(buyer);
    const before = await ordersOf(buyer);
    const key = newKey('erp-down');
    t.b1.setFaults({ refuse: true });
    try {
      const down = await createOrder(buyer, key);
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 503, message: MSG_NOT_CREATED_ERP, code: 'ERP_UNAVAILABLE', order: { created: false } });
      expect(await keyRows(buyer, key)).toEqual([]);
    } finally {
      t.b1.setFaults({ refuse: false });
    }
    expect(await ordersOf(buyer)).toBe(before);
    expect(await cartLines(buyer)).toEqual({ 'POL-1001-M': 2, 'POL-1003-M': 1 });
    const retried = await createOrder(buyer, key);
    expect(retried.statusCode).toBe(201);
    const again = await createOrder(buyer, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(retried.json());
    expect(await ordersOf(buyer)).toBe(before + 1);
  });

  it("the key's answer is written in the order's transaction: if it cannot be, there is no order", async () => {
    await fillCart(buyer);
    const before = await ordersOf(buyer);
    const key = newKey('lost');
    const insert = OrderRepo.prototype.insert;
    jest.spyOn(OrderRepo.prototype, 'insert').mockImplementationOnce(async function (this: OrderRepo, tx, order, lines) {
      // as if a repeat had taken the key over: the answer can no longer be recorded for this request
      await tx.delete(idempotencyKeys).where(and(eq(idempotencyKeys.userId, buyer.id), eq(idempotencyKeys.key, key)));
      return insert.call(this, tx, order, lines);
    });
    const res = await createOrder(buyer, key);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG_RUNNING);
    expect(await ordersOf(buyer)).toBe(before);
    expect(await cartLines(buyer)).toEqual({ 'POL-1001-M': 2, 'POL-1003-M': 1 });
  });

  it('a repeat arriving while the first is running waits for its answer', async () => {
    const store = new IdempotencyStore(t.database.db);
    const key = newKey('waiting');
    const body = { orderType: 'ONLINE', tipoEntrega: 'retiro' };
    const hash = requestHash('POST', '/api/orders', body);
    const start = await store.begin(buyer.id, 'orders', key, hash);
    expect(start.kind).toBe('first');
    const repeat = store.begin(buyer.id, 'orders', key, hash);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const claim = start.kind === 'first' ? start.claim : { id: 0 };
    expect(await store.complete(claim, { status: 201, body: { id: 7 } })).toBe(true);
    expect(await repeat).toEqual({ kind: 'replay', answer: { status: 201, body: { id: 7 } } });
  });
});

describe('the order consumes the cart', () => {
  it('a second POST without a key finds the cart empty: 409', async () => {
    await fillCart(buyer);
    expect((await createOrder(buyer)).statusCode).toBe(201);
    expect(await cartCount(t, buyer)).toBe(0);
    const second = await createOrder(buyer);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ status: 409, message: MSG_EMPTY });
  });

  it('three concurrent POSTs without a key make exactly one order', async () => {
    await fillCart(buyer);
    const before = await ordersOf(buyer);
    const answers = await Promise.all([createOrder(buyer), createOrder(buyer), createOrder(buyer)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    for (const refused of answers.filter((a) => a.statusCode === 409)) expect([MSG_EMPTY, MSG_CHANGED]).toContain(refused.json().message);
    expect(await ordersOf(buyer)).toBe(before + 1);
    expect(await cartCount(t, buyer)).toBe(0);
  });

  it('takes exactly the priced lines: a line added meanwhile stays; a line changed meanwhile is 409 and nothing is taken', async () => {
    await fillCart(buyer);
    const priced = CartService.prototype.priced;
    jest.spyOn(CartService.prototype, 'priced').mockImplementationOnce(async function (this: CartService, user, profile) {
      const answer = await priced.call(this, user, profile);
      await t.database.db.insert(cartItems).values({ userId: buyer.id, companyRut: '76.123.456-0', sku: 'POL-1001-S', quantity: 4 }); // another tab adds a size
      return answer;
    });
    const made = await createOrder(buyer);
    expect(made.statusCode).toBe(201);
    expect(made.json<Order>().orderProducts.map((l) => [l.sku, l.quantity])).toEqual([
      ['POL-1001-M', 2],
      ['POL-1003-M', 1],
    ]);
    expect(await cartLines(buyer)).toEqual({ 'POL-1001-S': 4 });

    await fillCart(buyer);
    const before = await ordersOf(buyer);
    jest.spyOn(CartService.prototype, 'priced').mockImplementationOnce(async function (this: CartService, user, profile) {
      const answer = await priced.call(this, user, profile);
      await t.database.db.update(cartItems).set({ quantity: 5 }).where(and(eq(cartItems.userId, buyer.id), eq(cartItems.sku, 'POL-1003-M')));
      return answer;
    });
    const changed = await createOrder(buyer);
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toEqual({ status: 409, message: MSG_CHANGED });
    expect(await ordersOf(buyer)).toBe(before);
    expect(await cartLines(buyer)).toEqual({ 'POL-1001-M': 2, 'POL-1003-M': 5 });
  });
});

describe('Idempotency-Key on the payment creates', () => {
  it('WebPay for an order: the same key replays the same token', async () => {
    const order = await orderOf(t, buyer, 'WEBPAY');
    const key = newKey('tbk');
    const first = await keyed(buyer, '/api/user/tbk/create', { buy_order: order.purchaseOrderNumber, session_id: 'OW654321' }, key);
    expect(first.statusCode).toBe(200);
    const again = await keyed(buyer, '/api/user/tbk/create', { buy_order: order.purchaseOrderNumber, session_id: 'OW654321' }, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect([...t.webpay.transactions.values()].filter((tx) => tx.buyOrder === order.purchaseOrderNumber)).toHaveLength(1);
    // another body with the same key is refused
    expect((await keyed(buyer, '/api/user/tbk/create', { buy_order: order.purchaseOrderNumber }, key)).statusCode).toBe(422);
  });

  it('Khipu for an order: the same key replays the same charge, also to parallel repeats', async () => {
    const order = await orderOf(t, buyer, 'KHIPU');
    const key = newKey('khipu');
    const answers = await Promise.all(Array.from({ length: 3 }, () => keyed(buyer, '/api/user/khipu/payments', { orderReference: order.purchaseOrderNumber }, key)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const bodies = answers.map((a) => a.json<KhipuCreateResponse>());
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(2);
    expect([...t.khipu.payments.values()].filter((p) => p.transaction_id === bodies[0]!.transaction_id)).toHaveLength(1);
  });

  it('pending invoices by card: the same key replays the payment instead of refusing the invoice as in progress', async () => {
    const key = newKey('invoices');
    const first = await keyed(buyer, '/api/user/tbk/create', { invoices: [13] }, key);
    expect(first.statusCode).toBe(200);
    const created = first.json<WebpayCreateResponse>();
    const again = await keyed(buyer, '/api/user/tbk/create', { invoices: [13] }, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(created);
    // without the key the second create is a new request: the invoice already has a payment in progress
    const fresh = await keyed(buyer, '/api/user/tbk/create', { invoices: [13] });
    expect(fresh.statusCode).toBe(409);
    expect((await storedPayment(t, { providerId: created.token })).purpose).toBe('INVOICES');
  });

  it('a provider down at create (5xx) says the order exists, unpaid, and frees the key: the retry pays that same order', async () => {
    const order = await orderOf(t, buyer, 'WEBPAY');
    const key = newKey('down');
    t.webpay.setFaults({ refuse: true });
    try {
      const res = await keyed(buyer, '/api/user/tbk/create', { buy_order: order.purchaseOrderNumber }, key);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 503,
        message: unpaidOrder(order.purchaseOrderNumber, 'WebPay Plus'),
        order: { created: true, purchaseOrderNumber: order.purchaseOrderNumber, orderState: 'PROCESS', paymentStarted: false },
      });
      expect(await keyRows(buyer, key)).toEqual([]);
    } finally {
      t.webpay.setFaults({ refuse: false });
    }
    const retried = await keyed(buyer, '/api/user/tbk/create', { buy_order: order.purchaseOrderNumber }, key);
    expect(retried.statusCode).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(retried.json<WebpayCreateResponse>()).toMatchObject({ token: expect.stringMatching(/^[0-9a-f]{64}$/), buy_order: order.purchaseOrderNumber });
  });

  it('a malformed key is 400 on the payment creates too', async () => {
    const res = await keyed(buyer, '/api/user/khipu/payments', { invoices: [19] }, 'no valida');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 400, message: MSG_INVALID });
  });
});

describe("an order's lines go back to the cart when its card or transfer payment ends without money", () => {
  async function comeBack(ret: ReturnType<TestApp['webpay']['pay']>) {
    expect((await t.webpay.followReturn(ret)).status).toBe(303);
  }

  it('card REJECTED: added to what the buyer put in the cart since', async () => {
    const order = await orderOf(t, buyer, 'WEBPAY');
    expect(await cartCount(t, buyer)).toBe(0);
    expect((await post(t, '/api/user/cart', buyer.token, { sku: 'POL-1001-M', quantity: 1 })).statusCode).toBe(201);
    const created = (await keyed(buyer, '/api/user/tbk/create', { buy_order: order.purchaseOrderNumber })).json<WebpayCreateResponse>();
    await comeBack(t.webpay.pay(created.token, 'mastercard'));
    expect(await storedOrder(t, order.id)).toMatchObject({ orderState: 'CANCELED' });
    expect(await cartLines(buyer)).toEqual({ 'POL-1001-M': 3, 'POL-1003-M': 1 });
    // the outcome is applied once: a later confirm puts nothing back again
    await call(t.app, { method: 'PUT', url: `/api/user/tbk/confirm/${created.token}`, token: buyer.token });
    expect(await cartLines(buyer)).toEqual({ 'POL-1001-M': 3, 'POL-1003-M': 1 });
  });

  it('card ABORTED ("Anular compra")', async () => {
    const order = await orderOf(t, buyer, 'WEBPAY');
    const created = (await keyed(buyer, '/api/user/tbk/create', { buy_order: order.purchaseOrderNumber })).json<WebpayCreateResponse>();
    await comeBack(t.webpay.pay(created.token, 'abort', { method: 'GET' }));
    expect(await storedOrder(t, order.id)).toMatchObject({ orderState: 'CANCELED' });
    expect(await cartLines(buyer)).toEqual({ 'POL-1001-M': 2, 'POL-1003-M': 1 });
  });

  it('transfer EXPIRED by the reconciler', async () => {
    const order = await orderOf(t, buyer, 'KHIPU');
    const created = (await keyed(buyer, '/api/user/khipu/payments', { orderReference: order.purchaseOrderNumber })).json<KhipuCreateResponse>();
    expect(await cartCount(t, buyer)).toBe(0);
    await age(t, (await storedPayment(t, { providerId: created.payment_id })).id, 60 * 5);
    await t.app.reconciler!.runOnce();
    expect(await storedPayment(t, { providerId: created.payment_id })).toMatchObject({ state: 'EXPIRED' });
    expect(await storedOrder(t, order.id)).toMatchObject({ orderState: 'CANCELED' });
    expect(await cartLines(buyer)).toEqual({ 'POL-1001-M': 2, 'POL-1003-M': 1 });
  });

  it('card PAID: the cart is not touched (what the buyer added since stays)', async () => {
    const order = await orderOf(t, buyer, 'WEBPAY');
    expect((await post(t, '/api/user/cart', buyer.token, { sku: 'POL-1001-S', quantity: 1 })).statusCode).toBe(201);
    const created = (await keyed(buyer, '/api/user/tbk/create', { buy_order: order.purchaseOrderNumber })).json<WebpayCreateResponse>();
    await comeBack(t.webpay.pay(created.token, 'visa'));
    expect(await storedOrder(t, order.id)).toMatchObject({ orderState: 'CONFIRMED' });
    expect(await cartLines(buyer)).toEqual({ 'POL-1001-S': 1 });
  });
});

describe('the key store', () => {
  it('a repeat waits only so long for a running first request: 409', async () => {
    const store = new IdempotencyStore(t.database.db, { waitMs: 200, pollMs: 20 });
    const key = newKey('slow');
    expect((await store.begin(buyer.id, 'webpay', key, 'h')).kind).toBe('first');
    const began = Date.now();
    await expect(store.begin(buyer.id, 'webpay', key, 'h')).rejects.toMatchObject({ status: 409, message: MSG_RUNNING });
    expect(Date.now() - began).toBeGreaterThanOrEqual(180);
    await expect(store.begin(buyer.id, 'webpay', key, 'other')).rejects.toMatchObject({ status: 422, message: MSG_REUSED });
  });

  it('a running key whose lease ran out (its process died) is taken over; the old claim can no longer answer', async () => {
    const store = new IdempotencyStore(t.database.db, { waitMs: 500 });
    const key = newKey('dead');
    const first = await store.begin(buyer.id, 'khipu', key, 'h');
    if (first.kind !== 'first') throw new Error('expected a first run');
    await t.database.db.update(idempotencyKeys).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(idempotencyKeys.id, first.claim.id));
    const second = await store.begin(buyer.id, 'khipu', key, 'h');
    if (second.kind !== 'first') throw new Error('expected a take-over');
    expect(second.claim.id).not.toBe(first.claim.id);
    expect(await store.complete(first.claim, { status: 200, body: { old: true } })).toBe(false);
    expect(await store.complete(second.claim, { status: 200, body: { new: true } })).toBe(true);
    expect(await store.begin(buyer.id, 'khipu', key, 'h')).toEqual({ kind: 'replay', answer: { status: 200, body: { new: true } } });
    // a running key with no lease at all is free too
    const orphan = newKey('orphan');
    await t.database.db.insert(idempotencyKeys).values({ userId: buyer.id, scope: 'khipu', key: orphan, requestHash: 'h', lockedUntil: null });
    expect((await store.begin(buyer.id, 'khipu', orphan, 'h')).kind).toBe('first');
  });

  it('a request that runs longer than the lease keeps its key by renewing it; once it stops renewing, a repeat takes it over', async () => {
    const store = new IdempotencyStore(t.database.db, { leaseMs: 300, waitMs: 100, pollMs: 20 });
    const key = newKey('long');
    const first = await store.begin(buyer.id, 'orders', key, 'h');
    if (first.kind !== 'first') throw new Error('expected a first run');
    const stop = store.hold(first.claim);
    try {
      // three leases later the first request still holds its key: a repeat waits, then hears it is still running
      await new Promise((resolve) => setTimeout(resolve, 900));
      await expect(store.begin(buyer.id, 'orders', key, 'h')).rejects.toMatchObject({ status: 409, message: MSG_RUNNING });
    } finally {
      stop();
    }
    // its process died (no more renewals): after the lease a repeat runs, and the dead claim cannot answer any more
    await new Promise((resolve) => setTimeout(resolve, 400));
    const second = await store.begin(buyer.id, 'orders', key, 'h');
    expect(second.kind).toBe('first');
    expect(await store.complete(first.claim, { status: 201, body: { old: true } })).toBe(false);
  });

  it('keys older than 24 h are deleted; an old key runs afresh', async () => {
    const store = new IdempotencyStore(t.database.db);
    const key = newKey('old');
    const first = await store.begin(buyer.id, 'orders', key, 'h');
    if (first.kind !== 'first') throw new Error('expected a first run');
    await store.complete(first.claim, { status: 201, body: { id: 1 } });
    await t.database.db.update(idempotencyKeys).set({ createdAt: sql`now() - interval '25 hours'` }).where(eq(idempotencyKeys.id, first.claim.id));
    expect((await store.begin(buyer.id, 'orders', key, 'another request')).kind).toBe('first');

    const stale = newKey('stale');
    await t.database.db.insert(idempotencyKeys).values({ userId: buyer.id, scope: 'orders', key: stale, requestHash: 'h', createdAt: sql`now() - interval '25 hours'` });
    expect(await store.purgeExpired()).toBeGreaterThanOrEqual(1);
    expect(await keyRows(buyer, stale)).toEqual([]);
  });
});
