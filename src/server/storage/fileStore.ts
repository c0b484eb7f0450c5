import type { Readable } from 'node:stream';
import type { BlobStore, StoredFile } from './blobStore';

// Uploaded and generated files (product images, technical sheets, size guides, banners, technology icons).
// The portal keeps only keys and versioned URLs in its tables; where the bytes live is the BlobStore's business
// (local disk, PostgreSQL or an S3-compatible store, chosen in stores.ts), so the areas that upload never change.

/** Folders the portal writes to. Keys are `<folder>/<file name>`, e.g. `products/POL-1001.jpg`. */
export const FILE_FOLDERS = { products: 'products', banners: 'banners', technologies: 'tecnologias' } as const;

/** The public path prefix files are served under. */
export const FILES_PREFIX = '/files/';

export interface FileStore {
  /** Where the bytes are: 'disk', 'database' or 's3'. */
  readonly kind: BlobStore['kind'];
  /** Writes (or replaces) a file; resolves with its URL carrying the new version. */
  put(key: string, bytes: Uint8Array | Readable, contentType: string): Promise<string>;
  /** The file opened for serving (/files/), or undefined when there is none. */
  open(key: string): Promise<StoredFile | undefined>;
  /** Removes a file; a missing one is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /**
   * The URL a browser uses. `version` (the file's updated time in ms) is appended as `?v=` so that replacing
   * `{sku}.jpg` under the same name is seen at once despite the year-long cache.
   */
  url(key: string, version?: number): string;
}

// Letters, digits, '_', '-', '.' per segment, no empty, '.' or '..' segment, no leading dot: a key can never
// climb out of the store's root or name a hidden file.
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,199}$/;

export function isValidKey(key: string): boolean {
  if (key.length === 0 || key.length > 300) return false;
  return key.split('/').every((segment) => SEGMENT.test(segment) && !segment.includes('..'));
}

/** Throws on a key that could escape the store (callers build keys from skus and ids; this is the last line). */
export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`clave de archivo inválida: ${JSON.stringify(key)}`);
}

/** `/files/products/POL-1001.jpg?v=1700000000000`: the path each segment encoded, the version as a query. */
export function publicUrl(key: string, version?: number): string {
  assertValidKey(key);
  const path = FILES_PREFIX + key.split('/').map(encodeURIComponent).join('/');
  return version === undefined ? path : `${path}?v=${Math.trunc(version)}`;
}

/** The key of a URL this store produced (`/files/a/b.png?v=1` -> `a/b.png`), or undefined for any other URL. */
export function keyOfUrl(url: string): string | undefined {
  if (!url.startsWith(FILES_PREFIX)) return undefined;
  const path = url.slice(FILES_PREFIX.length).split('?')[0] ?? '';
  let key: string;
  try {
    key = path.split('/').map(decodeURIComponent).join('/');
  } catch {
    return undefined;
  }
  return isValidKey(key) ? key : undefined;
}

/** The public files over any BlobStore: what /files/ serves. */
export class PublicFileStore implements FileStore {
  constructor(readonly blobs: BlobStore) {}

  get kind(): BlobStore['kind'] {
    return this.blobs.kind;
  }

  async put(key: string, bytes: Uint8Array | Readable, contentType: string): Promise<string> {
    const { lastModified } = await this.blobs.put(key, bytes, contentType);
    return this.url(key, lastModified.getTime());
  }

  open(key: string): Promise<StoredFile | undefined> {
    return this.blobs.open(key);
  }

  delete(key: string): Promise<void> {
    return this.blobs.delete(key);
  }

  exists(key: string): Promise<boolean> {
    return this.blobs.exists(key);
  }

  url(key: string, version?: number): string {
    return publicUrl(key, version);
  }
}
