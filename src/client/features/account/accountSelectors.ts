import type { AccountState } from './accountSlice';

/**
 * The part of the store this feature reads: its own slice and, structurally, the session's ERP customer
 * (a feature does not import another one).
 */
export interface AccountRootState {
  account: AccountState;
  session: { profile: { idcliente: string } | null };
}

/** The ERP customer code of the logged-in buyer (its profile's idcliente), or null when the profile is missing. */
export const selectCustomerId = (state: AccountRootState) => state.session.profile?.idcliente || null;
export const selectPendingDocuments = (state: AccountRootState) => state.account.pending;
export const selectPurchaseHistory = (state: AccountRootState) => state.account.history;
export const selectHistoryDetail = (state: AccountRootState) => state.account.detail;
