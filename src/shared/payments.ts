// Card (WebPay Plus) and bank-transfer (Khipu) payments: codes, their Spanish descriptions and identifiers
// (spec sections 4 and 9; PROTOCOLS.md sections 1 and 2).

export const PAYMENT_PROVIDERS = ['WEBPAY', 'KHIPU'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** What a payment pays: one of the buyer's orders, or a selection of its pending invoices. */
export type PaymentPurpose = 'ORDER' | 'INVOICES';

/** Names shown to the buyer ('Esperando validación {provider}...'). */
export const PROVIDER_NAMES: Record<PaymentProvider, string> = { WEBPAY: 'WebPay Plus', KHIPU: 'Khipu' };

/** The portal's record of a payment: CREATED at the provider, then one final outcome applied exactly once. */
export const PAYMENT_STATES = ['CREATED', 'PAID', 'REJECTED', 'ABORTED', 'EXPIRED'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** WebPay authentication (VCI) codes. Transbank says not to decide on them; they are shown only. */
export const VCI_DESCRIPTIONS: Record<string, string> = {
  TSY: 'Autenticación exitosa',
  TSN: 'Autenticación rechazada',
  NP: 'No participa, sin autenticación',
  U3: 'Falla de conexión, autenticación rechazada',
  INV: 'Datos inválidos',
  A: 'Intentó autenticación',
  CNP1: 'Comercio no participa',
  EOP: 'Error operacional',
  BNA: 'BIN no adherido',
  ENA: 'Emisor no adherido',
  ABO: 'Anulada Compra',
};

/** The text of an aborted card payment's vci (spec section 4). */
export const ABORTED_VCI = 'Anulada Compra';

export const PAYMENT_TYPE_DESCRIPTIONS: Record<string, string> = {
  VD: 'Venta Débito',
  VN: 'Venta Normal',
  VC: 'Venta en cuotas',
  SI: '3 cuotas sin interés',
  S2: '2 cuotas sin interés',
  NC: 'N cuotas sin interés',
  VP: 'Venta Prepago',
};

export const RESPONSE_CODE_DESCRIPTIONS: Record<number, string> = {
  0: 'Transacción aprobada',
  [-1]: 'Rechazo: posible error en el ingreso de datos de la transacción',
  [-2]: 'Rechazo: falla al procesar la transacción (parámetros de la tarjeta o la cuenta)',
  [-3]: 'Rechazo: error en la transacción',
  [-4]: 'Rechazo: rechazada por el emisor',
  [-5]: 'Rechazo: transacción con riesgo de posible fraude',
};

export const describeVci = (vci: string | null | undefined) => (vci ? (VCI_DESCRIPTIONS[vci] ?? vci) : '');
export const describePaymentType = (code: string | null | undefined) => (code ? (PAYMENT_TYPE_DESCRIPTIONS[code] ?? code) : '');
export const describeResponseCode = (code: number | null | undefined) =>
  code === null || code === undefined ? '' : (RESPONSE_CODE_DESCRIPTIONS[code] ?? `Rechazo (código ${code})`);

/** Approved means response_code 0 and status AUTHORIZED (PROTOCOLS.md: never decide on vci). */
export function isWebpayApproved(result: { response_code?: number | null; status?: string | null }): boolean {
  return result.response_code === 0 && result.status === 'AUTHORIZED';
}

/** For a debit card (payment type VD) the ERP wants creditCard 3 and paymentMethodCode 4; otherwise 4 and 3 (spec section 9). */
export function erpCardCodes(paymentTypeCode: string | null | undefined): { creditCard: number; paymentMethodCode: number } {
  return paymentTypeCode === 'VD' ? { creditCard: 3, paymentMethodCode: 4 } : { creditCard: 4, paymentMethodCode: 3 };
}

/** Khipu: only done with normal (or marked-paid-by-receiver) is money received. */
export function isKhipuPaid(payment: { status?: string | null; status_detail?: string | null }): boolean {
  return payment.status === 'done' && (payment.status_detail === 'normal' || payment.status_detail === 'marked-paid-by-receiver');
}

/** Card session id: 'OW' + 6 digits (spec section 4). */
export function cardSessionId(random: () => number = Math.random): string {
  return `OW${String(Math.floor(random() * 1_000_000)).padStart(6, '0')}`;
}

/** Bank-transfer transaction id: 'PP' + time digits (spec section 4). */
export function transferTransactionId(now: number = Date.now()): string {
  return `PP${now}`;
}
