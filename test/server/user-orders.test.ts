// 'Mis pedidos': GET /api/user/orders and /api/user/orders/:id give the buyer's own portal orders and each step as the
// buyer understands it, with its date, from evidence only: Recibido → Pagado → (Esperando aprobación) → En SAP N°
// {DocNum} → Facturado N° {folio} → Anulado. The purchase history shows the portal order number beside the ERP
// document that is that order.
import { eq } from 'drizzle-orm';
import type { PurchaseHistoryHeader } from '@shared/api/erp';
import type { Order } from '@shared/api/orders';
import type { BuyerOrderDetail, BuyerOrderList } from '@shared/api/userOrders';
import { orders, payments } from '@server/db/schema';
import { call, createTestApp, login, type TestApp } from './helpers';
import { buyerOf, placeOrder, someTransport, type Buyer } from './order-fixtures';

let t: TestApp;
let andes: Buyer; // C76123456, credit line
let aconcagua: Buyer; // C76345678, its orders go through the ERP's approval procedure
let pacifico: Buyer; // C76234567
let admin: string;
let transport: string;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mine = (b: Buyer, query = '') => call(t.app, { method: 'GET', url: `/api/user/orders${query}`, token: b.token });
const one = (b: Buyer, ref: string | number) => call(t.app, { method: 'GET', url: `/api/user/orders/${ref}`, token: b.token });
const ov = (b: Buyer, order: Order) => call(t.app, { method: 'POST', url: '/api/user/b1/ov', token: b.token, payload: { orderReference: order.purchaseOrderNumber } });
const steps = async (b: Buyer, order: Order) => (await one(b, order.purchaseOrderNumber)).json<BuyerOrderDetail>().steps.map((s) => [s.key, s.label, s.done]);
const stored = async (id: number) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

beforeAll(async () => {
  t = await createTestApp({}, { worker: { pollMs: 50, backoffMs: () => 0, autoStart: false } }, undefined, {}, { erp: { approvalPollMs: 100 } });
  andes = await buyerOf(t.app, '76123456-0');
  aconcagua = await buyerOf(t.app, '76345678-1');
  pacifico = await buyerOf(t.app, '76234567-6');
  admin = (await login(t.app, '22222222-2', 'Admin1234')).token;
  transport = await someTransport(t.app, andes.token);
}, 60_000);
afterAll(() => t.close());
afterEach(() => t.b1.setFaults({ refuse: false }));

it('buyers only: visitors 401, admins 403; another buyer\'s order is 404; a bad reference 400', async () => {
  const order = await placeOrder(t.app, andes, [{ sku: 'POL-1001-M', quantity: 1 }], transport);
  expect((await call(t.app, { method: 'GET', url: '/api/user/orders' })).statusCode).toBe(401);
  expect((await call(t.app, { method: 'GET', url: '/api/user/orders', token: admin })).statusCode).toBe(403);
  expect((await one(pacifico, order.id)).json()).toEqual({ status: 404, message: 'Pedido no encontrado' });
  expect((await one(pacifico, order.purchaseOrderNumber)).statusCode).toBe(404);
  expect((await one(andes, 'ZZ12')).json()).toMatchObject({ status: 400, message: 'Pedido inválido' });
  expect((await mine(andes, '?pageSize=500')).json()).toMatchObject({ status: 400, message: 'Tamaño de página inválido' });
  expect((await mine(pacifico)).json<BuyerOrderList>().rows.map((r) => r.id)).not.toContain(order.id);
});

it('a credit order goes Recibido → En SAP N° {DocNum} → Facturado N° {folio}, each with its date', async () => {
  const order = await placeOrder(t.app, andes, [{ sku: 'POL-1001-M', quantity: 2 }], transport);
  let detail = (await one(andes, order.purchaseOrderNumber)).json<BuyerOrderDetail>();
  expect(detail).toMatchObject({ id: order.id, number: order.purchaseOrderNumber, status: 'received', statusLabel: 'Recibido', erpDocNum: null, invoiceFolio: null, erpAvailable: true });
  expect(detail.steps).toEqual([
    { key: 'received', label: 'Recibido', done: true, at: order.dateCreated },
    { key: 'inErp', label: 'En SAP', done: false, at: null },
    { key: 'invoiced', label: 'Facturado', done: false, at: null },
  ]);
  expect(detail).toMatchObject({ lines: order.orderProducts, totals: order.totals, deliveryType: 'entrega' });

  expect((await ov(andes, order)).statusCode).toBe(200);
  const docNum = (await stored(order.id)).erpDocNum!;
  detail = (await one(andes, order.id)).json<BuyerOrderDetail>();
  expect(detail).toMatchObject({ status: 'inErp', statusLabel: `En SAP N° ${docNum}`, erpDocNum: docNum });
  const inErp = detail.steps.find((s) => s.key === 'inErp')!;
  expect(inErp).toMatchObject({ done: true, label: `En SAP N° ${docNum}` });
  expect(Date.parse(inErp.at!)).toBeGreaterThanOrEqual(Date.parse(order.dateCreated));
  expect(detail.statusAt).toBe(inErp.at);

  const invoice = t.b1.invoiceOrder(order.purchaseOrderNumber);
  t.app.operations.invoices.clear();
  detail = (await one(andes, order.id)).json<BuyerOrderDetail>();
  expect(detail).toMatchObject({ status: 'invoiced', statusLabel: `Facturado N° ${invoice.FolioNumber}`, statusAt: invoice.DocDate, invoiceFolio: String(invoice.FolioNumber) });
  expect(detail.steps.map((s) => s.key)).toEqual(['received', 'inErp', 'invoiced']);

  // the purchase history names the portal order beside its ERP document
  const history = (await call(t.app, { method: 'GET', url: '/api/user/b1/purchase-history/C76123456', token: andes.token })).json<PurchaseHistoryHeader[]>();
  expect(history.find((h) => h.numPedido === String(docNum))).toMatchObject({ ordenPortal: order.purchaseOrderNumber, dte: String(invoice.FolioNumber) });
  // documents entered in the ERP (the demo history) are no portal order
  expect(history.filter((h) => h.numPedido !== String(docNum)).every((h) => h.ordenPortal === '')).toBe(true);
});

it('a card order shows Pagado once the provider confirmed the money; a refused transfer shows Anulado with the refusal\'s date', async () => {
  const card = await placeOrder(t.app, pacifico, [{ sku: 'POL-1001-M', quantity: 1 }], transport, { paymentMethod: 'WEBPAY' });
  expect(await steps(pacifico, card)).toEqual([
    ['received', 'Recibido', true],
    ['paid', 'Pagado', false],
    ['inErp', 'En SAP', false],
    ['invoiced', 'Facturado', false],
  ]);
  const paidAt = new Date(Date.now() + 1000);
  await t.database.db.insert(payments).values({
    provider: 'WEBPAY', purpose: 'ORDER', orderId: card.id, userId: pacifico.id, cardCode: 'C76234567', amount: card.totals.total,
    state: 'PAID', reference: 'OW-TRACK-1', outcomeAppliedAt: paidAt,
  });
  await t.database.db.update(orders).set({ orderState: 'CONFIRMED' }).where(eq(orders.id, card.id));
  const paid = (await one(pacifico, card.id)).json<BuyerOrderDetail>();
  expect(paid).toMatchObject({ status: 'paid', statusLabel: 'Pagado', statusAt: paidAt.toISOString() });

  const transfer = await placeOrder(t.app, pacifico, [{ sku: 'POL-1003-M', quantity: 1 }], transport, { paymentMethod: 'KHIPU' });
  const refusedAt = new Date(Date.now() + 2000);
  await t.database.db.insert(payments).values({
    provider: 'KHIPU', purpose: 'ORDER', orderId: transfer.id, userId: pacifico.id, cardCode: 'C76234567', amount: transfer.totals.total,
    state: 'REJECTED', reference: 'PP-TRACK-2', outcomeAppliedAt: refusedAt,
  });
  await t.database.db.update(orders).set({ orderState: 'CANCELED' }).where(eq(orders.id, transfer.id));
  const canceled = (await one(pacifico, transfer.purchaseOrderNumber)).json<BuyerOrderDetail>();
  expect(canceled.steps).toEqual([
    { key: 'received', label: 'Recibido', done: true, at: transfer.dateCreated },
    { key: 'canceled', label: 'Anulado', done: true, at: refusedAt.toISOString() },
  ]);
  expect(canceled).toMatchObject({ status: 'canceled', statusLabel: 'Anulado' });
});

it('an order the ERP holds for approval reads Esperando aprobación, then En SAP once approved', async () => {
  const order = await placeOrder(t.app, aconcagua, [{ sku: 'POL-1001-M', quantity: 1 }], transport);
  expect((await ov(aconcagua, order)).statusCode).toBe(202);
  const waiting = (await one(aconcagua, order.id)).json<BuyerOrderDetail>();
  expect(waiting).toMatchObject({ status: 'awaitingApproval', statusLabel: 'Esperando aprobación' });
  expect(waiting.steps.map((s) => [s.key, s.done])).toEqual([['received', true], ['awaitingApproval', true], ['inErp', false], ['invoiced', false]]);

  t.b1.approveDraft((await stored(order.id)).erpDraftEntry!);
  await sleep(150);
  await t.app.worker.runOnce();
  const sent = (await one(aconcagua, order.id)).json<BuyerOrderDetail>();
  const docNum = (await stored(order.id)).erpDocNum!;
  expect(sent).toMatchObject({ status: 'inErp', statusLabel: `En SAP N° ${docNum}` });
  // the wait stays in the story, with the date it began
  expect(sent.steps.map((s) => [s.key, s.done])).toEqual([['received', true], ['awaitingApproval', true], ['inErp', true], ['invoiced', false]]);
  expect(sent.steps[1]!.at).toBe(waiting.steps[1]!.at);
});

it('pages newest first; with the ERP down the list still answers, its invoices unknown', async () => {
  const list = (await mine(andes, '?pageSize=1')).json<BuyerOrderList>();
  expect(list).toMatchObject({ page: 0, pageSize: 1, erpAvailable: true });
  expect(list.total).toBeGreaterThanOrEqual(2);
  const all = (await mine(andes, '?pageSize=100')).json<BuyerOrderList>();
  expect(all.rows.map((r) => r.id)).toEqual([...all.rows.map((r) => r.id)].sort((a, b) => b - a));
  expect(list.rows[0]!.id).toBe(all.rows[0]!.id);
  expect(all.rows.find((r) => r.status === 'invoiced')).toMatchObject({ invoiceFolio: expect.any(String) });

  t.app.operations.invoices.clear();
  t.b1.setFaults({ refuse: true });
  const blind = (await mine(andes, '?pageSize=100')).json<BuyerOrderList>();
  expect(blind.erpAvailable).toBe(false);
  expect(blind.rows.map((r) => r.id)).toEqual(all.rows.map((r) => r.id));
  expect(blind.rows.find((r) => r.status === 'invoiced')).toBeUndefined();
  expect(blind.rows.some((r) => r.status === 'inErp')).toBe(true);
});

it("lists every order of the company, each naming who of its people placed it; Finanzas sees them too, another company's person does not", async () => {
  const camila = await buyerOf(t.app, '18.901.234-9'); // Comprador of 76.123.456-0
  const felipe = await buyerOf(t.app, '16.789.012-1'); // Finanzas of 76.123.456-0
  const javiera = await buyerOf(t.app, '17.890.123-0'); // Comprador of 76.234.567-6
  const hers = await placeOrder(t.app, camila, [{ sku: 'POL-1003-M', quantity: 1 }], transport);
  const companys = await placeOrder(t.app, andes, [{ sku: 'POL-1003-M', quantity: 1 }], transport);
  for (const person of [andes, camila, felipe]) {
    const rows = (await mine(person)).json<BuyerOrderList>().rows;
    expect(rows.find((r) => r.id === hers.id)).toMatchObject({ personName: 'Camila Rojas Pizarro', personRut: '18.901.234-9' });
    expect(rows.find((r) => r.id === companys.id)).toMatchObject({ personName: 'Rodrigo Fuentes Alarcón', personRut: '76.123.456-0' });
  }
  expect((await one(felipe, hers.purchaseOrderNumber)).json<BuyerOrderDetail>()).toMatchObject({ id: hers.id, personName: 'Camila Rojas Pizarro', personRut: '18.901.234-9' });
  expect((await one(javiera, hers.purchaseOrderNumber)).json()).toEqual({ status: 404, message: 'Pedido no encontrado' });
  expect((await mine(javiera)).json<BuyerOrderList>().rows.map((r) => r.id)).not.toContain(hers.id);
});
