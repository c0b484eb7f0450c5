// Texts of the payment screens. R-PAY-WEB-3 and R-PAY-KHI-2 fix the first group word for word; the shared ones
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

  // /payment: sending the browser to the provider (once)
  cardTitle: 'Pago con tarjeta',
  redirecting: 'Redirigiendo a WebPay Plus...',
  redirectButton: 'Ir a WebPay Plus',
  redirectingKhipu: 'Redirigiendo a Khipu...',
  redirectKhipuLink: 'Ir a Khipu',
  redirectHint: 'Si no eres redirigido automáticamente, presiona el botón.',

  // /payment with nothing to send: the state of the payment this tab started, as the server tells it
  stateTitle: 'Estado de tu pago',
  stateLoading: 'Consultando el estado del pago',
  stateFailed: 'No se pudo consultar el estado del pago: {message}',
  noPayment: 'No hay un pago en curso.',
  paymentState: 'Estado del Pago',
  paymentMethod: 'Medio de pago',
  openOrder: 'El pago del pedido {number} aún no se completa: puedes volver a pagarlo o anularlo.',
  openOrderTransfer:
    'El pago del pedido {number} aún no se completa: puedes volver a pagarlo. Si no lo pagas, el cobro vence y los productos vuelven a tu carro.',
  openInvoices: 'El pago de tus facturas aún no se completa.',
  paidOrder: 'El pago del pedido {number} está confirmado.',
  paidInvoices: 'El pago de tus facturas está confirmado.',
  unknownOutcome: 'Aún no tenemos el resultado del pago. Vuelve a consultar en unos momentos.',
  failedOrder: '{reason}: el pedido {number} fue anulado y sus productos volvieron a tu carro.',
  failedInvoices: '{reason}: tus facturas siguen pendientes de pago.',
  stateRefresh: 'Consultar de nuevo',

  // the next steps (state page and result pages)
  nextSteps: 'Siguientes pasos',
  viewOrder: 'Ver mi pedido',
  payAgain: 'Volver a pagar',
  abort: 'Anular',
  retryPurchase: 'Intentar nuevamente',
  backToCart: 'Volver al carro',
  retryRunning: 'Preparando un nuevo intento de pago',
  retryFailed: 'No se pudo intentar nuevamente: {message}',
  nothingToResume: 'No hay un pago en curso para volver a pagar.',
  cannotAbort: 'Este pago no se puede anular desde el portal.',
  abortTitle: '¿Anular el pago?',
  abortOrderText: 'Se anulará el pago del pedido {number} y sus productos volverán a tu carro.',
  abortInvoicesText: 'Se anulará el pago con tarjeta; tus facturas seguirán pendientes de pago.',
  abortConfirm: 'Anular pago',
  abortDecline: 'No anular',

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
  statusDetail: 'Detalle del estado',
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
  orderUnpaid: "Tu pedido {number} quedó creado y pendiente de pago, pero no pudimos iniciar el pago con {provider}: {message}. Presiona 'Ir a Pagar' para intentarlo de nuevo; se paga ese mismo pedido y no se crea otro.",
} as const;

/** The portal's order states, as the buyer reads them. */
export const ORDER_STATE_TEXT = { PROCESS: 'En proceso', CONFIRMED: 'Confirmado', CANCELED: 'Cancelado', AWAITING_COMPANY_APPROVAL: 'Esperando aprobación de la empresa' } as const;

/** Why a payment ended unpaid, as the first words of the state page's and the result pages' explanation. */
export const UNPAID_REASON_TEXT = {
  REJECTED: 'Pago rechazado',
  ABORTED: 'Pago anulado',
  EXPIRED: 'Pago vencido',
  /** The order was canceled while its payment had no outcome (the portal cancels an unpaid order after a while). */
  CANCELED: 'Pedido anulado',
} as const;
