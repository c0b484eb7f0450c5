import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { call, createTestApp, login, type TestApp } from './helpers';

let t: TestApp;
let buyer: { token: string; id: number };
const clientDir = mkdtempSync(path.join(tmpdir(), 'portal-client-'));
const script = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;

beforeAll(async () => {
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(path.join(clientDir, 'index.html'), `<!doctype html><html><head><title>Portal</title></head><body>${'<p>portal</p>'.repeat(200)}</body></html>`);
  writeFileSync(path.join(clientDir, 'assets', 'app-1234.js'), script);
  t = await createTestApp({ clientDir });
  buyer = await login(t.app, '76123456-0', 'Demo1234');
}, 60_000);
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('compression', () => {
  it("compresses the SPA's files, keeping their cache headers", async () => {
    const res = await call(t.app, { method: 'GET', url: '/assets/app-1234.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(res.rawPayload).toString()).toBe(script);

    const page = await call(t.app, { method: 'GET', url: '/catalogo', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<title>Portal</title>');
  });

  it('compresses JSON answers of 1 kB or more, not smaller ones, and not without accept-encoding', async () => {
    const big = await call(t.app, { method: 'GET', url: `/api/user/cart/find-by-userid/${buyer.id}`, token: buyer.token });
    expect(big.statusCode).toBe(200);
    const home = await call(t.app, { method: 'GET', url: '/api/user/home/offer', token: buyer.token, headers: { 'accept-encoding': 'gzip' } });
    expect(home.statusCode).toBe(200);
    const plain = await call(t.app, { method: 'GET', url: '/api/user/home/offer', token: buyer.token });
    expect(plain.headers['content-encoding']).toBeUndefined();
    if (plain.rawPayload.length >= 1024) {
      expect(home.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(home.rawPayload).toString())).toEqual(plain.json());
    }
    const small = await call(t.app, { method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });

  it('sends a prepared (already gzipped) catalogue body once compressed, not twice', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/user/b1/catalog/products', token: buyer.token, headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(Array.isArray(JSON.parse(gunzipSync(res.rawPayload).toString()))).toBe(true);
  });

  it('decompresses request bodies of writes, and has no decompression step on GETs (they carry no body)', async () => {
    const body = gzipSync(JSON.stringify({ username: '76123456-0', password: 'Demo1234' }));
    const res = await call(t.app, { method: 'POST', url: '/api/security/login', payload: body, headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toEqual(expect.any(String));
    const unsupported = await call(t.app, { method: 'POST', url: '/api/security/login', payload: body, headers: { 'content-type': 'application/json', 'content-encoding': 'x-unknown' } });
    expect(unsupported.statusCode).toBe(415);
    // the same header on a GET is not looked at: there is nothing to decompress
    const get = await call(t.app, { method: 'GET', url: '/api/health', headers: { 'content-encoding': 'x-unknown' } });
    expect(get.statusCode).toBe(200);
  });
});
