// The outbox's 'mail' jobs: written in the transaction of the change they report (a reservation, a cheque photo),
// sent by the worker with retries. The payload is the whole message; attachments are private-store keys read at send
// time, so the outbox row stays small and the photo never leaves the server except inside the mail.
import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '../db/connect';
import { PermanentJobError, type JobHandler, type Outbox } from '../jobs/outbox';
import type { FastifyBaseLogger } from 'fastify';
import { isPermanentMailError, type Mailer, type OutgoingAttachment, type SentMail } from '../integrations/mailer';
import type { PrivateFileStore } from './privateFiles';

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

/** Adds a mail to the outbox inside the caller's transaction; a second mail with the same key is not added. */
export function enqueueMail(outbox: Outbox, tx: DbOrTx, dedupeKey: string, mail: Omit<MailJobPayload, 'messageId'>, domain = 'portal.example') {
  const payload: MailJobPayload = { ...mail, messageId: `<${randomUUID()}@${domain}>` };
  return outbox.enqueue(tx, { kind: MAIL_JOB, payload, dedupeKey });
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
 * timeout or a 4xx answer is retried by the worker with backoff.
 */
export function mailJobHandler(deps: { mailer: Mailer; files: PrivateFileStore; logger?: Pick<FastifyBaseLogger, 'info'> }): JobHandler {
  return async (value, job) => {
    const mail = parseMailPayload(value);
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
