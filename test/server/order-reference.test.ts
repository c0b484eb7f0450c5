import { eq } from 'drizzle-orm';
import type { Order } from '@shared/api/orders';
import { addDays, chileTodayIso, isWorkingDay, nextWorkingDay } from '@shared/workingDays';
import { orders, type OrderLineRow, type OrderRow } from '@server/db/schema';
import { buildOrderConfirmedMail } from '@server/mail/buyerMail';
import { buildOrderMail } from '@server/mail/orderMail';
import { call, createTestApp, type TestApp } from './helpers';
import { buyerOf, placeOrder, someTransport, type Buyer } from './order-fixtures';

// The buyer's purchase-order reference and requested delivery date (docs/ordering.md): checked by the shared schema,
// stored on the order, sent to the ERP (DocumentReferences, RequriedDate and DocDueDate; NumAtCard stays the portal's
// number), shown in the mails.

let t: TestApp;
let buyer: Buyer;
let transport: string;

beforeAll(async () => {
  t = await createTestApp({}, { worker: { pollMs: 50, backoffMs: () => 100, autoStart: false } });
  buyer = await buyerOf(t.app, '76123456-0');
  transport = await someTransport(t.app, buyer.token);
}, 60_000);
afterAll(() => t.close());

const today = chileTodayIso();
/** A working day a week or so ahead. */
const deliveryDay = nextWorkingDay(addDays(today, 7));
const sameDayNextWeekend = (() => {
  let d = addDays(today, 3);
  while (new Date(`${d}T12:00:00Z`).getUTCDay() !== 6) d = addDays(d, 1);
  return d;
})();
const stored = async (id: number) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

describe('creating an order with the reference and the date', () => {
  it('stores both and answers them with the order', async () => {
    const order = await placeOrder(t.app, buyer, [{ sku: 'POL-1001-M', quantity: 2 }], transport, { buyerReference: ' OC-4500012345 ', requestedDeliveryDate: deliveryDay });
    expect(order).toMatchObject({ buyerReference: 'OC-4500012345', requestedDeliveryDate: deliveryDay });
    expect(await stored(order.id)).toMatchObject({ buyerReference: 'OC-4500012345', requestedDeliveryDate: deliveryDay });
    const read = await call(t.app, { method: 'GET', url: `/api/orders/${order.id}`, token: buyer.token });
    expect(read.json<Order>()).toMatchObject({ buyerReference: 'OC-4500012345', requestedDeliveryDate: deliveryDay });
    // the buyer's 'Mis pedidos' detail shows them too
    const detail = await call(t.app, { method: 'GET', url: `/api/user/orders/${order.id}`, token: buyer.token });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ buyerReference: 'OC-4500012345', requestedDeliveryDate: deliveryDay });
  });

  it('without them the order has none', async () => {
    const order = await placeOrder(t.app, buyer, [{ sku: 'POL-1001-M', quantity: 1 }], transport);
    expect(order).toMatchObject({ buyerReference: '', requestedDeliveryDate: null });
  });

  it.each([
    ['a Saturday', sameDayNextWeekend, 'La fecha de entrega debe ser un día hábil (lunes a viernes)'],
    ['yesterday', addDays(today, -1), 'La fecha de entrega no puede ser anterior a hoy'],
    ['too far ahead', nextWorkingDay(addDays(today, 120)), 'La fecha de entrega debe estar dentro de los próximos 90 días'],
    ['not a date', '2026-02-30', 'Fecha de entrega inválida'],
  ])('refuses %s as delivery date, with the message', async (_name, date, message) => {
    await call(t.app, { method: 'POST', url: '/api/user/cart', token: buyer.token, payload: { sku: 'POL-1001-M', quantity: 1 } });
    const res = await call(t.app, {
      method: 'POST', url: '/api/orders', token: buyer.token,
      payload: { orderType: 'RESERVE', tipoEntrega: 'retiro', invoiceAddress: buyer.profile.factura[0]!.idfactura, requestedDeliveryDate: date },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, fields: { requestedDeliveryDate: message } });
  });

  it('refuses a Chilean public holiday by its name, and a reference too long or with odd characters', async () => {
    const holiday = ['2026-09-18', '2027-09-17', '2028-09-18'].find((d) => d > today && d <= addDays(today, 90));
    const body = { orderType: 'RESERVE', tipoEntrega: 'retiro', invoiceAddress: buyer.profile.factura[0]!.idfactura };
    if (holiday) {
      const res = await call(t.app, { method: 'POST', url: '/api/orders', token: buyer.token, payload: { ...body, requestedDeliveryDate: holiday } });
      expect(res.json().message).toMatch(/^El \d{2}-\d{2}-\d{4} es feriado \(.+\): elija un día hábil$/);
    }
    const long = await call(t.app, { method: 'POST', url: '/api/orders', token: buyer.token, payload: { ...body, buyerReference: 'X'.repeat(41) } });
    expect(long.json().message).toBe('La orden de compra debe tener como máximo 40 caracteres');
    const odd = await call(t.app, { method: 'POST', url: '/api/orders', token: buyer.token, payload: { ...body, buyerReference: 'OC<script>' } });
    expect(odd.json().message).toBe('La orden de compra solo puede tener letras, números, espacios y . - _ / #');
  });
});

describe('the ERP document', () => {
  it('carries the buyer reference as an external referenced document and the date as RequriedDate and DocDueDate; NumAtCard stays the portal number', async () => {
    const order = await placeOrder(t.app, buyer, [{ sku: 'POL-1001-S', quantity: 1 }], transport, { buyerReference: 'OC 77/2026', requestedDeliveryDate: deliveryDay });
    const res = await call(t.app, { method: 'POST', url: '/api/user/b1/ov', token: buyer.token, payload: { orderReference: order.purchaseOrderNumber } });
    expect([200, 202]).toContain(res.statusCode);
    // the stand-in keeps what it was sent and answers it on a read, as SL does
    const doc = t.b1.data.Orders.find((d) => d.NumAtCard === order.purchaseOrderNumber) ?? t.b1.data.Drafts.find((d) => d.NumAtCard === order.purchaseOrderNumber)!;
    expect(doc).toMatchObject({
      NumAtCard: order.purchaseOrderNumber,
      DocDueDate: deliveryDay,
      RequriedDate: deliveryDay,
      DocumentReferences: [{ RefObjType: 'rot_ExternalDocument', ExtDocNum: 'OC 77/2026', IssueDate: today, Remark: 'Orden de compra del cliente' }],
    });
  });

  it('without them keeps today as DocDueDate and sends no reference', async () => {
    const order = await placeOrder(t.app, buyer, [{ sku: 'POL-1001-S', quantity: 1 }], transport);
    await call(t.app, { method: 'POST', url: '/api/user/b1/ov', token: buyer.token, payload: { orderReference: order.purchaseOrderNumber } });
    const doc = [...t.b1.data.Orders, ...t.b1.data.Drafts].find((d) => d.NumAtCard === order.purchaseOrderNumber)!;
    expect(doc).toMatchObject({ DocDueDate: today, RequriedDate: null, DocumentReferences: [] });
  });
});

describe('the mails', () => {
  const order = {
    id: 7, purchaseOrderNumber: 'OC000007', orderType: 'ONLINE', orderState: 'CONFIRMED', userId: 1, cardCode: 'C76123456', paymentMethod: 'CREDIT',
    deliveryType: 'retiro', deliveryAddress: 'idStorePickup', deliveryAddressText: '', deliveryCommune: '', deliveryTransport: '', invoiceAddress: 'F1',
    loyaltyPct: 0, net: 1000, offerDiscount: 0, loyaltyDiscount: 0, subtotal: 1000, vat: 190, total: 1190, numOc: '', erpStatus: 'SENT',
    createdAt: new Date('2026-03-05T15:00:00Z'), updatedAt: new Date('2026-03-05T15:00:00Z'), buyerReference: 'OC-991', requestedDeliveryDate: '2026-03-10',
  } as unknown as OrderRow;
  const lines = [{ id: 1, orderId: 7, sku: 'POL-1001-M', name: 'Polera', size: 'M', quantity: 1, price: 1000, offerPct: 0, loyaltyPct: 0, priceOffer: 1000, priceFinalUnit: 1000, priceFinal: 1000, descLinea: 0 }] as OrderLineRow[];
  const company = { nombre: 'Comercial Los Andes SpA', rut: '76123456-0' };

  it("show the buyer's reference and date in the confirmation and in the notification, text and HTML", () => {
    const confirmed = buildOrderConfirmedMail({ brand: 'Textil Andino', order, lines, company });
    expect(confirmed.text).toContain('Su orden de compra: OC-991\nFecha de entrega solicitada: 10-03-2026');
    expect(confirmed.html).toContain('<th style="padding:4px 8px;border:1px solid #ddd;text-align:left">Su orden de compra</th><td style="padding:4px 8px;border:1px solid #ddd">OC-991</td>');
    const notice = buildOrderMail({ kind: 'RESERVE', brand: 'Textil Andino', order: { ...order, orderType: 'RESERVE' }, lines, company });
    expect(notice.text).toContain('Su orden de compra: OC-991');
    expect(notice.text).toContain('Fecha de entrega solicitada: 10-03-2026');
    const none = buildOrderConfirmedMail({ brand: 'Textil Andino', order: { ...order, buyerReference: '', requestedDeliveryDate: null }, lines, company });
    expect(none.text).not.toContain('orden de compra:');
  });

  it('the test dates are what they claim', () => {
    expect(isWorkingDay(deliveryDay)).toBe(true);
  });
});
