import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CompanyApproval, CompanyApprovalChanges } from '@shared/api/companyApprovals';
import { loggedOut, sessionExpired } from '@client/app/events';
import { idleFlow, idleLoad, loadedWith, loadFailed, startLoading, type Flow, type Loadable, type LoadFailure } from '@client/app/loadable';

// Mi empresa: Por aprobar (Aprobadores and the Administrador): the company's waiting orders, and one decision at a
// time. The server decides everything (re-pricing, stock, credit); an approve refused because the order changed brings
// what changed, and the order as it is now replaces the one shown.

export interface ApprovalChangesState extends CompanyApprovalChanges {
  id: number;
  message: string;
}

export interface CompanyApprovalsState {
  list: Loadable<CompanyApproval[]>;
  decision: Flow;
  /** The last approve refused because prices or stock changed. */
  changes: ApprovalChangesState | null;
}

export const initialCompanyApprovalsState: CompanyApprovalsState = { list: idleLoad([]), decision: idleFlow, changes: null };

const slice = createSlice({
  name: 'companyApprovals',
  initialState: initialCompanyApprovalsState,
  reducers: {
    /** A screen of Por aprobar mounted, 'Reintentar', or a decision made elsewhere: the list read again. */
    approvalsOpened(state) {
      startLoading(state.list);
    },
    approvalsLoaded(state, action: PayloadAction<CompanyApproval[]>) {
      state.list = loadedWith(action.payload);
    },
    approvalsLoadFailed(state, action: PayloadAction<LoadFailure>) {
      loadFailed(state.list, action.payload);
    },
    /** 'Aprobar' (or 'Aprobar con los precios actuales'): confirmed first. */
    approveRequested(state, _action: PayloadAction<{ id: number }>) {
      state.decision = idleFlow;
    },
    /** The Rechazar dialog's valid reason: sent at once. */
    rejectRequested(state, _action: PayloadAction<{ id: number; reason: string }>) {
      state.decision = { status: 'running', error: null };
    },
    decisionStarted(state) {
      state.decision = { status: 'running', error: null };
    },
    decisionDeclined(state) {
      state.decision = idleFlow;
    },
    /** Approved or rejected: the order leaves the list. */
    decisionDone(state, action: PayloadAction<{ id: number }>) {
      state.decision = idleFlow;
      state.changes = null;
      state.list.data = state.list.data.filter((row) => row.id !== action.payload.id);
    },
    decisionFailed(state, action: PayloadAction<string>) {
      state.decision = { status: 'failed', error: action.payload };
    },
    /** The approve was refused because the order changed: what changed, and the order as it is now. */
    changesFound(state, action: PayloadAction<ApprovalChangesState>) {
      state.decision = idleFlow;
      state.changes = action.payload;
      const now = action.payload.approval;
      state.list.data = state.list.data.map((row) => (row.id === now.id ? now : row));
    },
  },
  // another person may log in next: nothing of this one stays
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialCompanyApprovalsState).addCase(sessionExpired, () => initialCompanyApprovalsState),
});

export const {
  approvalsOpened,
  approvalsLoaded,
  approvalsLoadFailed,
  approveRequested,
  rejectRequested,
  decisionStarted,
  decisionDeclined,
  decisionDone,
  decisionFailed,
  changesFound,
} = slice.actions;
export const companyApprovalsReducer = slice.reducer;

/** The part of the store this feature reads. */
export interface CompanyApprovalsRootState {
  companyApprovals: CompanyApprovalsState;
}
export const selectApprovals = (state: CompanyApprovalsRootState) => state.companyApprovals.list;
export const selectApproval = (state: CompanyApprovalsRootState, id: number) => state.companyApprovals.list.data.find((row) => row.id === id);
export const selectDecision = (state: CompanyApprovalsRootState) => state.companyApprovals.decision;
export const selectChanges = (state: CompanyApprovalsRootState) => state.companyApprovals.changes;
