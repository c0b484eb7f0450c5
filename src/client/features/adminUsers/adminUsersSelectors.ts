import type { Role } from '@shared/roles';
import { toListQuery } from '@client/app/pagedList';
import type { AdminUsersState } from './adminUsersSlice';

/**
 * The part of the store this feature reads: its own slice, and the current role read by shape (a feature never
 * imports another feature).
 */
export interface AdminUsersRootState {
  adminUsers: AdminUsersState;
  session: { role: Role | null };
}

export const selectUsersList = (state: AdminUsersRootState) => state.adminUsers.list;
export const selectUsersQuery = (state: AdminUsersRootState) => toListQuery(state.adminUsers.list);
export const selectEditedUser = (state: AdminUsersRootState) => state.adminUsers.user;
export const selectEditedUserId = (state: AdminUsersRootState) => state.adminUsers.userId;
export const selectUserSave = (state: AdminUsersRootState) => state.adminUsers.save;
export const selectUserDelete = (state: AdminUsersRootState) => state.adminUsers.remove;
export const selectCustomerCheck = (state: AdminUsersRootState) => state.adminUsers.customerCheck;
export const selectSalesPersons = (state: AdminUsersRootState) => state.adminUsers.salesPersons;
/** The logged-in admin's role: it decides which user types the form offers. */
export const selectCurrentRole = (state: AdminUsersRootState) => state.session.role;
