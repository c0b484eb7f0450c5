import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { FILES_PREFIX, isValidKey } from './fileStore';

/**
 * Serves the local file store at /files/. URLs the store hands out carry `?v=<updated ms>`, so those answers are
 * cached for a year; a url without a version (technology icons, built by the client from an id) for a day. No listing, no index, no dotfiles, and only paths that are valid store keys (no '..', no encoded
 * separators): anything else is a plain 404.
 */
export default async function fileRoutes(app: FastifyInstance, opts: { root: string }) {
  await app.register(fastifyStatic, {
    root: opts.root,
    prefix: FILES_PREFIX,
    decorateReply: false,
    index: false,
    list: false,
    redirect: false,
    dotfiles: 'deny',
    cacheControl: false,
    allowedPath: (pathName) => isValidKey(decodeSafely(pathName).replace(/^\//, '')),
    setHeaders(reply, filePath) {
      const versioned = typeof (reply.request.query as Record<string, unknown> | undefined)?.v === 'string';
      reply.header('cache-control', versioned ? 'public, max-age=31536000, immutable' : 'public, max-age=86400');
      reply.header('x-content-type-options', 'nosniff');
      // An SVG opened on its own is a document: never let one run script on the portal's origin.
      if (filePath.endsWith('.svg')) reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    },
  });
}

function decodeSafely(pathName: string): string {
  try {
    return decodeURIComponent(pathName);
  } catch {
    return '\0';
  }
}
