import { toListQuery } from '@client/app/pagedList';
import type { AdminAuditState } from './adminAuditSlice';

/** The part of the store this feature reads. */
export interface AdminAuditRootState {
  adminAudit: AdminAuditState;
}

export const selectAuditList = (state: AdminAuditRootState) => state.adminAudit.list;
export const selectAuditQuery = (state: AdminAuditRootState) => toListQuery(state.adminAudit.list);
export const selectOpenedChange = (state: AdminAuditRootState) => state.adminAudit.opened;
