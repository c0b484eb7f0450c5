import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { FILES_PREFIX, isValidKey } from './fileStore';

/**
 * Serves the local file store at /files/. URLs the store hands out carry `?v=<updated ms>`, so those answers are
 * cached for a year; a url without a version (technology icons, built by the client from an id) for a day. No listing, no index, no dotfiles, and only paths that are valid store keys (no '..', no encoded
 * separators): anything else is a plain 404. Every answer is nosniff with a CSP of its own (replacing the SPA's), and
 * only images and PDFs are shown inline.
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
      // Nothing uploaded may run as a page of the portal's origin: no script, no fetch, a unique origin (sandbox) for
      // anything opened on its own (an SVG is a document). PDFs keep Chromium's viewer, which a sandbox would block.
      const kind = inlineKind(filePath);
      reply.header('content-security-policy', kind === 'pdf' ? PDF_CSP : FILE_CSP);
      // Only images and PDFs are shown in the browser; anything else is a download.
      if (!kind) reply.header('content-disposition', 'attachment');
      // images may be shown by other origins (mail clients); the rest stays same-origin
      reply.header('cross-origin-resource-policy', kind === 'image' ? 'cross-origin' : 'same-origin');
    },
  });
}

const FILE_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox";
const PDF_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'self'";
const IMAGE_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.gif', '.webp', '.avif', '.svg', '.ico']);

/** 'image' and 'pdf' are shown inline; anything else (undefined) is sent as an attachment. */
function inlineKind(filePath: string): 'image' | 'pdf' | undefined {
  const ext = path.extname(filePath).toLowerCase();
  if (IMAGE_EXTENSIONS.has(ext)) return 'image';
  if (ext === '.pdf') return 'pdf';
  return undefined;
}

function decodeSafely(pathName: string): string {
  try {
    return decodeURIComponent(pathName);
  } catch {
    return '\0';
  }
}
