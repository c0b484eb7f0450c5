import { MSG } from '@shared/messages';
import { call, createTestApp, login, type TestApp } from './helpers';
import { buyerOf, type Buyer } from './order-fixtures';

// Bad input on the routes added after the specification (docs/ordering.md, the buyer's and the admin's orders, the
// operations lists): what an audit of them found answering 500 or refusing what it should take. Always a Spanish
// `{status, message}`, never a 5xx for a client's mistake (see bad-requests.test.ts for the rest).

let t: TestApp;
let buyer: Buyer;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({}, { worker: { pollMs: 50, backoffMs: () => 100, autoStart: false } });
  buyer = await buyerOf(t.app, '76123456-0');
  admin = (await login(t.app, '22222222-2', 'Admin1234')).token;
}, 60_000);
afterAll(() => t.close());

describe('an order number naming an id no order can have (beyond the 4-byte id column)', () => {
  it.each([
    ['the buyer\'s order detail', '/api/user/orders/OC99999999999', 'buyer'],
    ['the admin\'s order detail', '/api/admin/orders/OC99999999999', 'admin'],
    ['the admin\'s order detail, a reservation', '/api/admin/orders/RE2147483648', 'admin'],
  ])('%s is a 400 (not a 500 from the database)', async (_name, url, who) => {
    const res = await call(t.app, { method: 'GET', url, token: who === 'admin' ? admin : buyer.token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 400, message: 'Pedido inválido', fields: { id: 'Pedido inválido' } });
  });

  it.each([
    ['WebPay', '/api/user/tbk/create', { buy_order: 'OC99999999999', amount: 1 }],
    ['Khipu', '/api/user/khipu/payments', { orderReference: 'OC99999999999' }],
  ])('paying it with %s is the 404 of any order that does not exist', async (_name, url, payload) => {
    const res = await call(t.app, { method: 'POST', url, token: buyer.token, payload });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 404, message: 'Pedido no encontrado' });
  });
});

describe('a text with a NUL character', () => {
  const NUL = encodeURIComponent('a\u0000b');
  const refused = { status: 400, message: MSG.nulCharacter };

  it.each([
    ['the admin orders search', `/api/admin/orders?q=${NUL}`, 'q'],
    ['the admin orders CSV', `/api/admin/orders?q=${NUL}&format=csv`, 'q'],
    ['the jobs search', `/api/admin/jobs?q=${NUL}`, 'q'],
    ['the audit search', `/api/admin/audit?q=${NUL}`, 'q'],
    ['the audit actor', `/api/admin/audit?actor=${NUL}`, 'actor'],
    ['the audit record id', `/api/admin/audit?entityId=${NUL}`, 'entityId'],
    ['the users search', `/api/admin/users/list?q=${NUL}`, 'q'],
  ])('in %s is a 400 naming the field (PostgreSQL cannot compare it)', async (_name, url, field) => {
    const res = await call(t.app, { method: 'GET', url, token: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ ...refused, fields: { [field]: MSG.nulCharacter } });
  });

  it('in a body is a 400 naming the field, and nothing is stored or sent to the ERP', async () => {
    const curve = await call(t.app, { method: 'POST', url: '/api/user/curves', token: buyer.token, payload: { name: 'a\u0000b', sizes: [{ talla: 'M', ratio: 1 }] } });
    expect(curve.statusCode).toBe(400);
    expect(curve.json()).toEqual({ ...refused, fields: { name: MSG.nulCharacter } });
    expect((await call(t.app, { method: 'GET', url: '/api/user/curves', token: buyer.token })).json().curves).toEqual([]);

    const giroOf = () => (t.b1.data.BusinessPartners.find((p) => p.CardCode === 'C76123456') as unknown as Record<string, unknown>).U_Giro;
    const giro = giroOf();
    const profile = { giro: 'a\u0000b', mail: 'compras@confsur.cl', telefono: '1', businessPartner: 'C76123456', direcciones: [] };
    const res = await call(t.app, { method: 'POST', url: '/api/user/b1/update-profile', token: buyer.token, payload: profile });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ ...refused, fields: { giro: MSG.nulCharacter } });
    expect(giroOf()).toBe(giro);

    const lines = await call(t.app, { method: 'POST', url: '/api/user/quick-order/validate', token: buyer.token, payload: { lines: [{ row: 1, sku: 'POL-1001-M', quantity: 1 }, { row: 2, sku: 'a\u0000b', quantity: 1 }] } });
    expect(lines.json()).toEqual({ ...refused, fields: { 'lines[1].sku': MSG.nulCharacter } });
  });
});
