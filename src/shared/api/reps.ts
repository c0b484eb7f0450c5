import type { RepScope } from '../roles';

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
