import * as yup from '../yup';
import { DELIVERY_TYPES, NOTIFICATION_SECTIONS, ORDER_STATES, ORDER_TYPES, PAYMENT_METHODS } from '../orders';
import { INCOMING_SHIPPING, INCOMING_TEXTS, type IncomingShipping } from '../incoming';
import { orderReferenceFields } from './orderReference';

// The order summary form and the order requests (R-CHK-1, R-CHK-2). The form and the server use these.

export const ORDER_MSG = {
  addressRequired: 'Debe seleccionar una dirección o retiro en tienda',
  transportRequired: 'Debe seleccionar un transporte',
  invoiceAddressRequired: 'Debe seleccionar una dirección de facturación',
  chequePhotoRequired: 'Debe adjuntar una foto del cheque',
  chequeFileTooLarge: 'El archivo {file} excede el tamaño maximo 2MB',
  chequeFileType: 'El archivo {file} debe ser una imagen jpg, jpeg o png',
  orderType: 'Tipo de pedido inválido',
  deliveryType: 'Tipo de entrega inválido',
  paymentMethod: 'Forma de pago inválida',
  orderReference: 'Número de pedido inválido',
  orderId: 'Identificador de pedido inválido',
  orderState: 'Estado de pedido inválido',
  section: 'Sección de notificación inválida',
  incomingShipping: 'Forma de despacho de lo que está por llegar inválida',
} as const;

/** Cheque photo: jpg, jpeg or png up to 2 MB (R-CHK-2). */
export const CHEQUE_MAX_BYTES = 2 * 1024 * 1024;
export const CHEQUE_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;

const code = (message: string) => yup.string().trim().max(50, message);

/** The choices of the order summary (POST /orders). Address and transport are required for delivery only. */
export const createOrderSchema = yup.object({
  orderType: yup.string().oneOf(ORDER_TYPES, ORDER_MSG.orderType).required(ORDER_MSG.orderType),
  tipoEntrega: yup.string().oneOf(DELIVERY_TYPES, ORDER_MSG.deliveryType).required(ORDER_MSG.deliveryType),
  deliveryAddress: code(ORDER_MSG.addressRequired)
    .default('')
    .when('tipoEntrega', { is: 'entrega', then: (s) => s.required(ORDER_MSG.addressRequired) }),
  deliveryTransport: code(ORDER_MSG.transportRequired)
    .default('')
    .when('tipoEntrega', { is: 'entrega', then: (s) => s.required(ORDER_MSG.transportRequired) }),
  invoiceAddress: code(ORDER_MSG.invoiceAddressRequired).required(ORDER_MSG.invoiceAddressRequired),
  paymentMethod: yup
    .string()
    .oneOf(PAYMENT_METHODS, ORDER_MSG.paymentMethod)
    .when('orderType', { is: 'ONLINE', then: (s) => s.required(ORDER_MSG.paymentMethod) }),
  // the buyer's purchase-order reference and requested delivery date (optional, docs/ordering.md)
  ...orderReferenceFields,
  // how a cart with pre-order lines ships (docs/incoming.md): required when the context says the cart has such lines
  // (`porLlegar`: the summary form's own value, which Formik passes as the context; the server requires it from its cart)
  envioPorLlegar: yup
    .string<IncomingShipping>()
    // none chosen ('' in the form, null from a client) is no choice
    .transform((value: unknown) => (value === '' || value === null ? undefined : value))
    .oneOf(INCOMING_SHIPPING, ORDER_MSG.incomingShipping)
    .when('$porLlegar', { is: true, then: (s) => s.required(INCOMING_TEXTS.shippingRequired) }),
});
export type CreateOrderForm = yup.InferType<typeof createOrderSchema>;

/** The cheque photo as the form sees it (name and size; the server checks the content too). */
export function chequeFileError(file: { name: string; size: number } | null | undefined): string | null {
  if (!file) return ORDER_MSG.chequePhotoRequired;
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(CHEQUE_EXTENSIONS as readonly string[]).includes(ext)) return ORDER_MSG.chequeFileType.replace('{file}', file.name);
  if (file.size > CHEQUE_MAX_BYTES) return ORDER_MSG.chequeFileTooLarge.replace('{file}', file.name);
  return null;
}

const orderReference = yup
  .string()
  .trim()
  .uppercase()
  .required(ORDER_MSG.orderReference)
  .matches(/^(OC|RE)\d{6,}$/, ORDER_MSG.orderReference);

/** POST /user/b1/reserve and /user/b1/ov. */
export const submitOrderSchema = yup.object({ orderReference });

/** POST /orders/update/state/order. */
export const updateOrderStateSchema = yup.object({
  id: yup.number().typeError(ORDER_MSG.orderId).required(ORDER_MSG.orderId).integer(ORDER_MSG.orderId).positive(ORDER_MSG.orderId).max(2 ** 31 - 1, ORDER_MSG.orderId),
  numOc: yup.string().trim().max(100).default(''),
  state: yup.string().oneOf(ORDER_STATES, ORDER_MSG.orderState).required(ORDER_MSG.orderState),
});

export const sectionParams = yup.object({
  section: yup.string().oneOf(NOTIFICATION_SECTIONS, ORDER_MSG.section).required(ORDER_MSG.section),
});

/** POST /user/sendmail/order. */
export const orderMailSchema = yup.object({
  numberOrder: orderReference,
  section: yup.string().oneOf(NOTIFICATION_SECTIONS, ORDER_MSG.section).required(ORDER_MSG.section),
});

/** POST /user/pay-cheque, the text fields of the multipart form (the server takes company data from the ERP). */
export const payChequeSchema = yup.object({
  numberOrder: orderReference,
  fileName: yup.string().trim().max(200).default(''),
});

/** The `:id` of an order in a path (GET /api/orders/:id, POST /api/user/orders/:id/reorder). */
export const orderIdParams = yup.object({
  id: yup.number().typeError(ORDER_MSG.orderId).required(ORDER_MSG.orderId).integer(ORDER_MSG.orderId).positive(ORDER_MSG.orderId).max(2 ** 31 - 1, ORDER_MSG.orderId),
});
