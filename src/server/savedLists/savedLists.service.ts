// The buyer's saved lists (listas guardadas, docs/saved-lists.md, R-WL-1..6). A list belongs to the company the session
// acts for and to the person (or rep) who made it: they see their own and the company's shared ones; only the owner
// changes a list. The styles are priced when read exactly as the cart prices them (CartService.pricedLines), and a
// list becomes a cart through the cart's one bulk add.
import type { CartBulkResponse } from '@shared/api/cart';
import type { SavedList, SavedListDetail, SavedListItem, SavedListList, SavedListStyleAdded } from '@shared/api/savedLists';
import { fill } from '@shared/messages';
import { personText } from '@shared/people';
import { SAVED_LIST_MAX_STYLES, SAVED_LIST_MSG, SAVED_LISTS_PER_PERSON } from '@shared/schemas/savedLists';
import { CartRepo } from '../cart/cart.repo';
import { CartService, type BulkAddedHook } from '../cart/cart.service';
import type { Db, Tx } from '../db/connect';
import type { SavedListItemRow } from '../db/schema';
import { uniqueOr } from '../db/errors';
import type { ErpService } from '../erp/erp.service';
import { compareSizes, type ItemRecord } from '../erp/mapping';
import { HttpError } from '../errors';
import type { SessionUser } from '../plugins/auth';
import type { CustomerDirectory } from '../profile/customers.service';
import { SavedListsRepo, type ListReader, type SavedListSummary } from './savedLists.repo';

const readerOf = (user: Pick<SessionUser, 'id' | 'companyRut'>): ListReader => ({ userId: user.id, companyRut: user.companyRut });

const notFound = () => new HttpError(404, SAVED_LIST_MSG.notFound);
const nameTaken = (name: string) => new HttpError(400, fill(SAVED_LIST_MSG.nameTaken, { name }), { name: fill(SAVED_LIST_MSG.nameTaken, { name }) });

function toList(row: SavedListSummary, user: Pick<SessionUser, 'id'>): SavedList {
  return {
    id: row.id,
    name: row.name,
    shared: row.shared,
    owner: personText({ name: row.ownerName, rut: row.ownerRut }),
    mine: row.ownerId === user.id,
    styles: row.styles,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A list the caller may see; another company's, a colleague's unshared one or a missing one is the same 404. */
async function visibleList(repo: SavedListsRepo, user: Pick<SessionUser, 'id' | 'companyRut'>, id: number, tx?: Tx): Promise<SavedListSummary> {
  if (!user.companyRut) throw notFound();
  const row = await repo.visible(readerOf(user), id, tx);
  if (!row) throw notFound();
  return row;
}

/**
 * The style codes of a list the session may read, in the order they were saved (ownership checked as every route of the
 * lists checks it): what a line sheet of a saved list is made of.
 */
export async function savedListStyles(db: Db, listId: number, user: Pick<SessionUser, 'id' | 'companyRut'>): Promise<string[]> {
  const repo = new SavedListsRepo(db);
  const list = await visibleList(repo, user, listId);
  return (await repo.items(list.id)).map((item) => item.style);
}

export class SavedListsService {
  private readonly repo: SavedListsRepo;
  private readonly cartRepo: CartRepo;
  private readonly cart: CartService;

  constructor(
    private readonly db: Db,
    private readonly erp: ErpService,
    customers: CustomerDirectory,
  ) {
    this.repo = new SavedListsRepo(db);
    this.cartRepo = new CartRepo(db);
    this.cart = new CartService(db, this.cartRepo, erp, customers);
  }

  async list(user: SessionUser): Promise<SavedListList> {
    return { lists: (await this.repo.list(readerOf(user))).map((row) => toList(row, user)) };
  }

  async create(user: SessionUser, name: string): Promise<SavedList> {
    const owner = readerOf(user);
    const id = await this.write(name, async (tx) => {
      await this.repo.lockOwner(tx, user.id);
      if ((await this.repo.count(tx, owner)) >= SAVED_LISTS_PER_PERSON) throw new HttpError(400, SAVED_LIST_MSG.full);
      if (await this.repo.nameTaken(tx, owner, name)) throw nameTaken(name);
      return this.repo.insert(tx, owner, name);
    });
    return this.summary(user, id);
  }

  /** Renames, shares or unshares one of the caller's own lists. */
  async change(user: SessionUser, id: number, changes: { name?: string; shared?: boolean }): Promise<SavedList> {
    await this.write(changes.name ?? '', async (tx) => {
      await this.repo.lockOwner(tx, user.id);
      await this.owned(user, id, tx);
      if (changes.name !== undefined && (await this.repo.nameTaken(tx, readerOf(user), changes.name, id))) throw nameTaken(changes.name);
      await this.repo.update(tx, id, changes);
    });
    return this.summary(user, id);
  }

  async remove(user: SessionUser, id: number): Promise<void> {
    await this.owned(user, id);
    await this.repo.delete(id);
  }

  /** Saves a style (one colour) into one of the caller's own lists; a style already there is left as it is. */
  async addStyle(user: SessionUser, id: number, style: string): Promise<SavedListStyleAdded> {
    const found = await this.styleSizes([style]);
    const code = found.get(style.toUpperCase())?.[0]?.style;
    const content = code ? await this.cartRepo.contentOf([code]) : new Map();
    if (!code || content.get(code)?.enabled === false) throw new HttpError(404, fill(SAVED_LIST_MSG.styleUnknown, { style }));
    const added = await this.db.transaction(async (tx) => {
      await this.repo.lockList(tx, id);
      await this.owned(user, id, tx);
      if ((await this.repo.item(tx, id, code)) !== undefined) return false;
      if ((await this.repo.styleCount(tx, id)) >= SAVED_LIST_MAX_STYLES) throw new HttpError(400, SAVED_LIST_MSG.listFull);
      const inserted = await this.repo.addStyle(tx, id, code);
      await this.repo.touch(tx, id);
      return inserted;
    });
    const list = await this.summary(user, id);
    return { list, added, message: fill(added ? SAVED_LIST_MSG.styleSaved : SAVED_LIST_MSG.styleAlready, { name: list.name }) };
  }

  async removeStyle(user: SessionUser, id: number, style: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.owned(user, id, tx);
      if (!(await this.repo.removeStyle(tx, id, style))) throw new HttpError(404, fill(SAVED_LIST_MSG.styleNotFound, { style }));
      await this.repo.touch(tx, id);
    });
  }

  /** Sets how many of each size given the list asks for (0 clears a size); the sizes must be the style's. */
  async setQuantities(user: SessionUser, id: number, style: string, quantities: ReadonlyArray<{ sku: string; quantity: number }>): Promise<void> {
    const sizes = new Map((await this.styleSizes([style])).get(style.toUpperCase())?.map((i) => [i.itemCode.toUpperCase(), i.itemCode]) ?? []);
    await this.db.transaction(async (tx) => {
      await this.owned(user, id, tx);
      const item = await this.repo.item(tx, id, style);
      if (!item) throw new HttpError(404, fill(SAVED_LIST_MSG.styleNotFound, { style }));
      const next = { ...item.quantities };
      const stored = new Map(Object.keys(next).map((sku) => [sku.toUpperCase(), sku]));
      for (const { sku, quantity } of quantities) {
        const code = sizes.get(sku.toUpperCase()) ?? stored.get(sku.toUpperCase());
        if (!code) throw new HttpError(400, fill(SAVED_LIST_MSG.skuNotOfStyle, { sku, style }));
        if (quantity > 0) next[code] = quantity;
        else delete next[code];
      }
      await this.repo.setQuantities(tx, item.id, next);
      await this.repo.touch(tx, id);
    });
  }

  /** A list the caller may read, its styles priced for the acting company now as the cart prices them. */
  async detail(user: SessionUser, id: number): Promise<SavedListDetail> {
    const list = await visibleList(this.repo, user, id);
    const rows = await this.repo.items(id);
    const bySize = await this.styleSizes(rows.map((r) => r.style));
    const planned = rows.map((row) => ({ row, skus: this.skusOf(row, bySize.get(row.style.toUpperCase()) ?? []) }));
    const lines = planned.flatMap(({ row, skus }) => skus.map((sku) => ({ sku, quantity: row.quantities[sku] ?? 0 })));
    const priced = await this.cart.pricedLines(user, lines);
    let at = 0;
    const items = planned.map(({ row, skus }): SavedListItem => {
      const sizes = priced.items.slice(at, at + skus.length);
      at += skus.length;
      const sold = sizes.filter((s) => !s.unavailable);
      const first = sold[0] ?? sizes[0];
      return {
        style: row.style,
        name: first && first.name !== first.sku ? first.name : row.style,
        urlImageMain: first?.urlImageMain ?? '',
        percentageOffer: first?.percentageOffer ?? 0,
        ...(sold.length === 0 ? { unavailable: true } : {}),
        sizes: sizes.map((s) => ({
          sku: s.sku,
          size: s.size,
          stock: s.stock,
          quantity: s.quantity,
          priceList: s.priceList,
          priceOffer: s.priceOffer,
          priceFinalUnit: s.priceFinalUnit,
          priceFinal: s.priceFinal,
          priceDiscount: s.priceDiscount,
          descLinea: s.descLinea,
          ...(s.unavailable ? { unavailable: true } : {}),
        })),
      };
    });
    return { ...toList(list, user), items, percentageLoyalty: Number(priced.profile.descFidel) || 0 };
  }

  /**
   * 'Agregar al carro': one bulk add of the list's quantities through the cart (each line capped at the stock as the
   * bulk add caps it, per-line results). Any reader of the list may do it; `onAdded` stores an Idempotency-Key's answer.
   */
  async toCart(user: SessionUser, id: number, onAdded?: BulkAddedHook): Promise<CartBulkResponse> {
    await visibleList(this.repo, user, id);
    const rows = await this.repo.items(id);
    const bySize = await this.styleSizes(rows.map((r) => r.style));
    // in the order the list shows them: the styles as saved, each one's sizes smallest first
    const items = rows.flatMap((row) =>
      this.skusOf(row, bySize.get(row.style.toUpperCase()) ?? [])
        .filter((sku) => (row.quantities[sku] ?? 0) > 0)
        .map((sku) => ({ sku, quantity: row.quantities[sku]! })),
    );
    if (items.length === 0) throw new HttpError(400, SAVED_LIST_MSG.nothingToOrder);
    return this.cart.addMany(user, { items, clampToStock: true }, onAdded);
  }

  /** The sizes of a style the list shows: those the catalogue sells now, then any the list asks for that it no longer does. */
  private skusOf(row: SavedListItemRow, sold: readonly ItemRecord[]): string[] {
    const skus = [...sold].sort((a, b) => compareSizes(a.size, b.size)).map((i) => i.itemCode);
    const known = new Set(skus);
    return [...skus, ...Object.keys(row.quantities).filter((sku) => !known.has(sku))];
  }

  /** The sellable sizes of some styles (by upper-case style code), from the catalogue's items with the ERP's latest changes. */
  private async styleSizes(styles: readonly string[]): Promise<Map<string, ItemRecord[]>> {
    const wanted = new Set(styles.map((s) => s.toUpperCase()));
    const found = new Map<string, ItemRecord[]>();
    if (wanted.size === 0) return found;
    for (const record of (await this.erp.catalogueItemsChanged()).records) {
      const key = record.style.toUpperCase();
      if (!wanted.has(key)) continue;
      const sizes = found.get(key);
      if (sizes) sizes.push(record);
      else found.set(key, [record]);
    }
    return found;
  }

  private async summary(user: SessionUser, id: number): Promise<SavedList> {
    return toList(await visibleList(this.repo, user, id), user);
  }

  /** One of the caller's own lists: a list they may only read is a 403, one they may not see a 404. */
  private async owned(user: SessionUser, id: number, tx?: Tx): Promise<SavedListSummary> {
    const list = await visibleList(this.repo, user, id, tx);
    if (list.ownerId !== user.id) throw new HttpError(403, SAVED_LIST_MSG.notOwner);
    return list;
  }

  private write<T>(name: string, run: (tx: Tx) => Promise<T>): Promise<T> {
    return uniqueOr(this.db.transaction(run), () => nameTaken(name));
  }
}
