import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../errors';
import { SERVER_MSG } from '../messages';

/**
 * Serves the built SPA: hashed assets with a year of cache, the pages never cached, `/login` answered with the login
 * page (login.html, a page of its own: docs/performance.md) and every other client route (any GET outside /api that is
 * not a file) with index.html. Unknown /api paths get JSON 404; a known /api path asked with another method 405 with
 * `Allow` (methodNotAllowed.ts).
 *
 * The build writes a .br and a .gz copy beside every text file (vite.config.ts): the copy the browser accepts is sent
 * as it is, with `Content-Encoding` and `Vary: Accept-Encoding` (brotli first, then gzip, else the file itself), so
 * no SPA file is compressed per request. A file without a copy falls back to the on-the-fly compression of app.ts.
 */
export interface SpaOptions {
  clientDir: string;
  allowedMethods?: (url: string) => string[];
  /** onResponse hooks of the answers no route matched (the 'unmatched' latency and the request log: metrics.routes.ts). */
  onUnmatched?: onResponseHookHandler;
}

export default fp(async function spa(app: FastifyInstance, opts: SpaOptions) {
  const index = path.join(opts.clientDir, 'index.html');
  const hasClient = existsSync(index);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: opts.clientDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn(`No se encontró la SPA compilada en ${opts.clientDir}; se sirve solo la API (ejecuta "npm run build").`);
  }

  const fallback = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url === '/api' || !hasClient || (request.method !== 'GET' && request.method !== 'HEAD')) {
      const allowed = url.startsWith('/api/') ? (opts.allowedMethods?.(url) ?? []) : [];
      if (allowed.length) {
        reply.header('allow', allowed.join(', '));
        throw new HttpError(405, SERVER_MSG.methodNotAllowed);
      }
      throw new HttpError(404, SERVER_MSG.apiNotFound);
    }
    // A missing asset (a file name with an extension) is a real 404, not the app.
    if (path.extname(url) && !url.endsWith('.html')) throw new HttpError(404, SERVER_MSG.apiNotFound);
    reply.header('cache-control', 'no-cache');
    return reply.sendFile(url === '/login' ? 'login.html' : 'index.html');
  };
  // The client routes are a route of their own (GET and HEAD), so the route hooks (compression) apply to index.html.
  if (hasClient) app.get('/*', fallback);
  // the not-found handler in a context of its own: a hook added there (the unmatched answers' latency and log) runs for
  // the answers no route matched, and for no route's
  const onUnmatched = opts.onUnmatched;
  await app.register(async (notFound) => {
    if (onUnmatched) notFound.addHook('onResponse', onUnmatched);
    notFound.setNotFoundHandler(fallback);
  });
});
