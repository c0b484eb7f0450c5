import { notificationRecipients } from '@server/db/schema';
import { availableSections, notificationSchema } from '@shared/schemas/notifications';
import { call, createTestApp, login, type TestApp } from './helpers';

// /api/admin/admin-emails (R-ADM-NOTIF-1 to R-ADM-NOTIF-3): notification recipients, one per section, at most 3.

let t: TestApp;
let superadmin: string;
let admin: string;
let buyer: string;

const reserve = { name: 'Javiera', lastName: 'Muñoz', email: 'reservas@portal.example', section: 'RESERVE' };
const cheque = { name: 'Matías', lastName: 'González', email: 'cobranza@portal.example', section: 'CHEQUE' };
const creation = { name: 'Camila', lastName: 'Rojas', email: 'clientes@portal.example', section: 'CREATION_USER' };

const save = (payload: object, token = admin) => call(t.app, { method: 'POST', url: '/api/admin/admin-emails', token, payload });
const get = (url: string, token = admin) => call(t.app, { method: 'GET', url, token });

beforeAll(async () => {
  t = await createTestApp({}, { worker: { autoStart: false } });
  superadmin = (await login(t.app, '11111111-1', 'Admin1234')).token;
  admin = (await login(t.app, '22222222-2', 'Admin1234')).token;
  buyer = (await login(t.app, '76123456-0', 'Demo1234')).token;
}, 60_000);
afterAll(() => t.close());
beforeEach(() => t.database.db.delete(notificationRecipients));

describe('roles', () => {
  it('visitors get 401 and buyers 403 on every route', async () => {
    const routes = [
      { method: 'GET', url: '/api/admin/admin-emails' },
      { method: 'GET', url: '/api/admin/admin-emails/1' },
      { method: 'POST', url: '/api/admin/admin-emails', payload: reserve },
      { method: 'DELETE', url: '/api/admin/admin-emails/1' },
    ] as const;
    for (const route of routes) {
      const anonymous = await call(t.app, { ...route });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ status: 401, message: 'Debe iniciar sesión' });
      const asBuyer = await call(t.app, { ...route, token: buyer });
      expect(asBuyer.statusCode).toBe(403);
      expect(asBuyer.json()).toEqual({ status: 403, message: 'No tiene permisos para esta acción' });
    }
    expect(await t.database.db.select().from(notificationRecipients)).toHaveLength(0);
  });

  it('ADMIN and SUPERADMIN may both keep the recipients', async () => {
    expect((await save(reserve, superadmin)).statusCode).toBe(201);
    expect((await save(cheque, admin)).statusCode).toBe(201);
    expect((await get('/api/admin/admin-emails', superadmin)).json()).toHaveLength(2);
  });
});

describe('validation', () => {
  it('answers the form messages of R-ADM-NOTIF-3', async () => {
    const res = await save({});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 400,
      message: 'El nombre es requerido',
      fields: {
        name: 'El nombre es requerido',
        lastName: 'El apellido es requerido',
        email: 'El email es requerido',
        section: 'Debe indicar de la reserva o solcitud de creacion de usuario',
      },
    });
    const email = await save({ ...reserve, email: 'no-es-correo' });
    expect(email.json()).toEqual({ status: 400, message: 'El formato del email es incorrecto', fields: { email: 'El formato del email es incorrecto' } });
    for (const section of ['', 'OTRA']) {
      const res2 = await save({ ...reserve, section });
      expect(res2.json().fields).toEqual({ section: 'Debe indicar de la reserva o solcitud de creacion de usuario' });
    }
    const blank = await save({ ...reserve, name: '   ', lastName: '' });
    expect(blank.json().fields).toEqual({ name: 'El nombre es requerido', lastName: 'El apellido es requerido' });
    expect((await get('/api/admin/admin-emails/abc')).statusCode).toBe(400);
    expect(await t.database.db.select().from(notificationRecipients)).toHaveLength(0);
  });

  it('the shared schema treats an empty or 0 id as a new record, and offers only free sections', () => {
    expect(notificationSchema.validateSync({ ...reserve, id: 0 }).id).toBeUndefined();
    expect(notificationSchema.validateSync({ ...reserve, id: '' }).id).toBeUndefined();
    expect(notificationSchema.validateSync({ ...reserve, id: '7' }).id).toBe(7);
    const taken = [
      { id: 1, section: 'RESERVE' as const },
      { id: 2, section: 'CHEQUE' as const },
    ];
    expect(availableSections(taken)).toEqual(['CREATION_USER', 'ACCOUNT_CLAIM']);
    expect(availableSections(taken, 2)).toEqual(['CREATION_USER', 'CHEQUE', 'ACCOUNT_CLAIM']);
  });
});

describe('create, read, update, delete', () => {
  it('creates (201), lists, reads one, updates with an id (200) and deletes', async () => {
    const created = await save({ ...reserve, email: '  reservas@portal.example ' });
    expect(created.statusCode).toBe(201);
    const record = created.json();
    expect(record).toEqual({ id: expect.any(Number), ...reserve });

    expect((await get('/api/admin/admin-emails')).json()).toEqual([record]);
    expect((await get(`/api/admin/admin-emails/${record.id}`)).json()).toEqual(record);

    const updated = await save({ ...record, name: 'Josefa', section: 'CHEQUE' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ ...record, name: 'Josefa', section: 'CHEQUE' });
    // the recipient lookup of the customer area sees the change
    const lookup = await call(t.app, { method: 'GET', url: '/api/user/sendmail/section/CHEQUE', token: buyer });
    expect(lookup.json()).toEqual({ ...record, name: 'Josefa', section: 'CHEQUE' });

    const removed = await call(t.app, { method: 'DELETE', url: `/api/admin/admin-emails/${record.id}`, token: admin });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: 'Eliminado!' });
    expect((await get(`/api/admin/admin-emails/${record.id}`)).json()).toEqual({ status: 404, message: 'Notificación no encontrada' });
    expect((await call(t.app, { method: 'DELETE', url: `/api/admin/admin-emails/${record.id}`, token: admin })).statusCode).toBe(404);
    expect((await save({ ...reserve, id: record.id })).json()).toEqual({ status: 404, message: 'Notificación no encontrada' });
  });

  it('one record per section: a second one for a used section is 409 with a clear message', async () => {
    const first = (await save(reserve)).json();
    const again = await save({ ...reserve, email: 'otra@portal.example' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      status: 409,
      message: 'Ya existe una notificación para la sección Reserva Stock: edite esa notificación o elimínela primero',
    });
    // moving another record onto a used section is refused too; keeping its own section is fine
    const other = (await save(cheque)).json();
    expect((await save({ ...other, section: 'RESERVE' })).statusCode).toBe(409);
    expect((await save({ ...other, email: 'pagos@portal.example' })).statusCode).toBe(200);
    expect((await save({ ...first, lastName: 'Pérez' })).json()).toMatchObject({ id: first.id, lastName: 'Pérez', section: 'RESERVE' });
  });

  it('at most 3: with every section used, a fourth record is refused', async () => {
    for (const r of [reserve, cheque, creation]) expect((await save(r)).statusCode).toBe(201);
    for (const r of [reserve, cheque, creation]) {
      const res = await save({ ...r, email: 'cuarto@portal.example' });
      expect(res.statusCode).toBe(409);
    }
    expect((await get('/api/admin/admin-emails')).json()).toHaveLength(3);
  });

  it('two creations for one section at once leave one record', async () => {
    const results = await Promise.all([save(reserve), save({ ...reserve, email: 'b@portal.example' }), save({ ...reserve, email: 'c@portal.example' })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await t.database.db.select().from(notificationRecipients)).toHaveLength(1);
  });
});
