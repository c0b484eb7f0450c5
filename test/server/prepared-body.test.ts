// Prepared bodies: serialized, compressed and tagged once, answered with revalidation; the ERP's reference lists and
// the public configuration take that path, prepared once per list the ERP service holds.
import { gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { etagMatches, preparedPerValue, sendPrepared } from '@server/http/preparedBody';
import { call, createTestApp, login, type TestApp } from './helpers';

describe('etagMatches (If-None-Match)', () => {
  const etag = '"abc"';
  it('matches the exact tag, a list holding it, its weak form and *', () => {
    expect(etagMatches('"abc"', etag)).toBe(true);
    expect(etagMatches('"x", "abc"', etag)).toBe(true);
    expect(etagMatches('W/"abc"', etag)).toBe(true);
    expect(etagMatches(' * ', etag)).toBe(true);
  });
  it('does not match another tag, a prefix of it or nothing', () => {
    expect(etagMatches(undefined, etag)).toBe(false);
    expect(etagMatches('"abcd"', etag)).toBe(false);
    expect(etagMatches('"ab', etag)).toBe(false);
    expect(etagMatches('abc', etag)).toBe(false);
    expect(etagMatches('', etag)).toBe(false);
  });
});

describe('preparedPerValue', () => {
  it("serializes with the route's response schema once per object; a new object is prepared again", async () => {
    const app = Fastify();
    const prepared = preparedPerValue({ cacheControl: 'private, max-age=60' });
    let current: object = [{ code: 'A', name: 'Uno', secret: 'no debe salir' }];
    const seen = new Set<unknown>();
    app.get('/list', { schema: { response: { 200: { type: 'array', items: { type: 'object', properties: { code: { type: 'string' }, name: { type: 'string' } } } } } } }, (request, reply) => {
      const body = prepared(reply, current);
      seen.add(body);
      return sendPrepared(request, reply, body);
    });
    const first = await app.inject({ method: 'GET', url: '/list', headers: { 'accept-encoding': 'gzip' } });
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(first.headers['cache-control']).toBe('private, max-age=60');
    // undeclared fields are dropped, as the per-request serializer would
    expect(JSON.parse(gunzipSync(first.rawPayload).toString())).toEqual([{ code: 'A', name: 'Uno' }]);
    const again = await app.inject({ method: 'GET', url: '/list' });
    expect(again.json()).toEqual([{ code: 'A', name: 'Uno' }]);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(seen.size).toBe(1);
    const notModified = await app.inject({ method: 'GET', url: '/list', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);

    current = [{ code: 'B', name: 'Dos' }];
    const changed = await app.inject({ method: 'GET', url: '/list', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual([{ code: 'B', name: 'Dos' }]);
    expect(seen.size).toBe(2);
    await app.close();
  });
});

describe('routes answered from memory take the prepared path', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({}, { worker: { autoStart: false } });
    token = (await login(t.app, '76123456-0', 'Demo1234')).token;
  }, 60_000);
  afterAll(() => t.close());

  it.each(['/api/user/b1/region', '/api/user/b1/pais', '/api/user/b1/tipo-transport'])('%s: gzip, ETag, 304, the same list each time', async (url) => {
    const first = await call(t.app, { method: 'GET', url, token, headers: { 'accept-encoding': 'gzip, br' } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const list = JSON.parse(gunzipSync(first.rawPayload).toString()) as unknown[];
    expect(list.length).toBeGreaterThan(0);
    const plain = await call(t.app, { method: 'GET', url, token });
    expect(plain.json()).toEqual(list);
    expect(plain.headers.etag).toBe(first.headers.etag);
    const revalidated = await call(t.app, { method: 'GET', url, token, headers: { 'if-none-match': String(first.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);
    // still behind the session
    expect((await call(t.app, { method: 'GET', url, headers: { 'if-none-match': String(first.headers.etag) } })).statusCode).toBe(401);
  });

  it('the ERP service hands out the same frozen list while its cache holds it', async () => {
    const erp = t.erp;
    const [a, b] = [await erp.listCountries(), await erp.listCountries()];
    expect(a).toBe(b);
    expect(Object.isFrozen(a)).toBe(true);
    expect(Object.isFrozen(a[0])).toBe(true);
    expect(await erp.listTransports()).toBe(await erp.listTransports());
    expect(await erp.listRegions()).toBe(await erp.listRegions());
  });

  it('/api/public-config: 304 on revalidation, browser-cacheable for 5 minutes, without a session', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/public-config' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, max-age=300');
    const again = await t.app.inject({ method: 'GET', url: '/api/public-config', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('private, max-age=300');
  });
});
