import type { Readable } from 'node:stream';
import { readWhole, type BlobStore, type StoredFile } from './blobStore';
import { DiskBlobStore } from './diskBlobStore';
import { assertValidKey } from './fileStore';

/**
 * Files that must never be public (a cheque photo carries bank and account numbers): kept by key in a store of their
 * own, never the one served at /files/; read back by the server (the mail job attaches them) and downloaded only
 * through an authorised route (payments/cheque.routes.ts).
 */
export interface PrivateFileStore {
  readonly kind: BlobStore['kind'];
  put(key: string, bytes: Uint8Array | Readable, contentType: string): Promise<void>;
  /** The bytes, or undefined when no such file exists. */
  read(key: string): Promise<Buffer | undefined>;
  /** The file opened for an authorised download, or undefined when there is none. */
  open(key: string): Promise<StoredFile | undefined>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}

/** The private files over any BlobStore. */
export class PrivateFiles implements PrivateFileStore {
  constructor(readonly blobs: BlobStore) {}

  get kind(): BlobStore['kind'] {
    return this.blobs.kind;
  }

  async put(key: string, bytes: Uint8Array | Readable, contentType: string): Promise<void> {
    await this.blobs.put(key, bytes, contentType);
  }

  async read(key: string): Promise<Buffer | undefined> {
    assertValidKey(key); // an invalid key is an error here (the mail job fails for good), not a missing file
    return readWhole(this.blobs, key);
  }

  open(key: string): Promise<StoredFile | undefined> {
    return this.blobs.open(key);
  }

  exists(key: string): Promise<boolean> {
    return this.blobs.exists(key);
  }

  delete(key: string): Promise<void> {
    return this.blobs.delete(key);
  }
}

/** A private folder on local disk (main: DATA_DIR/private, never served). Same key rules as the public store. */
export class LocalPrivateStore extends PrivateFiles {
  private readonly disk: DiskBlobStore;

  constructor(root: string) {
    const disk = new DiskBlobStore(root);
    super(disk);
    this.disk = disk;
  }

  get root(): string {
    return this.disk.root;
  }
}
