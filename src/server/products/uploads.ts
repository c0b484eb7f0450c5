import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { fill } from '@shared/messages';
import { HttpError } from '../errors';
import { frameworkError } from '../plugins/errors';
import type { FileStore } from '../storage/fileStore';

// Uploads of the admin area (products and banners): reading a multipart form whole, checking a file by its
// content, and replacing stored files only once the database has committed (docs/decisions.md, D20).

export interface UploadedFile {
  field: string;
  /** The client's file name, cleaned for messages. */
  filename: string;
  bytes: Buffer;
}

export interface UploadForm {
  fields: Record<string, string>;
  files: Map<string, UploadedFile>;
}

export interface UploadRules {
  fileFields: readonly string[];
  /** The message of a file over the multipart size limit, by its field. */
  tooLarge(field: string): string;
  oneFilePerField: string;
  /** With `{field}`. */
  unknownFileField: string;
}

/** A file name fit for a message: no control characters, not endless. */
export const shownName = (name: string | undefined): string =>
  [...(name ?? '')]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, 200);

const badFile = (field: string, message: string) => new HttpError(400, message, { [field]: message });

/** Multipart limits: a few files beyond the known fields are read, so a duplicate or unknown field gets its own message. */
export const extraFiles = (fileFields: readonly string[]) => fileFields.length + 3;

/**
 * Reads every part of a multipart request (the files are small: the multipart limits bound them). An empty part
 * without a name (a file input left empty) is no file. Too large, too many or unknown files are a Spanish 400.
 */
export async function readUploadForm(request: FastifyRequest, rules: UploadRules): Promise<UploadForm> {
  const form: UploadForm = { fields: {}, files: new Map() };
  let problem: HttpError | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        const filename = shownName(part.filename);
        if (bytes.length === 0 && !filename) continue;
        if (!rules.fileFields.includes(part.fieldname)) problem ??= badFile(part.fieldname, fill(rules.unknownFileField, { field: shownName(part.fieldname).slice(0, 60) }));
        else if (form.files.has(part.fieldname)) problem ??= badFile(part.fieldname, rules.oneFilePerField);
        else form.files.set(part.fieldname, { field: part.fieldname, filename: filename || part.fieldname, bytes });
      } else if (typeof part.value === 'string') {
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const e = err as { code?: string; part?: { fieldname?: string } };
    if (e.code === 'FST_REQ_FILE_TOO_LARGE') {
      const field = e.part?.fieldname ?? '';
      throw badFile(field || '_', rules.tooLarge(field));
    }
    if (err instanceof HttpError) throw err;
    const known = frameworkError(e);
    if (known) throw known;
    // The parser's own errors (no boundary, a cut body…) carry no code: the request was malformed, not the server.
    request.log.info({ err }, 'multipart mal formado');
    throw new HttpError(400, 'La solicitud multipart está incompleta o mal formada');
  }
  if (problem) throw problem;
  return form;
}

export type SniffedType = 'jpg' | 'png' | 'pdf';

export const CONTENT_TYPES: Record<SniffedType, string> = { jpg: 'image/jpeg', png: 'image/png', pdf: 'application/pdf' };

/** What the bytes are (magic bytes), whatever the name says; undefined for anything else. */
export async function sniff(bytes: Uint8Array): Promise<SniffedType | undefined> {
  const type = await fileTypeFromBuffer(bytes);
  if (type?.mime === 'image/jpeg') return 'jpg';
  if (type?.mime === 'image/png') return 'png';
  if (type?.mime === 'application/pdf') return 'pdf';
  return undefined;
}

let lastVersion = 0;
/** The `?v=` of a save: time in ms, always rising, so a replaced file under the same name is never served stale. */
export function nextVersion(): number {
  lastVersion = Math.max(Date.now(), lastVersion + 1);
  return lastVersion;
}

/** Runs the tasks of one key one after another (two saves of the same sku or of the banner set never interleave). */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<unknown>>();

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const current = previous.catch(() => undefined).then(task);
    this.tails.set(key, current);
    try {
      return await current;
    } finally {
      if (this.tails.get(key) === current) this.tails.delete(key);
    }
  }
}

interface Staged {
  stagingKey: string;
  finalKey: string;
  bytes: Uint8Array;
  contentType: string;
}

/**
 * Replaces stored files all or nothing, around a database transaction:
 * 1. `stage` writes each new file under a random staging key (the final names are untouched, so the current
 *    record's files keep serving and a failure before the commit leaves them as they were);
 * 2. the caller commits the record with the final urls; on any failure it calls `discard`;
 * 3. `apply` writes the final names, then removes the staging copies and the files the record no longer names.
 * Old files are removed only after the new ones are in place.
 */
export class FileSwap {
  private readonly staged: Staged[] = [];

  constructor(
    private readonly files: FileStore,
    private readonly log: FastifyBaseLogger,
  ) {}

  get finalKeys(): string[] {
    return this.staged.map((s) => s.finalKey);
  }

  async stage(finalKey: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const slash = finalKey.lastIndexOf('/');
    const stagingKey = `${finalKey.slice(0, slash)}/staging/${randomBytes(8).toString('hex')}-${finalKey.slice(slash + 1)}`;
    this.staged.push({ stagingKey, finalKey, bytes, contentType });
    await this.files.put(stagingKey, bytes, contentType);
  }

  /** Forget the staged files (the save failed): nothing visible changed. */
  async discard(): Promise<void> {
    await Promise.all(this.staged.map((s) => this.files.delete(s.stagingKey).catch((err: unknown) => this.log.warn({ err, key: s.stagingKey }, 'no se pudo borrar un archivo temporal'))));
    this.staged.length = 0;
  }

  /** After the commit: the new files under their final names, then the staging copies and `obsolete` keys removed. */
  async apply(obsolete: Iterable<string>): Promise<void> {
    for (const s of this.staged) {
      try {
        await this.files.put(s.finalKey, s.bytes, s.contentType);
      } catch (err) {
        // The store just took the same bytes under the staging key: one retry, then it is an operator's matter.
        this.log.warn({ err, key: s.finalKey }, 'reintentando escribir un archivo subido');
        await this.files.put(s.finalKey, s.bytes, s.contentType);
      }
    }
    const keep = new Set(this.finalKeys);
    const remove = [...this.staged.map((s) => s.stagingKey), ...[...obsolete].filter((k) => !keep.has(k))];
    await Promise.all(remove.map((key) => this.files.delete(key).catch((err: unknown) => this.log.warn({ err, key }, 'no se pudo borrar un archivo reemplazado'))));
    this.staged.length = 0;
  }
}
