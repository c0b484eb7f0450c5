import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RepOrderDetail, RepOrderList, RepOrderRow } from '@shared/api/repOrders';
import { loggedOut, sessionExpired } from '@client/app/events';
import { idleLoad, loadedWith, loadFailed, startLoading, type Loadable, type LoadFailure } from '@client/app/loadable';
import { createPagedList, type PagedList } from '@client/app/pagedList';

// 'Mis pedidos del vendedor' (docs/sales-reps.md): the orders a sales rep placed and those of their customers (search,
// state, sort, pages by the server) and one order's story, read-only.

/** The list's filters ('' = any), named as the API's query. */
export type RepOrderFilters = { q: string; state: string; from: string; to: string };

export const REP_ORDER_NO_FILTERS: RepOrderFilters = { q: '', state: '', from: '', to: '' };
export const REP_ORDERS_PAGE_SIZE = 20;

export const repOrdersList = createPagedList<RepOrderRow, RepOrderFilters, RepOrderList>({
  name: 'repOrders/list',
  filters: REP_ORDER_NO_FILTERS,
  sort: { sort: 'createdAt', dir: 'desc' },
  pageSize: REP_ORDERS_PAGE_SIZE,
});

export interface RepOrderDetailState extends Loadable<RepOrderDetail | null> {
  /** The order asked for: the route's number or id. */
  ref: string | null;
}

export interface RepOrdersState {
  list: PagedList<RepOrderRow, RepOrderFilters>;
  detail: RepOrderDetailState;
}

export const initialRepOrdersState: RepOrdersState = { list: repOrdersList.initialState, detail: { ref: null, ...idleLoad(null) } };

const repOrdersSlice = createSlice({
  name: 'repOrders',
  initialState: initialRepOrdersState,
  reducers: {
    /** /rep/orders/:id mounted (or 'Reintentar'). */
    repOrderOpened(state, action: PayloadAction<string>) {
      if (state.detail.ref !== action.payload) state.detail = { ref: action.payload, ...idleLoad(null) };
      startLoading(state.detail);
    },
    repOrderLoaded(state, action: PayloadAction<{ ref: string; order: RepOrderDetail }>) {
      if (state.detail.ref === action.payload.ref) state.detail = { ref: action.payload.ref, ...loadedWith(action.payload.order) };
    },
    repOrderLoadFailed(state, action: PayloadAction<{ ref: string } & LoadFailure>) {
      if (state.detail.ref === action.payload.ref) loadFailed(state.detail, action.payload);
    },
    /** The detail read again while the order waits to reach the ERP: the new data, without a loading state. */
    repOrderRefreshed(state, action: PayloadAction<{ ref: string; order: RepOrderDetail }>) {
      if (state.detail.ref === action.payload.ref && state.detail.status === 'loaded') state.detail.data = action.payload.order;
    },
    /** /rep/orders/:id left: the detail is no longer read again. */
    repOrderClosed(_state, _action: PayloadAction<string>) {},
  },
  // another person may log in next: nothing of this rep stays
  extraReducers: (builder) => repOrdersList.nestIn(builder.addCase(loggedOut, () => initialRepOrdersState).addCase(sessionExpired, () => initialRepOrdersState)),
});

export const { repOrderOpened, repOrderLoaded, repOrderLoadFailed, repOrderRefreshed, repOrderClosed } = repOrdersSlice.actions;
export const repOrdersReducer = repOrdersSlice.reducer;
