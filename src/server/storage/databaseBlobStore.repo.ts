import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { storedFileChunks, storedFiles } from '../db/schema';
import { chunksOf, type BlobStore, type ByteRange, type PutResult, type StoredFile } from './blobStore';
import { assertValidKey, isValidKey } from './fileStore';

/** 256 KiB: one chunk is one short query, and a file of a few MB is a few of them. */
export const DEFAULT_CHUNK_SIZE = 256 * 1024;

/** The first key of the advisory locks that serialise writes of one file (the second is a hash of scope and key). */
const PUT_LOCK_SPACE = 0x66696c65; // 'file'

/**
 * Files in PostgreSQL (or PGlite), as rows of bytea chunks rather than large objects (docs/architecture.md, "File
 * storage"): each chunk is read by its own short query, so a download holds no connection or transaction between
 * chunks however slow the client; a file is deleted with its row (the chunks cascade), with no orphaned large object
 * to unlink; and it works the same on PGlite, in dumps and in logical replication. A file is written inside one
 * transaction, chunk by chunk, and gets a new row id each time it is written, so a reader that opened one version
 * reads only that version's chunks.
 */
export class DatabaseBlobStore implements BlobStore {
  readonly kind = 'database' as const;

  constructor(
    private readonly db: Db,
    private readonly scope: 'public' | 'private',
    private readonly chunkSize = DEFAULT_CHUNK_SIZE,
  ) {}

  async put(key: string, data: Uint8Array | Readable, contentType: string): Promise<PutResult> {
    assertValidKey(key);
    const { scope, chunkSize } = this;
    return this.db.transaction(async (tx) => {
      // Two writes of the same key wait for each other instead of one failing on the unique (scope, key).
      await tx.execute(sql`select pg_advisory_xact_lock(${PUT_LOCK_SPACE}::int, hashtext(${`${scope}:${key}`}))`);
      await tx.delete(storedFiles).where(and(eq(storedFiles.scope, scope), eq(storedFiles.key, key)));
      const [row] = await tx
        .insert(storedFiles)
        .values({ scope, key, contentType, size: 0, etag: '""', chunkSize })
        .returning({ id: storedFiles.id, createdAt: storedFiles.createdAt });
      const hash = createHash('sha256');
      let size = 0;
      let seq = 0;
      for await (const chunk of chunksOf(data, chunkSize)) {
        hash.update(chunk);
        size += chunk.length;
        await tx.insert(storedFileChunks).values({ fileId: row!.id, seq: seq++, data: chunk });
      }
      const etag = `"${hash.digest('base64url')}"`;
      await tx.update(storedFiles).set({ size, etag }).where(eq(storedFiles.id, row!.id));
      return { size, etag, lastModified: row!.createdAt };
    });
  }

  async open(key: string): Promise<StoredFile | undefined> {
    if (!isValidKey(key)) return undefined;
    const [row] = await this.db
      .select({ id: storedFiles.id, contentType: storedFiles.contentType, size: storedFiles.size, etag: storedFiles.etag, chunkSize: storedFiles.chunkSize, createdAt: storedFiles.createdAt })
      .from(storedFiles)
      .where(and(eq(storedFiles.scope, this.scope), eq(storedFiles.key, key)));
    if (!row) return undefined;
    const { db } = this;
    return {
      size: row.size,
      contentType: row.contentType,
      etag: row.etag,
      lastModified: row.createdAt,
      body: (range?: ByteRange) => Readable.from(readChunks(db, row.id, row.chunkSize, range ?? { start: 0, end: row.size - 1 })),
      close: () => undefined,
    };
  }

  async exists(key: string): Promise<boolean> {
    if (!isValidKey(key)) return false;
    const rows = await this.db
      .select({ id: storedFiles.id })
      .from(storedFiles)
      .where(and(eq(storedFiles.scope, this.scope), eq(storedFiles.key, key)));
    return rows.length > 0;
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.db.delete(storedFiles).where(and(eq(storedFiles.scope, this.scope), eq(storedFiles.key, key)));
  }

  /** Every key of this scope (the import of files left on disk skips those already here). */
  async keys(): Promise<Set<string>> {
    const rows = await this.db.select({ key: storedFiles.key }).from(storedFiles).where(eq(storedFiles.scope, this.scope));
    return new Set(rows.map((r) => r.key));
  }
}

/**
 * The bytes `range` of the file `fileId`, one chunk per query; only the part of a chunk the range needs is sent by
 * the database (`substring`). A chunk that is gone means that version was replaced or deleted while being read.
 */
async function* readChunks(db: Db, fileId: number, chunkSize: number, range: ByteRange): AsyncGenerator<Buffer> {
  if (range.end < range.start) return;
  const first = Math.floor(range.start / chunkSize);
  const last = Math.floor(range.end / chunkSize);
  for (let seq = first; seq <= last; seq++) {
    const from = seq === first ? range.start - seq * chunkSize : 0;
    const to = seq === last ? range.end - seq * chunkSize : chunkSize - 1;
    const whole = from === 0 && to === chunkSize - 1;
    const data = whole ? storedFileChunks.data : sql<Uint8Array>`substring(${storedFileChunks.data} from ${from + 1}::int for ${to - from + 1}::int)`;
    const [row] = await db
      .select({ data })
      .from(storedFileChunks)
      .where(and(eq(storedFileChunks.fileId, fileId), eq(storedFileChunks.seq, seq)));
    if (!row) throw new Error('el archivo cambió o se borró mientras se leía');
    const bytes = row.data as Uint8Array;
    yield Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
}
