import type { Role } from '../roles';

// User administration (admin document section 7: /admin/users). Passwords are never answered.

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

/** POST /admin/users without id: creates (201, answers the AdminUser). A rut already used answers 409. */
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
 * password keeps the current one; a new password or a deactivation ends the user's sessions.
 */
export interface UpdateUserRequest extends Omit<CreateUserRequest, 'password' | 'confirmPassword'> {
  id: number;
  password?: string;
  confirmPassword?: string;
}

export type SaveUserRequest = CreateUserRequest | UpdateUserRequest;

/** DELETE /admin/users/{id}: 200 {message: 'Eliminado!'}. */
export interface DeleteUserResponse {
  message: string;
}
