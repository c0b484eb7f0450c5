import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { EMPTY_SHA256, UNSIGNED_PAYLOAD, sha256Hex, verifySigV4, type SignedRequest } from './sigv4';

// An S3 stand-in: the REST subset the portal's S3 file store uses (PutObject, GetObject, HeadObject, DeleteObject),
// plus HeadBucket, CreateBucket and ListObjectsV2 for set-up and inspection, on path-style URLs
// (`http://127.0.0.1:port/<bucket>/<key>`). Every request must carry a valid AWS Signature V4 (sigv4.ts) and a
// payload that matches its x-amz-content-sha256 (and Content-MD5 / x-amz-checksum-crc32 / -sha256 when sent).
// Errors are S3's XML bodies and codes. Anything else answers 501 NotImplemented, so a client relying on more is
// noticed. See mocks/s3/README.md.

export const S3_DEMO_ACCESS_KEY_ID = 'AKIAPORTALSTANDIN01';
export const S3_DEMO_SECRET_ACCESS_KEY = 'portal/standin/secret/key/0123456789abcdef';
export const S3_DEMO_REGION = 'us-east-1';
export const S3_DEMO_BUCKET = 'portal';

export interface S3Object {
  body: Buffer;
  contentType: string;
  /** `"<md5 hex>"`, as S3 gives a single-part upload. */
  etag: string;
  /** Whole seconds, as S3 keeps it. */
  lastModified: Date;
  metadata: Record<string, string>;
}

export interface S3MockOptions {
  accessKeyId?: string;
  secretAccessKey?: string;
  region?: string;
  /** Buckets that exist from the start (default: `portal`). */
  buckets?: string[];
  port?: number;
  /** The clock the signature's time is checked against. */
  now?: () => number;
  /** Largest accepted body (default 64 MiB): larger → 400 EntityTooLarge. */
  maxBodyBytes?: number;
}

export interface S3RequestRecord {
  method: string;
  path: string;
  status: number;
  code?: string;
}

export interface S3Mock {
  url: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** The first bucket. */
  bucket: string;
  /** The objects of a bucket, by key (the live map: tests may look, and may tamper). */
  objects(bucket?: string): Map<string, S3Object>;
  /** Every request answered, in order. */
  requests: S3RequestRecord[];
  /** The next `count` requests answer `status` (500 InternalError or 503 SlowDown) before anything is checked. */
  failNext(count: number, status?: 500 | 503): void;
  close(): Promise<void>;
}

const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, string> = {},
  ) {
    super(message);
  }
}

const noSuchKey = (key: string) => new S3Error(404, 'NoSuchKey', 'The specified key does not exist.', { Key: key });

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) parts.push(chunk);
    });
    req.on('end', () => (size > limit ? reject(new S3Error(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed object size.')) : resolve(Buffer.concat(parts))));
    req.on('error', reject);
  });
}

/** One `bytes=` range against `size`: the range, 'unsatisfiable', or undefined to send the whole object. */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined; // several ranges or nonsense: S3 sends the whole object
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== '' && Number(m[2]) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

const etagList = (header: string) => header.split(',').map((t) => t.trim().replace(/^W\//, ''));
const matches = (header: string, etag: string) => etagList(header).some((t) => t === '*' || t === etag);

export async function startS3Mock(opts: S3MockOptions = {}): Promise<S3Mock> {
  const accessKeyId = opts.accessKeyId ?? S3_DEMO_ACCESS_KEY_ID;
  const secretAccessKey = opts.secretAccessKey ?? S3_DEMO_SECRET_ACCESS_KEY;
  const region = opts.region ?? S3_DEMO_REGION;
  const now = opts.now ?? Date.now;
  const maxBody = opts.maxBodyBytes ?? 64 * 1024 * 1024;
  const buckets = new Map<string, Map<string, S3Object>>((opts.buckets ?? [S3_DEMO_BUCKET]).map((b) => [b, new Map()]));
  const requests: S3RequestRecord[] = [];
  let failures: { count: number; status: 500 | 503 } = { count: 0, status: 500 };

  function sendError(res: ServerResponse, method: string, err: S3Error, requestId: string, resource: string) {
    res.statusCode = err.status;
    res.setHeader('x-amz-request-id', requestId);
    if (method === 'HEAD') return res.end(); // S3 answers HEAD errors without a body
    const extra = Object.entries(err.extra).map(([k, v]) => `<${k}>${xmlEscape(v)}</${k}>`).join('');
    res.setHeader('content-type', 'application/xml');
    res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${err.code}</Code><Message>${xmlEscape(err.message)}</Message>${extra}<Resource>${xmlEscape(resource)}</Resource><RequestId>${requestId}</RequestId></Error>`);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const [rawPath = '/', rawQuery = ''] = (req.url ?? '/').split(/\?(.*)/s);
    if (failures.count > 0) {
      failures.count--;
      throw failures.status === 503 ? new S3Error(503, 'SlowDown', 'Please reduce your request rate.') : new S3Error(500, 'InternalError', 'We encountered an internal error. Please try again.');
    }
    const body = await readBody(req, maxBody);
    const request: SignedRequest = { method, rawPath, rawQuery, headers: req.headersDistinct as Record<string, string[]> };
    let failure;
    try {
      failure = verifySigV4(request, { secretOf: (id) => (id === accessKeyId ? secretAccessKey : undefined), region, now: now() });
    } catch {
      throw new S3Error(400, 'InvalidURI', "Couldn't parse the specified URI.");
    }
    if (failure) throw new S3Error(failure.status, failure.code, failure.message);
    checkPayload(req, body);

    const path = rawPath.slice(1);
    const slash = path.indexOf('/');
    const bucketName = decodeURIComponent(slash < 0 ? path : path.slice(0, slash));
    const key = slash < 0 ? '' : decodeURIComponent(path.slice(slash + 1));
    const query = new URLSearchParams(rawQuery);
    if (!bucketName) throw new S3Error(501, 'NotImplemented', 'ListBuckets is not implemented by this stand-in.');

    if (!key) {
      if (method === 'PUT' && !rawQuery) {
        if (!buckets.has(bucketName)) buckets.set(bucketName, new Map());
        res.setHeader('location', `/${bucketName}`);
        return void res.end();
      }
      const objects = buckets.get(bucketName);
      if (!objects) throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist.', { BucketName: bucketName });
      if (method === 'HEAD' && !rawQuery) return void res.end();
      if (method === 'GET' && query.get('list-type') === '2') return listObjects(res, bucketName, objects, query);
      throw new S3Error(501, 'NotImplemented', 'A header or query you provided implies functionality that is not implemented.');
    }

    const objects = buckets.get(bucketName);
    if (!objects) throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist.', { BucketName: bucketName });
    if (rawQuery && [...query.keys()].some((k) => !k.startsWith('x-id'))) {
      throw new S3Error(501, 'NotImplemented', 'A header or query you provided implies functionality that is not implemented.');
    }
    if (method === 'PUT') {
      if (req.headers['x-amz-copy-source']) throw new S3Error(501, 'NotImplemented', 'CopyObject is not implemented by this stand-in.');
      const existing = objects.get(key);
      const ifNoneMatch = req.headers['if-none-match'];
      const ifMatch = req.headers['if-match'];
      if (ifNoneMatch === '*' && existing) throw new S3Error(412, 'PreconditionFailed', 'At least one of the pre-conditions you specified did not hold', { Condition: 'If-None-Match' });
      if (ifMatch && (!existing || !matches(ifMatch, existing.etag))) {
        if (!existing) throw noSuchKey(key);
        throw new S3Error(412, 'PreconditionFailed', 'At least one of the pre-conditions you specified did not hold', { Condition: 'If-Match' });
      }
      const metadata = Object.fromEntries(Object.entries(req.headers).filter(([k]) => k.startsWith('x-amz-meta-')).map(([k, v]) => [k.slice(11), String(v)]));
      const object: S3Object = {
        body,
        contentType: req.headers['content-type'] ?? 'binary/octet-stream',
        etag: `"${createHash('md5').update(body).digest('hex')}"`,
        lastModified: new Date(Math.floor(now() / 1000) * 1000),
        metadata,
      };
      objects.set(key, object);
      res.setHeader('etag', object.etag);
      return void res.end();
    }
    if (method === 'DELETE') {
      objects.delete(key);
      res.statusCode = 204;
      return void res.end();
    }
    if (method === 'GET' || method === 'HEAD') return getObject(req, res, method, key, objects.get(key));
    throw new S3Error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
  }

  /** Content-MD5, x-amz-checksum-crc32 / -sha256 and the signed payload hash must match the body. */
  function checkPayload(req: IncomingMessage, body: Buffer) {
    const declared = req.headers['x-amz-content-sha256'] as string;
    if (declared.startsWith('STREAMING-')) throw new S3Error(501, 'NotImplemented', 'aws-chunked uploads are not implemented by this stand-in.');
    if (declared !== UNSIGNED_PAYLOAD && declared !== (body.length ? sha256Hex(body) : EMPTY_SHA256)) {
      throw new S3Error(400, 'XAmzContentSHA256Mismatch', "The provided 'x-amz-content-sha256' header does not match what was computed.");
    }
    const md5 = req.headers['content-md5'];
    if (md5 && md5 !== createHash('md5').update(body).digest('base64')) throw new S3Error(400, 'BadDigest', 'The Content-MD5 you specified did not match what we received.');
    const crc32 = req.headers['x-amz-checksum-crc32'];
    if (crc32) {
      const computed = Buffer.alloc(4);
      computed.writeUInt32BE(zlib.crc32(body));
      if (crc32 !== computed.toString('base64')) throw new S3Error(400, 'BadDigest', 'The CRC32 you specified did not match the calculated checksum.');
    }
    const sha256 = req.headers['x-amz-checksum-sha256'];
    if (sha256 && sha256 !== createHash('sha256').update(body).digest('base64')) throw new S3Error(400, 'BadDigest', 'The SHA256 you specified did not match the calculated checksum.');
    for (const other of ['x-amz-checksum-crc32c', 'x-amz-checksum-crc64nvme', 'x-amz-checksum-sha1']) {
      if (req.headers[other]) throw new S3Error(501, 'NotImplemented', `${other} is not implemented by this stand-in.`);
    }
  }

  function getObject(req: IncomingMessage, res: ServerResponse, method: string, key: string, object: S3Object | undefined) {
    if (!object) throw noSuchKey(key);
    const { etag, lastModified } = object;
    const ifMatch = req.headers['if-match'];
    const ifNoneMatch = req.headers['if-none-match'];
    const ifModifiedSince = Date.parse(req.headers['if-modified-since'] ?? '');
    const ifUnmodifiedSince = Date.parse(req.headers['if-unmodified-since'] ?? '');
    const failed = (condition: string) => new S3Error(412, 'PreconditionFailed', 'At least one of the pre-conditions you specified did not hold', { Condition: condition });
    // S3's order: If-Match (a pass overrides If-Unmodified-Since), If-Unmodified-Since, If-None-Match, If-Modified-Since
    if (ifMatch && !matches(ifMatch, etag)) throw failed('If-Match');
    if (!ifMatch && !Number.isNaN(ifUnmodifiedSince) && lastModified.getTime() > ifUnmodifiedSince) throw failed('If-Unmodified-Since');
    const notModified = ifNoneMatch ? matches(ifNoneMatch, etag) : !Number.isNaN(ifModifiedSince) && lastModified.getTime() <= ifModifiedSince;
    res.setHeader('etag', etag);
    res.setHeader('last-modified', lastModified.toUTCString());
    if (notModified) {
      res.statusCode = 304;
      return void res.end();
    }
    const size = object.body.length;
    const range = parseRange(req.headers.range, size);
    if (range === 'unsatisfiable') throw new S3Error(416, 'InvalidRange', 'The requested range is not satisfiable', { RangeRequested: req.headers.range ?? '', ActualObjectSize: String(size) });
    res.setHeader('content-type', object.contentType);
    res.setHeader('accept-ranges', 'bytes');
    for (const [name, value] of Object.entries(object.metadata)) res.setHeader(`x-amz-meta-${name}`, value);
    const bytes = range ? object.body.subarray(range.start, range.end + 1) : object.body;
    if (range) {
      res.statusCode = 206;
      res.setHeader('content-range', `bytes ${range.start}-${range.end}/${size}`);
    }
    res.setHeader('content-length', String(bytes.length));
    res.end(method === 'HEAD' ? undefined : bytes);
  }

  function listObjects(res: ServerResponse, bucket: string, objects: Map<string, S3Object>, query: URLSearchParams) {
    const prefix = query.get('prefix') ?? '';
    const maxKeys = Math.min(Number(query.get('max-keys') ?? 1000) || 1000, 1000);
    const keys = [...objects.keys()].filter((k) => k.startsWith(prefix) && k > (query.get('start-after') ?? '')).sort();
    const page = keys.slice(0, maxKeys);
    const contents = page
      .map((k) => {
        const o = objects.get(k)!;
        return `<Contents><Key>${xmlEscape(k)}</Key><LastModified>${o.lastModified.toISOString()}</LastModified><ETag>${xmlEscape(o.etag)}</ETag><Size>${o.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
      })
      .join('');
    res.setHeader('content-type', 'application/xml');
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${xmlEscape(bucket)}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${keys.length > page.length}</IsTruncated>${contents}</ListBucketResult>`,
    );
  }

  const server = createServer((req, res) => {
    const requestId = randomBytes(8).toString('hex').toUpperCase();
    res.setHeader('x-amz-request-id', requestId);
    res.setHeader('server', 'AmazonS3');
    res.setHeader('date', new Date(now()).toUTCString()); // the stand-in's clock (clients correct their skew by it)
    const path = (req.url ?? '/').split('?')[0]!;
    handle(req, res).then(
      () => requests.push({ method: req.method ?? '', path, status: res.statusCode }),
      (err: unknown) => {
        const e = err instanceof S3Error ? err : new S3Error(500, 'InternalError', 'We encountered an internal error. Please try again.');
        requests.push({ method: req.method ?? '', path, status: e.status, code: e.code });
        // the body of a refused request may still be coming: read it away so the client gets the answer
        req.resume();
        sendError(res, req.method ?? 'GET', e, requestId, path);
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    accessKeyId,
    secretAccessKey,
    region,
    bucket: [...buckets.keys()][0] ?? S3_DEMO_BUCKET,
    objects: (bucket) => {
      const name = bucket ?? [...buckets.keys()][0] ?? S3_DEMO_BUCKET;
      if (!buckets.has(name)) buckets.set(name, new Map());
      return buckets.get(name)!;
    },
    requests,
    failNext: (count, status = 500) => {
      failures = { count, status };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
