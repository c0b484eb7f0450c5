import type { Role } from '../roles';

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
}

/** GET /admin/users: by id; an ADMIN caller does not get ADMIN and SUPERADMIN users. */
export type AdminUserList = AdminUser[];

/**
 * POST /admin/users without id: creates (201, answers the AdminUser). A rut already used answers 409; a buyer (USER)
 * whose rut is not a customer in the ERP answers 400 'El rut no corresponde a un cliente del ERP' (503 with the ERP
 * down). The new user must change the password at the first login.
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
}

/**
 * POST /admin/users with id: updates (200, answers the AdminUser). The rut cannot change; an empty or missing
 * password keeps the current one; a new password or a deactivation ends the user's sessions, and a new password must
 * be changed by the user at the next login.
 */
export interface UpdateUserRequest extends Omit<CreateUserRequest, 'password' | 'confirmPassword'> {
  id: number;
  password?: string;
  confirmPassword?: string;
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

/** DELETE /admin/users/{id}: 200 {message: 'Eliminado!'}. */
export interface DeleteUserResponse {
  message: string;
}

/**
 * GET /admin/users/list: users page by page for the 'Usuarios' screen (the plain GET /admin/users stays as it was). An
 * ADMIN caller does not get ADMIN and SUPERADMIN users. Query (userListQuerySchema in src/shared/schemas/users.ts),
 * all optional:
 *   q              rut (any writing), e-mail or company name (ERP), contains
 *   role           USER | ADMIN | SUPERADMIN
 *   state          active | inactive
 *   sort           id | username | email | address | cellphone | enabled | userType | companyName | createdAt (default id)
 *   dir            asc | desc (default asc)
 *   page, pageSize 0-based page, 1..200 rows (default 0, 50)
 *   format         csv
 */
export interface AdminUserRow extends AdminUser {
  /** The buyer's ERP business partner; null for staff, or when the ERP could not be asked or has no such customer. */
  cardCode: string | null;
  /** The company name in the ERP (CardName); null as cardCode. */
  companyName: string | null;
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
