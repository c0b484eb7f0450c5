import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AdminOrderDetail, AdminOrderList, AdminOrderRow } from '@shared/api/adminOrders';
import { loggedOut, sessionExpired } from '@client/app/events';
import { flowSteps, idleFlow, idleLoad, loadedWith, loadFailed, startLoading, type Flow, type Loadable, type LoadFailure, type LoadStatus } from '@client/app/loadable';
import { createPagedList, type PagedList } from '@client/app/pagedList';

// 'Pedidos' of the admin area: every portal order (search, filters, sort, pages, CSV) and one order's whole story, its
// cheque photo seen through the admin download, and its failed jobs retried.

/** The list's filters ('' = any), named as the API's query. */
export type OrderFilters = {
  q: string;
  state: string;
  orderType: string;
  paymentMethod: string;
  paymentStatus: string;
  erpStatus: string;
  /** Pre-orders (docs/incoming.md): 'CON' or 'MOVIDOS'; '' all orders. */
  porLlegar: string;
  from: string;
  to: string;
};

export const ORDER_NO_FILTERS: OrderFilters = { q: '', state: '', orderType: '', paymentMethod: '', paymentStatus: '', erpStatus: '', porLlegar: '', from: '', to: '' };
/** Newest first, as the API's default. */
export const ORDER_DEFAULT_SORT = { sort: 'createdAt', dir: 'desc' as const };
export const ORDER_PAGE_SIZE = 25;

/** 'Pedidos': paged, sorted, searched and filtered by the server. */
export const ordersList = createPagedList<AdminOrderRow, OrderFilters, AdminOrderList>({
  name: 'adminOrders/list',
  filters: ORDER_NO_FILTERS,
  sort: ORDER_DEFAULT_SORT,
  pageSize: ORDER_PAGE_SIZE,
});

export interface OrderDetailState extends Loadable<AdminOrderDetail | null> {
  /** The order asked for: the route's number or id. */
  ref: string | null;
}

/** The cheque photo shown on the detail: fetched with the token, shown from an object URL the saga revokes. */
export interface ChequePhotoState {
  status: LoadStatus;
  /** blob: URL of the photo, while the detail shows it. */
  url: string | null;
  filename: string | null;
  /** The photo's type (image/png…). */
  type: string | null;
  error: string | null;
}

export interface AdminOrdersState {
  list: PagedList<AdminOrderRow, OrderFilters>;
  detail: OrderDetailState;
  cheque: ChequePhotoState;
  /** The retry of one of the order's jobs. */
  retry: Flow;
}

export const idleCheque: ChequePhotoState = { status: 'idle', url: null, filename: null, type: null, error: null };

export const initialAdminOrdersState: AdminOrdersState = {
  list: ordersList.initialState,
  detail: { ref: null, ...idleLoad(null) },
  cheque: idleCheque,
  retry: idleFlow,
};

export interface ChequePhoto {
  url: string;
  filename: string;
  type: string;
}

/** The flows' steps (save, delete, retry…). */
const retrySteps = flowSteps<'retry'>('retry');

const adminOrdersSlice = createSlice({
  name: 'adminOrders',
  initialState: initialAdminOrdersState,
  reducers: {
    /** /admin/orders/:id mounted (or 'Reintentar'): the photo shown before is given back (the saga revokes its URL). */
    orderDetailOpened(state, action: PayloadAction<string>) {
      if (state.detail.ref !== action.payload) state.detail = { ref: action.payload, ...idleLoad(null) };
      state.cheque = idleCheque;
      startLoading(state.detail);
    },
    orderDetailLoaded(state, action: PayloadAction<{ ref: string; order: AdminOrderDetail }>) {
      if (state.detail.ref === action.payload.ref) state.detail = { ref: action.payload.ref, ...loadedWith(action.payload.order) };
    },
    orderDetailLoadFailed(state, action: PayloadAction<{ ref: string } & LoadFailure>) {
      if (state.detail.ref === action.payload.ref) loadFailed(state.detail, action.payload);
    },
    /** The detail read again while the order waits to reach the ERP: the new data, without a loading state. */
    orderDetailRefreshed(state, action: PayloadAction<{ ref: string; order: AdminOrderDetail }>) {
      if (state.detail.ref === action.payload.ref && state.detail.status === 'loaded') state.detail.data = action.payload.order;
    },
    /** The detail screen left: its photo's object URL is given back (the saga revokes it). */
    orderDetailClosed(state) {
      state.cheque = idleCheque;
    },

    /** 'Ver foto del cheque'. */
    chequePhotoRequested(state) {
      state.cheque = { ...idleCheque, status: 'loading' };
    },
    chequePhotoLoaded(state, action: PayloadAction<ChequePhoto>) {
      state.cheque = { status: 'loaded', ...action.payload, error: null };
    },
    chequePhotoFailed(state, action: PayloadAction<string>) {
      state.cheque = { ...idleCheque, status: 'failed', error: action.payload };
    },

    /** 'Reintentar' of one of the order's failed jobs: the saga asks first. */
    orderJobRetryRequested: retrySteps.start<number>(),
    orderJobRetryDeclined: retrySteps.idle,
    orderJobRetried: retrySteps.idle,
    orderJobRetryFailed: retrySteps.failed,
  },
  // another admin may log in next: nothing of this one stays
  extraReducers: (builder) => ordersList.nestIn(builder.addCase(loggedOut, () => initialAdminOrdersState).addCase(sessionExpired, () => initialAdminOrdersState)),
});

export const {
  orderDetailOpened,
  orderDetailLoaded,
  orderDetailLoadFailed,
  orderDetailRefreshed,
  orderDetailClosed,
  chequePhotoRequested,
  chequePhotoLoaded,
  chequePhotoFailed,
  orderJobRetryRequested,
  orderJobRetryDeclined,
  orderJobRetried,
  orderJobRetryFailed,
} = adminOrdersSlice.actions;
export const adminOrdersReducer = adminOrdersSlice.reducer;
