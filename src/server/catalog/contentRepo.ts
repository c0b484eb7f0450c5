import { eq } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { productContent, type ProductContentRow } from '../db/schema';

/** The portal's own content of each style (images, offer, enabled), read by the catalogue and home. */
export class ContentRepo {
  constructor(private readonly db: Db) {}

  all(): Promise<ProductContentRow[]> {
    return this.db.select().from(productContent);
  }

  async bySku(sku: string): Promise<ProductContentRow | undefined> {
    const [row] = await this.db.select().from(productContent).where(eq(productContent.sku, sku)).limit(1);
    return row;
  }
}

/** The offer percentage a content row gives, 0 when there is none. */
export function offerPercent(row: ProductContentRow | undefined): number {
  return row && row.offer && row.enabled && row.percentage > 0 ? Math.min(100, row.percentage) : 0;
}
