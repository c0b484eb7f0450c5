import * as yup from '../yup';
import { paySelectionList } from './account';

// Bodies and path parameters of the payment routes. Amounts and URLs sent by the browser are not read.

export const PAYMENT_MSG = {
  buyOrder: 'Orden de compra inválida',
  invoices: 'Documentos inválidos',
  token: 'Token de pago inválido',
  paymentId: 'Identificador de pago inválido',
  orderReference: 'Número de pedido inválido',
} as const;

const docEntries = yup
  .array(yup.number().typeError(PAYMENT_MSG.invoices).integer(PAYMENT_MSG.invoices).positive(PAYMENT_MSG.invoices).max(2 ** 31 - 1, PAYMENT_MSG.invoices).required(PAYMENT_MSG.invoices))
  .max(200, PAYMENT_MSG.invoices);

const orderReference = yup.string().trim().uppercase().max(26, PAYMENT_MSG.orderReference).matches(/^(OC|RE)\d{6,}$/, { message: PAYMENT_MSG.orderReference, excludeEmptyString: true });

/** POST /user/tbk/create (WebpayCreateRequest): buy_order, invoices or documents (a netted payment of the cuenta corriente); session_id kept when it is 'OW' + 6 digits. */
export const webpayCreateSchema = yup
  .object({
    buy_order: yup.string().trim().uppercase().max(26, PAYMENT_MSG.buyOrder),
    invoices: docEntries,
    documents: paySelectionList.optional().default(undefined),
    session_id: yup.string().trim().max(61),
  })
  .test('target', 'Debe indicar el pedido o los documentos a pagar', (value) => Boolean(value?.buy_order) || Boolean(value?.invoices?.length) || Boolean(value?.documents?.length));

/** POST /user/khipu/payments (KhipuCreateRequest). */
export const khipuCreateSchema = yup
  .object({ orderReference, invoices: docEntries, documents: paySelectionList.optional().default(undefined) })
  .test('target', 'Debe indicar el pedido o los documentos a pagar', (value) => Boolean(value?.orderReference) || Boolean(value?.invoices?.length) || Boolean(value?.documents?.length));

const providerId = (message: string) => yup.string().trim().required(message).max(100, message).matches(/^[A-Za-z0-9_.|:-]+$/, message);

export const tokenParams = yup.object({ token: providerId(PAYMENT_MSG.token) });
export const paymentIdParams = yup.object({ id: providerId(PAYMENT_MSG.paymentId) });

/** POST /user/tbk/update-tbk: the client's copy of the result is ignored; only its token is read. */
export const webpayUpdateSchema = yup.object({
  token: yup.string().trim().max(100, PAYMENT_MSG.token),
  token_ws: yup.string().trim().max(100, PAYMENT_MSG.token),
  TBK_TOKEN: yup.string().trim().max(100, PAYMENT_MSG.token),
}).test('token', PAYMENT_MSG.token, (value) => Boolean(value?.token || value?.token_ws || value?.TBK_TOKEN));

/** POST /user/b1/pay-invoice and /user/b1/pay-account (ErpPaymentRequest). */
export const erpPaymentSchema = yup.object({ paymentId: providerId(PAYMENT_MSG.paymentId) });
