import { eq, like } from 'drizzle-orm';
import type { CartItem, CartResponse } from '@shared/api/cart';
import type { CatalogueItem, ProductDetail } from '@shared/api/erp';
import type { QuickOrderValidation } from '@shared/api/ordering';
import type { Order } from '@shared/api/orders';
import type { BuyerOrderDetail, BuyerOrderList } from '@shared/api/userOrders';
import { INCOMING_TEXTS, incomingTotal } from '@shared/incoming';
import { addDays, chileTodayIso } from '@shared/workingDays';
import { cartItems, orderLines, orders, outbox } from '@server/db/schema';
import { incomingOf } from '@server/erp/mapping';
import type { MailJobPayload } from '@server/mail/mailJob';
import { INCOMING_DEMO } from '@mocks/b1/purchases';
import { call, createTestApp, login, type TestApp } from './helpers';
import { buyerOf, orderRequest, someTransport, type Buyer } from './order-fixtures';

// Stock por llegar and pre-orders (docs/incoming.md) through the API, against the B1 stand-in's purchase orders: what a
// buyer sees arriving, a pre-order line capped at it, the order's shipping choice and payment rule, each incoming unit
// promised once, the ERP lines' ShipDate, and a date the ERP moves afterwards flagged and mailed once.

let t: TestApp;
let buyer: Buyer; // C76123456
let other: Buyer;
let transport: string;
const today = chileTodayIso();
const restock = 'CHA-3003-XS'; // 0 on hand, 60 arriving 10–20 days from today

beforeAll(async () => {
  t = await createTestApp({}, { worker: { pollMs: 50, backoffMs: () => 100, autoStart: false }, incomingWatch: { autoStart: false } });
  buyer = await buyerOf(t.app, '76123456-0');
  other = await buyerOf(t.app, '79012345-K');
  transport = await someTransport(t.app, buyer.token);
}, 60_000);
afterAll(() => t.close());
afterEach(async () => {
  await t.database.db.delete(cartItems);
});

const get = (token: string, url: string) => call(t.app, { method: 'GET', url, token });
const post = (token: string, url: string, payload: object) => call(t.app, { method: 'POST', url, token, payload });
const addIncoming = (b: Buyer, sku: string, quantity: number) => post(b.token, '/api/user/cart', { sku, quantity, porLlegar: true });
const cartOf = async (b: Buyer) => (await get(b.token, `/api/user/cart/find-by-userid/${b.id}`)).json<CartResponse>();
/** The open purchase-order lines of a size in the stand-in, by date. */
const arriving = (sku: string) =>
  t.b1
    .purchaseOrders()
    .filter((po) => po.DocumentStatus === 'bost_Open')
    .flatMap((po) => po.DocumentLines.filter((l) => l.ItemCode === sku && l.LineStatus === 'bost_Open' && l.RemainingOpenQuantity > 0))
    .map((l) => [String(l.ShipDate).slice(0, 10), l.RemainingOpenQuantity] as const);

describe('what the buyer sees arriving', () => {
  it('the detail gives each size its arrivals by date, and the list the style’s units and first date; never a supplier or a cost', async () => {
    const [[date, quantity]] = arriving(restock);
    expect(quantity).toBe(60);
    expect(date >= addDays(today, 10) && date <= addDays(today, 20)).toBe(true);
    const res = await get(buyer.token, '/api/user/b1/products-detail/CHA-3003');
    expect(res.statusCode).toBe(200);
    const detail = res.json<ProductDetail>();
    const xs = detail.relacionados.find((r) => r.sku === restock)!;
    expect(xs).toMatchObject({ stock: 0, porLlegar: [{ fecha: date, cantidad: 60 }] });
    // a size with nothing coming has no porLlegar at all
    const pol = (await get(buyer.token, '/api/user/b1/products-detail/POL-1001')).json<ProductDetail>();
    expect(pol.relacionados.find((r) => r.sku === INCOMING_DEMO.nothingComing)).not.toHaveProperty('porLlegar');

    const list = (await get(buyer.token, '/api/user/b1/catalog/products')).json<CatalogueItem[]>();
    const cha = list.find((i) => i.sku === 'CHA-3003')!;
    expect(cha.porLlegar).toBeGreaterThanOrEqual(60);
    expect(cha.llegada! <= date).toBe(true);
    // next season: nothing on hand, everything por llegar 5–9 weeks away
    for (const style of INCOMING_DEMO.nextSeasonStyles) {
      const row = list.find((i) => i.sku === style)!;
      expect(row).toMatchObject({ stock: 0 });
      expect(row.porLlegar).toBeGreaterThan(0);
      expect(row.llegada! >= addDays(today, 35) && row.llegada! <= addDays(today, 63)).toBe(true);
      // its window: the last arrival of its sizes, when later than the first
      const last = t.b1.data.Items.filter((i) => i.U_Estilo === style).flatMap((i) => arriving(i.ItemCode).map(([date]) => date)).sort().at(-1)!;
      if (last > row.llegada!) expect(row.llegadaHasta).toBe(last);
      else expect(row).not.toHaveProperty('llegadaHasta');
    }
    const everything = JSON.stringify([list, detail]);
    for (const supplier of INCOMING_DEMO.suppliers) expect(everything).not.toContain(supplier);
    expect(everything).not.toMatch(/DocEntry|DocNum|CardCode|"Price"/);
  });

  it('the quick order says when a sold-out size arrives', async () => {
    const res = await post(buyer.token, '/api/user/quick-order/validate', { lines: [{ row: 1, sku: restock, size: '', quantity: '5' }] });
    expect(res.statusCode).toBe(200);
    const [line] = res.json<QuickOrderValidation>().lines;
    expect(line).toMatchObject({ status: 'noStock', porLlegar: [{ cantidad: 60 }] });
    expect(line!.message).toMatch(/^Sin stock de .+ talla XS; llegan 60 el \d{1,2}-[a-z]+$/);
  });
});

describe('pre-order lines in the cart', () => {
  it('are apart from the stock, capped at what arrives, with the date their quantity arrives', async () => {
    const [[date]] = arriving(restock);
    // on hand there is none: the stock line is refused, the pre-order line taken
    expect((await post(buyer.token, '/api/user/cart', { sku: restock, quantity: 1 })).statusCode).toBe(400);
    const added = await addIncoming(buyer, restock, 50);
    expect(added.statusCode).toBe(201);
    expect(added.json<CartItem>()).toMatchObject({ sku: restock, quantity: 50, porLlegar: true, llegada: date, stock: 60 });
    // 50 + 20 passes the 60 arriving: the spec's stock-cap message, nothing added
    const over = await addIncoming(buyer, restock, 20);
    expect(over.statusCode).toBe(400);
    expect(over.json<{ message: string }>().message).toMatch(/^No hay stock suficiente de .+ talla XS: disponible 60$/);
    // a size with stock keeps a stock line and a pre-order line apart
    const cart = await cartOf(buyer);
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({ porLlegar: true, quantity: 50 });
    // the bulk add caps a pre-order line the same way
    const bulk = await post(buyer.token, '/api/user/cart/bulk', { items: [{ sku: restock, quantity: 30, porLlegar: true }] });
    expect(bulk.statusCode).toBe(200);
    expect(bulk.json<{ lines: { status: string; quantity: number }[] }>().lines[0]).toMatchObject({ status: 'clamped', quantity: 10 });
    // a bad kind is a 400 in Spanish
    const bad = await post(buyer.token, '/api/user/cart', { sku: restock, quantity: 1, porLlegar: 'sí' });
    expect(bad.json()).toMatchObject({ status: 400, message: 'El tipo de línea (por llegar) no es válido' });
  });
});

describe('ordering por llegar', () => {
  it('needs the shipping choice, is never charged by card or transfer, and promises each line its arrival', async () => {
    const [[date]] = arriving(restock);
    await addIncoming(buyer, restock, 10);
    await post(buyer.token, '/api/user/cart', { sku: 'POL-1001-S', quantity: 2 });
    const without = await post(buyer.token, '/api/orders', orderRequest(buyer, transport));
    expect(without.json()).toEqual({ status: 400, message: 'Elige cómo despachar lo que está por llegar: todo junto o lo disponible ahora' });
    for (const paymentMethod of ['WEBPAY', 'KHIPU']) {
      const card = await post(buyer.token, '/api/orders', orderRequest(buyer, transport, { paymentMethod, envioPorLlegar: 'JUNTO' }));
      expect(card.json()).toEqual({ status: 400, message: INCOMING_TEXTS.paymentOnInvoice });
    }
    expect((await post(buyer.token, '/api/orders', orderRequest(buyer, transport, { envioPorLlegar: 'LUEGO' }))).statusCode).toBe(400);
    expect((await cartOf(buyer)).items).toHaveLength(2); // nothing was taken

    const made = await post(buyer.token, '/api/orders', orderRequest(buyer, transport, { envioPorLlegar: 'JUNTO' }));
    expect(made.statusCode).toBe(201);
    const order = made.json<Order>();
    expect(order.envioPorLlegar).toBe('JUNTO');
    expect(order.orderProducts.find((l) => l.sku === restock)).toMatchObject({ quantity: 10, llegada: date });
    expect(order.orderProducts.find((l) => l.sku === 'POL-1001-S')).not.toHaveProperty('llegada');

    // the ERP order: the pre-order line ships on its arrival, and (all together) the stock line and the order too
    const sent = await post(buyer.token, '/api/user/b1/ov', { orderReference: order.purchaseOrderNumber });
    expect(sent.statusCode).toBe(200);
    const doc = t.b1.data.Orders.find((o) => o.NumAtCard === order.purchaseOrderNumber)!;
    const day = date.replaceAll('-', '');
    expect(doc.DocumentLines.map((l) => [l.ItemCode, String(l.ShipDate).slice(0, 10).replaceAll('-', '')])).toEqual([
      [restock, day],
      ['POL-1001-S', day],
    ]);
    expect(String(doc.DocDueDate).slice(0, 10).replaceAll('-', '')).toBe(day);
    // the ERP holds it now: its Committed counts the 10 units, which the next reads take off what is free
    const [fresh] = await t.erp.getItems([restock]);
    expect(fresh).toMatchObject({ stock: 0, ordered: 60, backlog: 10 });
    expect(incomingOf(fresh!)).toEqual([{ fecha: date, cantidad: 50 }]);
  });

  it('two buyers racing for the same incoming units get them once', async () => {
    const free = incomingTotal(incomingOf((await t.erp.getItems([restock]))[0]!));
    const half = Math.floor(free / 2) + 1; // two of these pass what arrives
    expect((await addIncoming(buyer, restock, half)).statusCode).toBe(201);
    expect((await addIncoming(other, restock, half)).statusCode).toBe(201);
    const results = await Promise.all([buyer, other].map((b) => post(b.token, '/api/orders', orderRequest(b, transport, { orderType: 'RESERVE', paymentMethod: undefined, envioPorLlegar: 'PARCIAL' }))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    const refused = results.find((r) => r.statusCode === 400)!;
    expect(refused.json<{ message: string }>().message).toMatch(/^No hay stock suficiente de .+ talla XS: disponible \d+$/);
    const promised = await t.database.db.select().from(orderLines).where(eq(orderLines.sku, restock));
    expect(promised.reduce((sum, l) => sum + l.quantity, 0)).toBeLessThanOrEqual(60);
  });
});

describe('when the ERP moves the goods', () => {
  it('a pre-order line that can no longer arrive by its date is flagged, shown and mailed once; the admin list filters it', async () => {
    const sku = 'PAN-2003-46'; // 0 on hand, 36 arriving, 18 of them already sold in the ERP
    const [[date]] = arriving(sku);
    expect((await addIncoming(buyer, sku, 10)).statusCode).toBe(201);
    const made = await post(buyer.token, '/api/orders', orderRequest(buyer, transport, { orderType: 'RESERVE', paymentMethod: undefined, envioPorLlegar: 'PARCIAL' }));
    expect(made.json()).toMatchObject({ orderType: 'RESERVE' });
    const order = made.json<Order>();
    expect(order.orderProducts[0]).toMatchObject({ sku, llegada: date });
    const watch = () => t.app.incomingWatch.runOnce();
    expect(await watch()).toMatchObject({ moved: 0, mails: 0 });

    // the supplier is three weeks late: the ERP moves the purchase order's line, the catalogue reads it
    const po = t.b1.purchaseOrders().find((p) => p.DocumentStatus === 'bost_Open' && p.DocumentLines.some((l) => l.ItemCode === sku))!;
    const later = addDays(date, 21);
    t.b1.movePurchaseOrder(po.DocEntry, { lineNum: po.DocumentLines.find((l) => l.ItemCode === sku)!.LineNum, shipDate: later });
    await t.erp.catalogueItems();
    expect(await watch()).toMatchObject({ moved: 1, mails: 1 });
    expect(await watch()).toMatchObject({ moved: 0, mails: 0 }); // once

    const seen = (await get(buyer.token, `/api/orders/${order.id}`)).json<Order>();
    expect(seen.porLlegarMovido).toBe(true);
    expect(seen.orderProducts[0]).toMatchObject({ llegada: date, llegadaNueva: later });
    // Mis pedidos: the list marks it, the detail says how it ships and the line's new date
    const mine = (await get(buyer.token, '/api/user/orders?page=0&pageSize=20')).json<BuyerOrderList>();
    expect(mine.rows.find((r) => r.id === order.id)).toMatchObject({ porLlegarMovido: true });
    expect(mine.rows.filter((r) => r.porLlegarMovido)).toHaveLength(1);
    const detail = (await get(buyer.token, `/api/user/orders/${order.id}`)).json<BuyerOrderDetail>();
    expect(detail).toMatchObject({ envioPorLlegar: 'PARCIAL' });
    expect(detail.lines[0]).toMatchObject({ llegada: date, llegadaNueva: later });
    const mails = await t.database.db.select().from(outbox).where(like(outbox.dedupeKey, `mail:INCOMING_MOVED:${order.purchaseOrderNumber}:%`));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!.payload as MailJobPayload;
    expect(mail.subject).toBe(`Pedido ${order.purchaseOrderNumber}: cambió la llegada de productos por llegar`);
    expect(mail.text).toContain(`ahora llega el ${later.split('-').reverse().join('-')}`);

    // then the supplier cuts the quantity below what the order needs: no date at all, mailed again
    t.b1.movePurchaseOrder(po.DocEntry, { lineNum: po.DocumentLines.find((l) => l.ItemCode === sku)!.LineNum, quantity: 12 });
    await t.erp.catalogueItems();
    expect(await watch()).toMatchObject({ moved: 1, mails: 1 });
    expect((await get(buyer.token, `/api/orders/${order.id}`)).json<Order>().orderProducts[0]).toMatchObject({ llegadaNueva: '' });

    const adminToken = (await login(t.app, '22222222-2', 'Admin1234')).token;
    const listed = (await get(adminToken, '/api/admin/orders?porLlegar=MOVIDOS')).json<{ rows: { number: string }[] }>();
    expect(listed.rows.map((r) => r.number)).toContain(order.purchaseOrderNumber);
    expect((await get(adminToken, '/api/admin/orders?porLlegar=NUNCA')).statusCode).toBe(400);
    await t.database.db.delete(orders).where(eq(orders.id, order.id));
  });
});
