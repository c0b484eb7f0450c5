import { and, eq, ne } from 'drizzle-orm';
import { ACCOUNT_CARDCODE, REFERENCE_DATE } from '@mocks/b1/data';
import { addDays } from '@mocks/b1/documents';
import type { AccountDocument } from '@shared/api/account';
import { daysOverdueOf, effectiveDueDate } from '@shared/accountRules';
import { AccountAlertsJob, alertsOf } from '@server/account/alerts';
import { accountAlertsSent, outbox, users } from '@server/db/schema';
import type { MailJobPayload } from '@server/mail/mailJob';
import { CustomerDirectory } from '@server/profile/customers.service';
import { call, createTestApp, login, rutSequence, type TestApp } from './helpers';

// The account's mail alerts: a new invoice (issued in the last 7 days), one due in 3 days or less, one overdue — each
// once per document however many runs or instances look, through the outbox, one mail per finance person per run,
// never to a person who turned them off or who has no finance capability.

const COMPANY_RUT = '76.345.678-1';
const ADMIN = { rut: COMPANY_RUT, password: 'Demo1234' };
const COMPRADOR = { rut: '17.234.567-0', password: 'Demo1234' };
const FINANZAS = { username: rutSequence(31_400_000)(), email: 'fernanda.rios@aconcagua.example', fullName: 'Fernanda Ríos Araya' };

let t: TestApp;
let today = REFERENCE_DATE;
let admin: string;
let adminEmail: string;
let docs: AccountDocument[];
const db = () => t.database.db;

/** Another instance of the portal: its own job over the same database and ERP. */
const instance = () =>
  new AccountAlertsJob({
    db: db(), erp: t.erp, customers: new CustomerDirectory(t.erp), outbox: t.app.outbox, worker: { kick: () => undefined },
    brandName: 'Textil Andino', mailDomain: 'portal.example', publicUrl: 'http://localhost:3000', today: () => today,
  });

const mails = async () => (await db().select().from(outbox)).map((r) => r.payload as MailJobPayload);
const sent = () => db().select().from(accountAlertsSent).where(eq(accountAlertsSent.cardCode, ACCOUNT_CARDCODE));
const folio = (d: AccountDocument) => `N° ${d.folio}:`;
const issuedDaysAgo = (n: number) => docs.find((d) => d.kind === 'invoice' && d.dteType === 33 && d.issueDate === addDays(REFERENCE_DATE, -n))!;

beforeAll(async () => {
  t = await createTestApp({}, { worker: { autoStart: false }, account: { today: () => today, alertsAutoStart: false } });
  // only the demo company under test has people with alerts on
  await db().update(users).set({ accountAlerts: false }).where(ne(users.companyRut, COMPANY_RUT));
  await db().insert(users).values({ ...FINANZAS, companyRut: COMPANY_RUT, companyRole: 'FINANZAS', passwordHash: 'x', userType: 'USER' });
  admin = (await login(t.app, ADMIN.rut, ADMIN.password)).token;
  adminEmail = (await db().select().from(users).where(eq(users.username, COMPANY_RUT)))[0]!.email;
  docs = await t.erp.openAccountDocuments(ACCOUNT_CARDCODE);
}, 60_000);
afterAll(() => t.close(), 30_000);
beforeEach(async () => {
  today = REFERENCE_DATE;
  await db().delete(accountAlertsSent);
  await db().delete(outbox);
  await db().update(users).set({ accountAlerts: true }).where(eq(users.companyRut, COMPANY_RUT));
});

describe('which alerts a document is due for', () => {
  it('new when issued in the last 7 days, due soon within 3 days, overdue past its due date; a credit note or a ceded one is not chased', () => {
    const invoice = issuedDaysAgo(20);
    const due = effectiveDueDate(invoice);
    expect(alertsOf(invoice, addDays(invoice.issueDate, 6))).toEqual(['NEW_INVOICE']);
    expect(alertsOf(invoice, addDays(invoice.issueDate, 7))).toEqual([]);
    expect(alertsOf(invoice, addDays(due, -4))).toEqual([]);
    expect(alertsOf(invoice, addDays(due, -3))).toEqual(['DUE_SOON']);
    expect(alertsOf(invoice, due)).toEqual(['DUE_SOON']);
    expect(alertsOf(invoice, addDays(due, 1))).toEqual(['OVERDUE']);
    expect(alertsOf(docs.find((d) => d.kind === 'creditNote')!, REFERENCE_DATE)).toEqual([]);
    const ceded = docs.find((d) => d.ceded)!;
    expect(alertsOf(ceded, addDays(effectiveDueDate(ceded), 2))).toEqual([]);
  });
});

describe('the alerts job', () => {
  it('a first run sends one mail per finance person listing the new invoice and everything overdue, not a year of history', async () => {
    const run = await t.app.accountAlerts.runOnce();
    const overdue = docs.filter((d) => !d.ceded && daysOverdueOf(d, today) > 0);
    const recent = docs.filter((d) => d.sign > 0 && d.issueDate > addDays(today, -7));
    const dueSoon = docs.filter((d) => d.sign > 0 && !d.ceded && d.balance > 0 && daysOverdueOf(d, today) === 0 && effectiveDueDate(d) <= addDays(today, 3));
    expect(overdue.length).toBeGreaterThanOrEqual(4);
    expect(recent.length).toBeLessThan(docs.length / 2);
    expect(run).toEqual({ companies: 1, alerts: overdue.length + recent.length + dueSoon.length, mails: 2 });
    const out = await mails();
    expect(out.map((m) => m.to).sort()).toEqual([adminEmail, FINANZAS.email].sort());
    const mail = out.find((m) => m.to === FINANZAS.email)!;
    expect(mail.subject).toBe('Avisos de su cuenta corriente - Textil Andino');
    expect(mail.text).toContain('Hola Fernanda Ríos Araya:');
    const [news, late] = mail.text.split('Vencidos:');
    expect(news).toContain('Documentos nuevos:');
    for (const d of recent) expect(news).toContain(folio(d));
    expect(news).not.toContain(folio(issuedDaysAgo(20)));
    for (const d of overdue) expect(late).toContain(folio(d));
    expect(mail.text).toContain('http://localhost:3000/user/account');
    expect(mail.text).toContain('desactive "Avisos de cuenta corriente por correo" en Mi perfil');
    // nobody without finance: the Comprador and the Aprobador get nothing
    expect(out.every((m) => !m.to.includes('cristobal') && !m.to.includes('alejandra'))).toBe(true);
  });

  it('each alert once: a second run and a second instance send nothing more', async () => {
    await t.app.accountAlerts.runOnce();
    const first = (await sent()).length;
    expect(await t.app.accountAlerts.runOnce()).toEqual({ companies: 1, alerts: 0, mails: 0 });
    expect(await instance().runOnce()).toEqual({ companies: 1, alerts: 0, mails: 0 });
    expect(await sent()).toHaveLength(first);
    expect(await mails()).toHaveLength(2);
  });

  it('two instances running at once send each alert once', async () => {
    const [a, b] = await Promise.all([t.app.accountAlerts.runOnce(), instance().runOnce()]);
    expect(a.mails + b.mails).toBe(2);
    expect(await mails()).toHaveLength(2);
    const rows = await sent();
    expect(new Set(rows.map((r) => `${r.kind}:${r.docEntry}:${r.alert}`)).size).toBe(rows.length);
  });

  it('due in 3 days, then overdue the day after its due date: one mail each time, naming that invoice under its alert', async () => {
    await t.app.accountAlerts.runOnce();
    await db().delete(outbox);
    const invoice = issuedDaysAgo(20);
    const due = effectiveDueDate(invoice);
    const key = (r: { kind: string; docEntry: number; alert: string }) => `${r.kind}:${r.docEntry}:${r.alert}`;
    /** One run on `day`: the alerts it recorded, each one alertsOf says the document is due for that day. */
    const runOn = async (day: string) => {
      today = day;
      const before = new Set((await sent()).map(key));
      const run = await t.app.accountAlerts.runOnce();
      const added = (await sent()).filter((r) => !before.has(key(r)));
      expect(run.alerts).toBe(added.length);
      for (const r of added) expect(alertsOf(docs.find((d) => d.kind === r.kind && d.docEntry === r.docEntry)!, day)).toContain(r.alert);
      return added.map(key);
    };
    expect(await runOn(addDays(due, -3))).toContain(`invoice:${invoice.docEntry}:DUE_SOON`);
    const soon = (await mails()).find((m) => m.to === FINANZAS.email)!;
    const [soonPart] = soon.text.split('Vencidos:');
    expect(soonPart).toContain('Vencen en los próximos 3 días:');
    expect(soonPart).toContain(folio(invoice));
    expect(await runOn(addDays(due, -1))).not.toContain(`invoice:${invoice.docEntry}:DUE_SOON`);
    await db().delete(outbox);
    expect(await runOn(addDays(due, 1))).toContain(`invoice:${invoice.docEntry}:OVERDUE`);
    const late = (await mails()).find((m) => m.to === FINANZAS.email)!;
    expect(late.text).toContain(`Vencidos:\n  - Factura electrónica (tipo 33) ${folio(invoice)}`);
    expect((await sent()).filter((r) => r.docEntry === invoice.docEntry && r.kind === 'invoice').map((r) => r.alert).sort()).toEqual(['DUE_SOON', 'OVERDUE']);
  });

  it('a person who turned alerts off gets none; with nobody left the company is not even read', async () => {
    const put = await call(t.app, { method: 'PUT', url: '/api/user/account/alerts', token: admin, payload: { enabled: false } });
    expect(put.json()).toEqual({ enabled: false });
    expect((await call(t.app, { method: 'GET', url: '/api/user/account/alerts', token: admin })).json()).toEqual({ enabled: false });
    await t.app.accountAlerts.runOnce();
    expect((await mails()).map((m) => m.to)).toEqual([FINANZAS.email]);

    await db().delete(accountAlertsSent);
    await db().delete(outbox);
    await db().update(users).set({ accountAlerts: false }).where(and(eq(users.companyRut, COMPANY_RUT), eq(users.username, FINANZAS.username)));
    expect(await t.app.accountAlerts.runOnce()).toEqual({ companies: 0, alerts: 0, mails: 0 });
    expect(await sent()).toHaveLength(0);
  });
});

describe('GET/PUT /api/user/account/alerts', () => {
  it("the caller's own switch: on by default, validated, and refused to a Comprador (403)", async () => {
    expect((await call(t.app, { method: 'GET', url: '/api/user/account/alerts', token: admin })).json()).toEqual({ enabled: true });
    const bad = await call(t.app, { method: 'PUT', url: '/api/user/account/alerts', token: admin, payload: { enabled: 'quizás' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ enabled: 'Indique si desea recibir los avisos' });
    const comprador = (await login(t.app, COMPRADOR.rut, COMPRADOR.password)).token;
    const denied = await call(t.app, { method: 'PUT', url: '/api/user/account/alerts', token: comprador, payload: { enabled: false } });
    expect(denied.json()).toEqual({ status: 403, message: 'Su rol en la empresa no permite ver ni pagar facturas' });
    expect((await call(t.app, { method: 'PUT', url: '/api/user/account/alerts', token: admin, payload: { enabled: true } })).json()).toEqual({ enabled: true });
  });
});
