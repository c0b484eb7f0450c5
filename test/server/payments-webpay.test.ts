import { eq } from 'drizzle-orm';
import type { CardPaymentResult, ErpPaymentResponse, WebpayCreateResponse } from '@shared/api/payments';
import type { Order } from '@shared/api/orders';
import { payments } from '@server/db/schema';
import { WebpayClient, type WebpayTransaction } from '@server/integrations/webpay';
import { PaymentService } from '@server/payments/payments.service';
import { call, login, type TestApp } from './helpers';
import {
  age,
  ageWebpayCommits,
  BUYER_RUT,
  buyerOf,
  cartCount,
  cartQuantities,
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
  webpayCommitMarks,
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

const create = (b: Buyer, payload: object) => post(t, '/api/user/tbk/create', b.token, payload);
const confirm = (b: Buyer, token: string) => call(t.app, { method: 'PUT', url: `/api/user/tbk/confirm/${token}`, token: b.token });
const state = (b: Buyer, token: string) => call(t.app, { method: 'GET', url: `/api/user/tbk/state/${token}`, token: b.token });

async function started(b: Buyer, order: Order): Promise<WebpayCreateResponse> {
  const res = await create(b, { buy_order: order.purchaseOrderNumber, session_id: 'OW123456', amount: 1, return_url: 'https://evil.example/' });
  expect(res.statusCode).toBe(200);
  return res.json<WebpayCreateResponse>();
}

/** The browser comes back from Webpay: the portal answers 303 to /payment-verification. */
async function comeBack(ret: ReturnType<TestApp['webpay']['pay']>): Promise<URL> {
  const res = await t.webpay.followReturn(ret);
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!, t.url);
}

describe('a card payment of an order', () => {
  it('VISA approved: order CONFIRMED, cart left as the order left it, ERP sales order with U_FormaPago 4 and the incoming payment on account', async () => {
    const order = await orderOf(t, buyer, 'WEBPAY');
    const created = await started(buyer, order);
    expect(created).toMatchObject({ buy_order: order.purchaseOrderNumber, session_id: 'OW123456', amount: order.totals.total });
    expect(created.token).toMatch(/^[0-9a-f]{64}$/);
    expect(created.url).toBe(`${t.webpay.url}/webpayserver/initTransaction`);
    // the server charges its own amount and returns to its own endpoint
    expect(t.webpay.transaction(created.token)).toMatchObject({ amount: order.totals.total, returnUrl: `${t.url}/api/payments/webpay/return` });
    expect(await cartCount(t, buyer)).toBe(0); // the order took the cart's lines
    // what the buyer adds while paying is not wiped by the payment
    expect((await post(t, '/api/user/cart', buyer.token, { sku: 'POL-1001-S', quantity: 1 })).statusCode).toBe(201);

    const where = await comeBack(t.webpay.pay(created.token, 'visa'));
    expect(where.pathname).toBe('/payment-verification');
    expect(where.searchParams.get('token_ws')).toBe(created.token);

    const paid = await storedOrder(t, order.id);
    expect(paid).toMatchObject({ orderState: 'CONFIRMED', numOc: '1213' });
    expect(await cartCount(t, buyer)).toBe(1);
    const result = (await state(buyer, created.token)).json<CardPaymentResult>();
    expect(result).toMatchObject({
      token: created.token,
      state: 'PAID',
      status: 'AUTHORIZED',
      response_code: 0,
      vci: 'TSY',
      amount: order.totals.total,
      buy_order: order.purchaseOrderNumber,
      session_id: 'OW123456',
      card_number: '6623',
      authorization_code: '1213',
      payment_type_code: 'VN',
      orderReference: order.purchaseOrderNumber,
      orderState: 'CONFIRMED',
      userId: buyer.id,
      purpose: 'ORDER',
    });

    await jobsSettled(t);
    const docs = erpOrders(t, order.purchaseOrderNumber);
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ CardCode: 'C76123456', U_FormaPago: '4', U_TipoVenta: 'Normal' });
    const incoming = erpPayments(t, 'C76123456', order.purchaseOrderNumber);
    expect(incoming).toHaveLength(1);
    expect(incoming[0]!.PaymentInvoices).toEqual([]);
    expect(incoming[0]!.PaymentCreditCards).toEqual([
      expect.objectContaining({ CreditCard: 4, PaymentMethodCode: 3, NumOfPayments: 1, CreditSum: order.totals.total, CreditCardNumber: '6623', VoucherNum: '1213' }),
    ]);
    const after = await storedOrder(t, order.id);
    expect(after).toMatchObject({ orderState: 'CONFIRMED', erpStatus: 'SENT', erpDocEntry: docs[0]!.DocEntry, numOc: '1213' });

    // the browser's later calls answer the stored result; the ERP registration is the server's
    expect((await confirm(buyer, created.token)).json<CardPaymentResult>()).toMatchObject({ state: 'PAID', authorization_code: '1213' });
    const update = await post(t, '/api/user/tbk/update-tbk', buyer.token, { token: created.token, userId: 999, status: 'FAILED', amount: 1 });
    expect(update.json<CardPaymentResult>()).toMatchObject({ state: 'PAID', status: 'AUTHORIZED', amount: order.totals.total, userId: buyer.id });
    const account = await post(t, '/api/user/b1/pay-account', buyer.token, { paymentId: created.token, businessPartner: 'C99', infoPago: [{ monto: 1 }] });
    expect(account.statusCode).toBe(200);
    expect(account.json<ErpPaymentResponse>()).toEqual({ erp: 'SENT', message: 'Pago registrado en el ERP' });
    expect(erpPayments(t, 'C76123456', order.purchaseOrderNumber)).toHaveLength(1);
    expect(t.webpay.transaction(created.token)!.commits).toBe(1);
    // the order stays a paid order: /user/b1/ov still refuses to send it
    expect((await post(t, '/api/user/b1/ov', buyer.token, { orderReference: order.purchaseOrderNumber })).statusCode).toBe(409);
  });

  it("MASTERCARD rejected: order CANCELED, the order's lines back in the cart, nothing in the ERP", async () => {
    const order = await orderOf(t, buyer, 'WEBPAY');
    const created = await started(buyer, order);
    expect(await cartCount(t, buyer)).toBe(0); // the order took the cart's lines
    await comeBack(t.webpay.pay(created.token, 'mastercard'));
    expect(await storedOrder(t, order.id)).toMatchObject({ orderState: 'CANCELED' });
    expect((await state(buyer, created.token)).json<CardPaymentResult>()).toMatchObject({ state: 'REJECTED', status: 'FAILED', response_code: -1, orderState: 'CANCELED' });
    expect(await cartCount(t, buyer)).toBe(2);
    await jobsSettled(t);
    expect(erpOrders(t, order.purchaseOrderNumber)).toHaveLength(0);
    expect(erpPayments(t, 'C76123456', order.purchaseOrderNumber)).toHaveLength(0);
    const account = await post(t, '/api/user/b1/pay-account', buyer.token, { paymentId: created.token });
    expect(account.statusCode).toBe(409);
    expect(account.json().message).toBe('El pago no está confirmado por WebPay Plus');
  });

  it('aborted ("Anular compra") without paying: the commit is refused, status INITIALIZED → ABORTED, order CANCELED, lines back in the cart', async () => {
    const order = await orderOf(t, buyer, 'WEBPAY');
    const created = await started(buyer, order);
    expect(await cartCount(t, buyer)).toBe(0);
    const ret = t.webpay.pay(created.token, 'abort', { method: 'GET' });
    const where = await comeBack(ret);
    expect(where.searchParams.get('TBK_TOKEN')).toBe(created.token);
    expect(where.searchParams.get('TBK_ORDEN_COMPRA')).toBe(order.purchaseOrderNumber);
    expect(await storedOrder(t, order.id)).toMatchObject({ orderState: 'CANCELED' });
    const result = (await state(buyer, created.token)).json<CardPaymentResult>();
    expect(result).toMatchObject({ state: 'ABORTED', vci: 'Anulada Compra', amount: order.totals.total, buy_order: order.purchaseOrderNumber, orderState: 'CANCELED' });
    expect(t.webpay.transaction(created.token)).toMatchObject({ commitAttempts: 1, commits: 0, phase: 'aborted' });
    expect(await cartQuantities(t, buyer)).toEqual({ 'POL-1001-M': 2, 'POL-1003-M': 1 });
    // replays of the same return change nothing and commit nothing
    await comeBack(ret);
    await comeBack(ret);
    expect(await cartQuantities(t, buyer)).toEqual({ 'POL-1001-M': 2, 'POL-1003-M': 1 });
    expect(t.webpay.transaction(created.token)!.commitAttempts).toBe(1);
  });

  it('Redcompra debit: the incoming payment carries the debit codes (CreditCard 3, PaymentMethodCode 4)', async () => {
    const order = await orderOf(t, buyer, 'WEBPAY');
    const created = await started(buyer, order);
    await comeBack(t.webpay.pay(created.token, 'debit'));
    await jobsSettled(t);
    const incoming = erpPayments(t, 'C76123456', order.purchaseOrderNumber);
    expect(incoming).toHaveLength(1);
    expect(incoming[0]!.PaymentCreditCards[0]).toMatchObject({ CreditCard: 3, PaymentMethodCode: 4, CreditCardNumber: '7763', CreditSum: order.totals.total });
    expect((await state(buyer, created.token)).json<CardPaymentResult>()).toMatchObject({ payment_type_code: 'VD', state: 'PAID' });
  });

  it('installments: NumOfPayments is the number of installments', async () => {
    const order = await orderOf(t, buyer, 'WEBPAY');
    const created = await started(buyer, order);
    await comeBack(t.webpay.pay(created.token, 'visa', { installments: 3 }));
    await jobsSettled(t);
    expect(erpPayments(t, 'C76123456', order.purchaseOrderNumber)[0]!.PaymentCreditCards[0]).toMatchObject({ CreditCard: 4, PaymentMethodCode: 3, NumOfPayments: 3 });
  });

  it('form timeout: the stored token of the order found by buy_order is committed (refused), EXPIRED, CANCELED, and the page gets the token', async () => {
    const order = await orderOf(t, buyer, 'WEBPAY');
    const created = await started(buyer, order);
    const where = await comeBack(t.webpay.pay(created.token, 'timeout'));
    expect(where.searchParams.get('TBK_ORDEN_COMPRA')).toBe(order.purchaseOrderNumber);
    expect(where.searchParams.get('TBK_TOKEN')).toBe(created.token);
    expect(await storedOrder(t, order.id)).toMatchObject({ orderState: 'CANCELED' });
    expect((await state(buyer, created.token)).json<CardPaymentResult>()).toMatchObject({ state: 'EXPIRED', vci: 'Anulada Compra' });
    expect(t.webpay.transaction(created.token)).toMatchObject({ commitAttempts: 1, commits: 0 });
    expect(await cartCount(t, buyer)).toBe(2);
  });

  it('a timeout return with another session id neither names the token nor counts as the browser\'s word', async () => {
    const order = await orderOf(t, buyer, 'WEBPAY');
    const created = await started(buyer, order);
    const res = await call(t.app, { method: 'GET', url: `/api/payments/webpay/return?TBK_ORDEN_COMPRA=${order.purchaseOrderNumber}&TBK_ID_SESION=OW000000` });
    expect(res.statusCode).toBe(303);
    expect(new URL(res.headers.location as string, t.url).searchParams.get('TBK_TOKEN')).toBeNull();
    // the payer is still on the form: the refused commit and INITIALIZED status decide nothing without the word
    expect(await storedPayment(t, { providerId: created.token })).toMatchObject({ state: 'CREATED' });
    expect(await storedOrder(t, order.id)).toMatchObject({ orderState: 'PROCESS' });
  });

  it("Webpay's error page, then back (token_ws and TBK_TOKEN) without paying: the commit is refused → ABORTED, CANCELED", async () => {
    const order = await orderOf(t, buyer, 'WEBPAY');
    const created = await started(buyer, order);
    const where = await comeBack(t.webpay.pay(created.token, 'error'));
    expect(where.searchParams.get('TBK_TOKEN')).toBe(created.token);
    expect(await storedOrder(t, order.id)).toMatchObject({ orderState: 'CANCELED' });
    expect((await state(buyer, created.token)).json<CardPaymentResult>()).toMatchObject({ state: 'ABORTED' });
    expect(t.webpay.transaction(created.token)).toMatchObject({ commitAttempts: 1, commits: 0 });
    expect(await cartCount(t, buyer)).toBe(2);
  });

  it('a forged abort for a committed payment changes nothing', async () => {
    const order = await orderOf(t, buyer, 'WEBPAY');
    const created = await started(buyer, order);
    t.webpay.pay(created.token, 'visa'); // the return is lost
    expect((await confirm(buyer, created.token)).json<CardPaymentResult>()).toMatchObject({ state: 'PAID' });
    const res = await call(t.app, {
      method: 'GET',
      url: `/api/payments/webpay/return?TBK_TOKEN=${created.token}&TBK_ORDEN_COMPRA=${order.purchaseOrderNumber}&TBK_ID_SESION=OW123456`,
    });
    expect(res.statusCode).toBe(303);
    expect(await storedOrder(t, order.id)).toMatchObject({ orderState: 'CONFIRMED' });
  });

  it('a return with no parameters only goes to the result page', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webpay/return',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'x=1',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/payment-verification');
  });
});

describe("only a commit is proof of payment: the browser's word is not", () => {
  it('an abort return for a payment the payer approved: committed, PAID, order CONFIRMED once', async () => {
    const order = await orderOf(t, buyer, 'WEBPAY');
    const created = await started(buyer, order);
    const ordersBefore = postsTo(erpPost, 'Orders', (b) => b.NumAtCard === order.purchaseOrderNumber);
    const ret = t.webpay.pay(created.token, 'visa', { returnAs: 'aborted' });
    expect(ret.params).toEqual({ TBK_TOKEN: created.token, TBK_ORDEN_COMPRA: order.purchaseOrderNumber, TBK_ID_SESION: 'OW123456' });
    const where = await comeBack(ret);
    expect(where.searchParams.get('TBK_TOKEN')).toBe(created.token);
    expect(await storedOrder(t, order.id)).toMatchObject({ orderState: 'CONFIRMED', numOc: '1213' });
    expect((await state(buyer, created.token)).json<CardPaymentResult>()).toMatchObject({
      state: 'PAID', status: 'AUTHORIZED', response_code: 0, authorization_code: '1213', card_number: '6623', orderState: 'CONFIRMED',
    });
    // the same return again, and the buyer's confirm: nothing more
    await comeBack(ret);
    await comeBack({ ...ret, method: 'GET', href: `${ret.url}?${new URLSearchParams(ret.params).toString()}` });
    expect((await confirm(buyer, created.token)).json<CardPaymentResult>()).toMatchObject({ state: 'PAID' });
    expect(t.webpay.transaction(created.token)).toMatchObject({ phase: 'committed', commitAttempts: 1, commits: 1 });
    await jobsSettled(t);
    expect(erpOrders(t, order.purchaseOrderNumber)).toHaveLength(1);
    expect(erpPayments(t, 'C76123456', order.purchaseOrderNumber)).toHaveLength(1);
    expect(postsTo(erpPost, 'Orders', (b) => b.NumAtCard === order.purchaseOrderNumber) - ordersBefore).toBe(1);
    expect(await cartCount(t, buyer)).toBe(0);
  });

  it('the same through the stand-in\'s pages: approve, then "Anular compra" on the voucher', async () => {
    const order = await orderOf(t, buyer, 'WEBPAY');
    const created = await started(buyer, order);
    const form = (path: string, fields: Record<string, string>) =>
      fetch(`${t.webpay.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
    expect((await form('/webpayserver/initTransaction', { token_ws: created.token })).status).toBe(200);
    expect(await (await form('/webpayserver/pay', { token_ws: created.token, card: 'debit', voucher: '1' })).text()).toContain('Pago aprobado');
    await form('/webpayserver/voucher/abort', { token_ws: created.token });
    const ret = t.webpay.transaction(created.token)!.returns.at(-1)!;
    expect(ret.kind).toBe('aborted');
    await comeBack(ret);
    expect(await storedOrder(t, order.id)).toMatchObject({ orderState: 'CONFIRMED' });
    expect((await state(buyer, created.token)).json<CardPaymentResult>()).toMatchObject({ state: 'PAID', payment_type_code: 'VD' });
  });

  it('a timeout return for a payment the payer approved: the stored token is committed → PAID', async () => {
    const order = await orderOf(t, buyer, 'WEBPAY');
    const created = await started(buyer, order);
    const where = await comeBack(t.webpay.pay(created.token, 'visa', { returnAs: 'timeout' }));
    expect(where.searchParams.get('TBK_TOKEN')).toBe(created.token);
    expect(await storedOrder(t, order.id)).toMatchObject({ orderState: 'CONFIRMED' });
    expect(t.webpay.transaction(created.token)).toMatchObject({ phase: 'committed', commitAttempts: 1 });
  });

  it('an error-page return (token_ws and TBK_TOKEN) for a payment the payer approved → PAID; for a rejected card → REJECTED', async () => {
    const order = await orderOf(t, buyer, 'WEBPAY');
    const created = await started(buyer, order);
    await comeBack(t.webpay.pay(created.token, 'visa', { returnAs: 'error' }));
    expect(await storedOrder(t, order.id)).toMatchObject({ orderState: 'CONFIRMED' });
    expect((await state(buyer, created.token)).json<CardPaymentResult>()).toMatchObject({ state: 'PAID' });

    const refused = await orderOf(t, buyer, 'WEBPAY');
    const other = await started(buyer, refused);
    await comeBack(t.webpay.pay(other.token, 'mastercard', { returnAs: 'error' }));
    expect(await storedOrder(t, refused.id)).toMatchObject({ orderState: 'CANCELED' });
    expect((await state(buyer, other.token)).json<CardPaymentResult>()).toMatchObject({ state: 'REJECTED', status: 'FAILED', response_code: -1 });
  });

  it('a status that looks AUTHORIZED before any commit is not PAID: the stand-in\'s misleading status, and a full authorized status', async () => {
    t.webpay.setBehaviour({ statusBeforeCommit: 'misleading' });
    try {
      const order = await orderOf(t, buyer, 'WEBPAY');
      const created = await started(buyer, order);
      // on the form: state reads and the reconciler see "AUTHORIZED", and leave the payment open
      expect((await state(buyer, created.token)).json<CardPaymentResult>()).toMatchObject({ state: 'CREATED', status: 'INITIALIZED' });
      await t.app.reconciler!.runOnce({ minAgeMs: 0 });
      expect(await storedPayment(t, { providerId: created.token })).toMatchObject({ state: 'CREATED' });
      await comeBack(t.webpay.pay(created.token, 'abort'));
      expect(await storedOrder(t, order.id)).toMatchObject({ orderState: 'CANCELED' });
      const stored = await storedPayment(t, { providerId: created.token });
      expect(stored.state).toBe('ABORTED');
      expect(stored.result).toMatchObject({ portal_status: { status: 'AUTHORIZED', response_code: 0, vci: 'ABO' } });
      expect((await state(buyer, created.token)).json<CardPaymentResult>()).toMatchObject({ state: 'ABORTED', status: '' });
    } finally {
      t.webpay.setBehaviour({ statusBeforeCommit: 'initialized' });
    }

    // Even a status with every field of a paid transaction is not proof without a commit of the portal's own.
    const order = await orderOf(t, buyer, 'WEBPAY');
    const created = await started(buyer, order);
    const status = jest.spyOn(WebpayClient.prototype, 'status').mockImplementation(async (token: string) => ({
      vci: 'TSY', amount: order.totals.total, status: 'AUTHORIZED', buy_order: order.purchaseOrderNumber, session_id: 'OW123456',
      card_detail: { card_number: '6623' }, accounting_date: '0101', transaction_date: new Date().toISOString(), authorization_code: '1213',
      payment_type_code: 'VN', response_code: 0, installments_number: 0, token,
    }) as WebpayTransaction);
    try {
      await t.app.reconciler!.runOnce({ minAgeMs: 0 });
      expect(await storedPayment(t, { providerId: created.token })).toMatchObject({ state: 'CREATED' });
      const payment = await storedPayment(t, { providerId: created.token });
      await age(t, payment.id, 20); // too old to be paid: expired, not paid
      await t.app.reconciler!.runOnce();
      expect(await storedPayment(t, { providerId: created.token })).toMatchObject({ state: 'EXPIRED' });
      expect(await storedOrder(t, order.id)).toMatchObject({ orderState: 'CANCELED' });
    } finally {
      status.mockRestore();
    }
    await jobsSettled(t);
    expect(erpOrders(t, order.purchaseOrderNumber)).toHaveLength(0);
  });

  it('a commit after the window (422 "invalid finished state", status INITIALIZED) → EXPIRED, never PAID, lines back in the cart', async () => {
    const order = await orderOf(t, buyer, 'WEBPAY');
    const created = await started(buyer, order);
    t.webpay.setTiming({ commitWindowMs: 50 });
    try {
      const ret = t.webpay.pay(created.token, 'visa');
      await new Promise((resolve) => setTimeout(resolve, 90));
      await comeBack(ret);
    } finally {
      t.webpay.setTiming({ commitWindowMs: 5 * 60_000 });
    }
    expect(t.webpay.transaction(created.token)).toMatchObject({ phase: 'reversed', commitAttempts: 1, commits: 0 });
    const stored = await storedPayment(t, { providerId: created.token });
    expect(stored.state).toBe('EXPIRED');
    expect(stored.result).toMatchObject({ portal_note: 'Transaction has an invalid finished state: aborted', portal_status: { status: 'INITIALIZED' } });
    expect(await storedOrder(t, order.id)).toMatchObject({ orderState: 'CANCELED' });
    expect(await cartCount(t, buyer)).toBe(2);
  });

  it("a commit whose answer is lost decides nothing; the reconciler later reads the status after the portal's own commit → PAID once", async () => {
    const order = await orderOf(t, buyer, 'WEBPAY');
    const created = await started(buyer, order);
    const ret = t.webpay.pay(created.token, 'visa');
    t.webpay.setFaults({ loseAnswer: true });
    try {
      await comeBack(ret); // Webpay commits; its answer never arrives
    } finally {
      t.webpay.setFaults({ loseAnswer: false });
    }
    expect(t.webpay.transaction(created.token)).toMatchObject({ phase: 'committed', status: 'AUTHORIZED' });
    const payment = await storedPayment(t, { providerId: created.token });
    expect(payment.state).toBe('CREATED');
    expect(await storedOrder(t, order.id)).toMatchObject({ orderState: 'PROCESS' });
    expect(Object.values(await webpayCommitMarks(t, payment.id))).toEqual([{ at: expect.any(Number) }]);

    // while that commit may still be in flight, a second one (refused: committed already) decides nothing
    await t.app.reconciler!.runOnce({ minAgeMs: 0 });
    expect(await storedPayment(t, { providerId: created.token })).toMatchObject({ state: 'CREATED' });
    expect(t.webpay.transaction(created.token)!.commitAttempts).toBe(2);
    // once it is surely over, the status read after it tells how it ended
    await ageWebpayCommits(t, payment.id, 120);
    await t.app.reconciler!.runOnce({ minAgeMs: 0 });
    expect(await storedPayment(t, { providerId: created.token })).toMatchObject({ state: 'PAID' });
    expect(await storedOrder(t, order.id)).toMatchObject({ orderState: 'CONFIRMED', numOc: '1213' });
    await jobsSettled(t);
    expect(erpOrders(t, order.purchaseOrderNumber)).toHaveLength(1);
    expect(erpPayments(t, 'C76123456', order.purchaseOrderNumber)).toHaveLength(1);
  });

  it('a commit that times out decides nothing (503 to the buyer); the reconciler commits it later', async () => {
    const order = await orderOf(t, buyer, 'WEBPAY');
    const created = await started(buyer, order);
    t.webpay.pay(created.token, 'visa');
    t.webpay.setFaults({ hang: true });
    try {
      const res = await confirm(buyer, created.token); // the client gives up after its 5 s
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 503, message: 'WebPay Plus no está disponible, intentelo mas tarde' });
    } finally {
      t.webpay.setFaults({ hang: false });
    }
    expect(await storedPayment(t, { providerId: created.token })).toMatchObject({ state: 'CREATED' });
    expect(await storedOrder(t, order.id)).toMatchObject({ orderState: 'PROCESS' });
    await t.app.reconciler!.runOnce({ minAgeMs: 0 });
    expect(await storedPayment(t, { providerId: created.token })).toMatchObject({ state: 'PAID' });
    expect(await storedOrder(t, order.id)).toMatchObject({ orderState: 'CONFIRMED' });
    expect(t.webpay.transaction(created.token)).toMatchObject({ commits: 1, commitAttempts: 1 });
  }, 20_000);

  it('a commit answered but not applied (the process stopped in between) is applied from the stored answer, without a second commit', async () => {
    const order = await orderOf(t, buyer, 'WEBPAY');
    const created = await started(buyer, order);
    const crash = jest.spyOn(PaymentService.prototype, 'applyOutcome').mockRejectedValueOnce(new Error('el proceso se detuvo'));
    try {
      await comeBack(t.webpay.pay(created.token, 'visa', { returnAs: 'aborted' }));
    } finally {
      crash.mockRestore();
    }
    const payment = await storedPayment(t, { providerId: created.token });
    expect(payment.state).toBe('CREATED');
    expect(Object.values(await webpayCommitMarks(t, payment.id))).toEqual([expect.objectContaining({ answer: expect.objectContaining({ status: 'AUTHORIZED' }) })]);
    await t.app.reconciler!.runOnce({ minAgeMs: 0 });
    expect(await storedPayment(t, { providerId: created.token })).toMatchObject({ state: 'PAID' });
    expect(await storedOrder(t, order.id)).toMatchObject({ orderState: 'CONFIRMED' });
    expect(t.webpay.transaction(created.token)!.commitAttempts).toBe(1);
  });

  it("the buyer's state read settles a payment whose return never came", async () => {
    const order = await orderOf(t, buyer, 'WEBPAY');
    const created = await started(buyer, order);
    t.webpay.pay(created.token, 'visa');
    expect((await state(buyer, created.token)).json<CardPaymentResult>()).toMatchObject({ state: 'PAID', orderState: 'CONFIRMED' });
  });

  it('concurrent returns (abort, error page, normal), reads and the reconciler for an approved payment: one commit, one outcome', async () => {
    const order = await orderOf(t, buyer, 'WEBPAY');
    const created = await started(buyer, order);
    const aborted = t.webpay.pay(created.token, 'visa', { returnAs: 'aborted' });
    const error = { ...aborted, kind: 'error' as const, params: { ...aborted.params, token_ws: created.token } };
    const ordersBefore = postsTo(erpPost, 'Orders', (b) => b.NumAtCard === order.purchaseOrderNumber);
    await Promise.all([
      t.webpay.followReturn(aborted),
      t.webpay.followReturn(aborted),
      t.webpay.followReturn(error),
      t.webpay.followReturn({ ...aborted, kind: 'normal', params: { token_ws: created.token } }),
      state(buyer, created.token),
      confirm(buyer, created.token),
      t.app.reconciler!.runOnce({ minAgeMs: 0 }),
    ]);
    expect(await storedPayment(t, { providerId: created.token })).toMatchObject({ state: 'PAID' });
    expect(t.webpay.transaction(created.token)).toMatchObject({ phase: 'committed', commits: 1, commitAttempts: 1 });
    await jobsSettled(t);
    expect(erpOrders(t, order.purchaseOrderNumber)).toHaveLength(1);
    expect(erpPayments(t, 'C76123456', order.purchaseOrderNumber)).toHaveLength(1);
    expect(postsTo(erpPost, 'Orders', (b) => b.NumAtCard === order.purchaseOrderNumber) - ordersBefore).toBe(1);
  });

  it('concurrent abort returns, reads and the reconciler for an unpaid payment: ABORTED once, the lines back in the cart once', async () => {
    const order = await orderOf(t, buyer, 'WEBPAY');
    const created = await started(buyer, order);
    const aborted = t.webpay.pay(created.token, 'abort');
    await Promise.all([
      state(buyer, created.token),
      t.webpay.followReturn(aborted),
      t.webpay.followReturn(aborted),
      confirm(buyer, created.token),
      t.app.reconciler!.runOnce({ minAgeMs: 0 }),
      t.webpay.followReturn({ ...aborted, method: 'GET', href: `${aborted.url}?${new URLSearchParams(aborted.params).toString()}` }),
    ]);
    expect(await storedPayment(t, { providerId: created.token })).toMatchObject({ state: 'ABORTED' });
    expect(await storedOrder(t, order.id)).toMatchObject({ orderState: 'CANCELED' });
    expect(await cartQuantities(t, buyer)).toEqual({ 'POL-1001-M': 2, 'POL-1003-M': 1 });
    expect(t.webpay.transaction(created.token)!.commits).toBe(0);
  });
});

describe('exactly once', () => {
  it('the return (GET and POST), the confirm and the reconciler at once: one commit, one ERP sales order, one incoming payment', async () => {
    const order = await orderOf(t, buyer, 'WEBPAY');
    const created = await started(buyer, order);
    const ret = t.webpay.pay(created.token, 'visa');
    const ordersBefore = postsTo(erpPost, 'Orders', (b) => b.NumAtCard === order.purchaseOrderNumber);
    await Promise.all([
      t.webpay.followReturn(ret),
      t.webpay.followReturn({ ...ret, method: 'GET', href: `${ret.url}?token_ws=${created.token}` }),
      confirm(buyer, created.token),
      confirm(buyer, created.token),
      t.app.reconciler!.runOnce({ minAgeMs: 0 }),
    ]);
    expect(t.webpay.transaction(created.token)!.commits).toBeGreaterThanOrEqual(1);
    expect(await storedOrder(t, order.id)).toMatchObject({ orderState: 'CONFIRMED' });
    expect(await storedPayment(t, { providerId: created.token })).toMatchObject({ state: 'PAID' });
    await jobsSettled(t);
    // a second pass of everything changes nothing
    await t.app.reconciler!.runOnce({ minAgeMs: 0 });
    await confirm(buyer, created.token);
    await jobsSettled(t);
    expect(erpOrders(t, order.purchaseOrderNumber)).toHaveLength(1);
    expect(erpPayments(t, 'C76123456', order.purchaseOrderNumber)).toHaveLength(1);
    expect(postsTo(erpPost, 'Orders', (b) => b.NumAtCard === order.purchaseOrderNumber) - ordersBefore).toBe(1);
    expect(postsTo(erpPost, 'IncomingPayments', (b) => b.CounterReference === order.purchaseOrderNumber)).toBe(1);
  });

  it('a buyer who pays and closes the tab still gets the sales order: the reconciler commits', async () => {
    const order = await orderOf(t, buyer, 'WEBPAY');
    const created = await started(buyer, order);
    t.webpay.pay(created.token, 'visa'); // nobody comes back
    const payment = await storedPayment(t, { providerId: created.token });
    expect((await t.app.reconciler!.runOnce()).checked).toBe(0); // younger than a minute: left to the browser
    await age(t, payment.id, 2);
    await t.app.reconciler!.runOnce();
    expect(await storedOrder(t, order.id)).toMatchObject({ orderState: 'CONFIRMED', numOc: '1213' });
    expect(t.webpay.transaction(created.token)!.commits).toBe(1);
    await jobsSettled(t);
    expect(erpOrders(t, order.purchaseOrderNumber)).toHaveLength(1);
    expect(erpPayments(t, 'C76123456', order.purchaseOrderNumber)).toHaveLength(1);
    expect(await cartCount(t, buyer)).toBe(0);
  });

  it('the reconciler leaves a payment on the form alone and expires it once it can no longer be paid', async () => {
    const order = await orderOf(t, buyer, 'WEBPAY');
    const created = await started(buyer, order);
    const payment = await storedPayment(t, { providerId: created.token });
    await age(t, payment.id, 3);
    await t.app.reconciler!.runOnce();
    expect(await storedPayment(t, { providerId: created.token })).toMatchObject({ state: 'CREATED' });
    expect(await storedOrder(t, order.id)).toMatchObject({ orderState: 'PROCESS' });
    await age(t, payment.id, 20);
    await t.app.reconciler!.runOnce();
    expect(await storedPayment(t, { providerId: created.token })).toMatchObject({ state: 'EXPIRED' });
    expect(await storedOrder(t, order.id)).toMatchObject({ orderState: 'CANCELED' });
  });

  it('a second create for the same order answers the same transaction', async () => {
    const order = await orderOf(t, buyer, 'WEBPAY');
    const [a, b] = await Promise.all([started(buyer, order), started(buyer, order)]);
    expect(b.token).toBe(a.token);
    expect([...t.webpay.transactions.values()].filter((tx) => tx.buyOrder === order.purchaseOrderNumber)).toHaveLength(1);
  });
});

describe('what is refused', () => {
  it('an amount that is not the one charged is never PAID', async () => {
    const order = await orderOf(t, buyer, 'WEBPAY');
    const created = await started(buyer, order);
    // as if Webpay answered another amount than the one sent
    await t.database.db.update(payments).set({ amount: order.totals.total + 1 }).where(eq(payments.providerId, created.token));
    await comeBack(t.webpay.pay(created.token, 'visa'));
    expect((await state(buyer, created.token)).json<CardPaymentResult>()).toMatchObject({ state: 'REJECTED', status: 'AUTHORIZED' });
    expect(await storedOrder(t, order.id)).toMatchObject({ orderState: 'CANCELED' });
    await jobsSettled(t);
    expect(erpOrders(t, order.purchaseOrderNumber)).toHaveLength(0);
  });

  it("another buyer's order, token or payment; an admin; a missing anti-forgery token", async () => {
    const order = await orderOf(t, buyer, 'WEBPAY');
    expect((await create(other, { buy_order: order.purchaseOrderNumber })).json()).toEqual({ status: 404, message: 'Pedido no encontrado' });
    const created = await started(buyer, order);
    expect((await confirm(other, created.token)).statusCode).toBe(404);
    expect((await state(other, created.token)).statusCode).toBe(404);
    expect((await post(t, '/api/user/tbk/update-tbk', other.token, { token: created.token })).statusCode).toBe(404);
    expect((await post(t, '/api/user/b1/pay-account', other.token, { paymentId: created.token })).statusCode).toBe(404);
    const admin = (await login(t.app, '22222222-2', 'Admin1234')).token;
    expect((await call(t.app, { method: 'GET', url: `/api/user/tbk/state/${created.token}`, token: admin })).statusCode).toBe(403);
    expect((await call(t.app, { method: 'GET', url: `/api/user/tbk/state/${created.token}` })).statusCode).toBe(401);
    const noXsrf = await t.app.inject({ method: 'POST', url: '/api/user/tbk/create', headers: { authorization: buyer.token }, payload: { buy_order: order.purchaseOrderNumber } });
    expect(noXsrf.statusCode).toBe(403);
    expect((await create(buyer, { buy_order: 'OC999999' })).statusCode).toBe(404);
    expect((await create(buyer, {})).statusCode).toBe(400);
  });

  it('an order paid otherwise, a reservation, a closed order', async () => {
    const khipuOrder = await orderOf(t, buyer, 'KHIPU');
    const res = await create(buyer, { buy_order: khipuOrder.purchaseOrderNumber });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`El pedido ${khipuOrder.purchaseOrderNumber} no se paga con WebPay Plus`);
    const reserve = await orderOf(t, buyer, 'WEBPAY', { orderType: 'RESERVE', paymentMethod: undefined });
    expect((await create(buyer, { buy_order: reserve.purchaseOrderNumber })).statusCode).toBe(400);
    const order = await orderOf(t, buyer, 'WEBPAY');
    const created = await started(buyer, order);
    await comeBack(t.webpay.pay(created.token, 'mastercard'));
    const again = await create(buyer, { buy_order: order.purchaseOrderNumber });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`El pedido ${order.purchaseOrderNumber} ya fue procesado`);
  });

  it('Webpay down at create: 503 and nothing kept, so the buyer can try again', async () => {
    const order = await orderOf(t, buyer, 'WEBPAY');
    t.webpay.setFaults({ refuse: true });
    try {
      const res = await create(buyer, { buy_order: order.purchaseOrderNumber });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(new RegExp(`^Tu pedido ${order.purchaseOrderNumber} quedó creado y pendiente de pago: WebPay Plus no respondió`));
      expect(res.json().order).toEqual({ created: true, purchaseOrderNumber: order.purchaseOrderNumber, orderState: 'PROCESS', paymentStarted: false });
    } finally {
      t.webpay.setFaults({ refuse: false });
    }
    expect((await t.database.db.select().from(payments).where(eq(payments.reference, order.purchaseOrderNumber))).length).toBe(0);
    expect((await create(buyer, { buy_order: order.purchaseOrderNumber })).statusCode).toBe(200);
  });

  it('Webpay down at the return: the payment stays open and the confirm settles it later', async () => {
    const order = await orderOf(t, buyer, 'WEBPAY');
    const created = await started(buyer, order);
    const ret = t.webpay.pay(created.token, 'visa');
    t.webpay.setFaults({ refuse: true });
    try {
      await comeBack(ret);
      expect(await storedOrder(t, order.id)).toMatchObject({ orderState: 'PROCESS' });
      expect((await confirm(buyer, created.token)).statusCode).toBe(503);
    } finally {
      t.webpay.setFaults({ refuse: false });
    }
    expect((await confirm(buyer, created.token)).json<CardPaymentResult>()).toMatchObject({ state: 'PAID' });
    await until(async () => (await storedOrder(t, order.id)).erpStatus === 'SENT');
  });
});

describe('a paid order the ERP refuses', () => {
  it('stays CONFIRMED with erp_status REJECTED and the ERP error; the money is still registered', async () => {
    const order = await orderOf(t, buyer, 'WEBPAY');
    const created = await started(buyer, order);
    const item = t.b1.data.Items.find((i) => i.ItemCode === 'POL-1003-M')!;
    item.SalesItem = 'tNO';
    try {
      await comeBack(t.webpay.pay(created.token, 'visa'));
      await jobsSettled(t);
    } finally {
      item.SalesItem = 'tYES';
    }
    const stored = await storedOrder(t, order.id);
    expect(stored).toMatchObject({ orderState: 'CONFIRMED', erpStatus: 'REJECTED', numOc: '1213' });
    expect(stored.erpError).toBeTruthy();
    expect(erpOrders(t, order.purchaseOrderNumber)).toHaveLength(0);
    expect(erpPayments(t, 'C76123456', order.purchaseOrderNumber)).toHaveLength(1);
    const account = await post(t, '/api/user/b1/pay-account', buyer.token, { paymentId: created.token });
    expect(account.statusCode).toBe(202);
    expect(account.json<ErpPaymentResponse>()).toMatchObject({ erp: 'PENDING' });
  });
});
