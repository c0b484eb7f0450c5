import type { PendingDocument } from '@shared/api/erp';
import type { CardPaymentResult, ErpPaymentResponse, KhipuCreateResponse, TransferPaymentStatus, WebpayCreateResponse } from '@shared/api/payments';
import { call, type TestApp } from './helpers';
import { BUYER_RUT, buyerOf, jobsSettled, OTHER_RUT, paymentsApp, post, storedPayment, type Buyer } from './payments-fixtures';

let t: TestApp;
let buyer: Buyer; // C76123456: open invoices 13, 19, 28 (28 partly paid)
let other: Buyer; // C76234567: open invoices 31, 39 (39 partly paid)

beforeAll(async () => {
  t = await paymentsApp();
  buyer = await buyerOf(t, BUYER_RUT);
  other = await buyerOf(t, OTHER_RUT);
}, 60_000);
afterAll(() => t.close());

async function pending(b: Buyer): Promise<Map<number, PendingDocument>> {
  const res = await call(t.app, { method: 'GET', url: `/api/user/b1/pending-payments/${b.profile.idcliente}`, token: b.token });
  expect(res.statusCode).toBe(200);
  return new Map(res.json<PendingDocument[]>().map((d) => [d.docEntry, d]));
}

const invoice = (docEntry: number) => t.b1.data.Invoices.find((i) => i.DocEntry === docEntry)!;
const erpPaymentsOf = (cardCode: string) => t.b1.data.IncomingPayments.filter((p) => p.CardCode === cardCode && p.CounterReference?.startsWith('PF'));

describe('paying pending invoices', () => {
  it('by card: the server charges the ERP balances and registers one incoming payment applied to exactly those invoices', async () => {
    const open = await pending(buyer);
    const [a, b] = [open.get(13)!, open.get(19)!];
    const res = await post(t, '/api/user/tbk/create', buyer.token, { invoices: [13, 19], amount: 10, buy_order: 'OC000001' });
    expect(res.statusCode).toBe(200);
    const created = res.json<WebpayCreateResponse>();
    expect(created.amount).toBe(a.saldoaPagar + b.saldoaPagar);
    expect(created.buy_order).toMatch(/^FAC\d{15}$/);
    expect(created.buy_order.length).toBeLessThanOrEqual(26);
    expect(t.webpay.transaction(created.token)!.amount).toBe(a.saldoaPagar + b.saldoaPagar);

    const back = await t.webpay.followReturn(t.webpay.pay(created.token, 'visa'));
    expect(back.status).toBe(303);
    const result = (await call(t.app, { method: 'GET', url: `/api/user/tbk/state/${created.token}`, token: buyer.token })).json<CardPaymentResult>();
    expect(result).toMatchObject({ state: 'PAID', purpose: 'INVOICES', orderReference: null, orderState: null });

    const answer = await post(t, '/api/user/b1/pay-invoice', buyer.token, { paymentId: created.token, facturas: [{ docEntry: 28, monto: 1 }] });
    expect(answer.statusCode).toBe(200);
    expect(answer.json<ErpPaymentResponse>()).toMatchObject({ erp: 'SENT' });
    await jobsSettled(t);
    const payment = await storedPayment(t, { providerId: created.token });
    const incoming = erpPaymentsOf('C76123456').filter((p) => p.CounterReference === `PF${String(payment.id).padStart(6, '0')}`);
    expect(incoming).toHaveLength(1);
    expect(incoming[0]!.PaymentInvoices.map((p) => [p.DocEntry, p.SumApplied])).toEqual([
      [13, a.saldoaPagar],
      [19, b.saldoaPagar],
    ]);
    expect(incoming[0]!.PaymentCreditCards).toEqual([
      expect.objectContaining({ CreditCard: 4, PaymentMethodCode: 3, CreditSum: a.saldoaPagar + b.saldoaPagar, VoucherNum: '1213', CreditCardNumber: '6623' }),
    ]);
    expect(invoice(13).DocumentStatus).toBe('bost_Close');
    expect(invoice(19).DocumentStatus).toBe('bost_Close');
    expect(invoice(28).PaidToDate).toBe(851_000); // not selected: untouched
    const after = await pending(buyer);
    expect([...after.keys()]).toEqual([28]);
    // pay-account is for orders
    expect((await post(t, '/api/user/b1/pay-account', buyer.token, { paymentId: created.token })).statusCode).toBe(400);
  });

  it('by bank transfer: the partly paid invoice gets exactly its balance', async () => {
    const open = await pending(other);
    const partly = open.get(39)!;
    expect(partly.saldoaPagar).toBe(invoice(39).DocTotal - 425_000);
    const res = await post(t, '/api/user/khipu/payments', other.token, { invoices: [39] });
    expect(res.statusCode).toBe(200);
    const created = res.json<KhipuCreateResponse>();
    expect(created.amount).toBe(partly.saldoaPagar);
    expect(t.khipu.payment(created.payment_id)).toMatchObject({ subject: `Pago de documentos ${partly.folio} - Textil Andino`, amount: partly.saldoaPagar });

    // a second payment of the same invoice while this one is open is refused
    const twice = await post(t, '/api/user/tbk/create', other.token, { invoices: [39, 31] });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(`El documento ${partly.folio} ya tiene un pago en curso`);

    await t.khipu.pay(created.payment_id);
    const status = (await call(t.app, { method: 'GET', url: `/api/user/khipu/payments/${created.payment_id}`, token: other.token })).json<TransferPaymentStatus>();
    expect(status).toMatchObject({ state: 'PAID', purpose: 'INVOICES' });
    const answer = await post(t, '/api/user/b1/pay-invoice', other.token, { paymentId: created.payment_id });
    expect(answer.json<ErpPaymentResponse>()).toMatchObject({ erp: 'SENT' });
    await jobsSettled(t);
    const incoming = erpPaymentsOf('C76234567');
    expect(incoming).toHaveLength(1);
    expect(incoming[0]!.PaymentInvoices.map((p) => [p.DocEntry, p.SumApplied])).toEqual([[39, partly.saldoaPagar]]);
    expect(incoming[0]!.PaymentCreditCards).toEqual([expect.objectContaining({ CreditCard: 3, PaymentMethodCode: 4, NumOfPayments: 1, CreditSum: partly.saldoaPagar })]);
    expect(invoice(39).DocumentStatus).toBe('bost_Close');
    expect(invoice(31).PaidToDate).toBe(0);
  });

  it('when the balance changed before the ERP registration, what is still open is applied and the rest stays on account', async () => {
    const open = await pending(other);
    const doc = open.get(31)!;
    t.khipu.setVerification({ autoVerify: false });
    let created: KhipuCreateResponse;
    try {
      created = (await post(t, '/api/user/khipu/payments', other.token, { invoices: [31] })).json<KhipuCreateResponse>();
      await t.khipu.pay(created.payment_id);
      invoice(31).PaidToDate += 1_000_000; // paid in part at the office meanwhile
      t.khipu.complete(created.payment_id);
    } finally {
      t.khipu.setVerification({ autoVerify: true });
    }
    await call(t.app, { method: 'POST', url: `/api/user/khipu/payments/${created.payment_id}/confirm`, token: other.token });
    await jobsSettled(t);
    const payment = await storedPayment(t, { providerId: created.payment_id });
    const incoming = erpPaymentsOf('C76234567').filter((p) => p.CounterReference === `PF${String(payment.id).padStart(6, '0')}`);
    expect(incoming).toHaveLength(1);
    expect(incoming[0]!.PaymentInvoices.map((p) => [p.DocEntry, p.SumApplied])).toEqual([[31, doc.saldoaPagar - 1_000_000]]);
    expect(incoming[0]!.PaymentCreditCards[0]!.CreditSum).toBe(doc.saldoaPagar);
    expect(invoice(31).DocumentStatus).toBe('bost_Close');
  });
});

describe('what is refused', () => {
  it("another customer's invoice, a closed or unknown one, an empty selection", async () => {
    for (const invoices of [[31], [13], [999_999], [28, 31]]) {
      const res = await post(t, '/api/user/tbk/create', buyer.token, { invoices });
      expect(res.statusCode).toBe(404);
    }
    expect((await post(t, '/api/user/khipu/payments', buyer.token, { invoices: [31] })).statusCode).toBe(404);
    expect((await post(t, '/api/user/khipu/payments', buyer.token, { invoices: [] })).statusCode).toBe(400);
    expect((await post(t, '/api/user/tbk/create', buyer.token, { invoices: ['x'] })).statusCode).toBe(400);
  });

  it("pay-invoice for a payment that is not confirmed, or is another buyer's", async () => {
    const created = (await post(t, '/api/user/tbk/create', buyer.token, { invoices: [28] })).json<WebpayCreateResponse>();
    const notPaid = await post(t, '/api/user/b1/pay-invoice', buyer.token, { paymentId: created.token });
    expect(notPaid.statusCode).toBe(409);
    expect((await post(t, '/api/user/b1/pay-invoice', other.token, { paymentId: created.token })).statusCode).toBe(404);
    expect((await post(t, '/api/user/b1/pay-invoice', buyer.token, { paymentId: 'nada' })).statusCode).toBe(404);
    expect((await post(t, '/api/user/b1/pay-invoice', buyer.token, {})).statusCode).toBe(400);
  });
});
