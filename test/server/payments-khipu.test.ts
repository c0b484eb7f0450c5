import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { khipuSignature } from '@mocks/khipu/server';
import type { ErpPaymentResponse, KhipuCreateResponse, TransferPaymentStatus } from '@shared/api/payments';
import type { Order } from '@shared/api/orders';
import { outbox } from '@server/db/schema';
import { KhipuClient, KhipuError, parseKhipuAmount, verifyNotificationSignature, type KhipuPayment } from '@server/integrations/khipu';
import { judgeKhipuAnswer, KHIPU_NOTIFY_TEXTS, KHIPU_NOTIFY_WINDOW_MS, KhipuPayments } from '@server/payments/khipu.service';
import type { PaymentService } from '@server/payments/payments.service';
import { call, type TestApp } from './helpers';
import {
  age,
  BUYER_RUT,
  buyerOf,
  cartCount,
  erpJobsOf,
  erpOrders,
  erpPayments,
  jobsSettled,
  khipuNotifyUrl,
  orderOf,
  OTHER_RUT,
  paymentsApp,
  post,
  postsTo,
  spyErpPosts,
  storedOrder,
  storedPayment,
  until,
  type Buyer,
} from './payments-fixtures';

let t: TestApp;
let buyer: Buyer;
let other: Buyer;
const erpPost = spyErpPosts();

beforeAll(async () => {
  t = await paymentsApp();
  buyer = await buyerOf(t, BUYER_RUT);
  other = await buyerOf(t, OTHER_RUT);
}, 60_000);
afterAll(async () => {
  erpPost.mockRestore();
  await t.close();
});

const create = (b: Buyer, payload: object) => post(t, '/api/user/khipu/payments', b.token, payload);
const poll = (b: Buyer, id: string) => call(t.app, { method: 'GET', url: `/api/user/khipu/payments/${id}`, token: b.token });
const confirmPoll = (b: Buyer, id: string) => call(t.app, { method: 'POST', url: `/api/user/khipu/payments/${id}/confirm`, token: b.token });
const notify = (body: string, signature: string) =>
  t.app.inject({ method: 'POST', url: '/api/payments/khipu/notify', headers: { 'content-type': 'application/json', 'x-khipu-signature': signature }, payload: body });

async function started(b: Buyer, order: Order): Promise<KhipuCreateResponse> {
  const res = await create(b, { orderReference: order.purchaseOrderNumber, amount: 1 });
  expect(res.statusCode).toBe(200);
  return res.json<KhipuCreateResponse>();
}

/** The notification of this payment will not reach the portal (lost on the way). */
const loseNotification = (id: string) => {
  t.khipu.payments.get(id)!.notify_url = 'http://127.0.0.1:9/lost';
};

const ordersPosted = (number: string) => postsTo(erpPost, 'Orders', (b) => b.NumAtCard === number);
const paymentsPosted = (number: string) => postsTo(erpPost, 'IncomingPayments', (b) => b.CounterReference === number);

describe('a bank-transfer payment of an order', () => {
  it('is created with the server amount, a Spanish subject, PP transaction id and the portal URLs', async () => {
    const order = await orderOf(t, buyer, 'KHIPU');
    const created = await started(buyer, order);
    expect(created).toMatchObject({ amount: order.totals.total, currency: 'CLP' });
    expect(created.transaction_id).toMatch(/^PP\d{13}$/);
    const at = t.khipu.payment(created.payment_id)!;
    expect(at).toMatchObject({
      amount: order.totals.total,
      currency: 'CLP',
      subject: `Pedido ${order.purchaseOrderNumber} - Textil Andino`,
      transaction_id: created.transaction_id,
      return_url: `${t.url}/return?paymentId=${created.transaction_id}`,
      cancel_url: `${t.url}/return?paymentId=${created.transaction_id}&cancel=1`,
      notify_url: `${t.url}/api/payments/khipu/notify`,
      notify_api_version: '3.0',
    });
    // a second create (a reload) answers the same charge
    expect((await started(buyer, order)).payment_id).toBe(created.payment_id);
    // pending: nothing changes
    const status = (await poll(buyer, created.payment_id)).json<TransferPaymentStatus>();
    expect(status).toMatchObject({ state: 'CREATED', status: 'pending', orderState: 'PROCESS', provider: 'KHIPU', transaction_id: created.transaction_id });
    // the return URL's paymentId (the transaction id) works too
    expect((await poll(buyer, created.transaction_id)).json<TransferPaymentStatus>()).toMatchObject({ payment_id: created.payment_id });
  });

  it('done, seen by the browser poll: CONFIRMED with the transaction id as numOc, cart emptied, one ERP order and payment', async () => {
    const order = await orderOf(t, buyer, 'KHIPU');
    const created = await started(buyer, order);
    loseNotification(created.payment_id);
    await t.khipu.pay(created.payment_id);
    const status = (await poll(buyer, created.payment_id)).json<TransferPaymentStatus>();
    expect(status).toMatchObject({ state: 'PAID', status: 'done', status_detail: 'normal', orderState: 'CONFIRMED', orderReference: order.purchaseOrderNumber, amount: order.totals.total });
    expect(status.receipt_url).toMatch(/^http/);
    expect(await storedOrder(t, order.id)).toMatchObject({ orderState: 'CONFIRMED', numOc: created.transaction_id });
    expect(await cartCount(t, buyer)).toBe(0);
    // more polls and the confirm change nothing
    await Promise.all([poll(buyer, created.payment_id), confirmPoll(buyer, created.payment_id), t.app.reconciler!.runOnce({ minAgeMs: 0 })]);
    await jobsSettled(t);
    const docs = erpOrders(t, order.purchaseOrderNumber);
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ U_FormaPago: '4' });
    const incoming = erpPayments(t, 'C76123456', order.purchaseOrderNumber);
    expect(incoming).toHaveLength(1);
    expect(incoming[0]!.PaymentCreditCards).toEqual([
      expect.objectContaining({ CreditCard: 3, PaymentMethodCode: 4, NumOfPayments: 1, CreditSum: order.totals.total, CreditCardNumber: null, VoucherNum: null }),
    ]);
    expect(incoming[0]!.Remarks).toContain(created.transaction_id);
    expect(ordersPosted(order.purchaseOrderNumber)).toBe(1);
    expect(paymentsPosted(order.purchaseOrderNumber)).toBe(1);
    const account = await post(t, '/api/user/b1/pay-account', buyer.token, { paymentId: created.payment_id });
    expect(account.json<ErpPaymentResponse>()).toEqual({ erp: 'SENT', message: 'Pago registrado en el ERP' });
  });

  it('done, told by the signed notification alone', async () => {
    const order = await orderOf(t, buyer, 'KHIPU');
    const created = await started(buyer, order);
    await t.khipu.pay(created.payment_id);
    const attempts = await t.khipu.waitForNotification(created.payment_id);
    expect(attempts.at(-1)).toMatchObject({ delivered: true, status: 200 });
    expect(await storedPayment(t, { providerId: created.payment_id })).toMatchObject({ state: 'PAID' });
    expect(await storedOrder(t, order.id)).toMatchObject({ orderState: 'CONFIRMED', numOc: created.transaction_id });
    await jobsSettled(t);
    expect(erpOrders(t, order.purchaseOrderNumber)).toHaveLength(1);
    expect(erpPayments(t, 'C76123456', order.purchaseOrderNumber)).toHaveLength(1);

    // Khipu sends it again (a retry): 200, nothing more
    const last = attempts.at(-1)!;
    const again = await notify(last.body, khipuSignature(last.body, t.khipu.secret, Date.now()));
    expect(again.statusCode).toBe(200);
    await jobsSettled(t);
    expect(ordersPosted(order.purchaseOrderNumber)).toBe(1);
    expect(paymentsPosted(order.purchaseOrderNumber)).toBe(1);
    const payment = await storedPayment(t, { providerId: created.payment_id });
    const jobs = await t.database.db.select().from(outbox).where(eq(outbox.kind, 'erp.payment'));
    expect(jobs.filter((j) => (j.payload as { paymentId: number }).paymentId === payment.id)).toHaveLength(1);
  });

  it('done while the tab was closed and the notification lost: the reconciler confirms it', async () => {
    const order = await orderOf(t, buyer, 'KHIPU');
    const created = await started(buyer, order);
    loseNotification(created.payment_id);
    await t.khipu.pay(created.payment_id);
    const payment = await storedPayment(t, { providerId: created.payment_id });
    await age(t, payment.id, 2);
    await t.app.reconciler!.runOnce();
    expect(await storedOrder(t, order.id)).toMatchObject({ orderState: 'CONFIRMED', numOc: created.transaction_id });
    await jobsSettled(t);
    expect(erpOrders(t, order.purchaseOrderNumber)).toHaveLength(1);
    expect(erpPayments(t, 'C76123456', order.purchaseOrderNumber)).toHaveLength(1);
  });

  it('rejected by the payer: CANCELED, nothing in the ERP', async () => {
    const order = await orderOf(t, buyer, 'KHIPU');
    const created = await started(buyer, order);
    t.khipu.reject(created.payment_id);
    const status = (await confirmPoll(buyer, created.payment_id)).json<TransferPaymentStatus>();
    expect(status).toMatchObject({ state: 'REJECTED', status: 'done', status_detail: 'rejected-by-payer', orderState: 'CANCELED' });
    expect(await cartCount(t, buyer)).toBe(2);
    await jobsSettled(t);
    expect(erpOrders(t, order.purchaseOrderNumber)).toHaveLength(0);
  });

  it('still verifying: nothing changes; a pending charge past its lifetime is deleted at Khipu and EXPIRED', async () => {
    t.khipu.setVerification({ autoVerify: false });
    try {
      const order = await orderOf(t, buyer, 'KHIPU');
      const created = await started(buyer, order);
      loseNotification(created.payment_id);
      await t.khipu.pay(created.payment_id);
      const payment = await storedPayment(t, { providerId: created.payment_id });
      await age(t, payment.id, 60 * 5);
      await t.app.reconciler!.runOnce();
      expect((await poll(buyer, created.payment_id)).json<TransferPaymentStatus>()).toMatchObject({ state: 'CREATED', status: 'verifying' });
      t.khipu.complete(created.payment_id);
      expect((await poll(buyer, created.payment_id)).json<TransferPaymentStatus>()).toMatchObject({ state: 'PAID' });

      const late = await orderOf(t, buyer, 'KHIPU');
      const unpaid = await started(buyer, late);
      await age(t, (await storedPayment(t, { providerId: unpaid.payment_id })).id, 60 * 5);
      await t.app.reconciler!.runOnce();
      expect(await storedPayment(t, { providerId: unpaid.payment_id })).toMatchObject({ state: 'EXPIRED' });
      expect(await storedOrder(t, late.id)).toMatchObject({ orderState: 'CANCELED' });
      expect(t.khipu.payment(unpaid.payment_id)).toBeUndefined(); // deleted: it can no longer be paid
    } finally {
      t.khipu.setVerification({ autoVerify: true });
    }
  });
});

describe('the notification: a trigger to read Khipu, never the evidence', () => {
  // Khipu's public test vector (its secret is the stand-in's default merchant secret).
  const VECTOR_SIGNATURE = 't=1711965600393,s=rq08YUGSaWa1D0RAwhMnJTRHMNmY4ToCn2Gd6G9LaDg=';
  const VECTOR_BODY =
    '{"payment_id":"zfxnocsow6mz","receiver_id":990939,"subject":"TEST_COBRO","amount":"1000.0000","discount":"0.0000","currency":"CLP","receipt_url":"https:\\/\\/s3.amazonaws.com\\/staging.notifications.khipu.com\\/CPKH-1804240956-zfxnocsow6mz.pdf","bank":"DemoBank","bank_id":"Bawdf","payer_name":"Cobrador de desarrollo #990.939","payer_email":"test@khipu.com","personal_identifier":"44.444.444-4","bank_account_number":"000000000000444444444","out_of_date_conciliation":false,"transaction_id":"15f836bd-e8a7-4d12-b2f1-56403012b555","authorizer_operation_code":"AUT-20240418-0001","responsible_user_email":"test@khipu.com","payment_method":"simplified_transfer","conciliation_date":"2024-04-18T13:56:54.859Z"}';
  const MINUTE = 60_000;
  const signedNow = (body: string) => khipuSignature(body, t.khipu.secret, Date.now());

  let getPayment: jest.SpyInstance;
  let logError: jest.SpyInstance;
  beforeEach(() => {
    getPayment = jest.spyOn(KhipuClient.prototype, 'getPayment');
    logError = jest.spyOn(t.app.log, 'error');
  });
  afterEach(() => {
    getPayment.mockRestore();
    logError.mockRestore();
  });
  const readsOf = (khipuId: string) => getPayment.mock.calls.filter(([id]) => id === khipuId).length;

  /** An order whose charge Khipu has as paid, its own notification lost on the way. */
  async function paidAtKhipu(): Promise<{ order: Order; created: KhipuCreateResponse }> {
    const order = await orderOf(t, buyer, 'KHIPU');
    const created = await started(buyer, order);
    loseNotification(created.payment_id);
    await t.khipu.pay(created.payment_id);
    return { order, created };
  }

  /** Nothing was applied: the payment waits, the order is in PROCESS, no ERP work. */
  async function nothingApplied(order: Order, created: KhipuCreateResponse): Promise<void> {
    expect(await storedPayment(t, { providerId: created.payment_id })).toMatchObject({ state: 'CREATED', outcomeAppliedAt: null });
    expect(await storedOrder(t, order.id)).toMatchObject({ orderState: 'PROCESS' });
    expect(await erpJobsOf(t, order.purchaseOrderNumber, created.transaction_id)).toEqual([]);
  }

  it("Khipu's public test vector verifies, but signed in 2024 it is refused as stale; signed now it is read (not the portal's: 200)", async () => {
    expect(t.khipu.secret).toBe('1a4cbbbeb8bdb7e1d73572b9cc43ce4ce18f79d9');
    expect(verifyNotificationSignature(VECTOR_BODY, VECTOR_SIGNATURE, t.khipu.secret)).toBe(true);
    const stale = await notify(VECTOR_BODY, VECTOR_SIGNATURE);
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual({ status: 401, message: 'Notificación fuera del plazo aceptado: su fecha de firma es muy antigua o futura' });
    const fresh = await notify(VECTOR_BODY, signedNow(VECTOR_BODY));
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toEqual({ status: 200, message: 'Notificación recibida' });
    expect(getPayment).not.toHaveBeenCalled(); // not a payment of the portal: nothing to read
  });

  it('refuses a tampered body, a wrong secret, a missing signature, a re-serialised body: 401; no xsrf or session is needed', async () => {
    const signature = signedNow(VECTOR_BODY);
    const bad = await notify(VECTOR_BODY.replace('1000.0000', '9000.0000'), signature);
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ status: 401, message: 'Firma de la notificación inválida' });
    const now = Date.now();
    const wrong = createHmac('sha256', 'otro-secreto').update(`${now}.${VECTOR_BODY}`).digest('base64');
    expect((await notify(VECTOR_BODY, `t=${now},s=${wrong}`)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/payments/khipu/notify', headers: { 'content-type': 'application/json' }, payload: VECTOR_BODY })).statusCode).toBe(401);
    // a re-serialised body (slashes not escaped) is not what was signed
    expect((await notify(JSON.stringify(JSON.parse(VECTOR_BODY)), signature)).statusCode).toBe(401);
    // signed, but not a notification: 400
    for (const body of ['no es json', '{"amount":"1000.0000"}', '[1]']) {
      const res = await notify(body, signedNow(body));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 400, message: 'Notificación inválida' });
    }
    expect(getPayment).not.toHaveBeenCalled();
  });

  it('a forged signature for a payment Khipu has as paid: 401, nothing read, nothing applied', async () => {
    const { order, created } = await paidAtKhipu();
    const forged = await t.khipu.notify(created.payment_id, { secret: 'no-es-el-secreto', url: khipuNotifyUrl(t) });
    expect(forged).toMatchObject({ status: 401, delivered: false });
    expect(readsOf(created.payment_id)).toBe(0);
    await nothingApplied(order, created);
  });

  it('signed outside the window (15 min by default), in the past or the future: 401, nothing read; inside it: read and PAID', async () => {
    const { order, created } = await paidAtKhipu();
    const url = khipuNotifyUrl(t);
    for (const timestampMs of [Date.now() - 30 * 24 * 60 * MINUTE, Date.now() - 16 * MINUTE, Date.now() + 16 * MINUTE]) {
      expect(await t.khipu.notify(created.payment_id, { timestampMs, url })).toMatchObject({ status: 401, delivered: false });
    }
    expect(readsOf(created.payment_id)).toBe(0);
    await nothingApplied(order, created);

    expect(await t.khipu.notify(created.payment_id, { timestampMs: Date.now() - 10 * MINUTE, url })).toMatchObject({ status: 200, delivered: true });
    expect(readsOf(created.payment_id)).toBe(1);
    expect(await storedPayment(t, { providerId: created.payment_id })).toMatchObject({ state: 'PAID' });
    expect(await storedOrder(t, order.id)).toMatchObject({ orderState: 'CONFIRMED', numOc: created.transaction_id });
  });

  it('validly signed for a charge Khipu still has as pending (or verifying): 200, nothing applied, the cart untouched, no ERP work', async () => {
    const order = await orderOf(t, buyer, 'KHIPU');
    const created = await started(buyer, order);
    expect((await post(t, '/api/user/cart', buyer.token, { sku: 'POL-1001-M', quantity: 1 })).statusCode).toBeLessThan(300);
    const cartBefore = await cartCount(t, buyer);
    // the body says what a paid one says: it does not matter
    const claim = { payment_method: 'simplified_transfer', conciliation_date: new Date().toISOString(), status: 'done', status_detail: 'normal' };
    const res = await t.khipu.notify(created.payment_id, { bodyOverride: claim });
    expect(res).toMatchObject({ status: 200, delivered: true });
    expect(readsOf(created.payment_id)).toBe(1);
    await nothingApplied(order, created);
    expect(await cartCount(t, buyer)).toBe(cartBefore);

    t.khipu.setVerification({ autoVerify: false });
    try {
      await t.khipu.pay(created.payment_id);
      expect(await t.khipu.notify(created.payment_id, { bodyOverride: claim })).toMatchObject({ status: 200 });
      await nothingApplied(order, created);
      expect((await poll(buyer, created.payment_id)).json<TransferPaymentStatus>()).toMatchObject({ state: 'CREATED', status: 'verifying' });
      // Khipu conciliates it: its own notification settles it
      t.khipu.complete(created.payment_id);
      await t.khipu.waitForNotification(created.payment_id);
      expect(await storedOrder(t, order.id)).toMatchObject({ orderState: 'CONFIRMED' });
      expect(await cartCount(t, buyer)).toBe(cartBefore);
    } finally {
      t.khipu.setVerification({ autoVerify: true });
    }
  });

  it("a failed payment's notification (the payer rejected it): read back, REJECTED, order CANCELED, its lines back in the cart", async () => {
    const order = await orderOf(t, buyer, 'KHIPU');
    const created = await started(buyer, order);
    expect(await cartCount(t, buyer)).toBe(0);
    t.khipu.reject(created.payment_id);
    const attempts = await t.khipu.waitForNotification(created.payment_id);
    expect(attempts.at(-1)).toMatchObject({ status: 200, delivered: true });
    expect(readsOf(created.payment_id)).toBe(1);
    expect(await storedPayment(t, { providerId: created.payment_id })).toMatchObject({ state: 'REJECTED', result: expect.objectContaining({ status: 'done', status_detail: 'rejected-by-payer' }) });
    expect(await storedOrder(t, order.id)).toMatchObject({ orderState: 'CANCELED' });
    expect(await cartCount(t, buyer)).toBe(2);
    await jobsSettled(t);
    expect(erpOrders(t, order.purchaseOrderNumber)).toHaveLength(0);
    expect(await erpJobsOf(t, order.purchaseOrderNumber, created.transaction_id)).toEqual([]);
  });

  it("claims another amount while Khipu's own record is right and paid: PAID (the body's amount is irrelevant)", async () => {
    const { order, created } = await paidAtKhipu();
    const res = await t.khipu.notify(created.payment_id, { bodyOverride: { amount: '1000.0000', currency: 'USD', transaction_id: 'PP0000000000000' }, url: khipuNotifyUrl(t) });
    expect(res).toMatchObject({ status: 200, delivered: true });
    expect(await storedPayment(t, { providerId: created.payment_id })).toMatchObject({ state: 'PAID', amount: order.totals.total });
    expect(await storedOrder(t, order.id)).toMatchObject({ orderState: 'CONFIRMED', numOc: created.transaction_id });
    await jobsSettled(t);
    expect(erpPayments(t, 'C76123456', order.purchaseOrderNumber)).toHaveLength(1);
  });

  it("Khipu's own record with another amount or currency: nothing applied (logged with both amounts), the order stays PROCESS; the right record later settles it", async () => {
    const order = await orderOf(t, buyer, 'KHIPU');
    const created = await started(buyer, order);
    const wrong = order.totals.total - 1000;
    t.khipu.alter(created.payment_id, { amount: wrong });
    await t.khipu.pay(created.payment_id);
    const attempts = await t.khipu.waitForNotification(created.payment_id);
    expect(attempts.at(-1)).toMatchObject({ status: 200, delivered: true });
    await nothingApplied(order, created);
    expect(logError).toHaveBeenCalledWith(
      expect.objectContaining({ khipuId: created.payment_id, expected: expect.objectContaining({ amount: order.totals.total }), khipu: expect.objectContaining({ amount: wrong, status: 'done', statusDetail: 'normal' }) }),
      expect.stringContaining('no coincide'),
    );
    // the browser's polls and the reconciler read the same answer: nothing either
    expect((await poll(buyer, created.payment_id)).json<TransferPaymentStatus>()).toMatchObject({ state: 'CREATED', orderState: 'PROCESS' });
    expect((await confirmPoll(buyer, created.payment_id)).json<TransferPaymentStatus>()).toMatchObject({ state: 'CREATED' });
    const payment = await storedPayment(t, { providerId: created.payment_id });
    await age(t, payment.id, 60 * 5); // past its lifetime: still never canceled on a mismatch
    await t.app.reconciler!.runOnce();
    await nothingApplied(order, created);
    expect(payment.result).toMatchObject({ portal_note: `monto ${wrong} en vez de ${order.totals.total}` });

    t.khipu.alter(created.payment_id, { amount: order.totals.total, currency: 'USD' });
    await t.app.reconciler!.runOnce();
    await nothingApplied(order, created);
    expect(logError).toHaveBeenLastCalledWith(expect.objectContaining({ problem: 'moneda USD en vez de CLP' }), expect.any(String));

    t.khipu.alter(created.payment_id, { currency: 'CLP' });
    await t.app.reconciler!.runOnce();
    expect(await storedPayment(t, { providerId: created.payment_id })).toMatchObject({ state: 'PAID' });
    expect(await storedOrder(t, order.id)).toMatchObject({ orderState: 'CONFIRMED', numOc: created.transaction_id });
  });

  it('another receiver: a body naming it is refused (400, nothing read); Khipu reporting the charge under it settles nothing', async () => {
    const { order, created } = await paidAtKhipu();
    const res = await t.khipu.notify(created.payment_id, { bodyOverride: { receiver_id: 123 }, url: khipuNotifyUrl(t) });
    expect(res).toMatchObject({ status: 400, delivered: false });
    expect(readsOf(created.payment_id)).toBe(0);
    await nothingApplied(order, created);

    t.khipu.alter(created.payment_id, { receiver_id: 123 });
    const signedRight = await t.khipu.notify(created.payment_id, { bodyOverride: { receiver_id: t.khipu.receiverId }, url: khipuNotifyUrl(t) });
    expect(signedRight).toMatchObject({ status: 200 });
    expect(readsOf(created.payment_id)).toBe(1);
    await nothingApplied(order, created);
    expect(logError).toHaveBeenCalledWith(expect.objectContaining({ problem: `cobrador 123 en vez de ${t.khipu.receiverId}` }), expect.any(String));

    t.khipu.alter(created.payment_id, { receiver_id: undefined });
    expect((await poll(buyer, created.payment_id)).json<TransferPaymentStatus>()).toMatchObject({ state: 'PAID', orderState: 'CONFIRMED' });
  });

  it('replayed after PAID: 200, nothing read, nothing applied twice', async () => {
    const order = await orderOf(t, buyer, 'KHIPU');
    const created = await started(buyer, order);
    await t.khipu.pay(created.payment_id);
    await t.khipu.waitForNotification(created.payment_id);
    expect(await storedPayment(t, { providerId: created.payment_id })).toMatchObject({ state: 'PAID' });
    const reads = readsOf(created.payment_id);
    const last = t.khipu.notifications(created.payment_id).at(-1)!;
    const replays = await Promise.all([
      notify(last.body, signedNow(last.body)),
      t.khipu.notify(created.payment_id),
      t.khipu.notify(created.payment_id, { bodyOverride: { amount: '1.0000' } }),
    ]);
    expect(replays.map((r) => ('statusCode' in r ? r.statusCode : r.status))).toEqual([200, 200, 200]);
    expect(readsOf(created.payment_id)).toBe(reads);
    await jobsSettled(t);
    expect(await erpJobsOf(t, order.purchaseOrderNumber, created.transaction_id)).toHaveLength(2);
    expect(ordersPosted(order.purchaseOrderNumber)).toBe(1);
    expect(paymentsPosted(order.purchaseOrderNumber)).toBe(1);
  });

  it('Khipu unreachable while reading: 503 (Khipu retries), nothing applied; the retry settles it', async () => {
    const { order, created } = await paidAtKhipu();
    t.khipu.setFaults({ refuse: true });
    try {
      const res = await t.khipu.notify(created.payment_id, { url: khipuNotifyUrl(t) });
      expect(res).toMatchObject({ status: 503, delivered: false });
    } finally {
      t.khipu.setFaults({ refuse: false });
    }
    await nothingApplied(order, created);
    expect(await t.khipu.notify(created.payment_id, { url: khipuNotifyUrl(t) })).toMatchObject({ status: 200 });
    expect(await storedOrder(t, order.id)).toMatchObject({ orderState: 'CONFIRMED' });
  });
});

describe('expiry: only when Khipu shows the charge can no longer be paid', () => {
  const realDelete = KhipuClient.prototype.deletePayment;
  let deletePayment: jest.SpyInstance;
  afterEach(() => deletePayment?.mockRestore());
  const notFound = () => new KhipuError({ status: 404, code: 'KHIPU_NOT_FOUND', message: 'Pago no encontrado' });
  /** What Khipu does when the portal deletes this charge (other charges are deleted as usual). */
  const onDelete = (khipuId: string, happen: (id: string) => Promise<never>) => {
    deletePayment = jest.spyOn(KhipuClient.prototype, 'deletePayment').mockImplementation(function (this: KhipuClient, id: string) {
      return id === khipuId ? happen(id) : realDelete.call(this, id);
    });
  };

  /** An order whose charge is still pending at Khipu and older than its lifetime by the portal's clock. */
  async function overdue(): Promise<{ order: Order; created: KhipuCreateResponse; paymentId: number }> {
    const order = await orderOf(t, buyer, 'KHIPU');
    const created = await started(buyer, order);
    loseNotification(created.payment_id);
    const payment = await storedPayment(t, { providerId: created.payment_id });
    await age(t, payment.id, 60 * 5);
    return { order, created, paymentId: payment.id };
  }

  it('Khipu refuses the delete (the payer started paying meanwhile): not EXPIRED, the order stays PROCESS', async () => {
    const { order, created } = await overdue();
    onDelete(created.payment_id, async () => {
      throw new KhipuError({ status: 400, code: 'KHIPU_INVALID_REQUEST', message: 'Solo se pueden borrar pagos pendientes' });
    });
    await t.app.reconciler!.runOnce();
    expect(await storedPayment(t, { providerId: created.payment_id })).toMatchObject({ state: 'CREATED' });
    expect(await storedOrder(t, order.id)).toMatchObject({ orderState: 'PROCESS' });
    expect(t.khipu.payment(created.payment_id)).toMatchObject({ status: 'pending' });
  });

  it('the delete finds nothing and a new read shows it paid: PAID, not EXPIRED', async () => {
    const { order, created } = await overdue();
    onDelete(created.payment_id, async (id) => {
      await t.khipu.pay(id);
      throw notFound();
    });
    await t.app.reconciler!.runOnce();
    expect(await storedPayment(t, { providerId: created.payment_id })).toMatchObject({ state: 'PAID' });
    expect(await storedOrder(t, order.id)).toMatchObject({ orderState: 'CONFIRMED' });
  });

  it('the delete finds nothing and Khipu no longer knows the charge: EXPIRED, order CANCELED', async () => {
    const { order, created } = await overdue();
    onDelete(created.payment_id, async (id) => {
      t.khipu.payments.delete(id);
      throw notFound();
    });
    await t.app.reconciler!.runOnce();
    expect(await storedPayment(t, { providerId: created.payment_id })).toMatchObject({ state: 'EXPIRED' });
    expect(await storedOrder(t, order.id)).toMatchObject({ orderState: 'CANCELED' });
  });

  it('a notification of an overdue pending charge settles it the same way (deleted at Khipu, EXPIRED)', async () => {
    const { order, created } = await overdue();
    expect(await t.khipu.notify(created.payment_id, { url: khipuNotifyUrl(t) })).toMatchObject({ status: 200 });
    expect(await storedPayment(t, { providerId: created.payment_id })).toMatchObject({ state: 'EXPIRED' });
    expect(await storedOrder(t, order.id)).toMatchObject({ orderState: 'CANCELED' });
    expect(t.khipu.payment(created.payment_id)).toBeUndefined();
  });
});

describe('the notification window setting', () => {
  const log = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };
  const khipuFor = (notifyWindowMs?: number) =>
    new KhipuPayments({
      service: { find: async () => undefined } as unknown as PaymentService,
      client: {} as KhipuClient,
      secret: 'secreto-del-comercio',
      publicUrl: 'http://localhost',
      brandName: 'Textil Andino',
      log,
      notifyWindowMs,
    });
  const body = Buffer.from('{"payment_id":"abcdefghijkl","receiver_id":990939}');
  const signedAgo = (ms: number) => khipuSignature(body.toString(), 'secreto-del-comercio', Date.now() - ms);

  it('15 minutes by default, both ways; khipuNotifyWindowMs changes it', async () => {
    expect(KHIPU_NOTIFY_WINDOW_MS).toBe(15 * 60_000);
    const byDefault = khipuFor();
    expect((await byDefault.notify(body, signedAgo(14 * 60_000))).status).toBe(200);
    expect((await byDefault.notify(body, signedAgo(-14 * 60_000))).status).toBe(200);
    expect((await byDefault.notify(body, signedAgo(16 * 60_000))).status).toBe(401);
    expect((await byDefault.notify(body, signedAgo(-16 * 60_000))).status).toBe(401);
    const narrow = khipuFor(60_000);
    expect((await narrow.notify(body, signedAgo(30_000))).status).toBe(200);
    expect(await narrow.notify(body, signedAgo(90_000))).toEqual({ status: 401, message: KHIPU_NOTIFY_TEXTS.stale });
    expect(log.warn).toHaveBeenLastCalledWith(expect.objectContaining({ windowMs: 60_000 }), expect.stringContaining('fuera del plazo'));
  });
});

describe("judgeKhipuAnswer: the decision on Khipu's own answer", () => {
  const charge = { providerId: 'abcdefghijkl', reference: 'PP1234567890123', amount: 25990 };
  const answer = (fields: Partial<KhipuPayment> = {}) =>
    ({ payment_id: 'abcdefghijkl', transaction_id: 'PP1234567890123', receiver_id: 990939, currency: 'CLP', amount: 25990, status: 'done', status_detail: 'normal', ...fields }) as KhipuPayment;

  it.each([
    [{}, 'paid'],
    [{ status_detail: 'marked-paid-by-receiver' }, 'paid'],
    [{ status_detail: 'rejected-by-payer' }, 'notPaid'],
    [{ status_detail: 'marked-as-abuse' }, 'notPaid'],
    [{ status_detail: 'reversed' }, 'notPaid'],
    [{ status: 'pending', status_detail: 'pending' }, 'open'],
    [{ status: 'verifying', status_detail: 'pending' }, 'open'],
    [{ status: 'done', status_detail: 'pending' }, 'unknown'],
    [{ status: 'canceled' }, 'unknown'],
    [{ payment_id: 'otropagoxxxx' }, 'mismatch'],
    [{ transaction_id: 'PP9999999999999' }, 'mismatch'],
    [{ transaction_id: null }, 'mismatch'],
    [{ receiver_id: 123 }, 'mismatch'],
    [{ receiver_id: Number.NaN }, 'mismatch'],
    [{ currency: 'USD' }, 'mismatch'],
    [{ amount: 25989 }, 'mismatch'],
    [{ amount: 25990.5 }, 'mismatch'],
    [{ amount: 1000, status_detail: 'rejected-by-payer' }, 'mismatch'],
    [{ amount: 1000, status: 'pending', status_detail: 'pending' }, 'mismatch'],
  ] as Array<[Partial<KhipuPayment>, string]>)('%j → %s', (fields, kind) => {
    expect(judgeKhipuAnswer(charge, answer(fields), 990939).kind).toBe(kind);
  });

  it('without a configured receiver, the receiver is not checked; the amount read from "25990.0000" is the same charge', () => {
    expect(judgeKhipuAnswer(charge, answer({ receiver_id: 123 })).kind).toBe('paid');
    expect(judgeKhipuAnswer(charge, answer({ amount: parseKhipuAmount('25990.0000') }), 990939).kind).toBe('paid');
  });
});

describe('who may', () => {
  it("another buyer's order or payment, an unknown order, nothing to pay", async () => {
    const order = await orderOf(t, buyer, 'KHIPU');
    expect((await create(other, { orderReference: order.purchaseOrderNumber })).json()).toEqual({ status: 404, message: 'Pedido no encontrado' });
    const created = await started(buyer, order);
    expect((await poll(other, created.payment_id)).statusCode).toBe(404);
    expect((await confirmPoll(other, created.payment_id)).statusCode).toBe(404);
    expect((await post(t, '/api/user/b1/pay-account', other.token, { paymentId: created.payment_id })).statusCode).toBe(404);
    expect((await create(buyer, { orderReference: 'OC999999' })).statusCode).toBe(404);
    expect((await create(buyer, {})).statusCode).toBe(400);
    const webpayOrder = await orderOf(t, buyer, 'WEBPAY');
    expect((await create(buyer, { orderReference: webpayOrder.purchaseOrderNumber })).statusCode).toBe(400);
  });

  it('Khipu down at create: 503, and the order can be paid afterwards', async () => {
    const order = await orderOf(t, buyer, 'KHIPU');
    t.khipu.setFaults({ refuse: true });
    try {
      const res = await create(buyer, { orderReference: order.purchaseOrderNumber });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(new RegExp(`^Tu pedido ${order.purchaseOrderNumber} quedó creado y pendiente de pago: Khipu no respondió`));
      expect(res.json().order).toEqual({ created: true, purchaseOrderNumber: order.purchaseOrderNumber, orderState: 'PROCESS', paymentStarted: false });
    } finally {
      t.khipu.setFaults({ refuse: false });
    }
    await until(async () => (await create(buyer, { orderReference: order.purchaseOrderNumber })).statusCode === 200);
  });
});
