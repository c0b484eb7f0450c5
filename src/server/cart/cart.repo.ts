import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../db/connect';
import { cartItems, productContent, users, type CartItemRow, type ProductContentRow } from '../db/schema';

/** A size and how many of it (of the stock on hand, or a pre-order's): what an order takes out of a cart, or puts back. */
export interface CartLine {
  sku: string;
  quantity: number;
  porLlegar?: boolean;
}

/** A cart line's key among the buyer's lines: its size and whether it is a pre-order line (docs/incoming.md). */
export const lineKey = (sku: string, porLlegar = false): string => (porLlegar ? `${sku}\u0000por-llegar` : sku);

/** What a bulk add found and made, by lineKey: the quantities the cart held before, and the rows it added to or made. */
export interface BulkAdded {
  held: Map<string, number>;
  rows: Map<string, CartItemRow>;
}

/**
 * Whose cart: a person (or a rep) and the company it is for. A company's person has one cart; a rep keeps one per
 * customer they represent (docs/sales-reps.md).
 */
export interface CartOwner {
  userId: number;
  companyRut: string;
}

/** The cart a session fills: the person's (or rep's) for the company it acts for. */
export function cartOwnerOf(user: { id: number; companyRut: string }): CartOwner {
  return { userId: user.id, companyRut: user.companyRut };
}

const ownedBy = (owner: CartOwner) => and(eq(cartItems.userId, owner.userId), eq(cartItems.companyRut, owner.companyRut));
const OWNER_SKU = [cartItems.userId, cartItems.companyRut, cartItems.sku, cartItems.porLlegar];

/** The buyer's server cart: one row per size, quantities only (prices are read fresh when shown). */
export class CartRepo {
  constructor(private readonly db: Db) {}

  list(owner: CartOwner, tx: DbOrTx = this.db): Promise<CartItemRow[]> {
    return tx.select().from(cartItems).where(ownedBy(owner)).orderBy(asc(cartItems.id));
  }

  async byId(id: number, tx: DbOrTx = this.db): Promise<CartItemRow | undefined> {
    const [row] = await tx.select().from(cartItems).where(eq(cartItems.id, id)).limit(1);
    return row;
  }

  /**
   * Adds `quantity` to the user's line of `sku` (creating it) only while the line stays within `stock`: one statement,
   * so concurrent adds both count and never pass the stock together. Undefined when the line would pass it (nothing
   * changes); the caller checks a new line's own quantity against the stock. No transaction and no lock (the hot path
   * of a cart addition): a bulk add of the same buyer running at that moment keeps its stock cap, though the quantity
   * it answers as added may then count this one's too.
   */
  async addWithin(owner: CartOwner, sku: string, quantity: number, stock: number, porLlegar = false, tx: DbOrTx = this.db): Promise<CartItemRow | undefined> {
    const [row] = await tx
      .insert(cartItems)
      .values({ ...owner, sku, quantity, porLlegar })
      .onConflictDoUpdate({
        target: OWNER_SKU,
        set: { quantity: sql`${cartItems.quantity} + excluded.quantity`, updatedAt: sql`now()` },
        setWhere: sql`${cartItems.quantity} + excluded.quantity <= ${stock}::numeric`,
      })
      .returning();
    return row;
  }

  /**
   * The bulk add (POST /user/cart/bulk), in one transaction: the user's lines are locked (the same order as
   * OrderRepo.insert, so an order being made meanwhile waits or is waited for), `plan` is told what the cart holds of
   * each size and answers how many of each to add, and one statement adds them. Each line is also capped in SQL at its
   * stock (never lowering what the cart already holds), so a line created by a concurrent single add in between cannot
   * pass the stock either. `finish` is told the quantities held before and the rows after, by sku, still inside the
   * transaction (what it writes there, the answer of an Idempotency-Key, commits with the add or not at all; throwing
   * rolls the add back); the add answers what `finish` answers.
   */
  async addMany<T>(
    owner: CartOwner,
    plan: (held: ReadonlyMap<string, number>) => ReadonlyArray<{ sku: string; quantity: number; stock: number; porLlegar: boolean }>,
    finish: (tx: Tx, added: BulkAdded) => Promise<T>,
  ): Promise<T> {
    return this.db.transaction(async (tx) => {
      // one bulk add of a buyer at a time (two tabs, a double submit): what the cart holds, read below, stays true
      // until the insert, so the quantities answered as added are the real ones
      // 'no key update', not 'update': an order being placed holds the cart's rows and then takes a key-share lock on
      // the user row for its foreign key; a full update lock here would wait for it while it waits for us
      await tx.select({ id: users.id }).from(users).where(eq(users.id, owner.userId)).for('no key update');
      const current = await tx
        .select({ sku: cartItems.sku, quantity: cartItems.quantity, porLlegar: cartItems.porLlegar })
        .from(cartItems)
        .where(ownedBy(owner))
        .orderBy(asc(cartItems.id))
        .for('update');
      const held = new Map(current.map((r) => [lineKey(r.sku, r.porLlegar), r.quantity]));
      const adds = plan(held).filter((a) => a.quantity > 0);
      if (adds.length === 0) return finish(tx, { held, rows: new Map() });
      // each line's cap by its kind: the stock on hand, or what arrives (a pre-order line)
      const caps = (porLlegar: boolean) => JSON.stringify(Object.fromEntries(adds.filter((a) => a.porLlegar === porLlegar).map((a) => [a.sku, a.stock])));
      const cap = sql`(case when excluded.por_llegar then ${caps(true)}::jsonb else ${caps(false)}::jsonb end ->> excluded.sku)::integer`;
      const rows = await tx
        .insert(cartItems)
        .values(adds.map(({ sku, quantity, porLlegar }) => ({ ...owner, sku, quantity, porLlegar })))
        .onConflictDoUpdate({
          target: OWNER_SKU,
          set: {
            quantity: sql`greatest(${cartItems.quantity}, least(${cartItems.quantity} + excluded.quantity, ${cap}))`,
            updatedAt: sql`now()`,
          },
        })
        .returning();
      return finish(tx, { held, rows: new Map(rows.map((r) => [lineKey(r.sku, r.porLlegar), r])) });
    });
  }

  async setQuantity(tx: DbOrTx, id: number, quantity: number): Promise<CartItemRow | undefined> {
    const [row] = await tx.update(cartItems).set({ quantity }).where(eq(cartItems.id, id)).returning();
    return row;
  }

  async remove(id: number, owner: CartOwner): Promise<boolean> {
    const deleted = await this.db
      .delete(cartItems)
      .where(and(eq(cartItems.id, id), ownedBy(owner)))
      .returning({ id: cartItems.id });
    return deleted.length > 0;
  }

  /**
   * Puts lines back into the user's cart, inside the caller's transaction: each size's quantity is added to the line
   * the cart already holds (or a new line is made), so what the buyer added since is kept. Used when an order that
   * took the cart's lines ends without a sale (a card or transfer payment REJECTED, ABORTED or EXPIRED; the ERP
   * refusing a credit, cheque or reserve order). Stock is not checked here: the cart shows the fresh stock and the next
   * order checks it again. Lines of the same sku are added together; quantities below 1 are ignored.
   */
  async restoreLines(tx: DbOrTx, owner: CartOwner, lines: readonly CartLine[]): Promise<void> {
    const byLine = new Map<string, CartLine & { porLlegar: boolean }>();
    for (const { sku, quantity, porLlegar = false } of lines) {
      if (!(quantity > 0)) continue;
      const key = lineKey(sku, porLlegar);
      const line = byLine.get(key);
      if (line) line.quantity += quantity;
      else byLine.set(key, { sku, quantity, porLlegar });
    }
    if (byLine.size === 0) return;
    // the same lock order as OrderRepo.insert (the user's rows by id), so an order being made meanwhile cannot deadlock with it
    await tx.select({ id: cartItems.id }).from(cartItems).where(ownedBy(owner)).orderBy(asc(cartItems.id)).for('update');
    await tx
      .insert(cartItems)
      .values([...byLine.values()].map(({ sku, quantity, porLlegar }) => ({ ...owner, sku, quantity, porLlegar })))
      .onConflictDoUpdate({
        target: OWNER_SKU,
        set: { quantity: sql`${cartItems.quantity} + excluded.quantity`, updatedAt: sql`now()` },
      });
  }

  async clear(owner: CartOwner, tx: DbOrTx = this.db): Promise<void> {
    await tx.delete(cartItems).where(ownedBy(owner));
  }

  async count(owner: CartOwner): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(cartItems).where(ownedBy(owner));
    return Number(row?.n ?? 0);
  }

  /** The portal content (offer, image, enabled) of the given style codes. */
  async contentOf(styles: readonly string[]): Promise<Map<string, ProductContentRow>> {
    if (styles.length === 0) return new Map();
    const rows = await this.db.select().from(productContent).where(inArray(productContent.sku, [...new Set(styles)]));
    return new Map(rows.map((row) => [row.sku, row]));
  }
}
