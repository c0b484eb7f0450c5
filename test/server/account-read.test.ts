// The buyer's account, read side, through the API on the B1 stand-in's demo company (Importadora Aconcagua SpA) at
// the stand-in's reference date: the summary against B1's figures, every state and aging bucket of the open items,
// paging, filters and folio search, a document's chain and payments, a payment, the DTE files; ownership (another
// company's document, payment or file is 404, never its bytes) and the capability (a Comprador gets 403).
import type { AccountClaim, AccountDocumentDetail, AccountItem, AccountItemList, AccountPayment, AccountSummary } from '@shared/api/account';
import { ACCOUNT_ITEM_STATES } from '@shared/api/account';
import { CAPABILITY_DENIED } from '@shared/companyRoles';
import { ACCOUNT_CARDCODE, buildDemoData, CESIONARIO, REFERENCE_DATE } from '@mocks/b1/data';
import { DEMO_BUYER_PASSWORD } from '@mocks/demo/accounts';
import { ERP_MESSAGES } from '@server/erp/errors';
import { call, createTestApp, login, type TestApp } from './helpers';

const ADMIN = '76.345.678-1'; // Importadora Aconcagua SpA's Administrador (the company's login)
const COMPRADOR = '17.234.567-0'; // its Comprador
const OTHER_FINANCE = '16.789.012-1'; // Finanzas of C76123456

const inProcess = new Set<string>();
const claims = new Map<string, AccountClaim>();

let t: TestApp;
let admin: string;
let other: string;
let buyer: string;

beforeAll(async () => {
  t = await createTestApp({}, {
    account: {
      today: () => REFERENCE_DATE,
      cacheMs: 0,
      extras: { documentsInProcess: async () => inProcess, claimsOf: async () => claims },
    },
  });
  admin = (await login(t.app, ADMIN, DEMO_BUYER_PASSWORD)).token;
  other = (await login(t.app, OTHER_FINANCE, DEMO_BUYER_PASSWORD)).token;
  buyer = (await login(t.app, COMPRADOR, DEMO_BUYER_PASSWORD)).token;
}, 60_000);
afterAll(() => t.close());

const get = (url: string, token = admin) => call(t.app, { method: 'GET', url, token });
const list = async (query = '', token = admin) => {
  const res = await get(`/api/user/account/documents${query}`, token);
  expect(res.statusCode).toBe(200);
  return res.json<AccountItemList>();
};
const all = async () => (await list('?pageSize=100')).rows;
const key = (i: Pick<AccountItem, 'kind' | 'docEntry'>) => `${i.kind}:${i.docEntry}`;
const own = () => [...t.b1.data.Invoices, ...t.b1.data.CreditNotes, ...t.b1.data.DownPayments].filter((d) => d.CardCode === ACCOUNT_CARDCODE);

describe('summary', () => {
  it('gives B1 balance, credit limit and available; overdue + not due − credits add up to the open items', async () => {
    const res = await get('/api/user/account/summary');
    expect(res.statusCode).toBe(200);
    const s = res.json<AccountSummary>();
    const bp = t.b1.data.BusinessPartners.find((p) => p.CardCode === ACCOUNT_CARDCODE)!;
    expect(s).toMatchObject({
      cardCode: ACCOUNT_CARDCODE, companyName: 'Importadora Aconcagua SpA', companyRut: '76345678-1', today: REFERENCE_DATE,
      balance: bp.CurrentAccountBalance, creditLimit: bp.CreditLimit,
      available: Math.max(0, bp.CreditLimit - bp.CurrentAccountBalance - bp.OpenOrdersBalance),
    });
    const items = await all();
    const debit = items.filter((i) => i.sign > 0);
    expect(s.overdue).toBe(debit.filter((i) => i.daysOverdue > 0).reduce((x, i) => x + i.balance, 0));
    expect(s.notDue).toBe(debit.filter((i) => i.daysOverdue === 0).reduce((x, i) => x + i.balance, 0));
    expect(s.credits).toBe(items.filter((i) => i.sign < 0).reduce((x, i) => x + i.balance, 0));
    expect(s.credits).toBeGreaterThan(0);
    // the demo's balance is its open items' (no payment on account)
    expect(s.overdue + s.notDue - s.credits).toBe(s.balance);
    for (const b of ['D0_30', 'D31_60', 'D61_90', 'D90_PLUS'] as const) expect(s.buckets[b].count).toBeGreaterThan(0);
    expect(Object.values(s.buckets).reduce((x, b) => x + b.amount, 0)).toBe(s.overdue + s.notDue);
  });
});

describe('open items', () => {
  it('lists every open document of the company with a balance, by due date, with its state and bucket', async () => {
    const items = await all();
    const expected = own().filter((d) => d.DocumentStatus === 'bost_Open' && d.DocTotal !== d.PaidToDate);
    expect(items.map(key).sort()).toEqual(expected.map((d) => `${d.DocObjectCode === 'oCreditNotes' ? 'creditNote' : d.DocObjectCode === 'oDownPayments' ? 'downPayment' : 'invoice'}:${d.DocEntry}`).sort());
    expect(items.map((i) => i.dueDate)).toEqual([...items.map((i) => i.dueDate)].sort());
    const states = new Set(items.map((i) => i.state));
    for (const s of ['CEDIDA', 'VENCIDA', 'VENCE', 'AL_DIA'] as const) expect(states).toContain(s);
    const buckets = new Set(items.map((i) => i.bucket));
    for (const b of ['NOT_DUE', 'D0_30', 'D31_60', 'D61_90', 'D90_PLUS'] as const) expect(buckets).toContain(b);
  });

  it('words each state: vencida hace N días, vence en N días, cedida (not selectable), al día; the credit note is selectable', async () => {
    const items = await all();
    const overdue = items.find((i) => i.bucket === 'D90_PLUS')!;
    expect(overdue).toMatchObject({ state: 'VENCIDA', stateLabel: `Vencida hace ${overdue.daysOverdue} días`, selectable: true });
    expect(overdue.daysOverdue).toBeGreaterThan(90);
    const ceded = items.find((i) => i.ceded)!;
    expect(ceded).toMatchObject({ state: 'CEDIDA', stateLabel: 'Cedida', selectable: false, ceded: { rut: CESIONARIO.rut, name: CESIONARIO.name } });
    expect(items.find((i) => i.state === 'VENCE')!.stateLabel).toBe('Vence en 3 días');
    const credit = items.find((i) => i.dteType === 61)!;
    expect(credit).toMatchObject({ sign: -1, state: 'AL_DIA', bucket: 'NOT_DUE', daysOverdue: 0, selectable: true });
    // split in two installments: overdue from its first one
    const split = items.find((i) => i.installments.length === 2)!;
    expect(split.bucket).toBe('D61_90');
  });

  it('shows the reception date and the claim window: the invoice received 3 days ago has 6 days left', async () => {
    const items = await all();
    const received = items.find((i) => i.receptionDate === '2026-10-29' && i.dteType === 33)!;
    expect(received.claimWindow).toEqual({ deadline: '2026-11-06', daysLeft: 6, open: true });
    const old = items.find((i) => i.bucket === 'D90_PLUS')!;
    expect(old.claimWindow).toMatchObject({ open: false, daysLeft: 0 });
  });

  it('says pago en proceso and en reclamo from the payments and claims areas; an item in process is not selectable', async () => {
    const items = await all();
    const [a, b] = items.filter((i) => i.state === 'VENCIDA');
    inProcess.add(key(a!));
    const claim: AccountClaim = { id: 7, reason: 'CONTENIDO', text: 'Faltan prendas en la caja', files: [], createdAt: '2026-10-30T12:00:00Z', createdBy: 'Verónica Silva' };
    claims.set(key(b!), claim);
    try {
      const after = new Map((await all()).map((i) => [key(i), i]));
      expect(after.get(key(a!))).toMatchObject({ state: 'PAGO_EN_PROCESO', stateLabel: 'Pago en proceso', inProcess: true, selectable: false });
      expect(after.get(key(b!))).toMatchObject({ state: 'EN_RECLAMO', stateLabel: 'En reclamo', claim, selectable: true });
      expect((await list('?state=PAGO_EN_PROCESO')).rows.map(key)).toEqual([key(a!)]);
    } finally {
      inProcess.clear();
      claims.clear();
    }
  });

  it('pages on the server, filters by bucket and state, searches by folio digits and sorts', async () => {
    const items = await all();
    const first = await list('?page=0&pageSize=3');
    const second = await list('?page=1&pageSize=3');
    expect(first).toMatchObject({ total: items.length, page: 0, pageSize: 3 });
    expect([...first.rows, ...second.rows].map(key)).toEqual(items.slice(0, 6).map(key));
    // a bucket lists what is owed, as many rows as the header's chip counts: a credit note to apply is in none
    const { buckets } = (await get('/api/user/account/summary')).json<AccountSummary>();
    for (const bucket of ['NOT_DUE', 'D0_30', 'D31_60', 'D61_90', 'D90_PLUS'] as const) {
      const rows = (await list(`?bucket=${bucket}&pageSize=100`)).rows;
      expect(rows.map(key).sort()).toEqual(items.filter((i) => i.bucket === bucket && i.sign > 0).map(key).sort());
      expect(rows).toHaveLength(buckets[bucket].count);
    }
    for (const state of ACCOUNT_ITEM_STATES) {
      const res = await list(`?state=${state}&pageSize=100`);
      expect(res.total).toBe(items.filter((i) => i.state === state).length);
    }
    const folio = String(items[0]!.folio);
    const found = (await list(`?q=${folio.slice(1)}`)).rows;
    expect(found.map(key)).toContain(key(items[0]!));
    expect(found.every((i) => String(i.folio).includes(folio.slice(1)))).toBe(true);
    const byBalance = (await list('?sort=balance&dir=desc&pageSize=100')).rows.map((i) => i.sign * i.balance);
    expect(byBalance).toEqual([...byBalance].sort((x, y) => y - x));
    const byFolio = (await list('?sort=folio&pageSize=100')).rows.map((i) => i.folio ?? 0);
    expect(byFolio).toEqual([...byFolio].sort((x, y) => x - y));
  });

  it('refuses a bad query with the message of its field', async () => {
    for (const [query, message] of [['?bucket=X', 'Tramo de antigüedad inválido'], ['?q=12a', 'Folio inválido'], ['?sort=total', 'Columna de orden inválida'], ['?state=PAGADA', 'Estado inválido']]) {
      const res = await get(`/api/user/account/documents${query}`);
      expect({ query, status: res.statusCode, message: res.json<{ message: string }>().message }).toEqual({ query, status: 400, message });
    }
  });
});

describe('a document, a payment, the files', () => {
  const invoiceOf = (pred: (i: AccountItem) => boolean) => all().then((items) => items.find(pred)!);

  it('a debit note: its chain is the invoice it corrects and itself; a partly paid invoice: the payment that settled part of it', async () => {
    const debit = await invoiceOf((i) => i.dteType === 56);
    const res = await get(`/api/user/account/documents/invoice/${debit.docEntry}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json<AccountDocumentDetail>();
    expect(detail.item).toMatchObject({ kind: 'invoice', docEntry: debit.docEntry, dteType: 56, state: debit.state });
    const base = debit.references.find((r) => r.objectType === 'rot_SalesInvoice')!;
    expect(detail.chain.map((c) => [c.dteType, c.folio, c.current])).toEqual([[33, base.folio, false], [56, debit.folio, true]]);

    // the invoice the debit note corrects: the same chain, seen from the invoice
    const fromInvoice = (await get(`/api/user/account/documents/invoice/${base.docEntry}`)).json<AccountDocumentDetail>();
    expect(fromInvoice.chain.map((c) => [c.dteType, c.folio, c.current])).toEqual([[33, base.folio, true], [56, debit.folio, false]]);

    const partial = await invoiceOf((i) => i.paid > 0 && i.balance > 0 && i.installments.length === 1 && i.sign > 0);
    const withPayment = (await get(`/api/user/account/documents/invoice/${partial.docEntry}`)).json<AccountDocumentDetail>();
    expect(withPayment.payments).toHaveLength(1);
    expect(withPayment.payments[0]!.lines).toEqual([expect.objectContaining({ kind: 'invoice', docEntry: partial.docEntry, folio: partial.folio, amount: partial.paid })]);
  });

  it('a credit note netted in a payment: the payment names every folio it settled', async () => {
    const netting = t.b1.data.IncomingPayments.find((p) => p.CardCode === ACCOUNT_CARDCODE && p.PaymentInvoices.some((l) => l.InvoiceType === 'it_CredItnote'))!;
    const res = await get(`/api/user/account/payments/${netting.DocEntry}`);
    expect(res.statusCode).toBe(200);
    const payment = res.json<AccountPayment>();
    expect(payment.lines.map((l) => [l.kind, l.amount < 0])).toEqual([['invoice', false], ['invoice', false], ['creditNote', true]]);
    expect(payment.lines.every((l) => l.folio !== null)).toBe(true);
    expect(payment.amount).toBe(payment.lines.reduce((s, l) => s + l.amount, 0));
    const credit = payment.lines[2]!;
    const detail = (await get(`/api/user/account/documents/creditNote/${credit.docEntry}`)).json<AccountDocumentDetail>();
    expect(detail.payments.map((p) => p.docEntry)).toEqual([netting.DocEntry]);
    expect(detail.chain.find((c) => c.current)).toMatchObject({ dteType: 61, folio: credit.folio });
  });

  it('an invoice made from a sales order: the chain starts with the order and its buyer reference (NumAtCard)', async () => {
    // company C76123456's invoice 13, made from its order (lines BaseType 17), read by that company's Finanzas
    const invoice = t.b1.data.Invoices.find((i) => i.DocEntry === 13)!;
    const order = t.b1.data.Orders.find((o) => o.DocEntry === invoice.DocumentLines[0]!.BaseEntry)!;
    expect(invoice.CardCode).toBe('C76123456');
    const res = await get('/api/user/account/documents/invoice/13', other);
    expect(res.statusCode).toBe(200);
    const { chain } = res.json<AccountDocumentDetail>();
    expect(chain[0]).toEqual({ label: `Pedido ${order.NumAtCard}`, dteType: null, folio: null, date: order.DocDate.slice(0, 10), document: null, current: false });
    expect(chain[1]).toMatchObject({ dteType: 33, folio: invoice.FolioNumber, document: { kind: 'invoice', docEntry: 13 }, current: true });
  });

  it('the demo invoice received 3 days ago came through a guía: order → guía de despacho 52 → factura', async () => {
    const received = await invoiceOf((i) => i.receptionDate === '2026-10-29' && i.dteType === 33);
    // what the stand-in holds: the invoice's lines name the delivery (BaseType 15), the delivery's the order (17)
    const invoice = t.b1.data.Invoices.find((i) => i.DocEntry === received.docEntry)!;
    const delivery = t.b1.data.DeliveryNotes.find((d) => d.DocEntry === invoice.DocumentLines[0]!.BaseEntry)!;
    const order = t.b1.data.Orders.find((o) => o.DocEntry === delivery.DocumentLines[0]!.BaseEntry)!;
    expect(invoice.DocumentLines.every((l) => l.BaseType === 15 && l.BaseEntry === delivery.DocEntry)).toBe(true);
    expect(delivery).toMatchObject({ CardCode: ACCOUNT_CARDCODE, FolioPrefixString: '52', DocDate: '2026-10-28', NumAtCard: order.NumAtCard });
    expect(order.DocDate).toBe('2026-10-27');
    const res = await get(`/api/user/account/documents/invoice/${received.docEntry}`);
    expect(res.statusCode).toBe(200);
    const { chain } = res.json<AccountDocumentDetail>();
    expect(chain.map((c) => [c.label, c.dteType, c.folio, c.date, c.current])).toEqual([
      [`Pedido ${order.NumAtCard}`, null, null, '2026-10-27', false],
      [`Guía de despacho electrónica N° ${delivery.FolioNumber}`, 52, delivery.FolioNumber, '2026-10-28', false],
      [`Factura electrónica N° ${received.folio}`, 33, received.folio, '2026-10-29', true],
    ]);
    expect(order.NumAtCard).toMatch(/^EJ-\d+$/);
  });

  it('downloads the PDF and the XML as attachments with their content type', async () => {
    const item = (await all())[0]!;
    const pdf = await get(`/api/user/account/documents/${item.kind}/${item.docEntry}/file/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="[\w.-]+\.pdf"$/);
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const xml = await get(`/api/user/account/documents/${item.kind}/${item.docEntry}/file/xml`);
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-type']).toMatch(/^application\/xml/);
    expect(xml.headers['content-disposition']).toMatch(/\.xml"$/);
    expect(xml.payload).toContain(String(item.folio));
  });

  it('another company finds none of it: document, payment and files are 404 and never the bytes', async () => {
    const item = (await all())[0]!;
    const payment = t.b1.data.IncomingPayments.find((p) => p.CardCode === ACCOUNT_CARDCODE)!;
    for (const url of [
      `/api/user/account/documents/${item.kind}/${item.docEntry}`,
      `/api/user/account/documents/${item.kind}/${item.docEntry}/file/pdf`,
      `/api/user/account/documents/${item.kind}/${item.docEntry}/file/xml`,
      `/api/user/account/payments/${payment.DocEntry}`,
    ]) {
      const res = await get(url, other);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
      expect(res.headers['content-type']).toMatch(/json/);
      expect(res.payload).not.toContain('%PDF');
    }
    // and its own list holds none of them
    const theirs = await list('?pageSize=100', other);
    expect(theirs.rows.some((i) => own().some((d) => d.DocEntry === i.docEntry && d.FolioNumber === i.folio && d.DocObjectCode === 'oInvoices' && i.kind === 'invoice'))).toBe(false);
  });

  it('a bad kind, docEntry or format is 400 with its message; a missing document 404', async () => {
    expect((await get('/api/user/account/documents/order/1')).json()).toMatchObject({ status: 400, message: 'Tipo de documento inválido' });
    expect((await get('/api/user/account/documents/invoice/abc')).json()).toMatchObject({ status: 400, message: 'Documento inválido' });
    expect((await get('/api/user/account/documents/invoice/1/file/doc')).json()).toMatchObject({ status: 400, message: 'Formato inválido' });
    expect((await get('/api/user/account/documents/invoice/999999')).statusCode).toBe(404);
    expect((await get('/api/user/account/payments/999999')).statusCode).toBe(404);
  });
});

describe('who may read it', () => {
  it('a Comprador gets 403 on every account route; Finanzas of a company reads its own', async () => {
    const item = (await all())[0]!;
    for (const url of [
      '/api/user/account/summary', '/api/user/account/documents', `/api/user/account/documents/${item.kind}/${item.docEntry}`,
      `/api/user/account/documents/${item.kind}/${item.docEntry}/file/pdf`, '/api/user/account/payments/1',
      '/api/user/account/statement?from=2026-01-01&to=2026-10-31',
    ]) {
      const res = await get(url, buyer);
      expect({ url, status: res.statusCode, body: res.json() }).toEqual({ url, status: 403, body: { status: 403, message: CAPABILITY_DENIED.finance } });
    }
    const theirs = await get('/api/user/account/summary', other);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json<AccountSummary>().cardCode).toBe('C76123456');
  });

  it('without a session: 401', async () => {
    expect((await call(t.app, { method: 'GET', url: '/api/user/account/summary' })).statusCode).toBe(401);
  });
});

describe('the demo dated from today', () => {
  it('accountReferenceDate dates only the demo company account documents: one due in 3 days, one received 3 days ago', () => {
    const today = '2027-03-15';
    const data = buildDemoData({ accountReferenceDate: today });
    const mine = data.Invoices.filter((d) => d.CardCode === ACCOUNT_CARDCODE && d.DocumentStatus === 'bost_Open');
    expect(mine.some((d) => d.DocDueDate.slice(0, 10) === '2027-03-18')).toBe(true);
    expect(mine.some((d) => d.U_FechaRecepcion === '2027-03-12')).toBe(true);
    // everyone else's documents keep the fixed reference date
    const others = [...data.Invoices, ...data.Orders].filter((d) => d.CardCode !== ACCOUNT_CARDCODE);
    expect(others.every((d) => d.DocDate.slice(0, 10) <= REFERENCE_DATE)).toBe(true);
    expect(data.referenceDate).toBe(REFERENCE_DATE);
  });
});

describe('with the ERP down', () => {
  it('the summary, the open items, a document and the statement answer 503 in Spanish: nothing stale is shown', async () => {
    const [first] = await all();
    t.b1.setFaults({ refuse: true });
    try {
      for (const url of [
        '/api/user/account/summary',
        '/api/user/account/documents',
        `/api/user/account/documents/${first!.kind}/${first!.docEntry}`,
        `/api/user/account/statement?from=${REFERENCE_DATE.slice(0, 8)}01&to=${REFERENCE_DATE}`,
      ]) {
        const res = await get(url);
        expect({ url, status: res.statusCode, body: res.json() }).toEqual({ url, status: 503, body: { status: 503, code: 'ERP_UNAVAILABLE', message: ERP_MESSAGES.unavailable } });
      }
    } finally {
      t.b1.setFaults({ refuse: false });
    }
  });
});
