import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { mkdir, open, rename, rm, stat, writeFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertValidKey, isValidKey } from './fileStore';
import { contentTypeOfName, type BlobStore, type ByteRange, type PutResult, type StoredFile } from './blobStore';

/**
 * Files under one folder on local disk (the embedded default: `DATA_DIR/files`, `DATA_DIR/private`). There is no
 * record beside a file: its type comes from its extension and its validator from its size and modification time
 * (a weak ETag, as static file servers make), so files put there by earlier versions keep being served as they were.
 */
export class DiskBlobStore implements BlobStore {
  readonly kind = 'disk' as const;
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
    mkdirSync(this.root, { recursive: true });
  }

  /** The absolute path of a key, checked to stay inside the root. */
  pathOf(key: string): string {
    assertValidKey(key);
    const full = path.resolve(this.root, ...key.split('/'));
    if (!full.startsWith(this.root + path.sep)) throw new Error(`clave de archivo fuera de la carpeta: ${key}`);
    return full;
  }

  async put(key: string, data: Uint8Array | Readable, _contentType: string): Promise<PutResult> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Write aside and rename: a reader never sees half a file, and a replaced file changes in one step (a reader that
    // already opened the old one keeps reading it).
    const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      if (data instanceof Uint8Array) await writeFile(temp, data);
      else await pipeline(data, createWriteStream(temp));
      await rename(temp, target);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
    const st = await stat(target);
    return { size: st.size, etag: diskEtag(st.size, st.mtimeMs), lastModified: st.mtime };
  }

  async open(key: string): Promise<StoredFile | undefined> {
    if (!isValidKey(key)) return undefined;
    let handle: FileHandle;
    try {
      handle = await open(this.pathOf(key), 'r');
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
    try {
      const st = await handle.stat();
      if (!st.isFile()) {
        await handle.close();
        return undefined;
      }
      return new DiskFile(handle, st.size, st.mtimeMs, contentTypeOfName(key));
    } catch (err) {
      await handle.close().catch(() => undefined);
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    if (!isValidKey(key)) return false;
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch {
      return false;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

/** `W/"<size>-<mtime>"` in hex: changes when the file is replaced (the rename gives it a new modification time). */
const diskEtag = (size: number, mtimeMs: number) => `W/"${size.toString(16)}-${Math.trunc(mtimeMs).toString(16)}"`;

const isMissing = (err: unknown) => ['ENOENT', 'ENOTDIR', 'EISDIR'].includes((err as NodeJS.ErrnoException).code ?? '');

class DiskFile implements StoredFile {
  readonly etag: string;
  readonly lastModified: Date;
  private closed = false;

  constructor(
    private readonly handle: FileHandle,
    readonly size: number,
    mtimeMs: number,
    readonly contentType: string,
  ) {
    this.etag = diskEtag(size, mtimeMs);
    this.lastModified = new Date(mtimeMs);
  }

  body(range?: ByteRange): Readable {
    this.closed = true; // the stream owns the handle from now on and closes it at its end or on error
    if (this.size === 0) {
      void this.handle.close().catch(() => undefined);
      return Readable.from([]);
    }
    return this.handle.createReadStream({ start: range?.start ?? 0, end: range?.end ?? this.size - 1, autoClose: true });
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    void this.handle.close().catch(() => undefined);
  }
}
