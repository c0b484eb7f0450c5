import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { BuyerOrderDetail, BuyerOrderList, BuyerOrderRow } from '@shared/api/userOrders';
import { loggedOut, sessionExpired } from '@client/app/events';
import { idleLoad, loadedWith, loadFailed, startLoading, type Loadable, type LoadFailure } from '@client/app/loadable';
import { createPagedList, type PagedList } from '@client/app/pagedList';

// 'Mis pedidos' (buyers): their portal orders page by page with where each stands, and one order's steps, lines and
// totals. Everything comes from the server's evidence; nothing here decides a state.

/** The API pages the buyer's orders newest first and has no filters or other sorts. */
export type MyOrderFilters = Record<string, string>;
export const MY_ORDERS_PAGE_SIZE = 20;

/** 'Mis pedidos': paged by the server (a page or a page size changes; nothing sorts or filters). */
export const myOrdersList = createPagedList<BuyerOrderRow, MyOrderFilters, BuyerOrderList>({
  name: 'userOrders/list',
  filters: {},
  sort: { sort: '', dir: 'desc' },
  pageSize: MY_ORDERS_PAGE_SIZE,
});

export interface MyOrderDetailState extends Loadable<BuyerOrderDetail | null> {
  /** The order asked for: the route's number or id. */
  ref: string | null;
}

export interface UserOrdersState {
  list: PagedList<BuyerOrderRow, MyOrderFilters>;
  /** false when the ERP could not be asked: invoices are not shown until it answers. */
  erpAvailable: boolean;
  detail: MyOrderDetailState;
}

export const initialUserOrdersState: UserOrdersState = {
  list: myOrdersList.initialState,
  erpAvailable: true,
  detail: { ref: null, ...idleLoad(null) },
};

const userOrdersSlice = createSlice({
  name: 'userOrders',
  initialState: initialUserOrdersState,
  reducers: {
    /** /user/orders/:id mounted (or 'Reintentar'). */
    myOrderOpened(state, action: PayloadAction<string>) {
      if (state.detail.ref !== action.payload) state.detail = { ref: action.payload, ...idleLoad(null) };
      startLoading(state.detail);
    },
    myOrderLoaded(state, action: PayloadAction<{ ref: string; order: BuyerOrderDetail }>) {
      if (state.detail.ref === action.payload.ref) state.detail = { ref: action.payload.ref, ...loadedWith(action.payload.order) };
    },
    myOrderLoadFailed(state, action: PayloadAction<{ ref: string } & LoadFailure>) {
      if (state.detail.ref === action.payload.ref) loadFailed(state.detail, action.payload);
    },
    /** The detail read again while the order waits to reach the ERP: the new data, without a loading state. */
    myOrderRefreshed(state, action: PayloadAction<{ ref: string; order: BuyerOrderDetail }>) {
      if (state.detail.ref === action.payload.ref && state.detail.status === 'loaded') state.detail.data = action.payload.order;
    },
    /** 'Pagar' of an unpaid card or transfer order (one the company approved): the payments work takes it. */
    myOrderPayRequested(_state, _action: PayloadAction<number>) {},
    /** 'Pagar con cheque' of an approved cheque order: the photo (kept out of the store by its key), then the sales order. */
    myOrderChequeChosen(_state, _action: PayloadAction<{ ref: string; number: string; photoKey: string }>) {},
    /** /user/orders/:id left: the detail is no longer read again. */
    myOrderClosed(_state, _action: PayloadAction<string>) {},
  },
  // another buyer may log in next: nothing of this one stays
  extraReducers: (builder) =>
    myOrdersList
      .nestIn(builder.addCase(loggedOut, () => initialUserOrdersState).addCase(sessionExpired, () => initialUserOrdersState))
      .addMatcher(myOrdersList.actions.loaded.match, (state, action) => {
        state.erpAvailable = action.payload.erpAvailable;
      }),
});

export const { myOrderOpened, myOrderLoaded, myOrderLoadFailed, myOrderRefreshed, myOrderClosed, myOrderPayRequested, myOrderChequeChosen } = userOrdersSlice.actions;
export const userOrdersReducer = userOrdersSlice.reducer;
