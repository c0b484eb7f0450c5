// The outbox's 'mail' jobs: written in the transaction of the change they report (a reservation, a cheque photo, a
// confirmed order, paid invoices), sent by the worker with retries. Two kinds of payload:
// - a whole message (the staff notifications): attachments are private-store keys read at send time, so the outbox row
//   stays small and the photo never leaves the server except inside the mail;
// - a template and the id of what it reports ({ template: 'orderConfirmed', orderId }): the buyer's confirmations are
//   queued inside the transaction that confirms (an ERP acceptance, a payment), which must stay short and cannot call
//   the ERP, so the message is built when the job runs, from the stored order or payment and the buyer's ERP e-mail.
import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '../db/connect';
import { PermanentJobError, type JobHandler, type JobInfo } from '../jobs/outbox';
import { type Outbox } from '../jobs/outbox.repo';
import type { FastifyBaseLogger } from 'fastify';
import { isPermanentMailError, type Mailer, type OutgoingAttachment, type SentMail } from '../integrations/mailer';
import type { PrivateFileStore } from '../storage/privateFiles';

export const MAIL_JOB = 'mail';

export interface MailJobAttachment {
  filename: string;
  /** Key in the private file store. */
  privateKey: string;
  contentType: string;
}

export interface MailJobPayload {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailJobAttachment[];
  /** Set when enqueued, so every try of the job sends the same Message-ID. */
  messageId?: string;
}

/** `mail:RESERVE:RE000007`: one mail per section and order, however often it is asked for. */
export const orderMailKey = (section: string, numberOrder: string) => `mail:${section}:${numberOrder}`;

/** `mail:BUYER_ORDER:OC000123`: the buyer's confirmation of an order or reservation, one per order. */
export const buyerOrderMailKey = (numberOrder: string) => `mail:BUYER_ORDER:${numberOrder}`;

/** `mail:BUYER_PAYMENT:FAC…`: the buyer's receipt of paid invoices, one per payment (its unique reference). */
export const buyerPaymentMailKey = (reference: string) => `mail:BUYER_PAYMENT:${reference}`;

/** A mail built when the job runs. `messageToken` is fixed when queued: every try sends the same Message-ID. */
export type TemplateMailPayload =
  | { template: 'orderConfirmed'; orderId: number; messageToken: string }
  | { template: 'invoicesPaid'; paymentId: number; messageToken: string };

/** What a template renders to; null = nothing to send (the renderer logged why). */
export interface RenderedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export type MailTemplateRenderer = (payload: TemplateMailPayload, job: JobInfo) => Promise<RenderedMail | null>;

/** Adds a mail to the outbox inside the caller's transaction; a second mail with the same key is not added. */
export function enqueueMail(outbox: Outbox, tx: DbOrTx, dedupeKey: string, mail: Omit<MailJobPayload, 'messageId'>, domain = 'portal.example') {
  const payload: MailJobPayload = { ...mail, messageId: `<${randomUUID()}@${domain}>` };
  return outbox.enqueue(tx, { kind: MAIL_JOB, payload, dedupeKey });
}

/**
 * Queues the buyer's confirmation of order `order` inside the caller's transaction (the one that confirms it). An
 * order confirmed twice (two racing paths) still gets one mail: the key is the order number.
 */
export function enqueueOrderConfirmedMail(outbox: Pick<Outbox, 'enqueue'>, tx: DbOrTx, order: { id: number; purchaseOrderNumber: string | null }) {
  const payload: TemplateMailPayload = { template: 'orderConfirmed', orderId: order.id, messageToken: randomUUID() };
  return outbox.enqueue(tx, { kind: MAIL_JOB, payload, dedupeKey: buyerOrderMailKey(order.purchaseOrderNumber ?? String(order.id)) });
}

/** Queues the buyer's receipt of paid invoices inside the transaction that records the payment as PAID. */
export function enqueueInvoicesPaidMail(outbox: Pick<Outbox, 'enqueue'>, tx: DbOrTx, payment: { id: number; reference: string }) {
  const payload: TemplateMailPayload = { template: 'invoicesPaid', paymentId: payment.id, messageToken: randomUUID() };
  return outbox.enqueue(tx, { kind: MAIL_JOB, payload, dedupeKey: buyerPaymentMailKey(payment.reference) });
}

/** The domain of a From ('"X" <a@b.example>' -> 'b.example'): the Message-ID's. */
export const mailDomainOf = (from: string) => /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'portal.example';

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

/**
 * A template payload as the worker reads it back: undefined when the payload names no template (a whole message); a
 * malformed one can never be rendered, so it is a permanent failure.
 */
export function parseTemplatePayload(value: unknown): TemplateMailPayload | undefined {
  const p = (value ?? {}) as Record<string, unknown>;
  if (p.template === undefined) return undefined;
  const token = typeof p.messageToken === 'string' && /^[A-Za-z0-9-]{8,64}$/.test(p.messageToken) ? p.messageToken : undefined;
  if (p.template === 'orderConfirmed' && isId(p.orderId) && token) return { template: 'orderConfirmed', orderId: p.orderId, messageToken: token };
  if (p.template === 'invoicesPaid' && isId(p.paymentId) && token) return { template: 'invoicesPaid', paymentId: p.paymentId, messageToken: token };
  throw new PermanentJobError(`correo con plantilla inválida: ${JSON.stringify(value).slice(0, 200)}`);
}

const isText = (v: unknown, max: number): v is string => typeof v === 'string' && v.length > 0 && v.length <= max;

/** The payload as the worker reads it back; a malformed one can never be sent, so it is a permanent failure. */
export function parseMailPayload(value: unknown): MailJobPayload {
  const p = (value ?? {}) as Partial<MailJobPayload>;
  if (!isText(p.to, 1000) || !isText(p.subject, 500) || !isText(p.text, 200_000)) throw new PermanentJobError('correo sin destinatario, asunto o texto');
  if (p.html !== undefined && typeof p.html !== 'string') throw new PermanentJobError('correo con html inválido');
  const attachments = p.attachments ?? [];
  if (!Array.isArray(attachments) || attachments.some((a) => !isText(a?.filename, 200) || !isText(a?.privateKey, 300) || !isText(a?.contentType, 100))) {
    throw new PermanentJobError('correo con adjuntos inválidos');
  }
  return { to: p.to, subject: p.subject, text: p.text, html: p.html, attachments, messageId: typeof p.messageId === 'string' ? p.messageId : undefined };
}

/**
 * Sends one mail job. Idempotent per dedupe key: the file outbox rewrites the same file, SMTP gets the same
 * Message-ID. A 5xx rejection, a missing attachment or a malformed payload fails for good; a connection error, a
 * timeout or a 4xx answer is retried by the worker with backoff. A template job is rendered first by `templates`
 * (which may fail like any try, or answer that there is nothing to send).
 */
export function mailJobHandler(deps: {
  mailer: Mailer;
  files: PrivateFileStore;
  logger?: Pick<FastifyBaseLogger, 'info'>;
  templates?: MailTemplateRenderer;
}): JobHandler {
  return async (value, job) => {
    const template = parseTemplatePayload(value);
    let mail: MailJobPayload;
    if (template) {
      if (!deps.templates) throw new PermanentJobError(`no hay quien prepare correos '${template.template}'`);
      const rendered = await deps.templates(template, job);
      if (!rendered) return; // nothing to send: the renderer said why
      mail = { ...parseMailPayload(rendered), messageId: `<${template.messageToken}@${mailDomainOf(deps.mailer.from)}>` };
    } else {
      mail = parseMailPayload(value);
    }
    const attachments: OutgoingAttachment[] = [];
    for (const a of mail.attachments ?? []) {
      let content: Buffer | undefined;
      try {
        content = await deps.files.read(a.privateKey);
      } catch (err) {
        // an invalid key can never be read
        if (err instanceof Error && err.message.startsWith('clave de archivo')) throw new PermanentJobError(err.message, { cause: err });
        throw err;
      }
      if (!content) throw new PermanentJobError(`el adjunto ${a.privateKey} ya no existe`);
      attachments.push({ filename: a.filename, content, contentType: a.contentType });
    }
    let sent: SentMail;
    try {
      sent = await deps.mailer.send({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments,
        key: job.dedupeKey,
        messageId: mail.messageId,
      });
    } catch (err) {
      if (isPermanentMailError(err)) throw new PermanentJobError(`el servidor de correo rechazó el mensaje: ${(err as Error).message}`, { cause: err });
      throw err;
    }
    const where = sent.file ? `guardado en ${sent.file}` : 'enviado';
    deps.logger?.info({ jobId: job.id, key: job.dedupeKey, to: mail.to, file: sent.file, messageId: sent.messageId }, `correo ${where}`);
  };
}
