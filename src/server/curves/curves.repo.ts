import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { SizeCurveRequest } from '@shared/api/curves';
import type { Db, Tx } from '../db/connect';
import { sizeCurves, users, type SizeCurveRow } from '../db/schema';

/** The buyers' size curves: every method is scoped to one buyer's own rows. */
export class CurvesRepo {
  constructor(private readonly db: Db) {}

  list(userId: number): Promise<SizeCurveRow[]> {
    return this.db.select().from(sizeCurves).where(eq(sizeCurves.userId, userId)).orderBy(asc(sizeCurves.name), asc(sizeCurves.id));
  }

  async count(tx: Tx, userId: number): Promise<number> {
    const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(sizeCurves).where(eq(sizeCurves.userId, userId));
    return count;
  }

  /** Whether the buyer has another curve (not `except`) of this name, case aside. */
  async nameTaken(tx: Tx, userId: number, name: string, except?: number): Promise<boolean> {
    const same = and(eq(sizeCurves.userId, userId), sql`lower(${sizeCurves.name}) = lower(${name})`, except === undefined ? undefined : ne(sizeCurves.id, except));
    const [taken] = await tx.select({ id: sizeCurves.id }).from(sizeCurves).where(same).limit(1);
    return Boolean(taken);
  }

  async insert(tx: Tx, userId: number, curve: SizeCurveRequest): Promise<SizeCurveRow> {
    const [row] = await tx.insert(sizeCurves).values({ userId, name: curve.name, sizes: curve.sizes }).returning();
    return row!;
  }

  /** Undefined when the buyer has no curve of that id. */
  async update(tx: Tx, userId: number, id: number, curve: SizeCurveRequest): Promise<SizeCurveRow | undefined> {
    const [row] = await tx
      .update(sizeCurves)
      .set({ name: curve.name, sizes: curve.sizes })
      .where(and(eq(sizeCurves.id, id), eq(sizeCurves.userId, userId)))
      .returning();
    return row;
  }

  /** False when the buyer has no curve of that id. */
  async delete(userId: number, id: number): Promise<boolean> {
    const rows = await this.db.delete(sizeCurves).where(and(eq(sizeCurves.id, id), eq(sizeCurves.userId, userId))).returning({ id: sizeCurves.id });
    return rows.length > 0;
  }

  /** Locks the buyer's user row: its curve writes queue, so two saves cannot both pass the limit or the name check. */
  async lockBuyer(tx: Tx, userId: number): Promise<void> {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  }
}
