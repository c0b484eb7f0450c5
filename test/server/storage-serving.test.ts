import { startS3Mock, type S3Mock } from '@mocks/s3/server';
import type { StorageOptions } from '@server/storage/stores';
import { call, createTestApp, type TestApp } from './helpers';

// GET /files/… from each store: the same answers whether the bytes are on disk, in the database or in S3 — type from
// the store's record, validators, conditional requests, one byte range, HEAD, and /files' protective headers.

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e0a1f9e70000000049454e44ae426082', 'hex');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n');

describe.each<StorageOptions['kind']>(['disk', 'database', 's3'])('/files from the %s store', (kind) => {
  let t: TestApp;
  let s3: S3Mock | undefined;
  let etag: string;

  beforeAll(async () => {
    s3 = kind === 's3' ? await startS3Mock() : undefined;
    const storage: StorageOptions = s3
      ? { kind, s3: { endpoint: s3.url, bucket: s3.bucket, region: s3.region, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, forcePathStyle: true } }
      : { kind };
    t = await createTestApp({}, { storage });
    await t.app.files.put('products/SRV-1.png', PNG, 'image/png');
    await t.app.files.put('products/SRV-1_ET.pdf', PDF, 'application/pdf');
    await t.app.files.put('products/SRV-1.bin', Buffer.from('binario'), 'application/octet-stream');
    etag = (await get('/files/products/SRV-1.png?v=1')).headers.etag as string;
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') => call(t.app, { method, url, headers });

  it('serves the bytes with their type, validators and a year of cache for a versioned url', async () => {
    const res = await get('/files/products/SRV-1.png?v=1700000000000');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(PNG);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(PNG.length),
      'accept-ranges': 'bytes',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'cross-origin',
    });
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.headers.etag).toMatch(kind === 'disk' ? /^W\/"[0-9a-f]+-[0-9a-f]+"$/ : /^"[^"]+"$/);
    expect(new Date(res.headers['last-modified'] as string).getTime()).toBeGreaterThan(Date.now() - 120_000);
    expect((await get('/files/products/SRV-1.png')).headers['cache-control']).toBe('public, max-age=86400');
  });

  it('answers 304 to a validator that still holds, by ETag or by date', async () => {
    const byTag = await get('/files/products/SRV-1.png?v=1', { 'if-none-match': etag });
    expect(byTag.statusCode).toBe(304);
    expect(byTag.rawPayload.length).toBe(0);
    expect(byTag.headers.etag).toBe(etag);
    expect((await get('/files/products/SRV-1.png?v=1', { 'if-none-match': `"otro", ${etag}` })).statusCode).toBe(304);
    expect((await get('/files/products/SRV-1.png?v=1', { 'if-none-match': '"otro"' })).statusCode).toBe(200);
    const lastModified = (await get('/files/products/SRV-1.png?v=1')).headers['last-modified'] as string;
    expect((await get('/files/products/SRV-1.png?v=1', { 'if-modified-since': lastModified })).statusCode).toBe(304);
    expect((await get('/files/products/SRV-1.png?v=1', { 'if-modified-since': new Date(Date.parse(lastModified) - 60_000).toUTCString() })).statusCode).toBe(200);
    // If-Match compares strongly: a weak (disk) validator never matches
    expect((await get('/files/products/SRV-1.png?v=1', { 'if-match': etag })).statusCode).toBe(kind === 'disk' ? 412 : 200);
    expect((await get('/files/products/SRV-1.png?v=1', { 'if-match': '"otro"' })).statusCode).toBe(412);
  });

  it('sends one byte range (206), the whole file for several, 416 beyond the end; If-Range needs this version', async () => {
    const part = await get('/files/products/SRV-1.png?v=1', { range: 'bytes=8-15' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload).toEqual(PNG.subarray(8, 16));
    expect(part.headers['content-range']).toBe(`bytes 8-15/${PNG.length}`);
    expect(part.headers['content-length']).toBe('8');
    expect((await get('/files/products/SRV-1.png?v=1', { range: 'bytes=-4' })).rawPayload).toEqual(PNG.subarray(PNG.length - 4));
    const several = await get('/files/products/SRV-1.png?v=1', { range: 'bytes=0-1,20-30' });
    expect([several.statusCode, several.rawPayload.length]).toEqual([200, PNG.length]);
    const beyond = await get('/files/products/SRV-1.png?v=1', { range: `bytes=${PNG.length}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${PNG.length}`);
    // a range of another version (an old ETag) gets the whole file; this version's strong ETag gets the range
    expect((await get('/files/products/SRV-1.png?v=1', { range: 'bytes=0-3', 'if-range': '"version-vieja"' })).statusCode).toBe(200);
    expect((await get('/files/products/SRV-1.png?v=1', { range: 'bytes=0-3', 'if-range': etag })).statusCode).toBe(kind === 'disk' ? 200 : 206);
  });

  it('HEAD gives the headers and length without the body', async () => {
    const res = await get('/files/products/SRV-1.png?v=1', {}, 'HEAD');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(PNG.length));
    expect(res.headers.etag).toBe(etag);
    expect(res.rawPayload.length).toBe(0);
  });

  it('shows PDFs in the browser with their own policy, and makes anything else a download', async () => {
    const sheet = await get('/files/products/SRV-1_ET.pdf?v=1');
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toBe('application/pdf');
    expect(sheet.headers['content-security-policy']).toContain("object-src 'self'");
    expect(sheet.headers['content-security-policy']).not.toContain('sandbox');
    expect(sheet.headers['cross-origin-resource-policy']).toBe('same-origin');
    const other = await get('/files/products/SRV-1.bin?v=1');
    expect(other.headers['content-type']).toBe('application/octet-stream');
    expect(other.headers['content-disposition']).toBe('attachment');
  });

  it('answers an unknown or invalid key with the JSON 404', async () => {
    for (const url of ['/files/products/NADA.png', '/files/products/', '/files/%2e%2e/jwt-secret', '/files/products/..%2f..%2fx']) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 404, message: 'Recurso no encontrado' });
    }
  });
});
