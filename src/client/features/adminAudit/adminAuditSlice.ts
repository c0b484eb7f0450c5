import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AuditList, AuditRow } from '@shared/api/adminAudit';
import { loggedOut, sessionExpired } from '@client/app/events';
import { createPagedList, type PagedList } from '@client/app/pagedList';

// 'Auditoría' (admin area): who changed what and when, filtered by who, kind of record, action and dates; each change
// opened shows its values before and after.

/** The list's filters ('' = any), named as the API's query. */
export type AuditFilters = { q: string; actor: string; entity: string; action: string; entityId: string; from: string; to: string };

export const AUDIT_NO_FILTERS: AuditFilters = { q: '', actor: '', entity: '', action: '', entityId: '', from: '', to: '' };
/** Newest first, as the API's default. */
export const AUDIT_DEFAULT_SORT = { sort: 'at', dir: 'desc' as const };
export const AUDIT_PAGE_SIZE = 25;

/** 'Auditoría': paged, sorted and filtered by the server. */
export const auditList = createPagedList<AuditRow, AuditFilters, AuditList>({
  name: 'adminAudit/list',
  filters: AUDIT_NO_FILTERS,
  sort: AUDIT_DEFAULT_SORT,
  pageSize: AUDIT_PAGE_SIZE,
});

export interface AdminAuditState {
  list: PagedList<AuditRow, AuditFilters>;
  /** The change whose before/after is open. */
  opened: AuditRow | null;
}

export const initialAdminAuditState: AdminAuditState = { list: auditList.initialState, opened: null };

const adminAuditSlice = createSlice({
  name: 'adminAudit',
  initialState: initialAdminAuditState,
  reducers: {
    /** 'Ver cambios' of a row. */
    auditChangeOpened(state, action: PayloadAction<AuditRow>) {
      state.opened = action.payload;
    },
    auditChangeClosed(state) {
      state.opened = null;
    },
  },
  // another admin may log in next: nothing of this one stays
  extraReducers: (builder) => auditList.nestIn(builder.addCase(loggedOut, () => initialAdminAuditState).addCase(sessionExpired, () => initialAdminAuditState)),
});

export const { auditChangeOpened, auditChangeClosed } = adminAuditSlice.actions;
export const adminAuditReducer = adminAuditSlice.reducer;
