import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isValidKey, keyOfUrl, publicUrl } from '@server/storage/fileStore';
import { LocalDiskStore } from '@server/storage/localDiskStore';
import { call, createTestApp, type TestApp } from './helpers';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e0a1f9e70000000049454e44ae426082', 'hex');
const SECRET = 'no-debe-salir-nunca-0123456789';

describe('file keys and urls', () => {
  it('accepts folder/name keys and refuses anything that could leave the root', () => {
    for (const key of ['products/POL-1001.jpg', 'products/POL-1001_GUIDE.jpg', 'banners/banner_1.svg', 'tecnologias/1.png']) expect(isValidKey(key)).toBe(true);
    for (const key of ['', '../jwt-secret', 'products/../../jwt-secret', '/etc/passwd', 'a//b', '.hidden', 'products/.env', 'a\\b', 'a/..', 'products/a b.jpg', 'x/%2e%2e/y']) {
      expect(isValidKey(key)).toBe(false);
    }
  });

  it('builds versioned urls and reads keys back', () => {
    expect(publicUrl('products/POL-1001.jpg', 1700000000123.7)).toBe('/files/products/POL-1001.jpg?v=1700000000123');
    expect(publicUrl('tecnologias/1.png')).toBe('/files/tecnologias/1.png');
    expect(keyOfUrl('/files/products/POL-1001.jpg?v=17')).toBe('products/POL-1001.jpg');
    expect(keyOfUrl('/files/../jwt-secret')).toBeUndefined();
    expect(keyOfUrl('https://elsewhere/x.png')).toBeUndefined();
  });
});

describe('local disk store', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(path.join(tmpdir(), 'store-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('puts, replaces with a new version, checks and deletes', async () => {
    const store = new LocalDiskStore(path.join(dir, 'files'));
    const first = await store.put('products/POL-1001.png', PNG, 'image/png');
    expect(first).toMatch(/^\/files\/products\/POL-1001\.png\?v=\d{13}$/);
    expect(readFileSync(path.join(dir, 'files/products/POL-1001.png'))).toEqual(PNG);
    expect(await store.exists('products/POL-1001.png')).toBe(true);
    await new Promise((r) => setTimeout(r, 15));
    const second = await store.put('products/POL-1001.png', Buffer.concat([PNG, Buffer.from([0])]), 'image/png');
    expect(second).not.toBe(first);
    await store.delete('products/POL-1001.png');
    await store.delete('products/POL-1001.png');
    expect(await store.exists('products/POL-1001.png')).toBe(false);
  });

  it('refuses keys outside its folder', async () => {
    const store = new LocalDiskStore(path.join(dir, 'files'));
    await expect(store.put('../jwt-secret', Buffer.from('x'), 'text/plain')).rejects.toThrow('clave de archivo inválida');
    expect(() => store.pathOf('products/../../x')).toThrow();
    expect(await store.exists('../../etc/passwd')).toBe(false);
  });
});

describe('GET /files/', () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'portal-data-'));
    writeFileSync(path.join(dir, 'jwt-secret'), SECRET);
    t = await createTestApp({}, { filesDir: path.join(dir, 'files') });
    await t.app.files.put('products/POL-1001.png', PNG, 'image/png');
    await t.app.files.put('products/POL-1001.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml');
    writeFileSync(path.join(dir, 'files', '.hidden'), SECRET);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string) => call(t.app, { method: 'GET', url });

  it('serves a stored file to anyone, cached for a year when the url is versioned', async () => {
    const res = await get('/files/products/POL-1001.png?v=1700000000000');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload).toEqual(PNG);
    expect((await get('/files/products/POL-1001.png')).headers['cache-control']).toBe('public, max-age=86400');
  });

  it('serves svg with a policy that keeps scripts from running', async () => {
    const res = await get('/files/products/POL-1001.svg?v=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['content-security-policy']).toContain('sandbox');
  });

  it('answers a missing file, a folder and the root with a JSON 404 (no listing)', async () => {
    for (const url of ['/files/products/NADA.png', '/files/products/', '/files/products', '/files/', '/files']) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 404, message: 'Recurso no encontrado' });
    }
  });

  it('never serves files outside its folder, however the path is spelled', async () => {
    const attempts = [
      '/files/../jwt-secret',
      '/files/%2e%2e/jwt-secret',
      '/files/..%2fjwt-secret',
      '/files/%2e%2e%2fjwt-secret',
      '/files/%2E%2E%2Fjwt-secret',
      '/files/.%2e/jwt-secret',
      '/files/products/..%2f..%2fjwt-secret',
      '/files/products/%2e%2e/%2e%2e/jwt-secret',
      '/files/..%5cjwt-secret',
      '/files/%252e%252e%252fjwt-secret',
      '/files/..%c0%afjwt-secret',
      '/files//jwt-secret',
      '/files/.hidden',
      '/files/%2ehidden',
    ];
    for (const url of attempts) {
      const res = await get(url);
      expect([400, 403, 404]).toContain(res.statusCode);
      expect(res.body).not.toContain(SECRET);
    }
  });
});
