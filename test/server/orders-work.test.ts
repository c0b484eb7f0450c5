import { sql } from 'drizzle-orm';
import { NodePgSession } from 'drizzle-orm/node-postgres';
import { PgliteSession } from 'drizzle-orm/pglite';
import type { CartResponse } from '@shared/api/cart';
import type { CustomerProfile } from '@shared/api/erp';
import type { Order } from '@shared/api/orders';
import { ErpService } from '@server/erp/erp.service';
import type { ServiceLayerClient } from '@server/erp/serviceLayer';
import { call, createTestApp, type TestApp } from './helpers';
import { buyerOf, orderRequest, someTransport, type Buyer } from './order-fixtures';

// The work one purchase makes (docs/orders-performance.md#2-the-work-of-one-purchase): how many ERP requests and database statements
// each step of a credit-line purchase costs, on PGlite and on PostgreSQL, so a change that adds a read shows here; and
// the behaviour of the shortcuts that brought those numbers down.

let t: TestApp;
let buyer: Buyer;
let transport: string;

beforeAll(async () => {
  t = await createTestApp({}, { worker: { autoStart: false } }, undefined, { approvalCardCodes: [] });
  buyer = await buyerOf(t.app, '76123456-0');
  transport = await someTransport(t.app, buyer.token);
}, 60_000);
afterAll(() => t.close());

type Prepare = (...args: unknown[]) => unknown;

/** Counts, while `run` runs, the ERP requests (method and path), the database statements (begin and commit aside) and the transactions. */
async function workOf<T>(run: () => Promise<T>): Promise<{ result: T; erp: string[]; statements: string[]; transactions: number }> {
  const erp: string[] = [];
  const statements: string[] = [];
  let transactions = 0;
  const spies: jest.SpyInstance[] = [];
  for (const session of [PgliteSession, NodePgSession]) {
    const prepare = session.prototype.prepareQuery as unknown as Prepare;
    const transaction = session.prototype.transaction as unknown as Prepare;
    spies.push(
      jest.spyOn(session.prototype, 'prepareQuery').mockImplementation(function (this: unknown, ...args: unknown[]) {
        const text = (args[0] as { sql: string }).sql.replace(/\s+/g, ' ').trim();
        // node-postgres sends a transaction's begin and commit as statements of their own; PGlite inside transaction()
        if (!/^(begin|commit|rollback)$/i.test(text)) statements.push(text);
        return prepare.apply(this, args) as never;
      }),
      jest.spyOn(session.prototype, 'transaction').mockImplementation(function (this: unknown, ...args: unknown[]) {
        transactions += 1;
        return transaction.apply(this, args) as never;
      }),
    );
  }
  const stopObserving = t.erp.observe((exchange) => erp.push(`${exchange.method} ${exchange.operation}`));
  try {
    return { result: await run(), erp, statements, transactions };
  } finally {
    stopObserving();
    for (const spy of spies) spy.mockRestore();
  }
}

const post = (url: string, payload: object, headers: Record<string, string> = {}) => call(t.app, { method: 'POST', url, token: buyer.token, payload, headers });
const addToCart = (sku: string, quantity: number) => post('/api/user/cart', { sku, quantity });
let keys = 0;
const placeOrder = () => post('/api/orders', orderRequest(buyer, transport), { 'idempotency-key': `work-${++keys}` });

describe('the work of one credit-line purchase', () => {
  beforeAll(async () => {
    // a first keyed order sweeps old Idempotency-Keys (once a minute): not what the counts below are about
    expect((await addToCart('POL-1001-M', 1)).statusCode).toBe(201);
    expect((await placeOrder()).statusCode).toBe(201);
  });

  it('a cart addition: the profile and the size from the ERP, one read each, and two statements without a transaction', async () => {
    const work = await workOf(() => addToCart('POL-1001-M', 2));
    expect(work.result.statusCode).toBe(201);
    expect(work.erp.sort()).toEqual(['GET BusinessPartners', 'GET Items']);
    expect(work.statements).toHaveLength(2); // the style's portal content, the addition
    expect(work.transactions).toBe(0);
  });

  it('POST /api/orders: two ERP reads (profile by key, the items in one batch), five statements, one transaction', async () => {
    expect((await addToCart('POL-1003-M', 1)).statusCode).toBe(201);
    const work = await workOf(placeOrder);
    expect(work.result.statusCode).toBe(201);
    expect(work.erp.sort()).toEqual(['GET BusinessPartners', 'GET Items']);
    // the key's claim, the cart, the styles' content, the order taking the cart (one statement), the key's answer
    expect(work.statements).toHaveLength(5);
    expect(work.statements.filter((s) => /^(update|insert into|delete from) "?orders"?\b/i.test(s))).toEqual([]); // no second write of the order
    expect(work.transactions).toBe(1);
    const order = work.result.json<Order>();
    expect(order.orderProducts.map((l) => [l.sku, l.quantity])).toEqual([
      ['POL-1001-M', 2],
      ['POL-1003-M', 1],
    ]);
    expect(order.purchaseOrderNumber).toBe(`OC${String(order.id).padStart(6, '0')}`);
    expect((await call(t.app, { method: 'GET', url: `/api/user/cart/find-by-userid/${buyer.id}`, token: buyer.token })).json<CartResponse>().items).toEqual([]);
  });

  it('POST /api/user/b1/ov: looks the document up in Orders and Drafts, posts it once; ten statements, one transaction', async () => {
    expect((await addToCart('POL-1001-L', 1)).statusCode).toBe(201);
    const order = (await placeOrder()).json<Order>();
    const work = await workOf(() => post('/api/user/b1/ov', { orderReference: order.purchaseOrderNumber }));
    expect(work.result.statusCode).toBe(200);
    expect(work.result.json().order).toMatchObject({ id: order.id, orderState: 'CONFIRMED', erp: 'SENT' });
    expect(work.erp.sort()).toEqual(['GET Drafts', 'GET Orders', 'POST Orders']);
    expect(work.statements.length).toBeLessThanOrEqual(10);
    expect(work.transactions).toBe(1); // the confirmation and its mail job
  });

  it('GET /api/orders/:id: the order and its lines in one statement', async () => {
    expect((await addToCart('POL-1001-S', 1)).statusCode).toBe(201);
    const order = (await placeOrder()).json<Order>();
    const work = await workOf(() => call(t.app, { method: 'GET', url: `/api/orders/${order.id}`, token: buyer.token }));
    expect(work.result.json<Order>()).toEqual(order);
    expect(work.statements).toHaveLength(1);
    expect(work.erp).toEqual([]);
  });
});

describe('order numbers', () => {
  it('are OC + the id padded to six digits, and the whole id past 999 999 (never cut)', async () => {
    await t.database.db.execute(sql`select setval('orders_id_seq', 999998, true)`);
    const numbers: string[] = [];
    for (const sku of ['POL-1001-M', 'POL-1001-L']) {
      expect((await addToCart(sku, 1)).statusCode).toBe(201);
      const res = await placeOrder();
      expect(res.statusCode).toBe(201);
      numbers.push(res.json<Order>().purchaseOrderNumber);
    }
    expect(numbers).toEqual(['OC999999', 'OC1000000']);
  });
});

describe('cart additions within the stock', () => {
  it('concurrent additions of one size never pass its stock together: the ones that would are refused, nothing half-added', async () => {
    await call(t.app, { method: 'DELETE', url: `/api/user/cart/clear-cart/${buyer.id}`, token: buyer.token });
    // POL-1001-S: 120 in stock
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => addToCart('POL-1001-S', 40)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 201, 400, 400]);
    for (const refused of answers.filter((a) => a.statusCode === 400)) expect(refused.json().message).toMatch(/talla S: disponible 120$/);
    const cart = (await call(t.app, { method: 'GET', url: `/api/user/cart/find-by-userid/${buyer.id}`, token: buyer.token })).json<CartResponse>();
    expect(cart.items.map((i) => [i.sku, i.quantity])).toEqual([['POL-1001-S', 120]]);
  });
});

describe("the buyer's profile read by its CardCode", () => {
  it('follows the ERP when the partner that had the rut no longer has it, or is gone', async () => {
    const partners = t.b1.data.BusinessPartners;
    const own = partners.find((bp) => bp.CardCode === 'C76123456')!;
    const rut = own.FederalTaxID;
    const profileOf = async () => (await call(t.app, { method: 'GET', url: `/api/user/b1/profile/${buyer.id}`, token: buyer.token })).json<CustomerProfile>();
    expect((await profileOf()).idcliente).toBe('C76123456');
    // the ERP moves the rut to a new partner: the key read finds another rut, and the rut search finds the new one
    partners.push({ ...structuredClone(own), CardCode: 'C76123456N' });
    own.FederalTaxID = '99999999-9';
    try {
      expect((await profileOf()).idcliente).toBe('C76123456N');
    } finally {
      own.FederalTaxID = rut;
      partners.splice(partners.findIndex((bp) => bp.CardCode === 'C76123456N'), 1);
    }
    // and back: the partner read by its key is gone (404), the rut search finds the original again
    expect((await profileOf()).idcliente).toBe('C76123456');
  });
});

describe('looking an order up in the ERP (Orders and Drafts at once)', () => {
  type Get = (path: string) => Promise<unknown>;
  const erpWith = (get: Get) => {
    const asked: string[] = [];
    const sl = { get: (path: string) => (asked.push(path), get(path)) } as unknown as ServiceLayerClient;
    return { erp: new ErpService(sl), asked };
  };
  const down = () => Promise.reject(new Error('ERP caído'));

  it('an order found is the answer even if Drafts could not be asked', async () => {
    const { erp, asked } = erpWith((path) => (path === 'Orders' ? Promise.resolve({ value: [{ DocEntry: 7, DocNum: 70 }] }) : down()));
    expect(await erp.findSalesDocument('C1', 'OC000001')).toEqual({ kind: 'order', docEntry: 7, docNum: 70 });
    expect(asked.sort()).toEqual(['Drafts', 'Orders']);
  });

  it('a failed look-up is never "not there": Orders failing throws, and so does Drafts failing when there is no order', async () => {
    await expect(erpWith((path) => (path === 'Orders' ? down() : Promise.resolve({ value: [] }))).erp.findSalesDocument('C1', 'OC1')).rejects.toThrow('ERP caído');
    await expect(erpWith((path) => (path === 'Orders' ? Promise.resolve({ value: [] }) : down())).erp.findSalesDocument('C1', 'OC1')).rejects.toThrow('ERP caído');
  });

  it('nothing in either: null, with no third request; a draft: its approval request is read', async () => {
    const none = erpWith(() => Promise.resolve({ value: [] }));
    expect(await none.erp.findSalesDocument('C1', 'OC1')).toBeNull();
    expect(none.asked).toHaveLength(2);
    const draft = erpWith((path) =>
      Promise.resolve({ value: path === 'Drafts' ? [{ DocEntry: 5 }] : path === 'ApprovalRequests' ? [{ Code: 1, Status: 'arsPending' }] : [] }),
    );
    expect(await draft.erp.findSalesDocument('C1', 'OC1')).toEqual({ kind: 'draft', draftEntry: 5, approval: 'pending' });
    expect(draft.asked.sort()).toEqual(['ApprovalRequests', 'Drafts', 'Orders']);
  });
});
