// 'Mi empresa → Personas' through the API (docs/company-people.md): the company's Administrador lists, adds, changes,
// deactivates and reactivates the company's people; the ERP contact person is written first and exactly once; a new
// person chooses a password through a single-use link and then logs in with the personal rut.
import { eq, sql } from 'drizzle-orm';
import { auditLog, loginFailures, outbox, passwordSetups, users } from '@server/db/schema';
import { CAPABILITY_DENIED } from '@shared/companyRoles';
import { MSG, fill } from '@shared/messages';
import { checkDigit, formatRut } from '@shared/rut';
import { SET_PASSWORD_MSG } from '@shared/schemas/setPassword';
import { PEOPLE_MSG } from '@shared/schemas/companyPeople';
import type { CompanyPerson, CompanyPersonAnswer } from '@shared/api/companyPeople';
import { call, createTestApp, login, type TestApp } from './helpers';
import { decodedBody, emlFiles, header } from './mail-fixtures';

const COMPANY = '76.123.456-0';
const CARD_CODE = 'C76123456';
const OTHER_COMPANY = '76.234.567-6';
const PASSWORD = 'Demo1234';
const PEOPLE = '/api/user/company/people';

let t: TestApp;
let admin: string;
let ruts = 20_100_000;
/** A valid personal rut nobody uses yet. */
const newRut = () => {
  const body = String(++ruts);
  return formatRut(body + checkDigit(body));
};

const tokenOf = async (rut: string) => (await login(t.app, rut, PASSWORD)).token;
const contactsOf = (cardCode: string) => t.b1.data.BusinessPartners.find((bp) => bp.CardCode === cardCode)!.ContactEmployees ?? [];
const withEmail = (email: string) => contactsOf(CARD_CODE).filter((c) => c.E_Mail?.toLowerCase() === email.toLowerCase());
const list = async (token: string) => (await call(t.app, { method: 'GET', url: PEOPLE, token })).json() as CompanyPerson[];
const personByRut = async (rut: string) => (await list(admin)).find((p) => p.rut === rut)!;
const add = (payload: object, token = admin) => call(t.app, { method: 'POST', url: PEOPLE, token, payload });
const newPerson = (over: object = {}) => {
  const rut = newRut();
  return { firstName: 'Nora', lastName: 'Salinas Pino', email: `nora.${rut.replace(/\D/g, '')}@andes.example`, rut, phone: '912345678', role: 'COMPRADOR', monthlyLimit: 150_000, ...over };
};

/** Runs the outbox until it has nothing due; `due`: the jobs waiting for a retry are made due first. */
async function runJobs({ due = false } = {}) {
  if (due) await t.database.db.update(outbox).set({ nextAttemptAt: new Date() }).where(eq(outbox.status, 'pending'));
  while ((await t.app.worker.runOnce()) > 0);
}

/** The set-your-password link of the last mail to `email`, after the worker sent it. */
async function linkTokenFor(email: string): Promise<string> {
  await runJobs();
  const mail = emlFiles(t.app.mailer.outboxDir!).filter((m) => header(m.text, 'To') === email).pop();
  expect(mail).toBeDefined();
  const match = /\/set-password\?token=([\w-]+)/.exec(decodedBody(mail!.text));
  expect(match).not.toBeNull();
  return match![1]!;
}

const setPassword = (token: string, password = 'Nueva1234') =>
  call(t.app, { method: 'POST', url: '/api/security/set-password', payload: { token, password, confirmPassword: password } });

beforeAll(async () => {
  t = await createTestApp({}, { worker: { autoStart: false } });
  admin = await tokenOf(COMPANY);
}, 60_000);
afterAll(() => t.close());
afterEach(() => t.b1.resetFaults());

describe('the list', () => {
  it('has the company login and the people of the acting company only', async () => {
    const people = await list(admin);
    expect(people.map((p) => [p.rut, p.role, p.companyLogin])).toEqual(
      expect.arrayContaining([
        [COMPANY, 'ADMINISTRADOR', true],
        ['18.901.234-9', 'COMPRADOR', false],
        ['12.456.789-0', 'APROBADOR', false],
        ['16.789.012-1', 'FINANZAS', false],
      ]),
    );
    expect(people.find((p) => p.rut === '18.901.234-9')).toMatchObject({ name: 'Camila Rojas Pizarro', monthlyLimit: 300_000, active: true, contactCode: expect.any(Number) });
    expect(people.some((p) => p.rut === OTHER_COMPANY)).toBe(false);
  });

  it.each([
    ['Comprador', '18.901.234-9'],
    ['Aprobador', '12.456.789-0'],
    ['Finanzas', '16.789.012-1'],
  ])('is refused to a %s (403), as every other people route', async (_role, rut) => {
    const token = await tokenOf(rut);
    for (const [method, url] of [['GET', PEOPLE], ['POST', PEOPLE], ['PUT', `${PEOPLE}/1`], ['POST', `${PEOPLE}/1/deactivate`], ['POST', `${PEOPLE}/1/reactivate`], ['POST', `${PEOPLE}/1/password-link`]] as const) {
      const res = await call(t.app, { method, url, token, payload: method === 'GET' ? undefined : newPerson() });
      expect([url, res.statusCode, res.json()]).toEqual([url, 403, { status: 403, message: CAPABILITY_DENIED.people }]);
    }
  });
});

describe('adding a person', () => {
  it('creates the ERP contact, the user and a single-use link mailed sealed; the person then logs in with the personal rut', async () => {
    const person = newPerson();
    const res = await add(person);
    expect(res.statusCode).toBe(201);
    const answer = res.json() as CompanyPersonAnswer;
    expect(answer.message).toBe(PEOPLE_MSG.added);
    expect(answer.person).toMatchObject({ rut: person.rut, name: 'Nora Salinas Pino', email: person.email, role: 'COMPRADOR', monthlyLimit: 150_000, active: true, companyLogin: false });
    const [contact] = withEmail(person.email);
    expect(contact).toMatchObject({ FirstName: 'Nora', LastName: 'Salinas Pino', MobilePhone: '912345678', Active: 'tYES' });
    expect(answer.person.contactCode).toBe(contact!.InternalCode);

    // the link is in the outbox sealed: neither it nor the token is there in clear
    const [job] = await t.database.db.select().from(outbox).where(sql`${outbox.dedupeKey} like ${`mail:PASSWORD_SETUP:${answer.person.id}:%`}`);
    expect(JSON.stringify(job!.payload)).not.toMatch(/set-password\?token=/);
    // nobody can log in before the person chose a password
    expect((await login(t.app, person.rut, PASSWORD)).token).toBeFalsy();

    const token = await linkTokenFor(person.email);
    const [setup] = await t.database.db.select().from(passwordSetups).where(eq(passwordSetups.userId, answer.person.id));
    expect(setup!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(setup!.tokenHash).not.toContain(token);
    expect(setup!.expiresAt.getTime() - Date.now()).toBeGreaterThan(71 * 3600_000);

    const done = await setPassword(token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: SET_PASSWORD_MSG.done });
    const session = await login(t.app, person.rut, 'Nueva1234');
    expect(session).toMatchObject({ userActive: true, changePassword: true, type: 'USER', company: { rut: COMPANY, role: 'COMPRADOR', name: 'Nora Salinas Pino' } });
    expect((await call(t.app, { method: 'GET', url: '/api/security/me', token: session.token })).json()).toMatchObject({ username: person.rut, company: { rut: COMPANY, role: 'COMPRADOR' } });

    // single use
    expect(await setPassword(token, 'Otra12345').then((r) => [r.statusCode, r.json().message])).toEqual([410, SET_PASSWORD_MSG.usedLink]);
    expect((await login(t.app, person.rut, 'Otra12345')).token).toBeFalsy();

    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, String(answer.person.id)));
    expect(audit).toMatchObject({ action: 'create', entity: 'user', actorUsername: COMPANY });
    expect(audit!.changes).toMatchObject({ details: { username: person.rut, person: 'Nora Salinas Pino', companyRut: COMPANY } });
  });

  it('links an ERP contact that already has the e-mail instead of adding another', async () => {
    const before = contactsOf(CARD_CODE).length;
    const felipe = contactsOf(CARD_CODE).find((c) => c.FirstName === 'Felipe')!;
    // a contact B1 already has, with no portal person of that e-mail
    const email = 'ya.en.b1@andes.example';
    contactsOf(CARD_CODE).push({ ...felipe, InternalCode: 9_001, Name: 'Contacto Previo', FirstName: 'Contacto', LastName: 'Previo', E_Mail: email });
    const res = await add(newPerson({ email, role: 'FINANZAS', monthlyLimit: null }));
    expect(res.statusCode).toBe(201);
    expect(res.json().person.contactCode).toBe(9_001);
    expect(contactsOf(CARD_CODE).length).toBe(before + 1);
  });

  it('refuses a rut already used by any user, of any company (409), and an e-mail already used in the company (409)', async () => {
    // Javiera Morales is a Comprador of another company
    const rutTaken = await add(newPerson({ rut: '17890123-0' }));
    expect([rutTaken.statusCode, rutTaken.json().message]).toEqual([409, fill(PEOPLE_MSG.rutTaken, { rut: '17.890.123-0' })]);
    const camila = await personByRut('18.901.234-9');
    const emailTaken = await add(newPerson({ email: camila.email.toUpperCase() }));
    expect([emailTaken.statusCode, emailTaken.json().message]).toEqual([409, fill(PEOPLE_MSG.emailTaken, { email: camila.email.toUpperCase() })]);
  });

  it('validates with the shared schema: a limit only for a Comprador, 0 allowed', async () => {
    const bad = await add(newPerson({ role: 'APROBADOR', monthlyLimit: 5000 }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ monthlyLimit: PEOPLE_MSG.limitOnlyBuyer });
    const invalid = await add(newPerson({ rut: '12.345.678-9', email: 'x' }));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields).toMatchObject({ rut: PEOPLE_MSG.rutInvalid, email: PEOPLE_MSG.emailInvalid });
    const zero = await add(newPerson({ monthlyLimit: 0 }));
    expect(zero.statusCode).toBe(201);
    expect(zero.json().person.monthlyLimit).toBe(0);
  });

  it('two administrators adding the same e-mail at once make one person and one ERP contact; the other gets 409', async () => {
    const email = 'a.la.vez@andes.example';
    const [a, b] = await Promise.all([add(newPerson({ email })), add(newPerson({ email: email.toUpperCase() }))]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect(withEmail(email)).toHaveLength(1);
    const rows = await t.database.db.select().from(users).where(sql`lower(${users.email}) = ${email}`);
    expect(rows).toHaveLength(1);
  });

  it('creates nothing when the ERP is down (503)', async () => {
    const person = newPerson();
    t.b1.setFaults({ refuse: true });
    const res = await add(person);
    expect([res.statusCode, res.json().message]).toEqual([503, PEOPLE_MSG.erpUnavailable]);
    t.b1.resetFaults();
    expect(await t.users.findByUsername(person.rut)).toBeUndefined();
    expect(withEmail(person.email)).toHaveLength(0);
    const jobs = await t.database.db.select().from(outbox).where(sql`${outbox.payload}::text like ${`%${person.email}%`}`);
    expect(jobs).toHaveLength(0);
  });
});

describe('changing, deactivating and reactivating', () => {
  it("another company's person is a 404, whatever the route", async () => {
    const other = await tokenOf(OTHER_COMPANY);
    const camila = await personByRut('18.901.234-9');
    const change = { firstName: '', lastName: '', phone: '', role: 'FINANZAS', monthlyLimit: null };
    for (const [method, url, payload] of [
      ['PUT', `${PEOPLE}/${camila.id}`, change],
      ['POST', `${PEOPLE}/${camila.id}/deactivate`, {}],
      ['POST', `${PEOPLE}/${camila.id}/reactivate`, {}],
      ['POST', `${PEOPLE}/${camila.id}/password-link`, {}],
    ] as const) {
      const res = await call(t.app, { method, url, token: other, payload });
      expect([url, res.statusCode, res.json().message]).toEqual([url, 404, PEOPLE_MSG.notFound]);
    }
    expect((await personByRut('18.901.234-9')).role).toBe('COMPRADOR');
  });

  it('a new role applies to the next request; the limit and the phone change with it; audited', async () => {
    const patricia = await personByRut('12.456.789-0');
    const token = await tokenOf('12.456.789-0');
    expect((await call(t.app, { method: 'GET', url: PEOPLE, token })).statusCode).toBe(403);
    const res = await call(t.app, { method: 'PUT', url: `${PEOPLE}/${patricia.id}`, token: admin, payload: { firstName: '', lastName: '', phone: '987654321', role: 'ADMINISTRADOR', monthlyLimit: null } });
    expect(res.statusCode).toBe(200);
    expect(res.json().person).toMatchObject({ role: 'ADMINISTRADOR', phone: '987654321', name: 'Patricia Muñoz Herrera' });
    expect(contactsOf(CARD_CODE).find((c) => c.InternalCode === patricia.contactCode)!.MobilePhone).toBe('987654321');
    expect((await call(t.app, { method: 'GET', url: PEOPLE, token })).statusCode).toBe(200);
    const back = await call(t.app, { method: 'PUT', url: `${PEOPLE}/${patricia.id}`, token: admin, payload: { phone: '987654321', role: 'APROBADOR' } });
    expect(back.statusCode).toBe(200);
    expect((await call(t.app, { method: 'GET', url: PEOPLE, token })).statusCode).toBe(403);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, String(patricia.id)));
    expect(audits.map((a) => (a.changes as { fields: string[] }).fields)).toEqual(expect.arrayContaining([expect.arrayContaining(['companyRole', 'cellphone'])]));
  });

  it("a deactivated person's token stops at once; reactivated, the person logs in again; the ERP contact follows", async () => {
    const felipe = await personByRut('16.789.012-1');
    const token = await tokenOf('16.789.012-1');
    expect((await call(t.app, { method: 'GET', url: '/api/security/me', token })).statusCode).toBe(200);
    const off = await call(t.app, { method: 'POST', url: `${PEOPLE}/${felipe.id}/deactivate`, token: admin, payload: {} });
    expect([off.statusCode, off.json().message, off.json().person.active]).toEqual([200, PEOPLE_MSG.deactivated, false]);
    const after = await call(t.app, { method: 'GET', url: '/api/security/me', token });
    expect([after.statusCode, after.json().message]).toEqual([401, MSG.sessionExpired]);
    // the ERP contact follows through the outbox
    await runJobs();
    expect(contactsOf(CARD_CODE).find((c) => c.InternalCode === felipe.contactCode)!.Active).toBe('tNO');
    expect((await login(t.app, '16.789.012-1', PASSWORD)).userActive).toBe(false);

    const on = await call(t.app, { method: 'POST', url: `${PEOPLE}/${felipe.id}/reactivate`, token: admin, payload: {} });
    expect([on.statusCode, on.json().person.active]).toEqual([200, true]);
    await runJobs();
    expect(contactsOf(CARD_CODE).find((c) => c.InternalCode === felipe.contactCode)!.Active).toBe('tYES');
    expect((await login(t.app, '16.789.012-1', PASSWORD)).token).toBeTruthy();
  });

  it('an ERP that is down does not keep a person in: the contact follows when it is back', async () => {
    const felipe = await personByRut('16.789.012-1');
    const token = await tokenOf('16.789.012-1');
    const contact = () => contactsOf(CARD_CODE).find((c) => c.InternalCode === felipe.contactCode)!.Active;
    t.b1.setFaults({ refuse: true });
    const res = await call(t.app, { method: 'POST', url: `${PEOPLE}/${felipe.id}/deactivate`, token: admin, payload: {} });
    expect([res.statusCode, res.json().person.active]).toEqual([200, false]);
    expect((await call(t.app, { method: 'GET', url: '/api/security/me', token })).statusCode).toBe(401);
    await runJobs();
    expect(contact()).toBe('tYES');
    t.b1.resetFaults();
    await runJobs({ due: true });
    expect(contact()).toBe('tNO');
    // back as it was, for the other tests
    await call(t.app, { method: 'POST', url: `${PEOPLE}/${felipe.id}/reactivate`, token: admin, payload: {} });
    await runJobs();
    expect(contact()).toBe('tYES');
  });

  it('two quick changes end with the ERP contact as the portal is, whatever order their jobs run in', async () => {
    const felipe = await personByRut('16.789.012-1');
    await call(t.app, { method: 'POST', url: `${PEOPLE}/${felipe.id}/deactivate`, token: admin, payload: {} });
    await call(t.app, { method: 'POST', url: `${PEOPLE}/${felipe.id}/reactivate`, token: admin, payload: {} });
    const jobs = await t.database.db.select().from(outbox).where(sql`${outbox.dedupeKey} like ${`erp.contactActive:${felipe.id}:%`} and ${outbox.status} = 'pending'`);
    expect(jobs).toHaveLength(2);
    await runJobs();
    expect(contactsOf(CARD_CODE).find((c) => c.InternalCode === felipe.contactCode)!.Active).toBe('tYES');
  });

  it('a change of phone with the ERP down changes nothing (503)', async () => {
    const felipe = await personByRut('16.789.012-1');
    t.b1.setFaults({ refuse: true });
    const res = await call(t.app, { method: 'PUT', url: `${PEOPLE}/${felipe.id}`, token: admin, payload: { phone: '955555555', role: 'FINANZAS' } });
    expect([res.statusCode, res.json().message]).toEqual([503, PEOPLE_MSG.erpUnavailable]);
    t.b1.resetFaults();
    expect((await personByRut('16.789.012-1')).phone).toBe(felipe.phone);
  });

  it('nobody deactivates themselves', async () => {
    const me = await personByRut(COMPANY);
    const res = await call(t.app, { method: 'POST', url: `${PEOPLE}/${me.id}/deactivate`, token: admin, payload: {} });
    expect([res.statusCode, res.json().message]).toEqual([409, PEOPLE_MSG.selfDeactivate]);
  });
});

describe('the last Administrador', () => {
  const otherAdmin = async () => {
    const token = await tokenOf(OTHER_COMPANY);
    const people = await list(token);
    return { token, people, login: people.find((p) => p.companyLogin)!, javiera: people.find((p) => p.rut === '17.890.123-0')! };
  };

  it('cannot be demoted', async () => {
    const { token, login: own } = await otherAdmin();
    const res = await call(t.app, { method: 'PUT', url: `${PEOPLE}/${own.id}`, token, payload: { role: 'FINANZAS' } });
    expect([res.statusCode, res.json().message]).toEqual([409, PEOPLE_MSG.lastAdministrator]);
  });

  it('two administrators demoting each other at once: one succeeds, the company keeps one', async () => {
    const { token, login: own, javiera } = await otherAdmin();
    const promote = await call(t.app, { method: 'PUT', url: `${PEOPLE}/${javiera.id}`, token, payload: { role: 'ADMINISTRADOR' } });
    expect(promote.statusCode).toBe(200);
    const javieraToken = await tokenOf('17.890.123-0');
    const [a, b] = await Promise.all([
      call(t.app, { method: 'PUT', url: `${PEOPLE}/${javiera.id}`, token, payload: { role: 'COMPRADOR', monthlyLimit: 2_000_000 } }),
      call(t.app, { method: 'PUT', url: `${PEOPLE}/${own.id}`, token: javieraToken, payload: { role: 'FINANZAS' } }),
    ]);
    // the loser is refused by the lock (409), or, when the winner's change came first, by its new role (403)
    expect([a.statusCode, b.statusCode].filter((s) => s === 200)).toHaveLength(1);
    expect([403, 409]).toContain([a.statusCode, b.statusCode].find((s) => s !== 200));
    const admins = (await t.users.list(true)).filter((u) => u.companyRut === OTHER_COMPANY && u.companyRole === 'ADMINISTRADOR' && u.enabled);
    expect(admins).toHaveLength(1);
  });
});

describe('the set-password link', () => {
  it('an unknown token is a 400, an expired one a 410', async () => {
    expect(await setPassword('no-existe').then((r) => [r.statusCode, r.json().message])).toEqual([400, SET_PASSWORD_MSG.invalidLink]);
    const person = newPerson();
    const created = await add(person);
    const token = await linkTokenFor(person.email);
    await t.database.db.update(passwordSetups).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordSetups.userId, created.json().person.id));
    expect(await setPassword(token).then((r) => [r.statusCode, r.json().message])).toEqual([410, SET_PASSWORD_MSG.expiredLink]);
    expect((await login(t.app, person.rut, 'Nueva1234')).token).toBeFalsy();
  });

  it('an unknown token counts as a failed check under the login limits; a known one does not', async () => {
    const failures = async () => (await t.database.db.select().from(loginFailures).where(eq(loginFailures.key, 'rut:set-password')))[0]?.failures ?? 0;
    const before = await failures();
    expect((await setPassword('otro-token-inventado')).statusCode).toBe(400);
    expect(await failures()).toBe(before + 1);
    const person = newPerson();
    await add(person);
    expect((await setPassword(await linkTokenFor(person.email))).statusCode).toBe(200);
    expect(await failures()).toBe(before + 1);
  });

  it('the administrator sends a new link: the earlier one stops working, the new one sets the password', async () => {
    const person = newPerson();
    const { id } = (await add(person)).json().person as CompanyPerson;
    const first = await linkTokenFor(person.email);
    const res = await call(t.app, { method: 'POST', url: `${PEOPLE}/${id}/password-link`, token: admin, payload: {} });
    expect([res.statusCode, res.json().message]).toEqual([200, PEOPLE_MSG.linkSent]);
    const second = await linkTokenFor(person.email);
    expect(second).not.toBe(first);
    expect(await setPassword(first).then((r) => [r.statusCode, r.json().message])).toEqual([410, SET_PASSWORD_MSG.usedLink]);
    expect((await setPassword(second)).statusCode).toBe(200);
    expect((await login(t.app, person.rut, 'Nueva1234')).token).toBeTruthy();
  });

  it('no link for a deactivated person', async () => {
    const person = newPerson({ role: 'FINANZAS', monthlyLimit: null });
    const { id } = (await add(person)).json().person as CompanyPerson;
    await call(t.app, { method: 'POST', url: `${PEOPLE}/${id}/deactivate`, token: admin, payload: {} });
    const res = await call(t.app, { method: 'POST', url: `${PEOPLE}/${id}/password-link`, token: admin, payload: {} });
    expect([res.statusCode, res.json().message]).toEqual([409, PEOPLE_MSG.linkInactive]);
  });

  it('checks the password with the change-password rules', async () => {
    const res = await call(t.app, { method: 'POST', url: '/api/security/set-password', payload: { token: 'x', password: 'corta', confirmPassword: 'otra' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ password: MSG.newPasswordMin, confirmPassword: MSG.passwordsDontMatch });
  });
});

describe('deactivate and reactivate bodies', () => {
  it('take an empty object; other fields are dropped, as on every route', async () => {
    const felipe = await personByRut('16.789.012-1');
    const url = `${PEOPLE}/${felipe.id}/reactivate`;
    expect((await call(t.app, { method: 'POST', url, token: admin, payload: {} })).statusCode).toBe(200);
    const res = await call(t.app, { method: 'POST', url, token: admin, payload: { active: false } });
    expect([res.statusCode, res.json().person.active]).toEqual([200, true]);
  });
});
