import { mkdirSync, rmSync } from 'node:fs';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@server/db/connect';
import { outbox } from '@server/db/schema';
import { PermanentJobError } from '@server/jobs/outbox';
import { Sealer, openSealedMail, sealingKey } from '@server/mail/sealedFields';
import { customerRequestSchema } from '@shared/schemas/customerRequest';
import { call, createTestApp, login, TEST_SECRET, type TestApp } from './helpers';
import { CUSTOMER_REQUEST, RECIPIENTS, decodedBody, emlFiles, header, setRecipients } from './mail-fixtures';

// The customer creation request (R-REQ-1 to R-REQ-3): POST /user/sendmail from an anonymous
// visitor, and the anonymous check of the CREATION_USER recipient.

let t: TestApp;
let buyer: string;
const logLines: string[] = [];
const db = () => t.database.db;
const outboxDir = () => t.app.mailer.outboxDir!;

const TAX_PASSWORD = 'Sii-Clave#2024&<x>';

const request = { ...CUSTOMER_REQUEST, companyName: 'Confecciones del Sur & Cía. Ltda.', passwordTax: TAX_PASSWORD, senderTo: 'atacante@evil.example' };

let ipSeq = 0;
/** Each test sends from its own address, so the per-address limit of one test does not spill into another. */
const nextIp = () => `10.0.0.${++ipSeq}`;
const send = (payload: object, remoteAddress: string, token?: string) =>
  call(t.app, { method: 'POST', url: '/api/user/sendmail', payload, remoteAddress, token });
const mailJobs = () => db().select().from(outbox).where(sql`${outbox.kind} = 'mail'`).orderBy(outbox.id);

/** Every row of every table of the portal, as text. */
async function wholeDatabase(): Promise<string> {
  const tables = rowsOf<{ table_name: string }>(
    await db().execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`),
  );
  const dump: string[] = [];
  for (const { table_name } of tables) {
    const rows = rowsOf<{ row: unknown }>(await db().execute(sql.raw(`select row_to_json(t)::text as row from "${table_name}" t`)));
    dump.push(...rows.map((r) => String(r.row)));
  }
  return dump.join('\n');
}

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({}, { worker: { autoStart: false }, logger: { level: 'trace', stream } });
  buyer = (await login(t.app, '76123456-0', 'Demo1234')).token;
}, 60_000);
afterAll(() => t.close());
beforeEach(async () => {
  await setRecipients(db(), ['CREATION_USER', 'RESERVE']);
  await db().delete(outbox);
  rmSync(outboxDir(), { recursive: true, force: true });
  mkdirSync(outboxDir(), { recursive: true });
});

describe('validation', () => {
  it('answers every message of the form, word for word', async () => {
    const res = await send({}, nextIp());
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      companyName: 'La razón social es requerida',
      rutCompany: 'Rut es requerido',
      addressCompany: 'Dirección requerida',
      region: 'región requerida',
      city: 'Ciudad es requerida',
      commune: 'Comuna es requerida',
      telephone: 'Teléfono es requerida',
      cellphone: 'Teléfono Movil es requerido',
      giro: 'Giro es requerido',
      legalRepresentative: 'Representante Legal es requerida',
      rutLegalRepresentative: 'Rut representante es requerida',
      emailRepresentative: 'Email es requerido',
      nameContactCompany: 'Nombre de contacto es requerido',
      rutContactCompany: 'Rut contacto es requerido',
      cargoContactCompany: 'Cargo Contacto es requerido',
      telephoneContactCompany: 'Teléfono contacto es requerido',
      cellphoneContactCompany: 'Teléfono Movil es requerido',
      emailContactCompany: 'Email de contacto es requerido',
      codeTax: 'Código tributario es requerido',
      passwordTax: 'Clave tributaria es requerido',
    });
    expect(await mailJobs()).toHaveLength(0);
  });

  it('checks the three ruts, the phones and the e-mails', async () => {
    const res = await send(
      {
        ...request,
        rutCompany: '76.543.210-4',
        rutLegalRepresentative: '12345678-9',
        rutContactCompany: 'abc',
        telephone: '45 212',
        telephoneContactCompany: '+56452',
        cellphone: '8123456',
        cellphoneContactCompany: '812345678',
        emailRepresentative: 'rosa@',
        emailContactCompany: 'compras',
      },
      nextIp(),
    );
    expect(res.json().fields).toEqual({
      rutCompany: 'Rut es invalido',
      rutLegalRepresentative: 'Rut representante es invalido',
      rutContactCompany: 'Rut contacto es invalido',
      telephone: 'Teléfono es solo números',
      telephoneContactCompany: 'Teléfono contacto es solo números',
      cellphone: 'Teléfono Movil es mínimo de 8 digitos',
      cellphoneContactCompany: 'Teléfono Movil es un máximo de 8 digitos',
      emailRepresentative: 'El email no tiene el formato correcto',
      emailContactCompany: 'Email de contacto es invalido',
    });
    expect((await send({ ...request, cellphone: '8123456a' }, nextIp())).json().fields).toEqual({ cellphone: 'Teléfono Movil es solo números' });
    expect((await send({ ...request, section: 'RESERVE' }, nextIp())).statusCode).toBe(400);
  });

  it('the shared schema accepts the form as the screen sends it', () => {
    expect(() => customerRequestSchema.validateSync({ ...request, section: '' })).not.toThrow();
  });
});

describe('the CREATION_USER recipient', () => {
  it('a visitor learns whether it exists, never its address; a logged-in user gets the record', async () => {
    const anonymous = await call(t.app, { method: 'GET', url: '/api/user/sendmail/section/CREATION_USER' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ id: expect.any(Number), section: 'CREATION_USER' });
    expect(anonymous.body).not.toContain('@');
    // a stale token does not stop the visitor's check
    expect((await call(t.app, { method: 'GET', url: '/api/user/sendmail/section/CREATION_USER', token: 'caducado' })).statusCode).toBe(200);

    const asUser = await call(t.app, { method: 'GET', url: '/api/user/sendmail/section/CREATION_USER', token: buyer });
    expect(asUser.json()).toMatchObject({ ...RECIPIENTS.CREATION_USER, id: expect.any(Number) });

    const other = await call(t.app, { method: 'GET', url: '/api/user/sendmail/section/RESERVE' });
    expect(other.statusCode).toBe(401);
    expect(other.json()).toEqual({ status: 401, message: 'Debe iniciar sesión' });
  });

  it('none configured: the visitor is told, and nothing is queued', async () => {
    await setRecipients(db(), ['RESERVE']);
    const check = await call(t.app, { method: 'GET', url: '/api/user/sendmail/section/CREATION_USER' });
    expect(check.statusCode).toBe(404);
    expect(check.json()).toEqual({ status: 404, message: 'No existe correo para notificar a Textil Andino' });
    const res = await send(request, nextIp());
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 404, message: 'No existe correo para notificar a Textil Andino' });
    expect(await mailJobs()).toHaveLength(0);
  });
});

describe('sending', () => {
  it('queues a Spanish mail with every field to the CREATION_USER recipient, whatever senderTo says', async () => {
    const res = await send(request, nextIp());
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: 'Enviado correo a Textil Andino!!' });

    const [job] = await mailJobs();
    expect(job).toMatchObject({ status: 'pending', dedupeKey: expect.stringMatching(/^mail:CREATION_USER:/) });
    const payload = job!.payload as { to: string; subject: string; text: string };
    expect(payload.to).toBe('clientes@portal.example');
    expect(JSON.stringify(job)).not.toContain('evil.example');
    // queued, the tax password is sealed: not in clear anywhere in the database
    expect(await wholeDatabase()).not.toContain(TAX_PASSWORD);

    expect(await t.app.worker.runOnce()).toBe(1);
    const [eml] = emlFiles(outboxDir());
    expect(header(eml!.text, 'To')).toBe('clientes@portal.example');
    expect(header(eml!.text, 'Subject')).toBe('Solicitud de creación de cliente - Confecciones del Sur & Cía. Ltda. (76.543.210-3)');
    const body = decodedBody(eml!.text);
    for (const line of [
      'Se recibió una solicitud de creación de cliente desde el portal Textil Andino.',
      'Razón Social: Confecciones del Sur & Cía. Ltda.',
      'Rut Empresa: 76.543.210-3',
      'Dirección: Av. Alemania 455',
      'Región: La Araucanía',
      'Ciudad: Temuco',
      'Comuna: Temuco',
      'Teléfono: 452123456',
      'Teléfono Móvil: +569 81234567',
      'Giro: Venta al por mayor de vestuario',
      'Representante Legal: Rosa Huenchullán',
      'Rut Representante Legal: 12.345.678-5',
      'Email Representante Legal: rosa@confsur.cl',
      'Nombre Contacto: Pedro Lagos',
      'Rut Contacto: 9.876.543-3',
      'Cargo Contacto: Jefe de compras',
      'Teléfono Contacto: 452987654',
      'Teléfono Móvil Contacto: +569 87654321',
      'Email Contacto: compras@confsur.cl',
      'Código tributario: 123456',
      `Clave tributaria: ${TAX_PASSWORD}`,
    ]) {
      expect(body).toContain(line);
    }
    // the HTML part escapes what the visitor typed, the tax password included
    expect(body).toContain('Confecciones del Sur &amp; Cía. Ltda.');
    expect(body).toContain('Sii-Clave#2024&amp;&lt;x&gt;');
    expect(body).not.toContain('{{sealed:');

    // delivered: nothing of it stays in the database, not even sealed
    const [done] = await mailJobs();
    expect(done!.status).toBe('done');
    expect(Object.values((done!.payload as { sealed: Record<string, unknown> }).sealed)).toEqual([null]);
    const dump = await wholeDatabase();
    expect(dump).not.toContain(TAX_PASSWORD);
    expect(dump).not.toMatch(/"v1\.[A-Za-z0-9_-]{20,}/);
    expect(dump).toContain('Confecciones del Sur');
  });

  it('never writes the tax password to the logs', async () => {
    const before = logLines.length;
    expect((await send(request, nextIp())).statusCode).toBe(202);
    expect((await send({ ...request, cellphone: '1' }, nextIp())).statusCode).toBe(400);
    await t.app.worker.runOnce();
    const logs = logLines.slice(before).join('');
    expect(logs).toContain('/api/user/sendmail');
    expect(logs).toContain('correo guardado en');
    expect(logs).not.toContain(TAX_PASSWORD);
    expect(logs).not.toContain('Sii-Clave');
  });

  it('a body that reached a log line would have its secrets censored', () => {
    const before = logLines.length;
    t.app.log.info({ body: { ...request }, password: 'Admin1234' }, 'prueba');
    const line = logLines.slice(before).join('');
    expect(line).toContain('"passwordTax":"[oculto]"');
    expect(line).toContain('"password":"[oculto]"');
    expect(line).not.toContain(TAX_PASSWORD);
  });

  it('a logged-in user may send it too', async () => {
    expect((await send(request, nextIp(), buyer)).statusCode).toBe(202);
  });

  it('limits the requests of one address', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) expect((await send(request, ip)).statusCode).toBe(202);
    const sixth = await send(request, ip);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({
      status: 429,
      message: 'Se enviaron demasiadas solicitudes desde esta dirección. Espere unos minutos e inténtelo de nuevo.',
    });
    expect(await mailJobs()).toHaveLength(5);
    // another address is not affected
    expect((await send(request, nextIp())).statusCode).toBe(202);
  });

  it('counts only the requests it accepted: forms refused as invalid sent nothing and use up none of the five', async () => {
    const ip = nextIp();
    for (let i = 0; i < 6; i++) {
      const refused = await send({ ...request, emailRepresentative: 'rosa@' }, ip);
      expect(refused.statusCode).toBe(400);
    }
    for (let i = 0; i < 5; i++) expect((await send(request, ip)).statusCode).toBe(202);
    expect((await send(request, ip)).statusCode).toBe(429);
  });
});

describe('sealed values', () => {
  const key = sealingKey(TEST_SECRET);

  it('open only the job\'s own placeholders; a look-alike typed by the visitor stays as typed', () => {
    const sealer = new Sealer(key);
    const mark = sealer.placeholder('secreto');
    const lookalike = '{{sealed:0123456789abcdef0123456789abcdef}}';
    const opened = openSealedMail(key, { to: 'a@b.example', subject: 's', text: `Clave: ${mark} / ${lookalike}`, html: `<b>${mark}</b>`, sealed: sealer.sealed });
    expect(opened).toEqual({ to: 'a@b.example', subject: 's', text: `Clave: secreto / ${lookalike}`, html: '<b>secreto</b>' });
  });

  it('a value sealed under another secret, or already removed, can never be sent', () => {
    const sealer = new Sealer(sealingKey(new TextEncoder().encode('otro-secreto-otro-secreto-otro-secreto!!')));
    const mark = sealer.placeholder('secreto');
    expect(() => openSealedMail(key, { text: mark, sealed: sealer.sealed })).toThrow(PermanentJobError);
    const id = Object.keys(sealer.sealed)[0]!;
    expect(() => openSealedMail(key, { text: mark, sealed: { [id]: null } })).toThrow(PermanentJobError);
  });
});
