import type { UserOrdersState } from './userOrdersSlice';

/** The part of the store this feature reads. */
export interface UserOrdersRootState {
  userOrders: UserOrdersState;
}

export const selectMyOrders = (state: UserOrdersRootState) => state.userOrders.list;
export const selectMyOrdersPage = (state: UserOrdersRootState) => ({ page: state.userOrders.list.page, pageSize: state.userOrders.list.pageSize });
export const selectErpAvailable = (state: UserOrdersRootState) => state.userOrders.erpAvailable;
export const selectMyOrder = (state: UserOrdersRootState) => state.userOrders.detail;
