import type { FastifyReply, FastifyRequest } from 'fastify';
import fresh from 'fresh';
import parseRange from 'range-parser';
import type { ByteRange, StoredFile } from './blobStore';

export interface ServeOptions {
  cacheControl: string;
  /** Headers of this answer beside the file's own (CSP, disposition, CORP…). */
  headers?: Record<string, string>;
}

/**
 * Answers a GET or HEAD with a stored file, whichever store it comes from: its type from the store's record, its ETag
 * and Last-Modified, conditional requests (`If-None-Match` / `If-Modified-Since` → 304; `If-Match` /
 * `If-Unmodified-Since` → 412) and one byte range (`Range`, honoured only while `If-Range` still names this version;
 * several ranges get the whole file, as RFC 9110 allows; an unsatisfiable one a 416). The body is streamed from the
 * store, never held whole.
 */
export async function sendStoredFile(request: FastifyRequest, reply: FastifyReply, file: StoredFile, opts: ServeOptions): Promise<FastifyReply> {
  const lastModified = file.lastModified.toUTCString();
  reply.header('content-type', file.contentType);
  reply.header('etag', file.etag);
  reply.header('last-modified', lastModified);
  reply.header('accept-ranges', 'bytes');
  reply.header('cache-control', opts.cacheControl);
  for (const [name, value] of Object.entries(opts.headers ?? {})) reply.header(name, value);

  const headers = request.headers;
  if (preconditionFailed(headers, file)) {
    file.close();
    reply.removeHeader('content-type');
    return reply.code(412).header('content-length', '0').send();
  }
  if (fresh(headers, { etag: file.etag, 'last-modified': lastModified })) {
    file.close();
    return reply.code(304).send();
  }

  let range: ByteRange | undefined;
  const asked = headers.range;
  if (asked && rangeStillApplies(single(headers['if-range']), file)) {
    const parsed = parseRange(file.size, asked, { combine: true });
    if (parsed === -1) {
      file.close();
      reply.removeHeader('content-type');
      return reply.code(416).header('content-range', `bytes */${file.size}`).header('content-length', '0').send();
    }
    // -2 (malformed), a unit other than bytes or several ranges: the whole file
    if (parsed !== -2 && parsed.type === 'bytes' && parsed.length === 1) range = parsed[0];
  }

  const length = range ? range.end - range.start + 1 : file.size;
  reply.header('content-length', String(length));
  if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`);
  if (request.method === 'HEAD' || length === 0) {
    file.close();
    return reply.send();
  }
  return reply.send(file.body(range));
}

type Headers = FastifyRequest['headers'];

/** `If-Match` (strong comparison, or `*`), else `If-Unmodified-Since`: the precondition of RFC 9110 §13.1.1/§13.1.4. */
function preconditionFailed(headers: Headers, file: StoredFile): boolean {
  const ifMatch = headers['if-match'];
  if (ifMatch !== undefined) {
    if (ifMatch.trim() === '*') return false;
    return !tagList(ifMatch).some((tag) => strongMatch(tag, file.etag));
  }
  const since = headers['if-unmodified-since'];
  if (since !== undefined) {
    const at = Date.parse(since);
    if (!Number.isNaN(at)) return Math.floor(file.lastModified.getTime() / 1000) > Math.floor(at / 1000);
  }
  return false;
}

/** No `If-Range`, or one naming this version: by a strong ETag, or by exactly its Last-Modified date. */
function rangeStillApplies(ifRange: string | undefined, file: StoredFile): boolean {
  if (ifRange === undefined) return true;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return strongMatch(value, file.etag);
  const at = Date.parse(value);
  return !Number.isNaN(at) && Math.floor(at / 1000) === Math.floor(file.lastModified.getTime() / 1000);
}

/** A header Node may hand over as a list (an unusual one sent twice): its first value. */
const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

const tagList = (header: string) => header.split(',').map((t) => t.trim()).filter(Boolean);

/** Strong comparison: both strong and the same. */
const strongMatch = (a: string, b: string) => !a.startsWith('W/') && !b.startsWith('W/') && a === b;
