import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/connect';
import { productContent, type NewProductContent, type ProductContentRow } from '../db/schema';

/** The fields an admin's save writes (every one but id and updatedAt). */
export type ProductContentValues = Omit<ProductContentRow, 'id' | 'updatedAt'>;

/** The portal's own content of each style (images, offer, enabled), read by the catalogue and home. */
export class ContentRepo {
  constructor(private readonly db: Db) {}

  all(): Promise<ProductContentRow[]> {
    return this.db.select().from(productContent);
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ count: sql<number>`count(*)::int` }).from(productContent);
    return row?.count ?? 0;
  }

  /** Inserts the records whose sku has none yet (the others are left as they are). */
  async insertMissing(tx: DbOrTx, rows: readonly NewProductContent[]): Promise<void> {
    if (rows.length) await tx.insert(productContent).values([...rows]).onConflictDoNothing({ target: productContent.sku });
  }

  /** The enabled records on offer (a percentage above 0), by sku. */
  activeOffers(): Promise<ProductContentRow[]> {
    return this.db
      .select()
      .from(productContent)
      .where(and(eq(productContent.offer, true), eq(productContent.enabled, true), gt(productContent.percentage, 0)))
      .orderBy(asc(productContent.sku));
  }

  async bySku(sku: string, tx: DbOrTx = this.db): Promise<ProductContentRow | undefined> {
    const [row] = await tx.select().from(productContent).where(eq(productContent.sku, sku)).limit(1);
    return row;
  }

  /** The skus (of `skus`, or all) that have a record: the admin list's 'Actualizado'. */
  async skusWithRecord(skus?: readonly string[]): Promise<string[]> {
    if (skus && skus.length === 0) return [];
    const rows = await this.db
      .select({ sku: productContent.sku })
      .from(productContent)
      .where(skus ? inArray(productContent.sku, [...new Set(skus)]) : undefined)
      .orderBy(asc(productContent.sku));
    return rows.map((r) => r.sku);
  }

  /** Creates or replaces the record of a sku (one per sku: the unique index decides between two saves). */
  async upsert(tx: DbOrTx, values: ProductContentValues): Promise<ProductContentRow> {
    const { sku: _sku, ...rest } = values;
    const [row] = await tx
      .insert(productContent)
      .values(values)
      .onConflictDoUpdate({ target: productContent.sku, set: { ...rest, updatedAt: new Date() } })
      .returning();
    return row!;
  }
}

/** The offer percentage a content row gives, 0 when there is none. */
export function offerPercent(row: ProductContentRow | undefined): number {
  return row && row.offer && row.enabled && row.percentage > 0 ? Math.min(100, row.percentage) : 0;
}
