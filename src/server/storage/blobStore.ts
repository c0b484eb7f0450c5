import type { Readable } from 'node:stream';

// Where the bytes of uploaded files live. One interface, three implementations chosen by configuration
// (stores.ts): the local disk (the embedded default), PostgreSQL (bytea chunks) and an S3-compatible object store.
// The public files (/files/) and the private ones (cheque photos) are two stores of the same kind, never the same
// namespace: a private key can never be served under /files/.

/** An inclusive byte range of a stored file (`start`..`end`, both counted from 0). */
export interface ByteRange {
  start: number;
  end: number;
}

/** What `put` stored. */
export interface PutResult {
  size: number;
  /** The entity tag the file is served with (quoted, `W/`-prefixed when weak). */
  etag: string;
  lastModified: Date;
}

/**
 * A stored file opened for reading: its record (size, type, validators) and its bytes on demand. Every answer about
 * one open file describes the same version of it, even if the key is replaced meanwhile (a disk file is read from
 * the handle already opened, a database file by its row id, an S3 object only while its ETag still matches); a
 * version replaced or deleted while its bytes are being read makes the stream fail rather than mix two versions.
 * Call `close()` when the body is not read (a 304, a HEAD); reading the body to its end (or failing) closes too.
 */
export interface StoredFile {
  size: number;
  contentType: string;
  etag: string;
  lastModified: Date;
  /** The bytes, or those of `range` (already checked against `size`). */
  body(range?: ByteRange): Readable;
  close(): void;
}

export interface BlobStore {
  readonly kind: 'disk' | 'database' | 's3';
  /**
   * Writes (or replaces) a file under a key (`fileStore.ts` rules). `data` is the whole file or a stream of it; the
   * database store writes it chunk by chunk, the others as they go. Readers see the old version or the new one,
   * never half of one.
   */
  put(key: string, data: Uint8Array | Readable, contentType: string): Promise<PutResult>;
  /** The file opened for reading, or undefined when there is no such key (an invalid key is no such key). */
  open(key: string): Promise<StoredFile | undefined>;
  exists(key: string): Promise<boolean>;
  /** Removes a file; a missing one is not an error. */
  delete(key: string): Promise<void>;
}

/** The whole file as one buffer (mail attachments), or undefined when there is no such key. */
export async function readWhole(store: Pick<BlobStore, 'open'>, key: string): Promise<Buffer | undefined> {
  const file = await store.open(key);
  if (!file) return undefined;
  const parts: Buffer[] = [];
  for await (const part of file.body()) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** Chunks of a stream or a buffer, as buffers of at most `size` bytes (the last may be shorter). */
export async function* chunksOf(data: Uint8Array | Readable, size: number): AsyncGenerator<Buffer> {
  if (data instanceof Uint8Array) {
    for (let at = 0; at < data.length; at += size) yield Buffer.from(data.buffer, data.byteOffset + at, Math.min(size, data.length - at));
    return;
  }
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const piece of data) {
    let buf = Buffer.isBuffer(piece) ? piece : Buffer.from(piece as Uint8Array);
    while (buf.length > 0) {
      const take = Math.min(size - pendingBytes, buf.length);
      pending.push(buf.subarray(0, take));
      pendingBytes += take;
      buf = buf.subarray(take);
      if (pendingBytes === size) {
        yield Buffer.concat(pending, pendingBytes);
        pending = [];
        pendingBytes = 0;
      }
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending, pendingBytes);
}

/** The content type of a file on disk, which has no record: by its extension (the types the portal stores). */
const TYPES_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
  pdf: 'application/pdf',
};

export function contentTypeOfName(name: string): string {
  const dot = name.lastIndexOf('.');
  return (dot >= 0 && TYPES_BY_EXTENSION[name.slice(dot + 1).toLowerCase()]) || 'application/octet-stream';
}
