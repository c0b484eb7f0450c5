// ERP reads shared by the instances of a cluster (docs/scale-out.md, shared reads): what one instance read from the
// ERP a moment ago (the stock of a style, a customer's open documents), another serves instead of asking the ERP
// again, while it is as fresh as its cache allows. A ShortCache with `shared` looks here before reading, and leaves
// here what it read. PostgreSQL only (on PGlite there is one process, and its ShortCache is the whole story).
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { erpReads } from '../db/schema';

/** Rows older than this are removed (longer than any cache that shares its reads keeps a value). */
const KEEP_MS = 60 * 60_000;
/** Old rows are removed every this many writes. */
const SWEEP_EVERY = 1000;

export class SharedReads {
  private writes = 0;

  constructor(private readonly db: Db) {}

  /** A value of `scope`/`key` read at most `maxAgeMs` ago, with its age (ms, database time); undefined when none. */
  async get<T>(scope: string, key: string, maxAgeMs: number): Promise<{ value: T; ageMs: number } | undefined> {
    const [row] = await this.db
      .select({ value: erpReads.value, ageMs: sql<number>`(extract(epoch from now() - ${erpReads.readAt}) * 1000)::float8` })
      .from(erpReads)
      .where(and(eq(erpReads.scope, scope), eq(erpReads.key, key), sql`${erpReads.readAt} > now() - ${maxAgeMs}::int * interval '1 millisecond'`));
    return row ? { value: (row.value as { v: T }).v, ageMs: Math.max(0, Number(row.ageMs)) } : undefined;
  }

  /** Leaves a value read `ageMs` ago; a newer one already there stays. */
  async put(scope: string, key: string, value: unknown, ageMs: number): Promise<void> {
    const readAt = sql`now() - ${Math.max(0, Math.round(ageMs))}::int * interval '1 millisecond'`;
    await this.db
      .insert(erpReads)
      .values({ scope, key, value: { v: value }, readAt })
      .onConflictDoUpdate({ target: [erpReads.scope, erpReads.key], set: { value: sql`excluded.value`, readAt: sql`excluded.read_at` }, setWhere: sql`${erpReads.readAt} < excluded.read_at` });
    this.writes += 1;
    if (this.writes % SWEEP_EVERY === 0) await this.sweep();
  }

  /** Forgets `scope`/`key` everywhere (after a change that makes it wrong). */
  async forget(scope: string, key: string): Promise<void> {
    await this.db.delete(erpReads).where(and(eq(erpReads.scope, scope), eq(erpReads.key, key)));
  }

  /** Removes the rows no cache could still serve. */
  async sweep(): Promise<void> {
    await this.db.delete(erpReads).where(lt(erpReads.readAt, sql`now() - ${KEEP_MS}::int * interval '1 millisecond'`));
  }
}
