import { and, eq } from 'drizzle-orm';
import type { CartResponse } from '@shared/api/cart';
import { cartItems, idempotencyKeys } from '@server/db/schema';
import { IdempotencyStore } from '@server/http/idempotency.repo';
import type { B1Document } from '@mocks/b1/types';
import { call, createTestApp, type TestApp } from './helpers';
import { buyerOf, placeOrder, someTransport, type Buyer } from './order-fixtures';

// Idempotency-Key on the cart adds (docs/exactly-once.md): the bulk add (size grid, quick order) and both reorders.
// One user action adds its units once, whatever repeats it: a retry after a timeout, 'Reintentar', a second tab, a
// proxy. Two actions (two keys) add twice, as they should.

let t: TestApp;
let buyer: Buyer; // C76123456
let other: Buyer;

const MSG_INVALID = 'La clave Idempotency-Key no es válida: debe tener entre 1 y 200 caracteres, solo letras, números y . _ : -';
const MSG_REUSED = 'La clave Idempotency-Key ya se usó con otra solicitud: use una clave nueva';

/** What every action of these tests puts in the cart once: 2 + 3 units. */
const LINES = [
  { sku: 'POL-1001-M', quantity: 2 },
  { sku: 'POL-1003-M', quantity: 3 },
];
const ONCE = { 'POL-1001-M': 2, 'POL-1003-M': 3 };
const TWICE = { 'POL-1001-M': 4, 'POL-1003-M': 6 };
/** Another request of the same kind: 1 + 1 units. */
const OTHER_LINES = [
  { sku: 'POL-1001-M', quantity: 1 },
  { sku: 'POL-1003-M', quantity: 1 },
];

/** A sales order of `cardCode` in the ERP stand-in with `lines`; answers its DocEntry. */
function erpOrder(cardCode: string, lines: ReadonlyArray<{ sku: string; quantity: number }>): number {
  const model = t.b1.data.Orders.find((o) => o.DocumentLines.length > 0)!;
  const docEntry = Math.max(...t.b1.data.Orders.map((o) => o.DocEntry)) + 1;
  const doc: B1Document = {
    ...structuredClone(model),
    DocEntry: docEntry,
    DocNum: docEntry + 100_000,
    CardCode: cardCode,
    DocumentLines: lines.map((l, i) => ({ ...structuredClone(model.DocumentLines[0]!), LineNum: i, ItemCode: l.sku, Quantity: l.quantity, LineTotal: 1000 * l.quantity })),
  };
  t.b1.data.Orders.push(doc);
  return docEntry;
}

/** One of the three routes: how to send the action that adds LINES, and another request of the same route. */
interface Route {
  name: string;
  send(b: Buyer, key?: string, otherRequest?: boolean): ReturnType<typeof call>;
}

const post = (b: Buyer, url: string, key: string | undefined, payload?: object) =>
  call(t.app, { method: 'POST', url, token: b.token, ...(payload ? { payload } : {}), headers: key === undefined ? {} : { 'idempotency-key': key } });

/** The portal orders and ERP documents each buyer reorders: one with LINES, one with OTHER_LINES. */
const portalOrders = new Map<number, { lines: number; other: number }>();
const erpOrders = new Map<number, { lines: number; other: number }>();

const ROUTES: Route[] = [
  { name: 'POST /api/user/cart/bulk', send: (b, key, o) => post(b, '/api/user/cart/bulk', key, { items: o ? OTHER_LINES : LINES, clampToStock: true }) },
  { name: 'POST /api/user/orders/:id/reorder', send: (b, key, o) => post(b, `/api/user/orders/${portalOrders.get(b.id)![o ? 'other' : 'lines']}/reorder`, key) },
  {
    name: 'POST /api/user/b1/purchase-history/:docEntry/reorder',
    send: (b, key, o) => post(b, `/api/user/b1/purchase-history/${erpOrders.get(b.id)![o ? 'other' : 'lines']}/reorder`, key),
  },
];

beforeAll(async () => {
  t = await createTestApp({}, { worker: { pollMs: 50, backoffMs: () => 100, autoStart: false } });
  buyer = await buyerOf(t.app, '76123456-0');
  other = await buyerOf(t.app, '79012345-K');
  const transport = await someTransport(t.app, buyer.token);
  for (const b of [buyer, other]) {
    portalOrders.set(b.id, { lines: (await placeOrder(t.app, b, LINES, transport)).id, other: (await placeOrder(t.app, b, OTHER_LINES, transport)).id });
    erpOrders.set(b.id, { lines: erpOrder(b.profile.idcliente, LINES), other: erpOrder(b.profile.idcliente, OTHER_LINES) });
  }
}, 120_000);
afterAll(() => t.close());
afterEach(async () => {
  jest.restoreAllMocks();
  await t.database.db.delete(cartItems);
});

let keySeq = 0;
/** A key no other test uses. */
const newKey = (label = 'k') => `${label}-${Date.now()}-${(keySeq += 1)}`;

async function cartOf(b: Buyer): Promise<Record<string, number>> {
  const cart = (await call(t.app, { method: 'GET', url: `/api/user/cart/find-by-userid/${b.id}`, token: b.token })).json<CartResponse>();
  return Object.fromEntries(cart.items.map((i) => [i.sku, i.quantity]));
}

describe.each(ROUTES)('Idempotency-Key on $name', (route) => {
  it('once: the units once, the answer not marked as replayed, the key stored done with the answer', async () => {
    const key = newKey('once');
    const res = await route.send(buyer, key);
    expect(res.statusCode).toBe(200);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(await cartOf(buyer)).toEqual(ONCE);
    const [row] = await t.database.db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, buyer.id), eq(idempotencyKeys.key, key)));
    expect(row).toMatchObject({ scope: 'cart', state: 'done', responseStatus: 200, lockedUntil: null });
    expect(row!.responseBody).toEqual(res.json());
  });

  it('the same key twice: the units once, the first answer replayed with Idempotent-Replayed', async () => {
    const key = newKey('twice');
    const first = await route.send(buyer, key);
    const again = await route.send(buyer, key);
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await cartOf(buyer)).toEqual(ONCE);
  });

  it('the same key twice at once: the units once, the repeat waits for the first and gets its answer', async () => {
    const key = newKey('parallel');
    const answers = await Promise.all([route.send(buyer, key), route.send(buyer, key)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers[1]!.json()).toEqual(answers[0]!.json());
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(1);
    expect(await cartOf(buyer)).toEqual(ONCE);
  });

  it('two keys are two actions: the units twice', async () => {
    expect((await route.send(buyer, newKey('a'))).statusCode).toBe(200);
    expect((await route.send(buyer, newKey('b'))).statusCode).toBe(200);
    expect(await cartOf(buyer)).toEqual(TWICE);
  });

  it('the same key with another request is 422 and adds nothing more', async () => {
    const key = newKey('other-request');
    expect((await route.send(buyer, key)).statusCode).toBe(200);
    const res = await route.send(buyer, key, true);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ status: 422, message: MSG_REUSED });
    expect(await cartOf(buyer)).toEqual(ONCE);
  });

  it("another buyer's use of the same key is independent", async () => {
    const key = newKey('shared');
    expect((await route.send(buyer, key)).headers['idempotent-replayed']).toBeUndefined();
    const theirs = await route.send(other, key);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(await cartOf(buyer)).toEqual(ONCE);
    expect(await cartOf(other)).toEqual(ONCE);
  });

  it('a malformed key is 400 and adds nothing; without a key the add runs (each request is its own action)', async () => {
    for (const key of ['', 'con espacio', 'barra/no', 'x'.repeat(201)]) {
      const res = await route.send(buyer, key);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 400, message: MSG_INVALID });
    }
    expect(await cartOf(buyer)).toEqual({});
    expect((await route.send(buyer)).statusCode).toBe(200);
    expect(await cartOf(buyer)).toEqual(ONCE);
  });

  it("the key's answer commits with the cart: a failure storing it leaves the cart as it was and the key free", async () => {
    const key = newKey('atomic');
    jest.spyOn(IdempotencyStore.prototype, 'complete').mockRejectedValueOnce(new Error('la base de datos se cayó'));
    const failed = await route.send(buyer, key);
    expect(failed.statusCode).toBe(500);
    expect(await cartOf(buyer)).toEqual({});
    // the retry with the same key runs again (nothing was recorded) and adds once
    const retry = await route.send(buyer, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await cartOf(buyer)).toEqual(ONCE);
  });
});

describe('Idempotency-Key across the cart adds', () => {
  it('one key used on two of the routes is refused on the second (the key is bound to its first request)', async () => {
    const key = newKey('cross');
    expect((await ROUTES[0]!.send(buyer, key)).statusCode).toBe(200);
    const res = await ROUTES[1]!.send(buyer, key);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ status: 422, message: MSG_REUSED });
    expect(await cartOf(buyer)).toEqual(ONCE);
  });

  it('a refusal (4xx) is the answer of its key: the repeat gets the same refusal, replayed', async () => {
    const key = newKey('refused');
    const url = `/api/user/orders/${portalOrders.get(other.id)!.lines}/reorder`; // another buyer's order
    const first = await post(buyer, url, key);
    expect(first.statusCode).toBe(404);
    const again = await post(buyer, url, key);
    expect(again.statusCode).toBe(404);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await cartOf(buyer)).toEqual({});
  });
});
