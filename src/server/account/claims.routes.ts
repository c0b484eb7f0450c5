import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { CLAIM_FILE_TYPES, CLAIM_FILES_FIELD, CLAIM_MAX_BYTES, CLAIM_MAX_FILES, CLAIM_TEXTS } from '@shared/accountClaims';
import { fill } from '@shared/messages';
import { accountDocumentParams, claimSchema } from '@shared/schemas/account';
import * as yup from '@shared/yup';
import { HttpError } from '../errors';
import { answer } from '../http/responses';
import { requireUser } from '../plugins/auth';
import { validate, type YupTypeProvider } from '../plugins/validation';
import { sendStoredFile } from '../storage/serveFile';
import { fileHeaders } from '../storage/storage.routes';
import type { ClaimService, ClaimUpload } from './claims.service';

/** A file name fit for a mail and a download: no control characters or path, not endless. */
const shownName = (name: string | undefined) =>
  [...(name ?? '')]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('')
    .replace(/^.*[\\/]/, '')
    .trim()
    .slice(0, 200);

/** The claim form: its text fields and its files, read whole (5 of 10 MB at most). */
async function readClaimForm(request: FastifyRequest): Promise<{ fields: Record<string, string>; files: { fileName: string; bytes: Buffer }[] }> {
  const form = { fields: {} as Record<string, string>, files: [] as { fileName: string; bytes: Buffer }[] };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === CLAIM_FILES_FIELD && bytes.length > 0) form.files.push({ fileName: shownName(part.filename) || `archivo-${form.files.length + 1}`, bytes });
      } else if (typeof part.value === 'string') {
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const e = err as { code?: string; part?: { filename?: string } };
    if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(400, fill(CLAIM_TEXTS.fileTooLarge, { file: shownName(e.part?.filename) || CLAIM_FILES_FIELD }));
    if (e.code === 'FST_FILES_LIMIT') throw new HttpError(400, CLAIM_TEXTS.tooManyFiles);
    throw err;
  }
  return form;
}

/** An image or a PDF by its content (the name and the browser's type are not trusted). */
async function sniff(file: { fileName: string; bytes: Buffer }): Promise<ClaimUpload> {
  const type = await fileTypeFromBuffer(file.bytes);
  if (!type || !(CLAIM_FILE_TYPES as readonly string[]).includes(type.mime)) throw new HttpError(400, fill(CLAIM_TEXTS.fileType, { file: file.fileName }));
  return { fileName: file.fileName, bytes: file.bytes, contentType: type.mime, ext: type.ext };
}

const id = () => yup.number().typeError(CLAIM_TEXTS.claimNotFound).integer(CLAIM_TEXTS.claimNotFound).positive(CLAIM_TEXTS.claimNotFound).max(2 ** 31 - 1, CLAIM_TEXTS.claimNotFound).required(CLAIM_TEXTS.claimNotFound);
export const claimFileParams = yup.object({ id: id(), fileId: id() });

/**
 * A claim on an invoice inside its 8-day window (docs/account.md), for the company's finance people:
 * POST /api/user/account/documents/{kind}/{docEntry}/claims (multipart `reason`, `text`, up to 5 `files`) and the
 * download of a claim's file (the company's own only).
 */
export default async function claimsRoutes(app: FastifyInstance, opts: { claims: ClaimService }) {
  await app.register(multipart, {
    limits: { fileSize: CLAIM_MAX_BYTES, files: CLAIM_MAX_FILES, fields: 10, fieldSize: 8192, parts: CLAIM_MAX_FILES + 10, headerPairs: 100 },
  });
  const api = app.withTypeProvider<YupTypeProvider>();
  const guard = { access: 'buyer' as const, capability: 'finance' as const };

  api.post(
    '/api/user/account/documents/:kind/:docEntry/claims',
    { config: guard, schema: { params: accountDocumentParams, response: { 201: answer('AccountClaim') } } },
    async (request, reply) => {
      const user = requireUser(request);
      if (!request.isMultipart()) throw new HttpError(400, CLAIM_TEXTS.formRequired);
      const form = await readClaimForm(request);
      const fields = validate(claimSchema, form.fields);
      const uploads: ClaimUpload[] = [];
      for (const f of form.files) uploads.push(await sniff(f));
      const claim = await opts.claims.record(user, request.params.kind, request.params.docEntry, fields, uploads);
      return reply.code(201).send(claim);
    },
  );

  app.route({
    method: ['GET', 'HEAD'], // one route: the automatic HEAD twin would say content-length 0
    url: '/api/user/account/claims/:id/files/:fileId',
    config: guard,
    handler: async (request, reply) => {
      const params = validate(claimFileParams, request.params);
      const { file, fileName } = await opts.claims.file(requireUser(request), params.id, params.fileId);
      return sendStoredFile(request, reply, file, { cacheControl: 'private, no-store', headers: fileHeaders(file.contentType, { download: fileName }) });
    },
  });
}
