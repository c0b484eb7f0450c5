import { createHash } from 'node:crypto';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { startS3Mock, type S3Mock } from '@mocks/s3/server';
import { EMPTY_SHA256, canonicalQuery, canonicalUri, sha256Hex, signRequest, verifySigV4, type SignedRequest } from '@mocks/s3/sigv4';

// The S3 stand-in: its SigV4 check against AWS's published example and against requests made by hand, the payload
// checks, and the object semantics the portal's S3 store relies on (ranges, conditionals, errors as S3 answers them).

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

describe('SigV4 verification', () => {
  // AWS's "GET Object" example of header-based SigV4 for S3 (examplebucket, the documentation's example keys).
  const example: SignedRequest = {
    method: 'GET',
    rawPath: '/test.txt',
    rawQuery: '',
    headers: {
      host: ['examplebucket.s3.amazonaws.com'],
      range: ['bytes=0-9'],
      'x-amz-content-sha256': [EMPTY_SHA256],
      'x-amz-date': ['20130524T000000Z'],
      authorization: [
        'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
      ],
    },
  };
  const opts = { secretOf: (id: string) => (id === 'AKIAIOSFODNN7EXAMPLE' ? 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' : undefined), region: 'us-east-1', now: Date.UTC(2013, 4, 24, 0, 5) };

  it("accepts AWS's published example", () => {
    expect(verifySigV4(example, opts)).toBeUndefined();
  });

  it('refuses the example with any signed part changed, a wrong key, region, or time', () => {
    const changed = (patch: Partial<SignedRequest>, headers: Record<string, string[]> = {}) => ({ ...example, ...patch, headers: { ...example.headers, ...headers } });
    expect(verifySigV4(changed({ rawPath: '/test.txt2' }), opts)?.code).toBe('SignatureDoesNotMatch');
    expect(verifySigV4(changed({}, { range: ['bytes=0-10'] }), opts)?.code).toBe('SignatureDoesNotMatch');
    expect(verifySigV4(changed({ method: 'HEAD' }), opts)?.code).toBe('SignatureDoesNotMatch');
    expect(verifySigV4(changed({ rawQuery: 'x=1' }), opts)?.code).toBe('SignatureDoesNotMatch');
    expect(verifySigV4(example, { ...opts, secretOf: () => 'another secret' })?.code).toBe('SignatureDoesNotMatch');
    expect(verifySigV4(example, { ...opts, secretOf: () => undefined })?.code).toBe('InvalidAccessKeyId');
    expect(verifySigV4(example, { ...opts, region: 'sa-east-1' })?.code).toBe('AuthorizationHeaderMalformed');
    expect(verifySigV4(example, { ...opts, now: Date.UTC(2013, 4, 24, 0, 16) })?.code).toBe('RequestTimeTooSkewed');
    expect(verifySigV4(changed({}, { 'x-amz-meta-extra': ['1'] }), opts)?.code).toBe('AccessDenied');
    expect(verifySigV4(changed({}, { authorization: [] }), opts)?.code).toBe('AccessDenied');
  });

  it('canonicalises paths and queries as S3 does', () => {
    expect(canonicalUri('/bucket/a%20b/%C3%B1.jpg')).toBe('/bucket/a%20b/%C3%B1.jpg');
    expect(canonicalUri('/bucket/a~b(1).jpg')).toBe('/bucket/a~b%281%29.jpg');
    expect(canonicalQuery('prefix=a%2Fb&list-type=2&acl')).toBe('acl=&list-type=2&prefix=a%2Fb');
  });
});

describe('the stand-in over HTTP', () => {
  let mock: S3Mock;
  let now = Date.UTC(2026, 0, 15, 12);
  beforeAll(async () => {
    mock = await startS3Mock({ now: () => now });
  });
  afterAll(() => mock.close());
  beforeEach(() => {
    now = Date.UTC(2026, 0, 15, 12);
    mock.objects().clear();
    mock.requests.length = 0;
  });

  const amzDate = () => new Date(now).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

  /** A request signed by hand: `headers` are signed (plus host, x-amz-date, x-amz-content-sha256) unless listed in `unsigned`. */
  async function send(method: string, path: string, opts: { body?: Buffer; headers?: Record<string, string>; unsigned?: Record<string, string>; secret?: string; payloadHash?: string } = {}) {
    const host = new URL(mock.url).host;
    const body = opts.body ?? Buffer.alloc(0);
    const payloadHash = opts.payloadHash ?? sha256Hex(body);
    const headers: Record<string, string> = { host, 'x-amz-date': amzDate(), 'x-amz-content-sha256': payloadHash, ...opts.headers };
    const [rawPath, rawQuery = ''] = path.split('?');
    const authorization = signRequest(
      { method, rawPath: rawPath!, rawQuery, headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, [v]])) },
      { accessKeyId: mock.accessKeyId, secretAccessKey: opts.secret ?? mock.secretAccessKey, region: mock.region, amzDate: headers['x-amz-date']!, payloadHash },
    );
    const res = await fetch(mock.url + path, { method, headers: { ...headers, ...opts.unsigned, authorization }, body: method === 'PUT' ? new Uint8Array(body) : undefined });
    return { status: res.status, headers: res.headers, text: await res.text() };
  }
  const code = (text: string) => /<Code>([^<]+)<\/Code>/.exec(text)?.[1];

  it('stores and answers an object with its type, MD5 ETag, and second-precision Last-Modified', async () => {
    const body = Buffer.from('0123456789abcdef');
    const put = await send('PUT', '/portal/a/b.png', { body, headers: { 'content-type': 'image/png' } });
    expect(put.status).toBe(200);
    const etag = `"${createHash('md5').update(body).digest('hex')}"`;
    expect(put.headers.get('etag')).toBe(etag);
    const get = await send('GET', '/portal/a/b.png');
    expect(get).toMatchObject({ status: 200, text: body.toString() });
    expect(get.headers.get('content-type')).toBe('image/png');
    expect(get.headers.get('last-modified')).toBe(new Date(now).toUTCString());
    const head = await send('HEAD', '/portal/a/b.png');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('16');
    expect(head.text).toBe('');
  });

  it('answers ranges, conditionals and missing keys as S3 does', async () => {
    await send('PUT', '/portal/k.txt', { body: Buffer.from('0123456789'), headers: { 'content-type': 'text/plain' } });
    const etag = mock.objects().get('k.txt')!.etag;
    const part = await send('GET', '/portal/k.txt', { headers: { range: 'bytes=2-4' } });
    expect(part).toMatchObject({ status: 206, text: '234' });
    expect(part.headers.get('content-range')).toBe('bytes 2-4/10');
    expect((await send('GET', '/portal/k.txt', { headers: { range: 'bytes=-3' } })).text).toBe('789');
    const beyond = await send('GET', '/portal/k.txt', { headers: { range: 'bytes=10-' } });
    expect([beyond.status, code(beyond.text)]).toEqual([416, 'InvalidRange']);
    expect((await send('GET', '/portal/k.txt', { headers: { 'if-none-match': etag } })).status).toBe(304);
    const stale = await send('GET', '/portal/k.txt', { headers: { 'if-match': '"0000"' } });
    expect([stale.status, code(stale.text)]).toEqual([412, 'PreconditionFailed']);
    expect((await send('GET', '/portal/k.txt', { headers: { 'if-match': etag } })).status).toBe(200);
    const missing = await send('GET', '/portal/nada.txt');
    expect([missing.status, code(missing.text)]).toEqual([404, 'NoSuchKey']);
    expect(await send('HEAD', '/portal/nada.txt')).toMatchObject({ status: 404, text: '' });
    const noBucket = await send('GET', '/otro/k.txt');
    expect([noBucket.status, code(noBucket.text)]).toEqual([404, 'NoSuchBucket']);
    expect((await send('DELETE', '/portal/k.txt')).status).toBe(204);
    expect((await send('DELETE', '/portal/k.txt')).status).toBe(204);
    expect(mock.objects().has('k.txt')).toBe(false);
  });

  it('refuses a wrong secret, a body that is not the one signed, an unsigned x-amz header, a skewed clock', async () => {
    const wrong = await send('PUT', '/portal/x.png', { body: Buffer.from('x'), secret: 'not-the-secret' });
    expect([wrong.status, code(wrong.text)]).toEqual([403, 'SignatureDoesNotMatch']);
    const swapped = await send('PUT', '/portal/x.png', { body: Buffer.from('x'), payloadHash: sha256Hex('y') });
    expect([swapped.status, code(swapped.text)]).toEqual([400, 'XAmzContentSHA256Mismatch']);
    const extra = await send('PUT', '/portal/x.png', { body: Buffer.from('x'), unsigned: { 'x-amz-meta-owner': 'alguien' } });
    expect([extra.status, code(extra.text)]).toEqual([403, 'AccessDenied']);
    const badMd5 = await send('PUT', '/portal/x.png', { body: Buffer.from('x'), headers: { 'content-md5': createHash('md5').update('y').digest('base64') } });
    expect([badMd5.status, code(badMd5.text)]).toEqual([400, 'BadDigest']);
    const host = new URL(mock.url).host;
    const date = new Date(now - 20 * 60_000).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    const headers = { host, 'x-amz-date': date, 'x-amz-content-sha256': EMPTY_SHA256 };
    const authorization = signRequest(
      { method: 'GET', rawPath: '/portal/x.png', rawQuery: '', headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, [v]])) },
      { accessKeyId: mock.accessKeyId, secretAccessKey: mock.secretAccessKey, region: mock.region, amzDate: date, payloadHash: EMPTY_SHA256 },
    );
    const skewed = await fetch(`${mock.url}/portal/x.png`, { headers: { ...headers, authorization } });
    expect([skewed.status, code(await skewed.text())]).toEqual([403, 'RequestTimeTooSkewed']);
    const anonymous = await fetch(`${mock.url}/portal/x.png`);
    expect([anonymous.status, code(await anonymous.text())]).toEqual([403, 'AccessDenied']);
    expect(mock.objects().size).toBe(0);
  });

  it('works with the AWS SDK, whose retries get past injected 500s and 503s', async () => {
    const client = new S3Client({
      region: mock.region,
      endpoint: mock.url,
      forcePathStyle: true,
      credentials: { accessKeyId: mock.accessKeyId, secretAccessKey: mock.secretAccessKey },
      systemClockOffset: now - Date.now(),
    });
    try {
      mock.failNext(2, 503);
      await client.send(new PutObjectCommand({ Bucket: 'portal', Key: 'sdk/a.txt', Body: Buffer.from('hola'), ContentType: 'text/plain' }));
      const answer = await client.send(new GetObjectCommand({ Bucket: 'portal', Key: 'sdk/a.txt' }));
      expect(await answer.Body!.transformToString()).toBe('hola');
      expect(mock.requests.map((r) => r.status)).toEqual([503, 503, 200, 200]);
    } finally {
      client.destroy();
    }
  });
});
