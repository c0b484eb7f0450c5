import type { CartResponse } from '@shared/api/cart';
import type { ReorderResponse } from '@shared/api/ordering';
import { eq } from 'drizzle-orm';
import { cartItems, orders, users } from '@server/db/schema';
import { call, createTestApp, login, type TestApp } from './helpers';
import { buyerOf, placeOrder, someTransport, type Buyer } from './order-fixtures';

// Reorder (docs/ordering.md): an earlier order's lines back in the cart through the bulk add, at today's prices and
// stock, with what changed on each line.

let t: TestApp;
let buyer: Buyer; // C76123456, Gold 6 %
let other: Buyer;
let blocked: { token: string; id: number };
let transport: string;

beforeAll(async () => {
  t = await createTestApp({}, { worker: { pollMs: 50, backoffMs: () => 100, autoStart: false } });
  buyer = await buyerOf(t.app, '76123456-0');
  other = await buyerOf(t.app, '79012345-K');
  blocked = await login(t.app, '78456789-3', 'Demo1234');
  transport = await someTransport(t.app, buyer.token);
}, 60_000);
afterAll(() => t.close());
afterEach(() => t.database.db.delete(cartItems));

const item = (code: string) => t.b1.data.Items.find((i) => i.ItemCode === code)!;
const setPrice = (code: string, price: number) => t.b1.updateItem(code, { ItemPrices: item(code).ItemPrices.map((p) => (p.PriceList === 1 ? { ...p, Price: price } : p)) });
const setStock = (code: string, inStock: number) =>
  t.b1.updateItem(code, { ItemWarehouseInfoCollection: item(code).ItemWarehouseInfoCollection.map((w) => ({ ...w, InStock: inStock, Committed: 0, Ordered: 0 })) });
const reorder = (token: string, id: number) => call(t.app, { method: 'POST', url: `/api/user/orders/${id}/reorder`, token });
const cartOf = async (b: Buyer) => (await call(t.app, { method: 'GET', url: `/api/user/cart/find-by-userid/${b.id}`, token: b.token })).json<CartResponse>();
const finalUnit = (price: number, loyalty: number) => Math.round((price * (100 - loyalty)) / 100);

describe('reordering a portal order', () => {
  it('puts the same lines in the cart at today’s prices and stock, saying what changed', async () => {
    const saved = { m: item('POL-1003-M').ItemPrices[0]!.Price, l: item('POL-1003-L').ItemPrices[0]!.Price };
    const order = await placeOrder(t.app, buyer, [
      { sku: 'POL-1003-M', quantity: 2 },
      { sku: 'POL-1003-L', quantity: 3 },
      { sku: 'POL-1001-S', quantity: 5 },
      { sku: 'POL-1001-L', quantity: 1 },
    ], transport);
    // between the order and the reorder: one price up, one down, stock short on one size, one size no longer sold
    setPrice('POL-1003-M', saved.m + 1000);
    setPrice('POL-1003-L', saved.l - 1000);
    const stock = item('POL-1001-S').ItemWarehouseInfoCollection.map((w) => ({ ...w }));
    setStock('POL-1001-S', 2);
    t.b1.updateItem('POL-1001-L', { Valid: 'tNO' });
    try {
      const res = await reorder(buyer.token, order.id);
      expect(res.statusCode).toBe(200);
      const body = res.json<ReorderResponse>();
      expect(body).toMatchObject({ reference: order.purchaseOrderNumber, added: 3, changed: 4, count: 3 });
      expect(body.message).toBe(`3 de 4 productos del pedido ${order.purchaseOrderNumber} agregados al carro; 4 con cambios`);
      const bySku = Object.fromEntries(body.lines.map((l) => [l.sku, l]));
      expect(bySku['POL-1003-M']).toMatchObject({
        ordered: 2, added: 2, changes: ['priceUp'], previousUnitPrice: finalUnit(saved.m, 6), unitPrice: finalUnit(saved.m + 1000, 6),
      });
      expect(bySku['POL-1003-M']!.message).toMatch(/^El precio subió de \$[\d.]+ a \$[\d.]+$/);
      expect(bySku['POL-1003-L']).toMatchObject({ added: 3, changes: ['priceDown'] });
      expect(bySku['POL-1001-S']).toMatchObject({ ordered: 5, added: 2, changes: ['short'], message: 'Stock insuficiente: se agregaron 2 de 5' });
      expect(bySku['POL-1001-L']).toMatchObject({ added: 0, changes: ['unavailable'], unitPrice: null, message: 'Ya no se vende: no se agregó' });
      // the cart holds them at today's price, the server's
      const cart = await cartOf(buyer);
      expect(cart.items.map((i) => [i.sku, i.quantity])).toEqual([
        ['POL-1003-M', 2],
        ['POL-1003-L', 3],
        ['POL-1001-S', 2],
      ]);
      expect(cart.items[0]!.priceFinalUnit).toBe(finalUnit(saved.m + 1000, 6));
    } finally {
      setPrice('POL-1003-M', saved.m);
      setPrice('POL-1003-L', saved.l);
      t.b1.updateItem('POL-1001-S', { ItemWarehouseInfoCollection: stock });
      t.b1.updateItem('POL-1001-L', { Valid: 'tYES' });
    }
  });

  it('with nothing changed says so, and adds to what the cart already holds', async () => {
    const order = await placeOrder(t.app, buyer, [{ sku: 'POL-1003-S', quantity: 1 }], transport);
    await call(t.app, { method: 'POST', url: '/api/user/cart', token: buyer.token, payload: { sku: 'POL-1003-S', quantity: 1 } });
    const body = (await reorder(buyer.token, order.id)).json<ReorderResponse>();
    expect(body).toMatchObject({ added: 1, changed: 0, message: `1 de 1 productos del pedido ${order.purchaseOrderNumber} agregados al carro` });
    expect(body.lines[0]).toMatchObject({ changes: [], message: '' });
    expect((await cartOf(buyer)).items[0]!.quantity).toBe(2);
  });

  it('reorders only the buyer’s own orders; a blocked buyer is refused and nothing is added', async () => {
    const order = await placeOrder(t.app, buyer, [{ sku: 'POL-1003-S', quantity: 1 }], transport);
    await t.database.db.delete(cartItems);
    expect((await reorder(other.token, order.id)).json()).toEqual({ status: 404, message: 'Pedido no encontrado' });
    expect((await reorder(buyer.token, 999_999)).statusCode).toBe(404);
    expect((await reorder(buyer.token, 0)).statusCode).toBe(400);
    // an order the buyer placed before being blocked: the block refuses the reorder, not the ownership
    const before = await placeOrder(t.app, buyer, [{ sku: 'POL-1003-S', quantity: 1 }], transport);
    const [blockedCompany] = await t.database.db.select({ rut: users.companyRut }).from(users).where(eq(users.id, blocked.id));
    await t.database.db.update(orders).set({ userId: blocked.id, companyRut: blockedCompany!.rut }).where(eq(orders.id, before.id));
    await t.database.db.delete(cartItems);
    const refused = await reorder(blocked.token, before.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/bloquead/i);
    expect(await t.database.db.select().from(cartItems)).toEqual([]);
  });
});

describe('reordering a sales order of the purchase history', () => {
  it('puts its lines in the cart and compares with the net unit price of then', async () => {
    const doc = t.b1.data.Orders.find((o) => o.CardCode === 'C76123456' && o.DocumentLines.length > 0)!;
    const res = await call(t.app, { method: 'POST', url: `/api/user/b1/purchase-history/${doc.DocEntry}/reorder`, token: buyer.token });
    expect(res.statusCode).toBe(200);
    const body = res.json<ReorderResponse>();
    expect(body.reference).toBe(String(doc.DocNum));
    const first = doc.DocumentLines[0]!;
    const line = body.lines.find((l) => l.sku === first.ItemCode)!;
    expect(line.previousUnitPrice).toBe(Math.round(first.LineTotal / first.Quantity));
    expect(line.ordered).toBeGreaterThanOrEqual(first.Quantity);
    expect(body.added).toBeGreaterThan(0);
  });

  it("another customer's document is not found", async () => {
    const doc = t.b1.data.Orders.find((o) => o.CardCode !== 'C76123456' && o.CardCode !== other.profile.idcliente)!;
    const res = await call(t.app, { method: 'POST', url: `/api/user/b1/purchase-history/${doc.DocEntry}/reorder`, token: buyer.token });
    expect(res.statusCode).toBe(404);
  });
});
