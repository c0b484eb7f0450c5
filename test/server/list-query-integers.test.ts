// The integer query parameters of every paged list (page, pageSize, the admin orders' userId) are plain decimal digits:
// '1e2', '0x10', ' 5', '5.0' and '+5' are refused with a 400 {status, message} in Spanish that names the parameter,
// where yup's number had read them as 100, 16 and 5. One rule in the shared list schemas, so every list route has it.
import { call, createTestApp, login, type TestApp } from './helpers';

let t: TestApp;
let admin: string;
let buyer: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app, '22222222-2', 'Admin1234')).token;
  buyer = (await login(t.app, '76123456-0', 'Demo1234')).token;
}, 60_000);
afterAll(() => t.close());

const ODD = ['1e2', '0x10', ' 5', '5.0', '+5', '5 ', '1_0', '-0', '', 'Infinity'];
const LISTS = [
  { url: '/api/user/orders', who: () => buyer },
  { url: '/api/admin/orders', who: () => admin },
  { url: '/api/admin/jobs', who: () => admin },
  { url: '/api/admin/audit', who: () => admin },
  { url: '/api/admin/users/list', who: () => admin },
];
const PARAMS = [
  { name: 'page', message: 'Página inválida' },
  { name: 'pageSize', message: 'Tamaño de página inválido' },
];

const get = (url: string, token: string) => call(t.app, { method: 'GET', url, token });

describe.each(LISTS)('$url', ({ url, who }) => {
  it.each(PARAMS)('$name: only plain decimal digits; anything else is a 400 naming it', async ({ name, message }) => {
    for (const value of ODD) {
      const res = await get(`${url}?${name}=${encodeURIComponent(value)}`, who());
      expect({ value, status: res.statusCode, body: res.json() }).toEqual({
        value,
        status: 400,
        body: expect.objectContaining({ status: 400, message, fields: { [name]: message } }),
      });
    }
    // the same number written plainly is taken
    expect((await get(`${url}?${name}=5`, who())).statusCode).toBe(200);
    expect((await get(`${url}?${name}=05`, who())).statusCode).toBe(200);
  });

  it('page=1e2 is not page 100', async () => {
    const res = await get(`${url}?page=1e2&pageSize=10`, who());
    expect(res.json()).toMatchObject({ status: 400, message: 'Página inválida' });
  });
});

it("the admin orders' userId filter: digits only", async () => {
  for (const value of ['1e2', '0x10', ' 5', '5.0', '+5']) {
    const res = await get(`/api/admin/orders?userId=${encodeURIComponent(value)}`, admin);
    expect(res.json()).toEqual(expect.objectContaining({ status: 400, message: 'Identificador de usuario inválido', fields: { userId: 'Identificador de usuario inválido' } }));
  }
  expect((await get('/api/admin/orders?userId=5', admin)).statusCode).toBe(200);
});
