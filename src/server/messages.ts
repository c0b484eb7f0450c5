import { REP_MSG } from '@shared/schemas/reps';

// The server's own answers: texts only the API sends (errors of the HTTP layer, the cart, orders, idempotency). They
// live here, not in the shared messages, so no page of the SPA carries texts it never shows.
export const SERVER_MSG = {
  tooManyAttempts: 'Demasiados intentos de acceso. Espera unos minutos e inténtalo de nuevo.',
  currentPasswordWrong: 'La contraseña actual no es correcta',
  samePassword: 'La nueva contraseña debe ser distinta de la actual',
  forbidden: 'No tiene permisos para esta acción',
  /** A rep on a company's route without representing a customer. */
  repNotRepresenting: 'Elija en Mis clientes el cliente que atiende',
  /** A rep's customer no longer assigned to them in the ERP (or never was). */
  repOutOfScope: REP_MSG.outOfScope,
  /** A rep's token naming a representation that ended ('Terminar', or another one started). */
  repRepresentationEnded: REP_MSG.representationEnded,
  /** A rep not linked to a sales employee of the ERP. */
  repWithoutSalesPerson: 'Su usuario de vendedor no está asociado a un vendedor del ERP: pida al administrador que lo asocie',
  xsrfMissing: 'Solicitud rechazada: falta el token anti-falsificación. Recarga la página.',
  validationFailed: 'Hay datos inválidos en la solicitud',
  /** A text of a request holding a NUL character, which no database or ERP field can store. */
  nulCharacter: 'El texto contiene un carácter no permitido',
  apiNotFound: 'Recurso no encontrado',
  methodNotAllowed: 'Método no permitido para este recurso',
  serverError: 'Ocurrió un error inesperado, intentelo mas tarde',
  bodyTooLarge: 'La solicitud excede el tamaño permitido',
  cartNotForAdmins: 'Los administradores no pueden comprar',
  cartBlocked: 'Bloqueado para comprar, contactar ejecutiva(o)',
  cartOverStock: 'No hay stock suficiente de {name} talla {size}: disponible {stock}',
  cartItemNotFound: 'El producto no está en el carro',
  cartChanged: 'El carro cambió mientras se creaba el pedido: revise el carro e inténtelo de nuevo',
  orderNotFound: 'Pedido no encontrado',
  orderNotPending: 'El pedido {number} ya fue procesado',
  orderNeedsEvidence: 'El estado del pedido no puede cambiarse sin la confirmación del ERP o del medio de pago',
  chequeNotAllowed: 'El pago con cheque requiere condición de pago Cheque',
  chequeSent: 'Cheque enviado a {brand}!!',
  addressNotYours: 'La dirección seleccionada no pertenece al cliente',
  transportUnknown: 'El transporte seleccionado no existe',
  paymentNeedsProvider: 'Este pedido se paga con {provider}: se confirma cuando el pago se valida',
  // Idempotency-Key of the creates that move money or make an ERP document
  idempotencyKeyInvalid: 'La clave Idempotency-Key no es válida: debe tener entre 1 y 200 caracteres, solo letras, números y . _ : -',
  idempotencyKeyReused: 'La clave Idempotency-Key ya se usó con otra solicitud: use una clave nueva',
} as const;
