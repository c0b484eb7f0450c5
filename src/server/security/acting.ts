import { HttpError } from '../errors';
import type { SessionUser } from '../plugins/auth';
import { SERVER_MSG } from '../messages';

/**
 * The one decision "may this session act on this company's data" (docs/company-people.md). Who is logged in (the
 * person) and which company they act for are two things: a buying company's orders, payments, invoices, profile and
 * people are reached through the session's acting company, never through the person's id. Admins act for no company; a
 * sales rep acts for the customer they represent (docs/sales-reps.md).
 */
export function mayActFor(user: Pick<SessionUser, 'role' | 'companyRut'>, companyRut: string | null | undefined): boolean {
  // a rep's companyRut is the customer they represent, set only while the representation is open and in their scope
  return (user.role === 'USER' || user.role === 'VENDEDOR') && user.companyRut !== '' && user.companyRut === companyRut;
}

/**
 * The thing of a company when the session may act on it, else a 404 with `missing`: ids and numbers are sequential, and
 * a different answer (a 403) would tell any buyer which of another company's exist.
 */
export function actingOn<T>(user: Pick<SessionUser, 'role' | 'companyRut'>, found: T | undefined, companyOf: (found: T) => string, missing: string = SERVER_MSG.orderNotFound): T {
  if (found === undefined || !mayActFor(user, companyOf(found))) throw new HttpError(404, missing);
  return found;
}
