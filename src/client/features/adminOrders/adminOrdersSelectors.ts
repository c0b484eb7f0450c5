import { toListQuery } from '@client/app/pagedList';
import type { AdminOrdersState } from './adminOrdersSlice';

/** The part of the store this feature reads. */
export interface AdminOrdersRootState {
  adminOrders: AdminOrdersState;
}

export const selectOrdersList = (state: AdminOrdersRootState) => state.adminOrders.list;
export const selectOrdersQuery = (state: AdminOrdersRootState) => toListQuery(state.adminOrders.list);
export const selectOrderDetail = (state: AdminOrdersRootState) => state.adminOrders.detail;
export const selectChequePhoto = (state: AdminOrdersRootState) => state.adminOrders.cheque;
export const selectOrderJobRetry = (state: AdminOrdersRootState) => state.adminOrders.retry;
