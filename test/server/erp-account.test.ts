// The ERP client of the current account against the B1 stand-in, and its pure mapping: tipo DTE from the set and
// DocumentSubType, balances and installments, the cesión; the open documents, a period's documents and payments (with
// the folios a payment settled), one document with its references, ownership (another company's document is 404), the
// DTE files through Attachments2 $value; and the B1 DTE provider reading the same.
import { ACCOUNT_CARDCODE, CESIONARIO, REFERENCE_DATE } from '@mocks/b1/data';
import { addDays } from '@mocks/b1/documents';
import { startB1Mock, type B1Mock } from '@mocks/b1/server';
import { B1DteProvider, createDteProvider } from '@server/account/dteProvider';
import { dteProviderFromEnv } from '@server/config';
import { dteTypeOf, toAccountDocument, toAccountPayment } from '@server/erp/accountDocuments';
import { ErpError } from '@server/erp/errors';
import { ErpService } from '@server/erp/erp.service';
import { ServiceLayerClient } from '@server/erp/serviceLayer';

describe('account mapping', () => {
  it('takes the DTE type from the folio prefix, else from the set and DocumentSubType', () => {
    expect(dteTypeOf('invoice', { FolioPrefixString: null, DocumentSubType: 'bod_None' })).toBe(33);
    expect(dteTypeOf('invoice', { FolioPrefixString: null, DocumentSubType: 'bod_InvoiceExempt' })).toBe(34);
    expect(dteTypeOf('invoice', { FolioPrefixString: '', DocumentSubType: 'bod_DebitMemo' })).toBe(56);
    expect(dteTypeOf('creditNote', { FolioPrefixString: null })).toBe(61);
    expect(dteTypeOf('downPayment', {})).toBe(33);
    expect(dteTypeOf('invoice', { FolioPrefixString: '34', DocumentSubType: 'bod_None' })).toBe(34);
  });

  it('maps balances in whole pesos, installments (one when the ERP sends none), the cesión and the provider fields', () => {
    const doc = toAccountDocument('invoice', {
      DocEntry: 9, DocNum: 7009, DocDate: '2026-10-01T00:00:00Z', DocDueDate: '2026-10-31', DocTotal: 119_000.4, PaidToDate: 19_000,
      DocumentStatus: 'bost_Open', Cancelled: 'tNO', FolioPrefixString: '33', FolioNumber: 10501, U_FechaRecepcion: '2026-10-02',
      U_Cedida: 'Y', U_CesionarioRut: '76555444-3', U_CesionarioNombre: 'Factoring Andes S.A.', U_EstadoReclamo: null, AttachmentEntry: 4,
    });
    expect(doc).toMatchObject({
      kind: 'invoice', dteType: 33, dteName: 'Factura electrónica', folio: 10501, issueDate: '2026-10-01', dueDate: '2026-10-31', receptionDate: '2026-10-02',
      total: 119_000, paid: 19_000, balance: 100_000, sign: 1, open: true, ceded: { rut: '76555444-3', name: 'Factoring Andes S.A.' }, claimState: null, attachmentEntry: 4,
      installments: [{ id: 1, dueDate: '2026-10-31', total: 119_000, paid: 19_000, balance: 100_000 }],
    });
    const split = toAccountDocument('invoice', {
      DocEntry: 10, DocTotal: 100, PaidToDate: 50, DocumentStatus: 'bost_Open',
      DocumentInstallments: [{ InstallmentId: 1, DueDate: '2026-01-01', Total: 50, PaidToDate: 50 }, { InstallmentId: 2, DueDate: '2026-02-01', Total: 50, PaidToDate: 0 }],
    });
    expect(split.installments.map((i) => [i.id, i.balance])).toEqual([[1, 0], [2, 50]]);
    expect(toAccountDocument('creditNote', { DocEntry: 3, DocTotal: 500, PaidToDate: 0, U_Cedida: 'N' })).toMatchObject({ dteType: 61, sign: -1, balance: 500, ceded: null });
  });

  it('maps a payment: the money received and each line with the folio of the document it settled', () => {
    const known = new Map([['creditNote:3', toAccountDocument('creditNote', { DocEntry: 3, FolioPrefixString: '61', FolioNumber: 2210 })]]);
    const payment = toAccountPayment({
      DocEntry: 5, DocNum: 3005, DocDate: '2026-10-10', TransferSum: 900, CashSum: 0, PaymentCreditCards: [{ CreditSum: 100 }], CounterReference: 'PF1',
      PaymentInvoices: [{ DocEntry: 3, SumApplied: -100, InvoiceType: 'it_CredItnote' }, { DocEntry: 8, SumApplied: 1100, InvoiceType: 'it_Invoice', InstallmentId: 1 }],
    }, known);
    expect(payment).toMatchObject({ amount: 1000, reference: 'PF1', lines: [
      { kind: 'creditNote', docEntry: 3, dteType: 61, folio: 2210, amount: -100 },
      { kind: 'invoice', docEntry: 8, dteType: null, folio: null, amount: 1100, installmentId: 1 },
    ] });
  });
});

describe('account documents from the ERP', () => {
  let mock: B1Mock;
  let erp: ErpService;
  const OTHER = 'C76123456';

  beforeAll(async () => {
    mock = await startB1Mock();
    const sl = new ServiceLayerClient({ baseUrl: mock.url, company: 'SBODEMOCL', user: 'manager', password: 'manager', timeoutMs: 5_000 });
    erp = new ErpService(sl, { pageSize: 5 }); // small pages: the readers follow them
  });
  afterAll(() => mock.close());

  const notFound = async (promise: Promise<unknown>) => {
    const error = await promise.then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(ErpError);
    expect(error).toMatchObject({ status: 404 });
  };

  it('reads the open documents with a balance: invoices, debit note, exempt, the open credit note; by due date', async () => {
    const open = await erp.openAccountDocuments(ACCOUNT_CARDCODE);
    const expected = [...mock.data.Invoices, ...mock.data.CreditNotes, ...mock.data.DownPayments]
      .filter((d) => d.CardCode === ACCOUNT_CARDCODE && d.DocumentStatus === 'bost_Open' && d.DocTotal !== d.PaidToDate);
    expect(open).toHaveLength(expected.length);
    expect(new Set(open.map((d) => d.dteType))).toEqual(new Set([33, 34, 56, 61]));
    expect(open.map((d) => d.dueDate)).toEqual([...open.map((d) => d.dueDate)].sort());
    const bp = mock.data.BusinessPartners.find((p) => p.CardCode === ACCOUNT_CARDCODE)!;
    expect(open.reduce((s, d) => s + d.sign * d.balance, 0)).toBe(bp.CurrentAccountBalance);
    expect(await erp.accountBalance(ACCOUNT_CARDCODE)).toEqual({ balance: bp.CurrentAccountBalance, creditLimit: bp.CreditLimit, openOrders: bp.OpenOrdersBalance });
    expect(open.find((d) => d.ceded)).toMatchObject({ ceded: { rut: CESIONARIO.rut, name: CESIONARIO.name } });
    expect(open.find((d) => d.dteType === 56)!.references[0]).toMatchObject({ objectType: 'rot_SalesInvoice', dteType: 33, folio: expect.any(Number) });
  });

  it('reads a period: the documents issued and the payments received, each payment with the folios it settled', async () => {
    const from = addDays(REFERENCE_DATE, -365);
    const period = await erp.accountPeriod(ACCOUNT_CARDCODE, from, REFERENCE_DATE);
    const issued = [...mock.data.Invoices, ...mock.data.CreditNotes, ...mock.data.DownPayments].filter((d) => d.CardCode === ACCOUNT_CARDCODE && d.DocDate >= from);
    expect(period.documents).toHaveLength(issued.length);
    expect(period.documents.map((d) => d.issueDate)).toEqual([...period.documents.map((d) => d.issueDate)].sort());
    const payments = mock.data.IncomingPayments.filter((p) => p.CardCode === ACCOUNT_CARDCODE && p.DocDate >= from);
    expect(period.payments.map((p) => p.docEntry)).toEqual(payments.map((p) => p.DocEntry));
    const netted = period.payments.find((p) => p.lines.some((l) => l.kind === 'creditNote'))!;
    expect(netted.lines.map((l) => l.dteType)).toEqual([33, 33, 61]);
    expect(netted.lines.every((l) => l.folio !== null)).toBe(true);
    expect(netted.lines.reduce((s, l) => s + l.amount, 0)).toBe(netted.amount);
    expect(period.payments.some((p) => p.lines[0]?.kind === 'downPayment')).toBe(true);
    // the closing balance of the year is the ERP's balance: nothing before it is open
    const moved = period.documents.reduce((s, d) => s + d.sign * d.total, 0) - period.payments.reduce((s, p) => s + p.amount, 0);
    expect(moved).toBe(mock.data.BusinessPartners.find((p) => p.CardCode === ACCOUNT_CARDCODE)!.CurrentAccountBalance);
    await expect(erp.accountPeriod(ACCOUNT_CARDCODE, '2026-1-1', REFERENCE_DATE)).rejects.toThrow(RangeError);
  });

  it('reads one document with its references and one payment; another company\'s are 404', async () => {
    const credit = mock.data.CreditNotes.find((c) => c.CardCode === ACCOUNT_CARDCODE && c.DocumentStatus === 'bost_Open')!;
    const doc = await erp.accountDocument(ACCOUNT_CARDCODE, 'creditNote', credit.DocEntry);
    const base = mock.data.Invoices.find((i) => i.DocEntry === credit.DocumentReferences[0].RefDocEntr)!;
    expect(doc.references).toEqual([expect.objectContaining({ docEntry: base.DocEntry, dteType: 33, folio: base.FolioNumber })]);
    await notFound(erp.accountDocument(OTHER, 'creditNote', credit.DocEntry));
    await notFound(erp.accountDocument(ACCOUNT_CARDCODE, 'invoice', 99_999));
    const payment = mock.data.IncomingPayments.find((p) => p.CardCode === ACCOUNT_CARDCODE)!;
    expect((await erp.accountPayment(ACCOUNT_CARDCODE, payment.DocEntry)).lines[0].folio).toBe(
      [...mock.data.Invoices, ...mock.data.DownPayments].find((d) => d.CardCode === ACCOUNT_CARDCODE && d.DocEntry === payment.PaymentInvoices[0].DocEntry
        && (payment.PaymentInvoices[0].InvoiceType === 'it_DownPayment') === (d.DocObjectCode === 'oDownPayments'))!.FolioNumber,
    );
    await notFound(erp.accountPayment(OTHER, payment.DocEntry));
  });

  it('downloads a document\'s PDF and XML through the DTE provider; never another company\'s', async () => {
    expect(dteProviderFromEnv(undefined)).toBe('b1');
    expect(() => dteProviderFromEnv('acepta')).toThrow(/DTE_PROVIDER/);
    const provider = createDteProvider('b1', erp);
    expect(provider).toBeInstanceOf(B1DteProvider);
    const invoice = mock.data.Invoices.find((i) => i.CardCode === ACCOUNT_CARDCODE && i.U_Cedida === 'Y')!;
    const pdf = await provider.file(ACCOUNT_CARDCODE, { kind: 'invoice', docEntry: invoice.DocEntry }, 'pdf');
    expect(pdf).toMatchObject({ fileName: `DTE_33_${invoice.FolioNumber}.pdf`, contentType: 'application/pdf' });
    expect(Buffer.from(pdf.bytes).subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    const xml = await provider.file(ACCOUNT_CARDCODE, { kind: 'invoice', docEntry: invoice.DocEntry }, 'xml');
    expect(Buffer.from(xml.bytes).toString('utf8')).toContain(`<Folio>${invoice.FolioNumber}</Folio>`);
    await notFound(provider.file(OTHER, { kind: 'invoice', docEntry: invoice.DocEntry }, 'pdf'));
    const unattached = mock.data.Invoices.find((i) => i.CardCode === OTHER)!;
    await notFound(provider.file(OTHER, { kind: 'invoice', docEntry: unattached.DocEntry }, 'pdf'));
  });

  it('gives each document its SII state; a cesión counts only on a type that can be ceded', async () => {
    const provider = createDteProvider('b1', erp);
    const open = await erp.openAccountDocuments(ACCOUNT_CARDCODE);
    const statuses = await provider.statuses(ACCOUNT_CARDCODE, open);
    const ceded = open.find((d) => d.ceded)!;
    expect(statuses.get(`invoice:${ceded.docEntry}`)).toEqual({ receptionDate: ceded.receptionDate, ceded: { rut: CESIONARIO.rut, name: CESIONARIO.name }, claimState: null });
    expect(open.filter((d) => statuses.get(`${d.kind}:${d.docEntry}`)!.receptionDate === addDays(REFERENCE_DATE, -3))).toHaveLength(1);
    const note = { ...open.find((d) => d.dteType === 61)!, ceded: { rut: '1-9', name: 'x' } };
    expect((await provider.statuses(ACCOUNT_CARDCODE, [note])).get(`creditNote:${note.docEntry}`)!.ceded).toBeNull();
  });
});

describe('account documents dated from another reference date, read through a fetch', () => {
  it('dates the demo year from the stand-in\'s reference date and reads a file through a fetch-shaped transport', async () => {
    const today = '2026-11-29';
    const mock = await startB1Mock({ referenceDate: today });
    try {
      const sl = new ServiceLayerClient({ baseUrl: mock.url, company: 'SBODEMOCL', user: 'manager', password: 'manager', timeoutMs: 5_000, fetch: (url, init) => fetch(url, init) });
      const erp = new ErpService(sl);
      const open = await erp.openAccountDocuments(ACCOUNT_CARDCODE);
      const recent = open.find((d) => d.receptionDate === addDays(today, -3))!;
      expect(recent).toMatchObject({ issueDate: addDays(today, -3), dteType: 33 });
      const xml = await erp.accountDocumentFile(ACCOUNT_CARDCODE, 'invoice', recent.docEntry, 'xml');
      expect(Buffer.from(xml.bytes).toString('utf8')).toContain(`<FchEmis>${addDays(today, -3)}</FchEmis>`);
      const pdf = await erp.accountDocumentFile(ACCOUNT_CARDCODE, 'invoice', recent.docEntry, 'pdf');
      // the bytes arrive unchanged: the PDF's xref offset points at 'xref'
      const text = Buffer.from(pdf.bytes).toString('latin1');
      const at = Number(/startxref\n(\d+)/.exec(text)![1]);
      expect(text.slice(at, at + 4)).toBe('xref');
    } finally {
      await mock.close();
    }
  });
});
