import type { FastifyBaseLogger } from 'fastify';
import type { Banner } from '@shared/api/banners';
import { BANNER_FILE_FIELDS, BANNER_MSG, BANNER_URL_FIELDS, bannerSchema } from '@shared/schemas/banners';
import type { Db } from '../db/connect';
import type { BannerRow } from '../db/schema';
import { HttpError } from '../errors';
import type { BannerRepo } from './banners.repo';
import type { SessionUser } from '../plugins/auth';
import { validate } from '../plugins/validation';
import { FILE_FOLDERS, keyOfUrl, type FileStore } from '../storage/fileStore';
import { AuditLog, pickValues } from '../audit/auditLog';
import { CONTENT_TYPES, FileSwap, KeyedLock, nextVersion, sniff, type UploadForm } from '../products/uploads';

export function toBanner(row: BannerRow): Banner {
  return { id: row.id, nameFile: row.nameFile, urlBannerImage: row.urlBannerImage, urlBannerImage2: row.urlBannerImage2, urlBannerImage3: row.urlBannerImage3 };
}

const notFound = () => new HttpError(404, BANNER_MSG.notFound);

export interface BannersAdminDeps {
  db: Db;
  banners: BannerRepo;
  files: FileStore;
  log: FastifyBaseLogger;
}

/**
 * The home banner set (R-ADM-BAN-1, R-ADM-BAN-2): three images, at most one set. Files
 * are stored as `banners/banner_{1,2,3}.{jpg|png}` (the extension of their content) with versioned urls; the
 * buyer's home reads the set from the database on each call, so a change shows at once.
 */
export class BannersAdmin {
  private readonly lock = new KeyedLock();

  constructor(private readonly deps: BannersAdminDeps) {}

  async list(): Promise<Banner[]> {
    return (await this.deps.banners.list()).map(toBanner);
  }

  async byId(id: number): Promise<Banner> {
    const row = await this.deps.banners.byId(id);
    if (!row) throw notFound();
    return toBanner(row);
  }

  /** POST /admin/banners: create (no id, all three files, only while no set exists) or update (an id, any files). */
  save(actor: SessionUser, form: UploadForm): Promise<{ banner: Banner; created: boolean }> {
    return this.lock.run('banners', () => this.saveLocked(actor, form));
  }

  private async saveLocked(actor: SessionUser, form: UploadForm): Promise<{ banner: Banner; created: boolean }> {
    const { db, banners, files, log } = this.deps;
    const valid = validate(bannerSchema, {
      ...form.fields,
      ...Object.fromEntries([...form.files.values()].map((f) => [f.field, { name: f.filename, size: f.bytes.length }])),
    });
    const id = valid.id;
    const existing = id ? await banners.byId(id) : undefined;
    if (id && !existing) throw notFound();
    if (!id && (await banners.count()) > 0) throw new HttpError(409, BANNER_MSG.setExists);

    // Each file by its own content (not the first file's, as the old form did).
    const uploads: { index: number; key: string; bytes: Uint8Array; contentType: string; filename: string }[] = [];
    const wrong: Record<string, string> = {};
    for (const [index, field] of BANNER_FILE_FIELDS.entries()) {
      const file = form.files.get(field);
      if (!file) continue;
      const type = await sniff(file.bytes);
      if (type !== 'jpg' && type !== 'png') {
        wrong[field] = BANNER_MSG.extension;
        continue;
      }
      uploads.push({ index, key: `${FILE_FOLDERS.banners}/banner_${index + 1}.${type}`, bytes: file.bytes, contentType: CONTENT_TYPES[type], filename: file.filename });
    }
    const firstWrong = Object.values(wrong)[0];
    if (firstWrong) throw new HttpError(400, firstWrong, wrong);
    if (existing && uploads.length === 0) return { banner: toBanner(existing), created: false }; // nothing to replace

    const version = nextVersion();
    const names = (existing?.nameFile ?? '').split(',');
    const values = {
      urlBannerImage: existing?.urlBannerImage ?? '',
      urlBannerImage2: existing?.urlBannerImage2 ?? '',
      urlBannerImage3: existing?.urlBannerImage3 ?? '',
    };
    const obsolete: string[] = [];
    for (const u of uploads) {
      const column = BANNER_URL_FIELDS[BANNER_FILE_FIELDS[u.index]!];
      const old = keyOfUrl(values[column]);
      if (old) obsolete.push(old);
      values[column] = files.url(u.key, version);
      names[u.index] = u.filename.replace(/,/g, ' ');
    }
    const nameFile = [0, 1, 2].map((i) => names[i] ?? '').join(',').slice(0, 200);

    const swap = new FileSwap(files, log);
    let row: BannerRow;
    try {
      for (const u of uploads) await swap.stage(u.key, u.bytes, u.contentType);
      row = await db.transaction(async (tx) => {
        await banners.lockSet(tx);
        let saved: BannerRow | undefined;
        if (existing) {
          saved = await banners.update(existing.id, { ...values, nameFile }, tx);
          if (!saved) throw notFound(); // deleted meanwhile by another instance
        } else {
          if ((await banners.count(tx)) > 0) throw new HttpError(409, BANNER_MSG.setExists);
          saved = await banners.insert({ ...values, nameFile }, tx);
        }
        const changed = uploads.map((u) => BANNER_URL_FIELDS[BANNER_FILE_FIELDS[u.index]!]);
        await AuditLog.record(tx, {
          actor,
          action: existing ? 'update' : 'create',
          entity: 'banner',
          entityId: saved.id,
          fields: changed,
          before: existing ? { ...pickValues(existing, changed), nameFile: existing.nameFile } : undefined,
          after: { ...pickValues(saved, changed), nameFile: saved.nameFile },
        });
        return saved;
      });
    } catch (err) {
      await swap.discard();
      throw err;
    }
    await swap.apply(obsolete);
    return { banner: toBanner(row), created: !existing };
  }

  /** DELETE /admin/banners/{id}: the set and then its files. */
  delete(actor: SessionUser, id: number): Promise<void> {
    return this.lock.run('banners', async () => {
      const { db, banners, files, log } = this.deps;
      const row = await db.transaction(async (tx) => {
        await banners.lockSet(tx);
        const deleted = await banners.delete(id, tx);
        if (!deleted) throw notFound();
        await AuditLog.record(tx, {
          actor,
          action: 'delete',
          entity: 'banner',
          entityId: id,
          before: pickValues(deleted, ['nameFile', 'urlBannerImage', 'urlBannerImage2', 'urlBannerImage3']),
        });
        return deleted;
      });
      const keys = [row.urlBannerImage, row.urlBannerImage2, row.urlBannerImage3].map(keyOfUrl).filter((k): k is string => Boolean(k));
      await Promise.all(keys.map((key) => files.delete(key).catch((err: unknown) => log.warn({ err, key }, 'no se pudo borrar un archivo de banner'))));
    });
  }
}
