// An order a sales rep writes while representing a customer knows who wrote it (docs/sales-reps.md, "Orders written by
// a rep"): the row, the ERP sales order (SalesPersonCode), the customer's Mis pedidos, the admin's Pedidos, the mails
// and Auditoría; and 'Mis pedidos del vendedor' (GET /api/rep/orders) shows a rep their orders and their customers'.
import { asc, eq } from 'drizzle-orm';
import type { AdminOrderDetail, AdminOrderList } from '@shared/api/adminOrders';
import type { AuditList } from '@shared/api/adminAudit';
import type { Order } from '@shared/api/orders';
import type { RepresentResponse } from '@shared/api/reps';
import type { RepOrderDetail, RepOrderList } from '@shared/api/repOrders';
import type { BuyerOrderDetail, BuyerOrderList } from '@shared/api/userOrders';
import type { CustomerProfile } from '@shared/api/erp';
import { auditActorText } from '@shared/schemas/adminAudit';
import { orderLines, orders } from '@server/db/schema';
import { buildOrderConfirmedMail } from '@server/mail/buyerMail';
import { buildOrderMail } from '@server/mail/orderMail';
import { ServiceLayerClient } from '@server/erp/serviceLayer';
import { SERVER_MSG } from '@server/messages';
import { call, createTestApp, login, type TestApp } from './helpers';
import { buyerOf, deliverErpOrderThrice, placeOrder, someTransport, type Buyer } from './order-fixtures';

const CAROLINA = '13.579.246-2'; // sales employee 1, clientes asignados (C76123456, C76234567, …)
const MARTIN = '14.680.357-1'; // sales employee 2, todos los clientes (C79012345 is his)
const CAROLINA_NAME = 'Carolina Ibáñez Rojas';

let t: TestApp;
let admin: string;
let transport: string;
let andes: Buyer; // 76.123.456-0, the company's administrator
let camila: Buyer; // 18.901.234-9, Comprador of 76.123.456-0
let carolinaAtAndes: Buyer; // Carolina representing C76123456
let martinAtSur: Buyer; // Martín representing C79012345 (Grandes Tiendas del Sur: his customer, not Carolina's)
let repOrder: Order; // written by Carolina for C76123456
let ownOrder: Order; // placed by Camila herself (C76123456: Carolina's customer)
let otherOrder: Order; // written by Martín for C79012345

/** A rep logged in and representing `cardCode`, as a Buyer of the order fixtures (the representation's token). */
async function repAt(rut: string, cardCode: string): Promise<Buyer> {
  const session = await login(t.app, rut, 'Demo1234');
  const res = await call(t.app, { method: 'POST', url: `/api/rep/represent/${cardCode}`, token: session.token, payload: {} });
  expect(res.statusCode).toBe(200);
  const { token } = res.json<RepresentResponse>();
  const profile = (await call(t.app, { method: 'GET', url: `/api/user/b1/profile/${session.id}`, token })).json<CustomerProfile>();
  return { token, id: session.id, profile };
}

const stored = async (id: number) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const ov = (b: Buyer, order: Order) => call(t.app, { method: 'POST', url: '/api/user/b1/ov', token: b.token, payload: { orderReference: order.purchaseOrderNumber } });
const repGet = (token: string, url: string) => call(t.app, { method: 'GET', url, token });

beforeAll(async () => {
  t = await createTestApp({}, { worker: { pollMs: 50, backoffMs: () => 0, autoStart: false } });
  admin = (await login(t.app, '22222222-2', 'Admin1234')).token;
  andes = await buyerOf(t.app, '76123456-0');
  camila = await buyerOf(t.app, '18.901.234-9');
  transport = await someTransport(t.app, andes.token);
  carolinaAtAndes = await repAt(CAROLINA, 'C76123456');
  martinAtSur = await repAt(MARTIN, 'C79012345');
  repOrder = await placeOrder(t.app, carolinaAtAndes, [{ sku: 'POL-1003-M', quantity: 2 }], transport);
  ownOrder = await placeOrder(t.app, camila, [{ sku: 'POL-1003-M', quantity: 1 }], transport);
  otherOrder = await placeOrder(t.app, martinAtSur, [{ sku: 'POL-1003-M', quantity: 1 }], transport);
}, 90_000);
afterAll(async () => {
  postSpy.mockRestore();
  await t.close();
});

const postSpy = jest.spyOn(ServiceLayerClient.prototype, 'post');

describe('an order written by a rep', () => {
  it('records the rep on the row: the company and customer are the represented ones, no contact person', async () => {
    const row = await stored(repOrder.id);
    expect(row).toMatchObject({
      userId: carolinaAtAndes.id,
      repUserId: carolinaAtAndes.id,
      repName: CAROLINA_NAME,
      salesPersonCode: 1,
      companyRut: '76.123.456-0',
      cardCode: 'C76123456',
      contactCode: null,
      orderState: 'PROCESS',
    });
    // the company's own person's order names no rep
    expect(await stored(ownOrder.id)).toMatchObject({ repUserId: null, repName: '', salesPersonCode: null, contactCode: 2 });
  });

  it("reaches the ERP with the rep's SalesPersonCode and the company's CardCode; an order without a rep keeps the partner's", async () => {
    expect((await ov(carolinaAtAndes, repOrder)).json()).toMatchObject({ pending: false, order: { orderState: 'CONFIRMED', erp: 'SENT' } });
    expect(t.b1.data.Orders.filter((d) => d.NumAtCard === repOrder.purchaseOrderNumber)).toEqual([expect.objectContaining({ CardCode: 'C76123456', SalesPersonCode: 1 })]);

    // Martín writes for his own customer: his code 2; Camila's order takes C76123456's own sales employee (1, Carolina)
    expect((await ov(martinAtSur, otherOrder)).statusCode).toBe(200);
    expect(t.b1.data.Orders.find((d) => d.NumAtCard === otherOrder.purchaseOrderNumber)).toMatchObject({ CardCode: 'C79012345', SalesPersonCode: 2 });
    expect((await ov(camila, ownOrder)).statusCode).toBe(200);
    expect(t.b1.data.Orders.find((d) => d.NumAtCard === ownOrder.purchaseOrderNumber)).toMatchObject({ CardCode: 'C76123456', ContactPersonCode: 2, SalesPersonCode: 1 });
  });

  it("a rep's order held by the ERP's approval procedure is a Draft with the rep's SalesPersonCode", async () => {
    const martinAtAconcagua = await repAt(MARTIN, 'C76345678'); // the stand-in's approval procedure holds this customer's orders
    const order = await placeOrder(t.app, martinAtAconcagua, [{ sku: 'POL-1003-M', quantity: 1 }], transport);
    const res = await ov(martinAtAconcagua, order);
    expect(res.statusCode).toBe(202);
    expect(t.b1.data.Drafts.filter((d) => d.NumAtCard === order.purchaseOrderNumber)).toEqual([expect.objectContaining({ CardCode: 'C76345678', SalesPersonCode: 2 })]);
  });

  it('stays exactly once: the job delivered again, or after a lost answer, posts one document with the rep', async () => {
    const order = await placeOrder(t.app, carolinaAtAndes, [{ sku: 'POL-1003-M', quantity: 1 }], transport);
    await deliverErpOrderThrice({ db: t.database.db, erp: t.erp }, order);
    expect(postSpy.mock.calls.filter(([path, body]) => path === 'Orders' && (body as { NumAtCard?: string }).NumAtCard === order.purchaseOrderNumber)).toHaveLength(1);
    expect(t.b1.data.Orders.filter((d) => d.NumAtCard === order.purchaseOrderNumber)).toEqual([expect.objectContaining({ CardCode: 'C76123456', SalesPersonCode: 1 })]);
    expect(await stored(order.id)).toMatchObject({ orderState: 'CONFIRMED', erpStatus: 'SENT' });
  });

  it("is in the company's Mis pedidos like any other, 'Tomado por' the rep", async () => {
    const list = (await call(t.app, { method: 'GET', url: '/api/user/orders', token: andes.token })).json<BuyerOrderList>();
    expect(list.rows.find((r) => r.id === repOrder.id)).toMatchObject({ repName: CAROLINA_NAME });
    expect(list.rows.find((r) => r.id === ownOrder.id)).toMatchObject({ repName: '', personRut: '18.901.234-9' });
    const detail = (await call(t.app, { method: 'GET', url: `/api/user/orders/${repOrder.purchaseOrderNumber}`, token: camila.token })).json<BuyerOrderDetail>();
    expect(detail).toMatchObject({ id: repOrder.id, repName: CAROLINA_NAME, status: 'inErp' });
  });

  it("shows the rep in the admin's list (searchable, in the CSV) and detail", async () => {
    const list = (await call(t.app, { method: 'GET', url: '/api/admin/orders?q=ibáñez', token: admin })).json<AdminOrderList>();
    expect(list.rows.map((r) => r.id)).toContain(repOrder.id);
    expect(list.rows.every((r) => r.repName === CAROLINA_NAME)).toBe(true);
    expect(list.rows.find((r) => r.id === repOrder.id)).toMatchObject({ repName: CAROLINA_NAME, rut: '76.123.456-0', cardCode: 'C76123456' });
    const sorted = (await call(t.app, { method: 'GET', url: '/api/admin/orders?sort=repName&dir=desc', token: admin })).json<AdminOrderList>();
    const names = sorted.rows.map((r) => r.repName);
    expect(names.slice(0, names.lastIndexOf(CAROLINA_NAME) + 1)).toEqual([...names.filter((n) => n.startsWith('Martín')), ...names.filter((n) => n === CAROLINA_NAME)]);
    expect(names[0]).toBe('Martín Saavedra Pino');
    const detail = (await call(t.app, { method: 'GET', url: `/api/admin/orders/${repOrder.purchaseOrderNumber}`, token: admin })).json<AdminOrderDetail>();
    expect(detail.rep).toEqual({ userId: carolinaAtAndes.id, name: CAROLINA_NAME, salesPersonCode: 1 });
    expect((await call(t.app, { method: 'GET', url: `/api/admin/orders/${ownOrder.id}`, token: admin })).json<AdminOrderDetail>().rep).toBeNull();
    const csv = (await call(t.app, { method: 'GET', url: '/api/admin/orders?format=csv', token: admin })).body;
    expect(csv.split(/\r?\n/)[0]).toContain('Vendedor');
    expect(csv.split(/\r?\n/).find((line) => line.includes(repOrder.purchaseOrderNumber))).toContain(CAROLINA_NAME);
  });

  it("the buyer's confirmation and the wholesaler's notification say 'Tomado por' the rep", async () => {
    const order = await stored(repOrder.id);
    const lines = await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id));
    const company = { nombre: 'Comercial Los Andes SpA', rut: '76123456-0' };
    const person = { name: CAROLINA_NAME, rut: CAROLINA };
    const confirmation = buildOrderConfirmedMail({ brand: 'Textil Andino', order, lines, company, person });
    expect(confirmation.text).toContain(`Tomado por: ${CAROLINA_NAME}`);
    expect(confirmation.text).not.toContain('Realizado por');
    expect(confirmation.html).toContain('Tomado por');
    const notice = buildOrderMail({ kind: 'CHEQUE', brand: 'Textil Andino', order, lines, company, person });
    expect(notice.text).toContain(`Tomado por: ${CAROLINA_NAME}`);
    const own = await stored(ownOrder.id);
    expect(buildOrderConfirmedMail({ brand: 'Textil Andino', order: own, lines, company, person: { name: 'Camila Rojas Pizarro', rut: '18.901.234-9' } }).text).not.toContain('Tomado por');
  });

  it("Auditoría reads the rep's rows as '{rep} en nombre de {company}'", async () => {
    const audit = (await call(t.app, { method: 'GET', url: '/api/admin/audit?entity=representation&actor=13579246', token: admin })).json<AuditList>();
    expect(audit.rows.length).toBeGreaterThan(0);
    const placed = audit.rows.find((r) => r.details.route === 'POST /api/orders');
    expect(placed?.onBehalfOf).toEqual({ name: 'Comercial Los Andes SpA', rut: '76.123.456-0' });
    expect(auditActorText(placed!)).toBe(`${CAROLINA_NAME} (13.579.246-2) en nombre de Comercial Los Andes SpA (76.123.456-0)`);
    const csv = (await call(t.app, { method: 'GET', url: '/api/admin/audit?entity=representation&format=csv', token: admin })).body;
    expect(csv).toContain(`${CAROLINA_NAME} (13.579.246-2) en nombre de Comercial Los Andes SpA (76.123.456-0)`);
    expect(csv).toContain('Atención de cliente (vendedor)');
  });
});

describe('Mis pedidos del vendedor', () => {
  it("an assigned-customers rep sees her orders and her customers' orders, not another rep's customer's", async () => {
    const carolina = await login(t.app, CAROLINA, 'Demo1234');
    const list = (await repGet(carolina.token, '/api/rep/orders')).json<RepOrderList>();
    const ids = list.rows.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([repOrder.id, ownOrder.id]));
    expect(ids).not.toContain(otherOrder.id);
    expect(list.rows.find((r) => r.id === repOrder.id)).toMatchObject({ repName: CAROLINA_NAME, companyName: 'Comercial Los Andes SpA' });

    const detail = (await repGet(carolina.token, `/api/rep/orders/${repOrder.purchaseOrderNumber}`)).json<RepOrderDetail>();
    expect(detail).toMatchObject({ id: repOrder.id, orderState: 'CONFIRMED', rep: { name: CAROLINA_NAME, salesPersonCode: 1 } });
    expect(detail.timeline.map((e) => e.kind)).toEqual(expect.arrayContaining(['created', 'erpSent']));
    expect(detail).not.toHaveProperty('jobs');
    expect((await repGet(carolina.token, `/api/rep/orders/${ownOrder.id}`)).statusCode).toBe(200);
    // another rep's customer's order: refused (403), never shown; an order that does not exist: 404
    expect((await repGet(carolina.token, `/api/rep/orders/${otherOrder.id}`)).json()).toEqual({ status: 403, message: SERVER_MSG.repOutOfScope });
    expect((await repGet(carolina.token, `/api/rep/orders/${otherOrder.purchaseOrderNumber}`)).statusCode).toBe(403);
    expect((await repGet(carolina.token, '/api/rep/orders/99999999')).json()).toEqual({ status: 404, message: 'Pedido no encontrado' });
  });

  it('searches by number or customer, filters by state, pages and sorts', async () => {
    const carolina = await login(t.app, CAROLINA, 'Demo1234');
    const byNumber = (await repGet(carolina.token, `/api/rep/orders?q=${repOrder.purchaseOrderNumber}`)).json<RepOrderList>();
    expect(byNumber.rows.map((r) => r.id)).toEqual([repOrder.id]);
    const byCustomer = (await repGet(carolina.token, '/api/rep/orders?q=los%20andes')).json<RepOrderList>();
    expect(byCustomer.rows.map((r) => r.id)).toEqual(expect.arrayContaining([repOrder.id, ownOrder.id]));
    expect((await repGet(carolina.token, '/api/rep/orders?state=CANCELED')).json<RepOrderList>().rows).toEqual([]);
    const all = (await repGet(carolina.token, '/api/rep/orders')).json<RepOrderList>();
    const paged = (await repGet(carolina.token, '/api/rep/orders?pageSize=1&sort=createdAt&dir=asc')).json<RepOrderList>();
    expect(paged).toMatchObject({ page: 0, pageSize: 1, total: all.total });
    expect(paged.rows.map((r) => r.id)).toEqual([repOrder.id]);
    expect((await repGet(carolina.token, '/api/rep/orders?pageSize=500')).json()).toMatchObject({ status: 400, message: 'Tamaño de página inválido' });
    expect((await repGet(carolina.token, '/api/rep/orders?state=NADA')).json()).toMatchObject({ status: 400, message: 'Estado de pedido inválido' });
  });

  it('an all-customers rep sees every order; buyers and admins are refused', async () => {
    const martin = await login(t.app, MARTIN, 'Demo1234');
    const ids = (await repGet(martin.token, '/api/rep/orders')).json<RepOrderList>().rows.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([repOrder.id, ownOrder.id, otherOrder.id]));
    expect((await repGet(martin.token, `/api/rep/orders/${repOrder.id}`)).statusCode).toBe(200);
    expect((await repGet(andes.token, '/api/rep/orders')).statusCode).toBe(403);
    expect((await repGet(admin, '/api/rep/orders')).statusCode).toBe(403);
    expect((await repGet(admin, `/api/rep/orders/${repOrder.id}`)).statusCode).toBe(403);
    expect((await call(t.app, { method: 'GET', url: '/api/rep/orders' })).statusCode).toBe(401);
  });
});
