import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { fill } from '@shared/messages';
import { CHEQUE_EXTENSIONS, CHEQUE_MAX_BYTES, ORDER_MSG, payChequeSchema } from '@shared/schemas/orders';
import { NOTIFICATION_MSG } from '@shared/schemas/notifications';
import { HttpError } from '../errors';
import { validate } from '../plugins/validation';
import type { ChequeService } from './cheque.service';
import { requireUser } from '../plugins/auth';
import { MESSAGE } from '../http/responses';
import { sendStoredFile } from '../storage/serveFile';
import { fileHeaders } from '../storage/storage.routes';

/** What the cheque form sends: text fields and at most one photo (read whole: it is at most 2 MB). */
interface ChequeForm {
  fields: Record<string, string>;
  file?: { filename: string; bytes: Buffer };
}

/** A file name fit for a message: no control characters, not endless. */
const shownName = (name: string | undefined) =>
  [...(name ?? '')]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, 200);

async function readChequeForm(request: FastifyRequest): Promise<ChequeForm> {
  const form: ChequeForm = { fields: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'chequeImgFile') form.file = { filename: shownName(part.filename), bytes };
      } else if (typeof part.value === 'string') {
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const e = err as { code?: string; part?: { filename?: string } };
    if (e.code === 'FST_REQ_FILE_TOO_LARGE') {
      const file = shownName(e.part?.filename) || shownName(form.fields.fileName) || 'chequeImgFile';
      throw new HttpError(400, fill(ORDER_MSG.chequeFileTooLarge, { file }));
    }
    if (e.code === 'FST_FILES_LIMIT') throw new HttpError(400, NOTIFICATION_MSG.chequeOneFile);
    throw err;
  }
  return form;
}

/** jpg, jpeg or png by name, and JPEG or PNG by content: answers the extension to store it under. */
async function checkPhoto(file: { filename: string; bytes: Buffer }): Promise<'jpg' | 'png'> {
  const wrongType = new HttpError(400, fill(ORDER_MSG.chequeFileType, { file: file.filename }));
  const ext = file.filename.includes('.') ? file.filename.slice(file.filename.lastIndexOf('.') + 1).toLowerCase() : '';
  if (!(CHEQUE_EXTENSIONS as readonly string[]).includes(ext)) throw wrongType;
  if (file.bytes.length > CHEQUE_MAX_BYTES) throw new HttpError(400, fill(ORDER_MSG.chequeFileTooLarge, { file: file.filename }));
  const type = await fileTypeFromBuffer(file.bytes);
  if (type?.mime === 'image/jpeg') return 'jpg';
  if (type?.mime === 'image/png') return 'png';
  throw wrongType;
}

/**
 * POST /api/user/pay-cheque (R-PAY-CHQ-1): the photo of the cheque for an order paid by cheque,
 * read, checked by name and content, and handed to the cheque payment. senderTo, rutCompany and companyName of the
 * form are ignored (company data come from the ERP).
 */
export default async function chequeRoutes(app: FastifyInstance, opts: { cheques: ChequeService }) {
  await app.register(multipart, {
    limits: { fileSize: CHEQUE_MAX_BYTES, files: 1, fields: 20, fieldSize: 4096, parts: 24, headerPairs: 100 },
  });

  app.post('/api/user/pay-cheque', { config: { access: 'buyer', capability: 'buy' }, schema: { response: { 202: MESSAGE } } }, async (request, reply) => {
    const user = requireUser(request);
    const form = await readChequeForm(request);
    const { numberOrder } = validate(payChequeSchema, form.fields);
    if (!form.file) throw new HttpError(400, ORDER_MSG.chequePhotoRequired);
    if (!form.file.filename) form.file.filename = shownName(form.fields.fileName) || 'cheque';
    const ext = await checkPhoto(form.file);
    return reply.code(202).send(await opts.cheques.pay(user, numberOrder, { bytes: form.file.bytes, ext }));
  });

  /**
   * GET /api/admin/orders/{numberOrder}/cheque-photo: the photo an order's buyer sent, for admins only (it carries bank
   * and account numbers), from any instance. A download (attachment), never cached, with the same protective headers
   * as /files; never reachable under /files itself.
   */
  app.route({
    method: ['GET', 'HEAD'], // one route: the automatic HEAD twin would say content-length 0
    url: '/api/admin/orders/:numberOrder/cheque-photo',
    config: { access: 'admin' },
    handler: async (request, reply) => {
      const { numberOrder } = validate(chequePhotoParams, request.params);
      const { file, filename } = await opts.cheques.photo(numberOrder);
      return sendStoredFile(request, reply, file, { cacheControl: 'private, no-store', headers: fileHeaders(file.contentType, { download: filename }) });
    },
  });
}

const chequePhotoParams = payChequeSchema.pick(['numberOrder']);
