import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/connect';
import { representations, type RepresentationRow } from '../db/schema';

/** A rep's representations of customers (docs/sales-reps.md). */
export class RepresentationsRepo {
  constructor(private readonly db: Db) {}

  async start(tx: DbOrTx, values: { userId: number; cardCode: string; companyRut: string; companyName: string }): Promise<RepresentationRow> {
    const [row] = await tx.insert(representations).values({ ...values, companyName: values.companyName.slice(0, 200) }).returning();
    return row!;
  }

  async find(id: number): Promise<RepresentationRow | undefined> {
    const [row] = await this.db.select().from(representations).where(eq(representations.id, id)).limit(1);
    return row;
  }

  /** Ends the rep's open representation `id`: the row as it ended, undefined when it was not open (or not the rep's). */
  async end(tx: DbOrTx, id: number, userId: number): Promise<RepresentationRow | undefined> {
    const [row] = await tx
      .update(representations)
      .set({ endedAt: sql`now()` })
      .where(and(eq(representations.id, id), eq(representations.userId, userId), isNull(representations.endedAt)))
      .returning();
    return row;
  }
}
