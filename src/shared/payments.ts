// Card (WebPay Plus) and bank-transfer (Khipu) payments: codes, their Spanish descriptions and identifiers
// (R-PAY-WEB-3, R-ERP-2). Every code a provider can send reads in Spanish; one the portal does not know reads as
// '<code> - <not recognised>' (never the raw code alone).

export const PAYMENT_PROVIDERS = ['WEBPAY', 'KHIPU'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** What a payment pays: one of the buyer's orders, or a selection of its pending invoices. */
export type PaymentPurpose = 'ORDER' | 'INVOICES';

/** Names shown to the buyer ('Esperando validación {provider}...'). */
export const PROVIDER_NAMES: Record<PaymentProvider, string> = { WEBPAY: 'WebPay Plus', KHIPU: 'Khipu' };

/** The portal's record of a payment: CREATED at the provider, then one final outcome applied exactly once. */
export const PAYMENT_STATES = ['CREATED', 'PAID', 'REJECTED', 'ABORTED', 'EXPIRED'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** What a code the portal does not know reads as, after the code itself. */
export const UNKNOWN_CODE_TEXT = {
  vci: 'Código de autenticación no reconocido',
  paymentType: 'Tipo de pago no reconocido',
  responseCode: 'Rechazo con un código no reconocido',
  status: 'Estado no reconocido',
} as const;

/** '<code> - <unknown text>', or only the text when there is no code. */
const unknown = (code: string, text: string) => (code ? `${code} - ${text}` : text);

/** WebPay authentication (VCI) codes. Transbank says not to decide on them; they are shown only. */
export const VCI_DESCRIPTIONS: Record<string, string> = {
  TSY: 'Autenticación exitosa',
  TSN: 'Autenticación rechazada',
  TO: 'Tiempo máximo excedido para la autenticación',
  ABO: 'Autenticación abortada por el tarjetahabiente',
  U3: 'Falla de conexión, autenticación rechazada',
  NP: 'No participa, sin autenticación',
  ACS2: 'Autenticación fallida extranjera',
  INV: 'Datos inválidos',
  A: 'Intentó autenticación',
  CNP1: 'Comercio no participa',
  EOP: 'Error operacional',
  BNA: 'BIN no adherido',
  ENA: 'Emisor no adherido',
};

/** The text of an aborted card payment's vci (R-PAY-WEB-3). */
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

/** WebPay's response_code (first level): 0 approved, −1…−5 the kind of refusal. */
export const RESPONSE_CODE_DESCRIPTIONS: Record<number, string> = {
  0: 'Transacción aprobada',
  [-1]: 'Rechazo: posible error en el ingreso de datos de la transacción',
  [-2]: 'Rechazo: falla al procesar la transacción (parámetros de la tarjeta o la cuenta)',
  [-3]: 'Rechazo: error en la transacción',
  [-4]: 'Rechazo: rechazada por el emisor',
  [-5]: 'Rechazo: transacción con riesgo de posible fraude',
};

/** WebPay's detailed (second-level) refusal codes −1…−11; −6…−11 exist only at this level. */
export const RESPONSE_CODE_DETAILS: Record<number, string> = {
  [-1]: 'Rechazo: tarjeta inválida',
  [-2]: 'Rechazo: error de conexión',
  [-3]: 'Rechazo: excede el monto máximo',
  [-4]: 'Rechazo: fecha de expiración inválida',
  [-5]: 'Rechazo: problema en la autenticación',
  [-6]: 'Rechazo general',
  [-7]: 'Rechazo: tarjeta bloqueada',
  [-8]: 'Rechazo: tarjeta vencida',
  [-9]: 'Rechazo: transacción no soportada',
  [-10]: 'Rechazo: problema en la transacción',
  [-11]: 'Rechazo: excede el límite de reintentos de rechazos',
};

/** WebPay's transaction `status`, as the buyer reads it. */
export const WEBPAY_STATUS_DESCRIPTIONS: Record<string, string> = {
  INITIALIZED: 'Iniciada, sin autorizar',
  AUTHORIZED: 'Autorizada',
  FAILED: 'Rechazada',
  REVERSED: 'Reversada',
  NULLIFIED: 'Anulada',
  PARTIALLY_NULLIFIED: 'Anulada parcialmente',
  CAPTURED: 'Capturada',
};

/** Khipu's payment `status`. */
export const KHIPU_STATUS_DESCRIPTIONS: Record<string, string> = {
  pending: 'Pendiente',
  verifying: 'En verificación',
  // Khipu's 'done' ends every payment, paid or rejected: its detail says which
  done: 'Finalizado',
};

/** Khipu's `status_detail`: how a payment ended (or that it has not). */
export const KHIPU_STATUS_DETAIL_DESCRIPTIONS: Record<string, string> = {
  pending: 'Pendiente de pago',
  normal: 'Pagado',
  'marked-paid-by-receiver': 'Marcado como pagado por el comercio',
  'rejected-by-payer': 'Rechazado por el pagador',
  'marked-as-abuse': 'Marcado como abuso por el pagador',
  reversed: 'Pago devuelto al pagador',
};

/** Khipu's `funds_source`; '' and 'not-available' say nothing and are not shown. */
export const FUNDS_SOURCE_DESCRIPTIONS: Record<string, string> = { debit: 'Débito', credit: 'Crédito', prepaid: 'Prepago' };

/** The portal's record of a payment, as the buyer reads it. */
export const PAYMENT_STATE_DESCRIPTIONS: Record<PaymentState, string> = {
  CREATED: 'Pendiente de pago',
  PAID: 'Pagado',
  REJECTED: 'Rechazado',
  ABORTED: 'Anulado',
  EXPIRED: 'Vencido',
};

const text = (value: string | null | undefined) => (value ?? '').trim();
const own = (map: Record<string, string>, key: string) => (Object.prototype.hasOwnProperty.call(map, key) ? map[key] : undefined);

/** The Spanish of a vci; '' when WebPay sent none. */
export function describeVci(vci: string | null | undefined): string {
  const code = text(vci);
  return code ? (own(VCI_DESCRIPTIONS, code) ?? UNKNOWN_CODE_TEXT.vci) : '';
}

export function describePaymentType(code: string | null | undefined): string {
  const value = text(code);
  return value ? (own(PAYMENT_TYPE_DESCRIPTIONS, value) ?? UNKNOWN_CODE_TEXT.paymentType) : '';
}

/** 0 and −1…−5 by the first level, −6…−11 by the detailed one; any other code is a refusal not recognised. */
export function describeResponseCode(code: number | null | undefined): string {
  if (code === null || code === undefined || Number.isNaN(code)) return '';
  return RESPONSE_CODE_DESCRIPTIONS[code] ?? RESPONSE_CODE_DETAILS[code] ?? UNKNOWN_CODE_TEXT.responseCode;
}

/** WebPay's status in Spanish; an unknown one keeps its code next to 'Estado no reconocido'. */
export function describeWebpayStatus(status: string | null | undefined): string {
  const code = text(status);
  return own(WEBPAY_STATUS_DESCRIPTIONS, code) ?? unknown(code, UNKNOWN_CODE_TEXT.status);
}

export function describeKhipuStatus(status: string | null | undefined): string {
  const code = text(status);
  return own(KHIPU_STATUS_DESCRIPTIONS, code) ?? unknown(code, UNKNOWN_CODE_TEXT.status);
}

export function describeKhipuStatusDetail(detail: string | null | undefined): string {
  const code = text(detail);
  return own(KHIPU_STATUS_DETAIL_DESCRIPTIONS, code) ?? unknown(code, UNKNOWN_CODE_TEXT.status);
}

/** '' when Khipu does not say where the money came from. */
export const describeFundsSource = (source: string | null | undefined) => own(FUNDS_SOURCE_DESCRIPTIONS, text(source)) ?? '';

export const describePaymentState = (state: PaymentState) => PAYMENT_STATE_DESCRIPTIONS[state] ?? unknown(String(state), UNKNOWN_CODE_TEXT.status);

/** Approved means response_code 0 and status AUTHORIZED (Transbank: never decide on vci). */
export function isWebpayApproved(result: { response_code?: number | null; status?: string | null }): boolean {
  return result.response_code === 0 && result.status === 'AUTHORIZED';
}

/** For a debit card (payment type VD) the ERP wants creditCard 3 and paymentMethodCode 4; otherwise 4 and 3 (R-ERP-2). */
export function erpCardCodes(paymentTypeCode: string | null | undefined): { creditCard: number; paymentMethodCode: number } {
  return paymentTypeCode === 'VD' ? { creditCard: 3, paymentMethodCode: 4 } : { creditCard: 4, paymentMethodCode: 3 };
}

/** Khipu: only done with normal (or marked-paid-by-receiver) is money received. */
export function isKhipuPaid(payment: { status?: string | null; status_detail?: string | null }): boolean {
  return payment.status === 'done' && (payment.status_detail === 'normal' || payment.status_detail === 'marked-paid-by-receiver');
}

/** Card session id: 'OW' + 6 digits (R-ORD-2). */
export function cardSessionId(random: () => number = Math.random): string {
  return `OW${String(Math.floor(random() * 1_000_000)).padStart(6, '0')}`;
}

/** Bank-transfer transaction id: 'PP' + time digits (R-ORD-2). */
export function transferTransactionId(now: number = Date.now()): string {
  return `PP${now}`;
}
