import { eq, sql } from 'drizzle-orm';
import { ServiceLayerClient } from '@server/erp/serviceLayer';
import { AdminUsersService } from '@server/users/users.service';
import { auditLog, notificationRecipients, orders, users } from '@server/db/schema';
import { userSaveSchema } from '@shared/schemas/users';
import { call, createTestApp, login, type TestApp, rutSequence } from './helpers';

// /api/admin/users (R-ADM-USR-1 to R-ADM-USR-6): the user administration and its role rules.

let t: TestApp;
let superadmin: string;
let admin: string;
let buyer: string;
let superadminId: number;
let adminId: number;

const NEW_PASSWORD = 'Nueva1234';
/** A fresh valid rut, formatted with dots. */
const freshRut = rutSequence(30_000_000);

/** Makes `rut` a customer in the ERP stand-in (a copy of a demo customer under its own CardCode). */
function erpCustomer(rut: string, name = `Cliente ${rut}`): string {
  const template = t.b1.data.BusinessPartners.find((p) => p.CardCode === 'C76123456')!;
  const cardCode = `C${rut.replace(/\D/g, '').slice(0, 8)}`;
  t.b1.data.BusinessPartners.push({ ...template, CardCode: cardCode, CardName: name, FederalTaxID: rut.replace(/\./g, '') });
  return cardCode;
}

/** A fresh rut that the ERP knows as a customer. */
function freshCustomerRut(): string {
  const rut = freshRut();
  erpCustomer(rut);
  return rut;
}

const newUser = (over: Record<string, unknown> = {}) => ({
  username: freshCustomerRut(),
  password: NEW_PASSWORD,
  confirmPassword: NEW_PASSWORD,
  email: 'compras@nuevo.cl',
  address: 'Av. Matta 100, Santiago',
  cellphone: '98765432',
  enabled: true,
  userType: 'USER',
  ...over,
});

const save = (payload: object, token = admin) => call(t.app, { method: 'POST', url: '/api/admin/users', token, payload });
const get = (url: string, token = admin) => call(t.app, { method: 'GET', url, token });
const del = (id: number, token = admin) => call(t.app, { method: 'DELETE', url: `/api/admin/users/${id}`, token });
const me = (token: string) => call(t.app, { method: 'GET', url: '/api/security/me', token });
const auditRows = () => t.database.db.select().from(auditLog).orderBy(auditLog.id);

/** Lets a user log in with its password as if it had already changed the admin's one (the first-login step). */
async function passwordChanged(id: number) {
  await t.database.db.update(users).set({ mustChangePassword: false }).where(eq(users.id, id));
}

/** A user created through the API, past its first-login password change. */
async function created(over: Record<string, unknown> = {}, token = admin) {
  const res = await save(newUser(over), token);
  expect(res.statusCode).toBe(201);
  const user = res.json() as { id: number; username: string; email: string; userType: string; enabled: boolean };
  await passwordChanged(user.id);
  return user;
}

/** The update body for a user as the form sends it (password left empty: keep it). */
const asUpdate = (u: { id: number; username: string }, over: Record<string, unknown> = {}) => ({
  ...newUser(),
  id: u.id,
  username: u.username,
  password: '',
  confirmPassword: '',
  ...over,
});

beforeAll(async () => {
  t = await createTestApp({}, { worker: { autoStart: false } });
  const s = await login(t.app, '11111111-1', 'Admin1234');
  const a = await login(t.app, '22222222-2', 'Admin1234');
  superadmin = s.token;
  superadminId = s.id;
  admin = a.token;
  adminId = a.id;
  buyer = (await login(t.app, '76123456-0', 'Demo1234')).token;
}, 60_000);
afterAll(() => t.close());

describe('roles', () => {
  it('visitors get 401 and buyers 403 on every route, before the body is even validated', async () => {
    const routes = [
      { method: 'GET', url: '/api/admin/users' },
      { method: 'GET', url: `/api/admin/users/${adminId}` },
      { method: 'GET', url: '/api/admin/users/find/by/22222222-2' },
      { method: 'POST', url: '/api/admin/users', payload: newUser() },
      { method: 'POST', url: '/api/admin/users', payload: {} },
      { method: 'DELETE', url: `/api/admin/users/${adminId}` },
      { method: 'GET', url: '/api/admin/users/abc' },
    ] as const;
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
    for (const route of routes) {
      const anonymous = await call(t.app, { ...route });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ status: 401, message: 'Debe iniciar sesión' });
      const asBuyer = await call(t.app, { ...route, token: buyer });
      expect(asBuyer.statusCode).toBe(403);
      expect(asBuyer.json()).toEqual({ status: 403, message: 'No tiene permisos para esta acción' });
    }
    expect(await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users)).toEqual(before);
  });

  it('an ADMIN sees buyers and sales reps only; a SUPERADMIN sees everybody', async () => {
    const asAdmin = (await get('/api/admin/users')).json() as { userType: string; username: string }[];
    expect(asAdmin.length).toBeGreaterThan(5);
    expect(asAdmin.every((u) => u.userType === 'USER' || u.userType === 'VENDEDOR')).toBe(true);
    expect(asAdmin.map((u) => u.username)).toEqual(expect.arrayContaining(['13.579.246-2', '14.680.357-1']));
    const asSuper = (await get('/api/admin/users', superadmin)).json() as { userType: string; username: string }[];
    expect(asSuper.map((u) => u.username)).toEqual(expect.arrayContaining(['11.111.111-1', '22.222.222-2', '76.123.456-0']));
    expect(asSuper.length).toBe(asAdmin.length + 2);
  });

  it('an ADMIN cannot see, create, change or delete ADMIN or SUPERADMIN users', async () => {
    const refused = { status: 403, message: 'Solo un SUPERADMIN puede crear, modificar o eliminar usuarios administradores' };
    for (const url of [`/api/admin/users/${superadminId}`, `/api/admin/users/${adminId}`, '/api/admin/users/find/by/11.111.111-1']) {
      const res = await get(url);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(refused);
    }
    for (const userType of ['ADMIN', 'SUPERADMIN']) {
      const res = await save(newUser({ userType }));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(refused);
    }
    const other = await created({ userType: 'ADMIN' }, superadmin);
    expect((await save(asUpdate(other, { address: 'Otra' }))).json()).toEqual(refused);
    expect((await del(other.id)).json()).toEqual(refused);
    expect((await del(superadminId)).statusCode).toBe(403);
    // nor promote a buyer
    const plain = await created();
    expect((await save(asUpdate(plain, { userType: 'ADMIN' }))).statusCode).toBe(403);
    expect((await get(`/api/admin/users/${plain.id}`)).json().userType).toBe('USER');
  });

  it('a SUPERADMIN creates, changes and deletes ADMIN and SUPERADMIN users', async () => {
    const a = await created({ userType: 'ADMIN' }, superadmin);
    expect(a.userType).toBe('ADMIN');
    const s = await created({ userType: 'SUPERADMIN' }, superadmin);
    const res = await save(asUpdate(s, { userType: 'ADMIN', email: 'otro@portal.cl' }), superadmin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: s.id, userType: 'ADMIN', email: 'otro@portal.cl' });
    expect((await del(a.id, superadmin)).json()).toEqual({ message: 'Eliminado!' });
    expect((await del(s.id, superadmin)).statusCode).toBe(200);
    expect((await get(`/api/admin/users/${s.id}`, superadmin)).statusCode).toBe(404);
  });
});

describe('create and update', () => {
  it('answers the form messages of R-ADM-USR-3', async () => {
    const res = await save({});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 400,
      message: 'El rut empresa es requerido',
      fields: {
        username: 'El rut empresa es requerido',
        password: 'La password es requerida',
        confirmPassword: 'Por favor, confirma tu contraseña',
        email: 'El Email es requerido',
        address: 'La dirección es requerido',
        cellphone: 'El Teléfono Móvil es requerido',
        enabled: 'Debe seleccionar una opción',
        userType: 'Debe seleccionar una opción',
      },
    });
    const bad = await save(newUser({ username: '11.111.111-2', password: 'abcdefgh', confirmPassword: 'x', email: 'no', cellphone: '12ab', enabled: '', userType: 'OTRO' }));
    expect(bad.json().fields).toEqual({
      username: 'El rut empresa es invalido',
      password: 'La password debe contener Una letra Mayuscula y una Minuscula',
      confirmPassword: 'Las contraseñas no coinciden',
      email: 'El email no es correcto',
      cellphone: 'Debe ser solo números',
      enabled: 'Debe seleccionar una opción',
      userType: 'Debe seleccionar una opción',
    });
    expect((await save(newUser({ password: 'Abc1', confirmPassword: 'Abc1', cellphone: '1234567' }))).json().fields).toEqual({
      password: 'La password debe ser mínimo 8 caracteres',
      cellphone: 'Largo minimo 8 digitos',
    });
  });

  it('the shared schema: an empty or 0 id creates, an id updates with an optional password', () => {
    const body = newUser();
    const errors = (value: object) => {
      try {
        userSaveSchema.validateSync(value, { abortEarly: false });
        return [];
      } catch (e) {
        return (e as { errors: string[] }).errors;
      }
    };
    expect(errors({ ...body, id: '' })).toEqual([]);
    expect(errors({ ...body, id: 0, password: '', confirmPassword: '' })).toEqual(['La password es requerida', 'Por favor, confirma tu contraseña']);
    expect(errors({ ...body, id: 5, password: '', confirmPassword: '' })).toEqual([]);
    expect(errors({ ...body, id: 5 })).toEqual([]);
    expect(errors({ ...body, id: 5, password: 'Otra12345', confirmPassword: '' })).toEqual(['Por favor, confirma tu contraseña']);
    expect(errors({ ...body, id: 5, password: '', confirmPassword: 'Otra12345' })).toEqual(['Las contraseñas no coinciden']);
    expect(errors({ ...body, id: 5, password: 'otra12345', confirmPassword: 'otra12345' })).toEqual(['La password debe contener Una letra Mayuscula y una Minuscula']);
  });

  it('creates a buyer who then logs in; the password is hashed and never answered', async () => {
    const body = newUser({ username: freshCustomerRut().replace(/\./g, '') });
    const res = await save(body);
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toEqual({
      id: expect.any(Number),
      username: body.username.replace(/^(\d{2})(\d{3})(\d{3})/, '$1.$2.$3'),
      email: 'compras@nuevo.cl',
      address: 'Av. Matta 100, Santiago',
      cellphone: '98765432',
      enabled: true,
      userType: 'USER',
      // a buyer given no company is its own company's login, and its Administrador
      companyRut: body.username.replace(/^(\d{2})(\d{3})(\d{3})/, '$1.$2.$3'),
      companyRole: 'ADMINISTRADOR',
      fullName: '',
      monthlyLimit: null,
      salesPersonCode: null,
      repScope: null,
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    // the admin's password must be changed at the first login
    expect(row!.mustChangePassword).toBe(true);
    expect(await login(t.app, body.username, NEW_PASSWORD)).toMatchObject({ id: user.id, token: '', userActive: true, changePassword: false });
    const changed = await call(t.app, {
      method: 'POST',
      url: '/api/security/change-password',
      payload: { username: body.username, currentPassword: NEW_PASSWORD, password: 'Propia2026', confirmPassword: 'Propia2026' },
    });
    expect(changed.statusCode).toBe(200);
    const session = await login(t.app, body.username, 'Propia2026');
    expect(session).toMatchObject({ id: user.id, type: 'USER', userActive: true, changePassword: true });
    expect((await me(session.token)).statusCode).toBe(200);

    for (const res2 of [await get('/api/admin/users', superadmin), await get(`/api/admin/users/${user.id}`), await save(asUpdate(user, { address: 'X 1' }))]) {
      expect(res2.body).not.toMatch(/password|argon2/i);
    }
  });

  it('finds a user by rut in any writing', async () => {
    for (const rut of ['76.123.456-0', '76123456-0', '761234560']) {
      const res = await get(`/api/admin/users/find/by/${rut}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ username: '76.123.456-0', userType: 'USER' });
    }
    expect((await get(`/api/admin/users/find/by/${freshRut()}`)).json()).toEqual({ status: 404, message: 'Usuario no encontrado' });
    expect((await get('/api/admin/users/find/by/12345678-9')).json()).toMatchObject({ status: 400, message: 'El rut empresa es invalido' });
  });

  it('refuses a rut already used, in any writing, with a clear message', async () => {
    for (const username of ['76.123.456-0', '761234560', '76123456-0']) {
      const res = await save(newUser({ username }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ status: 409, message: 'Ya existe un usuario con el rut 76.123.456-0' });
    }
  });

  it('an empty password keeps the current one; the rut cannot change', async () => {
    const u = await created();
    const res = await save(asUpdate(u, { email: 'nuevo@correo.cl', enabled: 'false', cellphone: '912345678' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'nuevo@correo.cl', enabled: false, cellphone: '912345678' });
    await save(asUpdate(u, { enabled: true }));
    expect((await login(t.app, u.username, NEW_PASSWORD)).token).not.toBe('');

    const moved = await save(asUpdate(u, { username: freshRut() }));
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toMatchObject({ message: 'El rut de un usuario no puede modificarse' });
    expect((await save(asUpdate({ id: 999_999, username: u.username }))).statusCode).toBe(404);
  });

  it("a new password or a deactivation ends the user's sessions", async () => {
    const u = await created();
    const first = await login(t.app, u.username, NEW_PASSWORD);
    expect((await me(first.token)).statusCode).toBe(200);

    const res = await save(asUpdate(u, { password: 'Cambiada99', confirmPassword: 'Cambiada99' }));
    expect(res.statusCode).toBe(200);
    expect((await me(first.token)).statusCode).toBe(401);
    expect(await login(t.app, u.username, NEW_PASSWORD)).toMatchObject({ status: 401 });
    // a password set by an admin is changed by the user at the next login
    expect(await login(t.app, u.username, 'Cambiada99')).toMatchObject({ token: '', userActive: true, changePassword: false });
    await passwordChanged(u.id);
    const second = await login(t.app, u.username, 'Cambiada99');
    expect((await me(second.token)).statusCode).toBe(200);

    // an unrelated change keeps the session
    await save(asUpdate(u, { address: 'Otra dirección 1' }));
    expect((await me(second.token)).statusCode).toBe(200);

    await save(asUpdate(u, { enabled: false }));
    expect((await me(second.token)).statusCode).toBe(401);
    expect(await login(t.app, u.username, 'Cambiada99')).toMatchObject({ token: '', userActive: false });
  });
});

describe('buyers are ERP customers', () => {
  it('refuses a buyer whose rut is not a customer in the ERP, in Spanish', async () => {
    const body = newUser({ username: freshRut() });
    const res = await save(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 400,
      message: 'El rut no corresponde a un cliente del ERP',
      fields: { username: 'El rut no corresponde a un cliente del ERP' },
    });
    expect(await t.database.db.select().from(users).where(eq(users.username, body.username))).toHaveLength(0);
    // staff need no ERP customer
    expect((await save(newUser({ username: freshRut(), userType: 'ADMIN' }), superadmin)).statusCode).toBe(201);
  });

  it('refuses making an administrator a buyer when the rut is not an ERP customer', async () => {
    const staff = await created({ username: freshRut(), userType: 'ADMIN' }, superadmin);
    const res = await save(asUpdate(staff, { userType: 'USER' }), superadmin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('El rut no corresponde a un cliente del ERP');
  });

  it('GET /api/admin/users/erp-customer/:rut answers the ERP company of a rut', async () => {
    for (const rut of ['76.123.456-0', '76123456-0', '761234560']) {
      const res = await get(`/api/admin/users/erp-customer/${rut}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ rut: '76.123.456-0', cardCode: 'C76123456', name: 'Comercial Los Andes SpA' });
    }
    expect((await get('/api/admin/users/erp-customer/76123456-0', superadmin)).statusCode).toBe(200);
    expect((await get(`/api/admin/users/erp-customer/${freshRut()}`)).json()).toEqual({ status: 404, message: 'El rut no corresponde a un cliente del ERP' });
    expect((await get('/api/admin/users/erp-customer/12345678-9')).json()).toMatchObject({ status: 400, message: 'El rut empresa es invalido' });
    expect((await get('/api/admin/users/erp-customer/76123456-0', buyer)).statusCode).toBe(403);
    expect((await call(t.app, { method: 'GET', url: '/api/admin/users/erp-customer/76123456-0' })).statusCode).toBe(401);
  });

  it('answers 503 in Spanish while the ERP is down, for the look-up and the creation', async () => {
    t.b1.setFaults({ refuse: true });
    try {
      const lookup = await get('/api/admin/users/erp-customer/76123456-0');
      expect(lookup.statusCode).toBe(503);
      expect(lookup.json()).toEqual({ status: 503, message: 'No se pudo consultar el ERP, inténtelo más tarde' });
      const res = await save(newUser());
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe('No se pudo consultar el ERP, inténtelo más tarde');
    } finally {
      t.b1.setFaults({ refuse: false });
    }
  });
});

describe('people of a company', () => {
  const partner = () => t.b1.data.BusinessPartners.find((p) => p.CardCode === 'C76123456')!;
  const contactPatches = () => patchSpy.mock.calls.filter(([path, body]) => path === "BusinessPartners('C76123456')" && 'ContactEmployees' in (body as object)).length;
  const person = (over: Record<string, unknown> = {}) => {
    const rut = freshRut();
    return newUser({ username: rut, companyRut: '76123456-0', companyRole: 'COMPRADOR', fullName: 'Josefa Tapia Rivas', monthlyLimit: '500000', email: `josefa.${rut.replace(/\D/g, '')}@losandes.example`, ...over });
  };
  let patchSpy: jest.SpyInstance;
  beforeAll(() => {
    patchSpy = jest.spyOn(ServiceLayerClient.prototype, 'patch');
  });
  afterAll(() => patchSpy.mockRestore());
  afterEach(() => t.b1.setFaults({ loseAnswerRate: 0, refuse: false }));

  it("creates a person of an ERP customer: their contact person in B1 added once, the portal user in the company with their role and limit", async () => {
    const before = contactPatches();
    const body = person();
    const res = await save(body);
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({ username: body.username, userType: 'USER', companyRut: '76.123.456-0', companyRole: 'COMPRADOR', fullName: 'Josefa Tapia Rivas', monthlyLimit: 500_000 });
    expect(contactPatches() - before).toBe(1);
    const contact = partner().ContactEmployees.find((c) => c.E_Mail === body.email)!;
    expect(contact).toMatchObject({ FirstName: 'Josefa', LastName: 'Tapia Rivas', MobilePhone: body.cellphone, Active: 'tYES' });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ contactCode: contact.InternalCode, mustChangePassword: true });
    // they log in with their personal rut and act for the company
    await passwordChanged(user.id);
    const session = await login(t.app, body.username, NEW_PASSWORD);
    expect((await me(session.token)).json()).toMatchObject({ company: { rut: '76.123.456-0', role: 'COMPRADOR' } });
    // listed among the company's people
    const people = (await get('/api/admin/users/list?company=76.123.456-0&companyRole=COMPRADOR&pageSize=200')).json<{ rows: { username: string }[] }>();
    expect(people.rows.map((r) => r.username)).toContain(body.username);
    // the audit row keeps the company and role
    const [audit] = (await auditRows()).filter((a) => a.entityId === String(user.id));
    expect(audit!.changes).toMatchObject({ after: { companyRut: '76.123.456-0', companyRole: 'COMPRADOR', contactCode: contact.InternalCode } });
  });

  it("deactivated by an admin, the person's ERP contact follows (Active tNO) through the outbox; reactivated, it is active again", async () => {
    const body = person();
    const created = (await save(body)).json<{ id: number; username: string }>();
    const contact = () => partner().ContactEmployees.find((c) => c.E_Mail === body.email)!;
    expect(contact().Active).toBe('tYES');
    expect((await save(asUpdate(created, { enabled: false }))).statusCode).toBe(200);
    while ((await t.app.worker.runOnce()) > 0);
    expect(contact().Active).toBe('tNO');
    expect((await save(asUpdate(created, { enabled: true }))).statusCode).toBe(200);
    while ((await t.app.worker.runOnce()) > 0);
    expect(contact().Active).toBe('tYES');
  });

  it('sent again (a double click, a retry), makes one contact and one user; the same e-mail in the company is refused before the ERP is asked', async () => {
    const body = person();
    const results = await Promise.all([save(body), save(body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(partner().ContactEmployees.filter((c) => c.E_Mail === body.email)).toHaveLength(1);
    const before = contactPatches();
    const twin = await save(person({ email: body.email.toUpperCase() }));
    expect(twin.json()).toMatchObject({ status: 409, message: `La empresa ya tiene una persona con el email ${body.email.toUpperCase()}` });
    expect(contactPatches()).toBe(before);
  });

  it("links the company's contact that already has the e-mail instead of adding another", async () => {
    const email = `ya.existe.${freshRut().replace(/\D/g, '')}@losandes.example`;
    const { contact } = await t.erp.addContactPerson('C76123456', { firstName: 'Marta', lastName: 'Ibáñez Soto', email });
    const before = contactPatches();
    const res = await save(person({ email, fullName: 'Marta Ibáñez Soto', companyRole: 'FINANZAS', monthlyLimit: '' }));
    expect(res.statusCode).toBe(201);
    expect(contactPatches()).toBe(before);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, res.json().id));
    expect(row).toMatchObject({ contactCode: contact.code, companyRole: 'FINANZAS', monthlyLimit: null });
  });

  it('a lost answer of the ERP is looked up, never posted twice', async () => {
    const body = person();
    t.b1.setFaults({ loseAnswerRate: 1 });
    const before = contactPatches();
    const res = await save(body);
    expect(res.statusCode).toBe(201);
    expect(contactPatches() - before).toBe(1);
    expect(partner().ContactEmployees.filter((c) => c.E_Mail === body.email)).toHaveLength(1);
  });

  it("refuses a person whose company is not an ERP customer, and a person without name or role, in Spanish; nothing reaches the ERP", async () => {
    const before = contactPatches();
    const stranger = await save(person({ companyRut: freshRut() }));
    expect(stranger.json()).toMatchObject({ status: 400, message: 'La empresa no es un cliente del ERP', fields: { companyRut: 'La empresa no es un cliente del ERP' } });
    const incomplete = await save(person({ fullName: '', companyRole: '' }));
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().fields).toMatchObject({ fullName: 'El nombre de la persona es requerido', companyRole: 'Seleccione el rol en la empresa' });
    expect((await save(person({ companyRole: 'APROBADOR', monthlyLimit: '1000' }))).json().fields).toMatchObject({ monthlyLimit: 'Solo un Comprador tiene límite mensual' });
    expect((await save(person({ monthlyLimit: '-5' }))).json().fields).toMatchObject({ monthlyLimit: 'El límite mensual debe ser un monto en pesos, sin decimales' });
    expect((await save(person({ companyRut: '76123456-1' }))).json().fields).toMatchObject({ companyRut: 'El rut de la empresa es invalido' });
    // a company's own login is its Administrador; staff belong to no company
    expect((await save(newUser({ companyRole: 'COMPRADOR' }))).json().fields).toMatchObject({ companyRole: 'El usuario de la empresa (su propio rut) es su Administrador' });
    expect((await save(newUser({ userType: 'ADMIN', companyRut: '76123456-0' }), superadmin)).json().fields).toMatchObject({ companyRut: 'Solo un usuario comprador pertenece a una empresa' });
    expect(contactPatches()).toBe(before);
  });

  it('answers 503 in Spanish with the ERP down, and creates nothing', async () => {
    const body = person();
    t.b1.setFaults({ refuse: true });
    const res = await save(body);
    expect(res.json()).toEqual({ status: 503, message: 'No se pudo consultar el ERP, inténtelo más tarde' });
    t.b1.setFaults({ refuse: false });
    expect((await get(`/api/admin/users/find/by/${body.username}`)).statusCode).toBe(404);
  });
});

describe('protections', () => {
  it('nobody deletes, disables or demotes themselves', async () => {
    const self = { id: superadminId, username: '11.111.111-1', userType: 'SUPERADMIN' };
    const d = await del(superadminId, superadmin);
    expect(d.statusCode).toBe(409);
    expect(d.json()).toEqual({ status: 409, message: 'No puede eliminar su propio usuario' });
    expect((await save(asUpdate(self, { userType: 'SUPERADMIN', enabled: false }), superadmin)).json()).toEqual({
      status: 409,
      message: 'No puede desactivar su propio usuario',
    });
    expect((await save(asUpdate(self, { userType: 'ADMIN' }), superadmin)).json()).toEqual({
      status: 409,
      message: 'No puede cambiar el rol de su propio usuario',
    });
    // own data may change, and the session goes on
    const own = await save(asUpdate(self, { userType: 'SUPERADMIN', address: 'Casa matriz 2' }), superadmin);
    expect(own.statusCode).toBe(200);
    expect((await me(superadmin)).statusCode).toBe(200);
  });

  it('permission and the self-rules are answered before anything is asked of the ERP', async () => {
    const superadminSelf = { id: superadminId, username: '11.111.111-1' };
    const forbidden = { status: 403, message: 'Solo un SUPERADMIN puede crear, modificar o eliminar usuarios administradores' };
    const selfRole = { status: 409, message: 'No puede cambiar el rol de su propio usuario' };
    const selfDisable = { status: 409, message: 'No puede desactivar su propio usuario' };
    const rutReadOnly = { status: 400, message: 'El rut de un usuario no puede modificarse', fields: { username: 'El rut de un usuario no puede modificarse' } };
    const staff = await created({ username: freshRut(), userType: 'ADMIN' }, superadmin);
    const cases: Array<[string, object, string, object]> = [
      ['an ADMIN makes the SUPERADMIN a buyer', asUpdate(superadminSelf, { userType: 'USER' }), admin, forbidden],
      ['an ADMIN makes an ADMIN a buyer', asUpdate(staff, { userType: 'USER' }), admin, forbidden],
      ['a SUPERADMIN makes itself a buyer', asUpdate(superadminSelf, { userType: 'USER' }), superadmin, selfRole],
      ['a SUPERADMIN disables itself and makes itself a buyer', asUpdate(superadminSelf, { userType: 'USER', enabled: false }), superadmin, selfDisable],
      ['a SUPERADMIN changes an ADMIN\'s rut while making it a buyer', asUpdate(staff, { userType: 'USER', username: freshCustomerRut() }), superadmin, rutReadOnly],
    ];
    // With the ERP refusing every connection each answer is the same: the ERP is not asked for any of them.
    for (const erpDown of [false, true]) {
      t.b1.setFaults({ refuse: erpDown });
      try {
        for (const [what, body, token, expected] of cases) {
          const res = await save(body, token);
          expect({ what, erpDown, answer: res.json() }).toEqual({ what, erpDown, answer: expected });
        }
      } finally {
        t.b1.setFaults({ refuse: false });
      }
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, superadminId));
    expect(row).toMatchObject({ userType: 'SUPERADMIN', enabled: true });
    // allowed, the ERP rule follows: a staff rut that is no ERP customer cannot become a buyer
    expect((await save(asUpdate(staff, { userType: 'USER' }), superadmin)).json()).toMatchObject({ status: 400, message: 'El rut no corresponde a un cliente del ERP' });
  });

  it('the last SUPERADMIN is never deleted, disabled or demoted', async () => {
    // Through the API the actor is itself an enabled SUPERADMIN; the rule still holds for a stale session
    // (another instance's cache) or a race, so it is checked in the service with the database's state.
    const service = new AdminUsersService(t.database.db);
    const stale = { id: adminId, username: '22.222.222-2', role: 'SUPERADMIN' as const, companyRut: '', companyRole: null, contactCode: null, rep: null };
    const last = { status: 409, message: 'No se puede eliminar, desactivar ni cambiar el rol del último SUPERADMIN' };
    await expect(service.delete(stale, superadminId)).rejects.toMatchObject(last);
    const body = { ...asUpdate({ id: superadminId, username: '11.111.111-1' }), confirmPassword: undefined, password: undefined };
    await expect(service.update(stale, { ...body, enabled: false, userType: 'SUPERADMIN' } as never)).rejects.toMatchObject(last);
    await expect(service.update(stale, { ...body, enabled: true, userType: 'ADMIN' } as never)).rejects.toMatchObject(last);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, superadminId));
    expect(row).toMatchObject({ userType: 'SUPERADMIN', enabled: true });
  });

  it('two SUPERADMINs demoting each other at once: one wins, one enabled SUPERADMIN remains', async () => {
    const other = await created({ userType: 'SUPERADMIN', password: 'Segundo123', confirmPassword: 'Segundo123' }, superadmin);
    const otherToken = (await login(t.app, other.username, 'Segundo123')).token;
    expect((await me(otherToken)).statusCode).toBe(200);
    const [a, b] = await Promise.all([
      save(asUpdate(other, { userType: 'ADMIN' }), superadmin),
      save(asUpdate({ id: superadminId, username: '11.111.111-1' }, { userType: 'ADMIN' }), otherToken),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes[0]).toBe(200);
    expect([403, 409]).toContain(codes[1]);
    const supers = await t.database.db.select().from(users).where(eq(users.userType, 'SUPERADMIN'));
    expect(supers.filter((u) => u.enabled)).toHaveLength(1);
    // put the demo SUPERADMIN back if the other one won
    if (supers[0]!.id !== superadminId) {
      await t.database.db.update(users).set({ userType: 'SUPERADMIN' }).where(eq(users.id, superadminId));
      t.app.forgetSession(superadminId);
    }
    await t.database.db.delete(users).where(eq(users.id, other.id));
  });

  it('a user with orders is kept: deactivate instead', async () => {
    const u = await created();
    await t.database.db.insert(orders).values({ orderType: 'ONLINE', userId: u.id, cardCode: 'C1', net: 1, offerDiscount: 0, loyaltyDiscount: 0, subtotal: 1, vat: 0, total: 1 });
    const res = await del(u.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`El usuario ${u.username} tiene pedidos o pagos registrados: desactívelo en lugar de eliminarlo`);
    expect((await get(`/api/admin/users/${u.id}`)).statusCode).toBe(200);
  });

  it('a deleted user loses its session at once', async () => {
    const u = await created();
    const session = await login(t.app, u.username, NEW_PASSWORD);
    expect((await me(session.token)).statusCode).toBe(200);
    expect((await del(u.id)).json()).toEqual({ message: 'Eliminado!' });
    expect((await me(session.token)).statusCode).toBe(401);
    expect((await del(u.id)).json()).toEqual({ status: 404, message: 'Usuario no encontrado' });
  });
});

describe('audit log', () => {
  it('records who changed which user fields and when, never a password', async () => {
    const start = (await auditRows()).length;
    const u = await created({ password: 'Secreta123', confirmPassword: 'Secreta123' });
    await save(asUpdate(u, { email: 'audit@correo.cl', password: 'OtraSecreta9', confirmPassword: 'OtraSecreta9' }));
    await save(asUpdate(u, { email: 'audit@correo.cl' })); // nothing changed: no row
    await save(asUpdate(u, { userType: 'ADMIN' })); // refused: no row
    await del(u.id);
    const rows = (await auditRows()).slice(start);
    expect(rows.map((r) => [r.action, r.entity, r.entityId, r.actorId, r.actorUsername])).toEqual([
      ['create', 'user', String(u.id), adminId, '22.222.222-2'],
      ['update', 'user', String(u.id), adminId, '22.222.222-2'],
      ['delete', 'user', String(u.id), adminId, '22.222.222-2'],
    ]);
    // the values before and after, a password only as changed ('[oculto]')
    expect(rows[0]!.changes).toMatchObject({ after: { username: u.username, email: u.email, userType: 'USER', enabled: true, mustChangePassword: true, password: '[oculto]' } });
    expect(rows[1]!.changes).toEqual({
      fields: ['email', 'password'],
      before: { email: u.email, password: '[oculto]' },
      after: { email: 'audit@correo.cl', password: '[oculto]' },
      details: { username: u.username },
    });
    expect(rows[2]!.changes).toMatchObject({ before: { username: u.username, email: 'audit@correo.cl', userType: 'USER' } });
    expect(rows[2]!.changes).not.toHaveProperty('after');
    expect(rows.every((r) => r.at instanceof Date && Date.now() - r.at.getTime() < 60_000)).toBe(true);
    const text = JSON.stringify(rows);
    expect(text).not.toMatch(/Secreta|argon2/);
  });

  it('the change and its audit row commit together', async () => {
    await t.database.db.execute(sql`alter table audit_log rename to audit_log_away`);
    try {
      const body = newUser();
      const res = await save(body);
      expect(res.statusCode).toBe(500);
      expect(await t.database.db.select().from(users).where(eq(users.username, body.username))).toHaveLength(0);
    } finally {
      await t.database.db.execute(sql`alter table audit_log_away rename to audit_log`);
    }
  });

  it('notification recipients changes are audited too', async () => {
    await t.database.db.delete(notificationRecipients);
    const start = (await auditRows()).length;
    const base = { name: 'Javiera', lastName: 'Muñoz', email: 'reservas@portal.example', section: 'RESERVE' };
    const c = await call(t.app, { method: 'POST', url: '/api/admin/admin-emails', token: superadmin, payload: base });
    const id = c.json().id as number;
    await call(t.app, { method: 'POST', url: '/api/admin/admin-emails', token: superadmin, payload: { ...base, id, email: 'otra@portal.example' } });
    await call(t.app, { method: 'DELETE', url: `/api/admin/admin-emails/${id}`, token: superadmin });
    const rows = (await auditRows()).slice(start);
    expect(rows.map((r) => [r.action, r.entity, r.entityId, r.actorUsername, r.changes])).toEqual([
      ['create', 'notification', String(id), '11.111.111-1', { fields: ['name', 'lastName', 'email', 'section'], after: base, details: { section: 'RESERVE' } }],
      [
        'update',
        'notification',
        String(id),
        '11.111.111-1',
        { fields: ['email'], before: { email: 'reservas@portal.example' }, after: { email: 'otra@portal.example' }, details: { section: 'RESERVE' } },
      ],
      ['delete', 'notification', String(id), '11.111.111-1', { before: { ...base, email: 'otra@portal.example' }, details: { section: 'RESERVE' } }],
    ]);
  });
});
