import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AuditList, AuditRow } from '@shared/api/adminAudit';
import { loggedOut, sessionExpired } from '@client/app/events';
import { idleFlow, type LoadFailure } from '@client/app/loadable';
import { changeList, listLoaded, listLoadFailed, listLoadStarted, pagedList, type ListChange, type PagedList } from '@client/app/pagedList';

// 'Auditoría' (admin area): who changed what and when, filtered by who, kind of record, action and dates; each change
// opened shows its values before and after.

/** The list's filters ('' = any), named as the API's query. */
export type AuditFilters = { q: string; actor: string; entity: string; action: string; entityId: string; from: string; to: string };

export const AUDIT_NO_FILTERS: AuditFilters = { q: '', actor: '', entity: '', action: '', entityId: '', from: '', to: '' };
/** Newest first, as the API's default. */
export const AUDIT_DEFAULT_SORT = { sort: 'at', dir: 'desc' as const };
export const AUDIT_PAGE_SIZE = 25;

/** The filters typed as text: they change the list after a pause in the typing. */
export const AUDIT_TYPED_FILTERS = ['q', 'actor', 'entityId'] as const;
export type AuditTypedFilter = (typeof AUDIT_TYPED_FILTERS)[number];

export interface AdminAuditState {
  list: PagedList<AuditRow, AuditFilters>;
  /** The change whose before/after is open. */
  opened: AuditRow | null;
}

export const initialAdminAuditState: AdminAuditState = {
  list: pagedList<AuditRow, AuditFilters>(AUDIT_NO_FILTERS, { ...AUDIT_DEFAULT_SORT, pageSize: AUDIT_PAGE_SIZE }),
  opened: null,
};

const adminAuditSlice = createSlice({
  name: 'adminAudit',
  initialState: initialAdminAuditState,
  reducers: {
    /** /admin/audit mounted (or 'Reintentar'). */
    auditListOpened() {},
    auditListChanged(state, action: PayloadAction<ListChange<AuditFilters>>) {
      changeList(state.list, action.payload, AUDIT_DEFAULT_SORT);
    },
    /** A key in a text filter (search, who, id): the saga waits for a pause. */
    auditFilterTyped(state, action: PayloadAction<{ name: AuditTypedFilter; value: string }>) {
      changeList(state.list, { filters: { [action.payload.name]: action.payload.value } }, AUDIT_DEFAULT_SORT);
    },
    auditFiltersCleared(state) {
      changeList(state.list, { filters: AUDIT_NO_FILTERS }, AUDIT_DEFAULT_SORT);
    },
    auditLoadStarted(state) {
      listLoadStarted(state.list);
    },
    auditLoaded(state, action: PayloadAction<AuditList>) {
      listLoaded(state.list, action.payload);
    },
    auditLoadFailed(state, action: PayloadAction<LoadFailure>) {
      listLoadFailed(state.list, action.payload);
    },
    auditExportRequested(state) {
      state.list.exporting = { status: 'running', error: null };
    },
    auditExported(state) {
      state.list.exporting = idleFlow;
    },
    auditExportFailed(state, action: PayloadAction<string>) {
      state.list.exporting = { status: 'failed', error: action.payload };
    },
    /** 'Ver cambios' of a row. */
    auditChangeOpened(state, action: PayloadAction<AuditRow>) {
      state.opened = action.payload;
    },
    auditChangeClosed(state) {
      state.opened = null;
    },
  },
  // another admin may log in next: nothing of this one stays
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialAdminAuditState).addCase(sessionExpired, () => initialAdminAuditState),
});

export const {
  auditListOpened,
  auditListChanged,
  auditFilterTyped,
  auditFiltersCleared,
  auditLoadStarted,
  auditLoaded,
  auditLoadFailed,
  auditExportRequested,
  auditExported,
  auditExportFailed,
  auditChangeOpened,
  auditChangeClosed,
} = adminAuditSlice.actions;
export const adminAuditReducer = adminAuditSlice.reducer;
