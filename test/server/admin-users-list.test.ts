// 'Usuarios' page by page (GET /api/admin/users/list): search by rut, e-mail or company name, filters by role and state,
// sort by any column, the buyers' company from the ERP read in batches and kept a while, CSV with escaping and
// formula injection defused. GET /api/admin/users keeps its answer for the existing screen.
import { eq } from 'drizzle-orm';
import type { AdminUserPage } from '@shared/api/adminUsers';
import { users } from '@server/db/schema';
import { call, createTestApp, login, type TestApp } from './helpers';

let t: TestApp;
let admin: string;
let superadmin: string;
let buyer: string;
/** The ERP operations called while the test runs. */
const erpCalls: string[] = [];

beforeAll(async () => {
  t = await createTestApp({}, { worker: { autoStart: false } });
  t.erp.observe((e) => erpCalls.push(`${e.method} ${e.operation}`));
  admin = (await login(t.app, '22222222-2', 'Admin1234')).token;
  superadmin = (await login(t.app, '11111111-1', 'Admin1234')).token;
  buyer = (await login(t.app, '76123456-0', 'Demo1234')).token;
}, 60_000);
afterAll(() => t.close());

const page = (query = '', token = superadmin) => call(t.app, { method: 'GET', url: `/api/admin/users/list${query}`, token });
const ruts = async (query: string, token = superadmin) => (await page(query, token)).json<AdminUserPage>().rows.map((r) => r.username);

it('visitors get 401, buyers 403; the plain list keeps its shape', async () => {
  expect((await call(t.app, { method: 'GET', url: '/api/admin/users/list' })).statusCode).toBe(401);
  expect((await page('', buyer)).json()).toEqual({ status: 403, message: 'No tiene permisos para esta acción' });
  const plain = await call(t.app, { method: 'GET', url: '/api/admin/users', token: admin });
  expect(Array.isArray(plain.json())).toBe(true);
  expect((await page('?role=CLIENTE')).json()).toMatchObject({ status: 400, message: 'Rol inválido' });
  expect((await page('?sort=passwordHash')).json()).toMatchObject({ status: 400, message: 'Columna de orden inválida' });
});

it('pages every user by id with the ERP company of each buyer, read in one batch and then kept', async () => {
  erpCalls.length = 0;
  const body = (await page('?pageSize=5')).json<AdminUserPage>();
  expect(body).toMatchObject({ total: 31, page: 0, pageSize: 5 }); // 2 staff, 11 company logins, 16 other people of the companies, 2 sales reps
  expect(body.rows.map((r) => r.username)).toEqual(['11.111.111-1', '22.222.222-2', '76.123.456-0', '76.234.567-6', '77.345.678-K']);
  expect(body.rows[0]).toMatchObject({ userType: 'SUPERADMIN', cardCode: null, companyName: null });
  expect(body.rows[2]).toMatchObject({ userType: 'USER', cardCode: 'C76123456', companyName: 'Comercial Los Andes SpA', enabled: true, mustChangePassword: false, createdAt: expect.any(String) });
  expect(body.rows[2]).not.toHaveProperty('passwordHash');
  expect(erpCalls).toEqual(['POST Login', 'GET BusinessPartners']);
  erpCalls.length = 0;
  await page('?pageSize=5');
  expect(erpCalls).toEqual([]);
  // the whole list (eleven buyers) is still one call for the ones not seen yet, and one for the reps' sales employees
  await page('?pageSize=200');
  expect(erpCalls).toEqual(['GET BusinessPartners', 'GET SalesPersons']);
  erpCalls.length = 0;
  await page('?pageSize=200');
  expect(erpCalls).toEqual([]);
});

it('an ADMIN sees only buyers and sales reps', async () => {
  const all = await ruts('?pageSize=200', admin);
  expect(all).toHaveLength(29);
  expect(all).toEqual(expect.arrayContaining(['13.579.246-2', '14.680.357-1']));
  expect(all).not.toContain('22.222.222-2');
  expect(await ruts('?role=ADMIN', admin)).toEqual([]);
  expect(await ruts('?role=ADMIN')).toEqual(['22.222.222-2']);
});

it('searches rut in any writing, e-mail and company name; filters by role and state', async () => {
  // a company's rut finds its own login and its people
  expect(await ruts('?q=76234567-6')).toEqual(['76.234.567-6', '17.890.123-0', '14.567.890-0']);
  expect(await ruts('?q=76.234.567&companyRole=ADMINISTRADOR')).toEqual(['76.234.567-6']);
  expect(await ruts('?q=superadmin@')).toEqual(['11.111.111-1']);
  expect(await ruts('?q=pacifico&companyRole=ADMINISTRADOR')).toEqual(['76.234.567-6']);
  expect(await ruts('?q=ltda&role=USER&state=active&companyRole=ADMINISTRADOR')).toEqual(['76.234.567-6', '78.456.789-3', '76.789.012-5', '78.901.234-2']);
  expect(await ruts('?state=inactive')).toEqual(['79.567.890-5']);
  expect(await ruts('?q=nadie')).toEqual([]);
});

it('sorts by any column, the company name too, and pages', async () => {
  const byName = (await page('?role=USER&companyRole=ADMINISTRADOR&sort=companyName&dir=asc&pageSize=3&page=0')).json<AdminUserPage>();
  expect(byName.total).toBe(11);
  expect(byName.rows.map((r) => r.companyName)).toEqual(['Boutique Austral SpA', 'Comercial Los Andes SpA', 'Confecciones Maule SpA']);
  expect((await page('?role=USER&sort=companyName&dir=desc&pageSize=1')).json<AdminUserPage>().rows[0]!.companyName).toBe('Vestuario Central Ltda.');
  const emails = (await page('?sort=email&dir=desc&pageSize=200')).json<AdminUserPage>().rows.map((r) => r.email.toLowerCase());
  expect(emails).toEqual([...emails].sort().reverse());
  expect(await ruts('?companyRole=ADMINISTRADOR&sort=username&dir=asc&pageSize=2&page=1')).toEqual(['76.345.678-1', '76.678.901-3']);
});

it('exports the selection as CSV: quoted fields, doubled quotes, formulas defused', async () => {
  await t.database.db.update(users).set({ address: '=HYPERLINK("http://x.example";"clic")', cellphone: '+56912345678' }).where(eq(users.username, '77.345.678-K'));
  const res = await page('?format=csv&q=austral');
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="usuarios-\d{4}-\d{2}-\d{2}\.csv"$/);
  const text = res.rawPayload.toString('utf8');
  expect(text.startsWith('\uFEFFId;Rut;Empresa;Código cliente;Email;Dirección;Teléfono;Rol;Estado;Debe cambiar contraseña;Creado;Nombre;Rut empresa;Rol en la empresa;Límite mensual;Código empleado de ventas;Empleado de ventas;Clientes del vendedor\r\n')).toBe(true);
  const [, line] = text.split('\r\n');
  expect(line).toContain(`;77.345.678-K;Boutique Austral SpA;C77345678;`);
  expect(line).toContain(`;"'=HYPERLINK(""http://x.example"";""clic"")";'+56912345678;Usuario;Activo;No;`);
});

it("shows each buyer's company (rut, ERP name) and role inside it; lists one company's people", async () => {
  const people = (await page('?company=76123456-0&sort=id')).json<AdminUserPage>();
  expect(people.rows.map((r) => [r.username, r.fullName, r.companyRole, r.monthlyLimit])).toEqual([
    ['76.123.456-0', 'Rodrigo Fuentes Alarcón', 'ADMINISTRADOR', null],
    ['18.901.234-9', 'Camila Rojas Pizarro', 'COMPRADOR', 300_000],
    ['12.456.789-0', 'Patricia Muñoz Herrera', 'APROBADOR', null],
    ['16.789.012-1', 'Felipe Contreras Díaz', 'FINANZAS', null],
  ]);
  // every person of the company carries the company's rut, ERP customer and name
  for (const row of people.rows) expect(row).toMatchObject({ companyRut: '76.123.456-0', cardCode: 'C76123456', companyName: 'Comercial Los Andes SpA' });
  expect(await ruts('?company=76.123.456-0&companyRole=COMPRADOR')).toEqual(['18.901.234-9']);
  expect(await ruts('?q=camila')).toEqual(['18.901.234-9']);
  expect(await ruts('?company=11.111.111-1')).toEqual([]);
  const staff = (await page('?role=SUPERADMIN')).json<AdminUserPage>().rows[0];
  expect(staff).toMatchObject({ companyRut: '', companyRole: null, cardCode: null, companyName: null });
  expect((await page('?company=123')).json()).toMatchObject({ status: 400, message: 'Rut de empresa inválido' });
  expect((await page('?companyRole=JEFE')).json()).toMatchObject({ status: 400, message: 'Rol en la empresa inválido' });
  const csv = (await page('?format=csv&q=camila')).rawPayload.toString('utf8').split('\r\n')[1]!;
  expect(csv).toMatch(/;Camila Rojas Pizarro;76\.123\.456-0;Comprador;300000;;;$/);
});
