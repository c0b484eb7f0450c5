import type { AccountStatementState } from './accountStatementSlice';

/** The part of the store this feature reads. */
export interface AccountStatementRootState {
  accountStatement: AccountStatementState;
}

export const selectStatementPeriod = (state: AccountStatementRootState) => state.accountStatement.period;
export const selectStatement = (state: AccountStatementRootState) => state.accountStatement.statement;
export const selectStatementDownloads = (state: AccountStatementRootState) => state.accountStatement.downloads;
export const selectStatementPayments = (state: AccountStatementRootState) => state.accountStatement.payments;
export const selectAccountDocument = (state: AccountStatementRootState) => state.accountStatement.document;
export const selectDocumentFiles = (state: AccountStatementRootState) => state.accountStatement.documentFiles;
