import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '@server/config';
import { CartService } from '@server/cart/cart.service';
import { CatalogService } from '@server/catalog/catalog.service';
import { NotificationsService } from '@server/notifications/notifications.service';
import { OPENAPI_PATH } from '@server/plugins/openapi';
import { ROUTE_DOCS } from '@server/plugins/openapiRoutes';
import { registerFaultControl } from '@server/embedded';
import type { FaultControl } from '@server/dev/faultRoutes';
import { validate } from '@readme/openapi-parser';
import { SERVER_DIR } from '@server/paths';
import { generate } from '@server/tools/apiSchemas';
import { call, createTestApp, login, type TestApp } from './helpers';
import { setRecipients } from './mail-fixtures';

let t: TestApp;
let buyer: { token: string; id: number };
let admin: { token: string };
let doc: OpenApiDoc;

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  'x-portal-access'?: string;
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Record<string, unknown> }> }>;
}
interface OpenApiDoc {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, Record<string, unknown>>; schemas: Record<string, { required?: string[] }> };
}
const operations = () => Object.entries(doc.paths).flatMap(([url, ops]) => Object.entries(ops).map(([method, op]) => ({ route: `${method.toUpperCase()} ${url}`, method, url, op })));
const jsonSchema = (op: Operation, code: string) => op.responses[code]!.content!['application/json']!.schema as { properties: object; required?: string[]; anyOf?: { title: string }[] };

beforeAll(async () => {
  // with the stand-ins' fault switches registered, as the embedded mode does: they must stay out of the description
  t = await createTestApp({ openApi: true }, {}, (app) => {
    void registerFaultControl(app, { embedded: true, standIns: [{ name: 'b1', state: () => ({}), change: () => ({}), reset: () => undefined } as unknown as FaultControl], env: {} });
  });
  buyer = await login(t.app, '76123456-0', 'Demo1234');
  admin = await login(t.app, '11.111.111-1', 'Admin1234');
  const res = await call(t.app, { method: 'GET', url: OPENAPI_PATH });
  expect(res.statusCode).toBe(200);
  doc = res.json() as OpenApiDoc;
}, 60_000);
afterAll(() => t.close());
afterEach(() => jest.restoreAllMocks());

describe('OpenAPI description', () => {
  it('lists every API route with its methods, and neither the fault switches nor static content', async () => {
    expect(doc.openapi).toMatch(/^3\./);
    const missing: string[] = [];
    expect([...t.app.routeAccess.keys()].some((r) => r.includes('/api/dev/'))).toBe(true);
    for (const route of t.app.routeAccess.keys()) {
      const [method, url] = route.split(' ') as [string, string];
      if (!url.startsWith('/api') || url.startsWith('/api/dev/') || url === OPENAPI_PATH || method === 'HEAD') continue;
      const openApiPath = url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      if (!doc.paths[openApiPath]?.[method.toLowerCase()]) missing.push(route);
    }
    expect(missing).toEqual([]);
    expect(Object.keys(doc.paths).filter((p) => !p.startsWith('/api/') || p.startsWith('/api/dev'))).toEqual([]);
    expect(operations().filter((o) => o.method === 'head')).toEqual([]);
    // answers and requests are described: the cart's lines, the login's body
    const cartSchema = jsonSchema(doc.paths['/api/user/cart/find-by-userid/{userId}']!.get!, '200');
    expect(Object.keys(cartSchema.properties)).toEqual(['items', 'totals']);
    expect(cartSchema.required).toEqual(['items', 'totals']);
    const loginBody = doc.paths['/api/security/login']!.post!.requestBody!;
    expect(Object.keys(loginBody.content['application/json']!.schema.properties as object)).toEqual(expect.arrayContaining(['username', 'password']));
  });

  it('what openapiRoutes.ts adds names routes that exist', () => {
    expect(Object.keys(ROUTE_DOCS).filter((route) => !t.app.routeAccess.has(route))).toEqual([]);
  });

  it('is a valid OpenAPI 3.1 document (a third-party validator)', async () => {
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
  });

  /** Public routes declared `xsrf: false`: their body carries its own secret (the mailed unsubscribe token). */
  const XSRF_EXEMPT = ['POST /api/public/stock-alerts/unsubscribe'];

  it('names each operation once, in camelCase, and says who may call it', () => {
    const ids = operations().map((o) => o.op.operationId);
    expect(ids.filter((id) => !id || !/^[a-z][A-Za-z0-9]*$/.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/user/cart/find-by-userid/{userId}']!.get!.operationId).toBe('getUserCartFindByUseridByUserId');
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['bearerToken', 'xsrfToken']);
    expect(doc.components.securitySchemes.xsrfToken).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-xsrf-token' });
    expect(doc.components.securitySchemes.bearerToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const { route, method, op } of operations()) {
      const access = t.app.routeAccess.get(route.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1'));
      expect([route, op['x-portal-access']]).toEqual([route, access]);
      const schemes = Object.keys(op.security?.[0] ?? {}).sort();
      const needs = [...(['session', 'buyer', 'admin', 'rep'].includes(access!) ? ['bearerToken'] : []), ...(method !== 'get' && access !== 'provider' && !XSRF_EXEMPT.includes(route) ? ['xsrfToken'] : [])].sort();
      expect([route, op.security && schemes]).toEqual([route, needs]);
      // a second requirement only where a visitor may also come with a session
      if ((op.security?.length ?? 0) > 1) expect([route, access, Object.keys(op.security![1]!)]).toEqual([route, 'public', expect.arrayContaining(['bearerToken'])]);
    }
    expect(doc.paths['/api/admin/users']!.post!.security).toEqual([{ bearerToken: [], xsrfToken: [] }]);
    expect(doc.paths['/api/health']!.get!.security).toEqual([]);
    expect(doc.paths['/api/user/sendmail/section/{section}']!.get!.security).toEqual([{}, { bearerToken: [] }]);
    expect(doc.paths['/api/user/sendmail/section/{section}']!.get!.responses['401']).toBeDefined();
    expect(doc.paths['/api/security/login']!.post!.responses['429']).toBeDefined();
    const order = doc.paths['/api/orders']!.post! as Operation & { parameters: { in: string; name: string; required?: boolean }[] };
    expect(order.parameters).toContainEqual(expect.objectContaining({ in: 'header', name: 'idempotency-key', required: false }));
    expect(Object.keys(order.responses)).toEqual(expect.arrayContaining(['409', '422']));
    // a rule of the service: the admin's own account
    expect(doc.paths['/api/admin/users/{id}']!.delete!.responses['409']!.description).toContain('SUPERADMIN');
  });

  it('documents the failures as {status, message}, a body for every POST and PUT, and every success answer', async () => {
    expect(doc.components.schemas.ErrorAnswer!.required).toEqual(['status', 'message']);
    const declared = Object.keys((doc.components.schemas.ErrorAnswer as { properties: object }).properties);
    for (const failure of [{ method: 'GET', url: '/api/user/orders' }, { method: 'POST', url: '/api/security/login', payload: {} }, { method: 'GET', url: '/api/admin/users/0', token: admin.token }]) {
      const res = await call(t.app, failure);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(declared).toEqual(expect.arrayContaining(Object.keys(res.json())));
      expect(Object.keys(res.json())).toEqual(expect.arrayContaining(['status', 'message']));
    }
    // what a public read without input can fail with is not its own: a 405 for another method, a 5xx
    const noFailure = ['GET /api/security/xsrf', 'GET /api/user/quick-order/template.csv', 'GET /api/user/quick-order/template.xlsx', 'GET /api/payments/webpay/return', 'GET /api/health', 'GET /api/ready', 'GET /api/public-config'];
    const problems: string[] = [];
    for (const { route, method, url, op } of operations()) {
      const failures = Object.keys(op.responses).filter((c) => c.startsWith('4'));
      if (!failures.length && !noFailure.includes(route)) problems.push(`${route}: no 4xx`);
      for (const c of failures) if ((op.responses[c]!.content!['application/json']!.schema as { $ref?: string }).$ref !== '#/components/schemas/ErrorAnswer') problems.push(`${route}: ${c}`);
      if ((method === 'post' || method === 'put') && !op.requestBody) problems.push(`${route}: no body`);
      const successes = Object.entries(op.responses).filter(([c]) => /^[23]/.test(c));
      if (!successes.length) problems.push(`${route}: no success answer`);
      for (const [c, answer] of successes) {
        if (answer.description === 'Default Response') problems.push(`${route}: ${c} undescribed`);
        if (c === '200' || c === '201') for (const [type, media] of Object.entries(answer.content ?? {})) if (!media.schema.type && !media.schema.anyOf && !media.schema.oneOf) problems.push(`${route}: ${c} ${type} no schema`);
        if (c === '204' && answer.content) problems.push(`${route}: 204 with content`);
      }
      if (op['x-portal-access'] !== 'public' && op['x-portal-access'] !== 'provider' && !op.responses['401']) problems.push(`${route}: no 401`);
      if (url.includes('{') && !op.responses['404']) problems.push(`${route}: no 404`);
    }
    expect(problems).toEqual([]);
    const banner = doc.paths['/api/admin/banners']!.post!.requestBody!.content['multipart/form-data']!.schema as { properties: Record<string, object> };
    expect(banner.properties.bannerImageFile).toEqual({ type: 'string', format: 'binary' });
    expect(Object.keys(doc.paths['/api/user/pay-cheque']!.post!.requestBody!.content)).toEqual(['multipart/form-data']);
    expect(Object.keys(doc.paths['/api/user/quick-order/file']!.post!.requestBody!.content)).toEqual(['multipart/form-data']);
    expect(Object.keys(doc.paths['/api/admin/products']!.post!.requestBody!.content)).toEqual(['multipart/form-data']);
    // the admin user form: a creation (no id, a password) or an update (an id)
    const userForm = doc.paths['/api/admin/users']!.post!.requestBody!.content['application/json']!.schema as { oneOf: { required: string[] }[] };
    expect(userForm.oneOf).toHaveLength(2);
    expect(userForm.oneOf[0]!.required).toEqual(expect.arrayContaining(['username', 'password']));
    expect(userForm.oneOf[1]!.required).toEqual(expect.arrayContaining(['id']));
    expect(doc.paths['/api/security/xsrf']!.get!.responses['204']).toBeDefined();
    expect(doc.paths['/api/user/cart/clear-cart/{userId}']!.delete!.responses['204']).toBeDefined();
    for (const list of ['/api/admin/users/list', '/api/admin/orders', '/api/admin/jobs', '/api/admin/audit']) {
      expect([list, Object.keys(doc.paths[list]!.get!.responses['200']!.content!).sort()]).toEqual([list, ['application/json', 'text/csv']]);
    }
    // the visitor's answer (id and section) is one of the documented forms
    const recipient = jsonSchema(doc.paths['/api/user/sendmail/section/{section}']!.get!, '200');
    expect(recipient.anyOf!.map((s) => s.title)).toEqual(['NotificationRecipient', 'PublicRecipient']);
  });

  it('what a visitor is answered for the CREATION_USER recipient holds every field its schema requires', async () => {
    await setRecipients(t.database.db, ['CREATION_USER']);
    const res = await call(t.app, { method: 'GET', url: '/api/user/sendmail/section/CREATION_USER' });
    expect(res.statusCode).toBe(200);
    const forms = jsonSchema(doc.paths['/api/user/sendmail/section/{section}']!.get!, '200').anyOf as unknown as { required: string[] }[];
    const body = res.json() as Record<string, unknown>;
    expect(forms.some((f) => f.required.every((k) => k in body))).toBe(true);
  });

  it('is served in every mode unless OPENAPI=off, and not by an app built without it', async () => {
    const other = await createTestApp({ openApi: false });
    try {
      expect((await call(other.app, { method: 'GET', url: OPENAPI_PATH })).statusCode).toBe(404);
    } finally {
      await other.close();
    }
    const env = { DATA_DIR: tmpdir(), JWT_SECRET: 'x'.repeat(40) };
    expect(loadConfig(env).openApi).toBe(true);
    expect(loadConfig({ ...env, NODE_ENV: 'production' }).openApi).toBe(true);
    expect(loadConfig({ ...env, DATABASE_URL: 'postgres://portal@localhost/portal' }).openApi).toBe(true);
    expect(loadConfig({ ...env, OPENAPI: 'off' }).openApi).toBe(false);
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
