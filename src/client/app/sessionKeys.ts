// The keys of what survives a page load, as session storage holds them: app/persistence writes the session slice and
// the kept slice under these keys and reads them back. A value that must survive a reload gets its key here.
export const SESSION_KEYS = {
  token: 'tokens',
  role: 'role',
  idUser: 'idUser',
  id: 'id',
  username: 'username',
  /** The company the user acts for and their role in it, JSON {rut, role, name} (buyers only). */
  company: 'company',
  /** A sales rep's ERP link, scope and the customer they represent, JSON RepSessionInfo (reps only). */
  rep: 'rep',
  profile: 'profile',
  /** 'X' selects the reserve flow of the order summary (cart detail 'Realizar Reserva'); absent otherwise. */
  reserve: 'reserve',
  /** 'X' while a provider payment pays pending invoices (pending payments 'Pagar'); absent otherwise. */
  payPending: 'payPending',
  /** The pending invoices being paid, JSON [{docEntry, paidSum}]. */
  invoicePendings: 'invoicePendings',
  /** The cuenta corriente documents a provider payment pays (Cuenta corriente 'Pagar'), JSON AccountPaySelection[]. */
  accountDocuments: 'accountDocuments',
  /**
   * The card or transfer payment this tab started, until its outcome is applied (the provider's return is a new
   * page): WebPay's transaction (JSON: token, buy_order, session_id, amount) or Khipu's payment id, and the order it
   * pays (JSON; pending invoices are the two keys above).
   */
  datatbk: 'datatbk',
  paymentId: 'paymentId',
  order: 'order',
  /** Where /payment sends the browser, used once (JSON: the provider, its url and WebPay's token_ws). */
  paymentRedirect: 'paymentRedirect',
  /**
   * The order summary's choices of the last card or transfer order, for 'Intentar nuevamente' after its payment ended
   * unpaid (the provider's return is a new page): delivery type, dispatch address, transport, billing address, and
   * the provider.
   */
  tipoEntrega: 'tipoEntrega',
  deliveryAddress: 'deliveryAddress',
  deliveryTransport: 'deliveryTransport',
  invoiceAddress: 'invoiceAddress',
  paymentMethod: 'paymentMethod',
  /** The buyer's own purchase-order reference and the delivery date asked for (docs/ordering.md), both optional. */
  buyerReference: 'buyerReference',
  requestedDeliveryDate: 'requestedDeliveryDate',
  /** How a cart with pre-order lines ships, 'JUNTO' or 'PARCIAL' (docs/incoming.md). */
  envioPorLlegar: 'envioPorLlegar',
  /**
   * Whose those choices are (the user id): the order summary keeps them while the buyer fills it in, so a reload
   * keeps them; another user's are never shown. Never an amount: the server prices every order.
   */
  choicesOwner: 'choicesOwner',
  /**
   * The toasts given just before the SPA led to the login page (a page of its own): JSON [{message, variant}], shown
   * there once ('Contraseña actualizada…', 'Enviado correo a …!!').
   */
  loginNotice: 'loginNotice',
  /** 'X' while the login page leads to a page of the SPA: that page's first load takes the focus to its heading. */
  continuesAction: 'continuesAction',
  /** The catalogue choice of /user/catalog (R-CAT-1): category, subcategory and sub-subcategory ('' when none). */
  category: 'category',
  scategory: 'scategory',
  sscategory: 'sscategory',
  /** The last query submitted to the product search (R-SRCH-2): a reload of its results asks it again. */
  searchSku: 'searchSku',
} as const;

export type SessionKey = (typeof SESSION_KEYS)[keyof typeof SESSION_KEYS];

/** payPending's value while a provider payment pays pending invoices. */
export const PAY_PENDING_MARK = 'X';

/** The order summary's kept choices (delivery, addresses, transport, payment method) and their owner. */
export const ORDER_CHOICE_KEYS: readonly SessionKey[] = [
  SESSION_KEYS.tipoEntrega,
  SESSION_KEYS.deliveryAddress,
  SESSION_KEYS.deliveryTransport,
  SESSION_KEYS.invoiceAddress,
  SESSION_KEYS.paymentMethod,
  SESSION_KEYS.buyerReference,
  SESSION_KEYS.requestedDeliveryDate,
  SESSION_KEYS.envioPorLlegar,
  SESSION_KEYS.choicesOwner,
];
