import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { defaultMailFrom, loadConfig } from '@server/config';
import { outbox } from '@server/db/schema';
import { createMailer, isPermanentMailError, type Mailer, type OutgoingMail } from '@server/integrations/mailer';
import { OutboxWorker } from '@server/jobs/outbox';
import { Outbox } from '@server/jobs/outbox.repo';
import { MAIL_JOB, enqueueMail, mailJobHandler } from '@server/mail/mailJob';
import { LocalPrivateStore } from '@server/storage/privateFiles';
import { seedDemoRecipients } from '@server/notifications/recipients.repo';
import { call, createTestApp, login, type TestApp } from './helpers';
import { BUYER, CHEQUE_BUYER, RECIPIENTS, attachment, decodedBody, emlFiles, header, insertOrder, setRecipients } from './mail-fixtures';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e0a1f9e70000000049454e44ae426082', 'hex');

let t: TestApp;
let buyer: { token: string; id: number };
let other: { token: string; id: number };
let admin: string;
const db = () => t.database.db;
const outboxDir = () => t.app.mailer.outboxDir!;

beforeAll(async () => {
  t = await createTestApp({}, { worker: { autoStart: false } });
  buyer = await login(t.app, BUYER.rut, BUYER.password);
  other = await login(t.app, CHEQUE_BUYER.rut, CHEQUE_BUYER.password);
  admin = (await login(t.app, '22222222-2', 'Admin1234')).token;
}, 60_000);
afterAll(() => t.close());

describe('the mailer', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(path.join(tmpdir(), 'mailer-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const mail: OutgoingMail = {
    to: 'cobranza@portal.example',
    subject: 'Pago con cheque OC000042 - Textiles Pacífico Ltda.',
    text: 'Se adjunta la foto del cheque.\nTotal: $97.267',
    html: '<p>Se adjunta la foto del cheque.</p>',
    attachments: [{ filename: 'Cheque_OC000042.png', content: PNG, contentType: 'image/png' }],
    key: 'mail:CHEQUE:OC000042',
    messageId: '<abc-123@portal.example>',
  };

  it('without SMTP_URL writes each message as an .eml file with To, Subject, From and the attachment', async () => {
    const mailer = createMailer({ from: defaultMailFrom('Textil Andino'), outboxDir: path.join(dir, 'outbox') });
    expect(mailer.kind).toBe('file');
    const sent = await mailer.send(mail);
    const files = emlFiles(path.join(dir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(sent.file).toBe(path.join(dir, 'outbox', files[0]!.name));
    expect(files[0]!.name).toMatch(/^mail-CHEQUE-OC000042-[0-9a-f]{8}\.eml$/);
    const eml = files[0]!.text;
    expect(header(eml, 'To')).toBe('cobranza@portal.example');
    expect(header(eml, 'Subject')).toBe('Pago con cheque OC000042 - Textiles Pacífico Ltda.');
    expect(header(eml, 'From')).toBe('Textil Andino <no-responder@textilandino.example>');
    expect(header(eml, 'Message-ID')).toBe('<abc-123@portal.example>');
    expect(decodedBody(eml)).toContain('Total: $97.267');
    expect(attachment(eml, 'Cheque_OC000042.png')).toEqual(PNG);
    await mailer.close();
  });

  it('sending the same message again replaces its file: one job, one file', async () => {
    const mailer = createMailer({ from: 'x@portal.example', outboxDir: dir });
    await mailer.send(mail);
    await mailer.send(mail);
    expect(readdirSync(dir).filter((f) => f.endsWith('.eml'))).toHaveLength(1);
    await mailer.send({ ...mail, messageId: '<otro@portal.example>' });
    expect(readdirSync(dir).filter((f) => f.endsWith('.eml'))).toHaveLength(2);
  });

  it('never reads a local file named in a message', async () => {
    const secret = path.join(dir, 'secret.txt');
    writeFileSync(secret, 'no-debe-salir');
    const mailer = createMailer({ from: 'x@portal.example', outboxDir: path.join(dir, 'o') });
    const options = { ...mail, attachments: [{ filename: 'x.txt', path: secret }] } as unknown as OutgoingMail;
    await mailer.send(options).catch(() => undefined);
    for (const f of emlFiles(path.join(dir, 'o'))) {
      expect(f.text).not.toContain('no-debe-salir');
      expect(f.text).not.toContain(Buffer.from('no-debe-salir').toString('base64'));
    }
  });

  it('tells permanent SMTP rejections (5xx) from errors worth a retry (4xx, connection)', () => {
    expect(isPermanentMailError({ responseCode: 550, code: 'EENVELOPE' })).toBe(true);
    expect(isPermanentMailError({ responseCode: 554, code: 'EMESSAGE' })).toBe(true);
    expect(isPermanentMailError({ responseCode: 503 })).toBe(false);
    expect(isPermanentMailError({ responseCode: 451, code: 'EMESSAGE' })).toBe(false);
    expect(isPermanentMailError({ responseCode: 421, permanent: false })).toBe(false);
    expect(isPermanentMailError({ code: 'ECONNECTION' })).toBe(false);
    expect(isPermanentMailError({ code: 'ETIMEDOUT' })).toBe(false);
    expect(isPermanentMailError({ code: 'EENVELOPE' })).toBe(true);
    expect(isPermanentMailError(new Error('x'))).toBe(false);
  });

  it('config: SMTP_URL and MAIL_FROM, with a branded default sender on an example domain', () => {
    const base = { DATA_DIR: dir, JWT_SECRET: 'x'.repeat(40) };
    expect(loadConfig(base)).toMatchObject({ smtpUrl: undefined, mailFrom: '"Textil Andino" <no-responder@textilandino.example>' });
    expect(loadConfig({ ...base, BRAND_NAME: 'Ñandú Textil' }).mailFrom).toBe('"Ñandú Textil" <no-responder@nandutextil.example>');
    expect(loadConfig({ ...base, SMTP_URL: 'smtps://u:p@smtp.portal.example:465', MAIL_FROM: 'Ventas <ventas@portal.example>' })).toMatchObject({
      smtpUrl: 'smtps://u:p@smtp.portal.example:465',
      mailFrom: 'Ventas <ventas@portal.example>',
    });
    expect(() => loadConfig({ ...base, SMTP_URL: 'http://smtp.portal.example' })).toThrow('SMTP_URL inválido');
  });
});

describe('the mail job', () => {
  it('reads the attachment from the private store at send time; 5xx fails for good, a connection error is retried', async () => {
    const database = t.database;
    await database.db.delete(outbox);
    const dir = mkdtempSync(path.join(tmpdir(), 'mailjob-'));
    try {
      const files = new LocalPrivateStore(path.join(dir, 'private'));
      await files.put('cheques/OC000001-a.png', PNG, 'image/png');
      const outcomes: Array<Error | 'ok'> = [Object.assign(new Error('Connection closed'), { code: 'ECONNECTION' }), 'ok'];
      const sent: OutgoingMail[] = [];
      const mailer: Mailer = {
        kind: 'smtp',
        from: 'x@portal.example',
        send: async (m) => {
          const next = outcomes.shift() ?? 'ok';
          if (next !== 'ok') throw next;
          sent.push(m);
          return { messageId: m.messageId ?? '' };
        },
        close: async () => {},
      };
      const box = new Outbox(database.db);
      const worker = new OutboxWorker({ db: database.db, backoffMs: () => 0, handlers: { [MAIL_JOB]: mailJobHandler({ mailer, files }) } });
      const mail = { to: 'a@portal.example', subject: 'Asunto', text: 'Texto', attachments: [{ filename: 'c.png', privateKey: 'cheques/OC000001-a.png', contentType: 'image/png' }] };
      const { id } = await enqueueMail(box, database.db, 'mail:CHEQUE:OC000001', mail);

      await worker.runOnce();
      expect(await box.get(id)).toMatchObject({ status: 'pending', attempts: 1, lastError: 'Connection closed' });
      await worker.runOnce();
      expect(await box.get(id)).toMatchObject({ status: 'done', attempts: 2 });
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ to: 'a@portal.example', key: 'mail:CHEQUE:OC000001', attachments: [{ filename: 'c.png', content: PNG, contentType: 'image/png' }] });
      expect(sent[0]!.messageId).toMatch(/^<[0-9a-f-]{36}@portal\.example>$/);

      outcomes.push(Object.assign(new Error('550 5.1.1 usuario desconocido'), { responseCode: 550, code: 'EENVELOPE' }));
      const rejected = await enqueueMail(box, database.db, 'mail:RESERVE:RE000002', { to: 'nadie@portal.example', subject: 'A', text: 'T' });
      await worker.runOnce();
      expect(await box.get(rejected.id)).toMatchObject({ status: 'failed', attempts: 1 });

      const lost = await enqueueMail(box, database.db, 'mail:CHEQUE:OC000003', { ...mail, attachments: [{ ...mail.attachments[0]!, privateKey: 'cheques/no-existe.png' }] });
      const bad = await box.enqueue(database.db, { kind: MAIL_JOB, payload: { subject: 'sin destinatario' }, dedupeKey: 'mail:x' });
      await worker.runOnce();
      expect(await box.get(lost.id)).toMatchObject({ status: 'failed', lastError: 'el adjunto cheques/no-existe.png ya no existe' });
      expect(await box.get(bad.id)).toMatchObject({ status: 'failed', lastError: 'correo sin destinatario, asunto o texto' });
      expect(sent).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('mail routes', () => {
  beforeEach(async () => {
    await db().delete(outbox);
    for (const f of readdirSync(outboxDir())) rmSync(path.join(outboxDir(), f));
  });

  describe('GET /api/user/sendmail/section/:section', () => {
    it('answers the section recipient to buyers and admins', async () => {
      await setRecipients(db(), ['RESERVE', 'CHEQUE']);
      for (const token of [buyer.token, admin]) {
        const res = await call(t.app, { method: 'GET', url: '/api/user/sendmail/section/RESERVE', token });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ id: expect.any(Number), ...RECIPIENTS.RESERVE });
      }
    });

    it('404 with the spec text when the section has no recipient; 400 for an unknown section; 401 without session', async () => {
      await setRecipients(db(), ['RESERVE']);
      const res = await call(t.app, { method: 'GET', url: '/api/user/sendmail/section/CHEQUE', token: buyer.token });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 404, message: 'No existe correo para notificar a Textil Andino' });
      const bad = await call(t.app, { method: 'GET', url: '/api/user/sendmail/section/OTRA', token: buyer.token });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Sección de notificación inválida');
      expect((await call(t.app, { method: 'GET', url: '/api/user/sendmail/section/RESERVE' })).statusCode).toBe(401);
    });

    it('the brand of the message is BRAND_NAME', async () => {
      const branded = await createTestApp({ brandName: 'Ñandú Textil' }, { worker: { autoStart: false } });
      try {
        const token = (await login(branded.app, BUYER.rut, BUYER.password)).token;
        const res = await call(branded.app, { method: 'GET', url: '/api/user/sendmail/section/RESERVE', token });
        expect(res.json()).toEqual({ status: 404, message: 'No existe correo para notificar a Ñandú Textil' });
      } finally {
        await branded.close();
      }
    }, 60_000);
  });

  describe('POST /api/user/sendmail/order', () => {
    const send = (token: string, payload: object) => call(t.app, { method: 'POST', url: '/api/user/sendmail/order', token, payload });

    it('queues one Spanish mail to the RESERVE recipient, with the company from the ERP, the lines and the totals', async () => {
      await setRecipients(db(), ['RESERVE', 'CHEQUE']);
      const order = await insertOrder(db(), { userId: buyer.id, cardCode: BUYER.cardCode, orderType: 'RESERVE', state: 'CONFIRMED' });
      const number = order.purchaseOrderNumber!;
      const res = await send(buyer.token, { numberOrder: number.toLowerCase(), section: 'RESERVE' });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ message: 'Enviado correo a Textil Andino!!' });
      const job = await new Outbox(db()).byKey(`mail:RESERVE:${number}`);
      expect(job).toMatchObject({ kind: 'mail', status: 'pending', payload: { to: 'reservas@portal.example' } });

      expect(await t.app.worker.runOnce()).toBe(1);
      const [file] = emlFiles(outboxDir());
      expect(file!.name.startsWith(`mail-RESERVE-${number}-`)).toBe(true);
      expect(header(file!.text, 'To')).toBe('reservas@portal.example');
      expect(header(file!.text, 'Subject')).toBe(`Reserva de stock ${number} - Comercial Los Andes SpA (76.123.456-0)`);
      const body = decodedBody(file!.text);
      for (const text of [
        `Pedido: ${number}`,
        'Empresa: Comercial Los Andes SpA',
        'Rut: 76.123.456-0',
        'Persona: Rodrigo Fuentes Alarcón (76.123.456-0)',
        'Tipo de pedido: Reserva',
        'Entrega: Despacho a Av. Providencia 1234, Providencia',
        '- POL-1001-M Polera Básica talla M: 3 x $10.331 = $30.993 (P. Lista $10.990)',
        '- PAN-2001-42 Jeans Slim Fit Elasticado talla 42: 2 x $25.372 = $50.744 (P. Lista $29.990)',
        'Neto: $92.950',
        'Descuento oferta: $5.998',
        'Descuento fidelización (6%): $5.215',
        'Subtotal: $81.737',
        'IVA (19%): $15.530',
        'Total: $97.267',
      ]) {
        expect(body).toContain(text);
      }
    });

    it("names the person of the company who placed the order beside the company's name and rut", async () => {
      await setRecipients(db(), ['RESERVE']);
      const camila = await login(t.app, '18.901.234-9', 'Demo1234'); // Comprador of 76.123.456-0
      const order = await insertOrder(db(), { userId: camila.id, cardCode: BUYER.cardCode, orderType: 'RESERVE', state: 'CONFIRMED' });
      // the company's own login asks for the mail of her order: the mail still names her
      expect((await send(buyer.token, { numberOrder: order.purchaseOrderNumber, section: 'RESERVE' })).statusCode).toBe(202);
      expect(await t.app.worker.runOnce()).toBe(1);
      const [file] = emlFiles(outboxDir());
      const body = decodedBody(file!.text);
      for (const text of ['Empresa: Comercial Los Andes SpA', 'Rut: 76.123.456-0', 'Persona: Camila Rojas Pizarro (18.901.234-9)']) expect(body).toContain(text);
    });

    it('is deduplicated: asking again queues nothing and sends nothing more', async () => {
      await setRecipients(db(), ['RESERVE']);
      const order = await insertOrder(db(), { userId: buyer.id, cardCode: BUYER.cardCode, orderType: 'RESERVE' });
      const payload = { numberOrder: order.purchaseOrderNumber, section: 'RESERVE' };
      expect((await send(buyer.token, payload)).statusCode).toBe(202);
      await t.app.worker.runOnce();
      expect((await send(buyer.token, payload)).statusCode).toBe(202);
      expect((await send(buyer.token, payload)).statusCode).toBe(202);
      expect(await db().select().from(outbox).where(eq(outbox.dedupeKey, `mail:RESERVE:${order.purchaseOrderNumber}`))).toHaveLength(1);
      expect(await t.app.worker.runOnce()).toBe(0);
      expect(emlFiles(outboxDir())).toHaveLength(1);
    });

    it("answers another company's order as an unknown one (404), and refuses admins (403)", async () => {
      await setRecipients(db(), ['RESERVE']);
      const order = await insertOrder(db(), { userId: buyer.id, cardCode: BUYER.cardCode, orderType: 'RESERVE' });
      const payload = { numberOrder: order.purchaseOrderNumber, section: 'RESERVE' };
      const theirs = await send(other.token, payload);
      expect(theirs.json()).toEqual({ status: 404, message: 'Pedido no encontrado' });
      const unknown = await send(buyer.token, { numberOrder: 'RE999999', section: 'RESERVE' });
      expect(unknown.json()).toEqual({ status: 404, message: 'Pedido no encontrado' });
      expect((await send(admin, payload)).statusCode).toBe(403);
      expect(await db().select().from(outbox)).toHaveLength(0);
    });

    it('404 with the spec text when RESERVE has no recipient; nothing queued', async () => {
      await setRecipients(db(), ['CHEQUE']);
      const order = await insertOrder(db(), { userId: buyer.id, cardCode: BUYER.cardCode, orderType: 'RESERVE' });
      const res = await send(buyer.token, { numberOrder: order.purchaseOrderNumber, section: 'RESERVE' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 404, message: 'No existe correo para notificar a Textil Andino' });
      expect(await db().select().from(outbox)).toHaveLength(0);
    });

    it('validates the body and that the section fits the order', async () => {
      await setRecipients(db(), ['RESERVE', 'CHEQUE', 'CREATION_USER']);
      const online = await insertOrder(db(), { userId: buyer.id, cardCode: BUYER.cardCode, orderType: 'ONLINE', paymentMethod: 'CHEQUE' });
      const n = online.purchaseOrderNumber!;
      const bad = await send(buyer.token, { numberOrder: 'X1', section: 'RESERVE' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Número de pedido inválido');
      expect((await send(buyer.token, { numberOrder: n, section: 'NADA' })).json().message).toBe('Sección de notificación inválida');
      const notReserve = await send(buyer.token, { numberOrder: n, section: 'RESERVE' });
      expect(notReserve.statusCode).toBe(409);
      expect(notReserve.json().message).toBe(`La sección RESERVE no corresponde al pedido ${n}`);
      expect((await send(buyer.token, { numberOrder: n, section: 'CREATION_USER' })).statusCode).toBe(409);
      const noPhoto = await send(buyer.token, { numberOrder: n, section: 'CHEQUE' });
      expect(noPhoto.statusCode).toBe(409);
      expect(noPhoto.json().message).toBe('Debe adjuntar una foto del cheque');
      expect(await db().select().from(outbox)).toHaveLength(0);
    });
  });

  it('the embedded demo seeds one recipient per section at an example domain, only into an empty table', async () => {
    await setRecipients(db(), []);
    expect(await seedDemoRecipients(db())).toBe(4);
    expect(await seedDemoRecipients(db())).toBe(0);
    const res = await call(t.app, { method: 'GET', url: '/api/admin/admin-emails', token: admin });
    const list = res.json() as { section: string; email: string }[];
    expect(list.map((r) => r.section).sort()).toEqual(['ACCOUNT_CLAIM', 'CHEQUE', 'CREATION_USER', 'RESERVE']);
    for (const r of list) expect(r.email).toMatch(/@portal\.example$/);
  });
});
