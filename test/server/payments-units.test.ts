import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '@server/config';
import type { PaymentRow } from '@server/db/schema';
import { buildIncomingPayment, cardValidUntil } from '@server/erp/incomingPayments';
import { PaymentReconciler } from '@server/jobs/reconciler';
import { erpCounterReference, meansOf } from '@server/payments/erpPaymentJobs';
import type { PaymentRepo } from '@server/payments/payments.repo';
import { invoicesBuyOrder } from '@server/payments/webpay.service';

const base = { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'payments-config-')), JWT_SECRET: 'x'.repeat(40) };

describe('configuration', () => {
  it('no WEBPAY_* / KHIPU_*: the stand-ins, WebPay with the public integration credentials; reconciler every 30 s', () => {
    const config = loadConfig(base);
    expect(config.webpay).toEqual({ baseUrl: undefined, commerceCode: '597055555532', apiKey: '579B532A7440BB0C9079DED94D31EA1615BACEB56610332264630D42D0A36B1C', timeoutMs: undefined });
    expect(config.khipu).toEqual({ baseUrl: undefined, apiKey: undefined, secret: undefined, receiverId: undefined });
    expect(config.reconcilerIntervalMs).toBe(30_000);
  });

  it('the real providers with their credentials', () => {
    const config = loadConfig({
      ...base,
      WEBPAY_BASE_URL: 'https://webpay3g.transbank.cl',
      WEBPAY_COMMERCE_CODE: '597012345678',
      WEBPAY_API_KEY: 'secreto',
      KHIPU_BASE_URL: 'https://payment-api.khipu.com',
      KHIPU_API_KEY: 'llave',
      KHIPU_SECRET: 'secreto-khipu',
      KHIPU_RECEIVER_ID: '123456',
      RECONCILER_INTERVAL: '2m',
    });
    expect(config.webpay).toMatchObject({ baseUrl: 'https://webpay3g.transbank.cl', commerceCode: '597012345678', apiKey: 'secreto' });
    expect(config.khipu).toEqual({ baseUrl: 'https://payment-api.khipu.com', apiKey: 'llave', secret: 'secreto-khipu', receiverId: 123456 });
    expect(config.reconcilerIntervalMs).toBe(120_000);
  });

  it('refuses a real Khipu without its key or secret, and malformed values', () => {
    expect(() => loadConfig({ ...base, KHIPU_BASE_URL: 'https://payment-api.khipu.com', KHIPU_API_KEY: 'k' })).toThrow('KHIPU_API_KEY y KHIPU_SECRET');
    expect(() => loadConfig({ ...base, WEBPAY_BASE_URL: 'webpay3g.transbank.cl' })).toThrow('WEBPAY_BASE_URL inválido');
    expect(() => loadConfig({ ...base, KHIPU_RECEIVER_ID: 'abc' })).toThrow('KHIPU_RECEIVER_ID inválido');
    expect(() => loadConfig({ ...base, RECONCILER_INTERVAL: 'pronto' })).toThrow('RECONCILER_INTERVAL inválido');
  });
});

describe('the ERP incoming payment', () => {
  const now = new Date('2026-03-10T15:00:00Z');

  it('a card: its codes, last 4 digits, authorization code and installments; on account', () => {
    const doc = buildIncomingPayment(
      {
        cardCode: 'C1',
        counterReference: 'OC000042',
        amount: 119_000,
        means: { kind: 'card', paymentTypeCode: 'VC', cardLast4: '6623', authorizationCode: '1213', installments: 6 },
        remarks: 'x',
      },
      now,
    );
    expect(doc).toEqual({
      DocType: 'rCustomer',
      CardCode: 'C1',
      DocDate: '2026-03-10',
      CounterReference: 'OC000042',
      Remarks: 'x',
      PaymentCreditCards: [
        { CreditCard: 4, CreditCardNumber: '6623', CardValidUntil: '2026-03-31', VoucherNum: '1213', PaymentMethodCode: 3, NumOfPayments: 6, CreditSum: 119_000 },
      ],
    });
  });

  it('debit (VD) → CreditCard 3 / PaymentMethodCode 4; a transfer → 3 / 4, one payment, no card data; invoices applied', () => {
    const debit = buildIncomingPayment(
      { cardCode: 'C1', counterReference: 'PF000001', amount: 10, means: { kind: 'card', paymentTypeCode: 'VD', cardLast4: '7763', authorizationCode: '1', installments: 0 }, remarks: '' },
      now,
    );
    expect(debit.PaymentCreditCards[0]).toMatchObject({ CreditCard: 3, PaymentMethodCode: 4, NumOfPayments: 1 });
    const transfer = buildIncomingPayment(
      { cardCode: 'C1', counterReference: 'PF000002', amount: 300, means: { kind: 'transfer' }, invoices: [{ docEntry: 7, sumApplied: 100 }, { docEntry: 8, sumApplied: 200 }], remarks: '' },
      now,
    );
    expect(transfer.PaymentCreditCards).toEqual([{ CreditCard: 3, CardValidUntil: '2026-03-31', PaymentMethodCode: 4, NumOfPayments: 1, CreditSum: 300 }]);
    expect(transfer.PaymentInvoices).toEqual([
      { DocEntry: 7, SumApplied: 100, InvoiceType: 'it_Invoice' },
      { DocEntry: 8, SumApplied: 200, InvoiceType: 'it_Invoice' },
    ]);
    expect(() => buildIncomingPayment({ cardCode: 'C1', counterReference: 'PP1711965600393', amount: 1, means: { kind: 'transfer' }, remarks: '' })).toThrow('CounterReference');
  });

  it("CounterReference fits B1's 8 characters: the order number, or PF + the payment id", () => {
    expect(erpCounterReference({ id: 5, purpose: 'ORDER' }, { purchaseOrderNumber: 'OC000042' })).toBe('OC000042');
    expect(erpCounterReference({ id: 5, purpose: 'INVOICES' }, null)).toBe('PF000005');
    expect(erpCounterReference({ id: 12_345_678, purpose: 'INVOICES' }, null)).toHaveLength(8);
    expect(erpCounterReference({ id: 9, purpose: 'ORDER' }, { purchaseOrderNumber: 'OC1234567' })).toBe('PF000009');
  });

  it('the card of a WebPay payment comes from its stored result', () => {
    const payment = { provider: 'WEBPAY', result: { payment_type_code: 'VD', card_detail: { card_number: 'XXXX7763' }, authorization_code: '55', installments_number: 0 } } as unknown as PaymentRow;
    expect(meansOf(payment)).toEqual({ kind: 'card', paymentTypeCode: 'VD', cardLast4: '7763', authorizationCode: '55', installments: 1 });
    expect(meansOf({ provider: 'KHIPU', result: {} } as unknown as PaymentRow)).toEqual({ kind: 'transfer' });
  });

  it('card valid until: the end of the month in Chile', () => {
    expect(cardValidUntil(new Date('2026-02-10T12:00:00Z'))).toBe('2026-02-28');
    expect(cardValidUntil(new Date('2026-01-01T02:00:00Z'))).toBe('2025-12-31'); // still 31 Dec in Santiago
  });

  it('the buy order of pending invoices is within 26 characters of the allowed alphabet', () => {
    expect(invoicesBuyOrder(1_711_965_600_393)).toMatch(/^FAC1711965600393\d{2}$/);
  });
});

describe('the reconciler', () => {
  it('runs each unfinished payment through its provider, keeps going after a failure, and shares concurrent runs', async () => {
    const rows = [
      { id: 1, provider: 'WEBPAY' },
      { id: 2, provider: 'KHIPU' },
      { id: 3, provider: 'WEBPAY' },
    ] as PaymentRow[];
    const unfinished = jest.fn(async () => rows);
    const seen: number[] = [];
    const reconciler = new PaymentReconciler({
      repo: { unfinished } as unknown as PaymentRepo,
      handlers: {
        WEBPAY: async (p) => {
          seen.push(p.id);
          if (p.id === 1) throw new Error('webpay caído');
        },
        KHIPU: async (p) => void seen.push(p.id),
      },
    });
    const [a, b] = await Promise.all([reconciler.runOnce(), reconciler.runOnce()]);
    expect(a).toEqual({ checked: 3, failed: 1 });
    expect(b).toBe(a);
    expect(seen).toEqual([1, 2, 3]);
    expect(unfinished).toHaveBeenCalledTimes(1);
    expect(unfinished).toHaveBeenCalledWith(60_000, 100);
    reconciler.start();
    expect(reconciler.started).toBe(true);
    await reconciler.stop();
    expect(reconciler.started).toBe(false);
  });
});
