import { offerPrice } from '@shared/pricing';
import type { CatalogueItem, OfferLookupResult, ProductDetail, ProductListItem } from '@shared/api/erp';
import type { ProductContentRow } from '../db/schema';
import { ErpError, ERP_MESSAGES } from '../erp/errors';
import type { ErpService } from '../erp/erp.service';
import { toCatalogueItems, toCatalogueTree, toProductDetail, type ItemRecord } from '../erp/mapping';
import { prepareBody, type PreparedBody } from '../http/preparedBody';
import { RefreshingCache } from '../http/refreshingCache';
import { offerPercent, type ContentRepo } from './content.repo';

/** Everything the hot catalogue routes answer, built once per refresh from the ERP and the portal's content. */
export interface CatalogSnapshot {
  builtAt: number;
  tree: PreparedBody;
  /** GET /user/b1/catalog/products: catalogue and search rows of the styles buyers may see. */
  items: PreparedBody;
  /** GET /user/b1/products for buyers (enabled styles) and for admins (every style). */
  productsForBuyers: PreparedBody;
  productsForAdmins: PreparedBody;
  itemBySku: Map<string, CatalogueItem>;
  /** A size's ItemCode or a style code -> its style code. */
  styleOf: Map<string, string>;
  /** Style code -> list price of the style. */
  listPriceOf: Map<string, number>;
}

export function buildSnapshot(records: ItemRecord[], content: ProductContentRow[], now = Date.now()): CatalogSnapshot {
  const contentBySku = new Map(content.map((c) => [c.sku, c]));
  const hidden = (style: string) => contentBySku.get(style)?.enabled === false;
  const visible = records.filter((r) => !hidden(r.style));
  const imageFor = (sku: string) => contentBySku.get(sku)?.mainUrlImage ?? '';

  const allItems = toCatalogueItems(records, imageFor);
  const items = allItems.filter((i) => !hidden(i.sku));
  const product = (i: CatalogueItem): ProductListItem => ({ sku: i.sku, descripcion: i.descripcion, mainUrlImage: i.urlImage });
  const styleOf = new Map<string, string>();
  for (const r of records) {
    styleOf.set(r.itemCode, r.style);
    styleOf.set(r.style, r.style);
  }
  return {
    builtAt: now,
    tree: prepareBody(toCatalogueTree(visible)),
    items: prepareBody(items),
    productsForBuyers: prepareBody(items.map(product)),
    productsForAdmins: prepareBody(allItems.map(product)),
    itemBySku: new Map(items.map((i) => [i.sku, i])),
    styleOf,
    listPriceOf: new Map(allItems.map((i) => [i.sku, i.preciolista])),
  };
}

export class CatalogService {
  private readonly cache: RefreshingCache<CatalogSnapshot>;

  constructor(
    private readonly erp: ErpService,
    private readonly content: ContentRepo,
    opts: { maxAgeMs?: number; onError?: (err: unknown) => void } = {},
  ) {
    this.cache = new RefreshingCache(
      async () => buildSnapshot(await this.erp.listAllItems(), await this.content.all()),
      opts.maxAgeMs ?? 60_000,
      opts.onError,
    );
  }

  snapshot(): Promise<CatalogSnapshot> {
    return this.cache.get();
  }

  /** Rebuild now (an admin changed content); readers keep the current snapshot meanwhile. */
  refresh(): Promise<CatalogSnapshot> {
    return this.cache.refresh();
  }

  /** Product detail with fresh stock and prices from the ERP and the style's current offer. */
  async detail(sku: string): Promise<ProductDetail> {
    const sizes = await this.erp.getStyle(sku);
    const style = sizes[0]!.style;
    const row = await this.content.bySku(style);
    if (row && !row.enabled) throw new ErpError({ status: 404, code: 'ERP_NOT_FOUND', message: ERP_MESSAGES.productNotFound });
    const descuento = offerPercent(row);
    // every size is of the same style, so the style's offer applies to each
    return toProductDetail(sizes, () => (descuento > 0 ? { descuento } : undefined));
  }

  /** GET /user/b1/offer-sku/{sku}: the offer of a style or of one of its sizes (descuento 0 when none). */
  async offer(sku: string): Promise<OfferLookupResult> {
    const snap = await this.snapshot();
    const style = snap.styleOf.get(sku);
    if (!style) throw new ErpError({ status: 404, code: 'ERP_NOT_FOUND', message: ERP_MESSAGES.productNotFound });
    const descuento = offerPercent(await this.content.bySku(style));
    const price = snap.listPriceOf.get(style) ?? 0;
    return { itemCode: sku, descuento, precioOferta: descuento > 0 ? offerPrice(price, descuento) : price };
  }

  /** POST /user/b1/masivo-sku: the offer percentage of each code (unknown codes answer 0). */
  async massOffers(codes: string[]): Promise<{ itemCode: string; descuento: number }[]> {
    const snap = await this.snapshot();
    const content = new Map((await this.content.all()).map((c) => [c.sku, c]));
    return codes.map((code) => {
      const style = snap.styleOf.get(code);
      return { itemCode: code, descuento: style ? offerPercent(content.get(style)) : 0 };
    });
  }

  /** When the snapshot served now was read from the ERP (ms since the epoch), undefined before the first: metrics. */
  snapshotReadAt(): number | undefined {
    const snap = this.cache.peek() as (CatalogSnapshot & { readAt?: number }) | undefined;
    return snap ? (snap.readAt ?? snap.builtAt) : undefined;
  }
}
