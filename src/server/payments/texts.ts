// Spanish texts of the payments area that the shared catalogue does not have.

export const PAYMENT_TEXTS = {
  targetRequired: 'Debe indicar el pedido o los documentos a pagar',
  reserveNotPayable: 'El pedido {number} es una reserva: no se paga en línea',
  wrongProvider: 'El pedido {number} no se paga con {provider}',
  paymentInProgress: 'Ya hay un pago en curso para el pedido {number}',
  invoiceNotPending: 'El documento {docEntry} no está entre sus documentos pendientes de pago',
  invoiceInProgress: 'El documento {folio} ya tiene un pago en curso',
  documentTwice: 'Un documento aparece dos veces en la selección',
  partialCreditNote: 'Una nota de crédito se aplica por su saldo completo: no admite un monto parcial',
  partialOnlyOne: 'Un pago parcial es de un solo documento: seleccione solo ese documento (y las notas de crédito a aplicar)',
  partialRange: 'El monto a pagar del documento {folio} debe ser un número entero de pesos entre $1 y su saldo, {balance}',
  onlyCredits: 'Seleccione al menos una factura, nota de débito o anticipo a pagar: una nota de crédito sola no se paga',
  creditsExceed:
    'Las notas de crédito seleccionadas ({credits}) cubren o superan los documentos a pagar ({debits}): quite una nota de crédito o agregue documentos a pagar',
  providerUnavailable: '{provider} no está disponible, intentelo mas tarde',
  providerRefused: '{provider} rechazó la solicitud de pago',
  // the payment of an order could not start: the order exists, unpaid
  orderUnpaidProviderDown:
    "Tu pedido {number} quedó creado y pendiente de pago: {provider} no respondió y no se cobró nada. Presiona 'Ir a Pagar' para intentar el pago de nuevo; si no se paga en {minutes} minutos, el pedido se anula y sus productos vuelven a tu carro.",
  orderNotPayableNow: 'El pedido {number} existe, pero su pago no pudo iniciarse: {message}',
  paymentNotFound: 'Pago no encontrado',
  paymentNotPaid: 'El pago no está confirmado por {provider}',
  notForInvoices: 'Este pago no es de documentos pendientes',
  notForAccount: 'Este pago es de documentos pendientes: debe registrarse como pago de facturas',
  erpSent: 'Pago registrado en el ERP',
  erpSentOnAccount:
    'Pago registrado en el ERP. Los saldos de sus documentos cambiaron antes del registro: se aplicó lo que estaba pendiente y {amount} quedó abonado a cuenta de su empresa',
  erpPending: 'Pago confirmado: su registro en el ERP quedó pendiente y se hará apenas el ERP esté disponible',
  erpFailed: 'Pago confirmado: el ERP no pudo registrarlo y un ejecutivo lo registrará',
  subjectOrder: 'Pedido {number} - {brand}',
  subjectInvoices: 'Pago de documentos {folios} - {brand}',
  bodyOrder: 'Pago del pedido {number} en el portal de {brand}',
  bodyInvoices: 'Pago de los documentos pendientes {folios} en el portal de {brand}',
  notificationBadSignature: 'Firma de la notificación inválida',
  notificationBadBody: 'Notificación inválida',
  notificationWrongReceiver: 'La notificación no es para este cobrador',
  notificationReceived: 'Notificación recibida',
} as const;
