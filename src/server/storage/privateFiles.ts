import { readFile } from 'node:fs/promises';
import { LocalDiskStore } from './localDiskStore';

/**
 * Files that must never be public (a cheque photo carries bank and account numbers): kept by key outside the folder
 * served at /files/, read back only by the server (the mail job attaches them).
 */
export interface PrivateFileStore {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes, or undefined when no such file exists. */
  read(key: string): Promise<Buffer | undefined>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}

/** A private folder on local disk (main: DATA_DIR/private). Same key rules as the public store, never served. */
export class LocalPrivateStore implements PrivateFileStore {
  private readonly disk: LocalDiskStore;

  constructor(root: string) {
    this.disk = new LocalDiskStore(root);
  }

  get root(): string {
    return this.disk.root;
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    await this.disk.put(key, bytes, contentType);
  }

  async read(key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.disk.pathOf(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  exists(key: string): Promise<boolean> {
    return this.disk.exists(key);
  }

  delete(key: string): Promise<void> {
    return this.disk.delete(key);
  }
}
