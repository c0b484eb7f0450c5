import { eq, like } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import type { CartResponse } from '@shared/api/cart';
import type { ProductStatusResponse } from '@shared/api/adminProducts';
import type { StockAlert, StockAlertCreated, StockAlertList } from '@shared/api/stockAlerts';
import { formatCLP } from '@shared/money';
import { STOCK_ALERT_MSG } from '@shared/schemas/stockAlerts';
import { chileTodayIso } from '@shared/workingDays';
import { cartItems, outbox, stockAlertMails, stockAlerts } from '@server/db/schema';
import type { MailJobPayload } from '@server/mail/mailJob';
import { tokenHashOf, unsubscribeKeyOf, unsubscribeTokenOf } from '@server/stockAlerts/stockAlerts.service';
import { StockAlertsWatchJob, UNSUBSCRIBE_PATH } from '@server/stockAlerts/stockAlertsWatch';
import { call, createTestApp, login, TEST_SECRET, type TestApp } from './helpers';
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
/** Sets a size's stock on hand in B1 (every warehouse line the same, nothing committed). */
const setStock = (sku: string, inStock: number) => {
  const item = t.b1.data.Items.find((i) => i.ItemCode === sku)!;
  for (const w of item.ItemWarehouseInfoCollection) {
    w.InStock = inStock;
    w.Committed = 0;
  }
  item.QuantityOnStock = inStock * item.ItemWarehouseInfoCollection.length;
};
/** The state of an alert in the database. */
const stateOf = async (id: number) => (await t.database.db.select().from(stockAlerts).where(eq(stockAlerts.id, id)))[0]!.state;
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
      tokenKey: unsubscribeKeyOf(TEST_SECRET),
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

    // each alert's link is the one made when it was created (its hash stored then), whoever's mail carries it
    const [cha, pan] = tokensOf(mine.text);
    const rows = await t.database.db.select().from(stockAlerts).where(eq(stockAlerts.userId, buyer.id));
    const bySku = new Map(rows.map((r) => [r.sku, r]));
    expect(tokenHashOf(cha!)).toBe(bySku.get('CHA-3003-XS')!.tokenHash);
    expect(tokenHashOf(pan!)).toBe(bySku.get('PAN-2003-46')!.tokenHash);
  });
});

/** The sizes these tests wait for at 0 again (the watcher's test above brought them back). */
const soldOut = () => ['POL-1001-XL', 'CHA-3003-XS'].forEach((sku) => setStock(sku, 0));

describe('a standing watch', () => {
  beforeEach(soldOut);

  it('a notified alert waits again when its size is at 0, and is mailed again when it comes back (one mail a day)', async () => {
    const alert = (await subscribe(buyer, 'POL-1001-XL')).json<StockAlertCreated>().alert;
    setStock('POL-1001-XL', 5);
    expect(await watch()).toMatchObject({ notified: 1, mails: 1, rearmed: 0 });
    const [first] = await mails();
    expect(first!.text).toContain('talla XL: 5 disponibles');
    // still in stock: nothing more
    expect(await watch()).toMatchObject({ notified: 0, mails: 0, rearmed: 0 });
    expect(await stateOf(alert.id)).toBe('NOTIFIED');

    // sold out again: the next pass re-arms it (once)
    setStock('POL-1001-XL', 0);
    expect(await watch()).toMatchObject({ rearmed: 1, waiting: 1, mails: 0 });
    expect(await watch()).toMatchObject({ rearmed: 0, waiting: 1, mails: 0 });
    expect(await stateOf(alert.id)).toBe('WAITING');
    const listed = (await listOf(buyer))[0]!;
    expect(listed).toMatchObject({ id: alert.id, state: 'WAITING' });
    expect(listed.notifiedAt).not.toBeNull();

    // back the same day: the day's mail was sent, it waits
    setStock('POL-1001-XL', 3);
    expect(await watch()).toMatchObject({ notified: 0, mails: 0, deferred: 1 });
    expect(await mails()).toHaveLength(1);
    // the next day it is mailed again, with the same link
    clock += DAY;
    expect(await watch()).toMatchObject({ notified: 1, mails: 1 });
    const sent = await mails();
    expect(sent).toHaveLength(2);
    expect(sent[1]!.key).toBe(`mail:STOCK_BACK:${buyer.id}:${chileTodayIso(now())}`);
    expect(sent[1]!.text).toContain('talla XL: 3 disponibles');
    expect(tokensOf(sent[1]!.text)).toEqual(tokensOf(first!.text));
    expect(await stateOf(alert.id)).toBe('NOTIFIED');
    // asking again while it watches is the same alert
    setStock('POL-1001-XL', 0);
    expect((await subscribe(buyer, 'POL-1001-XL')).json<StockAlertCreated>().alert.id).toBe(alert.id);
  });

  it('a notified alert still ends at 90 days from its creation, without a mail', async () => {
    const alert = (await subscribe(buyer, 'POL-1001-XL')).json<StockAlertCreated>().alert;
    setStock('POL-1001-XL', 5);
    expect(await watch()).toMatchObject({ mails: 1 });
    clock += 90 * DAY + 1000;
    setStock('POL-1001-XL', 0);
    expect(await watch()).toMatchObject({ expired: 1, waiting: 0, rearmed: 0 });
    setStock('POL-1001-XL', 5);
    clock += DAY;
    expect(await watch()).toMatchObject({ mails: 0 });
    expect(await stateOf(alert.id)).toBe('EXPIRED');
    expect(await mails()).toHaveLength(1);
  });
});

describe('the unsubscribe link', () => {
  beforeEach(soldOut);
  const key = unsubscribeKeyOf(TEST_SECRET);
  /** The link's token of an alert, as the mail carries it (made from the row, as the watcher does). */
  const tokenOf = async (id: number) => unsubscribeTokenOf(key, (await t.database.db.select().from(stockAlerts).where(eq(stockAlerts.id, id)))[0]!);
  /** No session, no XSRF cookie nor header: as a mail client or the link's own page. */
  const bare = (opts: InjectOptions) => t.app.inject(opts);
  const form = (token: string) => bare({ method: 'POST', url: UNSUBSCRIBE_PATH, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `token=${encodeURIComponent(token)}` });
  const json = (token: string) => bare({ method: 'POST', url: UNSUBSCRIBE_PATH, payload: { token } });

  it('works from the moment the alert is made; its GET only asks, however often it is opened', async () => {
    const alert = (await subscribe(buyer, 'POL-1001-XL')).json<StockAlertCreated>().alert;
    const token = await tokenOf(alert.id);
    expect(token).toMatch(/^[\w-]{22}$/); // 128 bits
    for (let i = 0; i < 2; i++) {
      const page = await bare({ method: 'GET', url: `${UNSUBSCRIBE_PATH}?token=${token}` });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('talla XL');
      expect(page.body).toContain(`<form method="post" action="${UNSUBSCRIBE_PATH}">`);
      expect(page.body).toContain(`<input type="hidden" name="token" value="${token}">`);
      expect(page.body).toContain(`<button type="submit">${STOCK_ALERT_MSG.unsubscribeButton}</button>`);
      expect(page.headers['content-security-policy']).toContain("form-action 'self'");
    }
    expect(await stateOf(alert.id)).toBe('WAITING');
    expect((await listOf(buyer)).map((a) => a.id)).toEqual([alert.id]);
  });

  it('its POST removes exactly that alert, from the page (form, no XSRF header) or as JSON', async () => {
    const xl = (await subscribe(buyer, 'POL-1001-XL')).json<StockAlertCreated>().alert;
    const xs = (await subscribe(buyer, 'CHA-3003-XS')).json<StockAlertCreated>().alert;
    const theirs = (await subscribe(other, 'POL-1001-XL')).json<StockAlertCreated>().alert;

    const done = await form(await tokenOf(xl.id));
    expect(done.statusCode).toBe(200);
    expect(done.headers['content-type']).toContain('text/html');
    expect(done.body).toContain('Listo: ya no te avisaremos de');
    expect(done.body).not.toContain('<form');
    expect(await stateOf(xl.id)).toBe('REMOVED');
    expect((await listOf(buyer)).map((a) => a.id)).toEqual([xs.id]);
    expect((await listOf(other)).map((a) => a.id)).toEqual([theirs.id]);
    // opened again: it says so, without a button; posted again: the same
    const again = await bare({ method: 'GET', url: `${UNSUBSCRIBE_PATH}?token=${await tokenOf(xl.id)}` });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('Este aviso ya estaba quitado');
    expect(again.body).not.toContain('<form');
    expect((await form(await tokenOf(xl.id))).body).toContain('Este aviso ya estaba quitado');

    const api = await json(await tokenOf(xs.id));
    expect(api.statusCode).toBe(200);
    expect(api.json()).toEqual({ message: expect.stringContaining('Listo: ya no te avisaremos de'), sku: 'CHA-3003-XS' });
    expect(await listOf(buyer)).toEqual([]);
    expect((await listOf(other)).map((a) => a.id)).toEqual([theirs.id]);
  });

  it('a wrong token is a 404, as a page or as JSON, and changes nothing', async () => {
    const alert = (await subscribe(buyer, 'POL-1001-XL')).json<StockAlertCreated>().alert;
    const wrong = unsubscribeTokenOf(unsubscribeKeyOf(new TextEncoder().encode('another-secret-another-secret-0123456')), { id: alert.id, createdAt: new Date(alert.createdAt) });
    const page = await bare({ method: 'GET', url: `${UNSUBSCRIBE_PATH}?token=${wrong}` });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(STOCK_ALERT_MSG.token);
    expect(page.body).not.toContain('<form');
    const posted = await form(wrong);
    expect(posted.statusCode).toBe(404);
    expect(posted.body).toContain(STOCK_ALERT_MSG.token);
    const api = await json('abc');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ status: 404, message: STOCK_ALERT_MSG.token });
    expect((await json('')).statusCode).toBe(400);
    expect(await stateOf(alert.id)).toBe('WAITING');
  });
});
