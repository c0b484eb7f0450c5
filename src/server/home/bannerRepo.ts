import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { banners, type BannerRow, type NewBanner } from '../db/schema';

/** The home banner set (at most one; the admin routes keep it that way). */
export class BannerRepo {
  constructor(private readonly db: Db) {}

  list(): Promise<BannerRow[]> {
    return this.db.select().from(banners).orderBy(asc(banners.id));
  }

  /** The set shown on home: the oldest one, should more than one ever exist. */
  async current(): Promise<BannerRow | undefined> {
    const [row] = await this.db.select().from(banners).orderBy(asc(banners.id)).limit(1);
    return row;
  }

  async byId(id: number): Promise<BannerRow | undefined> {
    const [row] = await this.db.select().from(banners).where(eq(banners.id, id)).limit(1);
    return row;
  }

  async count(): Promise<number> {
    return (await this.db.select({ id: banners.id }).from(banners)).length;
  }

  async insert(values: NewBanner): Promise<BannerRow> {
    const [row] = await this.db.insert(banners).values(values).returning();
    return row!;
  }

  async update(id: number, values: Partial<Omit<NewBanner, 'id' | 'createdAt'>>): Promise<BannerRow | undefined> {
    const [row] = await this.db.update(banners).set(values).where(eq(banners.id, id)).returning();
    return row;
  }

  async delete(id: number): Promise<boolean> {
    return (await this.db.delete(banners).where(eq(banners.id, id)).returning({ id: banners.id })).length > 0;
  }
}
