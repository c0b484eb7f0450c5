import ExcelJS from 'exceljs';
import type { LinesheetSent } from '@shared/api/linesheet';
import { LINESHEET_SEND_MSG } from '@shared/schemas/linesheet';
import { checkDigit, formatRut } from '@shared/rut';
import { outbox } from '@server/db/schema';
import { XLSX_HEADER_ROW } from '@server/linesheet/linesheetXlsx';
import { emlFiles } from './mail-fixtures';
import { call, createTestApp, login, type TestApp } from './helpers';

// A customer's line sheet sent by mail (docs/linesheet.md): an admin sends any customer of the ERP theirs, a rep only a
// customer in their scope; the attached sheet carries the customer's own prices (the rows of the sheet the customer
// downloads), one mail per Idempotency-Key, every bad input a Spanish 4xx.

let t: TestApp;
let admin: string;
let buyer: string;
const GOLD = '76.123.456-0';
const CAROLINA = '13.579.246-2'; // a rep with the customers the ERP assigns her (C76123456, not C77890123)
const OTHER_REPS_CUSTOMER = formatRut(`77890123${checkDigit('77890123')}`);

beforeAll(async () => {
  t = await createTestApp({}, { worker: { pollMs: 50, backoffMs: () => 100, autoStart: false } });
  admin = (await login(t.app, '22.222.222-2', 'Admin1234')).token;
  buyer = (await login(t.app, GOLD, 'Demo1234')).token;
}, 60_000);
afterAll(() => t.close());

const send = (token: string, payload: Record<string, unknown>, key?: string, who: 'admin' | 'rep' = 'admin') =>
  call(t.app, { method: 'POST', url: `/api/${who}/linesheet/send`, token, payload, headers: key ? { 'idempotency-key': key } : {} });

/** The sheet's rows as [sku, buyer's price], read back with exceljs. */
async function pricesOf(bytes: Buffer): Promise<Array<[string, number]>> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: Array<[string, number]> = [];
  book.worksheets[0]!.eachRow((row, n) => {
    if (n <= XLSX_HEADER_ROW) return;
    const v = row.values as unknown[];
    rows.push([String(v[6]), v[10] as number]);
  });
  return rows;
}

/** The mail jobs queued for sheets, with their attachment's private key. */
async function sheetJobs() {
  return (await t.database.db.select().from(outbox)).filter((j) => j.dedupeKey.startsWith('mail:LINESHEET:'));
}

describe('an admin sends a customer their line sheet', () => {
  it('attaches the customer’s own sheet (the rows the customer downloads) and mails it once per key', async () => {
    const res = await send(admin, { rut: GOLD, email: 'compras@losandes.cl', alcance: 'BUSQUEDA', q: 'polera', format: 'xlsx', mensaje: 'Precios de la temporada' }, 'sheet-1');
    expect(res.statusCode).toBe(200);
    const sent = res.json<LinesheetSent>();
    expect(sent).toMatchObject({ message: 'Lista de precios enviada a compras@losandes.cl', to: 'compras@losandes.cl' });
    expect(sent.styles).toBeGreaterThan(0);

    // the same key answers the same result, and no second mail is queued
    const again = await send(admin, { rut: GOLD, email: 'compras@losandes.cl', alcance: 'BUSQUEDA', q: 'polera', format: 'xlsx', mensaje: 'Precios de la temporada' }, 'sheet-1');
    expect(again.json<LinesheetSent>()).toEqual(sent);
    const jobs = await sheetJobs();
    expect(jobs).toHaveLength(1);

    // the attachment holds exactly what the customer gets when downloading the same choice
    const attachment = (jobs[0]!.payload as { attachments: Array<{ privateKey: string; filename: string }> }).attachments[0]!;
    expect(attachment.filename).toBe(sent.filename);
    const attached = await t.app.privateFiles.read(attachment.privateKey);
    const own = await call(t.app, { method: 'GET', url: '/api/user/linesheet?format=xlsx&alcance=BUSQUEDA&q=polera', token: buyer });
    const rows = await pricesOf(attached!);
    expect(rows.length).toBeGreaterThan(sent.styles - 1);
    expect(rows).toEqual(await pricesOf(own.rawPayload));

    // the worker sends it: one mail, to the address typed, with the file and the message
    await t.app.worker.runOnce();
    const mails = emlFiles(t.app.mailer.outboxDir!).filter((m) => m.text.includes(sent.filename));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(/^To: compras@losandes\.cl/m);
    expect(mails[0]!.text).toContain('Content-Disposition: attachment');
  });

  it('without an e-mail, sends to the customer’s e-mail in the ERP', async () => {
    const profile = await t.erp.getCustomer('C76123456');
    const res = await send(admin, { rut: GOLD, alcance: 'TEMPORADA', format: 'pdf' }, 'sheet-2');
    expect(res.statusCode).toBe(200);
    expect(res.json<LinesheetSent>().to).toBe(profile.mail);
    expect(res.json<LinesheetSent>().filename).toMatch(/^lista-de-precios-76123456-0-\d{4}-\d{2}-\d{2}\.pdf$/);
  });

  it('refuses bad input in Spanish and writes nothing', async () => {
    const before = (await sheetJobs()).length;
    expect((await send(admin, { alcance: 'TODO', format: 'xlsx' })).json()).toMatchObject({ status: 400, message: LINESHEET_SEND_MSG.rutRequired });
    expect((await send(admin, { rut: '76.123.456-1', format: 'xlsx' })).json()).toMatchObject({ status: 400, message: LINESHEET_SEND_MSG.rutInvalid });
    expect((await send(admin, { rut: GOLD, email: 'no-es-correo', format: 'xlsx' })).json()).toMatchObject({ status: 400, message: LINESHEET_SEND_MSG.emailInvalid });
    expect((await send(admin, { rut: GOLD, alcance: 'LISTA', lista: 1, format: 'xlsx' })).json()).toMatchObject({ status: 400, message: LINESHEET_SEND_MSG.noList });
    expect((await send(admin, { rut: GOLD, format: 'xlsx', mensaje: 'x'.repeat(501) })).json()).toMatchObject({ status: 400, message: LINESHEET_SEND_MSG.message });
    // a valid rut the ERP does not know
    expect((await send(admin, { rut: formatRut(`11111111${checkDigit('11111111')}`), format: 'xlsx' })).json()).toMatchObject({ status: 404, message: LINESHEET_SEND_MSG.notFound });
    expect(await sheetJobs()).toHaveLength(before);
  });

  it('a buyer cannot send sheets', async () => {
    expect((await send(buyer, { rut: GOLD, format: 'xlsx' })).statusCode).toBe(403);
    expect((await send(buyer, { rut: GOLD, format: 'xlsx' }, undefined, 'rep')).statusCode).toBe(403);
  });
});

describe('a rep sends their customers their line sheet', () => {
  it('to a customer the ERP assigns them; another rep’s customer is refused', async () => {
    const rep = (await login(t.app, CAROLINA, 'Demo1234')).token;
    const res = await send(rep, { rut: GOLD, email: 'compras@losandes.cl', alcance: 'BUSQUEDA', q: 'polera', format: 'xlsx' }, 'rep-1', 'rep');
    expect(res.statusCode).toBe(200);
    expect(res.json<LinesheetSent>().company).toBeTruthy();
    expect((await send(rep, { rut: OTHER_REPS_CUSTOMER, alcance: 'BUSQUEDA', q: 'polera', format: 'xlsx' }, 'rep-2', 'rep')).json()).toMatchObject({ status: 403, message: LINESHEET_SEND_MSG.outOfScope });
    // the admin's route is not the rep's
    expect((await send(rep, { rut: GOLD, format: 'xlsx' }, 'rep-3')).statusCode).toBe(403);
  });
});
