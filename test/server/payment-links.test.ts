// The payment link (docs/sales-reps.md#payment-link): a representing rep sends the customer a single-use link for a
// card/transfer order; the customer pays without logging in, through the same payment start, proof and reconciler.
import { desc, eq, sql } from 'drizzle-orm';
import type { PaymentLinkPayResponse, PaymentLinkStatus, PaymentLinkView } from '@shared/api/paymentLinks';
import type { CustomerProfile } from '@shared/api/erp';
import type { RepresentResponse } from '@shared/api/reps';
import { PAYMENT_LINK_MSG } from '@shared/paymentLinks';
import { outbox, paymentLinks, payments } from '@server/db/schema';
import { tokenHashOf } from '@server/payments/paymentLinks.repo';
import { call, login, type TestApp } from './helpers';
import { decodedBody, emlFiles } from './mail-fixtures';
import {
  BUYER_RUT,
  buyerOf,
  erpOrders,
  erpPayments,
  jobsSettled,
  orderOf,
  OTHER_RUT,
  paymentsApp,
  post,
  spyErpPosts,
  storedOrder,
  until,
  type Buyer,
} from './payments-fixtures';

const CAROLINA = '13.579.246-2'; // code 1: C76123456 and C76234567 among her customers
const MARTIN = '14.680.357-1'; // code 2, all customers

let t: TestApp;
let rep: Buyer;
let buyer: Buyer;
const erpPost = spyErpPosts();

/** A rep logged in and representing `cardCode`, as a Buyer of the payments fixtures (its token acts for the customer). */
async function repFor(username: string, cardCode: string): Promise<Buyer> {
  const session = await login(t.app, username, 'Demo1234');
  const answer = (await call(t.app, { method: 'POST', url: `/api/rep/represent/${cardCode}`, token: session.token, payload: {} })).json<RepresentResponse>();
  const profile = (await call(t.app, { method: 'GET', url: `/api/user/b1/profile/${session.id}`, token: answer.token })).json<CustomerProfile>();
  return { token: answer.token, id: session.id, profile };
}

beforeAll(async () => {
  t = await paymentsApp();
  rep = await repFor(CAROLINA, 'C76123456');
  buyer = await buyerOf(t, BUYER_RUT);
}, 60_000);
afterAll(async () => {
  erpPost.mockRestore();
  await t.close();
});

const sendLink = (who: Buyer, orderId: number, key?: string) =>
  call(t.app, { method: 'POST', url: `/api/orders/${orderId}/payment-link`, token: who.token, payload: {}, headers: key ? { 'idempotency-key': key } : {} });
const view = (token: string) => call(t.app, { method: 'GET', url: `/api/public/payment-links/${token}` });
const pay = (token: string, provider: 'WEBPAY' | 'KHIPU') => call(t.app, { method: 'POST', url: `/api/public/payment-links/${token}/pay`, payload: { provider } });

/** The link in the mail the customer received for `orderNumber` (read from the file outbox the mailer writes). */
async function linkMailed(orderNumber: string): Promise<{ token: string; to: string }> {
  let found: { token: string; to: string } | undefined;
  await until(() => {
    for (const eml of emlFiles(t.app.mailer.outboxDir!)) {
      const body = decodedBody(eml.text);
      if (!eml.text.includes(orderNumber) || !/\/pagar\//.test(body)) continue;
      const token = /\/pagar\/([A-Za-z0-9_-]{43})/.exec(body)?.[1];
      const to = /^To: (.+)$/m.exec(eml.text)?.[1]?.trim() ?? '';
      if (token) found = { token, to };
    }
    return Boolean(found);
  });
  return found!;
}

/** Sends a link for a new order of the rep's customer paid with `method`, and reads it from the mail. */
async function linkedOrder(method: 'WEBPAY' | 'KHIPU') {
  const order = await orderOf(t, rep, method);
  const sent = await sendLink(rep, order.id);
  expect(sent.statusCode).toBe(200);
  const mail = await linkMailed(order.purchaseOrderNumber);
  return { order, status: sent.json<PaymentLinkStatus>(), token: mail.token, to: mail.to };
}

const linkMails = async (orderId: number) => {
  const links = await t.database.db.select().from(paymentLinks).where(eq(paymentLinks.orderId, orderId));
  const keys = new Set(links.map((l) => `mail:PAYMENT_LINK:${l.id}`));
  return (await t.database.db.select().from(outbox)).filter((j) => keys.has(j.dedupeKey));
};

describe('a rep sends a payment link', () => {
  it('stores only the hash of the token, mails the customer, and the same Idempotency-Key answers the same link with one mail', async () => {
    const order = await orderOf(t, rep, 'WEBPAY');
    // before sending, the rep reads where it will go
    const before = await call(t.app, { method: 'GET', url: `/api/orders/${order.id}/payment-link`, token: rep.token });
    expect(before.json<PaymentLinkStatus>()).toMatchObject({ state: null, sentTo: rep.profile.mail, expiresAt: '' });
    const first = await sendLink(rep, order.id, 'link-key-1');
    expect(first.statusCode).toBe(200);
    const status = first.json<PaymentLinkStatus>();
    expect(status).toMatchObject({ orderId: order.id, orderNumber: order.purchaseOrderNumber, amount: order.totals.total, state: 'OPEN', sentTo: rep.profile.mail });
    expect(status.message).toContain(rep.profile.mail);
    const again = await sendLink(rep, order.id, 'link-key-1');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(status);
    const rows = await t.database.db.select().from(paymentLinks).where(eq(paymentLinks.orderId, order.id));
    expect(rows).toHaveLength(1);
    expect(await linkMails(order.id)).toHaveLength(1);

    const mail = await linkMailed(order.purchaseOrderNumber);
    expect(mail.to).toContain(rep.profile.mail);
    expect(rows[0]!.tokenHash).toBe(tokenHashOf(mail.token));
    // the token is in no table: not in the link row, and the queued mail's sealed copy was dropped once sent
    const dump = JSON.stringify(await t.database.db.execute(sql`select * from payment_links`)) + JSON.stringify(await t.database.db.select().from(outbox));
    expect(dump).not.toContain(mail.token);
    // the rep reads the link's state
    const current = await call(t.app, { method: 'GET', url: `/api/orders/${order.id}/payment-link`, token: rep.token });
    expect(current.json<PaymentLinkStatus>()).toMatchObject({ state: 'OPEN', sentTo: rep.profile.mail });
  });

  it('sending again voids the previous link', async () => {
    const { order, token: oldToken } = await linkedOrder('WEBPAY');
    expect((await sendLink(rep, order.id)).statusCode).toBe(200);
    expect((await view(oldToken)).json()).toMatchObject({ status: 404, message: PAYMENT_LINK_MSG.invalid });
    const newest = (await t.database.db.select().from(paymentLinks).where(eq(paymentLinks.orderId, order.id)).orderBy(desc(paymentLinks.id)))[0]!;
    expect(newest.voidedAt).toBeNull();
    expect(await linkMails(order.id)).toHaveLength(2);
  });

  it('a buyer, or a rep of another customer, cannot send one; a rep cannot pay by card or transfer themselves', async () => {
    const order = await orderOf(t, rep, 'WEBPAY');
    expect((await sendLink(buyer, order.id)).json()).toMatchObject({ status: 403, message: PAYMENT_LINK_MSG.onlyRep });
    const otherRep = await repFor(MARTIN, 'C76234567');
    expect((await sendLink(otherRep, order.id)).statusCode).toBe(404);
    const other = await buyerOf(t, OTHER_RUT);
    expect((await sendLink(other, order.id)).statusCode).toBe(403);

    const card = await post(t, '/api/user/tbk/create', rep.token, { buy_order: order.purchaseOrderNumber });
    expect(card.json()).toMatchObject({ status: 403, message: PAYMENT_LINK_MSG.repMustSendLink });
    const transfer = await post(t, '/api/user/khipu/payments', rep.token, { orderReference: order.purchaseOrderNumber });
    expect(transfer.json()).toMatchObject({ status: 403, message: PAYMENT_LINK_MSG.repMustSendLink });
    const account = await post(t, '/api/user/b1/pay-account', rep.token, { paymentId: 'x' });
    expect(account.json()).toMatchObject({ status: 403, message: PAYMENT_LINK_MSG.repMustSendLink });
  });

  it('a credit order has no payment link', async () => {
    const order = await orderOf(t, rep, 'WEBPAY');
    await t.database.db.execute(sql`update orders set payment_method = 'CREDIT' where id = ${order.id}`);
    expect((await sendLink(rep, order.id)).statusCode).toBe(409);
  });
});

describe('the customer pays through the link, without logging in', () => {
  it('by card on WebPay: the order is PAID once and sent to the ERP once; the link is then used', async () => {
    const { order, token } = await linkedOrder('WEBPAY');
    const page = (await view(token)).json<PaymentLinkView>();
    expect(page).toMatchObject({ state: 'OPEN', message: '', orderNumber: order.purchaseOrderNumber, amount: order.totals.total, providers: ['WEBPAY'], payment: null });
    expect(page.companyName).toBe(rep.profile.nombre);
    expect(page.lines.map((l) => [l.sku, l.quantity])).toEqual([
      ['POL-1001-M', 2],
      ['POL-1003-M', 1],
    ]);

    const started = await pay(token, 'WEBPAY');
    expect(started.statusCode).toBe(200);
    const body = started.json<PaymentLinkPayResponse>();
    // a second click reuses the started payment
    expect((await pay(token, 'WEBPAY')).json<PaymentLinkPayResponse>()).toEqual(body);
    // while the customer pays, the rep cannot send another link
    expect((await sendLink(rep, order.id)).json()).toMatchObject({ status: 409, message: `Ya hay un pago en curso para el pedido ${order.purchaseOrderNumber}` });
    const tx = t.webpay.transaction(body.token)!;
    expect(tx.amount).toBe(order.totals.total);
    const payment = (await t.database.db.select().from(payments).where(eq(payments.orderId, order.id)))[0]!;
    // the payment is the order's person's and company's, as if they had paid it
    expect(payment).toMatchObject({ userId: rep.id, cardCode: 'C76123456', purpose: 'ORDER', amount: order.totals.total });

    const ret = t.webpay.pay(body.token, 'visa');
    const back = await t.webpay.followReturn(ret);
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`/pagar/${token}?resultado=1`);
    expect(await storedOrder(t, order.id)).toMatchObject({ orderState: 'CONFIRMED' });
    const after = (await view(token)).json<PaymentLinkView>();
    expect(after).toMatchObject({ state: 'USED', message: PAYMENT_LINK_MSG.used, payment: { provider: 'WEBPAY', state: 'PAID' } });
    expect((await pay(token, 'WEBPAY')).json()).toMatchObject({ status: 410, message: PAYMENT_LINK_MSG.used });
    const link = (await t.database.db.select().from(paymentLinks).where(eq(paymentLinks.orderId, order.id)))[0]!;
    expect(link.paidAt).not.toBeNull();
    expect(link.paymentId).toBe(payment.id);

    await jobsSettled(t);
    expect(erpOrders(t, order.purchaseOrderNumber)).toHaveLength(1);
    expect(erpPayments(t, 'C76123456', order.purchaseOrderNumber)).toHaveLength(1);
    // a late return and the reconciler change nothing
    await t.webpay.followReturn(ret);
    await t.app.reconciler!.runOnce();
    await jobsSettled(t);
    expect(erpOrders(t, order.purchaseOrderNumber)).toHaveLength(1);
    expect((await call(t.app, { method: 'GET', url: `/api/orders/${order.id}/payment-link`, token: rep.token })).json()).toMatchObject({
      state: 'USED',
      paymentState: 'PAID',
      message: PAYMENT_LINK_MSG.statePaid,
    });
  });

  it('by transfer on Khipu: the same, back to the link page', async () => {
    const { order, token } = await linkedOrder('KHIPU');
    expect((await pay(token, 'WEBPAY')).statusCode).toBe(400);
    const started = await pay(token, 'KHIPU');
    expect(started.statusCode).toBe(200);
    const payment = (await t.database.db.select().from(payments).where(eq(payments.orderId, order.id)))[0]!;
    expect(payment).toMatchObject({ provider: 'KHIPU', userId: rep.id, cardCode: 'C76123456' });
    await t.khipu.pay(payment.providerId!);
    await until(async () => (await storedOrder(t, order.id)).orderState === 'CONFIRMED');
    expect((await view(token)).json<PaymentLinkView>()).toMatchObject({ state: 'USED', payment: { provider: 'KHIPU', state: 'PAID' } });
    await jobsSettled(t);
    expect(erpOrders(t, order.purchaseOrderNumber)).toHaveLength(1);
    expect(erpPayments(t, 'C76123456', order.purchaseOrderNumber)).toHaveLength(1);
  });
});

describe('the link refused, with a clear Spanish page', () => {
  it('an unknown token', async () => {
    expect((await view('no-such-link')).json()).toMatchObject({ status: 404, message: PAYMENT_LINK_MSG.invalid });
    expect((await view('A'.repeat(43))).json()).toMatchObject({ status: 404, message: PAYMENT_LINK_MSG.invalid });
    expect((await pay('A'.repeat(43), 'WEBPAY')).json()).toMatchObject({ status: 404, message: PAYMENT_LINK_MSG.invalid });
  });

  it('after its expiry; the order waits for the link until then, and is canceled after', async () => {
    const { order, token } = await linkedOrder('WEBPAY');
    // older than the sweep of abandoned orders (30 min), the link still live: the order waits
    await t.database.db.execute(sql`update orders set created_at = now() - interval '2 hours' where id = ${order.id}`);
    await t.app.reconciler!.runOnce();
    expect(await storedOrder(t, order.id)).toMatchObject({ orderState: 'PROCESS' });

    await t.database.db.execute(sql`update payment_links set expires_at = now() - interval '1 minute' where order_id = ${order.id}`);
    expect((await view(token)).json<PaymentLinkView>()).toMatchObject({ state: 'EXPIRED', message: PAYMENT_LINK_MSG.expired });
    expect((await pay(token, 'WEBPAY')).json()).toMatchObject({ status: 410, message: PAYMENT_LINK_MSG.expired });
    await t.app.reconciler!.runOnce();
    expect(await storedOrder(t, order.id)).toMatchObject({ orderState: 'CANCELED' });
  });

  it('when the order’s amount changed, or the order was canceled', async () => {
    const changed = await linkedOrder('WEBPAY');
    await t.database.db.execute(sql`update orders set total = total + 1000 where id = ${changed.order.id}`);
    expect((await view(changed.token)).json<PaymentLinkView>()).toMatchObject({ state: 'CHANGED', message: PAYMENT_LINK_MSG.changed });
    expect((await pay(changed.token, 'WEBPAY')).json()).toMatchObject({ status: 409, message: PAYMENT_LINK_MSG.changed });
    expect(await t.database.db.select().from(payments).where(eq(payments.orderId, changed.order.id))).toHaveLength(0);

    const canceled = await linkedOrder('KHIPU');
    await t.database.db.execute(sql`update orders set order_state = 'CANCELED' where id = ${canceled.order.id}`);
    expect((await pay(canceled.token, 'KHIPU')).json()).toMatchObject({ status: 409, message: PAYMENT_LINK_MSG.changed });
  });

  it('used twice: a payment through it was decided (refused by the bank)', async () => {
    const { order, token } = await linkedOrder('WEBPAY');
    const body = (await pay(token, 'WEBPAY')).json<PaymentLinkPayResponse>();
    await t.webpay.followReturn(t.webpay.pay(body.token, 'mastercard'));
    expect(await storedOrder(t, order.id)).toMatchObject({ orderState: 'CANCELED' });
    expect((await view(token)).json<PaymentLinkView>()).toMatchObject({ state: 'USED', message: PAYMENT_LINK_MSG.used, payment: { state: 'REJECTED' } });
    expect((await pay(token, 'WEBPAY')).json()).toMatchObject({ status: 410, message: PAYMENT_LINK_MSG.used });
  });
});
