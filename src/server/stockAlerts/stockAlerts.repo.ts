import { and, desc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../db/connect';
import { stockAlertMails, stockAlerts, users, type StockAlertRow } from '../db/schema';

/** The person and company an alert belongs to: a person's own company, or the customer a rep represents. */
export interface AlertOwner {
  userId: number;
  companyRut: string;
}

/** A watching alert as the watcher reads it: the alert and the person to mail. */
export interface WaitingAlert extends StockAlertRow {
  email: string;
  fullName: string;
}

/** The states of an alert that still watches its size: a notified one waits again when its size sells out. */
const WATCHING = ['WAITING', 'NOTIFIED'] as const;

const ownedBy = (owner: AlertOwner) => and(eq(stockAlerts.userId, owner.userId), eq(stockAlerts.companyRut, owner.companyRut));

/** 'Avísame cuando llegue' (docs/stock-alerts.md): every method scoped to one owner, or the watcher's own. */
export class StockAlertsRepo {
  constructor(private readonly db: Db) {}

  /**
   * The owner's watching alert of the size (waiting, or notified and still watching), made now unless there is one
   * (one row however often asked). A new row gets its unsubscribe token's hash at once (`hashOf` needs its id).
   */
  async subscribe(owner: AlertOwner, sku: string, style: string, createdAt: Date, expiresAt: Date, hashOf: (row: StockAlertRow) => string): Promise<StockAlertRow> {
    return this.db.transaction(async (tx) => {
      const [made] = await tx.insert(stockAlerts).values({ ...owner, sku, style, createdAt, expiresAt }).onConflictDoNothing().returning();
      if (made) {
        const [hashed] = await tx.update(stockAlerts).set({ tokenHash: hashOf(made) }).where(eq(stockAlerts.id, made.id)).returning();
        return hashed!;
      }
      const [row] = await tx
        .select()
        .from(stockAlerts)
        .where(and(ownedBy(owner), eq(stockAlerts.sku, sku), inArray(stockAlerts.state, WATCHING)))
        .limit(1);
      return row!;
    });
  }

  /** The owner's alerts, removed ones left out, newest first. */
  list(owner: AlertOwner): Promise<StockAlertRow[]> {
    return this.db
      .select()
      .from(stockAlerts)
      .where(and(ownedBy(owner), ne(stockAlerts.state, 'REMOVED')))
      .orderBy(desc(stockAlerts.createdAt), desc(stockAlerts.id));
  }

  /** False when the owner has no such alert (another person's or company's is the same 404). */
  async remove(owner: AlertOwner, id: number): Promise<boolean> {
    const rows = await this.db
      .update(stockAlerts)
      .set({ state: 'REMOVED' })
      .where(and(eq(stockAlerts.id, id), ownedBy(owner), ne(stockAlerts.state, 'REMOVED')))
      .returning({ id: stockAlerts.id });
    return rows.length > 0;
  }

  /** The alert whose token hashes to `tokenHash`, whatever its state (reads only: the link's page). */
  async byToken(tokenHash: string): Promise<StockAlertRow | undefined> {
    const [row] = await this.db.select().from(stockAlerts).where(eq(stockAlerts.tokenHash, tokenHash)).limit(1);
    return row;
  }

  /** The alert whose token hashes to `tokenHash`, removed; undefined when there is none or it was removed already. */
  async unsubscribe(tokenHash: string): Promise<StockAlertRow | undefined> {
    const [row] = await this.db
      .update(stockAlerts)
      .set({ state: 'REMOVED' })
      .where(and(eq(stockAlerts.tokenHash, tokenHash), ne(stockAlerts.state, 'REMOVED')))
      .returning();
    return row;
  }

  /** Watching alerts past their day: expired, without a mail. How many. */
  async expire(now: Date): Promise<number> {
    const rows = await this.db
      .update(stockAlerts)
      .set({ state: 'EXPIRED' })
      .where(and(inArray(stockAlerts.state, WATCHING), lte(stockAlerts.expiresAt, now)))
      .returning({ id: stockAlerts.id });
    return rows.length;
  }

  /** Every watching alert (waiting or notified) with the person to mail, oldest first. */
  watching(): Promise<WaitingAlert[]> {
    return this.db
      .select({ alert: stockAlerts, email: users.email, fullName: users.fullName })
      .from(stockAlerts)
      .innerJoin(users, eq(users.id, stockAlerts.userId))
      .where(inArray(stockAlerts.state, WATCHING))
      .orderBy(stockAlerts.id)
      .then((rows) => rows.map((r) => ({ ...r.alert, email: r.email, fullName: r.fullName })));
  }

  /** Notified alerts whose size is at 0 again wait again (each only if still notified). The ids it changed. */
  async rearm(ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .update(stockAlerts)
      .set({ state: 'WAITING' })
      .where(and(inArray(stockAlerts.id, [...ids]), eq(stockAlerts.state, 'NOTIFIED')))
      .returning({ id: stockAlerts.id });
    return rows.map((r) => r.id);
  }

  /** Takes the person's mail of `day`: false when it was taken already (sent today, by this pass or another instance). */
  async claimDay(tx: Tx, userId: number, day: string): Promise<boolean> {
    const rows = await tx.insert(stockAlertMails).values({ userId, day }).onConflictDoNothing().returning({ userId: stockAlertMails.userId });
    return rows.length > 0;
  }

  /**
   * Marks alerts notified (each only if it still waits), with its unsubscribe token's hash (the same one the alert got
   * when made; an alert made before tokens were made with it gets it here). The ids it changed.
   */
  async markNotified(tx: Tx, alerts: ReadonlyArray<{ id: number; tokenHash: string }>, now: Date): Promise<Set<number>> {
    const changed = new Set<number>();
    for (const { id, tokenHash } of alerts) {
      const rows = await tx
        .update(stockAlerts)
        .set({ state: 'NOTIFIED', notifiedAt: now, tokenHash })
        .where(and(eq(stockAlerts.id, id), eq(stockAlerts.state, 'WAITING')))
        .returning({ id: stockAlerts.id });
      if (rows.length) changed.add(id);
    }
    return changed;
  }

  /** Waiting alerts per style, for the admin's product list (styles without any left out). */
  async waitingByStyle(styles?: readonly string[], tx: DbOrTx = this.db): Promise<Record<string, number>> {
    if (styles && styles.length === 0) return {};
    const rows = await tx
      .select({ style: stockAlerts.style, count: sql<number>`count(*)::int` })
      .from(stockAlerts)
      .where(and(eq(stockAlerts.state, 'WAITING'), styles ? inArray(stockAlerts.style, [...styles]) : undefined))
      .groupBy(stockAlerts.style);
    return Object.fromEntries(rows.map((r) => [r.style, r.count]));
  }

  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }
}
