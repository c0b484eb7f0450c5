import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertValidKey, publicUrl, type FileStore } from './fileStore';

/** Files under one folder on local disk (the embedded default: `DATA_DIR/files`), served by the /files/ route. */
export class LocalDiskStore implements FileStore {
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

  // The content type is not kept: the /files/ route answers by extension.
  async put(key: string, bytes: Uint8Array, _contentType?: string): Promise<string> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Write aside and rename: a reader never sees half a file, and a replaced file changes in one step.
    const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temp, bytes);
      await rename(temp, target);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
    const { mtimeMs } = await stat(target);
    return this.url(key, mtimeMs);
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch {
      return false;
    }
  }

  url(key: string, version?: number): string {
    return publicUrl(key, version);
  }
}
