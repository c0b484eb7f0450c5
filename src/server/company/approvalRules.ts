// The rules of the approval of orders by the buying company (docs/company-people.md): when an order must wait, and
// that a waiting order can be neither paid nor sent.
import { fill } from '@shared/messages';
import { APPROVAL_MSG } from '@shared/schemas/companyApprovals';
import { chileTodayIso } from '@shared/workingDays';
import type { OrderRow } from '../db/schema';
import { HttpError } from '../errors';
import { chileDayStart } from '../http/listQuery';

export const AWAITING = 'AWAITING_COMPANY_APPROVAL' as const;

/** The instant the current calendar month started in Santiago. */
export function monthStart(now: Date = new Date()): Date {
  return chileDayStart(`${chileTodayIso(now).slice(0, 7)}-01`);
}

/** An order that waits for its company's approval can be neither paid nor sent: a 409 that says so. */
export function refuseWhileWaiting(order: Pick<OrderRow, 'orderState' | 'purchaseOrderNumber'>): void {
  if (order.orderState === AWAITING) throw new HttpError(409, fill(APPROVAL_MSG.waitsForCompany, { number: order.purchaseOrderNumber ?? '' }));
}
