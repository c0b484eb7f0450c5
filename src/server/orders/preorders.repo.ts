import { and, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../db/connect';
import { orderLines, orders } from '../db/schema';

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
   */
  async promised(skus: readonly string[], tx: DbOrTx = this.db): Promise<Map<string, number>> {
    if (skus.length === 0) return new Map();
    const rows = await tx
      .select({ sku: orderLines.sku, quantity: sql<number>`sum(${orderLines.quantity})::int` })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(inArray(orderLines.sku, [...new Set(skus)]), isNotNull(orderLines.shipDate), isNull(orders.erpDocEntry), ne(orders.orderState, 'CANCELED')))
      .groupBy(orderLines.sku);
    return new Map(rows.map((r) => [r.sku, Number(r.quantity)]));
  }
}
