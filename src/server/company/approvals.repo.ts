// What the approval of orders by the buying company reads and writes (docs/company-people.md): the Comprador's limit
// and month's spending, the company's approvers, the orders waiting, and the decision (one conditional UPDATE on the
// order's state, so two approvers at once make one decision).
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { AWAITING, monthStart } from './approvalRules';
import type { Db, DbOrTx, Tx } from '../db/connect';
import { orderLines, orders, users, type OrderRow } from '../db/schema';
import { totalsColumns, type NewOrderLine, type OrderWithLines } from '../orders/orders.repo';
import type { OrderTotals } from '@shared/pricing';

/** A person of a company as the approval mails and screens name them. */
export interface PersonRef {
  id: number;
  username: string;
  fullName: string;
  email: string;
}

/**
 * Whether an order of `total` by this person must wait for the company's approval: a Comprador with a monthly limit
 * (read now, not from the session) whose order alone passes it, or whose orders of this month (not canceled, waiting
 * ones included) plus this one would. Inside the order's transaction: the person's row is locked first, so two orders
 * of the same person at once are decided one after the other (the second sees the first in the month's total).
 */
export async function mustWaitForCompany(tx: Tx, userId: number, total: number, now: Date = new Date()): Promise<boolean> {
  const [person] = await tx
    .select({ role: users.companyRole, limit: users.monthlyLimit, companyRut: users.companyRut })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!person || person.companyRut === '' || person.role !== 'COMPRADOR' || person.limit === null) return false;
  if (total > person.limit) return true;
  const [spent] = await tx
    .select({ sum: sql<string | null>`sum(${orders.total})` })
    .from(orders)
    .where(and(eq(orders.userId, userId), ne(orders.orderState, 'CANCELED'), sql`${orders.createdAt} >= ${monthStart(now).toISOString()}::timestamptz`));
  return Number(spent?.sum ?? 0) + total > person.limit;
}

export class ApprovalsRepo {
  constructor(private readonly db: Db) {}

  /** The enabled Aprobadores and Administradores of a company, but not `except` (the buyer). */
  approvers(companyRut: string, except: number, tx: DbOrTx = this.db): Promise<PersonRef[]> {
    return tx
      .select({ id: users.id, username: users.username, fullName: users.fullName, email: users.email })
      .from(users)
      .where(
        and(
          eq(users.companyRut, companyRut),
          eq(users.userType, 'USER'),
          eq(users.enabled, true),
          inArray(users.companyRole, ['APROBADOR', 'ADMINISTRADOR']),
          ne(users.id, except),
        ),
      )
      .orderBy(asc(users.id));
  }

  async person(id: number, tx: DbOrTx = this.db): Promise<PersonRef | undefined> {
    const [row] = await tx.select({ id: users.id, username: users.username, fullName: users.fullName, email: users.email }).from(users).where(eq(users.id, id));
    return row;
  }

  /** The company's orders waiting for its approval, oldest first, each with its lines and its buyer. */
  async waiting(companyRut: string): Promise<Array<OrderWithLines & { buyer: PersonRef }>> {
    const rows = await this.db
      .select({ order: orders, buyer: { id: users.id, username: users.username, fullName: users.fullName, email: users.email } })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(and(eq(orders.companyRut, companyRut), eq(orders.orderState, AWAITING)))
      .orderBy(asc(orders.id))
      .limit(500);
    if (rows.length === 0) return [];
    const lines = await this.db
      .select()
      .from(orderLines)
      .where(inArray(orderLines.orderId, rows.map((r) => r.order.id)))
      .orderBy(asc(orderLines.id));
    return rows.map(({ order, buyer }) => ({ order, buyer, lines: lines.filter((l) => l.orderId === order.id) }));
  }

  /**
   * Stores the order re-priced (its lines' prices and its totals), only while it still waits: false when it no longer
   * does. One transaction.
   */
  async reprice(id: number, lines: ReadonlyArray<Pick<NewOrderLine, 'sku' | 'price' | 'offerPct' | 'loyaltyPct' | 'priceOffer' | 'priceFinalUnit' | 'priceFinal' | 'descLinea'>>, totals: OrderTotals): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [locked] = await tx.select({ id: orders.id }).from(orders).where(and(eq(orders.id, id), eq(orders.orderState, AWAITING))).for('update');
      if (!locked) return false;
      for (const { sku, price, offerPct, loyaltyPct, priceOffer, priceFinalUnit, priceFinal, descLinea } of lines) {
        await tx
          .update(orderLines)
          .set({ price, offerPct, loyaltyPct, priceOffer, priceFinalUnit, priceFinal, descLinea })
          .where(and(eq(orderLines.orderId, id), eq(orderLines.sku, sku)));
      }
      await tx
        .update(orders)
        .set(totalsColumns(totals))
        .where(eq(orders.id, id));
      return true;
    });
  }

  /**
   * The decision, once: the waiting order moves to `to` (PROCESS approved, CANCELED rejected) with who decided, when,
   * and the reason. Undefined when it no longer waits (another approver was first).
   */
  async decide(tx: Tx, id: number, to: 'PROCESS' | 'CANCELED', by: number, note: string): Promise<OrderRow | undefined> {
    const [row] = await tx
      .update(orders)
      .set({ orderState: to, companyDecisionBy: by, companyDecisionAt: sql`now()`, companyDecisionNote: note.slice(0, 300) })
      .where(and(eq(orders.id, id), eq(orders.orderState, AWAITING)))
      .returning();
    return row;
  }
}
