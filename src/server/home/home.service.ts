import { offerPrice } from '@shared/pricing';
import type { HomeBanner, HomeOfferCard, OfferItem, ProductContent } from '@shared/api/home';
import { HOME_MSG, WOMEN_GENERO } from '@shared/api/home';
import type { ProductContentRow } from '../db/schema';
import type { ContentRepo } from '../catalog/content.repo';
import { ERP_MESSAGES } from '../erp/errors';
import type { ErpService } from '../erp/erp.service';
import { toCatalogueItems, type ItemRecord } from '../erp/mapping';
import { HttpError } from '../errors';
import { RefreshingCache } from '../http/refreshingCache';
import type { BannerRepo } from '../banners/banners.repo';

/** What home needs of an ERP style: its name, colour, gender and list price. */
export interface StyleFacts {
  sku: string;
  descripcion: string;
  /** The colour: what the offer card shows as variante. */
  variante: string;
  genero: string;
  preciolista: number;
  /** The list price of its dearest size (above `preciolista` when its sizes differ in price). */
  preciolistaHasta: number;
}

export interface StyleIndex {
  styles: Map<string, StyleFacts>;
  /** A size's ItemCode or a style code -> its style code. */
  styleOf: Map<string, string>;
}

export function buildStyleIndex(records: readonly ItemRecord[]): StyleIndex {
  const colourOf = new Map<string, string>();
  const styleOf = new Map<string, string>();
  for (const r of records) {
    if (!colourOf.has(r.style)) colourOf.set(r.style, r.colour);
    styleOf.set(r.itemCode, r.style);
    styleOf.set(r.style, r.style);
  }
  const styles = new Map(
    toCatalogueItems(records).map((i) => [
      i.sku,
      { sku: i.sku, descripcion: i.descripcion, variante: colourOf.get(i.sku) ?? '', genero: i.genero, preciolista: i.preciolista, preciolistaHasta: i.preciolistaHasta ?? i.preciolista },
    ]),
  );
  return { styles, styleOf };
}

export const isWomen = (genero: string): boolean => genero.trim().toLowerCase() === WOMEN_GENERO.toLowerCase();

/** An offer as home lists it: an enabled content row with the offer on, joined to its ERP style. */
interface ActiveOffer {
  row: ProductContentRow;
  style: StyleFacts;
  percentage: number;
  precioOferta: number;
  /** Whether its sizes' offer prices differ ('desde'). */
  desde: boolean;
}

export function emptyContent(sku: string, name = ''): ProductContent {
  return {
    id: 0, sku, name, offer: false, genero: '', percentage: 0, enabled: true,
    mainUrlImage: '', secondUrlImage: '', thirdUrlImage: '', urlTechnicalSheet: '', urlSizeGuideImage: '',
  };
}

export function toProductContent(row: ProductContentRow): ProductContent {
  return {
    id: row.id,
    sku: row.sku,
    name: row.name,
    offer: row.offer,
    genero: row.genero,
    percentage: row.percentage,
    enabled: row.enabled,
    mainUrlImage: row.mainUrlImage,
    secondUrlImage: row.secondUrlImage,
    thirdUrlImage: row.thirdUrlImage,
    urlTechnicalSheet: row.urlTechnicalSheet,
    urlSizeGuideImage: row.urlSizeGuideImage,
  };
}

/**
 * Home: the banner set and the portal's offers priced from the ERP's list prices. Offers are read from the
 * database on each call (an admin's change shows at once); the ERP's style facts are kept in memory and
 * refreshed in the background like the catalogue.
 */
export class HomeService {
  private readonly index: RefreshingCache<StyleIndex>;

  constructor(
    private readonly content: ContentRepo,
    erp: ErpService,
    private readonly banners: BannerRepo,
    opts: { maxAgeMs?: number; onError?: (err: unknown) => void } = {},
  ) {
    // the catalogue's copy of the ERP's items (read by change, shared with the catalogue), not a read of every item
    this.index = new RefreshingCache(async () => buildStyleIndex((await erp.catalogueItems()).records), opts.maxAgeMs ?? 60_000, opts.onError);
  }

  /** Reload the ERP's style facts now. */
  refresh(): Promise<StyleIndex> {
    return this.index.refresh();
  }

  private async activeOffers(): Promise<ActiveOffer[]> {
    const [index, rows] = await Promise.all([
      this.index.get(),
      this.content.activeOffers(),
    ]);
    const offers: ActiveOffer[] = [];
    for (const row of rows) {
      const style = index.styles.get(row.sku);
      if (!style) continue; // content of a style the ERP no longer sells
      const percentage = Math.min(100, row.percentage);
      const precioOferta = offerPrice(style.preciolista, percentage);
      offers.push({ row, style, percentage, precioOferta, desde: offerPrice(style.preciolistaHasta, percentage) !== precioOferta });
    }
    return offers;
  }

  private static card(o: ActiveOffer): HomeOfferCard {
    return {
      sku: o.style.sku,
      mainUrlImage: o.row.mainUrlImage,
      descripcion: o.style.descripcion,
      variante: o.style.variante,
      precioOferta: o.precioOferta,
      percentage: o.percentage,
      ...(o.desde ? { desde: true } : {}),
    };
  }

  private static item(o: ActiveOffer): OfferItem {
    return {
      sku: o.style.sku,
      descripcion: o.style.descripcion,
      variante: o.style.variante,
      precioOferta: o.precioOferta,
      descuento: o.percentage,
      genero: o.row.genero,
    };
  }

  /** GET /user/home: the women's tab. */
  async womenCards(): Promise<HomeOfferCard[]> {
    return (await this.activeOffers()).filter((o) => isWomen(o.row.genero)).map(HomeService.card);
  }

  /** GET /user/home/men: every other offer. */
  async menCards(): Promise<HomeOfferCard[]> {
    return (await this.activeOffers()).filter((o) => !isWomen(o.row.genero)).map(HomeService.card);
  }

  async offers(): Promise<OfferItem[]> {
    return (await this.activeOffers()).map(HomeService.item);
  }

  /** One style's offer; a size's ItemCode finds its style's. 404 when it has none. */
  async offer(sku: string): Promise<OfferItem> {
    const index = await this.index.get();
    const style = index.styleOf.get(sku) ?? sku;
    const found = (await this.activeOffers()).find((o) => o.style.sku === style);
    if (!found) throw new HttpError(404, HOME_MSG.noOffer);
    return HomeService.item(found);
  }

  async banner(): Promise<HomeBanner> {
    const set = await this.banners.current();
    if (!set) throw new HttpError(404, HOME_MSG.noBanner);
    return { urlBannerImage: set.urlBannerImage, urlBannerImage2: set.urlBannerImage2, urlBannerImage3: set.urlBannerImage3 };
  }

  /**
   * The content record of a style for the product detail (and the admin's 'Actualizado' check): id 0 and
   * empty urls when none exists. Buyers do not see a disabled style.
   */
  async productContent(sku: string, forAdmin: boolean): Promise<ProductContent> {
    let index: StyleIndex | undefined;
    try {
      index = await this.index.get();
    } catch {
      index = undefined; // the record is the portal's own; without the ERP it is still answered
    }
    const style = index?.styleOf.get(sku) ?? sku;
    const row = await this.content.bySku(style);
    if (row && !row.enabled && !forAdmin) throw new HttpError(404, ERP_MESSAGES.productNotFound);
    return row ? toProductContent(row) : emptyContent(style, index?.styles.get(style)?.descripcion ?? '');
  }
}
