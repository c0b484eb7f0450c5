// The buyer's cart, priced by the server on every read: fresh list price and stock from the ERP, the style's offer
// from the portal's content, the buyer's loyalty discount (descFidel) from its fresh ERP profile (R-CART-2, R-MONEY-2).
import type { CartAddRequest, CartBulkLine, CartBulkRequest, CartBulkResponse, CartItem, CartResponse, CartUpdateRequest } from '@shared/api/cart';
import type { CustomerProfile } from '@shared/api/erp';
import { isBlocked } from '@shared/blocking';
import { arrivalCovering, incomingTotal, type IncomingStock } from '@shared/incoming';
import { isRepRole } from '@shared/roles';
import { fill, MSG } from '@shared/messages';
import { orderTotals, priceLine, type LinePrice } from '@shared/pricing';
import { CART_BULK_MSG } from '@shared/schemas/cart';
import { offerPercent } from '../catalog/content.repo';
import type { Db, Tx } from '../db/connect';
import type { CartItemRow, ProductContentRow } from '../db/schema';
import type { ErpService } from '../erp/erp.service';
import { incomingOf, type ItemRecord } from '../erp/mapping';
import { PreordersRepo } from '../orders/preorders.repo';
import { HttpError } from '../errors';
import type { SessionUser } from '../plugins/auth';
import type { CustomerDirectory } from '../profile/customers.service';
import { cartOwnerOf, lineKey, type CartOwner, type CartRepo } from './cart.repo';
import { SERVER_MSG } from '../messages';

/** The cart as an order is built from it: priced lines, totals and the profile they were priced with. */
export interface PricedCart extends CartResponse {
  profile: CustomerProfile;
}

const clampPct = (value: number | null | undefined) => Math.min(100, Math.max(0, Number(value) || 0));

/** A size the portal sells: known to the ERP as a sellable item, and its style not hidden by an admin. */
function sellable(item: ItemRecord | undefined, content: ReadonlyMap<string, ProductContentRow>): item is ItemRecord {
  return item !== undefined && content.get(item.style)?.enabled !== false;
}

/** 'Polera Básica Algodón Blanco': the style's name and colour (the size has its own column). */
const displayName = (item: ItemRecord) => [item.styleName, item.colour].filter(Boolean).join(' ');

export function overStockError(item: Pick<CartItem, 'name' | 'size' | 'stock'>): HttpError {
  return new HttpError(400, fill(SERVER_MSG.cartOverStock, { name: item.name, size: item.size, stock: item.stock }));
}

export const unavailableError = (sku: string) => new HttpError(404, fill(MSG.cartItemUnavailable, { sku }));

/**
 * A size as a line of one kind sees it: for a pre-order line (docs/incoming.md) its `stock` is what arrives and is still
 * free to promise, so every cap below (add, bulk add, update, order) reads one field whatever the kind.
 */
export function lineView(item: ItemRecord, porLlegar: boolean, incoming: readonly IncomingStock[] | undefined): ItemRecord {
  return porLlegar ? { ...item, stock: incomingTotal(incoming ?? []) } : item;
}

/** The loyalty percent a buyer's fresh ERP profile gives (descFidel, clamped to 0..100): what the cart prices with. */
export const loyaltyOf = (profile: Pick<CustomerProfile, 'descFidel'>): number => clampPct(profile.descFidel);

/**
 * What `quantity` units of a size cost the buyer: the one per-size price computation of the cart, and of every
 * document that shows a buyer's price before the cart (the line sheet, docs/linesheet.md). The ERP item's list price,
 * its style's offer from the portal's content, the buyer's loyalty (loyaltyOf); a size the portal does not sell
 * (unknown, or its style hidden) is priced 0 and not `available`.
 */
export function sizePrice(
  item: ItemRecord | undefined,
  content: ReadonlyMap<string, ProductContentRow>,
  loyaltyPct: number,
  quantity = 1,
): { available: boolean; offerPct: number; line: LinePrice } {
  const available = sellable(item, content);
  const offerPct = available ? offerPercent(content.get(item.style)) : 0;
  return { available, offerPct, line: priceLine({ price: available ? item.listPrice : 0, quantity, offerPct, loyaltyPct }) };
}

/** One priced line. A size the portal no longer sells keeps its row, priced 0, with stock 0 and `unavailable`. */
function toCartItem(
  row: CartItemRow,
  record: ItemRecord | undefined,
  content: Map<string, ProductContentRow>,
  loyaltyPct: number,
  incoming?: readonly IncomingStock[],
): CartItem {
  const item = record && lineView(record, row.porLlegar, incoming);
  const { available, offerPct, line } = sizePrice(item, content, loyaltyPct, row.quantity);
  const llegada = row.porLlegar ? arrivalCovering(incoming ?? [], row.quantity) : undefined;
  return {
    ...line,
    id: row.id,
    sku: row.sku,
    style: item?.style ?? '',
    name: item ? displayName(item) : row.sku,
    size: item?.size ?? '',
    quantity: row.quantity,
    price: line.priceList,
    stock: available && item ? item.stock : 0,
    urlImageMain: (item && content.get(item.style)?.mainUrlImage) || '',
    offer: offerPct > 0,
    percentageOffer: offerPct,
    percentageLoyalty: loyaltyPct,
    userId: row.userId,
    ...(available ? {} : { unavailable: true }),
    ...(row.porLlegar ? { porLlegar: true, ...(llegada ? { llegada } : {}) } : {}),
  };
}

/**
 * Both results, waited for together; a failure is reported in the order given (the first one's before the second's),
 * whichever came first: a blocked buyer is told so before being told a size is unavailable.
 */
async function inOrder<A, B>(first: Promise<A>, second: Promise<B>): Promise<[A, B]> {
  const [a, b] = await Promise.allSettled([first, second]);
  if (a.status === 'rejected') throw a.reason;
  if (b.status === 'rejected') throw b.reason;
  return [a.value, b.value];
}

/** A bulk add's plan for one size the portal sells: its answer line, the ERP item, how many to add. */
interface BulkPlan {
  line: CartBulkLine;
  /** The size as its line's kind sees it (lineView). */
  item: ItemRecord;
  add: number;
  porLlegar: boolean;
  incoming?: IncomingStock[];
}

/** The bulk add's answer: each planned line completed with what was added (and why not all), and the summary. */
function bulkAnswer(
  user: SessionUser,
  lines: CartBulkLine[],
  plans: ReadonlyMap<string, BulkPlan>,
  held: ReadonlyMap<string, number>,
  rows: ReadonlyMap<string, CartItemRow>,
  content: Map<string, ProductContentRow>,
  loyalty: number,
): CartBulkResponse {
  for (const { line, item, porLlegar, incoming } of plans.values()) {
    const key = lineKey(item.itemCode, porLlegar);
    const row = rows.get(key);
    const before = held.get(key) ?? 0;
    const added = row ? Math.max(0, row.quantity - before) : 0;
    line.quantity = added;
    const shown = { name: displayName(item), size: item.size, stock: item.stock };
    if (row || before > 0) {
      const at = row ?? { id: 0, ...cartOwnerOf(user), sku: item.itemCode, quantity: before, porLlegar, createdAt: new Date(), updatedAt: new Date() };
      line.item = toCartItem(at, item, content, loyalty, incoming);
    }
    if (added >= line.requested) {
      line.status = 'added';
    } else if (added > 0) {
      line.status = 'clamped';
      line.reason = 'overStock';
      line.message = fill(CART_BULK_MSG.clampedDetail, { quantity: added, requested: line.requested, ...shown });
    } else {
      line.reason = item.stock <= 0 ? 'noStock' : 'overStock';
      line.message = item.stock > 0 && before >= item.stock ? fill(CART_BULK_MSG.alreadyAll, shown) : fill(SERVER_MSG.cartOverStock, { ...shown, stock: Math.max(0, item.stock - before) });
    }
  }

  const count = new Set([...held.keys(), ...rows.keys()]).size;
  const tally = (status: CartBulkLine['status']) => lines.filter((l) => l.status === status).length;
  const added = tally('added');
  const clamped = tally('clamped');
  const message = added + clamped > 0 ? fill(CART_BULK_MSG.summary, { added: added + clamped, total: lines.length }) : CART_BULK_MSG.noneAdded;
  return { lines, added, clamped, rejected: tally('rejected'), count, message };
}

/** Runs last in a bulk add's transaction with its answer: what it writes commits with the add; throwing rolls it back. */
export type BulkAddedHook = (tx: Tx, answer: CartBulkResponse) => Promise<void>;

/** A cart's lines with what prices them: the fresh ERP item of each size, its content, and what arrives of the pre-ordered ones. */
interface LinesRead {
  rows: CartItemRow[];
  items: Map<string, ItemRecord>;
  content: Map<string, ProductContentRow>;
  /** By sku, for the sizes of pre-order lines: what arrives and is free to promise (the portal's own promises taken off). */
  incoming: Map<string, IncomingStock[]>;
}

export class CartService {
  private readonly preorders: PreordersRepo;

  constructor(
    private readonly db: Db,
    private readonly repo: CartRepo,
    private readonly erp: ErpService,
    private readonly customers: CustomerDirectory,
  ) {
    this.preorders = new PreordersRepo(db);
  }

  /**
   * What arrives of each size and is still free to promise, as of the items given (fresh ones) less the portal's own
   * pre-orders the ERP does not hold yet (docs/incoming.md). Read inside `tx` by an order that holds the sizes' locks.
   */
  async incomingOf(items: readonly ItemRecord[], tx?: Tx, exceptOrder?: number): Promise<Map<string, IncomingStock[]>> {
    if (items.length === 0) return new Map();
    const codes = items.map((i) => i.itemCode);
    const promised = await this.preorders.promised(codes, tx, exceptOrder);
    const arrivals = await this.erp.arrivalsOf(codes);
    return new Map(items.map((i) => [i.itemCode, incomingOf({ ...i, arrivals: arrivals.get(i.itemCode) }, undefined, promised.get(i.itemCode) ?? 0)]));
  }

  /**
   * The buyer's cart priced now ('Resumen de la compra' included). Lines no longer sold are left out of the totals. The
   * profile (given, or read fresh) and the lines' fresh prices and stock are read at the same time.
   */
  async priced(user: SessionUser, profile?: CustomerProfile): Promise<PricedCart> {
    const [current, lines] = await Promise.all([profile ?? this.customers.profileOf(user), this.linesOf(cartOwnerOf(user))]);
    return this.pricedWith(current, lines);
  }

  /**
   * Lines that are not in a cart (a waiting order's) priced now exactly as a cart is: with the acting company's fresh
   * profile, fresh prices and stock. The items keep the lines' order; their `id` is the line's position. A waiting
   * order's pre-order lines (`exceptOrder`: its id) are checked against what arrives less every other order's promise.
   */
  async pricedLines(user: SessionUser, lines: ReadonlyArray<{ sku: string; quantity: number; porLlegar?: boolean }>, exceptOrder?: number): Promise<PricedCart> {
    const at = new Date();
    const rows = lines.map((line, index) => ({ id: index, ...cartOwnerOf(user), sku: line.sku, quantity: line.quantity, porLlegar: !!line.porLlegar, createdAt: at, updatedAt: at }));
    const [current, priced] = await Promise.all([this.customers.profileOf(user), this.itemsOf(rows, exceptOrder)]);
    return this.pricedWith(current, priced);
  }

  private pricedWith(current: CustomerProfile, lines: LinesRead): PricedCart {
    const loyalty = loyaltyOf(current);
    const items = lines.rows.map((row) => toCartItem(row, lines.items.get(row.sku), lines.content, loyalty, lines.incoming.get(row.sku)));
    return { items, totals: orderTotals(items.filter((i) => !i.unavailable), current.descFidel), profile: current };
  }

  async view(user: SessionUser): Promise<CartResponse> {
    const { items, totals } = await this.priced(user);
    return { items, totals };
  }

  /**
   * Adds to the buyer's line of the size; the new quantity may not pass the fresh stock. The profile (blocking, loyalty)
   * and the size are read from the ERP at the same time; the addition is one statement that adds only within the stock.
   */
  async add(user: SessionUser, { sku, quantity, porLlegar = false }: CartAddRequest): Promise<CartItem> {
    const [profile, { item: found, content }] = await inOrder(this.buyingProfile(user), this.sellableItem(sku));
    const loyalty = loyaltyOf(profile);
    // a pre-order line is capped at what arrives and is free to promise (docs/incoming.md), as a line of stock at the stock
    const incoming = porLlegar ? (await this.incomingOf([found])).get(found.itemCode) : undefined;
    const item = lineView(found, porLlegar, incoming);
    const row0 = { id: 0, ...cartOwnerOf(user), sku: item.itemCode, quantity, porLlegar, createdAt: new Date(), updatedAt: new Date() };
    const over = () => overStockError(toCartItem(row0, item, content, loyalty, incoming));
    if (quantity > item.stock) throw over();
    const row = await this.repo.addWithin(cartOwnerOf(user), item.itemCode, quantity, item.stock, porLlegar);
    if (!row) throw over(); // what the cart holds already plus this would pass the stock: nothing added
    return toCartItem(row, item, content, loyalty, incoming);
  }

  /**
   * POST /user/cart/bulk: many sizes at once, each by the rules of `add` (sellable size, the buyer's fresh profile, never
   * past the fresh stock) and priced the same way; per-line results (docs/ordering.md). A blocked buyer is refused
   * whole (403). The lines that can be added are added together in one transaction; the others are answered with why.
   * `onAdded` runs last in that transaction with the answer (an Idempotency-Key's answer is stored with the add).
   */
  async addMany(user: SessionUser, { items: requested, clampToStock = true }: CartBulkRequest, onAdded?: BulkAddedHook): Promise<CartBulkResponse> {
    // lines of the same sku (any case) are one line, in the order first sent
    // (a pre-order line of a size is apart from its line of stock: docs/incoming.md)
    const wanted = new Map<string, { sku: string; requested: number; porLlegar: boolean }>();
    for (const { sku, quantity, porLlegar = false } of requested) {
      const key = lineKey(sku.toUpperCase(), porLlegar);
      const line = wanted.get(key);
      if (line) line.requested += quantity;
      else wanted.set(key, { sku, requested: quantity, porLlegar });
    }
    const codes = [...new Set([...wanted.values()].map((w) => w.sku))];
    const [profile, found] = await inOrder(this.buyingProfile(user), this.erp.getItems(codes));
    const loyalty = loyaltyOf(profile);
    const items = new Map(found.map((item) => [item.itemCode.toUpperCase(), item]));
    const missing = codes.filter((code) => !items.has(code.toUpperCase()));
    const preordered = [...wanted.values()].filter((w) => w.porLlegar).map((w) => items.get(w.sku.toUpperCase())).filter((i): i is ItemRecord => !!i);
    const [content, existing, incoming] = await Promise.all([
      this.repo.contentOf(found.map((i) => i.style)),
      missing.length ? this.erp.existingItemCodes(missing) : Promise.resolve(new Set<string>()),
      this.incomingOf(preordered),
    ]);
    const known = new Set([...existing].map((code) => code.toUpperCase()));

    const lines: CartBulkLine[] = [];
    const plans = new Map<string, BulkPlan>();
    for (const { sku, requested: asked, porLlegar } of wanted.values()) {
      const key = sku.toUpperCase();
      const found = items.get(key);
      const item = found && lineView(found, porLlegar, incoming.get(found.itemCode));
      if (!sellable(item, content)) {
        const code = items.get(key)?.itemCode ?? sku;
        const unknown = !items.has(key) && !known.has(key);
        const message = unknown ? fill(CART_BULK_MSG.unknown, { sku }) : fill(MSG.cartItemUnavailable, { sku: code });
        lines.push({ sku: code, requested: asked, quantity: 0, status: 'rejected', reason: unknown ? 'unknown' : 'unavailable', message });
        continue;
      }
      const line: CartBulkLine = { sku: item.itemCode, requested: asked, quantity: 0, status: 'rejected' };
      lines.push(line);
      plans.set(lineKey(item.itemCode, porLlegar), { line, item, add: 0, porLlegar, ...(porLlegar ? { incoming: incoming.get(item.itemCode) } : {}) });
    }

    const planAdds = (inCart: ReadonlyMap<string, number>) =>
      [...plans.values()].map((plan) => {
        const room = Math.max(0, plan.item.stock - (inCart.get(lineKey(plan.item.itemCode, plan.porLlegar)) ?? 0));
        plan.add = plan.line.requested <= room || clampToStock ? Math.min(plan.line.requested, room) : 0;
        return { sku: plan.item.itemCode, quantity: plan.add, stock: plan.item.stock, porLlegar: plan.porLlegar };
      });
    return this.repo.addMany(cartOwnerOf(user), planAdds, async (tx, { held, rows }) => {
      const answer = bulkAnswer(user, lines, plans, held, rows, content, loyalty);
      await onAdded?.(tx, answer);
      return answer;
    });
  }

  /** Sets the quantity of one of the buyer's lines (1..stock). */
  async update(user: SessionUser, { id, quantity }: CartUpdateRequest): Promise<CartItem> {
    const row = await this.ownLine(user, id);
    const [profile, { item: found, content }] = await inOrder(this.buyingProfile(user), this.sellableItem(row.sku));
    const incoming = row.porLlegar ? (await this.incomingOf([found])).get(found.itemCode) : undefined;
    const item = lineView(found, row.porLlegar, incoming);
    const priced = toCartItem({ ...row, quantity }, item, content, loyaltyOf(profile), incoming);
    if (quantity > item.stock) throw overStockError(priced);
    const updated = await this.repo.setQuantity(this.db, id, quantity);
    if (!updated) throw new HttpError(404, SERVER_MSG.cartItemNotFound);
    return priced;
  }

  async remove(user: SessionUser, id: number): Promise<void> {
    await this.ownLine(user, id);
    if (!(await this.repo.remove(id, cartOwnerOf(user)))) throw new HttpError(404, SERVER_MSG.cartItemNotFound);
  }

  async clear(user: SessionUser): Promise<void> {
    await this.repo.clear(cartOwnerOf(user));
  }

  count(user: SessionUser): Promise<number> {
    return this.repo.count(cartOwnerOf(user));
  }

  /** The user's cart rows with the fresh ERP record of each size (one batched read) and the portal content of their styles. */
  private async linesOf(owner: CartOwner): Promise<LinesRead> {
    return this.itemsOf(await this.repo.list(owner));
  }

  /** The ERP items and the portal's content of some lines, and what arrives of the sizes of pre-order lines. */
  private async itemsOf(rows: CartItemRow[], exceptOrder?: number): Promise<LinesRead> {
    if (rows.length === 0) return { rows, items: new Map(), content: new Map(), incoming: new Map() };
    const items = new Map((await this.erp.getItems(rows.map((r) => r.sku))).map((i) => [i.itemCode, i]));
    const preordered = [...new Set(rows.filter((r) => r.porLlegar).map((r) => r.sku))].map((sku) => items.get(sku)).filter((i): i is ItemRecord => !!i);
    const [content, incoming] = await Promise.all([this.repo.contentOf([...items.values()].map((i) => i.style)), this.incomingOf(preordered, undefined, exceptOrder)]);
    return { rows, items, content, incoming };
  }

  /**
   * The fresh profile of a buyer who may buy: blocked buyers cannot add or change (R-BLOCK-2). A rep representing a
   * blocked customer may still build a cart to quote (docs/sales-reps.md); placing the order is refused as for the customer.
   */
  private async buyingProfile(user: SessionUser): Promise<CustomerProfile> {
    const profile = await this.customers.profileOf(user);
    if (isBlocked(profile) && !isRepRole(user.role)) throw new HttpError(403, SERVER_MSG.cartBlocked);
    return profile;
  }

  private async sellableItem(sku: string): Promise<{ item: ItemRecord; content: Map<string, ProductContentRow> }> {
    const [item] = await this.erp.getItems([sku]);
    const content = item ? await this.repo.contentOf([item.style]) : new Map<string, ProductContentRow>();
    if (!sellable(item, content)) throw unavailableError(sku);
    return { item, content };
  }

  /** A line of the buyer's own cart; another buyer's is a 404 like a missing one (line ids are sequential). */
  private async ownLine(user: SessionUser, id: number): Promise<CartItemRow> {
    const row = await this.repo.byId(id);
    if (!row || row.userId !== user.id || row.companyRut !== user.companyRut) throw new HttpError(404, SERVER_MSG.cartItemNotFound);
    return row;
  }
}
