import type { BuyerOrderDetail, BuyerOrderStepKey } from '@shared/api/userOrders';
import type { ListQuery } from '@client/api/lists';
import type { UserOrdersState } from './userOrdersSlice';

/** The part of the store this feature reads. */
export interface UserOrdersRootState {
  userOrders: UserOrdersState;
}

export const selectMyOrders = (state: UserOrdersRootState) => state.userOrders.list;
/** The list's query: its page and page size (the API has no sorts or filters). */
export const selectMyOrdersPage = (state: UserOrdersRootState): ListQuery => ({ page: state.userOrders.list.page, pageSize: state.userOrders.list.pageSize });
export const selectErpAvailable = (state: UserOrdersRootState) => state.userOrders.erpAvailable;
export const selectMyOrder = (state: UserOrdersRootState) => state.userOrders.detail;

/** Where an order stands before the ERP holds it: made (and paid, for a card or a transfer), not yet in SAP. */
const WAITING_FOR_ERP: ReadonlySet<BuyerOrderStepKey> = new Set(['received', 'paid']);
export const waitsForErp = (order: Pick<BuyerOrderDetail, 'status'>) => WAITING_FOR_ERP.has(order.status);
