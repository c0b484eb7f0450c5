import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

// AWS Signature Version 4 as S3 checks it on a request signed in its Authorization header (not presigned URLs, not
// aws-chunked uploads). Written from AWS's description of the algorithm, independently of the SDK's signer, so the
// stand-in refuses what S3 would refuse; test/mocks/s3.test.ts checks it against AWS's published GET Object example.

export const ALGORITHM = 'AWS4-HMAC-SHA256';
/** SHA-256 of an empty body. */
export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';

export interface SignedRequest {
  method: string;
  /** The path as sent, still percent-encoded (`/bucket/a%20b.jpg`). */
  rawPath: string;
  /** The query as sent, without '?' ('' for none). */
  rawQuery: string;
  /** Lower-case names; every value the request carried for that name. */
  headers: Record<string, string[]>;
}

export interface Authorization {
  accessKeyId: string;
  /** yyyymmdd of the credential scope. */
  date: string;
  region: string;
  service: string;
  terminator: string;
  signedHeaders: string[];
  signature: string;
}

export interface SigV4Failure {
  status: number;
  code: string;
  message: string;
}

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it: every byte but A-Z a-z 0-9 - _ . ~ as %XY (upper case); '/' kept when asked. */
export function uriEncode(value: string, keepSlash: boolean): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const c = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-_.~]/.test(c) || (keepSlash && c === '/')) out += c;
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

const decode = (value: string) => decodeURIComponent(value.replace(/\+/g, '%20'));

/** S3's canonical URI: the path decoded once and encoded again segment by segment (S3 does not normalise '..'). */
export function canonicalUri(rawPath: string): string {
  return rawPath
    .split('/')
    .map((segment) => uriEncode(decodeURIComponent(segment), false))
    .join('/') || '/';
}

/** Parameters sorted by name then value, each encoded; a parameter without '=' has an empty value. */
export function canonicalQuery(rawQuery: string): string {
  if (!rawQuery) return '';
  return rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      const value = eq < 0 ? '' : pair.slice(eq + 1);
      return [uriEncode(decode(name), false), uriEncode(decode(value), false)] as const;
    })
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/** A header value as signed: trimmed, inner runs of spaces made one; several values joined by ','. */
const canonicalValue = (values: string[]) => values.map((v) => v.trim().replace(/\s+/g, ' ')).join(',');

export function canonicalRequest(request: SignedRequest, signedHeaders: string[], payloadHash: string): string {
  const headers = signedHeaders.map((name) => `${name}:${canonicalValue(request.headers[name] ?? [])}\n`).join('');
  return [request.method, canonicalUri(request.rawPath), canonicalQuery(request.rawQuery), headers, signedHeaders.join(';'), payloadHash].join('\n');
}

export function signingKey(secret: string, date: string, region: string, service: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
}

export function stringToSign(amzDate: string, scope: string, canonical: string): string {
  return [ALGORITHM, amzDate, scope, sha256Hex(canonical)].join('\n');
}

/** `AWS4-HMAC-SHA256 Credential=AK/20130524/us-east-1/s3/aws4_request, SignedHeaders=a;b, Signature=hex`. */
export function parseAuthorization(header: string): Authorization | undefined {
  if (!header.startsWith(`${ALGORITHM} `)) return undefined;
  const fields = new Map<string, string>();
  for (const part of header.slice(ALGORITHM.length + 1).split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) fields.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  const credential = fields.get('Credential')?.split('/');
  const signedHeaders = fields.get('SignedHeaders')?.split(';');
  const signature = fields.get('Signature');
  if (!credential || credential.length !== 5 || !signedHeaders?.length || !signature || !/^[0-9a-f]{64}$/.test(signature)) return undefined;
  const [accessKeyId, date, region, service, terminator] = credential as [string, string, string, string, string];
  return { accessKeyId, date, region, service, terminator, signedHeaders, signature };
}

/** `20130524T000000Z` → ms, or NaN. */
export function parseAmzDate(value: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  return m ? Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) : NaN;
}

/**
 * What S3 checks before it looks at the operation: the algorithm and credential, the scope (date, region, 's3',
 * 'aws4_request'), the request time (within 15 minutes), that host, x-amz-date, x-amz-content-sha256 and every other
 * x-amz-* header are signed, and the signature itself. `undefined` when the request is authentic.
 */
export function verifySigV4(request: SignedRequest, opts: { secretOf: (accessKeyId: string) => string | undefined; region: string; now: number; maxSkewMs?: number }): SigV4Failure | undefined {
  const header = request.headers.authorization?.[0];
  if (!header) return { status: 403, code: 'AccessDenied', message: 'Access Denied' };
  const auth = parseAuthorization(header);
  if (!auth) return { status: 400, code: 'AuthorizationHeaderMalformed', message: 'The authorization header is malformed.' };
  const secret = opts.secretOf(auth.accessKeyId);
  if (secret === undefined) return { status: 403, code: 'InvalidAccessKeyId', message: 'The AWS Access Key Id you provided does not exist in our records.' };
  const amzDate = request.headers['x-amz-date']?.[0] ?? '';
  const at = parseAmzDate(amzDate);
  if (Number.isNaN(at)) return { status: 403, code: 'AccessDenied', message: 'AWS authentication requires a valid Date or x-amz-date header' };
  if (auth.date !== amzDate.slice(0, 8) || auth.service !== 's3' || auth.terminator !== 'aws4_request') {
    return { status: 400, code: 'AuthorizationHeaderMalformed', message: `The authorization header is malformed; the Credential is mal-formed; expecting "<YOUR-AKID>/YYYYMMDD/REGION/SERVICE/aws4_request".` };
  }
  if (auth.region !== opts.region) return { status: 400, code: 'AuthorizationHeaderMalformed', message: `The authorization header is malformed; the region '${auth.region}' is wrong; expecting '${opts.region}'` };
  if (Math.abs(opts.now - at) > (opts.maxSkewMs ?? 15 * 60_000)) return { status: 403, code: 'RequestTimeTooSkewed', message: 'The difference between the request time and the current time is too large.' };
  const signed = new Set(auth.signedHeaders);
  const sorted = [...auth.signedHeaders].sort();
  if (sorted.join(';') !== auth.signedHeaders.join(';') || !signed.has('host')) return { status: 400, code: 'AuthorizationHeaderMalformed', message: 'The authorization header is malformed; SignedHeaders must be sorted and include host.' };
  const payloadHash = request.headers['x-amz-content-sha256']?.[0];
  if (!payloadHash) return { status: 400, code: 'InvalidRequest', message: 'Missing required header for this request: x-amz-content-sha256' };
  const unsigned = Object.keys(request.headers).filter((name) => name.startsWith('x-amz-') && !signed.has(name));
  if (unsigned.length) return { status: 403, code: 'AccessDenied', message: `There were headers present in the request which were not signed: ${unsigned.join(', ')}` };
  const scope = `${auth.date}/${auth.region}/${auth.service}/${auth.terminator}`;
  const expected = createHmac('sha256', signingKey(secret, auth.date, auth.region, auth.service))
    .update(stringToSign(amzDate, scope, canonicalRequest(request, auth.signedHeaders, payloadHash)))
    .digest();
  if (!timingSafeEqual(expected, Buffer.from(auth.signature, 'hex'))) {
    return { status: 403, code: 'SignatureDoesNotMatch', message: 'The request signature we calculated does not match the signature you provided. Check your key and signing method.' };
  }
  return undefined;
}

/** Signs a request the way an S3 client does (the stand-in's tests use it to make requests by hand). */
export function signRequest(request: SignedRequest, opts: { accessKeyId: string; secretAccessKey: string; region: string; amzDate: string; payloadHash: string }): string {
  const signedHeaders = Object.keys(request.headers).filter((h) => h !== 'authorization').sort();
  const date = opts.amzDate.slice(0, 8);
  const scope = `${date}/${opts.region}/s3/aws4_request`;
  const signature = createHmac('sha256', signingKey(opts.secretAccessKey, date, opts.region, 's3'))
    .update(stringToSign(opts.amzDate, scope, canonicalRequest(request, signedHeaders, opts.payloadHash)))
    .digest('hex');
  return `${ALGORITHM} Credential=${opts.accessKeyId}/${scope}, SignedHeaders=${signedHeaders.join(';')}, Signature=${signature}`;
}

export { sha256Hex };
