import type { CompanyRole } from '../companyRoles';
import type { SalesEmployee } from './erp';
import type { RepScope, Role } from '../roles';

// User administration (R-ADM-USR-1, R-ADM-USR-2: /admin/users). Passwords are never answered.

/** A user as the admin screens see it: no password, no hash. `username` is the formatted rut ('76.123.456-0'). */
export interface AdminUser {
  id: number;
  username: string;
  email: string;
  address: string;
  cellphone: string;
  enabled: boolean;
  userType: Role;
  /**
   * The buying company a buyer belongs to (its rut; '' for staff): its own rut for the company's login, the company's
   * for another person of it (docs/company-people.md).
   */
  companyRut: string;
  /** The buyer's role inside the company; null for staff. */
  companyRole: CompanyRole | null;
  /** The person's name ('' when none). */
  fullName: string;
  /** A Comprador's monthly limit in pesos; null: none. */
  monthlyLimit: number | null;
  /** A sales rep's (VENDEDOR) ERP sales employee (SalesEmployeeCode); null for the other types. */
  salesPersonCode: number | null;
  /** A sales rep's customers: ASIGNADOS (those the ERP assigns to the employee) or TODOS; null for the other types. */
  repScope: RepScope | null;
}

/** GET /admin/users: by id; an ADMIN caller does not get ADMIN and SUPERADMIN users. */
export type AdminUserList = AdminUser[];

/**
 * POST /admin/users without id: creates (201, answers the AdminUser). A rut already used answers 409. A buyer (USER)
 * is either its company's own login (no companyRut, or its own rut: the rut must be an ERP customer, 400 'El rut no
 * corresponde a un cliente del ERP'; it is the company's Administrador) or a person of a company (companyRut another
 * rut, which must be an ERP customer: 400 'La empresa no es un cliente del ERP'; with fullName and companyRole, and for
 * a Comprador an optional monthlyLimit): the person's contact is added to the business partner in the ERP exactly once
 * (or the contact with that e-mail is linked). 503 with the ERP down. The new user must change the password at the
 * first login. A sales rep (VENDEDOR, created by an ADMIN or a SUPERADMIN) belongs to no company: it has fullName (its
 * name), salesPersonCode (an employee active in the ERP's SalesPersons now: 400 'El empleado de ventas no existe en el
 * ERP' / 'El empleado de ventas no está activo en el ERP' otherwise, 503 with the ERP down) and repScope; the other
 * types cannot have these two (400 'Solo un Vendedor tiene empleado de ventas y clientes').
 */
export interface CreateUserRequest {
  username: string;
  password: string;
  confirmPassword: string;
  email: string;
  address: string;
  cellphone: string;
  enabled: boolean;
  userType: Role;
  companyRut?: string;
  companyRole?: CompanyRole;
  fullName?: string;
  /** A Comprador's monthly limit in pesos; absent: none. */
  monthlyLimit?: number;
  /** A VENDEDOR's ERP sales employee (required for one, refused for the others). */
  salesPersonCode?: number;
  /** A VENDEDOR's scope (required for one, refused for the others). */
  repScope?: RepScope;
}

/**
 * POST /admin/users with id: updates (200, answers the AdminUser). The rut cannot change; an empty or missing
 * password keeps the current one; a new password or a deactivation ends the user's sessions, and a new password must
 * be changed by the user at the next login. A VENDEDOR's name, sales employee and scope change with it (the employee
 * checked as on creation); a user made a VENDEDOR needs them, one made another type loses them; a change of type to or
 * from VENDEDOR, or of a rep's sales employee, ends the user's sessions.
 */
export interface UpdateUserRequest extends Omit<CreateUserRequest, 'password' | 'confirmPassword' | 'companyRut' | 'companyRole' | 'fullName' | 'monthlyLimit'> {
  id: number;
  password?: string;
  confirmPassword?: string;
  /** A VENDEDOR's name (required for one; ignored for the other types). */
  fullName?: string;
}

export type SaveUserRequest = CreateUserRequest | UpdateUserRequest;

/**
 * GET /admin/users/erp-customer/{rut} (ADMIN and SUPERADMIN): the ERP customer a new buyer's rut belongs to, for the
 * form to show the company before saving. 404 'El rut no corresponde a un cliente del ERP' when the ERP has no
 * customer with that rut, 400 for an invalid rut, 503 'No se pudo consultar el ERP, inténtelo más tarde'.
 */
export interface ErpCustomerLookup {
  /** The rut, formatted ('76.123.456-0'). */
  rut: string;
  /** The ERP business partner code. */
  cardCode: string;
  /** The company name in the ERP. */
  name: string;
}

/**
 * GET /admin/sales-persons (ADMIN and SUPERADMIN): the ERP's active sales employees (B1 SalesPersons), by code, for the
 * form of a VENDEDOR. 503 'No se pudo consultar el ERP, inténtelo más tarde'.
 */
export type AdminSalesPersonList = SalesEmployee[];

/** DELETE /admin/users/{id}: 200 {message: 'Eliminado!'}. */
export interface DeleteUserResponse {
  message: string;
}

/**
 * GET /admin/users/list: users page by page for the 'Usuarios' screen (the plain GET /admin/users stays as it was). An
 * ADMIN caller does not get ADMIN and SUPERADMIN users. Query (userListQuerySchema in src/shared/schemas/users.ts),
 * all optional:
 *   q              rut (any writing, the user's or the company's), e-mail, the person's name or company name (ERP), contains
 *   role           USER | ADMIN | SUPERADMIN | VENDEDOR
 *   state          active | inactive
 *   company        one company's people: its rut, any writing
 *   companyRole    ADMINISTRADOR | COMPRADOR | APROBADOR | FINANZAS
 *   sort           id | username | email | address | cellphone | enabled | userType | companyName | createdAt | fullName |
 *                  companyRut | companyRole | salesPersonCode | repScope (default id)
 *   dir            asc | desc (default asc)
 *   page, pageSize 0-based page, 1..200 rows (default 0, 50)
 *   format         csv
 */
export interface AdminUserRow extends AdminUser {
  /** The buyer's company's ERP business partner; null for staff, or when the ERP could not be asked or has no such customer. */
  cardCode: string | null;
  /** The company name in the ERP (CardName); null as cardCode. */
  companyName: string | null;
  /** A rep's sales employee's name in the ERP (SalesEmployeeName); null for the other types, or when the ERP could not be asked or has no such employee. */
  salesPersonName: string | null;
  mustChangePassword: boolean;
  /** ISO. */
  createdAt: string;
}

export interface AdminUserPage {
  rows: AdminUserRow[];
  total: number;
  page: number;
  pageSize: number;
}
