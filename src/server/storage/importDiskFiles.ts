import { createReadStream, existsSync } from 'node:fs';
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { contentTypeOfName, type BlobStore } from './blobStore';
import { DatabaseBlobStore } from './databaseBlobStore.repo';
import { isValidKey } from './fileStore';

/** Written in the folder once its files are in the store: later starts do not look again. Remove it to import again. */
export const importMarker = (kind: BlobStore['kind']) => `.imported-${kind}`;

/**
 * Copies the files a folder on disk holds (DATA_DIR/files or DATA_DIR/private of a portal that kept its uploads on
 * disk) into another store, keeping their keys, so the URLs saved in the tables keep working once files are served
 * from PostgreSQL or S3. A key the store already has is left as it is (another instance may have imported, or
 * replaced, it first); leftovers of interrupted writes (`*.tmp`, `staging/`) and names that are not valid keys are
 * skipped. The folder itself is not changed, except for the marker.
 */
export async function importDiskFiles(dir: string, store: BlobStore): Promise<{ copied: number; skipped: number }> {
  const none = { copied: 0, skipped: 0 };
  if (store.kind === 'disk' || !existsSync(dir) || existsSync(path.join(dir, importMarker(store.kind)))) return none;
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const keys = entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .filter((key) => isValidKey(key) && !key.endsWith('.tmp') && !key.split('/').includes('staging'))
    .sort();
  const present = store instanceof DatabaseBlobStore ? await store.keys() : undefined;
  let copied = 0;
  let skipped = 0;
  for (const key of keys) {
    const there = present ? present.has(key) : await store.exists(key);
    if (there) {
      skipped++;
      continue;
    }
    await store.put(key, createReadStream(path.join(dir, ...key.split('/'))), contentTypeOfName(key));
    copied++;
  }
  // a folder that cannot be written to is imported again (and finds everything there) at the next start
  await writeFile(path.join(dir, importMarker(store.kind)), `${JSON.stringify({ at: new Date().toISOString(), copied, skipped })}\n`).catch(() => undefined);
  return { copied, skipped };
}
