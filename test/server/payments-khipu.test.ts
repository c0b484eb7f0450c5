import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { khipuJson, khipuSignature } from '../../mocks/khipu/server';
import type { ErpPaymentResponse, KhipuCreateResponse, TransferPaymentStatus } from '../../src/shared/api/payments';
import type { Order } from '../../src/shared/api/orders';
import { outbox, payments } from '../../src/server/db/schema';
import { call, type TestApp } from './helpers';
import {
  age,
  BUYER_RUT,
  buyerOf,
  cartCount,
  erpOrders,
  erpPayments,
  jobsSettled,
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

describe('the notification', () => {
  // PROTOCOLS.md §2: Khipu's public test vector (secret = the stand-in's default merchant secret).
  const VECTOR_SIGNATURE = 't=1711965600393,s=rq08YUGSaWa1D0RAwhMnJTRHMNmY4ToCn2Gd6G9LaDg=';
  const VECTOR_BODY =
    '{"payment_id":"zfxnocsow6mz","receiver_id":990939,"subject":"TEST_COBRO","amount":"1000.0000","discount":"0.0000","currency":"CLP","receipt_url":"https:\\/\\/s3.amazonaws.com\\/staging.notifications.khipu.com\\/CPKH-1804240956-zfxnocsow6mz.pdf","bank":"DemoBank","bank_id":"Bawdf","payer_name":"Cobrador de desarrollo #990.939","payer_email":"test@khipu.com","personal_identifier":"44.444.444-4","bank_account_number":"000000000000444444444","out_of_date_conciliation":false,"transaction_id":"15f836bd-e8a7-4d12-b2f1-56403012b555","authorizer_operation_code":"AUT-20240418-0001","responsible_user_email":"test@khipu.com","payment_method":"simplified_transfer","conciliation_date":"2024-04-18T13:56:54.859Z"}';

  it("accepts the public test vector's signature (a payment that is not the portal's: 200, nothing changes)", async () => {
    expect(t.khipu.secret).toBe('1a4cbbbeb8bdb7e1d73572b9cc43ce4ce18f79d9');
    const res = await notify(VECTOR_BODY, VECTOR_SIGNATURE);
    expect(res.statusCode).toBe(200);
  });

  it('refuses a tampered body, a wrong secret, a missing signature; no xsrf or session is needed', async () => {
    expect((await notify(VECTOR_BODY.replace('1000.0000', '9000.0000'), VECTOR_SIGNATURE)).statusCode).toBe(401);
    const wrong = createHmac('sha256', 'otro-secreto').update(`1711965600393.${VECTOR_BODY}`).digest('base64');
    expect((await notify(VECTOR_BODY, `t=1711965600393,s=${wrong}`)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/payments/khipu/notify', headers: { 'content-type': 'application/json' }, payload: VECTOR_BODY })).statusCode).toBe(401);
    // a re-serialised body (slashes not escaped) is not what was signed
    expect((await notify(JSON.stringify(JSON.parse(VECTOR_BODY)), VECTOR_SIGNATURE)).statusCode).toBe(401);
  });

  it('a forged or mistaken notification for a real payment: bad signature or another receiver changes nothing; another amount is never PAID', async () => {
    const order = await orderOf(t, buyer, 'KHIPU');
    const created = await started(buyer, order);
    const body = (fields: object) =>
      khipuJson({ payment_id: created.payment_id, receiver_id: t.khipu.receiverId, subject: 'x', amount: `${order.totals.total}.0000`, currency: 'CLP', transaction_id: created.transaction_id, ...fields });
    const good = body({});
    const forged = createHmac('sha256', 'no-es-el-secreto').update(`${Date.now()}.${good}`).digest('base64');
    expect((await notify(good, `t=${Date.now()},s=${forged}`)).statusCode).toBe(401);
    const otherReceiver = body({ receiver_id: 123 });
    expect((await notify(otherReceiver, khipuSignature(otherReceiver, t.khipu.secret, Date.now()))).statusCode).toBe(400);
    expect(await storedPayment(t, { providerId: created.payment_id })).toMatchObject({ state: 'CREATED' });
    expect(await storedOrder(t, order.id)).toMatchObject({ orderState: 'PROCESS' });

    const cheaper = body({ amount: '1000.0000' });
    expect((await notify(cheaper, khipuSignature(cheaper, t.khipu.secret, Date.now()))).statusCode).toBe(200);
    expect(await storedPayment(t, { providerId: created.payment_id })).toMatchObject({ state: 'REJECTED' });
    expect(await storedOrder(t, order.id)).toMatchObject({ orderState: 'CANCELED' });
    await jobsSettled(t);
    expect(erpOrders(t, order.purchaseOrderNumber)).toHaveLength(0);
  });

  it('an amount mismatch in Khipu\'s own answer is never PAID either', async () => {
    const order = await orderOf(t, buyer, 'KHIPU');
    const created = await started(buyer, order);
    loseNotification(created.payment_id);
    await t.database.db.update(payments).set({ amount: order.totals.total - 1 }).where(eq(payments.providerId, created.payment_id));
    await t.khipu.pay(created.payment_id);
    expect((await poll(buyer, created.payment_id)).json<TransferPaymentStatus>()).toMatchObject({ state: 'REJECTED', orderState: 'CANCELED' });
  });
});

describe('who may', () => {
  it("another buyer's order or payment, an unknown order, nothing to pay", async () => {
    const order = await orderOf(t, buyer, 'KHIPU');
    expect((await create(other, { orderReference: order.purchaseOrderNumber })).statusCode).toBe(403);
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
      expect(res.json().message).toBe('Khipu no está disponible, intentelo mas tarde');
    } finally {
      t.khipu.setFaults({ refuse: false });
    }
    await until(async () => (await create(buyer, { orderReference: order.purchaseOrderNumber })).statusCode === 200);
  });
});
