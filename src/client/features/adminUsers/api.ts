import type { AdminUser, AdminUserList, DeleteUserResponse, SaveUserRequest } from '../../../shared/api/adminUsers';
import { http } from '../../api/http';

// Admin document section 7: the calls of user administration.

/** The users the caller may see (an ADMIN does not get ADMIN and SUPERADMIN users). */
export const fetchUsers = () => http.get<AdminUserList>('/admin/users');

export const fetchUser = (id: number) => http.get<AdminUser>(`/admin/users/${id}`);

/** Without id it creates (201), with one it updates (200); both answer the user. */
export const saveUser = (body: SaveUserRequest) => http.post<AdminUser>('/admin/users', body);

export const deleteUser = (id: number) => http.delete<DeleteUserResponse>(`/admin/users/${id}`);
