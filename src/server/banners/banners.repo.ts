import { asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../db/connect';
import { banners, type BannerRow, type NewBanner } from '../db/schema';

/** The home banner set (at most one; the admin routes keep it that way). */
export class BannerRepo {
  constructor(private readonly db: Db) {}

  /** Every instance serializes banner writes on this lock, so the one-set rule holds across instances too. */
  async lockSet(tx: Tx): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('portal.banners'))`);
  }

  list(): Promise<BannerRow[]> {
    return this.db.select().from(banners).orderBy(asc(banners.id));
  }

  /** The set shown on home: the oldest one, should more than one ever exist. */
  async current(): Promise<BannerRow | undefined> {
    const [row] = await this.db.select().from(banners).orderBy(asc(banners.id)).limit(1);
    return row;
  }

  async byId(id: number, tx: DbOrTx = this.db): Promise<BannerRow | undefined> {
    const [row] = await tx.select().from(banners).where(eq(banners.id, id)).limit(1);
    return row;
  }

  async count(tx: DbOrTx = this.db): Promise<number> {
    return (await tx.select({ id: banners.id }).from(banners)).length;
  }

  async insert(values: NewBanner, tx: DbOrTx = this.db): Promise<BannerRow> {
    const [row] = await tx.insert(banners).values(values).returning();
    return row!;
  }

  async update(id: number, values: Partial<Omit<NewBanner, 'id' | 'createdAt'>>, tx: DbOrTx = this.db): Promise<BannerRow | undefined> {
    const [row] = await tx.update(banners).set(values).where(eq(banners.id, id)).returning();
    return row;
  }

  /** The deleted set, or undefined when there was none with that id. */
  async delete(id: number, tx: DbOrTx = this.db): Promise<BannerRow | undefined> {
    const [row] = await tx.delete(banners).where(eq(banners.id, id)).returning();
    return row;
  }
}
