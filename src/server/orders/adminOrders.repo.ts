import { and, asc, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AdminPaymentStatus } from '@shared/api/adminOrders';
import type { AdminOrderListQuery, AdminOrderSort } from '@shared/schemas/adminOrders';
import type { Db } from '../db/connect';
import { orderLines, orders, payments, users, type OrderLineRow, type OrderRow, type PaymentRow, type UserRow } from '../db/schema';
import { containsPattern, dayRange } from '../http/listQuery';

// The admin area's reads of orders: the list (filters, sort and pages in SQL, one statement for the page and one for the
// count) and everything one order's detail shows.

/** The order's latest payment state, 'NONE' without one. */
const paymentStatus = sql<AdminPaymentStatus>`coalesce((select p.state::text from payments p where p.order_id = ${sql.raw('"orders"."id"')} order by p.id desc limit 1), 'NONE')`;

const ROW = {
  id: orders.id,
  number: sql<string>`coalesce(${orders.purchaseOrderNumber}, '')`,
  orderType: orders.orderType,
  orderState: orders.orderState,
  paymentMethod: orders.paymentMethod,
  paymentStatus,
  erpStatus: orders.erpStatus,
  erpDocNum: orders.erpDocNum,
  total: orders.total,
  createdAt: orders.createdAt,
  userId: orders.userId,
  rut: orders.companyRut,
  personName: users.fullName,
  personRut: users.username,
  cardCode: orders.cardCode,
  hasChequePhoto: sql<boolean>`(${orders.chequeFileKey} is not null)`,
  repName: orders.repName,
};

export interface AdminOrderDbRow {
  id: number;
  number: string;
  orderType: OrderRow['orderType'];
  orderState: OrderRow['orderState'];
  paymentMethod: OrderRow['paymentMethod'];
  paymentStatus: AdminPaymentStatus;
  erpStatus: OrderRow['erpStatus'];
  erpDocNum: number | null;
  total: number;
  createdAt: Date;
  userId: number;
  /** The company's rut. */
  rut: string;
  /** Who placed it: the person's name ('' when none) and login rut. */
  personName: string;
  personRut: string;
  cardCode: string;
  hasChequePhoto: boolean;
  /** The sales rep who wrote it ('' when none). */
  repName: string;
}

/** The SQL of each sortable column (companyName is sorted by the service: the names live in the ERP). */
const SORTS: Record<Exclude<AdminOrderSort, 'companyName'>, SQL> = {
  number: sql`${orders.id}`,
  createdAt: sql`${orders.createdAt}`,
  orderType: sql`${orders.orderType}`,
  orderState: sql`${orders.orderState}`,
  paymentMethod: sql`${orders.paymentMethod}`,
  paymentStatus: sql`${paymentStatus}`,
  erpStatus: sql`${orders.erpStatus}`,
  erpDocNum: sql`${orders.erpDocNum}`,
  total: sql`${orders.total}`,
  rut: sql`${orders.companyRut}`,
  personName: sql`coalesce(nullif(${users.fullName}, ''), ${users.username})`,
  cardCode: sql`${orders.cardCode}`,
  repName: sql`${orders.repName}`,
};

/**
 * The orders a sales rep may read (docs/sales-reps.md, "Mis pedidos del vendedor"): those the rep wrote, and those of the
 * customers `cardCodes` ('all' for a rep of every customer).
 */
export interface RepOrderScope {
  repUserId: number;
  cardCodes: readonly string[] | 'all';
}

/**
 * The filters of a list query; `nameCodes` are the card codes whose ERP company name matches the search text; `rep`
 * keeps the orders a sales rep may read.
 */
export type OrderFilters = Omit<AdminOrderListQuery, 'page' | 'pageSize' | 'sort' | 'dir' | 'format'> & { nameCodes?: readonly string[]; rep?: RepOrderScope };

/** The condition of the orders a rep may read; undefined for every order. */
export function repScopeCondition(scope: RepOrderScope): SQL | undefined {
  if (scope.cardCodes === 'all') return undefined;
  const own = eq(orders.repUserId, scope.repUserId);
  return scope.cardCodes.length ? or(own, inArray(orders.cardCode, [...scope.cardCodes])) : own;
}

/** Dots, dashes and spaces out, upper case: how a rut is compared ('76.123.456-k' ~ '761234567K'). */
export const compactForSearch = (text: string) => text.toUpperCase().replace(/[.\-\s]/g, '');

function conditions(f: OrderFilters): SQL | undefined {
  const where: SQL[] = [];
  if (f.state) where.push(eq(orders.orderState, f.state));
  if (f.orderType) where.push(eq(orders.orderType, f.orderType));
  if (f.paymentMethod) where.push(eq(orders.paymentMethod, f.paymentMethod));
  if (f.paymentStatus) where.push(sql`${paymentStatus} = ${f.paymentStatus}`);
  if (f.erpStatus) where.push(eq(orders.erpStatus, f.erpStatus));
  // pre-orders (docs/incoming.md): with a line por llegar, or with one whose arrival the ERP moved
  if (f.porLlegar) {
    const moved = f.porLlegar === 'MOVIDOS' ? sql` and l.ship_date_moved is not null` : sql``;
    where.push(sql`exists (select 1 from order_lines l where l.order_id = ${orders.id} and l.ship_date is not null${moved})`);
  }
  if (f.userId) where.push(eq(orders.userId, f.userId));
  const inScope = f.rep && repScopeCondition(f.rep);
  if (inScope) where.push(inScope);
  const { since, before } = dayRange(f.from, f.to);
  if (since) where.push(gte(orders.createdAt, since));
  if (before) where.push(lt(orders.createdAt, before));
  if (f.q) {
    const text = f.q.trim();
    const any: SQL[] = [ilike(sql`coalesce(${orders.purchaseOrderNumber}, '')`, containsPattern(text)), ilike(orders.cardCode, containsPattern(text))];
    const compact = compactForSearch(text);
    // the company's rut or the person's, in any writing
    if (/^[0-9K]{2,}$/.test(compact)) {
      for (const rut of [orders.companyRut, users.username]) any.push(sql`replace(replace(upper(${rut}), '.', ''), '-', '') like ${containsPattern(compact)}`);
    }
    any.push(ilike(users.fullName, containsPattern(text)), ilike(orders.repName, containsPattern(text)));
    if (f.nameCodes?.length) any.push(inArray(orders.cardCode, [...f.nameCodes]));
    where.push(or(...any)!);
  }
  return where.length ? and(...where) : undefined;
}

export class AdminOrdersRepo {
  constructor(private readonly db: Db) {}

  /** The rows the filters select, sorted by `sort` (ties: newest first) and windowed; `sort` undefined: newest first. */
  async list(filters: OrderFilters, sort: { column?: Exclude<AdminOrderSort, 'companyName'>; dir: 'asc' | 'desc' }, window: { limit: number; offset: number }): Promise<AdminOrderDbRow[]> {
    const order = sort.dir === 'asc' ? asc : desc;
    const rows = await this.db
      .select(ROW)
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(conditions(filters))
      .orderBy(...(sort.column ? [order(SORTS[sort.column])] : []), desc(orders.id))
      .limit(window.limit)
      .offset(window.offset);
    return rows.map((r) => ({ ...r, hasChequePhoto: r.hasChequePhoto === true || (r.hasChequePhoto as unknown) === 't' }));
  }

  async count(filters: OrderFilters): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(conditions(filters));
    return Number(row?.n ?? 0);
  }

  /** Every card code that has an order (the company-name search looks among them). */
  async cardCodes(): Promise<string[]> {
    const rows = await this.db.selectDistinct({ cardCode: orders.cardCode }).from(orders);
    return rows.map((r) => r.cardCode);
  }

  /** One order with its lines, buyer and payments (newest first); with `rep`, only an order the rep may read. */
  async detail(id: number, rep?: RepOrderScope): Promise<{ order: OrderRow; lines: OrderLineRow[]; user: UserRow; payments: PaymentRow[] } | undefined> {
    const [found] = await this.db
      .select({ order: orders, user: users })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(and(eq(orders.id, id), rep ? repScopeCondition(rep) : undefined));
    if (!found) return undefined;
    const [lines, paid] = await Promise.all([
      this.db.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.id)),
      this.db.select().from(payments).where(eq(payments.orderId, id)).orderBy(desc(payments.id)),
    ]);
    return { order: found.order, lines, user: found.user, payments: paid };
  }

  /** Payments of these orders, oldest first. */
  paymentsOf(orderIds: readonly number[]): Promise<PaymentRow[]> {
    if (orderIds.length === 0) return Promise.resolve([]);
    return this.db.select().from(payments).where(inArray(payments.orderId, [...orderIds])).orderBy(asc(payments.id));
  }
}
