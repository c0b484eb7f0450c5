import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { StockAlert } from '@shared/api/stockAlerts';
import { actingCompanyChanged, loggedOut, sessionExpired } from '@client/app/events';
import { idleLoad, loadedWith, loadFailed, startLoading, type Loadable, type LoadFailure } from '@client/app/loadable';

// 'Avísame cuando llegue' (docs/stock-alerts.md): the buyer's alerts (the profile's 'Avisos de stock' and the sizes at 0
// of the product detail and the grid read them), a subscription on its way per size, a removal waiting to be confirmed.

export interface StockAlertsState {
  list: Loadable<StockAlert[]>;
  /** Sizes whose 'Avísame cuando llegue' is on its way. */
  subscribing: string[];
  /** The alert whose 'Quitar' is being confirmed or sent. */
  removing: number | null;
}

export const initialStockAlertsState: StockAlertsState = { list: idleLoad([]), subscribing: [], removing: null };

const stockAlertsSlice = createSlice({
  name: 'stockAlerts',
  initialState: initialStockAlertsState,
  reducers: {
    /** The profile's section opened, or a size at 0 shown: the saga loads the list (once, unless `force`). */
    stockAlertsNeeded(state, _action: PayloadAction<{ force?: boolean } | undefined>) {
      if (state.list.status !== 'loading') startLoading(state.list);
    },
    stockAlertsLoaded(state, action: PayloadAction<StockAlert[]>) {
      state.list = loadedWith(action.payload);
    },
    stockAlertsLoadFailed(state, action: PayloadAction<LoadFailure>) {
      loadFailed(state.list, action.payload);
    },
    /** 'Avísame cuando llegue' on a size. */
    subscribeRequested(state, action: PayloadAction<string>) {
      if (!state.subscribing.includes(action.payload)) state.subscribing.push(action.payload);
    },
    subscribeDone(state, action: PayloadAction<StockAlert>) {
      const alert = action.payload;
      state.subscribing = state.subscribing.filter((sku) => sku !== alert.sku);
      state.list.data = [alert, ...state.list.data.filter((a) => a.id !== alert.id)];
    },
    subscribeFailed(state, action: PayloadAction<string>) {
      state.subscribing = state.subscribing.filter((sku) => sku !== action.payload);
    },
    /** 'Quitar': the saga asks for confirmation, then removes it. */
    removeRequested(state, action: PayloadAction<StockAlert>) {
      state.removing = action.payload.id;
    },
    removeDone(state, action: PayloadAction<number>) {
      state.list.data = state.list.data.filter((a) => a.id !== action.payload);
      state.removing = null;
    },
    /** Declined, or refused: the alert stays. */
    removeEnded(state) {
      state.removing = null;
    },
  },
  extraReducers: (builder) => {
    const reset = () => initialStockAlertsState;
    builder.addCase(loggedOut, reset).addCase(sessionExpired, reset).addCase(actingCompanyChanged, reset);
  },
});

export const {
  stockAlertsNeeded,
  stockAlertsLoaded,
  stockAlertsLoadFailed,
  subscribeRequested,
  subscribeDone,
  subscribeFailed,
  removeRequested,
  removeDone,
  removeEnded,
} = stockAlertsSlice.actions;
export const stockAlertsReducer = stockAlertsSlice.reducer;

interface WithStockAlerts {
  stockAlerts?: StockAlertsState;
}
export const selectStockAlerts = (state: WithStockAlerts) => (state.stockAlerts ?? initialStockAlertsState).list;
export const selectSubscribing = (state: WithStockAlerts) => (state.stockAlerts ?? initialStockAlertsState).subscribing;
export const selectRemoving = (state: WithStockAlerts) => (state.stockAlerts ?? initialStockAlertsState).removing;
/** Whether an alert of the buyer watches the size already ('Te avisaremos'): waiting, or notified and still watching. */
export const selectWaitsFor = (sku: string) => (state: WithStockAlerts) =>
  (state.stockAlerts ?? initialStockAlertsState).list.data.some((a) => a.sku === sku && (a.state === 'WAITING' || a.state === 'NOTIFIED'));
