// The netted payment of the cuenta corriente against the B1, WebPay and Khipu stand-ins: a selection of the demo
// company's open documents (invoices by installment, a partial amount, credit notes deducted) resolved by the server the
// same way for the preview and the create, paid by card or transfer, and registered in the ERP as ONE IncomingPayments,
// exactly once; ceded invoices refused on every path; documents in a payment being processed refused, credit notes too;
// balances that changed in the ERP meanwhile. And the pure parts: the resolution, what is applicable now, the receipt.
import { eq } from 'drizzle-orm';
import { ACCOUNT_CARDCODE, CESIONARIO } from '@mocks/b1/data';
import type { B1Document } from '@mocks/b1/types';
import type { AccountDocument, AccountPayPreview, AccountPaySelection } from '@shared/api/account';
import type { CardPaymentResult, ErpPaymentResponse, KhipuCreateResponse, TransferPaymentStatus, WebpayCreateResponse } from '@shared/api/payments';
import { formatCLP } from '@shared/money';
import { outbox, payments } from '@server/db/schema';
import { buildInvoicesPaidMail } from '@server/mail/buyerMail';
import { resolveAccountPay } from '@server/payments/accountPay';
import { applicableNow } from '@server/payments/erpPaymentJobs';
import { erpPaymentDedupeKey } from '@server/payments/payments.service';
import { call, type TestApp } from './helpers';
import { buyerOf, erpPayments, jobsSettled, paymentsApp, post, postsTo, spyErpPosts, storedPayment, type Buyer } from './payments-fixtures';

const CEDED_TEXT = `Cedida a ${CESIONARIO.name} (76.555.444-3): pague directamente al cesionario`;

let t: TestApp;
let buyer: Buyer; // Importadora Aconcagua SpA (76.345.678-1, C76345678): the demo company with a year of account documents

beforeAll(async () => {
  t = await paymentsApp({ erp: { settleMs: 400, lookupFirstMs: 50, lookupMaxMs: 100 } });
  buyer = await buyerOf(t, '76345678-1');
}, 60_000);
afterAll(() => t.close());

const open = (d: B1Document) => d.DocTotal - d.PaidToDate;
const isOpen = (d: B1Document) => d.CardCode === ACCOUNT_CARDCODE && d.DocumentStatus === 'bost_Open' && d.Cancelled !== 'tYES' && open(d) > 0;
const invoices = () => t.b1.data.Invoices.filter(isOpen);
/** Open invoices (33) of one installment, not ceded, nothing paid yet, largest balance first. */
const plainInvoices = () =>
  invoices()
    .filter((d) => d.U_Cedida !== 'Y' && (d.DocumentSubType ?? 'bod_None') === 'bod_None' && d.PaidToDate === 0 && d.DocumentInstallments.length <= 1)
    .sort((a, b) => open(b) - open(a));
const creditNote = () => t.b1.data.CreditNotes.find(isOpen)!;
const ceded = () => invoices().find((d) => d.U_Cedida === 'Y')!;
const split = () => invoices().find((d) => d.DocumentInstallments.length === 2)!;
const doc = (set: 'Invoices' | 'CreditNotes', entry: number) => (t.b1.data[set] as B1Document[]).find((d) => d.DocEntry === entry)!;
const counterReferenceOf = (paymentId: number) => `PF${String(paymentId).padStart(6, '0')}`;

const sel = (d: B1Document, amount?: number): AccountPaySelection => ({
  kind: d.DocObjectCode === 'oCreditNotes' ? 'creditNote' : 'invoice',
  docEntry: d.DocEntry,
  ...(amount !== undefined ? { amount } : {}),
});

const preview = (documents: AccountPaySelection[], token = buyer.token) => post(t, '/api/user/account/pay/preview', token, { documents });

async function payByCard(documents: AccountPaySelection[]): Promise<{ created: WebpayCreateResponse; paymentId: number }> {
  const res = await post(t, '/api/user/tbk/create', buyer.token, { documents, amount: 1 });
  expect(res.statusCode).toBe(200);
  const created = res.json<WebpayCreateResponse>();
  await t.webpay.followReturn(t.webpay.pay(created.token, 'visa'));
  const result = (await call(t.app, { method: 'GET', url: `/api/user/tbk/state/${created.token}`, token: buyer.token })).json<CardPaymentResult>();
  expect(result).toMatchObject({ state: 'PAID', purpose: 'INVOICES', amount: created.amount });
  return { created, paymentId: (await storedPayment(t, { providerId: created.token })).id };
}

describe('what the server refuses', () => {
  it('a ceded invoice, through the account, the pending-invoices selection, card and transfer alike (409, pay the cesionario)', async () => {
    const d = ceded();
    expect(d).toBeDefined();
    for (const [url, body] of [
      ['/api/user/account/pay/preview', { documents: [sel(d)] }],
      ['/api/user/tbk/create', { documents: [sel(plainInvoices()[0]!), sel(d)] }],
      ['/api/user/khipu/payments', { documents: [sel(d, 1000)] }],
      ['/api/user/tbk/create', { invoices: [d.DocEntry] }],
      ['/api/user/khipu/payments', { invoices: [plainInvoices()[0]!.DocEntry, d.DocEntry] }],
    ] as const) {
      const res = await post(t, url, buyer.token, body);
      expect([url, res.statusCode]).toEqual([url, 409]);
      expect(res.json().message).toBe(CEDED_TEXT);
    }
  });

  it('credit notes that cover the selection (400 naming both amounts), a credit note alone, amounts out of place', async () => {
    const cn = creditNote();
    const [a, b] = plainInvoices();
    const larger = await preview([sel(a!, 1), sel(cn)]);
    expect(larger.statusCode).toBe(400);
    expect(larger.json().message).toBe(
      `Las notas de crédito seleccionadas (${formatCLP(open(cn))}) cubren o superan los documentos a pagar (${formatCLP(1)}): quite una nota de crédito o agregue documentos a pagar`,
    );
    expect((await post(t, '/api/user/tbk/create', buyer.token, { documents: [sel(a!, 1), sel(cn)] })).statusCode).toBe(400);
    expect((await preview([sel(cn)])).json().message).toMatch(/una nota de crédito sola no se paga/);
    // a partial amount: one payable document only, 1..its balance, never on a credit note
    expect((await preview([sel(a!, 1000), sel(b!)])).statusCode).toBe(400);
    expect((await preview([sel(a!, open(a!) + 1)])).json().message).toBe(
      `El monto a pagar del documento ${a!.FolioNumber} debe ser un número entero de pesos entre $1 y su saldo, ${formatCLP(open(a!))}`,
    );
    expect((await preview([sel(a!), sel(cn, 10)])).statusCode).toBe(400);
    expect((await preview([sel(a!, 10.5)])).statusCode).toBe(400);
    expect((await preview([sel(a!, 0)])).statusCode).toBe(400);
    expect((await preview([sel(a!), sel(a!)])).statusCode).toBe(400);
    expect((await preview([])).statusCode).toBe(400);
  });

  it("another company's document, a closed one, a missing one: 404", async () => {
    const others = t.b1.data.Invoices.find((d) => d.CardCode !== ACCOUNT_CARDCODE && d.DocumentStatus === 'bost_Open')!;
    const closed = t.b1.data.Invoices.find((d) => d.CardCode === ACCOUNT_CARDCODE && d.DocumentStatus === 'bost_Close')!;
    for (const documents of [[sel(others)], [sel(closed)], [{ kind: 'downPayment', docEntry: 999_999 }], [{ kind: 'creditNote', docEntry: plainInvoices()[0]!.DocEntry }]]) {
      const res = await preview(documents as AccountPaySelection[]);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toMatch(/^El documento \d+ no está entre sus documentos pendientes de pago$/);
    }
  });

  it('a document (a credit note too) in a payment being processed: 409 until that payment fails', async () => {
    const cn = creditNote();
    const [a, b] = plainInvoices();
    const first = await post(t, '/api/user/tbk/create', buyer.token, { documents: [sel(a!), sel(cn)] });
    expect(first.statusCode).toBe(200);
    const busy = await t.app.payments!.service.documentsInProcess(ACCOUNT_CARDCODE);
    expect(busy).toEqual(new Set([`invoice:${a!.DocEntry}`, `creditNote:${cn.DocEntry}`]));
    const again = await preview([sel(b!), sel(cn)]);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`El documento ${cn.FolioNumber} ya tiene un pago en curso`);
    expect((await post(t, '/api/user/khipu/payments', buyer.token, { documents: [sel(b!), sel(cn)] })).statusCode).toBe(409);
    expect((await post(t, '/api/user/khipu/payments', buyer.token, { invoices: [a!.DocEntry] })).statusCode).toBe(409);
    // that payment fails: its documents are free again
    const payment = await storedPayment(t, { providerId: first.json<WebpayCreateResponse>().token });
    await t.database.db.update(payments).set({ state: 'EXPIRED' }).where(eq(payments.id, payment.id));
    expect(await t.app.payments!.service.documentsInProcess(ACCOUNT_CARDCODE)).toEqual(new Set());
    expect((await preview([sel(b!), sel(cn)])).statusCode).toBe(200);
  });
});

describe('one netted payment', () => {
  it('two invoices less a credit note by card: the preview is what is charged, and the ERP gets ONE payment with three lines', async () => {
    const cn = creditNote();
    const [a, b] = plainInvoices();
    const documents = [sel(a!), sel(b!), sel(cn)];
    const [ba, bb, bc] = [open(a!), open(b!), open(cn)];
    const shown = await preview(documents);
    expect(shown.statusCode).toBe(200);
    const expected = ba + bb - bc;
    expect(shown.json<AccountPayPreview>()).toEqual({
      lines: [
        { kind: 'invoice', docEntry: a!.DocEntry, dteType: 33, folio: a!.FolioNumber, installmentId: 1, amount: ba },
        { kind: 'invoice', docEntry: b!.DocEntry, dteType: 33, folio: b!.FolioNumber, installmentId: 1, amount: bb },
        { kind: 'creditNote', docEntry: cn.DocEntry, dteType: 61, folio: cn.FolioNumber, installmentId: 1, amount: -bc },
      ],
      total: expected,
      credits: bc,
    });
    const { created, paymentId } = await payByCard(documents);
    expect(created.amount).toBe(expected);
    expect(t.webpay.transaction(created.token)!.amount).toBe(expected);
    const stored = await storedPayment(t, { providerId: created.token });
    expect(stored.invoices).toEqual([
      { docEntry: a!.DocEntry, folio: String(a!.FolioNumber), paidSum: ba, kind: 'invoice', installmentId: 1, dteType: 33 },
      { docEntry: b!.DocEntry, folio: String(b!.FolioNumber), paidSum: bb, kind: 'invoice', installmentId: 1, dteType: 33 },
      { docEntry: cn.DocEntry, folio: String(cn.FolioNumber), paidSum: -bc, kind: 'creditNote', installmentId: 1, dteType: 61 },
    ]);

    const answer = await post(t, '/api/user/b1/pay-invoice', buyer.token, { paymentId: created.token });
    expect(answer.json<ErpPaymentResponse>()).toEqual({ erp: 'SENT', message: 'Pago registrado en el ERP' });
    await jobsSettled(t);
    const incoming = erpPayments(t, ACCOUNT_CARDCODE, counterReferenceOf(paymentId));
    expect(incoming).toHaveLength(1);
    expect(incoming[0]!.PaymentInvoices.map((l) => [l.InvoiceType, l.DocEntry, l.SumApplied, l.InstallmentId])).toEqual([
      ['it_Invoice', a!.DocEntry, ba, 1],
      ['it_Invoice', b!.DocEntry, bb, 1],
      ['it_CredItnote', cn.DocEntry, -bc, 1],
    ]);
    expect(incoming[0]!.PaymentCreditCards).toEqual([expect.objectContaining({ CreditSum: expected })]);
    // as B1 applies it: both invoices and the credit note closed, the credit note's PaidToDate at its total
    expect(doc('Invoices', a!.DocEntry).DocumentStatus).toBe('bost_Close');
    expect(doc('Invoices', b!.DocEntry).DocumentStatus).toBe('bost_Close');
    expect(doc('CreditNotes', cn.DocEntry)).toMatchObject({ PaidToDate: cn.DocTotal, DocumentStatus: 'bost_Close' });
    // registered: nothing of it is in process any more
    expect(await t.app.payments!.service.documentsInProcess(ACCOUNT_CARDCODE)).toEqual(new Set());
  });

  it('an invoice in two installments by transfer, partly: the earliest installment first; the answer to the ERP lost → looked up, never posted twice', async () => {
    const d = split();
    const [first, second] = d.DocumentInstallments;
    const amount = first!.Total - first!.PaidToDate + 1_000;
    const shown = (await preview([sel(d)])).json<AccountPayPreview>();
    expect(shown.lines.map((l) => [l.installmentId, l.amount])).toEqual([[1, first!.Total - first!.PaidToDate], [2, second!.Total - second!.PaidToDate]]);
    const partial = (await preview([sel(d, amount)])).json<AccountPayPreview>();
    expect(partial).toMatchObject({ total: amount, credits: 0 });
    expect(partial.lines.map((l) => [l.installmentId, l.amount])).toEqual([[1, amount - 1_000], [2, 1_000]]);

    const res = await post(t, '/api/user/khipu/payments', buyer.token, { documents: [sel(d, amount)] });
    expect(res.statusCode).toBe(200);
    const created = res.json<KhipuCreateResponse>();
    expect(created.amount).toBe(amount);
    expect(t.khipu.payment(created.payment_id)).toMatchObject({ subject: `Pago de documentos ${d.FolioNumber} - Textil Andino`, amount });
    const spy = spyErpPosts();
    let posts: number | undefined;
    t.b1.setFaults({ loseAnswerRate: 1 }); // B1 registers the payment and the answer never arrives
    try {
      await t.khipu.pay(created.payment_id);
      const status = (await call(t.app, { method: 'GET', url: `/api/user/khipu/payments/${created.payment_id}`, token: buyer.token })).json<TransferPaymentStatus>();
      expect(status).toMatchObject({ state: 'PAID', purpose: 'INVOICES' });
      await jobsSettled(t);
      posts = postsTo(spy, 'IncomingPayments');
    } finally {
      t.b1.setFaults({ loseAnswerRate: 0 });
      spy.mockRestore();
    }
    expect(posts).toBe(1);
    const payment = await storedPayment(t, { providerId: created.payment_id });
    const [job] = await t.database.db.select().from(outbox).where(eq(outbox.dedupeKey, erpPaymentDedupeKey(payment)));
    expect(job).toMatchObject({ status: 'done' });
    expect(job!.attempts).toBeGreaterThan(1); // the first attempt never got B1's answer
    const incoming = erpPayments(t, ACCOUNT_CARDCODE, counterReferenceOf(payment.id));
    expect(incoming).toHaveLength(1);
    expect(incoming[0]!.PaymentInvoices.map((l) => [l.DocEntry, l.InstallmentId, l.SumApplied])).toEqual([[d.DocEntry, 1, amount - 1_000], [d.DocEntry, 2, 1_000]]);
    // a partial payment leaves the invoice open with the rest
    const after = doc('Invoices', d.DocEntry);
    expect(after.DocumentStatus).toBe('bost_Open');
    expect(after.DocumentInstallments.map((i) => i.PaidToDate)).toEqual([first!.Total, 1_000]);
    const answer = (await post(t, '/api/user/b1/pay-invoice', buyer.token, { paymentId: created.payment_id })).json<ErpPaymentResponse>();
    expect(answer.erp).toBe('SENT');
  });

  it('balances changed in the ERP between the selection and the payment: what is open is applied, the rest stays on account', async () => {
    const [a, b] = plainInvoices();
    const [ba, bb] = [open(a!), open(b!)];
    const total = ba + bb;
    t.khipu.setVerification({ autoVerify: false });
    let created: KhipuCreateResponse;
    try {
      created = (await post(t, '/api/user/khipu/payments', buyer.token, { documents: [sel(a!), sel(b!)] })).json<KhipuCreateResponse>();
      expect(created.amount).toBe(total);
      await t.khipu.pay(created.payment_id);
      doc('Invoices', b!.DocEntry).PaidToDate += 10_000; // paid in part at the office meanwhile
      t.khipu.complete(created.payment_id);
    } finally {
      t.khipu.setVerification({ autoVerify: true });
    }
    await call(t.app, { method: 'POST', url: `/api/user/khipu/payments/${created.payment_id}/confirm`, token: buyer.token });
    await jobsSettled(t);
    const payment = await storedPayment(t, { providerId: created.payment_id });
    const incoming = erpPayments(t, ACCOUNT_CARDCODE, counterReferenceOf(payment.id));
    expect(incoming).toHaveLength(1);
    expect(incoming[0]!.PaymentInvoices.map((l) => [l.DocEntry, l.SumApplied])).toEqual([[a!.DocEntry, ba], [b!.DocEntry, bb - 10_000]]);
    expect(incoming[0]!.PaymentCreditCards[0]!.CreditSum).toBe(total); // the 10 000 stay on account
    expect(doc('Invoices', b!.DocEntry).DocumentStatus).toBe('bost_Close');
    // and the buyer is told so
    const answer = await post(t, '/api/user/b1/pay-invoice', buyer.token, { paymentId: created.payment_id });
    expect(answer.json<ErpPaymentResponse>()).toEqual({
      erp: 'SENT',
      message: `Pago registrado en el ERP. Los saldos de sus documentos cambiaron antes del registro: se aplicó lo que estaba pendiente y ${formatCLP(10_000)} quedó abonado a cuenta de su empresa`,
    });
  });
});

// ───────────────────────── the pure parts ─────────────────────────

const accountDoc = (over: Partial<AccountDocument> & Pick<AccountDocument, 'kind' | 'docEntry' | 'balance'>): AccountDocument => ({
  docNum: over.docEntry, dteType: over.kind === 'creditNote' ? 61 : 33, dteName: '', folio: 1000 + over.docEntry, issueDate: '2026-10-01',
  dueDate: '2026-10-31', receptionDate: null, total: over.balance, paid: 0, sign: over.kind === 'creditNote' ? -1 : 1, open: true,
  installments: [{ id: 1, dueDate: '2026-10-31', total: over.balance, paid: 0, balance: over.balance }], references: [], ceded: null,
  claimState: null, attachmentEntry: null, ...over,
});

describe('resolveAccountPay', () => {
  const inv = accountDoc({ kind: 'invoice', docEntry: 1, balance: 100_000 });
  const cuotas = accountDoc({
    kind: 'invoice', docEntry: 2, balance: 90_000,
    installments: [
      { id: 2, dueDate: '2026-12-01', total: 50_000, paid: 0, balance: 50_000 },
      { id: 1, dueDate: '2026-11-01', total: 50_000, paid: 10_000, balance: 40_000 },
    ],
  });
  const nc = accountDoc({ kind: 'creditNote', docEntry: 3, balance: 30_000 });
  const none = new Map();

  it('adds payable documents by installment, earliest first, and subtracts credit notes', () => {
    const r = resolveAccountPay([{ kind: 'creditNote', docEntry: 3 }, { kind: 'invoice', docEntry: 2 }, { kind: 'invoice', docEntry: 1 }], [inv, cuotas, nc], none, new Set());
    expect(r.lines.map((l) => [l.docEntry, l.installmentId, l.amount])).toEqual([[2, 1, 40_000], [2, 2, 50_000], [1, 1, 100_000], [3, 1, -30_000]]);
    expect(r).toMatchObject({ total: 160_000, credits: 30_000 });
    expect(r.paid.map((p) => p.paidSum)).toEqual(r.lines.map((l) => l.amount));
  });

  it('a partial amount fills the earliest installments; a ceded document and one in process are refused', () => {
    const r = resolveAccountPay([{ kind: 'invoice', docEntry: 2, amount: 45_000 }], [cuotas], none, new Set());
    expect(r.lines.map((l) => [l.installmentId, l.amount])).toEqual([[1, 40_000], [2, 5_000]]);
    const ceded = new Map([['invoice:1', { receptionDate: null, claimState: null, ceded: { rut: '76555444-3', name: 'Factoring Andes S.A.' } }]]);
    expect(() => resolveAccountPay([{ kind: 'invoice', docEntry: 1 }], [inv], ceded, new Set())).toThrow(CEDED_TEXT);
    expect(() => resolveAccountPay([{ kind: 'invoice', docEntry: 1 }, { kind: 'creditNote', docEntry: 3 }], [inv, nc], none, new Set(['creditNote:3'])))
      .toThrow('El documento 1003 ya tiene un pago en curso');
  });
});

describe('applicableNow (the ERP job when balances changed)', () => {
  const lines = [
    { docEntry: 1, sumApplied: 100_000, kind: 'invoice' as const, installmentId: 1 },
    { docEntry: 2, sumApplied: 50_000, kind: 'invoice' as const, installmentId: 1 },
    { docEntry: 3, sumApplied: -30_000, kind: 'creditNote' as const, installmentId: 1 },
  ];
  const money = 120_000;

  it('nothing changed: every line as it was', () => {
    const now = [accountDoc({ kind: 'invoice', docEntry: 1, balance: 100_000 }), accountDoc({ kind: 'invoice', docEntry: 2, balance: 50_000 }), accountDoc({ kind: 'creditNote', docEntry: 3, balance: 30_000 })];
    expect(applicableNow(lines, now, money).map((l) => l.sumApplied)).toEqual([100_000, 50_000, -30_000]);
  });

  it('an invoice paid elsewhere: its line drops and the credit note applies only what the rest absorbs', () => {
    const now = [accountDoc({ kind: 'invoice', docEntry: 2, balance: 20_000 }), accountDoc({ kind: 'creditNote', docEntry: 3, balance: 30_000 })];
    expect(applicableNow(lines, now, money).map((l) => l.sumApplied)).toEqual([0, 20_000, -20_000]);
  });

  it('the credit note applied elsewhere: the invoices take no more than the money received, the rest stays open', () => {
    const now = [accountDoc({ kind: 'invoice', docEntry: 1, balance: 100_000 }), accountDoc({ kind: 'invoice', docEntry: 2, balance: 50_000 })];
    const adjusted = applicableNow(lines, now, money);
    expect(adjusted.map((l) => l.sumApplied)).toEqual([100_000, 20_000, 0]);
    expect(adjusted.reduce((s, l) => s + l.sumApplied, 0)).toBe(money);
  });

  it('by installment: a line takes at most what its installment still owes', () => {
    const split = accountDoc({
      kind: 'invoice', docEntry: 9, balance: 70_000,
      installments: [{ id: 1, dueDate: '2026-11-01', total: 50_000, paid: 30_000, balance: 20_000 }, { id: 2, dueDate: '2026-12-01', total: 50_000, paid: 0, balance: 50_000 }],
    });
    const both = [{ docEntry: 9, sumApplied: 50_000, kind: 'invoice' as const, installmentId: 1 }, { docEntry: 9, sumApplied: 50_000, kind: 'invoice' as const, installmentId: 2 }];
    expect(applicableNow(both, [split], 100_000).map((l) => l.sumApplied)).toEqual([20_000, 50_000]);
  });

  it('an old pending-invoices line (no kind, no installment) against the document balance', () => {
    expect(applicableNow([{ docEntry: 1, sumApplied: 100_000 }], [accountDoc({ kind: 'invoice', docEntry: 1, balance: 60_000 })], 100_000)).toEqual([{ docEntry: 1, sumApplied: 60_000 }]);
  });
});

describe("the buyer's receipt of a netted payment", () => {
  it('lists each document once with its tipo, credit notes as deductions', () => {
    const mail = buildInvoicesPaidMail({
      brand: 'Textil Andino', company: { nombre: 'Importadora Aconcagua SpA', rut: '76345678-1' }, provider: 'WEBPAY', paidAt: new Date('2026-11-01T15:00:00Z'),
      amount: 130_000, payment: { reference: 'FAC1', authorizationCode: '1213' },
      invoices: [
        { docEntry: 2, folio: '10461', paidSum: 40_000, kind: 'invoice', installmentId: 1, dteType: 33 },
        { docEntry: 2, folio: '10461', paidSum: 50_000, kind: 'invoice', installmentId: 2, dteType: 33 },
        { docEntry: 7, folio: '801', paidSum: 70_000, kind: 'invoice', installmentId: 1, dteType: 56 },
        { docEntry: 3, folio: '2210', paidSum: -30_000, kind: 'creditNote', installmentId: 1, dteType: 61 },
      ],
    });
    expect(mail.subject).toBe('Pago recibido de documentos 10461, 801, 2210 - Textil Andino');
    for (const line of [
      'Recibimos el pago de 3 documentos de su cuenta corriente en el portal Textil Andino.',
      '- Factura electrónica 10461: $90.000',
      '- Nota de débito electrónica 801: $70.000',
      '- Nota de crédito electrónica 2210: -$30.000 (descuento)',
      'Notas de crédito descontadas: $30.000',
      'Total pagado: $130.000',
    ]) expect(mail.text).toContain(line);
    expect(mail.html).toContain('Nota de crédito electrónica 2210');
  });
});
