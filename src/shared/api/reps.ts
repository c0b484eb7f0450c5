import type { RepScope } from '../roles';
import type { CustomerLastOrder } from './erp';

// The wholesaler's sales reps (VENDEDOR) and the customers they represent (docs/sales-reps.md).

/** The customer a rep's session acts for. */
export interface RepresentedCustomer {
  /** The customer's ERP CardCode. */
  cardCode: string;
  /** The customer's rut, formatted ('76.123.456-0'). */
  rut: string;
  /** Razón social. */
  name: string;
}

/** A rep's session as the SPA keeps it: their ERP link, their scope and the customer they act for now. */
export interface RepSessionInfo {
  /** The rep's ERP sales employee (SalesEmployeeCode); null when none is linked yet. */
  salesPersonCode: number | null;
  scope: RepScope;
  /** The rep's name. */
  name: string;
  /** The customer the session acts for; null when none. */
  representing: RepresentedCustomer | null;
}

/** POST /api/rep/represent/{cardCode} and POST /api/rep/represent/end: the new token and the rep's session. */
export interface RepresentResponse {
  /** JWT naming the representation (or none, after ending it): replaces the session's token. */
  token: string;
  rep: RepSessionInfo;
  message: string;
}

/** GET /api/rep/customers: one customer of 'Mis clientes', with what a rep needs before a visit. */
export interface RepCustomerRow {
  /** The customer's ERP CardCode: what 'Representar' names. */
  cardCode: string;
  /** The customer's rut, formatted ('76.123.456-0'). */
  rut: string;
  /** Razón social. */
  name: string;
  /** The comuna of the customer's default billing address ('' when none). */
  comuna: string;
  /** Blocked in the ERP: the customer may not order (a rep may still build a cart and quote for them). */
  blocked: boolean;
  /** Why: each blocking flag's text as the ERP gives it ('Bloqueado por morosidad'); empty when not blocked. */
  blockedReasons: string[];
  /** Approved credit (the ERP's credit limit). */
  creditLimit: number;
  /** Credit still available (approved − balance − open orders, never below 0). */
  availableCredit: number;
  /** The unpaid part of the customer's open invoices past their due date. */
  overdue: number;
  /** The customer's newest sales order in the ERP; null when none. */
  lastOrder: CustomerLastOrder | null;
}

/** GET /api/rep/customers: a page of the rep's customers ('Mis clientes'). */
export interface RepCustomerList {
  rows: RepCustomerRow[];
  total: number;
  page: number;
  pageSize: number;
  /** Why the list is empty when it cannot hold anything (a rep not linked to an ERP sales employee); null otherwise. */
  message: string | null;
}
