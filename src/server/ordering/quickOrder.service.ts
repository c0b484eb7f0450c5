// Quick order (docs/ordering.md): lines the buyer wrote (pasted, or read from a file) checked against the catalogue and
// the stock, priced with the cart's own pricing for this buyer, before anything goes to the cart. Nothing is written:
// the buyer fixes or drops lines and then adds them with one POST /user/cart/bulk, which checks everything again.
import type { QuickOrderLine, QuickOrderLineInput, QuickOrderValidation } from '@shared/api/ordering';
import { isBlocked } from '@shared/blocking';
import { arrivalDay } from '@shared/incoming';
import { fill } from '@shared/messages';
import { orderTotals, priceLine } from '@shared/pricing';
import { parseQuantity, QUICK_ORDER_LINE_MSG as M, quickOrderSummary, rowList } from '@shared/quickOrder';
import { cartOwnerOf, type CartRepo } from '../cart/cart.repo';
import type { CatalogService } from '../catalog/catalog.service';
import { offerPercent } from '../catalog/content.repo';
import type { ErpService } from '../erp/erp.service';
import { compareSizes, incomingOf, type ItemRecord } from '../erp/mapping';
import type { ItemSet } from '../erp/itemMirror';
import type { SessionUser } from '../plugins/auth';
import type { CustomerDirectory } from '../profile/customers.service';
import { SERVER_MSG } from '../messages';

/** Up to this many distinct sizes, stock and prices are read from the ERP now; a longer list uses the catalogue's copy. */
export const FRESH_READ_LIMIT = 200;

const SKU_TEXT = /^[\w.\-/]+$/;

/** The catalogue's items by code and by style + size (upper case), built once per read of the ERP's items. */
interface CatalogueIndex {
  byCode: Map<string, ItemRecord>;
  byStyleSize: Map<string, ItemRecord>;
  sizesOf: Map<string, string[]>;
}

const styleSizeKey = (style: string, size: string) => `${style.toUpperCase()}\u0000${size.toUpperCase()}`;
const displayName = (item: ItemRecord) => [item.styleName, item.colour].filter(Boolean).join(' ');

function buildIndex(records: readonly ItemRecord[]): CatalogueIndex {
  const byCode = new Map<string, ItemRecord>();
  const byStyleSize = new Map<string, ItemRecord>();
  const sizesOf = new Map<string, string[]>();
  for (const r of records) {
    byCode.set(r.itemCode.toUpperCase(), r);
    byStyleSize.set(styleSizeKey(r.style, r.size), r);
    const style = r.style.toUpperCase();
    const sizes = sizesOf.get(style);
    if (sizes) sizes.push(r.size);
    else sizesOf.set(style, [r.size]);
  }
  for (const sizes of sizesOf.values()) sizes.sort(compareSizes);
  return { byCode, byStyleSize, sizesOf };
}

/** A line being checked: where it came from, what it resolved to, what it asks. */
interface Work {
  rows: number[];
  input: QuickOrderLine['input'];
  /** The upper-case item code it resolved to (or may be, when the catalogue does not know it yet). */
  code?: string;
  quantity: number | null;
  /** Set once the line is known to be wrong. */
  error?: { status: QuickOrderLine['status']; message: string };
}

export interface QuickOrderDeps {
  erp: ErpService;
  catalog: CatalogService;
  customers: CustomerDirectory;
  cart: CartRepo;
}

export class QuickOrderService {
  private readonly indexes = new WeakMap<readonly ItemRecord[], CatalogueIndex>();

  constructor(private readonly deps: QuickOrderDeps) {}

  /** The catalogue's copy of the items (as of its last read, never past its hard age) and when it was read. */
  private async catalogue(): Promise<{ index: CatalogueIndex; readAt: number }> {
    await this.deps.catalog.snapshot();
    return this.indexOf(this.deps.erp.catalogueItemsRead());
  }

  /**
   * The copy with the ERP's changes since its last read merged in now (prices changed a moment ago included): what a
   * long list is priced from, so its prices are the cart's. With the ERP unreachable, the copy as it was.
   */
  private async catalogueChanged(): Promise<{ index: CatalogueIndex; readAt: number }> {
    const set = await this.deps.erp.catalogueItemsChanged().catch(() => this.deps.erp.catalogueItemsRead());
    return this.indexOf(set);
  }

  private indexOf(set: ItemSet | undefined): { index: CatalogueIndex; readAt: number } {
    const records = set?.records ?? [];
    let index = this.indexes.get(records);
    if (!index) {
      index = buildIndex(records);
      this.indexes.set(records, index);
    }
    return { index, readAt: set?.fullAt ?? Date.now() };
  }

  async validate(user: SessionUser, input: readonly QuickOrderLineInput[]): Promise<QuickOrderValidation> {
    const { erp, customers, cart } = this.deps;
    const profileRead = customers.profileOf(user);
    const heldRead = cart.list(cartOwnerOf(user));
    profileRead.catch(() => undefined);
    heldRead.catch(() => undefined);
    const { index, readAt } = await this.catalogue();

    // 1. read each line and resolve it to a size's item code with the catalogue's copy
    const works: Work[] = input.map((line) => this.resolve(line, index));

    // 2. fresh stock and prices (a short list) or the catalogue's copy (a long one); codes the catalogue did not know are
    //    asked of the ERP either way (an item created since its last read), and those still missing are told apart
    const codes = [...new Set(works.filter((w) => !w.error && w.code).map((w) => w.code!))];
    const fresh = codes.length <= FRESH_READ_LIMIT;
    //    (a long list's prices from the copy with the ERP's latest changes read now: the prices the cart will charge)
    const copy = fresh ? index : (await this.catalogueChanged()).index;
    const askNow = fresh ? codes : codes.filter((c) => !copy.byCode.has(c));
    const read = askNow.length ? await erp.getItems(askNow) : [];
    const items = new Map<string, ItemRecord>(fresh ? [] : codes.filter((c) => copy.byCode.has(c)).map((c) => [c, copy.byCode.get(c)!]));
    for (const item of read) items.set(item.itemCode.toUpperCase(), item);
    const missing = codes.filter((c) => !items.has(c));
    const [existing, content, profile, held] = await Promise.all([
      missing.length ? erp.existingItemCodes(missing) : Promise.resolve(new Set<string>()),
      cart.contentOf([...items.values()].map((i) => i.style)),
      profileRead,
      heldRead,
    ]);
    const known = new Set([...existing].map((c) => c.toUpperCase()));
    const inCart = new Map(held.map((row) => [row.sku.toUpperCase(), row.quantity]));
    const loyalty = Math.min(100, Math.max(0, Number(profile.descFidel) || 0));

    // 3. lines of the same size added together (in the place of the first); unreadable lines stay as they are
    const merged: Work[] = [];
    const byCode = new Map<string, Work>();
    let mergedRows = 0;
    for (const work of works) {
      if (work.error || !work.code || work.quantity === null) {
        merged.push(work);
        continue;
      }
      const first = byCode.get(work.code);
      if (first) {
        first.rows.push(...work.rows);
        first.quantity = (first.quantity ?? 0) + work.quantity;
        mergedRows++;
      } else {
        byCode.set(work.code, work);
        merged.push(work);
      }
    }

    // 4. each line against the stock left and priced for this buyer
    const lines = merged.map((work) => this.checkLine(work, items, known, content, inCart, loyalty));
    const addable = lines.filter((l) => l.addable > 0 && l.prices);
    const count = (status: QuickOrderLine['status']) => lines.filter((l) => l.status === status).length;
    const summary = {
      lines: lines.length,
      ok: count('ok'),
      short: count('short'),
      errors: lines.length - count('ok') - count('short'),
      merged: mergedRows,
      units: addable.reduce((sum, l) => sum + l.addable, 0),
    };
    const blocked = isBlocked(profile);
    return {
      lines,
      summary,
      totals: orderTotals(addable.map((l) => ({ ...l.prices!, quantity: l.addable })), loyalty),
      blocked,
      message: blocked ? SERVER_MSG.cartBlocked : quickOrderSummary(summary),
      stockAsOf: fresh ? null : new Date(readAt).toISOString(),
    };
  }

  /** A line read: its quantity, and the item code its sku (or style + size) names in the catalogue's copy. */
  private resolve(line: QuickOrderLineInput, index: CatalogueIndex): Work {
    const sku = String(line.sku ?? '').trim();
    const size = String(line.size ?? '').trim();
    const work: Work = { rows: [line.row], input: { sku, size, quantity: String(line.quantity ?? '').trim() }, quantity: null };
    const quantity = parseQuantity(typeof line.quantity === 'number' ? line.quantity : String(line.quantity ?? ''));
    if (quantity.ok) work.quantity = quantity.value;
    if (line.error) work.error = { status: 'invalid', message: line.error };
    else if (!sku) work.error = { status: 'invalid', message: 'Falta el sku' };
    else if (!SKU_TEXT.test(sku) || sku.length > 50) work.error = { status: 'invalid', message: fill(M.skuInvalid, { sku: sku.slice(0, 50) }) };
    else if (size.length > 20) work.error = { status: 'invalid', message: fill(M.sizeInvalid, { size: size.slice(0, 20) }) };
    else if (!quantity.ok) work.error = { status: 'invalid', message: quantity.error };
    if (work.error) return work;

    const upper = sku.toUpperCase();
    if (index.byCode.has(upper) && (!size || index.byCode.get(upper)!.size.toUpperCase() === size.toUpperCase())) {
      work.code = index.byCode.get(upper)!.itemCode.toUpperCase();
      return work;
    }
    const sizes = index.sizesOf.get(upper);
    if (size) {
      const found = index.byStyleSize.get(styleSizeKey(sku, size));
      if (found) work.code = found.itemCode.toUpperCase();
      else if (sizes) work.error = { status: 'unknown', message: fill(M.unknownSize, { style: sku, size, sizes: sizes.join(', ') }) };
      else work.error = { status: 'unknown', message: fill(M.unknownStyle, { style: sku }) };
      return work;
    }
    if (sizes && !index.byCode.has(upper)) {
      work.error = { status: 'invalid', message: fill(M.sizeNeeded, { style: sku, sizes: sizes.join(', ') }) };
      return work;
    }
    work.code = upper; // not in the catalogue's copy: asked of the ERP
    return work;
  }

  private checkLine(
    work: Work,
    items: Map<string, ItemRecord>,
    known: Set<string>,
    content: Awaited<ReturnType<CartRepo['contentOf']>>,
    inCart: Map<string, number>,
    loyalty: number,
  ): QuickOrderLine {
    const base = { rows: work.rows, input: work.input, quantity: work.quantity, addable: 0, stock: 0, inCart: 0 };
    const blank = { sku: work.code ?? work.input.sku, style: '', name: '', size: work.input.size };
    if (work.error) return { ...base, ...blank, status: work.error.status, message: work.error.message };
    const code = work.code!;
    const item = items.get(code);
    if (!item) {
      const unknown = !known.has(code);
      return { ...base, ...blank, status: unknown ? 'unknown' : 'unavailable', message: fill(unknown ? M.unknownSku : M.unavailable, { sku: work.input.sku }) };
    }
    const shown = { sku: item.itemCode, style: item.style, name: displayName(item), size: item.size };
    const styleContent = content.get(item.style);
    if (styleContent?.enabled === false) return { ...base, ...shown, status: 'unavailable', message: fill(M.unavailable, { sku: item.itemCode }) };
    const quantity = work.quantity!;
    const held = inCart.get(code) ?? 0;
    const room = Math.max(0, item.stock - held);
    const addable = Math.min(quantity, room);
    const offerPct = offerPercent(styleContent);
    const prices = { ...priceLine({ price: item.listPrice, quantity: addable, offerPct, loyaltyPct: loyalty }), percentageOffer: offerPct, percentageLoyalty: loyalty };
    const line: QuickOrderLine = { ...base, ...shown, addable, stock: item.stock, inCart: held, status: 'ok', message: '', prices };
    const incoming = incomingOf(item);
    if (incoming.length) line.porLlegar = incoming;
    if (item.stock <= 0) {
      const first = incoming[0];
      const message = first ? fill(M.noStockIncoming, { ...shown, incoming: first.cantidad, date: arrivalDay(first.fecha) }) : fill(M.noStock, shown);
      return { ...line, status: 'noStock', message };
    }
    if (room === 0) return { ...line, status: 'noStock', message: fill(M.noneLeft, { ...shown, stock: item.stock }) };
    if (addable < quantity) {
      const values = { addable, quantity, stock: item.stock, inCart: held };
      return { ...line, status: 'short', message: fill(held > 0 ? M.shortWithCart : M.short, values) };
    }
    if (work.rows.length > 1) line.message = fill(M.merged, { rows: rowList(work.rows) });
    return line;
  }
}
