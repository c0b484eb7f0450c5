// Secrets that must reach a mail's recipient and nobody else (the customer request's 'Clave tributaria'). The mail is
// queued in the outbox like any other, but the secret is not written there in clear: the text carries an unguessable
// placeholder and the payload the secret sealed with AES-256-GCM under a key derived from the server secret. The
// worker opens it only to send, and then removes the sealed value from the job, so a delivered mail leaves nothing of
// it in the database (a backup or a look at the outbox table shows neither the secret nor, after delivery, its
// ciphertext).
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Db } from '../db/connect';
import { PermanentJobError, type JobHandler } from '../jobs/outbox';
import { OutboxRepo } from '../jobs/outbox.repo';

const VERSION = 'v1.';
const PLACEHOLDER = /\{\{sealed:([0-9a-f]{32})\}\}/g;

/** The sealing key: HKDF-SHA256 of the server secret (JWT_SECRET), for this use only. */
export function sealingKey(secret: Uint8Array): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'portal/mail/sealed-fields/v1', 32));
}

function seal(key: Buffer, value: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return VERSION + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

function open(key: Buffer, sealed: string): string {
  if (!sealed.startsWith(VERSION)) throw new PermanentJobError('valor sellado con formato desconocido');
  const raw = Buffer.from(sealed.slice(VERSION.length), 'base64url');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch (err) {
    // another server secret: it can never be opened here
    throw new PermanentJobError('no se pudo abrir un valor sellado del correo (¿cambió JWT_SECRET?)', { cause: err });
  }
}

/** Builds mails with sealed values: `placeholder(value)` goes into the text; `sealed` into the job payload. */
export class Sealer {
  readonly sealed: Record<string, string> = {};
  constructor(private readonly key: Buffer) {}

  /** A placeholder for `value` (the same text for text and HTML: the value is escaped for HTML when opened). */
  placeholder(value: string): string {
    const id = randomBytes(16).toString('hex');
    this.sealed[id] = seal(this.key, value);
    return `{{sealed:${id}}}`;
  }
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface SealedPayload {
  text?: unknown;
  html?: unknown;
  /** placeholder id -> sealed value; null once removed after delivery. */
  sealed?: Record<string, string | null>;
}

const sealedOf = (payload: unknown) => (payload as SealedPayload | undefined)?.sealed ?? undefined;

/**
 * The payload with its placeholders replaced by the opened values. Only the job's own placeholder ids are replaced
 * (a look-alike typed into another field stays as typed); payloads without sealed values pass unchanged.
 */
export function openSealedMail(key: Buffer, payload: unknown): unknown {
  const sealed = sealedOf(payload);
  if (!sealed || typeof sealed !== 'object') return payload;
  const p = payload as SealedPayload;
  const fillIn = (v: unknown, html: boolean) =>
    typeof v !== 'string'
      ? v
      : v.replace(PLACEHOLDER, (whole, id: string) => {
          if (!(id in sealed)) return whole;
          const box = sealed[id];
          // already removed after an earlier delivery: sending the bare placeholder would be wrong
          if (typeof box !== 'string') throw new PermanentJobError('el correo ya no tiene su valor sellado');
          const value = open(key, box);
          return html ? escapeHtml(value) : value;
        });
  const { sealed: _sealed, ...rest } = p;
  return { ...rest, text: fillIn(p.text, false), html: fillIn(p.html, true) };
}

/**
 * Wraps the mail job's handler: opens sealed values just before sending, and removes them from the job once the mail
 * is sent (or can never be sent). A retryable failure keeps them, so the next try can send.
 */
export function withSealedFields(db: Db, key: Buffer, send: JobHandler, log?: { warn(obj: object, msg: string): void }): JobHandler {
  const jobs = new OutboxRepo(db);
  return async (payload, job) => {
    const sealed = sealedOf(payload);
    if (!sealed || typeof sealed !== 'object') return send(payload, job);
    try {
      await send(openSealedMail(key, payload), job);
    } catch (err) {
      if (err instanceof PermanentJobError) await forget(job.id, payload as SealedPayload, sealed);
      throw err;
    }
    await forget(job.id, payload as SealedPayload, sealed);
  };

  /** Keeps the placeholder ids (so a re-run knows its values are gone), drops the values. */
  async function forget(jobId: number, payload: SealedPayload, sealed: Record<string, string | null>) {
    const emptied = { ...payload, sealed: Object.fromEntries(Object.keys(sealed).map((id) => [id, null])) };
    try {
      await jobs.replacePayload(jobId, emptied);
    } catch (err) {
      // the mail went; the value stays sealed (never in clear)
      log?.warn({ err, jobId }, 'no se pudo borrar el valor sellado del correo');
    }
  }
}
