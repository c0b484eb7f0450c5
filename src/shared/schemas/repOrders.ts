import * as yup from '../yup';
import { ORDER_STATES } from '../orders';
import { ADMIN_ORDER_MSG, ADMIN_ORDER_SORTS, orderRefSchema } from './adminOrders';
import { listQueryFields, oneOfOptional } from './lists';

// Query and path parameters of 'Mis pedidos del vendedor' (GET /api/rep/orders, GET /api/rep/orders/:id).

export const REP_ORDER_MSG = {
  onlyReps: 'Solo un vendedor puede ver sus pedidos',
} as const;

/** The admin list's columns: the rep's list is the same list, kept to the rep's orders. */
export const REP_ORDER_SORTS = ADMIN_ORDER_SORTS;

export const repOrderListQuerySchema = yup.object({
  ...listQueryFields(REP_ORDER_SORTS, { sort: 'createdAt', dir: 'desc', pageSize: 20, maxPageSize: 100 }),
  state: oneOfOptional(ORDER_STATES, ADMIN_ORDER_MSG.state),
});
export type RepOrderListQuery = yup.InferType<typeof repOrderListQuerySchema>;

export const repOrderParamsSchema = yup.object({ id: orderRefSchema });
