import type { AccountPaySelection } from '@shared/api/account';
import type { ListQuery } from '@client/api/lists';
import { toListQuery } from '@client/app/pagedList';
import type { ChosenDocument, CurrentAccountState } from './currentAccountSlice';

/** The part of the store this feature reads. */
export interface CurrentAccountRootState {
  currentAccount: CurrentAccountState;
}

export const selectAccountList = (state: CurrentAccountRootState) => state.currentAccount.list;
/** The page, sort and filters the list asks the API for. */
export const selectAccountQuery = (state: CurrentAccountRootState): ListQuery => toListQuery(state.currentAccount.list);
export const selectAccountSummary = (state: CurrentAccountRootState) => state.currentAccount.summary;
export const selectChosen = (state: CurrentAccountRootState) => state.currentAccount.chosen;
export const selectPartialAmount = (state: CurrentAccountRootState) => state.currentAccount.partialAmount;
export const selectPartialRefused = (state: CurrentAccountRootState) => state.currentAccount.partialRefused;
export const selectPayPreview = (state: CurrentAccountRootState) => state.currentAccount.preview;
export const selectAccountPay = (state: CurrentAccountRootState) => state.currentAccount.pay;
export const selectClaim = (state: CurrentAccountRootState) => state.currentAccount.claim;

/** What adds to the debt among the chosen: a partial amount applies when it is the only one. */
export const debitsOf = (chosen: readonly ChosenDocument[]) => chosen.filter((doc) => doc.sign !== -1);

/**
 * The one document a partial amount may apply to: exactly one invoice, debit note or down payment chosen (credit notes
 * may go with it), seen in the list with its balance.
 */
export function partialCandidate(chosen: readonly ChosenDocument[]): ChosenDocument | null {
  const debits = debitsOf(chosen);
  return debits.length === 1 && debits[0]!.sign === 1 && debits[0]!.balance !== null ? debits[0]! : null;
}

/** The payment's documents as the API takes them (the partial amount on its one invoice), in the order chosen. */
export function payDocumentsOf(chosen: readonly ChosenDocument[], partialAmount: number | null): AccountPaySelection[] {
  const partial = partialAmount !== null ? partialCandidate(chosen) : null;
  return chosen.map((doc) =>
    partial && doc === partial ? { kind: doc.kind, docEntry: doc.docEntry, amount: partialAmount! } : { kind: doc.kind, docEntry: doc.docEntry },
  );
}

export const selectPayDocuments = (state: CurrentAccountRootState): AccountPaySelection[] =>
  payDocumentsOf(state.currentAccount.chosen, state.currentAccount.partialAmount);
