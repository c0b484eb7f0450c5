import type { AdminUser, AdminUserList, DeleteUserResponse, ErpCustomerLookup, SaveUserRequest } from '@shared/api/adminUsers';
import { http, type RequestOptions } from '@client/api/http';

// Admin document section 7: the calls of user administration.

/** The users the caller may see (an ADMIN does not get ADMIN and SUPERADMIN users). */
export const fetchUsers = (options?: RequestOptions) => http.get<AdminUserList>('/admin/users', options);

export const fetchUser = (id: number, options?: RequestOptions) => http.get<AdminUser>(`/admin/users/${id}`, options);

/** Without id it creates (201), with one it updates (200); both answer the user. */
export const saveUser = (body: SaveUserRequest, options?: RequestOptions) => http.post<AdminUser>('/admin/users', body, options);

export const deleteUser = (id: number, options?: RequestOptions) => http.delete<DeleteUserResponse>(`/admin/users/${id}`, options);

/** GET /admin/users/erp-customer/:rut: the ERP customer a buyer's rut belongs to. */
export type ErpCustomer = ErpCustomerLookup;

/** 404 when the rut is not an ERP customer, 503 when the ERP does not answer (both with a Spanish message). */
export const fetchErpCustomer = (rut: string, options?: RequestOptions) => http.get<ErpCustomer>(`/admin/users/erp-customer/${encodeURIComponent(rut)}`, options);
