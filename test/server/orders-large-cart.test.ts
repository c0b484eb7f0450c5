import type { CartBulkResponse } from '@shared/api/cart';
import type { Order } from '@shared/api/orders';
import { buyerOf, orderRequest, someTransport, type Buyer } from './order-fixtures';
import { call, createTestApp, type TestApp } from './helpers';

// A wholesale order of many sizes (R-CART-1, R-CHK-1): the cart of 600 lines, the bulk add's own scale, becomes one
// order with every line, on PGlite as on PostgreSQL. The lines taken out of the cart travel as two arrays: a list of
// row values of that length was more than PGlite's stack holds (no row, then the database hung) past about 275 lines.

let t: TestApp;
let buyer: Buyer;
let transport: string;
let skus: string[];

const LINES = 600;

beforeAll(async () => {
  t = await createTestApp({}, { worker: { autoStart: false } }, undefined, { catalogueSize: 800 });
  for (const item of t.b1.data.Items) {
    t.b1.updateItem(item.ItemCode, { ItemWarehouseInfoCollection: item.ItemWarehouseInfoCollection.map((w) => ({ ...w, InStock: 500, Committed: 0, Ordered: 0 })) });
  }
  const partner = t.b1.data.BusinessPartners.find((p) => p.CardCode === 'C76123456')!;
  Object.assign(partner, { CreditLimit: 1e12, MaxCommitment: 1e12 });
  await t.app.catalog.refresh();
  buyer = await buyerOf(t.app, '76.123.456-0');
  transport = await someTransport(t.app, buyer.token);
  skus = t.b1.data.Items.filter((i) => i.ItemCode.startsWith('GEN-') || /-\w+$/.test(i.ItemCode))
    .map((i) => i.ItemCode)
    .slice(0, LINES + 50);
}, 120_000);
afterAll(() => t?.close());

it(`a cart of ${LINES} lines becomes one order with all of them, and the database answers on`, async () => {
  await call(t.app, { method: 'DELETE', url: `/api/user/cart/clear-cart/${buyer.id}`, token: buyer.token });
  const added = (
    await call(t.app, { method: 'POST', url: '/api/user/cart/bulk', token: buyer.token, payload: { items: skus.map((sku) => ({ sku, quantity: 2 })) } })
  ).json<CartBulkResponse>();
  expect(added.added).toBeGreaterThanOrEqual(LINES);
  const res = await call(t.app, { method: 'POST', url: '/api/orders', token: buyer.token, payload: orderRequest(buyer, transport) });
  expect(res.statusCode).toBe(201);
  const order = res.json<Order>();
  expect(order.orderProducts).toHaveLength(added.added);
  expect(order.orderProducts.every((l) => l.quantity === 2)).toBe(true);
  const cart = await call(t.app, { method: 'GET', url: `/api/user/cart/find-by-userid/${buyer.id}`, token: buyer.token });
  expect(cart.json<{ items: unknown[] }>().items).toEqual([]);
}, 120_000);
