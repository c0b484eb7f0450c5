// The line sheet's thumbnails made ahead, in the background (docs/linesheet.md): when a style's main picture is stored
// (an admin's upload, after its commit and its files; the demo seed, with its rows), one outbox job per picture renders
// its thumbnail through `Thumbnails.of`, so the key, the version and the cache stay those of thumbnails.ts. The sheet
// still renders on demand whatever a job has not made yet.
import type { ContentRepo } from '../catalog/content.repo';
import type { DbOrTx } from '../db/connect';
import type { JobHandler } from '../jobs/outbox';
import type { NewJob, Outbox } from '../jobs/outbox.repo';
import type { FileStore } from '../storage/fileStore';
import { Thumbnails, thumbKeyOf } from './thumbnails';

export const THUMBNAIL_JOB = 'thumbnail';

/** The job's payload: the style and the URL (key and `?v=` version) of the main picture it had when it was stored. */
export interface ThumbnailPayload {
  sku: string;
  url: string;
}

/** A style's main picture, as its content record names it. */
export interface StoredPicture {
  sku: string;
  mainUrlImage: string;
}

/**
 * The job of a picture, keyed by its thumbnail's key (the picture's key and version): the same picture enqueued again
 * (a second instance seeding, a retried request) adds nothing. Undefined for a URL that is not the portal's own file.
 */
export function thumbnailJob(picture: StoredPicture): NewJob | undefined {
  const thumbKey = picture.mainUrlImage ? thumbKeyOf(picture.mainUrlImage) : undefined;
  if (!thumbKey) return undefined;
  const payload: ThumbnailPayload = { sku: picture.sku, url: picture.mainUrlImage };
  return { kind: THUMBNAIL_JOB, payload, dedupeKey: `${THUMBNAIL_JOB}:${thumbKey}` };
}

/** Enqueues the thumbnail jobs of these pictures (in the caller's transaction, or alone); answers how many are new. */
export async function enqueueThumbnails(outbox: Outbox, tx: DbOrTx, pictures: readonly StoredPicture[]): Promise<number> {
  const jobs = pictures.map(thumbnailJob).filter((job): job is NewJob => job !== undefined);
  return outbox.enqueueMany(tx, jobs);
}

export interface ThumbnailJobDeps {
  content: ContentRepo;
  files: FileStore;
}

/**
 * Renders the thumbnail of the payload's picture, unless the style's main picture is no longer that one (replaced by a
 * newer upload, or the record gone): then the job does nothing, the newer picture has its own job. A picture that
 * cannot be read or rendered throws, so the job is retried as any other; an original that is gone is nothing to do.
 */
export function thumbnailJobHandler(deps: ThumbnailJobDeps): JobHandler {
  return async (payload) => {
    const { sku, url } = payload as ThumbnailPayload;
    const current = await deps.content.bySku(sku);
    if (!current || current.mainUrlImage !== url) return;
    let failure: unknown;
    const thumbnails = new Thumbnails(deps.files, (err) => (failure = err));
    await thumbnails.of(url);
    if (failure !== undefined) throw failure;
  };
}
