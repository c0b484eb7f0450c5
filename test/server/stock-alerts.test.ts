import { eq, like } from 'drizzle-orm';
import type { CartResponse } from '@shared/api/cart';
import type { ProductStatusResponse } from '@shared/api/adminProducts';
import type { StockAlert, StockAlertCreated, StockAlertList } from '@shared/api/stockAlerts';
import { formatCLP } from '@shared/money';
import { STOCK_ALERT_MSG } from '@shared/schemas/stockAlerts';
import { chileTodayIso } from '@shared/workingDays';
import { cartItems, outbox, stockAlertMails, stockAlerts } from '@server/db/schema';
import type { MailJobPayload } from '@server/mail/mailJob';
import { StockAlertsWatchJob } from '@server/stockAlerts/stockAlertsWatch';
import { call, createTestApp, login, type TestApp } from './helpers';
import { buyerOf, type Buyer } from './order-fixtures';

// 'Avísame cuando llegue' (docs/stock-alerts.md) through the API, against the B1 stand-in: who may subscribe to what,
// whose alerts are whose, the mailed unsubscribe link, the 90 days, and the watcher's one mail a day per person.

const DAY = 86_400_000;
let t: TestApp;
let buyer: Buyer; // 76.123.456-0
let other: Buyer; // another company
let clock = Date.now();
const now = () => new Date(clock);

beforeAll(async () => {
  t = await createTestApp({}, { worker: { autoStart: false }, incomingWatch: { autoStart: false }, stockAlerts: { autoStart: false, now } });
  buyer = await buyerOf(t.app, '76123456-0');
  other = await buyerOf(t.app, '79012345-K');
}, 60_000);
afterAll(() => t.close());
afterEach(async () => {
  clock = Date.now();
  await t.database.db.delete(stockAlerts);
  await t.database.db.delete(stockAlertMails);
  await t.database.db.delete(outbox).where(like(outbox.dedupeKey, 'mail:STOCK_BACK:%'));
  await t.database.db.delete(cartItems);
});

const get = (token: string, url: string) => call(t.app, { method: 'GET', url, token });
const subscribe = (b: Buyer, sku: string) => call(t.app, { method: 'POST', url: '/api/user/stock-alerts', token: b.token, payload: { sku } });
const listOf = async (b: Buyer) => (await get(b.token, '/api/user/stock-alerts')).json<StockAlertList>().alerts;
const watch = () => t.app.stockAlertsWatch.runOnce();
/** The stock-alert mails queued, oldest first. */
const mails = async () =>
  (await t.database.db.select().from(outbox).where(like(outbox.dedupeKey, 'mail:STOCK_BACK:%')).orderBy(outbox.id)).map((row) => ({
    key: row.dedupeKey,
    ...(row.payload as MailJobPayload),
  }));
/** Goods arrive in B1: the purchase order of the size is received (CHA-3003-XS: 60, PAN-2003-46: 36). */
const receive = (sku: string) => {
  const po = t.b1.purchaseOrders().find((p) => p.DocumentStatus === 'bost_Open' && p.DocumentLines.some((l) => l.ItemCode === sku && l.LineStatus === 'bost_Open'))!;
  t.b1.receivePurchaseOrder(po.DocEntry, po.DocumentLines.find((l) => l.ItemCode === sku)!.LineNum);
};
/** The unsubscribe tokens of a mail's text, in its order. */
const tokensOf = (text: string) => [...text.matchAll(/unsubscribe\?token=([\w-]+)/g)].map((m) => m[1]!);

describe('subscribing', () => {
  it('only a size at 0 (with or without incoming); twice is one alert; the list prices it as the cart', async () => {
    const inStock = await subscribe(buyer, 'POL-1001-M');
    expect(inStock.statusCode).toBe(400);
    expect(inStock.json()).toEqual({ status: 400, message: STOCK_ALERT_MSG.hasStock });
    expect((await subscribe(buyer, 'NO-EXISTE-1')).statusCode).toBe(404);
    expect((await subscribe(buyer, 'mal sku!')).statusCode).toBe(400);

    const first = await subscribe(buyer, 'POL-1001-XL'); // 0, nothing coming
    expect(first.statusCode).toBe(200);
    const created = first.json<StockAlertCreated>();
    expect(created.alert).toMatchObject({ sku: 'POL-1001-XL', style: 'POL-1001', size: 'XL', state: 'WAITING' });
    expect(created.message).toBe('Te avisaremos por correo cuando la talla XL vuelva a tener stock');
    expect(new Date(created.alert.expiresAt).getTime() - new Date(created.alert.createdAt).getTime()).toBe(90 * DAY);
    const again = (await subscribe(buyer, 'POL-1001-XL')).json<StockAlertCreated>();
    expect(again.alert.id).toBe(created.alert.id);
    expect((await subscribe(buyer, 'CHA-3003-XS')).statusCode).toBe(200); // 0 on hand, 60 arriving
    const list = await listOf(buyer);
    expect(list.map((a) => a.sku)).toEqual(['CHA-3003-XS', 'POL-1001-XL']);
    expect(await t.database.db.select().from(stockAlerts)).toHaveLength(2);

    // the price is the cart's P. Distrib. for the same company: a size of the same style and list price in the cart
    const sibling = 'POL-1001-L';
    expect((await call(t.app, { method: 'POST', url: '/api/user/cart', token: buyer.token, payload: { sku: sibling, quantity: 1 } })).statusCode).toBe(201);
    const cart = (await get(buyer.token, `/api/user/cart/find-by-userid/${buyer.id}`)).json<CartResponse>();
    const line = cart.items.find((i) => i.sku === sibling)!;
    const xl = t.b1.data.Items.find((i) => i.ItemCode === 'POL-1001-XL')!;
    const l = t.b1.data.Items.find((i) => i.ItemCode === sibling)!;
    expect(xl.ItemPrices[0]!.Price).toBe(l.ItemPrices[0]!.Price);
    expect(list.find((a) => a.sku === 'POL-1001-XL')!.price).toBe(line.priceFinalUnit);
  });

  it('admins cannot subscribe', async () => {
    const admin = await login(t.app, '22222222-2', 'Admin1234');
    expect((await call(t.app, { method: 'POST', url: '/api/user/stock-alerts', token: admin.token, payload: { sku: 'POL-1001-XL' } })).statusCode).toBe(403);
  });
});

describe('whose alerts', () => {
  it('another company neither sees nor removes them; the owner removes its own', async () => {
    const mine = (await subscribe(buyer, 'POL-1001-XL')).json<StockAlertCreated>().alert;
    const theirs = (await subscribe(other, 'POL-1001-XL')).json<StockAlertCreated>().alert;
    expect(theirs.id).not.toBe(mine.id);
    expect((await listOf(other)).map((a) => a.id)).toEqual([theirs.id]);
    const stolen = await call(t.app, { method: 'DELETE', url: `/api/user/stock-alerts/${mine.id}`, token: other.token });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ status: 404, message: STOCK_ALERT_MSG.notFound });
    expect((await listOf(buyer)).map((a) => a.id)).toEqual([mine.id]);
    const removed = await call(t.app, { method: 'DELETE', url: `/api/user/stock-alerts/${mine.id}`, token: buyer.token });
    expect(removed.json()).toEqual({ message: STOCK_ALERT_MSG.removed });
    expect(await listOf(buyer)).toEqual([]);
    expect((await listOf(other)).map((a) => a.id)).toEqual([theirs.id]);
    // removed, a new request makes a new alert
    expect((await subscribe(buyer, 'POL-1001-XL')).json<StockAlertCreated>().alert.id).not.toBe(mine.id);
  });

  it("another person of the same company has their own; a rep's alert is for the customer represented, apart from its people's", async () => {
    const camila = await buyerOf(t.app, '18.901.234-9'); // Comprador of 76.123.456-0
    const mine = (await subscribe(buyer, 'POL-1001-XL')).json<StockAlertCreated>().alert;
    expect(await listOf(camila)).toEqual([]);
    expect((await call(t.app, { method: 'DELETE', url: `/api/user/stock-alerts/${mine.id}`, token: camila.token })).statusCode).toBe(404);
    const hers = (await subscribe(camila, 'POL-1001-XL')).json<StockAlertCreated>().alert;
    expect(hers.id).not.toBe(mine.id);

    // Carolina, a sales rep, representing 76.123.456-0 and then another customer
    const session = await login(t.app, '13.579.246-2', 'Demo1234');
    const represent = async (cardCode: string) =>
      (await call(t.app, { method: 'POST', url: `/api/rep/represent/${cardCode}`, token: session.token, payload: {} })).json<{ token: string }>().token;
    const rep: Buyer = { token: await represent('C76123456'), id: session.id, profile: buyer.profile };
    const first = await get(rep.token, '/api/user/stock-alerts');
    expect(first.json()).toEqual({ alerts: [] });
    const repAlert = (await subscribe(rep, 'CHA-3003-XS')).json<StockAlertCreated>().alert;
    const [row] = await t.database.db.select().from(stockAlerts).where(eq(stockAlerts.id, repAlert.id));
    expect(row).toMatchObject({ userId: session.id, companyRut: '76.123.456-0' });
    expect((await listOf(buyer)).map((a) => a.id)).toEqual([mine.id]);
    const elsewhere: Buyer = { ...rep, token: await represent('C76234567') };
    expect(await listOf(elsewhere)).toEqual([]);
    expect((await call(t.app, { method: 'DELETE', url: `/api/user/stock-alerts/${repAlert.id}`, token: elsewhere.token })).statusCode).toBe(404);
  });

  it('the admin product list counts the alerts waiting per style', async () => {
    await subscribe(buyer, 'POL-1001-XL');
    await subscribe(other, 'POL-1001-XL');
    await subscribe(buyer, 'CHA-3003-XS');
    const admin = await login(t.app, '22222222-2', 'Admin1234');
    const status = (await get(admin.token, '/api/admin/products/status?skus=POL-1001,CHA-3003,PAN-2003')).json<ProductStatusResponse>();
    expect(status.avisos).toEqual({ 'POL-1001': 2, 'CHA-3003': 1 });
  });
});

describe('expiry', () => {
  it('an alert waits 90 days, then expires without a mail', async () => {
    await subscribe(buyer, 'POL-1001-XL');
    clock += 89 * DAY;
    expect(await watch()).toMatchObject({ waiting: 1, expired: 0 });
    clock += 1 * DAY + 1000;
    expect(await watch()).toMatchObject({ waiting: 0, expired: 1, mails: 0 });
    expect((await listOf(buyer))[0]).toMatchObject({ state: 'EXPIRED' });
    expect(await mails()).toEqual([]);
  });
});

describe('the watcher', () => {
  it('one mail a day per person with every size that came back, priced as the cart; once across passes and instances; later sizes the next day', async () => {
    await subscribe(buyer, 'POL-1001-XL');
    await subscribe(buyer, 'CHA-3003-XS');
    await subscribe(buyer, 'PAN-2003-46');
    await subscribe(other, 'CHA-3003-XS');
    expect(await watch()).toMatchObject({ waiting: 4, notified: 0, mails: 0 });

    // CHA-3003-XS's and PAN-2003-46's goods arrive
    receive('CHA-3003-XS');
    receive('PAN-2003-46');
    // a second instance on the same database races this one
    const twin = new StockAlertsWatchJob({
      db: t.database.db, erp: t.erp, customers: { profileOf: (u) => t.erp.getCustomerByRut(u.companyRut).then((p) => p!) },
      outbox: t.app.outbox, worker: { kick: () => undefined }, brandName: 'Textil Andino', mailDomain: 'portal.example', publicUrl: 'http://localhost:3000', now,
    });
    const [a, b] = await Promise.all([watch(), twin.runOnce()]);
    expect(a.mails + b.mails).toBe(2); // one for each person
    expect(a.notified + b.notified).toBe(3);
    expect(await watch()).toMatchObject({ notified: 0, mails: 0 });
    const sent = await mails();
    expect(sent).toHaveLength(2);
    const mine = sent.find((m) => m.key === `mail:STOCK_BACK:${buyer.id}:${chileTodayIso(now())}`)!;
    expect(mine.to).toBe((await t.users.findById(buyer.id))!.email);
    expect(mine.subject).toBe('Volvió el stock de 2 talla(s) que esperabas');
    expect(mine.text).toContain('talla XS: 60 disponibles');
    expect(mine.text).toContain('talla 46: 18 disponibles'); // 36 arrived, 18 of them sold beyond the stock already
    expect(mine.text).toContain('http://localhost:3000/user/product-detail/CHA-3003');
    expect(mine.text).not.toContain('POL-1001');
    // the price in the mail is the cart's
    expect((await call(t.app, { method: 'POST', url: '/api/user/cart', token: buyer.token, payload: { sku: 'CHA-3003-XS', quantity: 1 } })).statusCode).toBe(201);
    const cart = (await get(buyer.token, `/api/user/cart/find-by-userid/${buyer.id}`)).json<CartResponse>();
    expect(mine.text).toContain(`a ${formatCLP(cart.items.find((i) => i.sku === 'CHA-3003-XS')!.priceFinalUnit)} c/u`);
    const states = Object.fromEntries((await listOf(buyer)).map((x: StockAlert) => [x.sku, x.state]));
    expect(states).toEqual({ 'POL-1001-XL': 'WAITING', 'CHA-3003-XS': 'NOTIFIED', 'PAN-2003-46': 'NOTIFIED' });

    // POL-1001-XL comes back the same day: it waits for tomorrow's mail
    const xl = t.b1.data.Items.find((i) => i.ItemCode === 'POL-1001-XL')!;
    for (const w of xl.ItemWarehouseInfoCollection) w.InStock += 30;
    xl.QuantityOnStock += 30 * xl.ItemWarehouseInfoCollection.length;
    expect(await watch()).toMatchObject({ notified: 0, mails: 0, deferred: 1 });
    expect(await mails()).toHaveLength(2);
    clock += DAY;
    expect(await watch()).toMatchObject({ notified: 1, mails: 1 });
    const next = (await mails())[2]!;
    expect(next.key).toBe(`mail:STOCK_BACK:${buyer.id}:${chileTodayIso(now())}`);
    expect(next.text).toContain('talla XL: 30 disponibles');
    expect(await watch()).toMatchObject({ notified: 0, mails: 0 });

    // the unsubscribe link removes exactly its alert, without login
    const [cha, pan] = tokensOf(mine.text);
    const page = await call(t.app, { method: 'GET', url: `/api/public/stock-alerts/unsubscribe?token=${cha}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('ya no te avisaremos de');
    expect((await listOf(buyer)).map((x) => x.sku).sort()).toEqual(['PAN-2003-46', 'POL-1001-XL']);
    expect((await listOf(other)).map((x) => x.sku)).toEqual(['CHA-3003-XS']);
    const json = await call(t.app, { method: 'GET', url: `/api/public/stock-alerts/unsubscribe?token=${pan}&format=json` });
    expect(json.json()).toMatchObject({ sku: 'PAN-2003-46' });
    const wrong = await call(t.app, { method: 'GET', url: '/api/public/stock-alerts/unsubscribe?token=abc&format=json' });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ status: 404, message: STOCK_ALERT_MSG.token });
    const wrongPage = await call(t.app, { method: 'GET', url: '/api/public/stock-alerts/unsubscribe?token=abc' });
    expect(wrongPage.statusCode).toBe(404);
    expect(wrongPage.body).toContain(STOCK_ALERT_MSG.token);
    expect((await listOf(buyer)).map((x) => x.sku)).toEqual(['POL-1001-XL']);
    const rows = await t.database.db.select().from(stockAlerts).where(eq(stockAlerts.state, 'REMOVED'));
    expect(rows.map((r) => r.sku).sort()).toEqual(['CHA-3003-XS', 'PAN-2003-46']);
  });
});
