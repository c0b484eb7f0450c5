import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import securityHeaders, { formActionSources, helmetOptions, securityHeaderValues } from '@server/plugins/securityHeaders';
import { call, createTestApp, type TestApp } from './helpers';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e0a1f9e70000000049454e44ae426082', 'hex');

let t: TestApp;
let clientDir: string;

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'portal-client-'));
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>');
  t = await createTestApp({ clientDir, publicUrl: 'https://portal.example.cl' });
  await t.app.files.put('products/POL-1001.png', PNG, 'image/png');
  await t.app.files.put('products/POL-1001.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'), 'application/pdf');
  await t.app.files.put('products/notes.html', Buffer.from('<script>alert(1)</script>'), 'text/html');
  await t.app.files.put('banners/b.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/svg+xml');
}, 60_000);
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

/** The CSP as directive -> sources. */
function csp(res: LightMyRequestResponse): Map<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...sources] = d.split(/\s+/);
        return [name!, sources] as const;
      }),
  );
}

function expectBaseHeaders(res: LightMyRequestResponse) {
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
  expect(res.headers['x-powered-by']).toBeUndefined();
}

function expectSpaCsp(res: LightMyRequestResponse) {
  const policy = csp(res);
  expect(policy.get('default-src')).toEqual(["'self'"]);
  expect(policy.get('script-src')).toEqual(["'self'"]);
  expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  expect(policy.get('connect-src')).toEqual(["'self'"]);
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
  // /payment posts token_ws to WebPay (here the stand-in) and the payer may end on Khipu's page
  expect(policy.get('form-action')).toEqual(["'self'", new URL(t.webpay.url).origin, new URL(t.khipu.url).origin]);
  expect(String(res.headers['content-security-policy'])).not.toContain('unsafe-eval');
}

describe('security headers', () => {
  it('sends them with the SPA at /', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expectBaseHeaders(res);
    expectSpaCsp(res);
    // a client route is the same page with the same headers
    const route = await t.app.inject({ method: 'GET', url: '/catalogo' });
    expectSpaCsp(route);
  });

  it('sends them with API answers: a 200, a 401, a 404 and a 400', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(ok.statusCode).toBe(200);
    expectBaseHeaders(ok);
    expectSpaCsp(ok);
    const unauthorized = await call(t.app, { method: 'GET', url: '/api/security/me' });
    expect(unauthorized.statusCode).toBe(401);
    expectBaseHeaders(unauthorized);
    expectSpaCsp(unauthorized);
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(missing.statusCode).toBe(404);
    expectBaseHeaders(missing);
    const invalid = await call(t.app, { method: 'POST', url: '/api/security/login', payload: {} });
    expect(invalid.statusCode).toBe(400);
    expectBaseHeaders(invalid);
    expectSpaCsp(invalid);
  });

  it('serves /files so that nothing uploaded runs as a page of the portal', async () => {
    const image = await t.app.inject({ method: 'GET', url: '/files/products/POL-1001.png' });
    expect(image.statusCode).toBe(200);
    expectBaseHeaders(image);
    expect(csp(image).get('default-src')).toEqual(["'none'"]);
    expect(csp(image).has('sandbox')).toBe(true);
    expect(image.headers['content-disposition']).toBeUndefined();

    const svg = await t.app.inject({ method: 'GET', url: '/files/banners/b.svg' });
    expect(svg.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(csp(svg).get('default-src')).toEqual(["'none'"]);
    expect(csp(svg).has('sandbox')).toBe(true);
    expect(csp(svg).has('script-src')).toBe(false);

    const pdf = await t.app.inject({ method: 'GET', url: '/files/products/POL-1001.pdf' });
    expect(pdf.headers['content-type']).toMatch(/application\/pdf/);
    expect(csp(pdf).get('default-src')).toEqual(["'none'"]);
    expect(pdf.headers['content-disposition']).toBeUndefined();
    expect(pdf.headers['x-content-type-options']).toBe('nosniff');

    const html = await t.app.inject({ method: 'GET', url: '/files/products/notes.html' });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-disposition']).toBe('attachment');
    expect(csp(html).get('default-src')).toEqual(["'none'"]);
    expect(csp(html).has('sandbox')).toBe(true);
    expect(html.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('the header plugin on its own', () => {
  it('sends every header helmet wrote with these options, with the same values, on answers and 404s alike', async () => {
    const app = Fastify();
    await app.register(securityHeaders, { publicUrl: 'https://portal.example.cl', webpayBaseUrl: 'https://webpay3g.transbank.cl', khipuBaseUrl: 'https://payment-api.khipu.com' });
    app.get('/x', async () => ({ ok: true }));
    const expected = {
      'content-security-policy':
        "default-src 'self';base-uri 'self';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;" +
        "font-src 'self' data:;connect-src 'self';media-src 'self';object-src 'none';frame-src 'none';worker-src 'self' blob:;manifest-src 'self';" +
        "form-action 'self' https://webpay3g.transbank.cl https://payment-api.khipu.com https://khipu.com;frame-ancestors 'none'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'DENY',
      'x-permitted-cross-domain-policies': 'none',
    };
    expect(securityHeaderValues(helmetOptions({ publicUrl: 'https://portal.example.cl', webpayBaseUrl: 'https://webpay3g.transbank.cl', khipuBaseUrl: 'https://payment-api.khipu.com' }))).toEqual(expected);
    const framework = new Set(['content-type', 'content-length', 'date', 'connection']);
    for (const url of ['/x', '/missing']) {
      const res = await app.inject({ method: 'GET', url });
      const sent = Object.fromEntries(Object.entries(res.headers).filter(([name]) => !framework.has(name)));
      expect(sent).toEqual(expected);
    }
    // the values are fixed at start-up: a second answer carries the very same ones
    expect((await app.inject({ method: 'GET', url: '/x' })).headers['content-security-policy']).toBe(expected['content-security-policy']);
    await app.close();
  });

  it('sends no HSTS when PUBLIC_URL is http', async () => {
    const app = Fastify();
    await app.register(securityHeaders, { publicUrl: 'http://localhost:3000' });
    app.get('/x', async () => ({ ok: true }));
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(csp(res).get('form-action')).toEqual(["'self'"]);
    await app.close();
  });

  it('lets forms reach WebPay and Khipu as configured', () => {
    expect(formActionSources({ webpayBaseUrl: 'https://webpay3g.transbank.cl', khipuBaseUrl: 'https://payment-api.khipu.com' })).toEqual([
      "'self'",
      'https://webpay3g.transbank.cl',
      'https://payment-api.khipu.com',
      'https://khipu.com',
    ]);
    expect(formActionSources({ webpayBaseUrl: 'http://127.0.0.1:4010/', khipuBaseUrl: 'not a url' })).toEqual(["'self'", 'http://127.0.0.1:4010']);
  });
});
