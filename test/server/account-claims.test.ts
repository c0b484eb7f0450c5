import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { ACCOUNT_CARDCODE, REFERENCE_DATE } from '@mocks/b1/data';
import { addDays } from '@mocks/b1/documents';
import type { AccountClaim, AccountDocument } from '@shared/api/account';
import { accountClaimFiles, accountClaims, outbox } from '@server/db/schema';
import type { MailJobPayload } from '@server/mail/mailJob';
import { jpeg, pdf, TEXT } from './admin-uploads-fixtures';
import { call, createTestApp, login, type TestApp } from './helpers';
import { BUYER, RECIPIENTS, attachment, decodedBody, emlFiles, header, setRecipients } from './mail-fixtures';

// POST /api/user/account/documents/{kind}/{docEntry}/claims and GET /api/user/account/claims/{id}/files/{fileId}: a
// claim on one of the company's invoices inside its 8-day window (from the SII's reception date), its files sniffed
// and kept private, one mail to the ACCOUNT_CLAIM recipient; nothing written when anything fails.

const COMPANY = { rut: '76.345.678-1', password: 'Demo1234' };
const COMPRADOR = { rut: '17.234.567-0', password: 'Demo1234' };

let t: TestApp;
let today = REFERENCE_DATE;
let admin: string;
let comprador: string;
let other: string;
let docs: AccountDocument[];
const db = () => t.database.db;

/** The open invoice the SII received `daysAgo` days before the reference date (the stand-in's demo year). */
const invoiceReceived = (issuedDaysAgo: number) => {
  const doc = docs.find((d) => d.kind === 'invoice' && d.dteType === 33 && d.issueDate === addDays(REFERENCE_DATE, -issuedDaysAgo));
  if (!doc) throw new Error(`no open invoice issued ${issuedDaysAgo} days before the reference date`);
  return doc;
};

function form(fields: Record<string, string>, files: { name: string; bytes: Buffer; type?: string }[] = []) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  for (const f of files) data.append('files', new Blob([new Uint8Array(f.bytes)], { type: f.type ?? 'application/octet-stream' }), f.name);
  return data;
}
const claimUrl = (d: Pick<AccountDocument, 'kind' | 'docEntry'>) => `/api/user/account/documents/${d.kind}/${d.docEntry}/claims`;
const claim = (token: string, d: Pick<AccountDocument, 'kind' | 'docEntry'>, payload: FormData) => call(t.app, { method: 'POST', url: claimUrl(d), token, payload });
const valid = { reason: 'FALTA_PARCIAL', text: 'Faltan 12 poleras talla M de las 60 facturadas.' };

const written = async () => ({
  claims: (await db().select().from(accountClaims)).length,
  files: (await db().select().from(accountClaimFiles)).length,
  mails: (await db().select().from(outbox)).length,
});
const privateClaimFiles = async () => {
  const rows = await db().select().from(accountClaimFiles);
  return Promise.all(rows.map((r) => t.app.privateFiles.exists(r.fileKey)));
};

/** The files under claims/ in the private store (a failed claim leaves none behind). */
const storedClaimFiles = () => {
  try {
    return readdirSync(path.join((t.app.privateFiles as unknown as { root: string }).root, 'claims')).length;
  } catch {
    return 0;
  }
};

beforeAll(async () => {
  t = await createTestApp({}, { worker: { autoStart: false }, account: { today: () => today, alertsAutoStart: false } });
  admin = (await login(t.app, COMPANY.rut, COMPANY.password)).token;
  comprador = (await login(t.app, COMPRADOR.rut, COMPRADOR.password)).token;
  other = (await login(t.app, BUYER.rut, BUYER.password)).token;
  docs = await t.erp.openAccountDocuments(ACCOUNT_CARDCODE);
}, 60_000);
afterAll(() => t.close(), 30_000);
beforeEach(async () => {
  today = REFERENCE_DATE;
  await db().delete(accountClaims);
  await db().delete(outbox);
  await setRecipients(db(), ['CHEQUE', 'ACCOUNT_CLAIM']);
});

describe('the 8-day window', () => {
  it('records a claim on an invoice received 3 days ago, with its files, and answers the AccountClaim (201)', async () => {
    const doc = invoiceReceived(3);
    const res = await claim(admin, doc, form(valid, [{ name: 'caja abierta.jpg', bytes: jpeg(2048) }, { name: 'guia.pdf', bytes: pdf(4096) }]));
    expect(res.statusCode).toBe(201);
    const body = res.json() as AccountClaim;
    expect(body).toEqual({
      id: expect.any(Number), reason: 'FALTA_PARCIAL', text: valid.text, createdAt: expect.any(String), createdBy: expect.any(String),
      files: [
        { id: expect.any(Number), fileName: 'caja abierta.jpg', contentType: 'image/jpeg', size: 2048 },
        { id: expect.any(Number), fileName: 'guia.pdf', contentType: 'application/pdf', size: 4096 },
      ],
    });
    expect(body.createdBy).not.toBe('');
    // the account list reads it through claimsOf, keyed kind:docEntry
    const map = await t.app.accountClaims.claims.claimsOf(ACCOUNT_CARDCODE);
    expect(map.get(`invoice:${doc.docEntry}`)).toEqual(body);
    expect(await privateClaimFiles()).toEqual([true, true]);
  });

  it('the last day of the window (reception + 8) is still open; the next day answers 409 with the date it ended', async () => {
    const doc = invoiceReceived(3);
    const deadline = addDays(doc.receptionDate!, 8);
    today = addDays(deadline, 1);
    const late = await claim(admin, doc, form(valid));
    expect(late.statusCode).toBe(409);
    const [y, m, d] = deadline.split('-');
    expect(late.json()).toEqual({ status: 409, message: `El plazo de 8 días para reclamar esta factura venció el ${d}-${m}-${y}` });
    expect(await written()).toEqual({ claims: 0, files: 0, mails: 0 });
    today = deadline;
    expect((await claim(admin, doc, form(valid))).statusCode).toBe(201);
  });

  it('an invoice received weeks ago cannot be claimed; neither can a credit note', async () => {
    expect((await claim(admin, invoiceReceived(20), form(valid))).statusCode).toBe(409);
    const credit = docs.find((d) => d.kind === 'creditNote')!;
    const res = await claim(admin, credit, form(valid));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Solo una factura puede reclamarse (no una nota de crédito, de débito ni un anticipo)');
    expect(await written()).toEqual({ claims: 0, files: 0, mails: 0 });
  });

  it('a second claim on the same invoice is 409 and leaves the first alone', async () => {
    const doc = invoiceReceived(3);
    expect((await claim(admin, doc, form(valid))).statusCode).toBe(201);
    const again = await claim(admin, doc, form({ ...valid, reason: 'FALTA_TOTAL' }, [{ name: 'otra.png', bytes: jpeg(100) }]));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Esta factura ya tiene un reclamo registrado');
    expect(await written()).toEqual({ claims: 1, files: 0, mails: 1 });
  });

  it('two claims at once: one is recorded and mailed, the other gets 409', async () => {
    const doc = invoiceReceived(3);
    const before = storedClaimFiles();
    const answers = await Promise.all([claim(admin, doc, form(valid, [{ name: 'a.jpg', bytes: jpeg(300) }])), claim(admin, doc, form(valid, [{ name: 'b.jpg', bytes: jpeg(300) }]))]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await written()).toEqual({ claims: 1, files: 1, mails: 1 });
    expect(await privateClaimFiles()).toEqual([true]);
    expect(storedClaimFiles()).toBe(before + 1);
  });

  it('a failure inside the transaction (the mail cannot be queued) leaves no claim, no file row and no stored file', async () => {
    const before = storedClaimFiles();
    const spy = jest.spyOn(t.app.outbox, 'enqueue').mockRejectedValueOnce(new Error('base de datos caída'));
    try {
      const res = await claim(admin, invoiceReceived(3), form(valid, [{ name: 'a.jpg', bytes: jpeg(300) }, { name: 'b.pdf', bytes: pdf(300) }]));
      expect(res.statusCode).toBe(500);
    } finally {
      spy.mockRestore();
    }
    expect(await written()).toEqual({ claims: 0, files: 0, mails: 0 });
    expect(storedClaimFiles()).toBe(before);
  });
});

describe('ownership and capability', () => {
  it("another company's invoice is 404, never recorded", async () => {
    const res = await claim(other, invoiceReceived(3), form(valid));
    expect(res.statusCode).toBe(404);
    expect(await written()).toEqual({ claims: 0, files: 0, mails: 0 });
  });

  it("a Comprador gets 403; another company cannot download the company's files (404)", async () => {
    const doc = invoiceReceived(3);
    const denied = await claim(comprador, doc, form(valid));
    expect(denied.json()).toEqual({ status: 403, message: 'Su rol en la empresa no permite ver ni pagar facturas' });
    const made = (await claim(admin, doc, form(valid, [{ name: 'foto.jpg', bytes: jpeg(512) }]))).json() as AccountClaim;
    const url = `/api/user/account/claims/${made.id}/files/${made.files[0]!.id}`;
    const own = await call(t.app, { method: 'GET', url, token: admin });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    expect(own.headers['content-disposition']).toBe('attachment; filename="foto.jpg"');
    expect(own.rawPayload.equals(jpeg(512))).toBe(true);
    expect((await call(t.app, { method: 'GET', url, token: other })).statusCode).toBe(404);
    expect((await call(t.app, { method: 'GET', url: `/api/user/account/claims/${made.id}/files/${made.files[0]!.id + 1000}`, token: admin })).statusCode).toBe(404);
  });
});

describe('the form and its files', () => {
  it('refuses a text file named .jpg by its content, and writes nothing', async () => {
    const res = await claim(admin, invoiceReceived(3), form(valid, [{ name: 'foto.jpg', bytes: jpeg(100) }, { name: 'factura.jpg', bytes: TEXT, type: 'image/jpeg' }]));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('El archivo factura.jpg debe ser una imagen (jpg, png, webp, heic) o un PDF');
    expect(await written()).toEqual({ claims: 0, files: 0, mails: 0 });
  });

  it('validates reason and text with the shared schema, and at most 5 files', async () => {
    const doc = invoiceReceived(3);
    const bad = await claim(admin, doc, form({ reason: 'OTRO', text: 'corto' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ reason: 'Seleccione el motivo del reclamo', text: 'Describa el reclamo (entre 10 y 2000 caracteres)' });
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `f${i}.jpg`, bytes: jpeg(100) }));
    const many = await claim(admin, doc, form(valid, six));
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toBe('Puede adjuntar hasta 5 archivos');
    expect(await written()).toEqual({ claims: 0, files: 0, mails: 0 });
  });

  it('a file over 10 MB is a 400 naming it', async () => {
    const res = await claim(admin, invoiceReceived(3), form(valid, [{ name: 'video.jpg', bytes: jpeg(10 * 1024 * 1024 + 1) }]));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('El archivo video.jpg excede el tamaño máximo de 10 MB');
    expect(await written()).toEqual({ claims: 0, files: 0, mails: 0 });
  });

  it('without a claims recipient nothing is written (404) and the files are not kept', async () => {
    await setRecipients(db(), ['CHEQUE']);
    const res = await claim(admin, invoiceReceived(3), form(valid, [{ name: 'foto.jpg', bytes: jpeg(100) }]));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No existe correo para notificar a Textil Andino');
    expect(await written()).toEqual({ claims: 0, files: 0, mails: 0 });
  });
});

describe('the mail', () => {
  it('one mail to the ACCOUNT_CLAIM recipient with the company, folio, reason, text and the files attached', async () => {
    const doc = invoiceReceived(3);
    const made = (await claim(admin, doc, form(valid, [{ name: 'caja.jpg', bytes: jpeg(700) }, { name: 'guia.pdf', bytes: pdf(900) }]))).json() as AccountClaim;
    const jobs = await db().select().from(outbox).where(eq(outbox.dedupeKey, `mail:ACCOUNT_CLAIM:${made.id}`));
    expect(jobs).toHaveLength(1);
    const payload = jobs[0]!.payload as MailJobPayload;
    expect(payload.to).toBe(RECIPIENTS.ACCOUNT_CLAIM.email);
    expect(payload.subject).toBe(`Reclamo de Factura electrónica N° ${doc.folio} - Importadora Aconcagua SpA`);
    expect(payload.text).toContain('Motivo: Falta parcial de mercaderías');
    expect(payload.text).toContain(valid.text);
    expect(payload.attachments?.map((a) => a.filename)).toEqual(['caja.jpg', 'guia.pdf']);

    expect(await t.app.worker.runOnce()).toBe(1);
    const [eml] = emlFiles(t.app.mailer.outboxDir!).filter((f) => header(f.text, 'Subject')?.includes(String(doc.folio)));
    expect(eml).toBeDefined();
    expect(header(eml!.text, 'To')).toContain(RECIPIENTS.ACCOUNT_CLAIM.email);
    expect(decodedBody(eml!.text)).toContain('76345678-1');
    expect(attachment(eml!.text, 'caja.jpg')?.equals(jpeg(700))).toBe(true);
    expect(attachment(eml!.text, 'guia.pdf')?.equals(pdf(900))).toBe(true);
  });
});
