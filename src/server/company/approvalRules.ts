// The rules of the approval of orders by the buying company (docs/company-people.md): when an order must wait, and
// that a waiting order can be neither paid nor sent.
import { and, eq, ne, sql } from 'drizzle-orm';
import { fill } from '@shared/messages';
import { APPROVAL_MSG } from '@shared/schemas/companyApprovals';
import { chileTodayIso } from '@shared/workingDays';
import type { Tx } from '../db/connect';
import { orders, users, type OrderRow } from '../db/schema';
import { HttpError } from '../errors';
import { chileDayStart } from '../http/listQuery';

export const AWAITING = 'AWAITING_COMPANY_APPROVAL' as const;

/** The instant the current calendar month started in Santiago. */
export function monthStart(now: Date = new Date()): Date {
  return chileDayStart(`${chileTodayIso(now).slice(0, 7)}-01`);
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

/** An order that waits for its company's approval can be neither paid nor sent: a 409 that says so. */
export function refuseWhileWaiting(order: Pick<OrderRow, 'orderState' | 'purchaseOrderNumber'>): void {
  if (order.orderState === AWAITING) throw new HttpError(409, fill(APPROVAL_MSG.waitsForCompany, { number: order.purchaseOrderNumber ?? '' }));
}
