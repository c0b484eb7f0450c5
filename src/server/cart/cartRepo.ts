import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/connect';
import { cartItems, productContent, type CartItemRow, type ProductContentRow } from '../db/schema';

/** The buyer's server cart: one row per size, quantities only (prices are read fresh when shown). */
export class CartRepo {
  constructor(private readonly db: Db) {}

  list(userId: number, tx: DbOrTx = this.db): Promise<CartItemRow[]> {
    return tx.select().from(cartItems).where(eq(cartItems.userId, userId)).orderBy(asc(cartItems.id));
  }

  async byId(id: number, tx: DbOrTx = this.db): Promise<CartItemRow | undefined> {
    const [row] = await tx.select().from(cartItems).where(eq(cartItems.id, id)).limit(1);
    return row;
  }

  /** Adds `quantity` to the user's line of `sku` (creating it): one statement, so concurrent adds both count. */
  async add(tx: DbOrTx, userId: number, sku: string, quantity: number): Promise<CartItemRow> {
    const [row] = await tx
      .insert(cartItems)
      .values({ userId, sku, quantity })
      .onConflictDoUpdate({
        target: [cartItems.userId, cartItems.sku],
        set: { quantity: sql`${cartItems.quantity} + excluded.quantity`, updatedAt: sql`now()` },
      })
      .returning();
    return row!;
  }

  async setQuantity(tx: DbOrTx, id: number, quantity: number): Promise<CartItemRow | undefined> {
    const [row] = await tx.update(cartItems).set({ quantity }).where(eq(cartItems.id, id)).returning();
    return row;
  }

  async remove(id: number, userId: number): Promise<boolean> {
    const deleted = await this.db
      .delete(cartItems)
      .where(and(eq(cartItems.id, id), eq(cartItems.userId, userId)))
      .returning({ id: cartItems.id });
    return deleted.length > 0;
  }

  async clear(userId: number, tx: DbOrTx = this.db): Promise<void> {
    await tx.delete(cartItems).where(eq(cartItems.userId, userId));
  }

  async count(userId: number): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(cartItems).where(eq(cartItems.userId, userId));
    return Number(row?.n ?? 0);
  }

  /** The portal content (offer, image, enabled) of the given style codes. */
  async contentOf(styles: readonly string[]): Promise<Map<string, ProductContentRow>> {
    if (styles.length === 0) return new Map();
    const rows = await this.db.select().from(productContent).where(inArray(productContent.sku, [...new Set(styles)]));
    return new Map(rows.map((row) => [row.sku, row]));
  }
}
