import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PendingDocument, PurchaseHistoryHeader, PurchaseHistoryLine } from '@shared/api/erp';
import { loggedOut, sessionExpired, type InvoicePaymentStart } from '@client/app/events';

export type LoadStatus = 'idle' | 'running' | 'loaded' | 'failed';

export interface ListState<T> {
  status: LoadStatus;
  items: T[];
  error: string | null;
}

export interface DetailState {
  /** The order whose popup is open; null when closed. */
  order: PurchaseHistoryHeader | null;
  status: LoadStatus;
  lines: PurchaseHistoryLine[];
  error: string | null;
}

export interface AccountState {
  pending: ListState<PendingDocument>;
  history: ListState<PurchaseHistoryHeader>;
  detail: DetailState;
}

export const initialAccountState: AccountState = {
  pending: { status: 'idle', items: [], error: null },
  history: { status: 'idle', items: [], error: null },
  detail: { order: null, status: 'idle', lines: [], error: null },
};

/** 'Pagar': the documents chosen (by docEntry) and the provider; the saga adds each one's balance. */
export interface PendingPaymentChoice {
  docEntries: number[];
  method: InvoicePaymentStart['method'];
}

const accountSlice = createSlice({
  name: 'account',
  initialState: initialAccountState,
  reducers: {
    /** /user/pending-payments mounted (or 'Reintentar'): the saga reads the open invoices. */
    pendingScreenOpened() {},
    pendingLoadStarted(state) {
      state.pending.status = 'running';
      state.pending.error = null;
    },
    pendingLoaded(state, action: PayloadAction<PendingDocument[]>) {
      state.pending = { status: 'loaded', items: action.payload, error: null };
    },
    pendingLoadFailed(state, action: PayloadAction<string>) {
      state.pending = { status: 'failed', items: [], error: action.payload };
    },
    /** 'Pagar' with the selection and the provider. */
    pendingPaymentSubmitted(_state, _action: PayloadAction<PendingPaymentChoice>) {},

    /** /user/purchase-history mounted (or 'Reintentar'). */
    historyScreenOpened() {},
    historyLoadStarted(state) {
      state.history.status = 'running';
      state.history.error = null;
    },
    historyLoaded(state, action: PayloadAction<PurchaseHistoryHeader[]>) {
      state.history = { status: 'loaded', items: action.payload, error: null };
    },
    historyLoadFailed(state, action: PayloadAction<string>) {
      state.history = { status: 'failed', items: [], error: action.payload };
    },

    /** The eye of one order: the popup opens at once and its lines load. */
    historyDetailOpened(state, action: PayloadAction<PurchaseHistoryHeader>) {
      state.detail = { order: action.payload, status: 'running', lines: [], error: null };
    },
    historyDetailLoaded(state, action: PayloadAction<{ docEntry: number; lines: PurchaseHistoryLine[] }>) {
      // an answer for an order whose popup is no longer open is dropped
      if (state.detail.order?.docEntry !== action.payload.docEntry) return;
      state.detail.status = 'loaded';
      state.detail.lines = action.payload.lines;
    },
    historyDetailLoadFailed(state, action: PayloadAction<{ docEntry: number; error: string }>) {
      if (state.detail.order?.docEntry !== action.payload.docEntry) return;
      state.detail.status = 'failed';
      state.detail.error = action.payload.error;
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
