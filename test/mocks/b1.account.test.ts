// The stand-in's account documents: the demo company's year (every aging bucket, DTE types with folios per type, a
// ceded invoice, an open credit note, a down payment, a partial and a netted payment, attachments), the filters the
// ERP client uses, Attachments2 and its $value (a PDF and the DTE XML), and IncomingPayments applying credit notes,
// down payments, installments and partial amounts as B1 does.
import { ACCOUNT_CARDCODE, buildDemoData, CESIONARIO, REFERENCE_DATE } from '@mocks/b1/data';
import { addDays } from '@mocks/b1/documents';
import { startB1Mock, type B1Mock } from '@mocks/b1/server';
import type { B1Document } from '@mocks/b1/types';
import { callB1, expectB1Error, loginB1 } from './b1Client';

const data = buildDemoData();
const own = <T extends { CardCode: string }>(rows: T[]) => rows.filter((r) => r.CardCode === ACCOUNT_CARDCODE);
const balance = (d: B1Document) => d.DocTotal - d.PaidToDate;
const daysOverdue = (d: B1Document) => (Date.parse(REFERENCE_DATE) - Date.parse(d.DocDueDate)) / 86_400_000;

describe('the demo company\'s year of account documents', () => {
  const invoices = own(data.Invoices);
  const open = invoices.filter((i) => i.DocumentStatus === 'bost_Open');

  it('has overdue invoices in every aging bucket and one not yet due', () => {
    const overdue = open.filter((i) => i.DocumentSubType === 'bod_None').map(daysOverdue);
    expect(overdue.some((d) => d > 0 && d <= 30)).toBe(true);
    expect(overdue.some((d) => d > 30 && d <= 60)).toBe(true);
    expect(overdue.some((d) => d > 60 && d <= 90)).toBe(true);
    expect(overdue.some((d) => d > 90)).toBe(true);
    expect(overdue.some((d) => d < 0)).toBe(true);
  });

  it('numbers folios per DTE type: 33 (invoices and down payments), 34, 56 and 61', () => {
    const all = [...data.Invoices, ...data.DownPayments, ...data.CreditNotes];
    for (const type of ['33', '34', '56', '61']) {
      const folios = all.filter((d) => d.FolioPrefixString === type).map((d) => d.FolioNumber);
      expect(new Set(folios).size).toBe(folios.length);
      expect(folios.length).toBeGreaterThan(0);
    }
    expect(invoices.find((i) => i.DocumentSubType === 'bod_InvoiceExempt')).toMatchObject({ FolioPrefixString: '34', VatSum: 0, DocumentStatus: 'bost_Open' });
    const debit = invoices.find((i) => i.DocumentSubType === 'bod_DebitMemo')!;
    expect(debit).toMatchObject({ FolioPrefixString: '56', DocumentStatus: 'bost_Open' });
    expect(debit.DocumentReferences[0]).toMatchObject({ RefObjType: 'rot_SalesInvoice' });
    expect(own(data.DownPayments)).toEqual([expect.objectContaining({ FolioPrefixString: '33', DocObjectCode: 'oDownPayments', DocumentStatus: 'bost_Close' })]);
  });

  it('has an open credit note on a paid invoice, a ceded invoice and one received inside the claim window', () => {
    const credit = own(data.CreditNotes).find((c) => c.DocumentStatus === 'bost_Open')!;
    expect(credit.PaidToDate).toBe(0);
    const base = data.Invoices.find((i) => i.DocEntry === credit.DocumentReferences[0].RefDocEntr)!;
    expect(base).toMatchObject({ CardCode: ACCOUNT_CARDCODE, DocumentStatus: 'bost_Close' });
    expect(open.filter((i) => i.U_Cedida === 'Y')).toEqual([expect.objectContaining({ U_CesionarioRut: CESIONARIO.rut, U_CesionarioNombre: CESIONARIO.name })]);
    expect(open.some((i) => i.U_FechaRecepcion === addDays(REFERENCE_DATE, -3))).toBe(true);
  });

  it('has a partial payment, a payment over two invoices netting a credit note, a down payment paid, and an invoice in two installments', () => {
    const payments = own(data.IncomingPayments);
    const netted = payments.find((p) => p.PaymentInvoices.some((l) => l.InvoiceType === 'it_CredItnote'))!;
    expect(netted.PaymentInvoices.map((l) => l.InvoiceType)).toEqual(['it_Invoice', 'it_Invoice', 'it_CredItnote']);
    expect(netted.TransferSum).toBe(netted.PaymentInvoices.reduce((s, l) => s + l.SumApplied, 0));
    expect(netted.PaymentInvoices[2].SumApplied).toBeLessThan(0);
    expect(payments.some((p) => p.PaymentInvoices[0].InvoiceType === 'it_DownPayment')).toBe(true);
    expect(open.some((i) => i.PaidToDate > 0 && balance(i) > 0)).toBe(true);
    expect(open.some((i) => i.DocumentInstallments.length === 2)).toBe(true);
  });

  it('keeps the company balance equal to its open documents, and every DTE attached', () => {
    const bp = data.BusinessPartners.find((p) => p.CardCode === ACCOUNT_CARDCODE)!;
    const owed = [...own(data.Invoices), ...own(data.DownPayments)].filter((d) => d.DocumentStatus === 'bost_Open').reduce((s, d) => s + balance(d), 0);
    const credit = own(data.CreditNotes).filter((d) => d.DocumentStatus === 'bost_Open').reduce((s, d) => s + balance(d), 0);
    expect(bp.CurrentAccountBalance).toBe(owed - credit);
    expect(bp.CurrentAccountBalance).toBeLessThan(bp.CreditLimit);
    for (const d of [...own(data.Invoices), ...own(data.DownPayments), ...own(data.CreditNotes)]) {
      const att = data.Attachments2.find((a) => a.AbsoluteEntry === d.AttachmentEntry)!;
      expect(att.Attachments2_Lines.map((l) => `${l.FileName}.${l.FileExtension}`)).toEqual([`DTE_${d.FolioPrefixString}_${d.FolioNumber}.pdf`, `DTE_${d.FolioPrefixString}_${d.FolioNumber}.xml`]);
      expect(d.U_FechaRecepcion).not.toBeNull();
    }
  });

  it('leaves the other companies\' documents as they were: no attachments, no cesión, no down payments', () => {
    expect(data.Invoices.filter((i) => i.CardCode !== ACCOUNT_CARDCODE).every((i) => i.AttachmentEntry === null && i.U_Cedida === null)).toBe(true);
    expect(data.DownPayments.every((d) => d.CardCode === ACCOUNT_CARDCODE)).toBe(true);
  });
});

describe('the Service Layer over the account documents', () => {
  let mock: B1Mock;
  let cookie: string;
  const get = async <T>(path: string): Promise<T> => {
    const res = await callB1(mock, cookie, path);
    expect(res.status).toBe(200);
    return res.json() as Promise<T>;
  };
  const pay = (body: Record<string, unknown>) => callB1(mock, cookie, 'IncomingPayments', {
    method: 'POST', json: { CardCode: ACCOUNT_CARDCODE, TransferAccount: '1101-02', ...body },
  });
  const q = (o: Record<string, string>) => new URLSearchParams(o).toString();
  const openOf = (set: 'Invoices' | 'CreditNotes') => mock.data[set].filter((d) => d.CardCode === ACCOUNT_CARDCODE && d.DocumentStatus === 'bost_Open');

  beforeAll(async () => {
    mock = await startB1Mock();
    cookie = await loginB1(mock);
  });
  afterAll(() => mock.close());

  it('filters documents by CardCode, status, date range, due date and folio', async () => {
    const from = addDays(REFERENCE_DATE, -90);
    const rows = await get<{ value: B1Document[] }>(`Invoices?${q({
      $filter: `CardCode eq '${ACCOUNT_CARDCODE}' and DocumentStatus eq 'bost_Open' and DocDate ge '${from}' and DocDate le '${REFERENCE_DATE}' and DocDueDate lt '${REFERENCE_DATE}'`,
      $select: 'DocEntry,DocDate,DocDueDate,FolioNumber,DocumentInstallments,U_Cedida',
    })}`);
    expect(rows.value.length).toBeGreaterThan(0);
    expect(rows.value.every((r) => r.DocDate >= from && r.DocDueDate < REFERENCE_DATE)).toBe(true);
    const folio = rows.value[0].FolioNumber!;
    const one = await get<{ value: B1Document[] }>(`Invoices?${q({ $filter: `FolioNumber eq ${folio} and CardCode eq '${ACCOUNT_CARDCODE}'` })}`);
    expect(one.value.map((r) => r.FolioNumber)).toEqual([folio]);
    const down = await get<{ value: B1Document[] }>(`DownPayments?${q({ $filter: `CardCode eq '${ACCOUNT_CARDCODE}'`, $select: 'DocEntry,DocObjectCode' })}`);
    expect(down.value).toEqual([expect.objectContaining({ DocObjectCode: 'oDownPayments' })]);
  });

  it('lists an attachment and answers its PDF and XML by file name, 404 for another name', async () => {
    const invoice = openOf('Invoices').find((i) => i.FolioPrefixString === '33' && i.AttachmentEntry)!;
    const att = await get<{ AbsoluteEntry: number; Attachments2_Lines: Array<{ FileName: string; FileExtension: string; SourcePath: string }> }>(`Attachments2(${invoice.AttachmentEntry})`);
    expect(att.Attachments2_Lines).toHaveLength(2);
    const name = att.Attachments2_Lines[0].FileName;
    const pdf = await callB1(mock, cookie, `Attachments2(${invoice.AttachmentEntry})/$value?filename='${name}.pdf'`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    const text = bytes.toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    // PDF strings write what is not ASCII as octal escapes (WinAnsi)
    const pdfText = (t: string) => t.replace(/[\u0080-\u00ff]/g, (c) => `\\${c.charCodeAt(0).toString(8)}`);
    expect(text).toContain(pdfText(`(N° ${invoice.FolioNumber})`));
    expect(text).toContain(pdfText('(Timbre Electrónico SII)'));
    expect(text).toContain(pdfText(`Total: $ ${invoice.DocTotal.toLocaleString('es-CL')}`));
    // the xref offsets point at the objects
    const xref = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
    const xml = await callB1(mock, cookie, `Attachments2(${invoice.AttachmentEntry})/$value?filename='${name}.xml'`);
    expect(xml.headers.get('content-type')).toMatch(/xml/);
    const body = await xml.text();
    expect(body).toContain(`<TipoDTE>33</TipoDTE><Folio>${invoice.FolioNumber}</Folio><FchEmis>${invoice.DocDate}</FchEmis>`);
    expect(body).toContain('<RUTRecep>76345678-1</RUTRecep>');
    expect(body).toContain(`<MntTotal>${invoice.DocTotal}</MntTotal>`);
    expect(body).toContain('<TED version="1.0">');
    await expectB1Error(await callB1(mock, cookie, `Attachments2(${invoice.AttachmentEntry})/$value?filename='otro.pdf'`), 404, -2028);
    await expectB1Error(await callB1(mock, cookie, 'Attachments2(99999)'), 404, -2028);
  });

  it('a partial payment leaves the invoice open with its balance; its installment records it', async () => {
    const invoice = openOf('Invoices').find((i) => i.PaidToDate === 0 && i.DocumentInstallments.length === 1 && i.U_Cedida !== 'Y')!;
    const before = mock.data.BusinessPartners.find((p) => p.CardCode === ACCOUNT_CARDCODE)!.CurrentAccountBalance;
    const res = await pay({ TransferSum: 10_000, PaymentInvoices: [{ DocEntry: invoice.DocEntry, SumApplied: 10_000, InvoiceType: 'it_Invoice', InstallmentId: 1 }] });
    expect(res.status).toBe(201);
    expect(invoice).toMatchObject({ PaidToDate: 10_000, DocumentStatus: 'bost_Open' });
    expect(invoice.DocumentInstallments[0].PaidToDate).toBe(10_000);
    expect(mock.data.BusinessPartners.find((p) => p.CardCode === ACCOUNT_CARDCODE)!.CurrentAccountBalance).toBe(before - 10_000);
  });

  it('one payment over several invoices netting a credit note: the credit note is applied with a negative amount', async () => {
    const credit = openOf('CreditNotes')[0];
    const [a, b] = openOf('Invoices').filter((i) => i.U_Cedida !== 'Y' && i.DocumentInstallments.length === 1 && balance(i) > credit.DocTotal);
    const before = mock.data.BusinessPartners.find((p) => p.CardCode === ACCOUNT_CARDCODE)!.CurrentAccountBalance;
    const net = balance(a) + balance(b) - credit.DocTotal;
    // a positive amount on a credit note, or more than it has, is refused and changes nothing
    await expectB1Error(await pay({ TransferSum: net, PaymentInvoices: [{ DocEntry: credit.DocEntry, SumApplied: credit.DocTotal, InvoiceType: 'it_CredItnote' }] }), 400, -10, /negative/);
    await expectB1Error(await pay({ TransferSum: net, PaymentInvoices: [{ DocEntry: credit.DocEntry, SumApplied: -credit.DocTotal - 1, InvoiceType: 'it_CredItnote' }] }), 400, -10, /exceeds/);
    // the means must cover the net, not the invoices' sum
    await expectB1Error(await pay({
      TransferSum: net - 1,
      PaymentInvoices: [
        { DocEntry: a.DocEntry, SumApplied: balance(a), InvoiceType: 'it_Invoice' }, { DocEntry: b.DocEntry, SumApplied: balance(b), InvoiceType: 'it_Invoice' },
        { DocEntry: credit.DocEntry, SumApplied: -credit.DocTotal, InvoiceType: 'it_CredItnote' },
      ],
    }), 400, -10, /less than/);
    const res = await pay({
      TransferSum: net, CounterReference: 'PF-NET-1',
      PaymentInvoices: [
        { DocEntry: a.DocEntry, SumApplied: balance(a), InvoiceType: 'it_Invoice' }, { DocEntry: b.DocEntry, SumApplied: balance(b), InvoiceType: 'it_Invoice' },
        { DocEntry: credit.DocEntry, SumApplied: -credit.DocTotal, InvoiceType: 'it_CredItnote' },
      ],
    });
    expect(res.status).toBe(201);
    for (const d of [a, b, credit]) expect(d).toMatchObject({ DocumentStatus: 'bost_Close', PaidToDate: d.DocTotal });
    expect(credit.DocumentInstallments[0].PaidToDate).toBe(credit.DocTotal);
    expect(mock.data.BusinessPartners.find((p) => p.CardCode === ACCOUNT_CARDCODE)!.CurrentAccountBalance).toBe(before - net);
  });

  it('pays one installment of an invoice in two, and refuses an installment it does not have', async () => {
    const split = openOf('Invoices').find((i) => i.DocumentInstallments.length === 2)!;
    const [first, second] = split.DocumentInstallments;
    await expectB1Error(await pay({ TransferSum: 1000, PaymentInvoices: [{ DocEntry: split.DocEntry, SumApplied: 1000, InstallmentId: 3 }] }), 400, -10, /Installment 3/);
    await expectB1Error(await pay({ TransferSum: first.Total + 1, PaymentInvoices: [{ DocEntry: split.DocEntry, SumApplied: first.Total + 1, InstallmentId: 1 }] }), 400, -10, /exceeds/);
    expect((await pay({ TransferSum: first.Total, PaymentInvoices: [{ DocEntry: split.DocEntry, SumApplied: first.Total, InstallmentId: 1 }] })).status).toBe(201);
    expect(split).toMatchObject({ DocumentStatus: 'bost_Open', PaidToDate: first.Total });
    expect(second.PaidToDate).toBe(0);
  });

  it('creates down payments, exempt invoices and debit notes with their own folio series', async () => {
    const line = { ItemCode: 'POL-1001-M', Quantity: 1, UnitPrice: 10_000 };
    const post = async (set: string, extra: Record<string, unknown> = {}) => {
      const res = await callB1(mock, cookie, set, { method: 'POST', json: { CardCode: ACCOUNT_CARDCODE, DocumentLines: [line], ...extra } });
      expect(res.status).toBe(201);
      return res.json() as Promise<B1Document>;
    };
    const maxFolio = (type: string) => Math.max(...[...mock.data.Invoices, ...mock.data.DownPayments].filter((d) => d.FolioPrefixString === type).map((d) => d.FolioNumber!));
    const next33 = maxFolio('33') + 1;
    const next34 = maxFolio('34') + 1;
    expect(await post('DownPayments')).toMatchObject({ FolioPrefixString: '33', FolioNumber: next33, DocObjectCode: 'oDownPayments', DocTotal: 11_900 });
    expect(await post('Invoices', { DocumentSubType: 'bod_InvoiceExempt' })).toMatchObject({ FolioPrefixString: '34', FolioNumber: next34, VatSum: 0, DocTotal: 10_000 });
    const down = mock.data.DownPayments.at(-1)!;
    const res = await pay({ TransferSum: 11_900, PaymentInvoices: [{ DocEntry: down.DocEntry, SumApplied: 11_900, InvoiceType: 'it_DownPayment' }] });
    expect(res.status).toBe(201);
    expect(down).toMatchObject({ DocumentStatus: 'bost_Close', PaidToDate: 11_900 });
    await expectB1Error(await callB1(mock, cookie, 'CreditNotes', { method: 'POST', json: { CardCode: ACCOUNT_CARDCODE, DocumentSubType: 'bod_DebitMemo', DocumentLines: [line] } }), 400, -1000);
  });
});
