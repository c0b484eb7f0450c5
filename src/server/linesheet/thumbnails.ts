// Small JPEG thumbnails of the product pictures for the line sheet's PDF (docs/linesheet.md). The demo's pictures are
// SVG, an admin's uploads JPEG or PNG: sharp renders any of them to a 240 px JPEG on a white background. A thumbnail
// is kept in the file store under a key derived from the picture's key and version, so a second sheet (on any
// instance: the store is shared) reads it instead of rendering it again; a new upload has a new version, so a new key.
import sharp from 'sharp';
import { readWhole } from '../storage/blobStore';
import { keyOfUrl, type FileStore } from '../storage/fileStore';

/** The thumbnails' folder in the file store. */
export const THUMB_FOLDER = 'miniaturas';
/** Longest side, in pixels: sharp enough for a 70-point picture printed at 250 dpi. */
export const THUMB_SIZE = 240;

/** 'miniaturas/products_POL-1001.svg.1700000000000.jpg' of '/files/products/POL-1001.svg?v=1700000000000'. */
export function thumbKeyOf(url: string): string | undefined {
  const key = keyOfUrl(url);
  if (!key) return undefined;
  const version = /[?&]v=(\d+)/.exec(url)?.[1] ?? '0';
  return `${THUMB_FOLDER}/${key.replace(/\//g, '_')}.${version}.jpg`;
}

export interface ThumbnailStats {
  rendered: number;
  cached: number;
  missing: number;
}

/** Thumbnails of the portal's own pictures (a URL of its file store); undefined for any other URL or a picture that fails. */
export class Thumbnails {
  readonly stats: ThumbnailStats = { rendered: 0, cached: 0, missing: 0 };

  constructor(
    private readonly files: FileStore,
    private readonly onError: (err: unknown, url: string) => void = () => {},
  ) {}

  async of(url: string): Promise<Buffer | undefined> {
    const thumbKey = url ? thumbKeyOf(url) : undefined;
    if (!thumbKey) {
      this.stats.missing++;
      return undefined;
    }
    try {
      const kept = await readWhole(this.files, thumbKey);
      if (kept) {
        this.stats.cached++;
        return kept;
      }
      const original = await readWhole(this.files, keyOfUrl(url)!);
      if (!original) {
        this.stats.missing++;
        return undefined;
      }
      const jpeg = await sharp(original, { density: 72 })
        .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: false })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 72, mozjpeg: false })
        .toBuffer();
      await this.files.put(thumbKey, jpeg, 'image/jpeg');
      this.stats.rendered++;
      return jpeg;
    } catch (err) {
      this.onError(err, url);
      this.stats.missing++;
      return undefined;
    }
  }
}
