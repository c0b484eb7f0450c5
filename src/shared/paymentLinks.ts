// The payment link a sales rep sends the customer for an unpaid card/transfer order (docs/sales-reps.md#payment-link).
import type { PaymentProvider } from './payments';

/** What a link is now, as the public page and the rep see it. */
export const PAYMENT_LINK_STATES = ['OPEN', 'USED', 'EXPIRED', 'CHANGED', 'INVALID'] as const;
export type PaymentLinkState = (typeof PAYMENT_LINK_STATES)[number];

/** A link's token: 32 random bytes, base64url (43 characters). */
export const PAYMENT_LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The public page of a link, and where the providers send the customer back. */
export const paymentLinkPath = (token: string) => `/pagar/${token}`;

/** How long a link can be used unless PAYMENT_LINK_TTL says otherwise. */
export const PAYMENT_LINK_TTL_MS = 48 * 3_600_000;

export const PAYMENT_LINK_MSG = {
  invalid: 'Link de pago inválido',
  used: 'Este link de pago ya fue usado',
  expired: 'Este link de pago expiró: pida uno nuevo a su vendedor',
  changed: 'El monto del pedido cambió: pida un link nuevo a su vendedor',
  repMustSendLink: 'Un vendedor no paga por el cliente: envíele un link de pago desde el pedido (Enviar link de pago)',
  onlyRep: 'Solo un vendedor que atiende al cliente envía links de pago',
  notPayable: 'El pedido {number} no espera un pago con tarjeta o transferencia',
  noCustomerMail: 'El cliente no tiene un correo registrado en el ERP: no se puede enviar el link de pago',
  sent: 'Link de pago enviado a {to}',
  providerNotAllowed: 'Este link de pago no permite pagar con {provider}',
  subject: 'Link de pago del pedido {number} - {brand}',
  sendLink: 'Enviar link de pago',
  sendAgain: 'Enviar un link nuevo',
  sending: 'Enviando…',
  willSendTo: 'El link se enviará a {to}',
  stateOpen: 'Link enviado a {to}, vigente hasta {until}',
  statePaid: 'El cliente pagó el pedido',
  payCard: 'Pagar con tarjeta',
  payTransfer: 'Pagar por transferencia',
  title: 'Pago del pedido {number}',
  paid: 'Pago recibido: el pedido {number} quedó confirmado. ¡Gracias!',
  notPaid: 'El pago no se completó. Pida un link nuevo a su vendedor.',
  inProgress: 'Estamos confirmando el pago con el medio de pago…',
  checkAgain: 'Consultar de nuevo',
} as const;

/** Which of the link's texts answers a refused state. */
export const PAYMENT_LINK_REFUSAL: Record<Exclude<PaymentLinkState, 'OPEN'>, string> = {
  USED: PAYMENT_LINK_MSG.used,
  EXPIRED: PAYMENT_LINK_MSG.expired,
  CHANGED: PAYMENT_LINK_MSG.changed,
  INVALID: PAYMENT_LINK_MSG.invalid,
};

export type { PaymentProvider };
