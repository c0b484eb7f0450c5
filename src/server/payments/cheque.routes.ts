import { randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { MSG, fill } from '@shared/messages';
import { CHEQUE_EXTENSIONS, CHEQUE_MAX_BYTES, ORDER_MSG, payChequeSchema } from '@shared/schemas/orders';
import { NOTIFICATION_MSG } from '@shared/schemas/notifications';
import { orders } from '../db/schema';
import { HttpError } from '../errors';
import { validate } from '../plugins/validation';
import { enqueueMail, orderMailKey } from '../mail/mailJob';
import { buildOrderMail, chequeAttachment, findOwnOrder, linesOf } from '../mail/orderMail';
import type { MailContext } from '../mail/mail.routes';

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
 * POST /api/user/pay-cheque (customer spec sections 5 and 7): the photo of the cheque for an order paid by cheque.
 * The photo is kept in the private store (never served) and, in one transaction, the order records it and the mail to
 * the CHEQUE recipient is queued with the photo attached. Company data come from the ERP; senderTo, rutCompany and
 * companyName of the form are ignored.
 */
export default async function chequeRoutes(app: FastifyInstance, ctx: MailContext) {
  const { db, outbox, worker, recipients, privateFiles, brandName } = ctx;
  await app.register(multipart, {
    limits: { fileSize: CHEQUE_MAX_BYTES, files: 1, fields: 20, fieldSize: 4096, parts: 24, headerPairs: 100 },
  });

  app.post('/api/user/pay-cheque', { config: { access: 'buyer' } }, async (request, reply) => {
    const user = request.sessionUser!;
    const form = await readChequeForm(request);
    const { numberOrder } = validate(payChequeSchema, form.fields);
    if (!form.file) throw new HttpError(400, ORDER_MSG.chequePhotoRequired);
    if (!form.file.filename) form.file.filename = shownName(form.fields.fileName) || 'cheque';
    const ext = await checkPhoto(form.file);

    const order = await findOwnOrder(db, user.id, numberOrder);
    if (order.paymentMethod !== 'CHEQUE') throw new HttpError(409, fill(NOTIFICATION_MSG.orderNotCheque, { number: numberOrder }));
    if (order.orderState !== 'PROCESS') throw new HttpError(409, fill(MSG.orderNotPending, { number: numberOrder }));
    if (order.chequeFileKey) throw new HttpError(409, fill(NOTIFICATION_MSG.chequeAlreadySent, { number: numberOrder }));
    const recipient = await recipients.bySection('CHEQUE');
    if (!recipient) throw ctx.noRecipient();

    const company = await ctx.companyOf(user, order);
    const mail = buildOrderMail({ kind: 'CHEQUE', brand: brandName, order, lines: await linesOf(db, order.id), company });
    const key = `cheques/${numberOrder}-${randomBytes(6).toString('hex')}.${ext}`;
    await privateFiles.put(key, form.file.bytes, ext === 'png' ? 'image/png' : 'image/jpeg');
    try {
      await db.transaction(async (tx) => {
        // Only a pending cheque order without a photo yet: two uploads at once leave one photo and one mail.
        const updated = await tx
          .update(orders)
          .set({ chequeFileKey: key })
          .where(and(eq(orders.id, order.id), eq(orders.orderState, 'PROCESS'), isNull(orders.chequeFileKey)))
          .returning({ id: orders.id });
        if (!updated.length) throw new HttpError(409, fill(NOTIFICATION_MSG.chequeAlreadySent, { number: numberOrder }));
        const attachments = [chequeAttachment(numberOrder, key)];
        await enqueueMail(outbox, tx, orderMailKey('CHEQUE', numberOrder), { to: recipient.email, ...mail, attachments }, ctx.mailDomain);
      });
    } catch (err) {
      await privateFiles.delete(key).catch(() => undefined);
      throw err;
    }
    worker.kick();
    return reply.code(202).send({ message: fill(MSG.chequeSent, { brand: brandName }) });
  });
}
