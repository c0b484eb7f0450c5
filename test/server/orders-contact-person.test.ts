import { eq } from 'drizzle-orm';
import type { Order } from '@shared/api/orders';
import { orders } from '@server/db/schema';
import { ServiceLayerClient } from '@server/erp/serviceLayer';
import { call, createTestApp, type TestApp } from './helpers';
import { buyerOf, deliverErpOrderThrice, placeOrder, someTransport, type Buyer } from './order-fixtures';

// Who placed an order reaches the ERP: the sales order carries ContactPersonCode, the B1 contact person (InternalCode)
// of the person who ordered (docs/company-people.md).

let t: TestApp;
let company: Buyer; // 76.123.456-0, the company's own login: Rodrigo Fuentes, contact 1
let camila: Buyer; // 18.901.234-9, Comprador of 76.123.456-0: contact 2
let transport: string;

const postSpy = jest.spyOn(ServiceLayerClient.prototype, 'post');
const ordersPosted = (numAtCard: string) =>
  postSpy.mock.calls.filter(([path, body]) => path === 'Orders' && (body as { NumAtCard?: string }).NumAtCard === numAtCard).length;
const erpDocs = (numAtCard: string) => t.b1.data.Orders.filter((d) => d.NumAtCard === numAtCard);

beforeAll(async () => {
  t = await createTestApp({}, { worker: { pollMs: 50, backoffMs: () => 100, autoStart: false } });
  company = await buyerOf(t.app, '76123456-0');
  camila = await buyerOf(t.app, '18.901.234-9');
  transport = await someTransport(t.app, company.token);
}, 60_000);
afterAll(async () => {
  postSpy.mockRestore();
  await t.close();
});

/** One garment on the credit line: far below Camila's monthly limit, so no approval is involved. */
const smallOrder = (b: Buyer): Promise<Order> => placeOrder(t.app, b, [{ sku: 'POL-1003-M', quantity: 1 }], transport);
const ov = (b: Buyer, order: Order) => call(t.app, { method: 'POST', url: '/api/user/b1/ov', token: b.token, payload: { orderReference: order.purchaseOrderNumber } });

describe('the ERP sales order names who placed it', () => {
  it("a Comprador's order reaches B1 with her contact person (ContactPersonCode 2), for her company's business partner", async () => {
    const order = await smallOrder(camila);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ userId: camila.id, companyRut: '76.123.456-0', cardCode: 'C76123456', contactCode: 2 });
    const res = await ov(camila, order);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ pending: false, order: { orderState: 'CONFIRMED', erp: 'SENT' } });
    expect(erpDocs(order.purchaseOrderNumber)).toEqual([expect.objectContaining({ CardCode: 'C76123456', ContactPersonCode: 2 })]);
    expect(ordersPosted(order.purchaseOrderNumber)).toBe(1);
  });

  it("the company's own login orders as its Administrador, Rodrigo Fuentes (ContactPersonCode 1)", async () => {
    const order = await smallOrder(company);
    expect((await ov(company, order)).statusCode).toBe(200);
    expect(erpDocs(order.purchaseOrderNumber)).toEqual([expect.objectContaining({ CardCode: 'C76123456', ContactPersonCode: 1 })]);
  });

  it('stays exactly once: the job delivered again, or after a lost answer, posts one document with the contact person', async () => {
    const order = await smallOrder(camila);
    await deliverErpOrderThrice({ db: t.database.db, erp: t.erp }, order);
    expect(ordersPosted(order.purchaseOrderNumber)).toBe(1);
    expect(erpDocs(order.purchaseOrderNumber)).toEqual([expect.objectContaining({ ContactPersonCode: 2 })]);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ orderState: 'CONFIRMED', erpStatus: 'SENT' });
  });
});
