import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { SizeCurve, SizeCurveList, SizeCurveRequest } from '@shared/api/curves';
import { CURVES_PER_BUYER, DEFAULT_CURVES } from '@shared/curves';
import { fill } from '@shared/messages';
import { CURVE_MSG } from '@shared/schemas/curves';
import type { Db, Tx } from '../db/connect';
import { sizeCurves, users, type SizeCurveRow } from '../db/schema';
import { HttpError } from '../errors';

// The buyer's own size curves (docs/size-grid.md): each buyer reads and writes only its own; names are unique per
// buyer (case aside) and a buyer keeps at most CURVES_PER_BUYER. Writes lock the buyer's user row, so two saves at once
// cannot both pass the limit or the name check.

const toCurve = (row: SizeCurveRow): SizeCurve => ({
  id: row.id,
  name: row.name,
  sizes: row.sizes.map(({ talla, ratio }) => ({ talla, ratio })),
  updatedAt: row.updatedAt.toISOString(),
});

function pgCode(err: unknown): string | undefined {
  for (let e = err as { code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string') return e.code;
  }
  return undefined;
}

const notFound = () => new HttpError(404, CURVE_MSG.notFound);
const nameTaken = (name: string) => new HttpError(409, fill(CURVE_MSG.nameTaken, { name }), { name: fill(CURVE_MSG.nameTaken, { name }) });

export class CurvesService {
  constructor(private readonly db: Db) {}

  async list(userId: number): Promise<SizeCurveList> {
    const rows = await this.db.select().from(sizeCurves).where(eq(sizeCurves.userId, userId)).orderBy(asc(sizeCurves.name), asc(sizeCurves.id));
    return { curves: rows.map(toCurve), defaults: DEFAULT_CURVES.map((c) => ({ ...c, sizes: c.sizes.map((s) => ({ ...s })) })) };
  }

  async create(userId: number, body: SizeCurveRequest): Promise<SizeCurve> {
    return this.write(body.name, async (tx) => {
      await this.lockBuyer(tx, userId);
      const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(sizeCurves).where(eq(sizeCurves.userId, userId));
      if (count >= CURVES_PER_BUYER) throw new HttpError(409, CURVE_MSG.full);
      await this.checkName(tx, userId, body.name);
      const [row] = await tx.insert(sizeCurves).values({ userId, name: body.name, sizes: body.sizes }).returning();
      return toCurve(row!);
    });
  }

  async update(userId: number, id: number, body: SizeCurveRequest): Promise<SizeCurve> {
    return this.write(body.name, async (tx) => {
      await this.lockBuyer(tx, userId);
      await this.checkName(tx, userId, body.name, id);
      const [row] = await tx
        .update(sizeCurves)
        .set({ name: body.name, sizes: body.sizes })
        .where(and(eq(sizeCurves.id, id), eq(sizeCurves.userId, userId)))
        .returning();
      if (!row) throw notFound(); // another buyer's curve is not found either: its existence is not told
      return toCurve(row);
    });
  }

  async remove(userId: number, id: number): Promise<void> {
    const rows = await this.db.delete(sizeCurves).where(and(eq(sizeCurves.id, id), eq(sizeCurves.userId, userId))).returning({ id: sizeCurves.id });
    if (!rows.length) throw notFound();
  }

  private async write<T>(name: string, run: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction(run);
    } catch (err) {
      if (pgCode(err) === '23505') throw nameTaken(name);
      throw err;
    }
  }

  private async lockBuyer(tx: Tx, userId: number): Promise<void> {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  }

  private async checkName(tx: Tx, userId: number, name: string, except?: number): Promise<void> {
    const same = and(eq(sizeCurves.userId, userId), sql`lower(${sizeCurves.name}) = lower(${name})`, except === undefined ? undefined : ne(sizeCurves.id, except));
    const [taken] = await tx.select({ id: sizeCurves.id }).from(sizeCurves).where(same).limit(1);
    if (taken) throw nameTaken(name);
  }
}
