import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '@server/config';
import { CartService } from '@server/cart/cart.service';
import { CatalogService } from '@server/catalog/catalog.service';
import { NotificationsService } from '@server/notifications/notifications.service';
import { OPENAPI_PATH } from '@server/plugins/openapi';
import { SERVER_DIR } from '@server/paths';
import { generate } from '@server/tools/apiSchemas';
import { call, createTestApp, login, type TestApp } from './helpers';

let t: TestApp;
let buyer: { token: string; id: number };
let admin: { token: string };

beforeAll(async () => {
  t = await createTestApp({ openApi: true });
  buyer = await login(t.app, '76123456-0', 'Demo1234');
  admin = await login(t.app, '11.111.111-1', 'Admin1234');
}, 60_000);
afterAll(() => t.close());
afterEach(() => jest.restoreAllMocks());

describe('OpenAPI description (development only)', () => {
  it('lists every API route with its methods', async () => {
    const res = await call(t.app, { method: 'GET', url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    const missing: string[] = [];
    for (const route of t.app.routeAccess.keys()) {
      const [method, url] = route.split(' ') as [string, string];
      if (!url.startsWith('/api') || url === OPENAPI_PATH || method === 'HEAD') continue;
      const openApiPath = url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      if (!doc.paths[openApiPath]?.[method.toLowerCase()]) missing.push(route);
    }
    expect(missing).toEqual([]);
    // answers and requests are described: the cart's lines, the login's body
    const cart = doc.paths['/api/user/cart/find-by-userid/{userId}']!.get as { responses: Record<string, { content: Record<string, { schema: { properties: object; required?: string[] } }> }> };
    const cartSchema = cart.responses['200']!.content['application/json']!.schema;
    expect(Object.keys(cartSchema.properties)).toEqual(['items', 'totals']);
    expect(cartSchema.required).toEqual(['items', 'totals']);
    const loginBody = (doc.paths['/api/security/login']!.post as { requestBody: { content: Record<string, { schema: { properties: object } }> } }).requestBody;
    expect(Object.keys(loginBody.content['application/json']!.schema.properties)).toEqual(expect.arrayContaining(['username', 'password']));
  });

  it('is not served by an app built without openApi, and the production configuration leaves it off', async () => {
    const other = await createTestApp();
    try {
      expect((await call(other.app, { method: 'GET', url: OPENAPI_PATH })).statusCode).toBe(404);
    } finally {
      await other.close();
    }
    const env = { DATA_DIR: tmpdir(), JWT_SECRET: 'x'.repeat(40) };
    // development: the embedded mode without NODE_ENV=production
    expect(loadConfig(env).openApi).toBe(true);
    expect(loadConfig({ ...env, NODE_ENV: 'production' }).openApi).toBe(false);
    expect(loadConfig({ ...env, DATABASE_URL: 'postgres://portal@localhost/portal' }).openApi).toBe(false);
  }, 60_000);

  it('the answer schemas are current with the types of src/shared/api', () => {
    expect(readFileSync(path.join(SERVER_DIR, 'http/apiSchemas.ts'), 'utf8')).toBe(generate());
  }, 60_000);
});

describe('response schemas: a field the schema does not declare is never sent', () => {
  it('the cart (hot read)', async () => {
    const real = CartService.prototype.view;
    jest.spyOn(CartService.prototype, 'view').mockImplementation(async function (this: CartService, user) {
      const cart = await real.call(this, user);
      return { ...cart, internalCost: 1, totals: { ...cart.totals, margin: 2 } } as typeof cart;
    });
    const res = await call(t.app, { method: 'GET', url: `/api/user/cart/find-by-userid/${buyer.id}`, token: buyer.token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).not.toHaveProperty('internalCost');
    expect(body.totals).not.toHaveProperty('margin');
    expect(body).toHaveProperty('items');
    expect(body.totals).toHaveProperty('total');
  });

  it('the product detail (hot read)', async () => {
    const real = CatalogService.prototype.detail;
    jest.spyOn(CatalogService.prototype, 'detail').mockImplementation(async function (this: CatalogService, sku) {
      const detail = await real.call(this, sku);
      return { ...detail, costPrice: 1, relacionados: detail.relacionados.map((r) => ({ ...r, warehouse: 'X' })) } as typeof detail;
    });
    const list = await call(t.app, { method: 'GET', url: '/api/user/b1/catalog/products', token: buyer.token });
    const sku = (list.json() as { sku: string }[])[0]!.sku;
    const res = await call(t.app, { method: 'GET', url: `/api/user/b1/products-detail/${sku}`, token: buyer.token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).not.toHaveProperty('costPrice');
    expect(body.relacionados.length).toBeGreaterThan(0);
    for (const r of body.relacionados) expect(r).not.toHaveProperty('warehouse');
    expect(body).toHaveProperty('precio');
  });

  it('an admin read', async () => {
    jest.spyOn(NotificationsService.prototype, 'list').mockResolvedValue([
      { id: 1, name: 'A', lastName: 'B', email: 'a@b.example', section: 'RESERVE', passwordHash: 'secret' } as never,
    ]);
    const res = await call(t.app, { method: 'GET', url: '/api/admin/admin-emails', token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ id: 1, name: 'A', lastName: 'B', email: 'a@b.example', section: 'RESERVE' }]);
  });
});
