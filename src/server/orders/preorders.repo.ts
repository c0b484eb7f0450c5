import { and, asc, eq, gte, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../db/connect';
import { orderLines, orders, users } from '../db/schema';

// The portal's own promises of incoming goods (docs/incoming.md): pre-order lines of orders the ERP does not hold yet.
// Once the ERP has the sales order, its Committed counts them (the item's backlog); until then only the portal knows.

/** First key of the advisory locks that serialise pre-orders of one size (the second is a hash of its ItemCode). */
const PREORDER_LOCK = 7_003;

export class PreordersRepo {
  constructor(private readonly db: Db) {}

  /**
   * Holds, until `tx` ends, the pre-order lock of each size (in code order, so two orders of the same sizes queue
   * instead of deadlocking): between reading what is promised and inserting the order, no other order promises them.
   */
  async lock(tx: Tx, skus: readonly string[]): Promise<void> {
    for (const sku of [...new Set(skus)].sort()) await tx.execute(sql`select pg_advisory_xact_lock(${PREORDER_LOCK}, hashtext(${sku}))`);
  }

  /**
   * Units promised per size on pre-order lines of orders the ERP does not hold yet: not canceled, no ERP sales order
   * (an order waiting for the company's or the ERP's approval has none, and its goods are promised all the same).
   * `exceptOrder`: an order priced again (its approval) does not compete with its own promise.
   */
  async promised(skus: readonly string[], tx: DbOrTx = this.db, exceptOrder?: number): Promise<Map<string, number>> {
    if (skus.length === 0) return new Map();
    const rows = await tx
      .select({ sku: orderLines.sku, quantity: sql<number>`sum(${orderLines.quantity})::int` })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(
        and(
          inArray(orderLines.sku, [...new Set(skus)]),
          isNotNull(orderLines.shipDate),
          isNull(orders.erpDocEntry),
          ne(orders.orderState, 'CANCELED'),
          exceptOrder === undefined ? undefined : ne(orders.id, exceptOrder),
        ),
      )
      .groupBy(orderLines.sku);
    return new Map(rows.map((r) => [r.sku, Number(r.quantity)]));
  }
}

/** A pre-order line whose promise is watched: its order, who placed it, and what it was promised. */
export interface WatchedLine {
  lineId: number;
  orderId: number;
  number: string;
  sku: string;
  name: string;
  size: string;
  quantity: number;
  shipDate: string;
  shipDateMoved: string | null;
  /** The ERP holds the order (its Committed counts the line). */
  inErp: boolean;
  email: string;
  fullName: string;
}

export class PreorderWatchRepo {
  constructor(private readonly db: Db) {}

  /** Pre-order lines of orders not canceled whose promised date is `since` or later, oldest order first. */
  async watched(since: string): Promise<WatchedLine[]> {
    const rows = await this.db
      .select({
        lineId: orderLines.id,
        orderId: orders.id,
        number: orders.purchaseOrderNumber,
        sku: orderLines.sku,
        name: orderLines.name,
        size: orderLines.size,
        quantity: orderLines.quantity,
        shipDate: orderLines.shipDate,
        shipDateMoved: orderLines.shipDateMoved,
        erpDocEntry: orders.erpDocEntry,
        email: users.email,
        fullName: users.fullName,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .innerJoin(users, eq(users.id, orders.userId))
      .where(and(isNotNull(orderLines.shipDate), gte(orderLines.shipDate, since), ne(orders.orderState, 'CANCELED')))
      .orderBy(asc(orders.id), asc(orderLines.id));
    return rows.map(({ erpDocEntry, number, shipDate, ...r }) => ({ ...r, number: number ?? String(r.orderId), shipDate: shipDate!, inErp: erpDocEntry !== null }));
  }

  /**
   * Records the dates lines can arrive now ('' none), each only if it is not the one recorded already: answers the
   * lines this call changed (another instance's pass that got there first changed the rest).
   */
  async markMoved(tx: Tx, moves: ReadonlyArray<{ lineId: number; moved: string }>): Promise<Set<number>> {
    const changed = new Set<number>();
    for (const { lineId, moved } of moves) {
      const rows = await tx
        .update(orderLines)
        .set({ shipDateMoved: moved })
        .where(and(eq(orderLines.id, lineId), sql`${orderLines.shipDateMoved} is distinct from ${moved}`))
        .returning({ id: orderLines.id });
      if (rows.length) changed.add(lineId);
    }
    return changed;
  }

  /** Of these orders, those with a pre-order line whose arrival the ERP moved. */
  async movedAmong(orderIds: readonly number[]): Promise<Set<number>> {
    if (orderIds.length === 0) return new Set();
    const rows = await this.db
      .selectDistinct({ orderId: orderLines.orderId })
      .from(orderLines)
      .where(and(inArray(orderLines.orderId, [...orderIds]), isNotNull(orderLines.shipDateMoved)));
    return new Set(rows.map((r) => r.orderId));
  }

  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }
}
