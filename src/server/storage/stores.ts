import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connect';
import type { BlobStore } from './blobStore';
import { DatabaseBlobStore } from './databaseBlobStore.repo';
import { PublicFileStore, type FileStore } from './fileStore';
import { importDiskFiles } from './importDiskFiles';
import { LocalDiskStore } from './localDiskStore';
import { LocalPrivateStore, PrivateFiles, type PrivateFileStore } from './privateFiles';
import type { S3Settings } from './s3BlobStore';

/** FILE_STORAGE (config.ts): where uploaded files live. */
export type StorageKind = 'disk' | 'database' | 's3';

export interface StorageOptions {
  kind: StorageKind;
  /** Required with kind 's3'. */
  s3?: S3Settings;
}

export interface FileStores {
  /** Served at /files/. */
  files: FileStore;
  /** Never served (cheque photos). */
  privateFiles: PrivateFileStore;
  close(): Promise<void>;
}

/**
 * The public and private stores of one kind:
 * - 'disk': the folders `filesDir` and `privateFilesDir` (main: DATA_DIR/files and DATA_DIR/private); absent ones are
 *   throwaway temp folders removed on close (tests). One instance only, or a folder shared by every instance.
 * - 'database': the portal's database (tables `stored_files` and `stored_file_chunks`), scopes 'public' and 'private'.
 * - 's3': one bucket, keys under `public/` and `private/`.
 * With 'database' or 's3', files an earlier version left in `filesDir` / `privateFilesDir` are copied into the store
 * once (importDiskFiles.ts), so the URLs already in the tables keep working on every instance; under `exclusive`, so
 * instances started together take turns and the later ones find the keys there.
 */
export async function openFileStores(opts: {
  storage?: StorageOptions;
  db: Db;
  filesDir?: string;
  privateFilesDir?: string;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** Runs the copy of files left on disk one instance at a time (the database's start-up lock); absent: at once. */
  exclusive?: <T>(work: () => Promise<T>) => Promise<T>;
}): Promise<FileStores> {
  const kind = opts.storage?.kind ?? 'disk';
  if (kind === 'disk') {
    const temps: string[] = [];
    const folder = (dir: string | undefined, prefix: string) => {
      if (dir) return dir;
      const temp = mkdtempSync(path.join(tmpdir(), prefix));
      temps.push(temp);
      return temp;
    };
    return {
      files: new LocalDiskStore(folder(opts.filesDir, 'portal-files-')),
      privateFiles: new LocalPrivateStore(folder(opts.privateFilesDir, 'portal-private-')),
      close: async () => {
        for (const temp of temps) rmSync(temp, { recursive: true, force: true });
      },
    };
  }

  let publicBlobs: BlobStore;
  let privateBlobs: BlobStore;
  let close = async (): Promise<void> => undefined;
  if (kind === 'database') {
    publicBlobs = new DatabaseBlobStore(opts.db, 'public');
    privateBlobs = new DatabaseBlobStore(opts.db, 'private');
  } else {
    if (!opts.storage?.s3) throw new Error('FILE_STORAGE=s3 necesita S3_BUCKET');
    // loaded only here: the AWS SDK costs start-up time and memory that the other kinds need not pay
    const { createS3Client, S3BlobStore } = await import('./s3BlobStore');
    const client = createS3Client(opts.storage.s3);
    publicBlobs = new S3BlobStore(client, opts.storage.s3.bucket, 'public/');
    privateBlobs = new S3BlobStore(client, opts.storage.s3.bucket, 'private/');
    close = async () => {
      client.destroy();
    };
  }
  const exclusive = opts.exclusive ?? ((work) => work());
  for (const [dir, blobs] of [[opts.filesDir, publicBlobs], [opts.privateFilesDir, privateBlobs]] as const) {
    if (!dir) continue;
    const imported = await exclusive(() => importDiskFiles(dir, blobs));
    if (imported.copied + imported.skipped > 0) opts.log?.info({ from: dir, to: kind, ...imported }, 'archivos en disco copiados al almacenamiento configurado');
  }
  return { files: new PublicFileStore(publicBlobs), privateFiles: new PrivateFiles(privateBlobs), close };
}
