import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { call, createTestApp, type TestApp } from './helpers';

// The built SPA as `vite build` leaves it: every text file with a .br and a .gz copy beside it (vite.config.ts). The
// copies are written with a marker the on-the-fly compression could not produce, so a test can tell which was sent.

let t: TestApp;
const clientDir = mkdtempSync(path.join(tmpdir(), 'portal-client-'));
const script = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
const page = `<!doctype html><html><head><title>Portal</title></head><body>${'<p>portal</p>'.repeat(200)}</body></html>`;
const loginPage = `<!doctype html><html><head><title>Ingreso clientes</title></head><body>${'<p>ingreso</p>'.repeat(200)}</body></html>`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

function writeWithCopies(file: string, text: string) {
  writeFileSync(file, text);
  writeFileSync(`${file}.gz`, gzipSync(`${text}/*gz*/`));
  writeFileSync(`${file}.br`, brotliCompressSync(`${text}/*br*/`));
}

beforeAll(async () => {
  mkdirSync(path.join(clientDir, 'assets'));
  writeWithCopies(path.join(clientDir, 'index.html'), page);
  writeWithCopies(path.join(clientDir, 'login.html'), loginPage);
  writeWithCopies(path.join(clientDir, 'assets', 'index-Ab12Cd34.js'), script);
  // a file the build left without copies (its compressed form would not be smaller)
  writeFileSync(path.join(clientDir, 'assets', 'tiny-Ef56Gh78.js'), 'export{};');
  t = await createTestApp({ clientDir });
}, 60_000);
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const varies = (value: unknown) => String(value ?? '').toLowerCase().split(/\s*,\s*/).includes('accept-encoding');

describe('the built SPA, sent from its compressed copies', () => {
  it('sends the brotli copy of a hashed asset when the browser takes brotli, cached for a year', async () => {
    const res = await call(t.app, { method: 'GET', url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(varies(res.headers.vary)).toBe(true);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(`${script}/*br*/`);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
  });

  it('sends the gzip copy to a browser without brotli, and the file itself to one that takes neither', async () => {
    const gz = await call(t.app, { method: 'GET', url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(`${script}/*gz*/`);
    expect(gz.headers['cache-control']).toBe(IMMUTABLE);
    expect(varies(gz.headers.vary)).toBe(true);

    const refused = await call(t.app, { method: 'GET', url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.payload).toBe(script);

    const plain = await call(t.app, { method: 'GET', url: '/assets/index-Ab12Cd34.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(script);
    // a shared cache must not hand this uncompressed answer to a browser that takes brotli
    expect(varies(plain.headers.vary)).toBe(true);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('answers every client route with the compressed index.html, /login with login.html, never cached, with the security headers', async () => {
    for (const [url, html] of [['/', page], ['/login', loginPage], ['/login?x=1', loginPage], ['/user/catalog?x=1', page], ['/login/other', page]] as const) {
      const res = await call(t.app, { method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(varies(res.headers.vary)).toBe(true);
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(`${html}/*br*/`);
    }
    const gz = await call(t.app, { method: 'GET', url: '/login', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(`${loginPage}/*gz*/`);
  });

  it('revalidates a compressed copy by its own ETag', async () => {
    const first = await call(t.app, { method: 'GET', url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'br' } });
    const etag = String(first.headers.etag);
    expect(etag).toBeTruthy();
    const plain = await call(t.app, { method: 'GET', url: '/assets/index-Ab12Cd34.js' });
    expect(plain.headers.etag).not.toBe(etag);
    const again = await call(t.app, { method: 'GET', url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('answers HEAD like GET, without a body', async () => {
    const res = await call(t.app, { method: 'HEAD', url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.length).toBe(0);
  });

  it('still sends a file the build left without copies (compressed on the fly), and a missing asset is a 404', async () => {
    const tiny = await call(t.app, { method: 'GET', url: '/assets/tiny-Ef56Gh78.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(tiny.statusCode).toBe(200);
    const body = tiny.headers['content-encoding'] === 'br' ? brotliDecompressSync(tiny.rawPayload).toString() : tiny.payload;
    expect(body).toBe('export{};');
    expect(tiny.headers['cache-control']).toBe(IMMUTABLE);

    const missing = await call(t.app, { method: 'GET', url: '/assets/gone-00000000.js', headers: { 'accept-encoding': 'br' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ status: 404 });
  });
});
