import type { OrderTotals } from '@shared/pricing';
import { and, asc, eq, getTableColumns, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Order, OrderLine } from '@shared/api/orders';
import { orderNumber } from '@shared/orders';
import { CartRepo, lineKey } from '../cart/cart.repo';
import { rowsOf, type Db, type DbOrTx, type Tx } from '../db/connect';
import { orderLines, orders, type OrderLineRow, type OrderRow } from '../db/schema';
import { Outbox } from '../jobs/outbox.repo';
import { enqueueOrderConfirmedMail } from '../mail/mailJob';

/** A new order: PROCESS unless it waits for the buying company's approval (AWAITING_COMPANY_APPROVAL). */
export type NewOrder = Omit<typeof orders.$inferInsert, 'id' | 'purchaseOrderNumber' | 'orderState' | 'erpStatus' | 'createdAt' | 'updatedAt'> & {
  orderState?: 'PROCESS' | 'AWAITING_COMPANY_APPROVAL';
};
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, 'id' | 'orderId'>;

/** Digits of the id in an order number (OC000123), as orderNumber() pads it. */
const NUMBER_DIGITS = 6;
/** The columns an order line is inserted with, in this order. */
const LINE_FIELDS = ['sku', 'name', 'size', 'quantity', 'price', 'offerPct', 'loyaltyPct', 'priceOffer', 'priceFinalUnit', 'priceFinal', 'descLinea', 'shipDate'] as const;

/** `a, b, c`: the database names of a table's fields. */
function columnList(table: PgTable, keys: readonly string[]): SQL {
  const columns = getTableColumns(table);
  return sql.join(
    keys.map((key) => sql.identifier(columns[key]!.name)),
    sql`, `,
  );
}

/** `$1::integer, $2::varchar(50), …`: the values of a table's fields as the column encodes them, cast to its type. */
function valueList(table: PgTable, entries: ReadonlyArray<readonly [string, unknown]>): SQL {
  const columns = getTableColumns(table);
  return sql.join(
    entries.map(([key, given]) => {
      const column = columns[key]!;
      const value = given === undefined ? column.default : given; // a field left out takes the column's default
      return value === null || value === undefined ? sql`null::${sql.raw(column.getSQLType())}` : sql`${sql.param(value, column)}::${sql.raw(column.getSQLType())}`;
    }),
    sql`, `,
  );
}

/** An order row with its lines as JSON in `__lines` (json_agg, or null for none), as the statements here answer it. */
function withLinesOf(raw: Record<string, unknown>): OrderWithLines {
  const lines = typeof raw.__lines === 'string' ? (JSON.parse(raw.__lines) as unknown) : raw.__lines;
  return {
    order: fromDriver(orders, raw) as OrderRow,
    lines: ((lines ?? []) as Array<Record<string, unknown>>).map((line) => fromDriver(orderLines, line) as OrderLineRow),
  };
}

/** A row as a raw statement answers it (database column names, driver values), mapped as a drizzle select maps it. */
function fromDriver(table: PgTable, raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out;
}

export interface OrderWithLines {
  order: OrderRow;
  lines: OrderLineRow[];
}

/** A payment link of an order that is neither replaced nor expired (docs/sales-reps.md#payment-link). */
const LIVE_PAYMENT_LINK = sql`select 1 from payment_links l where l.voided_at is null and l.expires_at > now()`;

/** Online orders and reservations with their lines, and the state changes the server makes with evidence. */
export class OrderRepo {
  constructor(private readonly db: Db) {}

  /** Which of these purchase order numbers (OC…, RE…) name an order the portal holds for this customer. */
  async knownNumbers(cardCode: string, numbers: readonly string[]): Promise<Set<string>> {
    if (!numbers.length) return new Set();
    const rows = await this.db
      .select({ number: orders.purchaseOrderNumber })
      .from(orders)
      .where(and(eq(orders.cardCode, cardCode), inArray(orders.purchaseOrderNumber, [...numbers])));
    return new Set(rows.map((r) => r.number ?? ''));
  }

  /**
   * Makes the order from the buyer's cart, in one statement inside the caller's transaction: the lines are taken out of
   * the cart (every one must still be there with the same sku AND quantity; the buyer's cart rows are locked first, in
   * id order, so two orders of the same cart queue instead of deadlocking, in the same order as CartRepo.restoreLines),
   * and only then the order is inserted with its lines. Its id is drawn from the sequence first, so the number (OC/RE +
   * id) goes in with the row. Undefined when the cart changed (a line missing or with another quantity): nothing is
   * inserted, and the caller must roll its transaction back, which puts back whatever was taken. The lines to take travel
   * as two arrays, whatever their number: a list of row values `(sku, quantity) in ((…), (…), …)` is planned as one
   * nested condition per line, which PGlite's stack cannot hold past about 275 lines (it answered no row, then hung).
   */
  async insert(tx: Tx, order: NewOrder, lines: readonly NewOrderLine[]): Promise<OrderWithLines | undefined> {
    // a cart holds one row per size and kind (stock on hand, or a pre-order's: a line with a ship date)
    if (new Set(lines.map((line) => lineKey(line.sku, !!line.shipDate))).size !== lines.length) return undefined;
    const prefix = orderNumber(order.orderType, 0).slice(0, -NUMBER_DIGITS);
    const orderFields = Object.entries(order).filter(([, value]) => value !== undefined);
    const taking = lines.length
      ? sql`mine as materialized (
          select id, sku, quantity, por_llegar from cart_items where user_id = ${order.userId} and company_rut = ${order.companyRut ?? ''} order by id for update),
        taken as (
          delete from cart_items c using mine
          where c.id = mine.id and (mine.sku, mine.quantity, mine.por_llegar) in (
            select * from unnest(${sql.param(lines.map((line) => line.sku))}::text[], ${sql.param(lines.map((line) => line.quantity))}::int[],
              ${sql.param(lines.map((line) => !!line.shipDate))}::boolean[]))
          returning c.id),
        n as (select nextval('orders_id_seq')::int as id where (select count(*) from taken) = ${lines.length}),
        `
      : sql`n as (select nextval('orders_id_seq')::int as id),`;
    const linesCte = lines.length
      ? sql`, l as (
          insert into order_lines (order_id, ${columnList(orderLines, LINE_FIELDS)})
          select o.id, v.* from o cross join (values ${sql.join(
            lines.map((line) => sql`(${valueList(orderLines, LINE_FIELDS.map((key) => [key, line[key]]))})`),
            sql`, `,
          )}) as v(${columnList(orderLines, LINE_FIELDS)})
          returning *)`
      : sql``;
    const result = await tx.execute(sql`
      with ${taking}
      o as (
        insert into orders (id, purchase_order_number, ${columnList(orders, orderFields.map(([key]) => key))})
        select n.id, ${prefix} || case when n.id < ${10 ** NUMBER_DIGITS} then lpad(n.id::text, ${NUMBER_DIGITS}, '0') else n.id::text end,
          ${valueList(orders, orderFields)}
        from n
        returning *)${linesCte}
      select o.*, ${lines.length ? sql`(select json_agg(l order by l.id) from l)` : sql`null`} as "__lines" from o`);
    const [raw] = rowsOf<Record<string, unknown>>(result);
    if (!raw) return undefined;
    const stored = withLinesOf(raw);
    // the SQL above writes what orderNumber() writes; should they ever differ, no order is made
    const number = orderNumber(order.orderType, stored.order.id);
    if (stored.order.purchaseOrderNumber !== number) throw new Error(`número de pedido ${stored.order.purchaseOrderNumber}, se esperaba ${number}`);
    return stored;
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

  /** The order and its lines (in id order), read in one statement. */
  async withLines(id: number, tx: DbOrTx = this.db): Promise<OrderWithLines | undefined> {
    const result = await tx.execute(sql`
      select o.*, (select json_agg(l order by l.id) from order_lines l where l.order_id = o.id) as "__lines"
      from orders o where o.id = ${id}`);
    const [raw] = rowsOf<Record<string, unknown>>(result);
    return raw ? withLinesOf(raw) : undefined;
  }

  /**
   * The statement that marks a PROCESS order as waiting for the ERP, to be made with the enqueue of its submission
   * (Outbox.enqueueWith).
   */
  erpPendingChange(id: number): SQL {
    return this.db
      .update(orders)
      .set({ erpStatus: 'PENDING', erpError: null })
      .where(and(eq(orders.id, id), eq(orders.orderState, 'PROCESS'), inArray(orders.erpStatus, ['NONE', 'PENDING'])))
      .getSQL();
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

  /** Records the cheque photo of a pending cheque order that has none yet: false when it had one or left PROCESS. */
  async attachChequePhoto(tx: Tx, id: number, key: string): Promise<boolean> {
    const updated = await tx
      .update(orders)
      .set({ chequeFileKey: key })
      .where(and(eq(orders.id, id), eq(orders.orderState, 'PROCESS'), isNull(orders.chequeFileKey)))
      .returning({ id: orders.id });
    return updated.length > 0;
  }

  /** A paid order in PROCESS becomes CONFIRMED with its numOc, its ERP order pending; undefined when it had left PROCESS. */
  async confirmPaid(tx: Tx, id: number, numOc: string): Promise<OrderRow | undefined> {
    const [order] = await tx
      .update(orders)
      .set({ orderState: 'CONFIRMED', numOc, erpStatus: 'PENDING', erpError: null })
      .where(and(eq(orders.id, id), eq(orders.orderState, 'PROCESS')))
      .returning();
    return order;
  }

  /** An order still in PROCESS is CANCELED: the orders it moved (none or this one). */
  cancelInProcess(tx: Tx, id: number): Promise<{ id: number; userId: number; companyRut: string }[]> {
    return tx
      .update(orders)
      .set({ orderState: 'CANCELED' })
      .where(and(eq(orders.id, id), eq(orders.orderState, 'PROCESS')))
      .returning({ id: orders.id, userId: orders.userId, companyRut: orders.companyRut });
  }

  /**
   * Card and transfer orders whose payment never started (the provider refused the create, the buyer left before the
   * payment page): after `olderThanMs` (from their creation, or from the company's approval) they are CANCELED and
   * their lines go back into the buyer's cart. An order with any payment row is left to that payment's outcome. Answers
   * how many were canceled.
   */
  async cancelAbandoned(olderThanMs: number, limit = 50): Promise<number> {
    const candidates = await this.db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.orderState, 'PROCESS'),
          inArray(orders.paymentMethod, ['WEBPAY', 'KHIPU']),
          // an order the company approved late counts from its approval (the buyer could not pay it before)
          sql`coalesce(${orders.companyDecisionAt}, ${orders.createdAt}) < now() - ${Math.round(olderThanMs)}::int * interval '1 millisecond'`,
          sql`not exists (select 1 from payments p where p.order_id = ${orders.id})`,
          // a payment link the customer can still use keeps the order waiting for them until it expires
          sql`not exists (${LIVE_PAYMENT_LINK} and l.order_id = ${orders.id})`,
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
        const linked = await tx.execute(sql`${LIVE_PAYMENT_LINK} and l.order_id = ${id} limit 1`);
        if ((linked as { rows?: unknown[] }).rows?.length) return false;
        await tx.update(orders).set({ orderState: 'CANCELED' }).where(eq(orders.id, id));
        const lines = await this.lines(id, tx);
        await new CartRepo(this.db).restoreLines(tx, { userId: locked.userId, companyRut: locked.companyRut }, lines.map((line) => ({ sku: line.sku, quantity: line.quantity, porLlegar: line.shipDate !== null })));
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
        .returning({ userId: orders.userId, companyRut: orders.companyRut });
      if (!canceled) return;
      const lines = await this.lines(id, tx);
      await new CartRepo(this.db).restoreLines(tx, { userId: canceled.userId, companyRut: canceled.companyRut }, lines.map((line) => ({ sku: line.sku, quantity: line.quantity, porLlegar: line.shipDate !== null })));
    });
  }
}

/** The order's columns of its totals, as the shared pricing made them (a new order, a re-priced one). */
export function totalsColumns(totals: OrderTotals) {
  const { loyaltyPct, net, offerDiscount, loyaltyDiscount, subtotal, vat, total } = totals;
  return { loyaltyPct, net, offerDiscount, loyaltyDiscount, subtotal, vat, total };
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
    // a pre-order line's promise and, when the ERP moved its goods, the date it can arrive now (docs/incoming.md)
    ...(line.shipDate ? { llegada: line.shipDate, ...(line.shipDateMoved !== null ? { llegadaNueva: line.shipDateMoved } : {}) } : {}),
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
    buyerReference: order.buyerReference,
    requestedDeliveryDate: order.requestedDeliveryDate,
    ...(order.incomingShipping ? { envioPorLlegar: order.incomingShipping } : {}),
    ...(lines.some((line) => line.shipDate && line.shipDateMoved !== null) ? { porLlegarMovido: true } : {}),
  };
}
