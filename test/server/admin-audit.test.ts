// 'Auditoría': GET /api/admin/audit lists every admin change with who, what, when and the values before and after;
// filters by who, kind of record, action, record and date; sorted, paged and exported as CSV.
import { sql } from 'drizzle-orm';
import type { AuditList } from '@shared/api/adminAudit';
import type { AdminUser } from '@shared/api/adminUsers';
import { AuditLog } from '@server/audit/auditLog';
import { auditLog, notificationRecipients } from '@server/db/schema';
import { call, createTestApp, login, type TestApp } from './helpers';

let t: TestApp;
let admin: string;
let superadmin: string;
let buyer: string;
let userId: number;
let recipientId: number;

const audit = (query = '', token = admin) => call(t.app, { method: 'GET', url: `/api/admin/audit${query}`, token });
const rows = async (query: string) => (await audit(query)).json<AuditList>().rows;

beforeAll(async () => {
  t = await createTestApp({}, { worker: { autoStart: false } });
  admin = (await login(t.app, '22222222-2', 'Admin1234')).token;
  superadmin = (await login(t.app, '11111111-1', 'Admin1234')).token;
  buyer = (await login(t.app, '76123456-0', 'Demo1234')).token;
  await t.database.db.delete(notificationRecipients);

  // an ADMIN changes a buyer's e-mail; a SUPERADMIN creates, changes and deletes a notification recipient
  const user = (await call(t.app, { method: 'GET', url: '/api/admin/users/find/by/77345678-K', token: admin })).json<AdminUser>();
  userId = user.id;
  const { id, username, address, cellphone, enabled, userType } = user;
  expect((await call(t.app, { method: 'POST', url: '/api/admin/users', token: admin, payload: { id, username, address, cellphone, enabled, userType, email: 'nuevo; "correo"@austral.cl'.replace(/[; "]/g, '') } })).statusCode).toBe(200);
  const base = { name: 'Javiera', lastName: 'Muñoz', email: 'reservas@portal.example', section: 'RESERVE' };
  recipientId = (await call(t.app, { method: 'POST', url: '/api/admin/admin-emails', token: superadmin, payload: base })).json<{ id: number }>().id;
  await call(t.app, { method: 'POST', url: '/api/admin/admin-emails', token: superadmin, payload: { ...base, id: recipientId, email: '=cmd|calc@portal.example'.replace(/[=|]/g, '') } });
  await call(t.app, { method: 'DELETE', url: `/api/admin/admin-emails/${recipientId}`, token: superadmin });
  // the user change was made on the 10th of January 2025 (Chile)
  await t.database.db.execute(sql`update audit_log set at = '2025-01-10T15:00:00Z' where entity = 'user'`);
}, 60_000);
afterAll(() => t.close());

it('visitors get 401, buyers 403; ADMIN and SUPERADMIN read it', async () => {
  expect((await call(t.app, { method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(401);
  expect((await audit('', buyer)).json()).toEqual({ status: 403, message: 'No tiene permisos para esta acción' });
  expect((await audit('', superadmin)).statusCode).toBe(200);
  expect((await audit('?entity=pedidos')).json()).toMatchObject({ status: 400, message: 'Tipo de registro inválido' });
  expect((await audit('?action=borrar')).json()).toMatchObject({ status: 400, message: 'Acción inválida' });
});

it('lists every change newest first, each with its values before and after', async () => {
  const body = (await audit()).json<AuditList>();
  expect(body).toMatchObject({ total: 4, page: 0, pageSize: 50 });
  expect(body.rows.map((r) => [r.entity, r.action, r.actorUsername])).toEqual([
    ['notification', 'delete', '11.111.111-1'],
    ['notification', 'update', '11.111.111-1'],
    ['notification', 'create', '11.111.111-1'],
    ['user', 'update', '22.222.222-2'],
  ]);
  const [deleted, updated, created, user] = body.rows;
  expect(created).toMatchObject({ entityId: String(recipientId), fields: ['name', 'lastName', 'email', 'section'], before: null, after: { name: 'Javiera', lastName: 'Muñoz', email: 'reservas@portal.example', section: 'RESERVE' } });
  expect(updated).toMatchObject({ fields: ['email'], before: { email: 'reservas@portal.example' }, after: { email: 'cmdcalc@portal.example' }, details: { section: 'RESERVE' } });
  expect(deleted).toMatchObject({ before: { email: 'cmdcalc@portal.example', section: 'RESERVE' }, after: null });
  expect(user).toMatchObject({ entityId: String(userId), at: '2025-01-10T15:00:00.000Z', fields: ['email'], before: { email: expect.stringContaining('@') }, after: { email: 'nuevocorreo@austral.cl' }, details: { username: '77.345.678-K' } });
});

it('filters by who (any writing of the rut), kind, action, record and date; sorts and pages', async () => {
  expect((await rows('?actor=22222222')).map((r) => r.entity)).toEqual(['user']);
  expect((await rows('?actor=11.111.111-1')).length).toBe(3);
  expect((await rows('?entity=notification&action=update')).map((r) => r.action)).toEqual(['update']);
  expect((await rows(`?entity=user&entityId=${userId}`)).length).toBe(1);
  expect((await rows('?from=2025-01-10&to=2025-01-10')).map((r) => r.entity)).toEqual(['user']);
  expect((await rows('?to=2025-01-09')).length).toBe(0);
  expect((await rows('?q=austral')).map((r) => r.entity)).toEqual(['user']);
  expect((await rows('?sort=at&dir=asc')).map((r) => r.entity)).toEqual(['user', 'notification', 'notification', 'notification']);
  expect((await rows('?sort=actor&dir=desc'))[0]!.actorUsername).toBe('22.222.222-2');
  const page = (await audit('?pageSize=3&page=1')).json<AuditList>();
  expect(page).toMatchObject({ total: 4, page: 1, pageSize: 3 });
  expect(page.rows.map((r) => r.entity)).toEqual(['user']);
});

it('exports the selected changes as CSV with the before and after values', async () => {
  const res = await audit('?format=csv&entity=notification&sort=at&dir=asc');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="auditoria-\d{4}-\d{2}-\d{2}\.csv"$/);
  const lines = res.rawPayload.toString('utf8').slice(1).split('\r\n');
  expect(lines[0]).toBe('Fecha;Usuario;Acción;Registro;Id;Campos;Antes;Después;Detalles;Nombre;Rut empresa;Empresa;Quién');
  expect(lines).toHaveLength(5);
  expect(lines[2]!.split(';').slice(1, 6)).toEqual(['11.111.111-1', 'Modificación', 'Destinatario de notificación', String(recipientId), 'Email']);
  // 'campo: valor; …' holds the separator: quoted (jsonb keeps the keys shortest first)
  // fields and coded values in the screens' words ('Envío desde: Reserva Stock', not 'section: RESERVE')
  expect(lines[1]).toContain(';"Nombre, Apellido, Email, Envío desde";;"Nombre: Javiera; Email: reservas@portal.example; Envío desde: Reserva Stock; Apellido: Muñoz";');
  expect(lines[2]).toContain(';Email: reservas@portal.example;Email: cmdcalc@portal.example;Envío desde: Reserva Stock');
});

it('rows written before values were kept read with before and after null', async () => {
  await t.database.db.insert(auditLog).values({ actorId: 1, actorUsername: '11.111.111-1', action: 'update', entity: 'banner', entityId: '9', changes: { fields: ['urlBannerImage'] } });
  const [old] = await rows('?entity=banner');
  expect(old).toMatchObject({ fields: ['urlBannerImage'], before: null, after: null, details: {} });
});

it("names the person of a buying company who made a change, and the company (rut and ERP name); staff rows name the login only", async () => {
  const camila = await login(t.app, '18.901.234-9', 'Demo1234'); // Comprador of 76.123.456-0
  // what a buyer-side change (an approval, a person added) writes: the session's person as the actor
  await AuditLog.record(t.database.db, { actor: { id: camila.id, username: '18.901.234-9' }, action: 'update', entity: 'user', entityId: camila.id, fields: ['email'] });
  const [row] = await rows('?actor=18901234');
  expect(row).toMatchObject({ actorUsername: '18.901.234-9', actorName: 'Camila Rojas Pizarro', actorCompanyRut: '76.123.456-0', actorCompanyName: 'Comercial Los Andes SpA' });
  // the company's rut finds what its people did
  expect((await rows('?actor=76.123.456-0')).map((r) => r.actorUsername)).toEqual(['18.901.234-9']);
  const staff = (await rows('?actor=22222222'))[0];
  expect(staff).toMatchObject({ actorUsername: '22.222.222-2', actorCompanyRut: '', actorCompanyName: null });
  const csv = (await audit('?format=csv&actor=18901234')).rawPayload.toString('utf8').split('\r\n')[1]!.split(';');
  expect(csv.slice(-4)).toEqual(['Camila Rojas Pizarro', '76.123.456-0', 'Comercial Los Andes SpA', '"Camila Rojas Pizarro (18.901.234-9), de Comercial Los Andes SpA (76.123.456-0)"']);
});
