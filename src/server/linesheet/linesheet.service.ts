// The line sheet (lista de precios, docs/linesheet.md): the styles a buyer chose, each size with its stock, what
// arrives, the list price, the buyer's own price (the cart's sizePrice, with the cart's inputs) and a suggested retail
// price. The selection is the catalogue's own (its category filter, its search, the offers of its snapshot, the
// 'Próxima temporada' rule); the writers (linesheetXlsx.ts, linesheetPdf.ts) stream what this gathers.
import type { CatalogueItem } from '@shared/api/erp';
import { filterProducts } from '@shared/catalogueSearch';
import { filterCatalogue } from '@shared/catalogueSelection';
import { arrivalDay, INCOMING_TEXTS, onlyIncoming } from '@shared/incoming';
import { fill } from '@shared/messages';
import { formatInteger } from '@shared/money';
import { suggestedRetailPrice } from '@shared/pricing';
import { LINESHEET_MAX_STYLES, LINESHEET_MSG, type LinesheetQuery } from '@shared/schemas/linesheet';
import { chileTodayIso } from '@shared/workingDays';
import type { CatalogService } from '../catalog/catalog.service';
import type { ContentRepo } from '../catalog/content.repo';
import { loyaltyOf, sizePrice, type CartService } from '../cart/cart.service';
import type { ErpService } from '../erp/erp.service';
import { compareSizes, type ItemRecord } from '../erp/mapping';
import { HttpError } from '../errors';
import type { SessionUser } from '../plugins/auth';
import type { CustomerDirectory } from '../profile/customers.service';

/** One size of the sheet: one row of the XLSX, one line of a PDF card. */
export interface LinesheetSize {
  /** The size's item code: what the quick order reads back ('Código'). */
  sku: string;
  size: string;
  stock: number;
  /** The first arrival still free to promise, 'Llegan 40 el 15-ene'; '' when nothing arrives. */
  incoming: string;
  listPrice: number;
  /** What the cart charges the buyer for one unit now (P. Distrib.). */
  netPrice: number;
  /** netPrice × markup rounded up to $…990. */
  retailPrice: number;
}

/** One style (a colour of a model): a card of the PDF, a group of rows of the XLSX. */
export interface LinesheetStyle {
  style: string;
  name: string;
  colour: string;
  /** The picture's URL as the portal serves it ('/files/products/…'), '' when it has none. */
  picture: string;
  offerPct: number;
  sizes: LinesheetSize[];
}

export interface Linesheet {
  company: { name: string; rut: string };
  /** 'YYYY-MM-DD' (Chile): the day the prices are valid at. */
  date: string;
  markup: number;
  styles: LinesheetStyle[];
}

/** 'dd-mm-aaaa' of 'aaaa-mm-dd'. */
export const sheetDate = (iso: string): string => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;

/** The download's name: 'lista-de-precios-76123456-0-2026-11-29.pdf'. */
export function linesheetFileName(sheet: Pick<Linesheet, 'company' | 'date'>, ext: 'xlsx' | 'pdf'): string {
  return `lista-de-precios-${sheet.company.rut.replace(/[^0-9kK-]/g, '')}-${sheet.date}.${ext}`;
}

/** Lets other requests through between steps of a long build. */
export const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));
/** How many styles are gathered or written between two yields to the event loop. */
export const STYLES_PER_STEP = 25;

export interface LinesheetDeps {
  catalog: CatalogService;
  content: ContentRepo;
  erp: ErpService;
  customers: CustomerDirectory;
  cart: CartService;
  /** The style codes of a saved list the person may read, in its order (404 otherwise): `savedListStyles`. */
  listStyles: (listId: number, user: SessionUser) => Promise<string[]>;
}

export class LinesheetService {
  constructor(private readonly deps: LinesheetDeps) {}

  /**
   * The style codes a query selects, in the catalogue's order, from the rows buyers may see (hidden styles are not in
   * them): the catalogue's category filter, its search, its offers, 'Próxima temporada'; or a saved list's styles in the
   * list's order (its hidden styles are left out by the build). 400 when more than LINESHEET_MAX_STYLES (the message
   * asks to narrow it) or none.
   */
  async select(query: LinesheetQuery, user: SessionUser): Promise<string[]> {
    if (query.alcance === 'LISTA') {
      const styles = await this.deps.listStyles(query.lista!, user);
      checkCount(styles.length);
      return styles;
    }
    const snap = await this.deps.catalog.snapshot();
    const items = [...snap.itemBySku.values()];
    let chosen: readonly CatalogueItem[];
    switch (query.alcance) {
      case 'CATEGORIA':
        chosen = filterCatalogue(items, { category: query.category, scategory: query.scategory, sscategory: query.sscategory }, query.genero ?? '');
        break;
      case 'BUSQUEDA':
        chosen = filterProducts(items, query.q);
        break;
      case 'OFERTAS':
        chosen = items.filter((i) => snap.offerOf.has(i.sku));
        break;
      case 'TEMPORADA':
        chosen = items.filter(onlyIncoming);
        break;
      default:
        chosen = items;
    }
    const styles = chosen.map((i) => i.sku);
    checkCount(styles.length);
    return styles;
  }

  /**
   * The sheet of `styles` (a selection's, or a saved list's) for the company `user` acts for: its fresh profile's
   * loyalty, the items the cart prices from (the catalogue's read with the ERP's changes merged in), the portal's
   * content. Styles hidden from buyers, unknown or without sizes are left out; never a cost.
   */
  async build(user: Pick<SessionUser, 'companyRut'>, styles: readonly string[], markup: number): Promise<Linesheet> {
    checkCount(styles.length);
    const wanted = new Set(styles);
    const [profile, items, contentRows] = await Promise.all([this.deps.customers.profileOf(user), this.deps.erp.catalogueItemsChanged(), this.deps.content.all()]);
    const content = new Map(contentRows.map((c) => [c.sku, c]));
    const loyalty = loyaltyOf(profile);
    const sizesOf = new Map<string, ItemRecord[]>();
    for (const r of items.records) {
      if (!wanted.has(r.style)) continue;
      const sizes = sizesOf.get(r.style);
      if (sizes) sizes.push(r);
      else sizesOf.set(r.style, [r]);
    }
    const arriving = [...sizesOf.values()].flat().filter((r) => r.arrivals?.length);
    const incoming = await this.deps.cart.incomingOf(arriving);
    const today = chileTodayIso();
    const out: LinesheetStyle[] = [];
    let step = 0;
    for (const style of styles) {
      if (++step % (STYLES_PER_STEP * 4) === 0) await yieldToRequests();
      const records = sizesOf.get(style);
      if (!records?.length) continue;
      records.sort((a, b) => compareSizes(a.size, b.size));
      const sizes: LinesheetSize[] = [];
      let offerPct = 0;
      for (const record of records) {
        const priced = sizePrice(record, content, loyalty);
        if (!priced.available) break; // the style is hidden from buyers: every size is
        offerPct = priced.offerPct;
        const first = incoming.get(record.itemCode)?.find((i) => i.cantidad > 0);
        sizes.push({
          sku: record.itemCode,
          size: record.size,
          stock: record.stock,
          incoming: first ? fill(INCOMING_TEXTS.detail, { quantity: formatInteger(first.cantidad), date: arrivalDay(first.fecha, today) }) : '',
          listPrice: priced.line.priceList,
          netPrice: priced.line.priceFinalUnit,
          retailPrice: suggestedRetailPrice(priced.line.priceFinalUnit, markup),
        });
      }
      if (sizes.length === 0) continue;
      const first = records[0]!;
      out.push({ style, name: first.styleName || first.name, colour: first.colour, picture: content.get(style)?.mainUrlImage ?? '', offerPct, sizes });
    }
    return { company: { name: profile.nombre, rut: profile.rut }, date: today, markup, styles: out };
  }
}

function checkCount(count: number): void {
  if (count > LINESHEET_MAX_STYLES) throw new HttpError(400, fill(LINESHEET_MSG.tooMany, { count: formatInteger(count), max: formatInteger(LINESHEET_MAX_STYLES) }));
  if (count === 0) throw new HttpError(400, LINESHEET_MSG.empty);
}
