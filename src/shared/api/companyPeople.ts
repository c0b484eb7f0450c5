import type { CompanyRole } from '../companyRoles';

// The people of a buying company (docs/company-people.md): /api/user/company/people, for the company's Administrador.

/** One person of the caller's company, the company's own login included. */
export interface CompanyPerson {
  id: number;
  /** The login rut, formatted ('12.456.789-0'): the person's own, or the company's for the company login. */
  rut: string;
  /** The whole name ('' for a company login created before people existed). */
  name: string;
  email: string;
  phone: string;
  role: CompanyRole;
  /** A Comprador's monthly limit in pesos with VAT; null: no limit. */
  monthlyLimit: number | null;
  active: boolean;
  /** The ERP contact person (InternalCode); null when none. */
  contactCode: number | null;
  /** Whether this is the company's own login (its rut is the company's). */
  companyLogin: boolean;
  /** ISO date and time. */
  createdAt: string;
}

/** GET /api/user/company/people: by id. */
export type CompanyPeopleList = CompanyPerson[];

/** POST /api/user/company/people (201), PUT /:id, POST /:id/deactivate and /:id/reactivate: the person after the change. */
export interface CompanyPersonAnswer {
  person: CompanyPerson;
  message: string;
}
