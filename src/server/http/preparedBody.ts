import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Route options of a route that answers with `sendPrepared`: its body is compressed already, so the compression plugin
 * adds no hooks to it (they would only find the answer encoded and pass it on).
 */
export const PREPARED = { compress: false } as const;

/** A JSON answer serialized, compressed and tagged once, then sent as-is to every request. */
export interface PreparedBody {
  json: Buffer;
  gzip: Buffer;
  etag: string;
  /** Cache-Control sent with it (default `private, no-cache`: revalidated on every use, never kept by a shared cache). */
  cacheControl?: string;
}

export interface PrepareOptions {
  /** Cache-Control of the answer (default `private, no-cache`). */
  cacheControl?: string;
}

/** A body from its JSON text (already serialized, by JSON.stringify or by the route's response schema). */
export function prepareJson(text: string, opts: PrepareOptions = {}): PreparedBody {
  const json = Buffer.from(text);
  return {
    json,
    gzip: gzipSync(json, { level: 6 }),
    etag: `"${createHash('sha1').update(json).digest('base64url')}"`,
    ...(opts.cacheControl ? { cacheControl: opts.cacheControl } : {}),
  };
}

export function prepareBody(value: unknown, opts: PrepareOptions = {}): PreparedBody {
  return prepareJson(JSON.stringify(value), opts);
}

function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  return typeof header === 'string' && /\bgzip\b/.test(header);
}

/**
 * Whether If-None-Match names this ETag: the exact value (what a browser sends back), or a list of them, a weak form
 * (`W/"…"`, compared weakly as RFC 9110 says for If-None-Match) or `*`.
 */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header === etag) return true;
  if (header.trim() === '*') return true;
  for (const candidate of header.split(',')) {
    const tag = candidate.trim();
    if (tag === etag || (tag.startsWith('W/') && tag.slice(2) === etag)) return true;
  }
  return false;
}

/**
 * Sends a prepared body with revalidation: a matching If-None-Match gets 304, a gzip-capable client the
 * compressed bytes. `private` by default: most of these answers depend on the session (prices, offers).
 */
export function sendPrepared(request: FastifyRequest, reply: FastifyReply, body: PreparedBody) {
  reply.header('etag', body.etag).header('cache-control', body.cacheControl ?? 'private, no-cache').header('vary', 'accept-encoding, authorization');
  if (etagMatches(request.headers['if-none-match'], body.etag)) return reply.status(304).send();
  reply.header('content-type', 'application/json; charset=utf-8');
  if (acceptsGzip(request)) return reply.header('content-encoding', 'gzip').send(body.gzip);
  return reply.send(body.json);
}

/**
 * Prepared bodies of values that stay the same object while their source keeps them (a list the ERP service holds in
 * memory, a constant): the first answer of each value serializes it with the route's own 200 response schema (so only
 * the declared fields are sent, as on the per-request path), compresses and tags it; later answers of the same object
 * reuse that. A new object (the source reloaded) gets its own body; the old one goes with its value (WeakMap). One per
 * route: the serialization is that route's.
 */
export function preparedPerValue(opts: PrepareOptions = {}) {
  const bodies = new WeakMap<object, PreparedBody>();
  return (reply: FastifyReply, value: object): PreparedBody => {
    let body = bodies.get(value);
    if (!body) {
      body = prepareJson(String(reply.serializeInput(value as Record<string, unknown>, '200')), opts);
      bodies.set(value, body);
    }
    return body;
  };
}
