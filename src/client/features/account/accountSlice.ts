import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PendingDocument, PurchaseHistoryHeader, PurchaseHistoryLine } from '@shared/api/erp';
import { loggedOut, sessionExpired, type InvoicePaymentStart } from '@client/app/events';
import { idleLoad, loadFailed, type Loadable, type LoadFailure } from '@client/app/loadable';
import { wholeListLoad } from '@client/app/pagedList';

/** The lines of one order (data), loaded when its popup opens. */
export interface DetailState extends Loadable<PurchaseHistoryLine[]> {
  /** The order whose popup is open; null when closed. */
  order: PurchaseHistoryHeader | null;
}

export interface AccountState {
  pending: Loadable<PendingDocument[]>;
  history: Loadable<PurchaseHistoryHeader[]>;
  detail: DetailState;
}

export const initialAccountState: AccountState = {
  pending: idleLoad([]),
  history: idleLoad([]),
  detail: { order: null, ...idleLoad([]) },
};

/** 'Pagar': the documents chosen (by docEntry) and the provider; the saga adds each one's balance. */
export interface PendingPaymentChoice {
  docEntries: number[];
  method: InvoicePaymentStart['method'];
}

/** The open invoices and the purchase history, each answered whole by the ERP (the grids page them in the browser). */
const pending = wholeListLoad<PendingDocument, 'pending'>('pending');
const history = wholeListLoad<PurchaseHistoryHeader, 'history'>('history');

const accountSlice = createSlice({
  name: 'account',
  initialState: initialAccountState,
  reducers: {
    /** /user/pending-payments mounted (or 'Reintentar'): the saga reads the open invoices. */
    pendingScreenOpened() {},
    pendingLoadStarted: pending.started,
    pendingLoaded: pending.loaded,
    pendingLoadFailed: pending.failed,
    /** 'Pagar' with the selection and the provider. */
    pendingPaymentSubmitted(_state, _action: PayloadAction<PendingPaymentChoice>) {},

    /** /user/purchase-history mounted (or 'Reintentar'). */
    historyScreenOpened() {},
    historyLoadStarted: history.started,
    historyLoaded: history.loaded,
    historyLoadFailed: history.failed,

    /** The eye of one order: the popup opens at once and its lines load. */
    historyDetailOpened(state, action: PayloadAction<PurchaseHistoryHeader>) {
      state.detail = { order: action.payload, status: 'loading', data: [], error: null };
    },
    historyDetailLoaded(state, action: PayloadAction<{ docEntry: number; lines: PurchaseHistoryLine[] }>) {
      // an answer for an order whose popup is no longer open is dropped
      if (state.detail.order?.docEntry !== action.payload.docEntry) return;
      state.detail.status = 'loaded';
      state.detail.data = action.payload.lines;
    },
    historyDetailLoadFailed(state, action: PayloadAction<{ docEntry: number } & LoadFailure>) {
      if (state.detail.order?.docEntry !== action.payload.docEntry) return;
      loadFailed(state.detail, action.payload);
    },
    historyDetailClosed(state) {
      state.detail = initialAccountState.detail;
    },
  },
  // another buyer may log in next: nothing of this one stays
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialAccountState).addCase(sessionExpired, () => initialAccountState),
});

export const {
  pendingScreenOpened,
  pendingLoadStarted,
  pendingLoaded,
  pendingLoadFailed,
  pendingPaymentSubmitted,
  historyScreenOpened,
  historyLoadStarted,
  historyLoaded,
  historyLoadFailed,
  historyDetailOpened,
  historyDetailLoaded,
  historyDetailLoadFailed,
  historyDetailClosed,
} = accountSlice.actions;
export const accountReducer = accountSlice.reducer;
