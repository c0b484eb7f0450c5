// Every text the user sees that docs/requirements.md fixes, in one place, word for word.
// `{brand}`, `{file}`, `{message}`, `{provider}` are filled by `fill`.

export const MSG = {
  // login and session
  rutRequired: 'Rut de Empresa es requerido',
  rutInvalid: 'Rut de Empresa es invalido',
  passwordRequired: 'La password es requerida',
  badCredentials: 'Usuario o password erronea',
  inactiveUser: 'Usuario inactivo, comunicarse con ejecutivo(a)',
  sessionExpired: 'Tu sesión expiró o no es válida. Vuelve a ingresar.',
  loginRequiredTitle: 'Se necesita hacer Login',
  loginRequiredButton: 'Realizar Login',

  // change password
  changePasswordTitle: 'Cambio de contraseña',
  currentPasswordRequired: 'Contraseña actual es requerida',
  newPasswordRequired: 'Debe indicar la nueva contraseña',
  newPasswordMin: 'La nueva contraseña debe ser mínimo 8 caracteres',
  newPasswordCase: 'La nueva contraseña debe contener Una letra Mayuscula y una Minuscula',
  confirmPasswordRequired: 'Debe confirmar la contraseña',
  passwordsDontMatch: 'La contraseña no coinciden',
  changePasswordPrompt: 'Deseas cambiar la contraseña?',
  changePasswordConfirm: 'Cambiar',
  changePasswordDecline: 'No cambiar',
  changePasswordDeclined: 'Cambio no realizado',
  changePasswordDone: 'Contraseña actualizada, ingresa con tu nueva contraseña',

  // generic service errors (R-GEN-2)
  unknownError: 'Unknown error!',
  connectionProblem: 'problema de conexión',
  notFound: 'Not found',
  internalServerError: 'Internal server error',
  connectionProblemLater: 'Problema de conexión, intentarlo mas tarde',
  notAuthenticated: 'Debe iniciar sesión',

  // home and blocked buyer
  blocked: 'Bloqueado para comprar, contactar ejecutiva(o)',
  vatNote: 'Todos los precios son más I. V. A.',

  // ERP load failures sent to the global message bar (R-INV-4), title 'Error'
  erpLoadFailed: ' {message}, intentelo mas tarde (B1) ',
  messageBarError: 'Error',
  messageBarWarning: 'Advertencia',

  // login screen and session-expired page
  loginRutLabel: 'Rut Empresa',
  loginPasswordLabel: 'Contraseña',
  loginSubmit: 'Acceder',
  sessionExpiredTitle: 'Sesión expirada',
  sessionExpiredButton: 'Volver a ingresar',

  // shell: sidebar and account menu (R-NAV-3, R-NAV-5)
  navCustomerRequest: 'Solicitud creación de cliente',
  skipToContent: 'Saltar al contenido',
  // the shell's names, the same in the SPA and on the login page (a page of its own)
  openMenu: 'Abrir menú',
  goHome: 'Ir al inicio',
  mainMenu: 'Menú principal',
  loginTitle: 'Ingreso clientes',
  navHome: 'Home',
  navCatalog: 'Catálogo',
  navAdminProducts: 'Administración Productos',
  navAdminUsers: 'Administración Usuarios',
  navAdminNotifications: 'Administración Notificaciones',
  navAdminBanner: 'Administración Banner',
  navPendingPayments: 'Pagos pendientes',
  navPurchaseHistory: 'Historial de compra',
  navQuickOrder: 'Pedido rápido',
  menuProfile: 'Mi perfil',
  menuChangePassword: 'Cambiar contraseña',
  menuLogout: 'Cerrar sesión',
  searchPlaceholder: 'Buscar por nombre o sku',

  // cart (R-NAV-4, R-CART-3 to R-CART-5)
  cartTitle: 'Carro',
  cartDrawerTitle: 'Carro ({n})',
  cartProduct: 'Producto',
  cartProducts: 'Productos',
  cartViewButton: 'Ver Carro',
  cartEmpty: 'El carro está vacío',
  /** A quantity typed above the stock, clamped to it (product detail and cart). */
  aboveStock: 'Un producto excede es mayor al stock',
  cartAdded: 'Producto(s) agregados!!',
  cartSummaryTitle: 'Resumen de la compra',
  cartSummaryProducts: 'Productos ({n})',
  cartOfferDiscount: 'Descuento oferta',
  cartLoyaltyDiscount: 'Descuento fidelización ({pct}%)',
  cartSubtotal: 'Subtotal',
  /** A style whose sizes differ in price shows its cheapest size's price so, beside each size's own price. */
  priceFrom: 'desde {price}',
  cartVat: 'IVA (19%)',
  cartTotal: 'Total',
  cartContinue: 'Continuar la compra',
  cartReserve: 'Realizar Reserva',
  cartItemUnavailable: 'El producto {sku} ya no está disponible',
  cartIsEmpty: 'El carro está vacío: agregue productos antes de continuar',

  // order summary, reservation and payment (R-CHK-1 to R-CHK-6)
  summaryGoPay: 'Ir a Pagar',
  summaryReserve: 'Reservar',
  reservePrompt: 'Deseas realizar la reserva?',
  reserveConfirm: 'Reservar',
  reserveDecline: 'No reservar',
  reserveSent: 'Reserva enviada para aprobación!!',
  reserveDeclined: 'Reserva no realizada',
  noRecipient: 'No existe correo para notificar a {brand}',
  thanksForBuying: 'Gracias por Comprar!!',
  paymentDeclined: 'Pago no realizado',
  creditLimitTitle: 'Limite de Credito',
  creditInsufficient: 'Credito Disponible insuficiente',
  orderPendingErp: 'Pedido {number} recibido: quedó pendiente de envío al ERP y se enviará apenas esté disponible',
  chequePhotoMissing: 'Debe adjuntar una foto del cheque',

  idempotencyInProgress: 'La solicitud anterior con esta clave Idempotency-Key aún se está procesando: inténtelo de nuevo en unos momentos',
} as const;

export type MessageKey = keyof typeof MSG;

/** Fills `{name}` placeholders: fill('No existe correo para notificar a {brand}', {brand: 'X'}). */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** Texts of R-GEN-2 for a failed service call, as the home screen shows them. */
export function homeServiceError(status: number, message: string): string {
  if (status === 0) return MSG.connectionProblem;
  if (status === 404) return MSG.notFound;
  if (status === 500) return MSG.internalServerError;
  return `Server-side error: ${status} ${message}`;
}
