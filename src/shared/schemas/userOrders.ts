import * as yup from '../yup';
import { LIST_MSG } from './lists';
import { orderRefSchema } from './adminOrders';

// Query and path parameters of the buyer's 'Mis pedidos' (GET /api/user/orders, GET /api/user/orders/:id).

export const userOrderListQuerySchema = yup.object({
  page: yup.number().typeError(LIST_MSG.page).integer(LIST_MSG.page).min(0, LIST_MSG.page).max(100_000, LIST_MSG.page).default(0),
  pageSize: yup.number().typeError(LIST_MSG.pageSize).integer(LIST_MSG.pageSize).min(1, LIST_MSG.pageSize).max(100, LIST_MSG.pageSize).default(20),
});
export type UserOrderListQuery = yup.InferType<typeof userOrderListQuerySchema>;

export const userOrderParamsSchema = yup.object({ id: orderRefSchema });
