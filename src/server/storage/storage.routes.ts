import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors';
import { FILES_PREFIX, isValidKey, type FileStore } from './fileStore';
import { sendStoredFile } from './serveFile';
import { SERVER_MSG } from '../messages';

/**
 * Serves the public file store at /files/, from whichever store holds it (disk, PostgreSQL or S3): every instance
 * behind a load balancer answers the same bytes, type and ETag. URLs the store hands out carry `?v=<updated ms>`, so
 * those answers are cached for a year; a url without a version (technology icons, built by the client from an id)
 * for a day. Conditional requests and byte ranges as in serveFile.ts. No listing, no index, no dotfiles, and only
 * paths that are valid store keys (no '..', no encoded separators tricks): anything else is a plain 404. Every answer
 * is nosniff with a CSP of its own (replacing the SPA's), and only images and PDFs are shown inline.
 */
export default async function fileRoutes(app: FastifyInstance, opts: { files: FileStore }) {
  // GET and HEAD as one route: Fastify's automatic HEAD twin would answer content-length 0 for a streamed body
  app.route({
    method: ['GET', 'HEAD'],
    url: `${FILES_PREFIX}*`,
    config: { access: 'public' },
    handler: async (request, reply) => {
      const key = (request.params as { '*'?: string })['*'] ?? '';
      const file = isValidKey(key) ? await opts.files.open(key) : undefined;
      if (!file) throw new HttpError(404, SERVER_MSG.apiNotFound);
      const versioned = typeof (request.query as Record<string, unknown> | undefined)?.v === 'string';
      return sendStoredFile(request, reply, file, {
        cacheControl: versioned ? 'public, max-age=31536000, immutable' : 'public, max-age=86400',
        headers: fileHeaders(file.contentType),
      });
    },
  });
}

const FILE_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox";
const PDF_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'self'";

/**
 * The security headers of a stored file, by its content type (the store's record; on disk, its extension). Nothing
 * uploaded may run as a page of the portal's origin: no script, no fetch, a unique origin (sandbox) for anything
 * opened on its own (an SVG is a document). PDFs keep Chromium's viewer, which a sandbox would block. Only images and
 * PDFs are shown in the browser; anything else is a download. Images may be shown by other origins (mail clients);
 * the rest stays same-origin.
 */
export function fileHeaders(contentType: string, opts: { download?: string } = {}): Record<string, string> {
  const kind = inlineKind(contentType);
  const headers: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'content-security-policy': kind === 'pdf' ? PDF_CSP : FILE_CSP,
    'cross-origin-resource-policy': kind === 'image' && !opts.download ? 'cross-origin' : 'same-origin',
  };
  if (opts.download) headers['content-disposition'] = `attachment; filename="${opts.download.replace(/[^\w.-]/g, '_')}"`;
  else if (!kind) headers['content-disposition'] = 'attachment';
  return headers;
}

/** 'image' and 'pdf' are shown inline; anything else (undefined) is sent as an attachment. */
function inlineKind(contentType: string): 'image' | 'pdf' | undefined {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type.startsWith('image/')) return 'image';
  if (type === 'application/pdf') return 'pdf';
  return undefined;
}
