import {
  describeFundsSource,
  describeKhipuStatus,
  describeKhipuStatusDetail,
  describePaymentState,
  describePaymentType,
  describeResponseCode,
  describeVci,
  describeWebpayStatus,
  PAYMENT_STATES,
} from '@shared/payments';

// Every code WebPay and Khipu can send reads in Spanish; an unknown one is never shown as the raw code alone.

describe('WebPay status', () => {
  it.each([
    ['INITIALIZED', 'Iniciada, sin autorizar'],
    ['AUTHORIZED', 'Autorizada'],
    ['FAILED', 'Rechazada'],
    ['REVERSED', 'Reversada'],
    ['NULLIFIED', 'Anulada'],
    ['PARTIALLY_NULLIFIED', 'Anulada parcialmente'],
    ['CAPTURED', 'Capturada'],
  ])('%s reads %s', (status, text) => {
    expect(describeWebpayStatus(status)).toBe(text);
  });

  it('an unknown status keeps its code next to a Spanish text; none at all is only the text', () => {
    expect(describeWebpayStatus('PENDING_REVIEW')).toBe('PENDING_REVIEW - Estado no reconocido');
    expect(describeWebpayStatus('')).toBe('Estado no reconocido');
    expect(describeWebpayStatus(undefined)).toBe('Estado no reconocido');
    // inherited object keys are no codes
    expect(describeWebpayStatus('constructor')).toBe('constructor - Estado no reconocido');
  });
});

describe('WebPay vci (authentication)', () => {
  it.each([
    ['TSY', 'Autenticación exitosa'],
    ['TSN', 'Autenticación rechazada'],
    ['NP', 'No participa, sin autenticación'],
    ['U3', 'Falla de conexión, autenticación rechazada'],
    ['INV', 'Datos inválidos'],
    ['A', 'Intentó autenticación'],
    ['CNP1', 'Comercio no participa'],
    ['EOP', 'Error operacional'],
    ['BNA', 'BIN no adherido'],
    ['ENA', 'Emisor no adherido'],
    ['ABO', 'Autenticación abortada por el tarjetahabiente'],
  ])('%s reads %s', (vci, text) => {
    expect(describeVci(vci)).toBe(text);
  });

  it('an unknown vci: a Spanish fallback; no vci: nothing to describe', () => {
    expect(describeVci('XYZ')).toBe('Código de autenticación no reconocido');
    expect(describeVci('')).toBe('');
    expect(describeVci(null)).toBe('');
  });
});

describe('WebPay payment_type_code', () => {
  it.each([
    ['VD', 'Venta Débito'],
    ['VN', 'Venta Normal'],
    ['VC', 'Venta en cuotas'],
    ['SI', '3 cuotas sin interés'],
    ['S2', '2 cuotas sin interés'],
    ['NC', 'N cuotas sin interés'],
    ['VP', 'Venta Prepago'],
  ])('%s reads %s', (code, text) => {
    expect(describePaymentType(code)).toBe(text);
  });

  it('an unknown type: a Spanish fallback', () => {
    expect(describePaymentType('ZZ')).toBe('Tipo de pago no reconocido');
  });
});

describe('WebPay response_code', () => {
  it.each([
    [0, 'Transacción aprobada'],
    [-1, 'Rechazo: posible error en el ingreso de datos de la transacción'],
    [-2, 'Rechazo: falla al procesar la transacción (parámetros de la tarjeta o la cuenta)'],
    [-3, 'Rechazo: error en la transacción'],
    [-4, 'Rechazo: rechazada por el emisor'],
    [-5, 'Rechazo: transacción con riesgo de posible fraude'],
  ])('first level %d reads %s', (code, text) => {
    expect(describeResponseCode(code)).toBe(text);
  });

  it.each([
    [-6, 'Rechazo general'],
    [-7, 'Rechazo: tarjeta bloqueada'],
    [-8, 'Rechazo: tarjeta vencida'],
    [-9, 'Rechazo: transacción no soportada'],
    [-10, 'Rechazo: problema en la transacción'],
    [-11, 'Rechazo: excede el límite de reintentos de rechazos'],
  ])('second level %d reads %s', (code, text) => {
    expect(describeResponseCode(code)).toBe(text);
  });

  it('an unknown code: a Spanish refusal text; no code: nothing', () => {
    expect(describeResponseCode(-97)).toBe('Rechazo con un código no reconocido');
    expect(describeResponseCode(12)).toBe('Rechazo con un código no reconocido');
    expect(describeResponseCode(null)).toBe('');
  });
});

describe('Khipu status and status_detail', () => {
  it.each([
    ['pending', 'Pendiente'],
    ['verifying', 'En verificación'],
    ['done', 'Finalizado'],
  ])('status %s reads %s', (status, text) => {
    expect(describeKhipuStatus(status)).toBe(text);
  });

  it.each([
    ['pending', 'Pendiente de pago'],
    ['normal', 'Pagado'],
    ['marked-paid-by-receiver', 'Marcado como pagado por el comercio'],
    ['rejected-by-payer', 'Rechazado por el pagador'],
    ['marked-as-abuse', 'Marcado como abuso por el pagador'],
    ['reversed', 'Pago devuelto al pagador'],
  ])('status_detail %s reads %s', (detail, text) => {
    expect(describeKhipuStatusDetail(detail)).toBe(text);
  });

  it('unknown ones keep their code next to a Spanish text', () => {
    expect(describeKhipuStatus('canceled')).toBe('canceled - Estado no reconocido');
    expect(describeKhipuStatusDetail('disputed')).toBe('disputed - Estado no reconocido');
  });

  it('funds_source: debit, credit, prepaid in Spanish; not-available and empty say nothing', () => {
    expect(['debit', 'credit', 'prepaid', 'not-available', ''].map(describeFundsSource)).toEqual(['Débito', 'Crédito', 'Prepago', '', '']);
  });
});

describe('the portal’s payment states', () => {
  it('every state in Spanish', () => {
    expect(PAYMENT_STATES.map(describePaymentState)).toEqual(['Pendiente de pago', 'Pagado', 'Rechazado', 'Anulado', 'Vencido']);
  });
});
