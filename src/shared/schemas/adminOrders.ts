import * as yup from '../yup';
import { ORDER_STATES, ORDER_TYPES, PAYMENT_METHODS, orderIdOf } from '../orders';
import { PAYMENT_STATES } from '../payments';
import { decimalInteger, listQueryFields, oneOfOptional } from './lists';

// Query and path parameters of the admin orders API (GET /api/admin/orders, GET /api/admin/orders/:id).

export const ADMIN_ORDER_MSG = {
  state: 'Estado de pedido inválido',
  orderType: 'Tipo de pedido inválido',
  paymentMethod: 'Forma de pago inválida',
  paymentStatus: 'Estado de pago inválido',
  erpStatus: 'Estado en el ERP inválido',
  userId: 'Identificador de usuario inválido',
  incoming: 'Filtro de pedidos por llegar inválido',
  orderId: 'Pedido inválido',
  notFound: 'Pedido no encontrado',
} as const;

export const ADMIN_ORDER_SORTS = [
  'number', 'createdAt', 'orderType', 'orderState', 'paymentMethod', 'paymentStatus', 'erpStatus', 'erpDocNum', 'total', 'rut', 'cardCode',
  'companyName', 'personName', 'repName',
] as const;
export type AdminOrderSort = (typeof ADMIN_ORDER_SORTS)[number];

export const ADMIN_PAYMENT_STATUSES = ['NONE', ...PAYMENT_STATES] as const;
export const ERP_SUBMISSIONS = ['NONE', 'PENDING', 'AWAITING_APPROVAL', 'SENT', 'REJECTED'] as const;

/** Orders with pre-order lines (docs/incoming.md): all of them, or those whose arrival date the ERP moved. */
export const ADMIN_INCOMING_FILTERS = ['CON', 'MOVIDOS'] as const;

export const adminOrderListQuerySchema = yup.object({
  ...listQueryFields(ADMIN_ORDER_SORTS, { sort: 'createdAt', dir: 'desc' }),
  state: oneOfOptional(ORDER_STATES, ADMIN_ORDER_MSG.state),
  orderType: oneOfOptional(ORDER_TYPES, ADMIN_ORDER_MSG.orderType),
  paymentMethod: oneOfOptional(PAYMENT_METHODS, ADMIN_ORDER_MSG.paymentMethod),
  paymentStatus: oneOfOptional(ADMIN_PAYMENT_STATUSES, ADMIN_ORDER_MSG.paymentStatus),
  erpStatus: oneOfOptional(ERP_SUBMISSIONS, ADMIN_ORDER_MSG.erpStatus),
  porLlegar: oneOfOptional(ADMIN_INCOMING_FILTERS, ADMIN_ORDER_MSG.incoming),
  userId: decimalInteger(ADMIN_ORDER_MSG.userId).positive(ADMIN_ORDER_MSG.userId).max(2 ** 31 - 1, ADMIN_ORDER_MSG.userId).optional(),
});
export type AdminOrderListQuery = yup.InferType<typeof adminOrderListQuerySchema>;

/** An order id (42) or number (OC000042, RE000007), as the order screens link to it. */
export const orderRefSchema = yup
  .string()
  .trim()
  .required(ADMIN_ORDER_MSG.orderId)
  .max(20, ADMIN_ORDER_MSG.orderId)
  .test('ref', ADMIN_ORDER_MSG.orderId, (v) => !v || (/^\d{1,10}$/.test(v) && Number(v) > 0 && Number(v) < 2 ** 31) || orderIdOf(v) !== null);

/** The order id an order reference names. */
export function orderIdOfRef(ref: string): number {
  const text = ref.trim();
  return /^\d+$/.test(text) ? Number(text) : (orderIdOf(text) ?? 0);
}

/**
 * Whether `ref` names the order numbered `number`: an id always does; an order number only when it is that order's
 * (RE000042 does not name the sale OC000042, nor does OC0000042).
 */
export function refNamesOrder(ref: string, number: string | null): boolean {
  const text = ref.trim().toUpperCase();
  return /^\d+$/.test(text) || text === number;
}

export const adminOrderParamsSchema = yup.object({ id: orderRefSchema });
