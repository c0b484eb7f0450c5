import type { PendingDocument } from '@shared/api/erp';

/**
 * The Data Grid's row selection (v8+): 'include' lists the selected ids, 'exclude' the unselected ones (select-all
 * gives `{type: 'exclude', ids: ∅}`). Structural, so this module does not load the grid.
 */
export interface RowSelection {
  type: 'include' | 'exclude';
  ids: Set<string | number>;
}

export const noSelection = (): RowSelection => ({ type: 'include', ids: new Set() });

/** The documents the buyer ticked, in list order. */
export function selectedDocuments(documents: readonly PendingDocument[], selection: RowSelection): PendingDocument[] {
  return documents.filter((doc) => selection.ids.has(doc.docEntry) === (selection.type === 'include'));
}

/** 'Total Seleccionado': the sum of the selected balances. */
export function totalOf(documents: readonly PendingDocument[]): number {
  return documents.reduce((sum, doc) => sum + doc.saldoaPagar, 0);
}
