// A sales rep (VENDEDOR) represents a customer through the API (docs/sales-reps.md): the session acts for the customer
// while the representation is open and the customer is in the rep's scope as the ERP assigns it now.
import { auditLog } from '@server/db/schema';
import { eq } from 'drizzle-orm';
import { SERVER_MSG } from '@server/messages';
import type { RepresentResponse } from '@shared/api/reps';
import type { CustomerProfile } from '@shared/api/erp';
import { call, createTestApp, login, type TestApp } from './helpers';

const CAROLINA = '13.579.246-2'; // code 1, clientes asignados
const MARTIN = '14.680.357-1'; // code 2, todos los clientes
const PASSWORD = 'Demo1234';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => t.close());

const represent = (token: string, cardCode: string) => call(t.app, { method: 'POST', url: `/api/rep/represent/${cardCode}`, token, payload: {} });
const end = (token: string) => call(t.app, { method: 'POST', url: '/api/rep/represent/end', token, payload: {} });

describe('representing a customer', () => {
  it('a rep logs in acting for no customer, represents an assigned one and sees its profile and cart', async () => {
    const session = await login(t.app, CAROLINA, PASSWORD);
    expect(session.type).toBe('VENDEDOR');
    expect(session.rep).toEqual({ salesPersonCode: 1, scope: 'ASIGNADOS', name: 'Carolina Ibáñez Rojas', representing: null });
    expect((await call(t.app, { method: 'GET', url: '/api/user/cart/count-cart/' + session.id, token: session.token })).json()).toMatchObject({ status: 403, message: SERVER_MSG.repNotRepresenting });

    const answer = await represent(session.token, 'C76123456');
    expect(answer.statusCode).toBe(200);
    const body = answer.json() as RepresentResponse;
    expect(body.rep.representing).toMatchObject({ cardCode: 'C76123456', rut: '76.123.456-0' });
    const profile = (await call(t.app, { method: 'GET', url: `/api/user/b1/profile/${session.id}`, token: body.token })).json() as CustomerProfile;
    expect(profile.idcliente).toBe('C76123456');
    const count = await call(t.app, { method: 'GET', url: `/api/user/cart/count-cart/${session.id}`, token: body.token });
    expect(count.statusCode).toBe(200);
    const me = (await call(t.app, { method: 'GET', url: '/api/security/me', token: body.token })).json() as { rep: RepresentResponse['rep'] };
    expect(me.rep.representing?.cardCode).toBe('C76123456');

    const ended = (await end(body.token)).json() as RepresentResponse;
    expect(ended.rep.representing).toBeNull();
    expect((await call(t.app, { method: 'GET', url: `/api/user/b1/profile/${session.id}`, token: body.token })).json()).toMatchObject({ status: 403, message: SERVER_MSG.repRepresentationEnded });
    expect((await call(t.app, { method: 'GET', url: `/api/user/b1/profile/${session.id}`, token: ended.token })).json()).toMatchObject({ status: 403, message: SERVER_MSG.repNotRepresenting });
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'representation'));
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['create', 'delete']));
  });

  it('an assigned-customers rep is refused another rep’s customer; an all-customers rep is not', async () => {
    const carolina = await login(t.app, CAROLINA, PASSWORD);
    expect((await represent(carolina.token, 'C77890123')).json()).toMatchObject({ status: 403, message: SERVER_MSG.repOutOfScope });
    expect((await represent(carolina.token, 'NOSUCH1')).json()).toMatchObject({ status: 403, message: SERVER_MSG.repOutOfScope });
    const martin = await login(t.app, MARTIN, PASSWORD);
    expect((await represent(martin.token, 'C76123456')).statusCode).toBe(200);
  });

  it('a buyer or an admin cannot represent', async () => {
    const buyer = await login(t.app, '76.123.456-0', PASSWORD);
    expect((await represent(buyer.token, 'C76123456')).statusCode).toBe(403);
  });
});
