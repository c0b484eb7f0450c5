import * as yup from '../yup';
import { pageField, pageSizeField } from './lists';
import { orderRefSchema } from './adminOrders';

// Query and path parameters of the buyer's 'Mis pedidos' (GET /api/user/orders, GET /api/user/orders/:id).

export const userOrderListQuerySchema = yup.object({
  page: pageField(),
  pageSize: pageSizeField(100, 20),
});
export type UserOrderListQuery = yup.InferType<typeof userOrderListQuerySchema>;

export const userOrderParamsSchema = yup.object({ id: orderRefSchema });
