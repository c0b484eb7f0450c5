import * as yup from '../yup';
import { listQueryFields } from './lists';

// Requests of the sales reps' routes (docs/sales-reps.md), validated the same way on both sides.

export const REP_MSG = {
  cardCode: 'Código de cliente inválido',
  represented: 'Atendiendo a {name} ({rut})',
  ended: 'Terminó la atención de {name}',
  notEnded: 'No estaba atendiendo a ningún cliente',
  /** A rep's customer no longer assigned to them in the ERP (or never was): the API's 403, which the SPA recognises. */
  outOfScope: 'Este cliente no está en su cartera de clientes',
  /** A rep's token naming a representation that ended: the API's 403, which the SPA recognises. */
  representationEnded: 'La atención de este cliente terminó: elíjalo de nuevo en Mis clientes',
} as const;

/** The API's refusals that end a rep's representation in the SPA: the customer left their scope, or it ended elsewhere. */
export const REPRESENTATION_LOST: readonly string[] = [REP_MSG.outOfScope, REP_MSG.representationEnded];

/** A customer's ERP CardCode in a path ('C76123456'). */
export const repCardCodeParams = yup.object({
  cardCode: yup.string().trim().required(REP_MSG.cardCode).max(50, REP_MSG.cardCode).matches(/^[\w.-]+$/, REP_MSG.cardCode),
});
export type RepCardCodeParams = yup.InferType<typeof repCardCodeParams>;

/** POST /api/rep/represent/{cardCode} and /end: nothing to send (an empty object). */
export const repEmptySchema = yup.object({});

/** The columns 'Mis clientes' sorts by (GET /api/rep/customers `sort`). */
export const REP_CUSTOMER_SORTS = ['name', 'rut', 'comuna', 'credit'] as const;
export type RepCustomerSortKey = (typeof REP_CUSTOMER_SORTS)[number];
/** The largest page of 'Mis clientes' (each page reads the ERP: the customers, their overdue invoices, their last orders). */
export const REP_CUSTOMERS_MAX_PAGE = 100;

/** Query of GET /api/rep/customers: page, pageSize, sort, dir and `q` (name, rut or CardCode). */
export const repCustomersQuerySchema = yup.object(listQueryFields(REP_CUSTOMER_SORTS, { sort: 'name', dir: 'asc', pageSize: 20, maxPageSize: REP_CUSTOMERS_MAX_PAGE }));
export type RepCustomersQuery = yup.InferType<typeof repCustomersQuerySchema>;
