// Texts of the payment screens. The spec fixes the first group word for word (sections 2, 4 and 8); the shared ones
// ('Gracias por Comprar!!', 'Pago no realizado') are in src/shared/messages.ts.
export const PAYMENTS_TEXT = {
  // fixed by the spec
  notBought: 'No se realizo la compra',
  returnTitle: 'Gracias por tu compra',
  waitingValidation: 'Esperando validación {provider}...',
  thanksForOrder: 'Gracias por su Comprar!!',
  receipt: 'Comprobante',
  backHome: 'Volver al Home',
  paymentId: 'Id de Pago',
  amount: 'Monto',
  currency: 'Moneda',
  status: 'Estado',
  orderNumber: 'Número de Orden',
  paymentForm: 'Forma de pago',

  // the card redirect (/payment)
  cardTitle: 'Pago con tarjeta',
  redirecting: 'Redirigiendo a WebPay Plus...',
  redirectButton: 'Ir a WebPay Plus',
  redirectHint: 'Si no eres redirigido automáticamente, presiona el botón.',
  noCardTransaction: 'No hay un pago con tarjeta en curso.',

  // the card result (/payment-verification)
  verificationTitle: 'Resultado del pago',
  verifying: 'Verificando el pago',
  vci: 'Autenticación (VCI)',
  sessionId: 'Id de Sesión',
  cardNumber: 'Número de Tarjeta',
  accountingDate: 'Fecha Contable',
  transactionDate: 'Fecha de Transacción',
  authorizationCode: 'Código de Autorización',
  paymentType: 'Tipo de Pago',
  responseCode: 'Código de Respuesta',
  installments: 'Número de Cuotas',
  orderState: 'Estado del Pedido',
  noCardPayment: 'No se encontró un pago con tarjeta para verificar.',

  // the transfer return (/return)
  resultTitle: 'Detalle del pago',
  noTransferPayment: 'No se encontró un pago por transferencia para validar.',
  stillValidating:
    'Tu pago aún se está validando. Te confirmaremos el resultado por correo y podrás verlo en tu Historial de Compra.',
  pollFailed: 'No se pudo consultar el estado del pago: {message}',
  retrying: 'No se pudo consultar el estado del pago, reintentando...',
  retry: 'Reintentar',
  invoicesLabel: 'Facturas',

  // both results
  invoicesPaid: 'Pago de facturas realizado!!',
  loginNeeded: 'Debe iniciar sesión para ver el resultado del pago.',
  startFailed: 'No se pudo iniciar el pago con {provider}: {message}',
} as const;

/** The portal's order states, as the buyer reads them. */
export const ORDER_STATE_TEXT = { PROCESS: 'En proceso', CONFIRMED: 'Confirmado', CANCELED: 'Cancelado' } as const;

/** Khipu's payment status, as the buyer reads it. */
export const TRANSFER_STATUS_TEXT: Record<string, string> = { pending: 'Pendiente', verifying: 'En verificación', done: 'Completado' };

/** Khipu's funds_source, as the buyer reads it; '' and not-available are not shown. */
export const FUNDS_SOURCE_TEXT: Record<string, string> = { debit: 'Débito', credit: 'Crédito', prepaid: 'Prepago' };
