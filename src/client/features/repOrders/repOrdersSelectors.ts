import { toListQuery } from '@client/app/pagedList';
import type { RepOrdersState } from './repOrdersSlice';

/** The part of the store this feature reads. */
export interface RepOrdersRootState {
  repOrders: RepOrdersState;
}

export const selectRepOrders = (state: RepOrdersRootState) => state.repOrders.list;
export const selectRepOrdersQuery = (state: RepOrdersRootState) => toListQuery(state.repOrders.list);
export const selectRepOrder = (state: RepOrdersRootState) => state.repOrders.detail;
