import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A JSON answer serialized, compressed and tagged once, then sent as-is to every request. */
export interface PreparedBody {
  json: Buffer;
  gzip: Buffer;
  etag: string;
}

export function prepareBody(value: unknown): PreparedBody {
  const json = Buffer.from(JSON.stringify(value));
  return { json, gzip: gzipSync(json, { level: 6 }), etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
}

function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  return typeof header === 'string' && /\bgzip\b/.test(header);
}

/**
 * Sends a prepared body with revalidation: a matching If-None-Match gets 304, a gzip-capable client the
 * compressed bytes. `private`: the answers depend on the session (prices, offers).
 */
export function sendPrepared(request: FastifyRequest, reply: FastifyReply, body: PreparedBody) {
  reply.header('etag', body.etag).header('cache-control', 'private, no-cache').header('vary', 'accept-encoding, authorization');
  if (request.headers['if-none-match'] === body.etag) return reply.status(304).send();
  reply.header('content-type', 'application/json; charset=utf-8');
  if (acceptsGzip(request)) return reply.header('content-encoding', 'gzip').send(body.gzip);
  return reply.send(body.json);
}
