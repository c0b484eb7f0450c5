import type { AdminSalesPersonList, AdminUser, AdminUserPage, DeleteUserResponse, ErpCustomerLookup, SaveUserRequest } from '@shared/api/adminUsers';
import { http, type RequestOptions } from '@client/api/http';
import { downloadListCsv, fetchListPage, type ListQuery } from '@client/api/lists';

// The calls of user administration.

/**
 * A page of the users the caller may see (an ADMIN does not get ADMIN and SUPERADMIN users): search by rut, e-mail or
 * company name, role and state filters, any column's sort, with the company's name from the ERP.
 */
export const fetchUsers = (query: ListQuery, options?: RequestOptions) => fetchListPage<AdminUserPage>('/admin/users/list', query, options);

/** Every user the search and filters select, as CSV. */
export const downloadUsersCsv = (query: ListQuery, options?: RequestOptions) => downloadListCsv('/admin/users/list', query, 'usuarios.csv', options);

export const fetchUser = (id: number, options?: RequestOptions) => http.get<AdminUser>(`/admin/users/${id}`, options);

/** Without id it creates (201), with one it updates (200); both answer the user. */
export const saveUser = (body: SaveUserRequest, options?: RequestOptions) => http.post<AdminUser>('/admin/users', body, options);

export const deleteUser = (id: number, options?: RequestOptions) => http.delete<DeleteUserResponse>(`/admin/users/${id}`, options);

/** GET /admin/users/erp-customer/:rut: the ERP customer a buyer's rut belongs to. */
export type ErpCustomer = ErpCustomerLookup;

/** 404 when the rut is not an ERP customer, 503 when the ERP does not answer (both with a Spanish message). */
export const fetchErpCustomer = (rut: string, options?: RequestOptions) => http.get<ErpCustomer>(`/admin/users/erp-customer/${encodeURIComponent(rut)}`, options);

/** GET /admin/sales-persons: the ERP's active sales employees, for a sales rep's form (503 with the ERP down). */
export const fetchSalesPersons = (options?: RequestOptions) => http.get<AdminSalesPersonList>('/admin/sales-persons', options);
