// A sales rep's cart for a customer (docs/sales-reps.md): one per rep and customer, apart from the carts of the
// customer's own people, so a rep and the company's buyer ordering at once make one order each, each from its own cart,
// and one cart never becomes two orders.
import { eq } from 'drizzle-orm';
import { orders } from '@server/db/schema';
import type { CartResponse } from '@shared/api/cart';
import type { CustomerProfile } from '@shared/api/erp';
import type { Order } from '@shared/api/orders';
import { call, createTestApp, login, type TestApp } from './helpers';
import { buyerOf, orderRequest, someTransport, type Buyer } from './order-fixtures';

const CAROLINA = '13.579.246-2';
let t: TestApp;
let transport: string;

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => t.close());

/** Carolina representing `cardCode`, as a Buyer of the order fixtures. */
async function repFor(cardCode: string): Promise<Buyer> {
  const session = await login(t.app, CAROLINA, 'Demo1234');
  const token = (await call(t.app, { method: 'POST', url: `/api/rep/represent/${cardCode}`, token: session.token, payload: {} })).json<{ token: string }>().token;
  const profile = (await call(t.app, { method: 'GET', url: `/api/user/b1/profile/${session.id}`, token })).json<CustomerProfile>();
  return { token, id: session.id, profile };
}

const cartOf = async (b: Buyer) => (await call(t.app, { method: 'GET', url: `/api/user/cart/find-by-userid/${b.id}`, token: b.token })).json<CartResponse>().items.map((i) => [i.sku, i.quantity]);
const add = (b: Buyer, sku: string, quantity: number) => call(t.app, { method: 'POST', url: '/api/user/cart', token: b.token, payload: { sku, quantity } });

describe("a rep's cart", () => {
  it("is the rep's for that customer: the company's own cart is untouched, and another customer's is another cart", async () => {
    const rep = await repFor('C76123456');
    const company = await buyerOf(t.app, '76.123.456-0');
    transport = await someTransport(t.app, company.token);
    expect((await add(rep, 'POL-1001-M', 2)).statusCode).toBe(201);
    expect((await add(company, 'POL-1001-L', 1)).statusCode).toBe(201);
    expect(await cartOf(rep)).toEqual([['POL-1001-M', 2]]);
    expect(await cartOf(company)).toEqual([['POL-1001-L', 1]]);
    const other = await repFor('C76234567');
    expect(await cartOf(other)).toEqual([]);
    // back with the first customer (a new representation): the cart is where the rep left it
    expect(await cartOf(await repFor('C76123456'))).toEqual([['POL-1001-M', 2]]);
  });

  it("the rep and the company's buyer ordering at once make one order each; a double submit of one cart makes one", async () => {
    const rep = await repFor('C76123456');
    const company = await buyerOf(t.app, '76.123.456-0');
    const before = await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.companyRut, '76.123.456-0'));
    const place = (b: Buyer) => call(t.app, { method: 'POST', url: '/api/orders', token: b.token, payload: orderRequest(b, transport) });
    // the rep presses twice (two tabs), the company's buyer once, all at the same time
    const answers = await Promise.all([place(rep), place(rep), place(company)]);
    const made = answers.filter((a) => a.statusCode === 201).map((a) => a.json<Order>());
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 409]);
    expect(new Set(made.map((o) => o.id)).size).toBe(2);
    const after = await t.database.db.select({ id: orders.id, userId: orders.userId }).from(orders).where(eq(orders.companyRut, '76.123.456-0'));
    const fresh = after.filter((o) => !before.some((b) => b.id === o.id));
    expect(fresh.map((o) => o.userId).sort()).toEqual([rep.id, company.id].sort());
    expect(await cartOf(rep)).toEqual([]);
    expect(await cartOf(company)).toEqual([]);
  });
});
