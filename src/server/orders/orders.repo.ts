import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Order, OrderLine } from '@shared/api/orders';
import { orderNumber } from '@shared/orders';
import { CartRepo } from '../cart/cart.repo';
import type { Db, DbOrTx, Tx } from '../db/connect';
import { orderLines, orders, type OrderLineRow, type OrderRow } from '../db/schema';
import { Outbox } from '../jobs/outbox';
import { enqueueOrderConfirmedMail } from '../mail/mailJob';

export type NewOrder = Omit<typeof orders.$inferInsert, 'id' | 'purchaseOrderNumber' | 'orderState' | 'erpStatus' | 'createdAt' | 'updatedAt'>;
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, 'id' | 'orderId'>;

export interface OrderWithLines {
  order: OrderRow;
  lines: OrderLineRow[];
}

/** Online orders and reservations with their lines, and the state changes the server makes with evidence. */
export class OrderRepo {
  constructor(private readonly db: Db) {}

  /** Inserts the order and its lines; the number (OC/RE + id) is set in the same transaction. */
  async insert(tx: Tx, order: NewOrder, lines: readonly NewOrderLine[]): Promise<OrderWithLines> {
    const [inserted] = await tx.insert(orders).values(order).returning({ id: orders.id });
    const id = inserted!.id;
    const [row] = await tx
      .update(orders)
      .set({ purchaseOrderNumber: orderNumber(order.orderType, id) })
      .where(eq(orders.id, id))
      .returning();
    const stored = lines.length ? await tx.insert(orderLines).values(lines.map((line) => ({ ...line, orderId: id }))).returning() : [];
    return { order: row!, lines: stored.sort((a, b) => a.id - b.id) };
  }

  async byId(id: number, tx: DbOrTx = this.db): Promise<OrderRow | undefined> {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).limit(1);
    return row;
  }

  async byNumber(purchaseOrderNumber: string): Promise<OrderRow | undefined> {
    const [row] = await this.db.select().from(orders).where(eq(orders.purchaseOrderNumber, purchaseOrderNumber)).limit(1);
    return row;
  }

  lines(orderId: number, tx: DbOrTx = this.db): Promise<OrderLineRow[]> {
    return tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
  }

  async withLines(id: number): Promise<OrderWithLines | undefined> {
    const order = await this.byId(id);
    return order ? { order, lines: await this.lines(id) } : undefined;
  }

  /** Marks a PROCESS order as waiting for the ERP (inside the transaction that enqueues its submission). */
  async markErpPending(tx: Tx, id: number): Promise<void> {
    await tx
      .update(orders)
      .set({ erpStatus: 'PENDING', erpError: null })
      .where(and(eq(orders.id, id), eq(orders.orderState, 'PROCESS'), inArray(orders.erpStatus, ['NONE', 'PENDING'])));
  }

  /**
   * The ERP accepted the document: that is the evidence that confirms a reservation or a credit/cheque sale. numOc is
   * the order number (the ERP's NumAtCard). An order no longer in PROCESS keeps its state. One transaction: the ERP
   * reference, numOc, the state change and, when this call is what confirmed the order, the buyer's confirmation mail
   * (an outbox job keyed by the order number: a second confirmation adds nothing).
   */
  async markErpSent(id: number, doc: { docEntry: number; docNum: number }): Promise<void> {
    const sent = {
      erpStatus: 'SENT' as const,
      erpDocEntry: doc.docEntry,
      erpDocNum: doc.docNum,
      erpError: null,
      numOc: sql`coalesce(${orders.purchaseOrderNumber}, '')`,
    };
    await this.db.transaction(async (tx) => {
      const [confirmed] = await tx
        .update(orders)
        .set({ ...sent, orderState: 'CONFIRMED' })
        .where(and(eq(orders.id, id), eq(orders.orderState, 'PROCESS')))
        .returning({ id: orders.id, purchaseOrderNumber: orders.purchaseOrderNumber });
      if (confirmed) await enqueueOrderConfirmedMail(new Outbox(this.db), tx, confirmed);
      else await tx.update(orders).set(sent).where(eq(orders.id, id));
    });
  }

  /** PROCESS → CONFIRMED for an order the ERP already has (erp_status SENT); nothing else moves. */
  async confirmWithErpEvidence(id: number): Promise<void> {
    await this.db
      .update(orders)
      .set({ orderState: 'CONFIRMED', numOc: sql`coalesce(${orders.purchaseOrderNumber}, '')` })
      .where(and(eq(orders.id, id), eq(orders.orderState, 'PROCESS'), eq(orders.erpStatus, 'SENT')));
  }

  /**
   * The ERP made a Draft of the order that waits for its approval procedure: recorded, nothing else moves (a PROCESS
   * order stays PROCESS, a paid one CONFIRMED) until the draft becomes an order or is refused.
   */
  async markAwaitingApproval(id: number, draftEntry: number): Promise<void> {
    await this.db
      .update(orders)
      .set({ erpStatus: 'AWAITING_APPROVAL', erpDraftEntry: draftEntry, erpError: null })
      .where(and(eq(orders.id, id), inArray(orders.erpStatus, ['NONE', 'PENDING', 'AWAITING_APPROVAL'])));
  }

  /**
   * A paid order (WebPay, Khipu) the ERP accepted: it was CONFIRMED by its payment, and keeps its state and its numOc
   * (the provider's transaction id); only the ERP reference is recorded.
   */
  async markPaidErpSent(id: number, doc: { docEntry: number; docNum: number }): Promise<void> {
    await this.db
      .update(orders)
      .set({ erpStatus: 'SENT', erpDocEntry: doc.docEntry, erpDocNum: doc.docNum, erpError: null })
      .where(eq(orders.id, id));
  }

  /**
   * The ERP refused a paid order: the money was received, so the order stays CONFIRMED; the refusal is recorded for
   * the staff to settle in the ERP.
   */
  async markPaidErpRejected(id: number, message: string): Promise<void> {
    await this.db
      .update(orders)
      .set({ erpStatus: 'REJECTED', erpError: message.slice(0, 2000) })
      .where(and(eq(orders.id, id), inArray(orders.erpStatus, ['NONE', 'PENDING', 'AWAITING_APPROVAL'])));
  }

  /**
   * Card and transfer orders whose payment never started (the provider refused the create, the buyer left before the
   * payment page): after `olderThanMs` they are CANCELED and their lines go back into the buyer's cart. An order with
   * any payment row is left to that payment's outcome. Answers how many were canceled.
   */
  async cancelAbandoned(olderThanMs: number, limit = 50): Promise<number> {
    const candidates = await this.db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.orderState, 'PROCESS'),
          inArray(orders.paymentMethod, ['WEBPAY', 'KHIPU']),
          sql`${orders.createdAt} < now() - ${Math.round(olderThanMs)}::int * interval '1 millisecond'`,
          sql`not exists (select 1 from payments p where p.order_id = ${orders.id})`,
        ),
      )
      .orderBy(asc(orders.id))
      .limit(limit);
    let canceled = 0;
    for (const { id } of candidates) {
      const done = await this.db.transaction(async (tx) => {
        // the same row lock a payment start takes: either it started first (and is seen here), or it finds CANCELED
        const [locked] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
        if (!locked || locked.orderState !== 'PROCESS') return false;
        const started = await tx.execute(sql`select 1 from payments where order_id = ${id} limit 1`);
        if ((started as { rows?: unknown[] }).rows?.length) return false;
        await tx.update(orders).set({ orderState: 'CANCELED' }).where(eq(orders.id, id));
        const lines = await this.lines(id, tx);
        await new CartRepo(this.db).restoreLines(tx, locked.userId, lines.map((line) => ({ sku: line.sku, quantity: line.quantity })));
        return true;
      });
      if (done) canceled += 1;
    }
    return canceled;
  }

  /**
   * The ERP (or its approver) refused the document: the order is CANCELED with the reason, and its lines go back into
   * the buyer's cart in the same transaction (creating the order had taken them out).
   */
  async markErpRejected(id: number, message: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [canceled] = await tx
        .update(orders)
        .set({ erpStatus: 'REJECTED', erpError: message.slice(0, 2000), orderState: 'CANCELED' })
        .where(and(eq(orders.id, id), eq(orders.orderState, 'PROCESS'), inArray(orders.erpStatus, ['NONE', 'PENDING', 'AWAITING_APPROVAL'])))
        .returning({ userId: orders.userId });
      if (!canceled) return;
      const lines = await this.lines(id, tx);
      await new CartRepo(this.db).restoreLines(tx, canceled.userId, lines.map((line) => ({ sku: line.sku, quantity: line.quantity })));
    });
  }
}

export function toOrderLine(line: OrderLineRow): OrderLine {
  return {
    id: line.id,
    sku: line.sku,
    name: line.name,
    size: line.size,
    quantity: line.quantity,
    price: line.price,
    percentageOffer: Number(line.offerPct),
    percentageLoyalty: Number(line.loyaltyPct),
    priceFinalUnit: line.priceFinalUnit,
    priceFinal: line.priceFinal,
    descLinea: Number(line.descLinea),
  };
}

/** The API's Order of a stored order and its lines. */
export function toOrder({ order, lines }: OrderWithLines): Order {
  return {
    id: order.id,
    purchaseOrderNumber: order.purchaseOrderNumber ?? '',
    orderType: order.orderType,
    orderState: order.orderState,
    paymentMethod: order.paymentMethod,
    tipoEntrega: order.deliveryType,
    deliveryAddress: order.deliveryAddress,
    deliveryTransport: order.deliveryTransport,
    invoiceAddress: order.invoiceAddress,
    orderProducts: lines.map(toOrderLine),
    totals: {
      lines: lines.length,
      units: lines.reduce((sum, line) => sum + line.quantity, 0),
      net: order.net,
      offerDiscount: order.offerDiscount,
      loyaltyDiscount: order.loyaltyDiscount,
      loyaltyPct: Number(order.loyaltyPct),
      subtotal: order.subtotal,
      vat: order.vat,
      total: order.total,
    },
    numOc: order.numOc,
    erp: order.erpStatus,
    erpDocNum: order.erpDocNum,
    userId: order.userId,
    dateCreated: order.createdAt.toISOString(),
  };
}
