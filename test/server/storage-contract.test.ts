import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { startS3Mock, type S3Mock } from '@mocks/s3/server';
import type { Database } from '@server/db/connect';
import type { BlobStore } from '@server/storage/blobStore';
import { DatabaseBlobStore } from '@server/storage/databaseBlobStore.repo';
import { DiskBlobStore } from '@server/storage/diskBlobStore';
import { importMarker } from '@server/storage/importDiskFiles';
import { createS3Client, S3BlobStore, type S3Settings } from '@server/storage/s3BlobStore';
import { openFileStores, type StorageOptions } from '@server/storage/stores';
import { openTestDatabase } from './helpers';

// One contract, three stores: the local disk, the database (in-memory PGlite, or PostgreSQL with TEST_DATABASE_URL)
// and S3 (the stand-in of mocks/s3, which checks every request's SigV4 signature). The database store runs with
// 1 KiB chunks here so that every file below spans several of them.

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const PNG_HEAD = Buffer.from('89504e470d0a1a0a', 'hex');
/** `size` bytes that differ from one offset to the next (a misplaced chunk cannot go unnoticed). */
const pattern = (size: number, seed = 0) => Buffer.concat([PNG_HEAD, Buffer.from(Array.from({ length: Math.max(0, size - 8) }, (_, i) => (i * 31 + seed * 7 + (i >> 8)) & 0xff))]).subarray(0, size);

async function bytesOf(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part as Uint8Array));
  return Buffer.concat(parts);
}

let database: Database;
let s3: S3Mock;
let s3Settings: S3Settings;
let dir: string;
const clients: Array<{ destroy(): void }> = [];

beforeAll(async () => {
  database = await openTestDatabase();
  s3 = await startS3Mock();
  s3Settings = { endpoint: s3.url, bucket: s3.bucket, region: s3.region, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, forcePathStyle: true };
  dir = mkdtempSync(path.join(tmpdir(), 'store-contract-'));
}, 60_000);
afterAll(async () => {
  for (const c of clients) c.destroy();
  await database.close();
  await s3.close();
  rmSync(dir, { recursive: true, force: true });
});

type Kind = BlobStore['kind'];
function makeStore(kind: Kind, name: string): BlobStore {
  if (kind === 'disk') return new DiskBlobStore(path.join(dir, name));
  if (kind === 'database') return new DatabaseBlobStore(database.db, 'public', 1024);
  const client = createS3Client(s3Settings);
  clients.push(client);
  return new S3BlobStore(client, s3.bucket, `${name}/`);
}

describe.each<Kind>(['disk', 'database', 's3'])('the %s store', (kind) => {
  let store: BlobStore;
  let n = 0;
  /** A key of its own for each test. */
  const key = (name = 'file.png') => `t${++n}/${name}`;
  beforeAll(() => {
    store = makeStore(kind, `c-${kind}`);
  });

  it('gives back what was put: size, type, a validator, the time, the bytes', async () => {
    const k = key();
    const data = pattern(5000);
    const before = Date.now();
    const put = await store.put(k, data, 'image/png');
    expect(put.size).toBe(5000);
    expect(put.etag).toMatch(/^(W\/)?"[^"]+"$/);
    const file = (await store.open(k))!;
    expect(file).toMatchObject({ size: 5000, contentType: 'image/png', etag: put.etag });
    // S3 and HTTP dates have whole seconds
    expect(file.lastModified.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);
    expect(file.lastModified.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await bytesOf(file.body())).toEqual(data);
    expect(await store.exists(k)).toBe(true);
  });

  it('reads any byte range, across chunk boundaries too', async () => {
    const k = key();
    const data = pattern(4000, 1);
    await store.put(k, data, 'image/png');
    for (const [start, end] of [[0, 0], [1000, 1030], [1023, 1024], [500, 3500], [3999, 3999], [0, 3999], [2048, 3071]] as const) {
      const file = (await store.open(k))!;
      expect(await bytesOf(file.body({ start, end }))).toEqual(data.subarray(start, end + 1));
    }
  });

  it('takes a stream as well as a buffer, and an empty file', async () => {
    const k = key();
    const data = pattern(3500, 2);
    await store.put(k, Readable.from([data.subarray(0, 7), data.subarray(7, 2000), data.subarray(2000)]), 'image/png');
    expect(await bytesOf((await store.open(k))!.body())).toEqual(data);
    const empty = key('empty.png');
    expect((await store.put(empty, Buffer.alloc(0), 'image/png')).size).toBe(0);
    const file = (await store.open(empty))!;
    expect(file.size).toBe(0);
    expect(await bytesOf(file.body())).toEqual(Buffer.alloc(0));
  });

  it('replaces a file as a whole, with a new validator', async () => {
    const k = key();
    const first = await store.put(k, pattern(3000, 3), 'image/png');
    await new Promise((r) => setTimeout(r, 5));
    const second = await store.put(k, pattern(3000, 4), 'image/png');
    expect(second.etag).not.toBe(first.etag);
    const file = (await store.open(k))!;
    expect(file.etag).toBe(second.etag);
    expect(await bytesOf(file.body())).toEqual(pattern(3000, 4));
  });

  it('never mixes two versions: a file opened before a replace is read whole or the read fails', async () => {
    const k = key();
    await store.put(k, pattern(3000, 5), 'image/png');
    const opened = (await store.open(k))!;
    await store.put(k, pattern(3000, 6), 'image/png');
    const read = await bytesOf(opened.body()).catch((err: unknown) => err);
    if (kind === 'disk') expect(read).toEqual(pattern(3000, 5)); // the handle opened keeps the old file
    else expect(read).toBeInstanceOf(Error); // the old version is gone (database row, S3 If-Match)
  });

  it('two writes of one key at once leave one of them, whole', async () => {
    const k = key();
    const a = pattern(2500, 7);
    const b = pattern(2500, 8);
    await Promise.all([store.put(k, a, 'image/png'), store.put(k, b, 'image/png')]);
    const result = await bytesOf((await store.open(k))!.body());
    expect([a.toString('hex'), b.toString('hex')]).toContain(result.toString('hex'));
  });

  it('deletes (a missing file is no error) and knows nothing of unknown or invalid keys', async () => {
    const k = key();
    await store.put(k, pattern(100), 'image/png');
    await store.delete(k);
    await store.delete(k);
    expect(await store.exists(k)).toBe(false);
    expect(await store.open(k)).toBeUndefined();
    for (const bad of ['../jwt-secret', 'a//b', '.hidden', 'a/../../b']) {
      expect(await store.open(bad)).toBeUndefined();
      expect(await store.exists(bad)).toBe(false);
      await expect(store.put(bad, Buffer.from('x'), 'text/plain')).rejects.toThrow('clave de archivo inválida');
    }
  });

  it('closes an opened file whose body is never read', async () => {
    const k = key();
    await store.put(k, pattern(100), 'image/png');
    const file = (await store.open(k))!;
    file.close();
    file.close();
    expect(await store.exists(k)).toBe(true);
  });
});

describe.each<StorageOptions['kind']>(['disk', 'database', 's3'])('public and private files on %s', (kind) => {
  it('are two stores: a private key is never found among the public files, nor the other way round', async () => {
    const storage: StorageOptions = kind === 's3' ? { kind, s3: s3Settings } : { kind };
    const stores = await openFileStores({ storage, db: database.db });
    try {
      await stores.privateFiles.put('cheques/OC-1-abc.png', pattern(200, 9), 'image/png');
      await stores.files.put('products/SOLO-PUBLICO.png', pattern(200, 10), 'image/png');
      expect(await stores.files.open('cheques/OC-1-abc.png')).toBeUndefined();
      expect(await stores.files.exists('cheques/OC-1-abc.png')).toBe(false);
      expect(await stores.privateFiles.read('cheques/OC-1-abc.png')).toEqual(pattern(200, 9));
      expect(await stores.privateFiles.exists('products/SOLO-PUBLICO.png')).toBe(false);
      expect(await stores.files.put('products/x.png', pattern(10), 'image/png')).toMatch(/^\/files\/products\/x\.png\?v=\d+$/);
      expect(stores.files.kind).toBe(kind);
    } finally {
      await stores.privateFiles.delete('cheques/OC-1-abc.png');
      await stores.files.delete('products/SOLO-PUBLICO.png');
      await stores.files.delete('products/x.png');
      await stores.close();
    }
  });
});

describe.each<'database' | 's3'>(['database', 's3'])('files an earlier version left on disk, with %s storage', (kind) => {
  it('are copied into the store once, keeping their keys; leftovers and invalid names are not', async () => {
    const legacy = mkdtempSync(path.join(tmpdir(), 'legacy-files-'));
    const legacyPrivate = mkdtempSync(path.join(tmpdir(), 'legacy-private-'));
    try {
      mkdirSync(path.join(legacy, 'products', 'staging'), { recursive: true });
      writeFileSync(path.join(legacy, 'products', `OLD-${kind}.png`), pattern(300, 11));
      writeFileSync(path.join(legacy, 'products', `OLD-${kind}_ET.pdf`), Buffer.from('%PDF-1.4 antiguo'));
      writeFileSync(path.join(legacy, 'products', 'staging', 'abc-OLD.png'), pattern(10));
      writeFileSync(path.join(legacy, 'products', `OLD-${kind}.png.1a2b3c.tmp`), pattern(10));
      writeFileSync(path.join(legacy, '.hidden'), 'x');
      mkdirSync(path.join(legacyPrivate, 'cheques'));
      writeFileSync(path.join(legacyPrivate, 'cheques', `OC-OLD-${kind}.jpg`), pattern(50, 12));
      const storage: StorageOptions = kind === 's3' ? { kind, s3: s3Settings } : { kind };
      const stores = await openFileStores({ storage, db: database.db, filesDir: legacy, privateFilesDir: legacyPrivate });
      const image = (await stores.files.open(`products/OLD-${kind}.png`))!;
      expect(image.contentType).toBe('image/png');
      expect(await bytesOf(image.body())).toEqual(pattern(300, 11));
      expect((await stores.files.open(`products/OLD-${kind}_ET.pdf`))!.contentType).toBe('application/pdf');
      expect(await stores.files.exists('products/staging/abc-OLD.png')).toBe(false);
      expect(await stores.files.exists(`products/OLD-${kind}.png.1a2b3c.tmp`)).toBe(false);
      expect(await stores.privateFiles.read(`cheques/OC-OLD-${kind}.jpg`)).toEqual(pattern(50, 12));
      expect(await stores.files.exists(`cheques/OC-OLD-${kind}.jpg`)).toBe(false);
      expect(readdirSync(legacy)).toContain(importMarker(kind));

      // a file replaced in the store since is not overwritten by a later import; with the marker there is none
      await stores.files.put(`products/OLD-${kind}.png`, pattern(300, 13), 'image/png');
      rmSync(path.join(legacy, importMarker(kind)));
      await (await openFileStores({ storage, db: database.db, filesDir: legacy })).close();
      expect(await bytesOf((await stores.files.open(`products/OLD-${kind}.png`))!.body())).toEqual(pattern(300, 13));
      writeFileSync(path.join(legacy, 'products', `NEW-${kind}.png`), pattern(30));
      await (await openFileStores({ storage, db: database.db, filesDir: legacy })).close();
      expect(await stores.files.exists(`products/NEW-${kind}.png`)).toBe(false);
      await stores.close();
    } finally {
      rmSync(legacy, { recursive: true, force: true });
      rmSync(legacyPrivate, { recursive: true, force: true });
    }
  });
});

describe('the database store', () => {
  it('keeps each file as chunks of its size and removes them with it', async () => {
    const store = new DatabaseBlobStore(database.db, 'public', 1024);
    await store.put('chunks/a.png', pattern(2500), 'image/png');
    const { storedFileChunks, storedFiles } = await import('@server/db/schema');
    const { eq } = await import('drizzle-orm');
    const [row] = await database.db.select().from(storedFiles).where(eq(storedFiles.key, 'chunks/a.png'));
    const chunks = await database.db.select().from(storedFileChunks).where(eq(storedFileChunks.fileId, row!.id));
    expect(chunks.map((c) => [c.seq, c.data.length]).sort((x, y) => x[0]! - y[0]!)).toEqual([[0, 1024], [1, 1024], [2, 452]]);
    expect(row).toMatchObject({ scope: 'public', size: 2500, chunkSize: 1024, contentType: 'image/png' });
    await store.delete('chunks/a.png');
    expect(await database.db.select().from(storedFileChunks).where(eq(storedFileChunks.fileId, row!.id))).toEqual([]);
  });
});
