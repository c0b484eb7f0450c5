// Sending mail. With SMTP_URL the messages go to that SMTP server; without it (the embedded default) each message is
// written as an RFC 822 `.eml` file in DATA_DIR/outbox, which any mail client opens. Both build the message with
// nodemailer, so a file in the outbox is byte for byte what an SMTP server would have received.
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport, type NodemailerError, type SendMailOptions, type Transporter } from 'nodemailer';

export interface OutgoingAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: OutgoingAttachment[];
  /**
   * Stable name of the message (the outbox job's dedupe key plus its Message-ID): sending it again replaces the same
   * `.eml` file, so a retried job leaves one file, not two.
   */
  key: string;
  /** `<…@…>`; the same on every try of one job, so a receiver can tell a repeat from a new mail. */
  messageId?: string;
}

export interface SentMail {
  messageId: string;
  /** The `.eml` file written (file outbox only). */
  file?: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'file';
  readonly from: string;
  /** Folder of the `.eml` files (file outbox only). */
  readonly outboxDir?: string;
  send(mail: OutgoingMail): Promise<SentMail>;
  close(): Promise<void>;
}

type Logger = Pick<FastifyBaseLogger, 'info' | 'warn'>;

export interface MailerOptions {
  /** smtp(s)://user:pass@host:port; absent = file outbox. */
  smtpUrl?: string;
  from: string;
  /** Where the file outbox writes (required without smtpUrl). */
  outboxDir?: string;
  logger?: Logger;
}

export function createMailer(opts: MailerOptions): Mailer {
  if (opts.smtpUrl) return new SmtpMailer(opts.smtpUrl, opts.from, opts.logger);
  if (!opts.outboxDir) throw new Error('el buzón de archivos necesita una carpeta (outboxDir)');
  return new FileMailer(opts.outboxDir, opts.from, opts.logger);
}

function toOptions(from: string, mail: OutgoingMail): SendMailOptions {
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
    attachments: mail.attachments?.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
    // Nothing in a message may make nodemailer read a local file or fetch a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/** A real SMTP server: one pooled connection set, closed with the app. */
class SmtpMailer implements Mailer {
  readonly kind = 'smtp' as const;
  private readonly transport: Transporter;

  constructor(
    url: string,
    readonly from: string,
    private readonly logger?: Logger,
  ) {
    // Short timeouts: a send must end well inside the outbox lease (60 s), or a second worker could send it again.
    this.transport = createTransport({ url, pool: true, maxConnections: 2, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 });
  }

  async send(mail: OutgoingMail): Promise<SentMail> {
    const info = await this.transport.sendMail(toOptions(this.from, mail));
    this.logger?.info({ to: mail.to, messageId: info.messageId, key: mail.key }, 'correo enviado');
    return { messageId: info.messageId };
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}

/** File names from keys: letters, digits, '-', '_', '.'; never a path. */
function safeName(key: string): string {
  return key.replace(/[^A-Za-z0-9_.-]+/g, '-').replace(/^[.-]+/, '').slice(0, 120) || 'correo';
}

/** The embedded default: every message an `.eml` file in the outbox folder. */
class FileMailer implements Mailer {
  readonly kind = 'file' as const;
  readonly outboxDir: string;
  private readonly transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  constructor(
    outboxDir: string,
    readonly from: string,
    private readonly logger?: Logger,
  ) {
    this.outboxDir = path.resolve(outboxDir);
    mkdirSync(this.outboxDir, { recursive: true });
  }

  /** `<key>-<hash of the Message-ID>.eml`: the same job gives the same file; a new database's RE000001 does not overwrite an old one. */
  fileNameOf(mail: OutgoingMail): string {
    const tag = mail.messageId ? `-${createHash('sha256').update(mail.messageId).digest('hex').slice(0, 8)}` : '';
    return `${safeName(mail.key)}${tag}.eml`;
  }

  async send(mail: OutgoingMail): Promise<SentMail> {
    const info = await this.transport.sendMail(toOptions(this.from, mail));
    const file = path.join(this.outboxDir, this.fileNameOf(mail));
    const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temp, info.message as Buffer);
      await rename(temp, file);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
    this.logger?.info({ to: mail.to, subject: mail.subject, file }, `correo guardado en ${file}`);
    return { messageId: info.messageId, file };
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}

/**
 * Whether retrying cannot help: the SMTP server rejected the message or a recipient for good (5xx other than 503),
 * or the envelope is invalid. A connection failure, a timeout or a 4xx answer is worth another try.
 */
export function isPermanentMailError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const err = error as NodemailerError;
  if (typeof err.permanent === 'boolean') return err.permanent;
  if (typeof err.responseCode === 'number') return err.responseCode >= 500 && err.responseCode < 600 && err.responseCode !== 503;
  return err.code === 'EENVELOPE';
}
