// The statement of account through the API, checked against a statement built here independently from the B1
// stand-in's raw documents and payments (not through the portal's ERP client or service): the same movements in the
// same order, and a closing balance that reconciles to the peso with B1's balance. The period rules (24 months, not in
// the future, from ≤ to) with their messages; the XLSX read back with exceljs (numbers as numbers, dates as dates);
// the PDF.
import ExcelJS from 'exceljs';
import type { AccountStatement } from '@shared/api/account';
import { ACCOUNT_CARDCODE, REFERENCE_DATE } from '@mocks/b1/data';
import { addDays } from '@mocks/b1/documents';
import { DEMO_BUYER_PASSWORD } from '@mocks/demo/accounts';
import { issuerFromEnv } from '@server/config';
import { call, createTestApp, login, type TestApp } from './helpers';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ issuer: { name: 'Mayorista de Vestuario Demo S.A.', rut: '96555111-2', address: 'Av. Apoquindo 4500, Las Condes', email: 'cobranzas@mayorista.example', phone: '+56 2 2345 6789' } }, {
    account: { today: () => REFERENCE_DATE },
  });
  admin = (await login(t.app, '76.345.678-1', DEMO_BUYER_PASSWORD)).token;
}, 60_000);
afterAll(() => t.close());

const statement = (query: string) => call(t.app, { method: 'GET', url: `/api/user/account/statement${query}`, token: admin });

/** What the stand-in holds, read directly: every movement of the company, as the statement must list it. */
function rawMovements() {
  const day = (v: string) => v.slice(0, 10);
  const data = t.b1.data;
  const docs = [
    ...data.Invoices.map((d) => ({ d, sign: 1 })),
    ...data.DownPayments.map((d) => ({ d, sign: 1 })),
    ...data.CreditNotes.map((d) => ({ d, sign: -1 })),
  ].filter(({ d }) => d.CardCode === ACCOUNT_CARDCODE && d.Cancelled !== 'tYES');
  const payments = data.IncomingPayments.filter((p) => p.CardCode === ACCOUNT_CARDCODE && p.Cancelled !== 'tYES');
  return [
    ...docs.map(({ d, sign }) => ({ date: day(d.DocDate), order: 0, num: d.DocNum, folio: d.FolioNumber as number | null, amount: sign * d.DocTotal })),
    ...payments.map((p) => ({
      date: day(p.DocDate), order: 1, num: p.DocNum, folio: null,
      amount: -(p.CashSum + p.CheckSum + p.TransferSum + (p.PaymentCreditCards ?? []).reduce((s, c) => s + c.CreditSum, 0)),
    })),
  ].sort((a, b) => a.date.localeCompare(b.date) || a.order - b.order || a.num - b.num);
}

const balanceOfB1 = () => t.b1.data.BusinessPartners.find((p) => p.CardCode === ACCOUNT_CARDCODE)!.CurrentAccountBalance;

describe('the statement reconciles with B1', () => {
  it('the whole history summed from the stand-in is B1 balance today (the independent model holds)', () => {
    expect(rawMovements().reduce((s, m) => s + m.amount, 0)).toBe(balanceOfB1());
  });

  it.each([
    ['the last year to today', addDays(REFERENCE_DATE, -364), REFERENCE_DATE],
    ['a period ending months ago', addDays(REFERENCE_DATE, -300), addDays(REFERENCE_DATE, -100)],
    ['one day with a payment netting a credit note', addDays(REFERENCE_DATE, -100), addDays(REFERENCE_DATE, -100)],
  ])('%s: the same movements, running balance and a closing balance equal to B1 balance at that date', async (_name, from, to) => {
    const res = await statement(`?from=${from}&to=${to}`);
    expect(res.statusCode).toBe(200);
    const s = res.json<AccountStatement>();
    const raw = rawMovements();
    const inPeriod = raw.filter((m) => m.date >= from && m.date <= to);
    expect(inPeriod.length).toBeGreaterThan(0);
    expect(s.movements.map((m) => [m.date, m.debit - m.credit, m.document?.folio ?? null])).toEqual(inPeriod.map((m) => [m.date, m.amount, m.folio]));
    // B1 balance at the end of `to`: everything up to that day
    const balanceAtTo = raw.filter((m) => m.date <= to).reduce((x, m) => x + m.amount, 0);
    const balanceBefore = raw.filter((m) => m.date < from).reduce((x, m) => x + m.amount, 0);
    expect(s.closingBalance).toBe(balanceAtTo);
    expect(s.openingBalance).toBe(balanceBefore);
    expect(s.movements.at(-1)!.balance).toBe(s.closingBalance);
    let running = s.openingBalance;
    for (const m of s.movements) {
      running += m.debit - m.credit;
      expect(m.balance).toBe(running);
    }
    expect(s.totalDebit - s.totalCredit).toBe(s.closingBalance - s.openingBalance);
    if (to === REFERENCE_DATE) expect(s.closingBalance).toBe(balanceOfB1());
  });

  it('names each movement: type, folio, description; the company, the issuer and the period', async () => {
    const s = (await statement(`?from=${addDays(REFERENCE_DATE, -364)}&to=${REFERENCE_DATE}`)).json<AccountStatement>();
    expect(s).toMatchObject({
      company: { name: 'Importadora Aconcagua SpA', rut: '76345678-1', cardCode: ACCOUNT_CARDCODE },
      issuer: { name: 'Mayorista de Vestuario Demo S.A.', rut: '96555111-2' },
    });
    const types = new Set(s.movements.map((m) => m.type));
    for (const type of ['INVOICE', 'EXEMPT_INVOICE', 'DEBIT_NOTE', 'CREDIT_NOTE', 'DOWN_PAYMENT', 'PAYMENT']) expect(types).toContain(type);
    const invoice = s.movements.find((m) => m.type === 'INVOICE')!;
    expect(invoice.description).toBe(`Factura electrónica N° ${invoice.document!.folio}`);
    expect(invoice.paymentDocEntry).toBeNull();
    const payment = s.movements.find((m) => m.type === 'PAYMENT')!;
    expect(payment).toMatchObject({ document: null, debit: 0 });
    expect(payment.description).toMatch(/^Pago recibido N° \d+/);
    expect(payment.paymentDocEntry).toEqual(expect.any(Number));
    // on one day, documents before payments
    for (let i = 1; i < s.movements.length; i++) {
      const [a, b] = [s.movements[i - 1]!, s.movements[i]!];
      expect(a.date <= b.date).toBe(true);
      if (a.date === b.date) expect(a.type === 'PAYMENT' && b.type !== 'PAYMENT').toBe(false);
    }
  });
});

describe('the period rules', () => {
  it.each([
    ['over 24 months', `?from=2024-10-01&to=2026-10-01`, 'El período no puede superar 24 meses'],
    ['in the future', `?from=2026-10-01&to=${addDays(REFERENCE_DATE, 1)}`, 'El período no puede terminar en el futuro'],
    ['from after to', '?from=2026-10-02&to=2026-10-01', 'La fecha inicial es posterior a la final'],
    ['no from', '?to=2026-10-01', 'Indique la fecha inicial'],
    ['no to', '?from=2026-10-01', 'Indique la fecha final'],
    ['not a date', '?from=2026-02-30&to=2026-10-01', 'Fecha inválida (use AAAA-MM-DD)'],
    ['an unknown format', '?from=2026-10-01&to=2026-10-02&format=csv', 'Formato inválido'],
  ])('%s: 400 with its message', async (_name, query, message) => {
    const res = await statement(query);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(message);
  });

  it('exactly 24 months and a period ending today are accepted', async () => {
    expect((await statement('?from=2024-11-02&to=2026-11-01')).statusCode).toBe(200);
    expect((await statement(`?from=${REFERENCE_DATE}&to=${REFERENCE_DATE}`)).statusCode).toBe(200);
  });
});

describe('the downloads', () => {
  const from = addDays(REFERENCE_DATE, -364);

  it('XLSX: a Spanish sheet with the company, the period, the issuer; numbers as numbers, dates as dates; frozen header and filter', async () => {
    const json = (await statement(`?from=${from}&to=${REFERENCE_DATE}`)).json<AccountStatement>();
    const res = await statement(`?from=${from}&to=${REFERENCE_DATE}&format=xlsx`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="estado-de-cuenta-76345678-1-${from}-${REFERENCE_DATE}.xlsx"`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Estado de cuenta')!;
    const texts: string[] = [];
    sheet.eachRow((row) => row.eachCell((c) => { if (typeof c.value === 'string') texts.push(c.value); }));
    expect(texts).toEqual(expect.arrayContaining(['Cliente', 'Período', 'Emisor', 'Saldo inicial', 'Saldo final', 'Fecha', 'Cargo', 'Abono', 'Saldo']));
    expect(texts.join('\n')).toContain('Importadora Aconcagua SpA (RUT 76.345.678-1)');
    expect(texts.join('\n')).toContain('Mayorista de Vestuario Demo S.A.');
    let header = 0;
    sheet.eachRow((row, n) => { if (row.getCell(1).value === 'Fecha') header = n; });
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: header });
    expect(sheet.autoFilter).toBeTruthy();
    const first = sheet.getRow(header + 1);
    expect(first.getCell(1).value).toBeInstanceOf(Date);
    expect((first.getCell(1).value as Date).toISOString().slice(0, 10)).toBe(json.movements[0]!.date);
    expect(first.getCell(1).numFmt).toBe('dd-mm-yyyy');
    expect(typeof first.getCell(7).value).toBe('number');
    expect(first.getCell(7).numFmt).toBe('#,##0');
    const last = sheet.getRow(header + json.movements.length);
    expect(last.getCell(7).value).toBe(json.closingBalance);
    let closing: unknown;
    sheet.eachRow((row) => { if (row.getCell(1).value === 'Saldo final') closing = row.getCell(7).value; });
    expect(closing).toBe(json.closingBalance);
  });

  it('PDF: an A4 document naming the company, with page numbers', async () => {
    const res = await statement(`?from=${from}&to=${REFERENCE_DATE}&format=pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="estado-de-cuenta-76345678-1-.*\.pdf"$/);
    const text = res.rawPayload.toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text).toContain('Importadora Aconcagua SpA');
    expect(text).toContain('/MediaBox [0 0 595 842]');
    expect(text).toMatch(/P\\341gina 1 de \d+/);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
  });
});

describe('the wholesaler on the statement', () => {
  it('ISSUER_* name it; the name defaults to the brand, the rest to nothing', () => {
    expect(issuerFromEnv({}, 'Textil Andino')).toEqual({ name: 'Textil Andino', rut: '', address: '', email: '', phone: '' });
    expect(issuerFromEnv({ ISSUER_NAME: ' Mayorista S.A. ', ISSUER_RUT: '96555111-2', ISSUER_PHONE: '+56 2 2345 6789' }, 'Textil Andino'))
      .toEqual({ name: 'Mayorista S.A.', rut: '96555111-2', address: '', email: '', phone: '+56 2 2345 6789' });
  });

  it('without ISSUER_* the statement names the brand', async () => {
    const plain = await createTestApp({}, { account: { today: () => REFERENCE_DATE } });
    try {
      const token = (await login(plain.app, '76.345.678-1', DEMO_BUYER_PASSWORD)).token;
      const res = await call(plain.app, { method: 'GET', url: `/api/user/account/statement?from=${REFERENCE_DATE}&to=${REFERENCE_DATE}`, token });
      expect(res.json<AccountStatement>().issuer).toEqual({ name: 'Textil Andino', rut: '', address: '', email: '', phone: '' });
    } finally {
      await plain.close();
    }
  }, 60_000);
});
