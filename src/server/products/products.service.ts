import type { FastifyBaseLogger } from 'fastify';
import type { AdminProduct, ProductStatusResponse } from '@shared/api/adminProducts';
import {
  ADMIN_PRODUCT_MSG,
  PRODUCT_FILE_FIELDS,
  PRODUCT_FILES,
  normalizeProductUpdate,
  productFileName,
  productUpdateSchema,
  type ProductFileField,
} from '@shared/schemas/adminProducts';
import type { CatalogService } from '../catalog/catalog.service';
import type { ContentRepo, ProductContentValues } from '../catalog/content.repo';
import type { Db } from '../db/connect';
import type { ProductContentRow } from '../db/schema';
import { ErpError } from '../erp/errors';
import type { ErpService } from '../erp/erp.service';
import { HttpError } from '../errors';
import type { HomeService } from '../home/home.service';
import { toProductContent } from '../home/home.service';
import type { SessionUser } from '../plugins/auth';
import { validate } from '../plugins/validation';
import { FILE_FOLDERS, isValidKey, keyOfUrl, type FileStore } from '../storage/fileStore';
import { AuditLog, pickValues } from '../audit/auditLog';
import { CONTENT_TYPES, FileSwap, KeyedLock, nextVersion, sniff, type UploadForm } from './uploads';
import { StockAlertsRepo } from '../stockAlerts/stockAlerts.repo';
import type { OutboxWorker } from '../jobs/outbox';
import type { Outbox } from '../jobs/outbox.repo';
import { enqueueThumbnails } from '../linesheet/thumbnailJob';

/** The record's url column each file field fills. */
const URL_COLUMN: Record<ProductFileField, keyof Pick<ProductContentRow, 'mainUrlImage' | 'secondUrlImage' | 'thirdUrlImage' | 'urlSizeGuideImage' | 'urlTechnicalSheet'>> = {
  imageMain: 'mainUrlImage',
  imageSecond: 'secondUrlImage',
  imageThird: 'thirdUrlImage',
  sizeGuideFile: 'urlSizeGuideImage',
  technicalSheetFilePdf: 'urlTechnicalSheet',
};

const noSuchSku = () => new HttpError(404, ADMIN_PRODUCT_MSG.noMatch);

export interface ProductsAdminDeps {
  db: Db;
  content: ContentRepo;
  erp: ErpService;
  files: FileStore;
  catalog: CatalogService;
  home: HomeService;
  log: FastifyBaseLogger;
  /** The line sheet's thumbnail of a new main picture is queued here, after the files are in place. */
  outbox: Outbox;
  worker: Pick<OutboxWorker, 'kick'>;
}

/**
 * Product administration (R-ADM-PROD-1 to R-ADM-PROD-3): the portal's content record of an ERP
 * style, with its five files renamed to `{sku}.jpg`, `{sku}_2.jpg`, `{sku}_3.jpg`, `{sku}_GUIDE.jpg`, `{sku}_ET.pdf`.
 */
export class ProductsAdmin {
  private readonly lock = new KeyedLock();

  private readonly alerts: StockAlertsRepo;

  constructor(private readonly deps: ProductsAdminDeps) {
    this.alerts = new StockAlertsRepo(deps.db);
  }

  /** The record of a style (a size's code finds its style's); id 0 when none, 404 when the ERP lacks the sku too. */
  async find(sku: string): Promise<AdminProduct> {
    const found = await this.deps.home.productContent(sku, true);
    if (found.id === 0 && !found.name) {
      const snapshot = await this.deps.catalog.snapshot().catch(() => undefined);
      if (snapshot && !snapshot.listPriceOf.has(found.sku)) throw noSuchSku();
    }
    return found;
  }

  async status(skus?: readonly string[]): Promise<ProductStatusResponse> {
    const [updated, avisos] = await Promise.all([this.deps.content.skusWithRecord(skus), this.alerts.waitingByStyle(skus)]);
    return { updated, avisos };
  }

  /** POST /admin/products: validate everything, then replace record and files together; nothing changes on failure. */
  save(actor: SessionUser, form: UploadForm): Promise<{ record: AdminProduct; created: boolean }> {
    const sku = (form.fields.sku ?? '').trim();
    return this.lock.run(`product:${sku}`, () => this.saveLocked(actor, sku, form));
  }

  private async saveLocked(actor: SessionUser, sku: string, form: UploadForm): Promise<{ record: AdminProduct; created: boolean }> {
    const { db, content, files, log } = this.deps;
    const existing = /^[\w.-]{1,50}$/.test(sku) ? await content.bySku(sku) : undefined;

    // The same rules as the form; the current files are the record's, whatever urls the client sent.
    const valid = normalizeProductUpdate(
      validate(productUpdateSchema, {
        ...form.fields,
        mainUrlImage: existing?.mainUrlImage ?? '',
        secondUrlImage: existing?.secondUrlImage ?? '',
        thirdUrlImage: existing?.thirdUrlImage ?? '',
        sizeGuideUrl: existing?.urlSizeGuideImage ?? '',
        urlTechnicalSheet: existing?.urlTechnicalSheet ?? '',
        ...Object.fromEntries([...form.files.values()].map((f) => [f.field, { name: f.filename, size: f.bytes.length }])),
      }),
    );

    // Each file by its own content: an image must be a JPEG or PNG, the sheet a PDF.
    const uploads: { field: ProductFileField; key: string; bytes: Uint8Array; contentType: string }[] = [];
    const wrong: Record<string, string> = {};
    for (const field of PRODUCT_FILE_FIELDS) {
      const file = form.files.get(field);
      if (!file) continue;
      const spec = PRODUCT_FILES[field];
      const type = await sniff(file.bytes);
      const fits = spec.kind === 'pdf' ? type === 'pdf' : type === 'jpg' || type === 'png';
      if (!fits || !type) {
        wrong[field] = (spec.kind === 'pdf' ? ADMIN_PRODUCT_MSG.pdfExtension : ADMIN_PRODUCT_MSG.imageExtension).replace('{file}', file.filename);
        continue;
      }
      const key = `${FILE_FOLDERS.products}/${productFileName(valid.sku, field)}`;
      if (!isValidKey(key)) throw new HttpError(400, ADMIN_PRODUCT_MSG.sku, { sku: ADMIN_PRODUCT_MSG.sku });
      // The name is the spec's `.jpg` even for a PNG; the bytes are kept as sent and typed by their content.
      uploads.push({ field, key, bytes: file.bytes, contentType: CONTENT_TYPES[type] });
    }
    const firstWrong = Object.values(wrong)[0];
    if (firstWrong) throw new HttpError(400, firstWrong, wrong);

    const name = await this.styleName(valid.sku);

    const version = nextVersion();
    const swap = new FileSwap(files, log);
    const urls: Partial<Record<(typeof URL_COLUMN)[ProductFileField], string>> = {};
    const obsolete: string[] = [];
    for (const u of uploads) {
      const column = URL_COLUMN[u.field];
      urls[column] = files.url(u.key, version);
      const old = existing ? keyOfUrl(existing[column]) : undefined;
      if (old) obsolete.push(old);
    }
    const values: ProductContentValues = {
      sku: valid.sku,
      name,
      offer: valid.offer,
      genero: valid.genero,
      percentage: valid.percentage,
      enabled: valid.enabled,
      mainUrlImage: urls.mainUrlImage ?? existing?.mainUrlImage ?? '',
      secondUrlImage: urls.secondUrlImage ?? existing?.secondUrlImage ?? '',
      thirdUrlImage: urls.thirdUrlImage ?? existing?.thirdUrlImage ?? '',
      urlSizeGuideImage: urls.urlSizeGuideImage ?? existing?.urlSizeGuideImage ?? '',
      urlTechnicalSheet: urls.urlTechnicalSheet ?? existing?.urlTechnicalSheet ?? '',
    };

    let row: ProductContentRow;
    try {
      for (const u of uploads) await swap.stage(u.key, u.bytes, u.contentType);
      row = await db.transaction(async (tx) => {
        const saved = await content.upsert(tx, values);
        const changed = changedFields(existing, values);
        await AuditLog.record(tx, {
          actor,
          action: existing ? 'update' : 'create',
          entity: 'product',
          entityId: valid.sku,
          fields: changed,
          before: existing ? pickValues(existing, changed) : undefined,
          after: pickValues(values, changed),
          details: { files: uploads.map((u) => u.key.slice(u.key.lastIndexOf('/') + 1)).join(',') },
        });
        return saved;
      });
    } catch (err) {
      await swap.discard();
      throw err;
    }
    await swap.apply(obsolete);
    if (urls.mainUrlImage) await this.queueThumbnail(row);
    await this.refreshBuyers();
    return { record: toProductContent(row), created: !existing };
  }

  /** The style's name from the ERP (the authority on products); 404 for a sku it does not sell as a style. */
  private async styleName(sku: string): Promise<string> {
    try {
      const sizes = await this.deps.erp.getStyle(sku);
      const first = sizes[0];
      if (!first || first.style !== sku) throw noSuchSku(); // a size's ItemCode: the record belongs to its style
      return first.styleName.slice(0, 200);
    } catch (err) {
      if (err instanceof ErpError && err.status === 404) throw noSuchSku();
      throw err;
    }
  }

  /**
   * The line sheet's thumbnail of the new main picture, made in the background (docs/linesheet.md): queued once the
   * files are in place (D20), so the job reads the new picture; the answer does not wait for it. A failure to queue is
   * logged, the save stands: the sheet renders a missing thumbnail on demand.
   */
  private async queueThumbnail(row: ProductContentRow): Promise<void> {
    try {
      if ((await enqueueThumbnails(this.deps.outbox, this.deps.db, [row])) > 0) this.deps.worker.kick();
    } catch (err) {
      this.deps.log.warn({ err, sku: row.sku }, 'no se pudo encolar la miniatura de la lista de precios');
    }
  }

  /** The buyer's catalogue (its images and the list's urls) rebuilt now; a failure is logged, the save stands. */
  private async refreshBuyers(): Promise<void> {
    const results = await Promise.allSettled([this.deps.catalog.refresh(), this.deps.home.refresh()]);
    for (const r of results) if (r.status === 'rejected') this.deps.log.warn({ err: r.reason }, 'no se pudo refrescar el catálogo tras guardar un producto');
  }
}

const AUDITED: readonly (keyof ProductContentValues)[] = [
  'name', 'offer', 'genero', 'percentage', 'enabled',
  'mainUrlImage', 'secondUrlImage', 'thirdUrlImage', 'urlSizeGuideImage', 'urlTechnicalSheet',
];

function changedFields(before: ProductContentRow | undefined, after: ProductContentValues): (typeof AUDITED)[number][] {
  return AUDITED.filter((f) => !before || before[f] !== after[f]);
}
