import type { SessionUser } from '../plugins/auth';
import { actingOn } from '../security/acting';

/**
 * An order (a row, or one with its lines) of the company the caller acts for, or a 404. Another company's order is
 * answered as a missing one: order ids and numbers are sequential, and a different answer (a 403) would tell any buyer
 * which of them exist.
 */
export function ownOrder<T extends { companyRut: string } | { order: { companyRut: string } }>(user: Pick<SessionUser, 'role' | 'companyRut'>, found: T | undefined): T {
  return actingOn(user, found, (it) => ('order' in it ? it.order.companyRut : it.companyRut));
}
