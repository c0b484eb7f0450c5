import { createHash } from 'node:crypto';
import { offerPrice } from '@shared/pricing';
import type { CatalogueItem, OfferLookupResult, ProductDetail, ProductListItem } from '@shared/api/erp';
import type { ProductContentRow } from '../db/schema';
import { ErpError, ERP_MESSAGES } from '../erp/errors';
import type { ErpService } from '../erp/erp.service';
import type { ItemSet } from '../erp/itemMirror';
import { toCatalogueItems, toCatalogueTree, toProductColour, toProductDetail, type ItemRecord } from '../erp/mapping';
import { prepareBody, type PreparedBody } from '../http/preparedBody';
import { RefreshingCache } from '../http/refreshingCache';
import { offerPercent, type ContentRepo } from './content.repo';
import type { SharedReads } from './sharedReads.repo';
import { ShortCache } from './shortCache';

/** Everything the hot catalogue routes answer, built once per change from the ERP's items and the portal's content. */
export interface CatalogSnapshot {
  builtAt: number;
  /** When the ERP read this snapshot's items come from started (their master data is as of then). */
  readAt: number;
  /** When the last full read of the ERP started (stock figures of the list, and deletions, are as of then). */
  fullAt: number;
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
  /** Styles an admin disabled (hidden from buyers; their detail is 404). */
  hidden: Set<string>;
  /** Style code -> the offer percentage of its content (absent: none). */
  offerOf: Map<string, number>;
  /**
   * Style code -> the style codes of its model's colours, itself included, in code order (docs/size-grid.md); only
   * styles of a model of more than one colour are here.
   */
  coloursOf: Map<string, readonly string[]>;
  /** What it was built from, to skip a rebuild when neither changed. */
  source: { itemsVersion: number; content: string };
}

/** A cheap fingerprint of the content rows a snapshot depends on. */
function contentKey(content: readonly ProductContentRow[]): string {
  const hash = createHash('sha1');
  for (const c of content) hash.update(`${c.sku}\u0000${c.enabled}\u0000${c.offer}\u0000${c.percentage}\u0000${c.mainUrlImage}\u0001`);
  return hash.digest('base64url');
}

/** Lets requests waiting on the event loop through between the steps of a long build. */
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The snapshot of `records` with the portal's content. Built in steps with the event loop free between them (at 100k
 * items the whole takes a few hundred ms; each step is a fraction of it), while readers keep the current snapshot.
 */
export async function buildSnapshot(
  records: readonly ItemRecord[],
  content: ProductContentRow[],
  now = Date.now(),
  read: { readAt: number; fullAt: number; version: number } = { readAt: now, fullAt: now, version: 0 },
): Promise<CatalogSnapshot> {
  const contentBySku = new Map(content.map((c) => [c.sku, c]));
  const hidden = new Set(content.filter((c) => c.enabled === false).map((c) => c.sku));
  const imageFor = (sku: string) => contentBySku.get(sku)?.mainUrlImage ?? '';

  const allItems = toCatalogueItems(records, imageFor);
  const items = allItems.filter((i) => !hidden.has(i.sku));
  await yieldToRequests();
  const tree = prepareBody(toCatalogueTree(records.filter((r) => !hidden.has(r.style))));
  const itemsBody = prepareBody(items);
  await yieldToRequests();
  const product = (i: CatalogueItem): ProductListItem => ({ sku: i.sku, descripcion: i.descripcion, mainUrlImage: i.urlImage });
  const productsForBuyers = prepareBody(items.map(product));
  await yieldToRequests();
  const productsForAdmins = prepareBody(allItems.map(product));
  await yieldToRequests();
  const styleOf = new Map<string, string>();
  for (const r of records) {
    styleOf.set(r.itemCode, r.style);
    styleOf.set(r.style, r.style);
  }
  const byModel = new Map<string, Set<string>>();
  for (const r of records) {
    const model = r.model || r.style;
    const styles = byModel.get(model) ?? byModel.set(model, new Set()).get(model)!;
    styles.add(r.style);
  }
  const coloursOf = new Map<string, readonly string[]>();
  for (const styles of byModel.values()) {
    if (styles.size < 2) continue;
    const sorted = [...styles].sort();
    for (const style of sorted) coloursOf.set(style, sorted);
  }
  const offerOf = new Map<string, number>();
  for (const c of content) {
    const percent = offerPercent(c);
    if (percent > 0) offerOf.set(c.sku, percent);
  }
  return {
    builtAt: now,
    readAt: read.readAt,
    fullAt: read.fullAt,
    tree,
    items: itemsBody,
    productsForBuyers,
    productsForAdmins,
    itemBySku: new Map(items.map((i) => [i.sku, i])),
    styleOf,
    listPriceOf: new Map(allItems.map((i) => [i.sku, i.preciolista])),
    hidden,
    offerOf,
    coloursOf,
    source: { itemsVersion: read.version, content: contentKey(content) },
  };
}

export interface CatalogOptions {
  /** Soft age of the snapshot (default 60 s): older, it is served while one refresh runs in the background. */
  refreshMs?: number;
  /** Hard age (default 15 minutes): a snapshot whose ERP read is older is not served (503 until the ERP answers). */
  maxAgeMs?: number;
  /** How long the product detail's stock and prices of a style are kept (default 5 s). */
  stockTtlMs?: number;
  onError?: (err: unknown) => void;
  now?: () => number;
  /** On a cluster: the stock of a style one instance read, served by the others while fresh (docs/scale-out.md). */
  sharedReads?: SharedReads;
}

/** A style a buyer may see, its offer and its model's colours (each with its offer), as one snapshot has them. */
interface Found {
  style: string;
  descuento: number;
  colours: { style: string; descuento: number }[];
}

const notFound = () => new ErpError({ status: 404, code: 'ERP_NOT_FOUND', message: ERP_MESSAGES.productNotFound });

export class CatalogService {
  private readonly cache: RefreshingCache<CatalogSnapshot>;
  /** Style code -> its sizes read from the ERP a few seconds ago (null: the ERP sells none). */
  private readonly styles: ShortCache<ItemRecord[] | null>;
  /** A style's place in one snapshot (its offer and its model's colours), worked out once per snapshot and sku. */
  private readonly found = new WeakMap<CatalogSnapshot, Map<string, Found>>();
  /** The detail sent for a style of one snapshot, with the reads of its colours' sizes it was built from. */
  private readonly bodies = new WeakMap<Found, { main: ItemRecord[]; parts: (ItemRecord[] | null)[]; body: PreparedBody }>();
  private readonly onError: (err: unknown) => void;
  private readonly now: () => number;
  private readonly maxAgeMs: number;

  constructor(
    private readonly erp: ErpService,
    private readonly content: ContentRepo,
    opts: CatalogOptions = {},
  ) {
    this.onError = opts.onError ?? (() => {});
    this.now = opts.now ?? Date.now;
    this.maxAgeMs = opts.maxAgeMs ?? 15 * 60_000;
    this.cache = new RefreshingCache<CatalogSnapshot>((previous) => this.load(previous), {
      softAgeMs: opts.refreshMs ?? 60_000,
      hardAgeMs: this.maxAgeMs,
      onError: this.onError,
      now: this.now,
      asOf: (snapshot) => snapshot.readAt,
    });
    this.styles = new ShortCache(
      async (style) => {
        try {
          return await this.erp.getStyle(style);
        } catch (err) {
          if (err instanceof ErpError && err.status === 404) return null;
          throw err;
        }
      },
      { ttlMs: opts.stockTtlMs ?? 5000, now: this.now, ...(opts.sharedReads ? { shared: { reads: opts.sharedReads, scope: 'style', onError: this.onError } } : {}) },
    );
  }

  /** The current snapshot; never one whose ERP read is older than the hard age (then it waits for a new read). */
  snapshot(): Promise<CatalogSnapshot> {
    return this.cache.get();
  }

  /** The snapshot `snapshot()` would answer without waiting, or undefined when it must wait (see RefreshingCache.current). */
  currentSnapshot(): CatalogSnapshot | undefined {
    return this.cache.current();
  }

  /**
   * Rebuild now (an admin changed content): the content is read again and the ERP by change; readers keep the
   * current snapshot meanwhile. With the ERP unreachable, the new content is applied to the items last read.
   */
  refresh(): Promise<CatalogSnapshot> {
    return this.cache.refresh();
  }

  private async load(previous: CatalogSnapshot | undefined): Promise<CatalogSnapshot> {
    const [items, content] = await Promise.all([this.readItems(), this.content.all()]);
    const key = contentKey(content);
    if (previous && previous.source.itemsVersion === items.version && previous.source.content === key) {
      return { ...previous, readAt: items.readAt, fullAt: items.fullAt };
    }
    return buildSnapshot(items.records, content, this.now(), items);
  }

  /**
   * The ERP's items now; if the ERP cannot be read, the items of the last read while they are younger than the hard
   * age (they keep their age: the snapshot is not made to look fresher than its data).
   */
  private async readItems(): Promise<ItemSet> {
    try {
      const items = await this.erp.catalogueItems();
      // on a cluster the items are the reader's (docs/scale-out.md): when it has not read for longer than the hard
      // age, they are not served, as if this instance had failed to read them itself
      if (this.now() - items.readAt > this.maxAgeMs) {
        throw new ErpError({ status: 503, code: 'ERP_UNAVAILABLE', message: ERP_MESSAGES.unavailable, erpMessage: 'catálogo sin lectura reciente del ERP' });
      }
      return items;
    } catch (err) {
      const last = this.erp.catalogueItemsRead();
      if (!last || this.now() - last.readAt > this.maxAgeMs) throw err;
      this.onError(err);
      return last;
    }
  }

  /** The style of a style code or size code that buyers may see, its offer and its model's colours; 404 otherwise. */
  private async styleFor(sku: string): Promise<Found> {
    return this.foundIn(await this.snapshot(), sku);
  }

  private foundIn(snap: CatalogSnapshot, sku: string): Found {
    let bySku = this.found.get(snap);
    if (!bySku) this.found.set(snap, (bySku = new Map()));
    let found = bySku.get(sku);
    if (!found) {
      const style = snap.styleOf.get(sku);
      if (!style || snap.hidden.has(style)) throw notFound();
      const siblings = (snap.coloursOf.get(style) ?? []).filter((s) => !snap.hidden.has(s));
      found = {
        style,
        descuento: snap.offerOf.get(style) ?? 0,
        colours: siblings.map((s) => ({ style: s, descuento: snap.offerOf.get(s) ?? 0 })),
      };
      // every code a buyer may ask for is a style or one of its sizes: bounded by the catalogue
      bySku.set(sku, found);
    }
    return found;
  }

  /**
   * The sizes of the style and of each other colour of its model, as the ERP had them at most `stockTtlMs` ago (one
   * read per style shared by every buyer). A colour the ERP no longer sells is left out; `parts` keeps every read as
   * it came (null: not sold), in the order of `found.colours`.
   */
  private async readColours(found: Found) {
    const sizes = await this.styles.get(found.style);
    if (!sizes) throw notFound();
    const parts = await Promise.all(found.colours.map((c) => (c.style === found.style ? sizes : this.styles.get(c.style))));
    const colours = found.colours.map((c, i) => ({ ...c, sizes: parts[i]! })).filter((c): c is typeof c & { sizes: ItemRecord[] } => c.sizes !== null);
    return { sizes, colours, parts };
  }

  private build(found: { descuento: number }, read: Awaited<ReturnType<CatalogService['readColours']>>): ProductDetail {
    // every size is of the same style, so the style's offer applies to each
    const detailOf = (sizes: ItemRecord[], descuento: number) => toProductDetail(sizes, () => (descuento > 0 ? { descuento } : undefined));
    const detail = detailOf(read.sizes, found.descuento);
    const colores = read.colours.length > 1 ? read.colours.map((c) => toProductColour(detailOf(c.sizes, c.descuento))) : [toProductColour(detail)];
    return { ...detail, colores };
  }

  /**
   * Product detail: the style and its offer from the snapshot, its sizes with stock and prices as the ERP had them
   * at most `stockTtlMs` ago (one read per style shared by every buyer: the answer has no buyer's own prices), and
   * the same of every colour of its model: the rows of the colour × size grid.
   */
  async detail(sku: string): Promise<ProductDetail> {
    const found = await this.styleFor(sku);
    return this.build(found, await this.readColours(found));
  }

  /**
   * The detail serialized (by the route's response schema), gzipped and tagged once per read of the style's sizes
   * (and its colours'): what GET /user/b1/products-detail/:sku sends. While every read it was built from is still the
   * fresh one, the kept body is sent without waiting on anything (the usual case: a product page asked for again).
   */
  async detailBody(sku: string, serialize: (detail: ProductDetail) => string): Promise<PreparedBody> {
    const found = await this.styleFor(sku);
    const kept = this.keptBody(found);
    if (kept) return kept;
    const read = await this.readColours(found);
    const body = prepareBody(JSON.parse(serialize(this.build(found, read))));
    this.bodies.set(found, { main: read.sizes, parts: read.parts, body });
    return body;
  }

  /**
   * The body `detailBody` would answer without waiting on anything (the snapshot current, the body kept and every read
   * it was built from still the fresh one), or undefined when it would wait or answer an error: the route sends this
   * in the same tick, as the products list does.
   */
  currentDetailBody(sku: string): PreparedBody | undefined {
    const snap = this.cache.current();
    if (!snap) return undefined;
    const found = this.found.get(snap)?.get(sku);
    return found && this.keptBody(found);
  }

  /** The kept body of a style while every read it was built from is still the fresh one (peekFresh also keeps them fresh). */
  private keptBody(found: Found): PreparedBody | undefined {
    const kept = this.bodies.get(found);
    if (!kept || this.styles.peekFresh(found.style) !== kept.main) return undefined;
    for (let i = 0; i < found.colours.length; i++) if (this.styles.peekFresh(found.colours[i]!.style) !== kept.parts[i]) return undefined;
    return kept.body;
  }

  /**
   * GET /user/b1/offer-sku/{sku}: the offer of a style or of one of its sizes (descuento 0 when none), priced from the
   * style's list price or, for a size, from that size's own (read fresh, as the cart reads it: sizes may differ).
   */
  async offer(sku: string): Promise<OfferLookupResult> {
    const snap = await this.snapshot();
    const style = snap.styleOf.get(sku);
    if (!style) throw notFound();
    const [content, [size]] = await Promise.all([this.content.bySku(style), sku === style ? [] : this.erp.getItems([sku])]);
    const descuento = offerPercent(content);
    const price = size?.listPrice ?? snap.listPriceOf.get(style) ?? 0;
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
