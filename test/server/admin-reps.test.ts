// Sales reps (VENDEDOR) in Usuarios (docs/sales-reps.md): an ADMIN or a SUPERADMIN creates and changes a rep, linked
// to an active ERP sales employee and given a scope; the server checks the employee in the ERP on every save.
import { and, eq, sql } from 'drizzle-orm';
import { auditLog, users } from '@server/db/schema';
import type { AdminUser, AdminUserPage } from '@shared/api/adminUsers';
import type { SalesEmployee } from '@shared/api/erp';
import type { RepresentResponse } from '@shared/api/reps';
import { USER_MSG } from '@shared/schemas/users';
import { call, createTestApp, login, type TestApp, rutSequence } from './helpers';

let t: TestApp;
let admin: string;
let superadmin: string;
let adminId: number;

const PASSWORD = 'Vende1234';
const ERP_DOWN = { status: 503, message: 'No se pudo consultar el ERP, inténtelo más tarde' };

/** A fresh valid rut, formatted with dots. */
const freshRut = rutSequence(40_000_000);

const newRep = (over: Record<string, unknown> = {}) => ({
  username: freshRut(),
  password: PASSWORD,
  confirmPassword: PASSWORD,
  email: 'vendedor@portal.cl',
  address: 'Av. Providencia 1200, Santiago',
  cellphone: '981112233',
  enabled: true,
  userType: 'VENDEDOR',
  fullName: 'Pedro Soto Araya',
  salesPersonCode: 2,
  repScope: 'TODOS',
  ...over,
});

const save = (payload: object, token = admin) => call(t.app, { method: 'POST', url: '/api/admin/users', token, payload });
const get = (url: string, token = admin) => call(t.app, { method: 'GET', url, token });
const countUsers = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;
const auditCount = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;

/** The update body of an existing user as the form sends it (password empty: kept). */
const asUpdate = (u: AdminUser, over: Record<string, unknown> = {}) => ({
  id: u.id,
  username: u.username,
  password: '',
  confirmPassword: '',
  email: u.email,
  address: u.address,
  cellphone: u.cellphone,
  enabled: u.enabled,
  userType: u.userType,
  ...(u.userType === 'VENDEDOR' ? { fullName: u.fullName, salesPersonCode: u.salesPersonCode, repScope: u.repScope } : {}),
  ...over,
});

async function createdRep(over: Record<string, unknown> = {}, token = admin): Promise<AdminUser> {
  const res = await save(newRep(over), token);
  expect(res.statusCode).toBe(201);
  return res.json() as AdminUser;
}

/** Lets a new user log in as if it had changed the admin's password already (the first-login step). */
async function passwordChanged(id: number) {
  await t.database.db.update(users).set({ mustChangePassword: false }).where(eq(users.id, id));
}

beforeAll(async () => {
  t = await createTestApp({}, { worker: { autoStart: false } });
  const a = await login(t.app, '22222222-2', 'Admin1234');
  admin = a.token;
  adminId = a.id;
  superadmin = (await login(t.app, '11111111-1', 'Admin1234')).token;
}, 60_000);
afterAll(() => t.close());

describe('GET /api/admin/sales-persons', () => {
  it("answers the ERP's active sales employees only, without B1's -1 row", async () => {
    const res = await get('/api/admin/sales-persons');
    expect(res.statusCode).toBe(200);
    const list = res.json() as SalesEmployee[];
    expect(list.map((e) => [e.code, e.name, e.active])).toEqual([
      [1, 'Carolina Ibáñez Rojas', true],
      [2, 'Martín Saavedra Pino', true],
    ]);
    expect((await get('/api/admin/sales-persons', superadmin)).statusCode).toBe(200);
  });

  it('answers 503 in Spanish with the ERP down', async () => {
    t.b1.setFaults({ refuse: true });
    try {
      const res = await get('/api/admin/sales-persons');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(ERP_DOWN);
    } finally {
      t.b1.setFaults({ refuse: false });
    }
  });
});

describe('creating a rep', () => {
  it('an ADMIN creates a rep with no company; it logs in as a VENDEDOR with its employee and scope', async () => {
    const rep = await createdRep();
    expect(rep).toMatchObject({ userType: 'VENDEDOR', fullName: 'Pedro Soto Araya', salesPersonCode: 2, repScope: 'TODOS', companyRut: '', companyRole: null, monthlyLimit: null });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, rep.id));
    expect(row).toMatchObject({ companyRut: '', salesPersonCode: 2, repScope: 'TODOS', mustChangePassword: true, contactCode: null });
    // as every new user, the rep changes the admin's password first
    expect(await login(t.app, rep.username, PASSWORD)).toMatchObject({ token: '', changePassword: false, userActive: true });
    await passwordChanged(rep.id);
    const session = await login(t.app, rep.username, PASSWORD);
    expect(session.type).toBe('VENDEDOR');
    expect(session.rep).toEqual({ salesPersonCode: 2, scope: 'TODOS', name: 'Pedro Soto Araya', representing: null });
    expect((await get(`/api/admin/users/${rep.id}`)).json()).toEqual(rep);
  });

  it('a SUPERADMIN creates one too; both roles are offered the type', async () => {
    const rep = await createdRep({ salesPersonCode: 1, repScope: 'ASIGNADOS' }, superadmin);
    expect(rep).toMatchObject({ userType: 'VENDEDOR', salesPersonCode: 1, repScope: 'ASIGNADOS' });
  });

  it('refuses every bad input with the field’s Spanish message, and writes nothing', async () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['no employee', { salesPersonCode: '' }, 'salesPersonCode', USER_MSG.salesPersonRequired],
      ['no employee at all', { salesPersonCode: undefined }, 'salesPersonCode', USER_MSG.salesPersonRequired],
      ['inactive employee', { salesPersonCode: 3 }, 'salesPersonCode', USER_MSG.salesPersonInactive],
      ['unknown employee', { salesPersonCode: 99 }, 'salesPersonCode', USER_MSG.salesPersonNotFound],
      ["B1's no-employee row", { salesPersonCode: -1 }, 'salesPersonCode', USER_MSG.salesPersonRequired],
      ['scope missing', { repScope: '' }, 'repScope', USER_MSG.repScopeRequired],
      ['unknown scope', { repScope: 'ALGUNOS' }, 'repScope', USER_MSG.repScopeRequired],
      ['no name', { fullName: '  ' }, 'fullName', USER_MSG.repNameRequired],
      ['a company', { companyRut: '76.123.456-0' }, 'companyRut', USER_MSG.companyOnlyBuyers],
      ['scope on a buyer', { userType: 'USER', username: '76.123.456-0', salesPersonCode: undefined, fullName: '' }, 'repScope', USER_MSG.onlyReps],
      ['employee on an admin', { userType: 'ADMIN', repScope: undefined, fullName: '' }, 'salesPersonCode', USER_MSG.onlyReps],
    ];
    const users0 = await countUsers();
    const audit0 = await auditCount();
    for (const [what, over, field, message] of cases) {
      const res = await save(newRep(over), superadmin);
      const body = res.json() as { status: number; message: string; fields?: Record<string, string> };
      expect({ what, status: res.statusCode, field: body.fields?.[field] }).toEqual({ what, status: 400, field: message });
    }
    expect(await countUsers()).toBe(users0);
    expect(await auditCount()).toBe(audit0);
  });

  it('answers 503 with the ERP down, and writes nothing', async () => {
    const users0 = await countUsers();
    t.b1.setFaults({ refuse: true });
    try {
      const res = await save(newRep());
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(ERP_DOWN);
    } finally {
      t.b1.setFaults({ refuse: false });
    }
    expect(await countUsers()).toBe(users0);
  });

  it('is audited with the rep’s name, employee and scope', async () => {
    const rep = await createdRep({ salesPersonCode: 1, repScope: 'ASIGNADOS', fullName: 'Ana Rep Auditada' });
    const [row] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, String(rep.id)))).orderBy(auditLog.id);
    expect(row).toMatchObject({ action: 'create', entity: 'user', actorId: adminId });
    expect(row!.changes).toMatchObject({
      fields: expect.arrayContaining(['fullName', 'salesPersonCode', 'repScope']),
      after: { userType: 'VENDEDOR', fullName: 'Ana Rep Auditada', salesPersonCode: 1, repScope: 'ASIGNADOS' },
    });
  });
});

describe('changing a rep', () => {
  it('changes the name, employee and scope, audited; a new employee ends the rep’s sessions', async () => {
    const rep = await createdRep({ salesPersonCode: 1, repScope: 'ASIGNADOS' });
    await passwordChanged(rep.id);
    const session = await login(t.app, rep.username, PASSWORD);
    const me = () => get('/api/security/me', session.token);

    const scope = await save(asUpdate(rep, { repScope: 'TODOS', fullName: 'Pedro Soto' }));
    expect(scope.statusCode).toBe(200);
    expect(scope.json()).toMatchObject({ repScope: 'TODOS', fullName: 'Pedro Soto', salesPersonCode: 1 });
    // the scope is read on every request: the session goes on with the new one
    expect((await me()).json()).toMatchObject({ rep: { scope: 'TODOS', salesPersonCode: 1 } });

    const employee = await save(asUpdate(scope.json() as AdminUser, { salesPersonCode: 2 }));
    expect(employee.json()).toMatchObject({ salesPersonCode: 2 });
    expect((await me()).statusCode).toBe(401);

    const rows = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, String(rep.id)))).orderBy(auditLog.id);
    expect(rows.map((r) => r.changes)).toEqual([
      expect.objectContaining({ after: expect.objectContaining({ userType: 'VENDEDOR' }) }),
      expect.objectContaining({ fields: ['fullName', 'repScope'], before: { fullName: 'Pedro Soto Araya', repScope: 'ASIGNADOS' }, after: { fullName: 'Pedro Soto', repScope: 'TODOS' } }),
      expect.objectContaining({ fields: ['salesPersonCode'], before: { salesPersonCode: 1 }, after: { salesPersonCode: 2 } }),
    ]);
  });

  it('refuses an inactive or unknown employee, a missing scope and the ERP down, and changes nothing', async () => {
    const rep = await createdRep({ salesPersonCode: 1, repScope: 'ASIGNADOS' });
    const cases: [Record<string, unknown>, number, string | undefined][] = [
      [{ salesPersonCode: 3 }, 400, USER_MSG.salesPersonInactive],
      [{ salesPersonCode: 99 }, 400, USER_MSG.salesPersonNotFound],
      [{ salesPersonCode: '' }, 400, USER_MSG.salesPersonRequired],
      [{ repScope: '' }, 400, USER_MSG.repScopeRequired],
    ];
    for (const [over, status, message] of cases) {
      const res = await save(asUpdate(rep, { ...over, email: 'otro@portal.cl' }));
      expect({ over, status: res.statusCode, message: (res.json() as { message: string }).message }).toEqual({ over, status, message });
    }
    t.b1.setFaults({ refuse: true });
    try {
      const res = await save(asUpdate(rep, { email: 'otro@portal.cl' }));
      expect(res.json()).toEqual(ERP_DOWN);
    } finally {
      t.b1.setFaults({ refuse: false });
    }
    expect((await get(`/api/admin/users/${rep.id}`)).json()).toEqual(rep);
  });

  it('a buyer made a rep gets the employee and scope and loses the company; a rep made a buyer loses them, whole', async () => {
    const rut = freshRut();
    // the rut is an ERP customer, so it may be a buyer (its own company's login)
    const template = t.b1.data.BusinessPartners.find((p) => p.CardCode === 'C76123456')!;
    t.b1.data.BusinessPartners.push({ ...template, CardCode: `C${rut.replace(/\D/g, '').slice(0, 8)}`, CardName: 'Cliente Rep', FederalTaxID: rut.replace(/\./g, '') });
    const buyer = (await save({ ...newRep({ username: rut }), userType: 'USER', fullName: '', salesPersonCode: undefined, repScope: undefined })).json() as AdminUser;
    expect(buyer).toMatchObject({ userType: 'USER', companyRut: rut, salesPersonCode: null, repScope: null });

    // made a rep without the rep's fields: refused, nothing changes
    const half = await save(asUpdate(buyer, { userType: 'VENDEDOR' }));
    expect(half.statusCode).toBe(400);
    expect((await get(`/api/admin/users/${buyer.id}`)).json()).toEqual(buyer);

    const rep = (await save(asUpdate(buyer, { userType: 'VENDEDOR', fullName: 'Luis Rep', salesPersonCode: 2, repScope: 'TODOS' }))).json() as AdminUser;
    expect(rep).toMatchObject({ userType: 'VENDEDOR', companyRut: '', companyRole: null, fullName: 'Luis Rep', salesPersonCode: 2, repScope: 'TODOS' });

    // a buyer cannot keep a scope
    const withScope = await save(asUpdate(rep, { userType: 'USER', fullName: undefined, salesPersonCode: undefined }));
    expect(withScope.json()).toMatchObject({ status: 400, fields: { repScope: USER_MSG.onlyReps } });

    const back = (await save(asUpdate(rep, { userType: 'USER', fullName: undefined, salesPersonCode: undefined, repScope: undefined }))).json() as AdminUser;
    expect(back).toMatchObject({ userType: 'USER', companyRut: rut, salesPersonCode: null, repScope: null });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, rep.id));
    expect(row).toMatchObject({ salesPersonCode: null, repScope: null, companyRut: rut });
  });

  it("a company's person made a rep leaves their ERP contact and monthly limit behind", async () => {
    const [camila] = await t.database.db.select().from(users).where(eq(users.username, '18.901.234-9'));
    expect(camila).toMatchObject({ contactCode: expect.any(Number), monthlyLimit: 300_000 });
    const person = (await get(`/api/admin/users/${camila!.id}`)).json() as AdminUser;
    const rep = await save(asUpdate(person, { userType: 'VENDEDOR', fullName: 'Camila Rep', salesPersonCode: 1, repScope: 'ASIGNADOS', address: 'Av. Providencia 1760', companyRut: undefined, companyRole: undefined, monthlyLimit: undefined }));
    expect(rep.json()).toMatchObject({ userType: 'VENDEDOR', companyRut: '' });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, camila!.id));
    expect(row).toMatchObject({ userType: 'VENDEDOR', companyRut: '', contactCode: null, monthlyLimit: null });
  });
});

describe('the list', () => {
  it('shows a rep’s type, employee (code and name) and scope, to an ADMIN too, and in the CSV', async () => {
    const rep = await createdRep({ salesPersonCode: 1, repScope: 'ASIGNADOS', fullName: 'Lista Rep Uno' });
    const page = (await get('/api/admin/users/list?role=VENDEDOR&pageSize=200')).json() as AdminUserPage;
    const row = page.rows.find((r) => r.id === rep.id);
    expect(row).toMatchObject({ userType: 'VENDEDOR', salesPersonCode: 1, salesPersonName: 'Carolina Ibáñez Rojas', repScope: 'ASIGNADOS', cardCode: null, companyName: null });
    // the demo reps are there as well
    expect(page.rows.map((r) => r.username)).toEqual(expect.arrayContaining(['13.579.246-2', '14.680.357-1']));
    expect(page.rows.every((r) => r.userType === 'VENDEDOR')).toBe(true);
    const bySort = (await get('/api/admin/users/list?role=VENDEDOR&sort=salesPersonCode&dir=desc&pageSize=200')).json() as AdminUserPage;
    expect(bySort.rows[0]!.salesPersonCode).toBe(2);

    const csv = await get('/api/admin/users/list?format=csv&q=Lista%20Rep%20Uno');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Código empleado de ventas');
    expect(csv.body).toMatch(/Vendedor.*Lista Rep Uno.*1.*Carolina Ibáñez Rojas.*Clientes asignados/);
  });
});

describe('deactivating a rep', () => {
  it('a rep deactivated while representing a customer gets 401 on the next request', async () => {
    const rep = await createdRep({ salesPersonCode: 2, repScope: 'TODOS' });
    await passwordChanged(rep.id);
    const session = await login(t.app, rep.username, PASSWORD);
    const represented = await call(t.app, { method: 'POST', url: '/api/rep/represent/C76123456', token: session.token, payload: {} });
    expect(represented.statusCode).toBe(200);
    const { token } = represented.json() as RepresentResponse;
    const profile = () => call(t.app, { method: 'GET', url: `/api/user/b1/profile/${session.id}`, token });
    expect((await profile()).statusCode).toBe(200);

    expect((await save(asUpdate(rep, { enabled: false }))).statusCode).toBe(200);
    const after = await profile();
    expect(after.statusCode).toBe(401);
    expect(await login(t.app, rep.username, PASSWORD)).toMatchObject({ token: '', userActive: false });
  });
});
