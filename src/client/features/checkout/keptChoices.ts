import type { CreateOrderRequest } from '@shared/api/orders';
import { INCOMING_SHIPPING, type IncomingShipping } from '@shared/incoming';
import { DELIVERY_TYPES, PAYMENT_METHODS, type DeliveryType, type PaymentMethod } from '@shared/orders';
import { kept, type KeptState } from '@client/app/persistence';
import { SESSION_KEYS } from '@client/app/sessionKeys';
import type { ProviderMethod } from './checkoutSlice';

// The order summary's choices are kept in the store's `kept` slice (R-CHK-4), which survives a reload
// (app/persistence), under the keys tipoEntrega, deliveryAddress, deliveryTransport, invoiceAddress, paymentMethod,
// buyerReference, requestedDeliveryDate and envioPorLlegar, with their owner (the user id):
//  - while the buyer fills the summary in, so a reload keeps them (never an amount: the server prices every order);
//  - for 'Intentar nuevamente' after a card or transfer payment ended unpaid (the provider's return is a new page).
// They go when the order is placed or paid (forgetOrderChoices), and at logout (the kept slice forgets them).
// Another user's choices are never read.

const PROVIDERS: readonly ProviderMethod[] = ['WEBPAY', 'KHIPU'];

/** What the summary keeps of the buyer's choices. */
export interface SummaryChoices {
  tipoEntrega: DeliveryType;
  deliveryAddress: string;
  deliveryTransport: string;
  paymentMethod: PaymentMethod;
  /** The buyer's own purchase-order reference and requested delivery date ('' when none). */
  buyerReference: string;
  requestedDeliveryDate: string;
  /** How the cart's pre-order lines ship ('' while not chosen, or without such lines): docs/incoming.md. */
  envioPorLlegar: IncomingShipping | '';
}

/** The action that keeps the choices of user `userId` (what a request or the summary's form holds). */
export function keepChoices(userId: number, choices: Partial<SummaryChoices> & { invoiceAddress?: string }) {
  const values: Parameters<typeof kept>[0] = { [SESSION_KEYS.choicesOwner]: userId };
  if (choices.tipoEntrega) values[SESSION_KEYS.tipoEntrega] = choices.tipoEntrega;
  if (choices.deliveryAddress !== undefined) values[SESSION_KEYS.deliveryAddress] = choices.deliveryAddress;
  if (choices.deliveryTransport !== undefined) values[SESSION_KEYS.deliveryTransport] = choices.deliveryTransport;
  if (choices.invoiceAddress) values[SESSION_KEYS.invoiceAddress] = choices.invoiceAddress;
  if (choices.paymentMethod) values[SESSION_KEYS.paymentMethod] = choices.paymentMethod;
  if (choices.buyerReference !== undefined) values[SESSION_KEYS.buyerReference] = choices.buyerReference;
  if (choices.requestedDeliveryDate !== undefined) values[SESSION_KEYS.requestedDeliveryDate] = choices.requestedDeliveryDate ?? '';
  if (choices.envioPorLlegar !== undefined) values[SESSION_KEYS.envioPorLlegar] = choices.envioPorLlegar;
  return kept(values);
}

/** The summary's choices kept as they were typed or chosen (a non-empty text is kept as it is). */
const TEXT_CHOICES = ['deliveryAddress', 'deliveryTransport', 'buyerReference', 'requestedDeliveryDate'] as const;

const ownedBy = (state: KeptState, userId: number | null) => userId !== null && state[SESSION_KEYS.choicesOwner] === String(userId);

/** The summary's kept choices of user `userId` (what is there of them), or null when none are kept for that user. */
export function summaryChoicesOf(state: KeptState, userId: number | null): Partial<SummaryChoices> | null {
  if (!ownedBy(state, userId)) return null;
  const choices: Partial<SummaryChoices> = {};
  const tipoEntrega = state[SESSION_KEYS.tipoEntrega] as DeliveryType | undefined;
  if (tipoEntrega && DELIVERY_TYPES.includes(tipoEntrega)) choices.tipoEntrega = tipoEntrega;
  const paymentMethod = state[SESSION_KEYS.paymentMethod] as PaymentMethod | undefined;
  if (paymentMethod && PAYMENT_METHODS.includes(paymentMethod)) choices.paymentMethod = paymentMethod;
  for (const key of TEXT_CHOICES) {
    const value = state[SESSION_KEYS[key]];
    if (value) choices[key] = value;
  }
  const shipping = state[SESSION_KEYS.envioPorLlegar] as IncomingShipping | undefined;
  if (shipping && INCOMING_SHIPPING.includes(shipping)) choices.envioPorLlegar = shipping;
  return choices;
}

/** The kept choices of an online order paid by a provider, for user `userId`; null when none (or not whole) are kept. */
export function checkoutChoicesOf(state: KeptState, userId: number | null): CreateOrderRequest | null {
  if (!ownedBy(state, userId)) return null;
  const tipoEntrega = state[SESSION_KEYS.tipoEntrega] as DeliveryType | undefined;
  const invoiceAddress = state[SESSION_KEYS.invoiceAddress];
  const paymentMethod = state[SESSION_KEYS.paymentMethod] as ProviderMethod | undefined;
  if (!tipoEntrega || !DELIVERY_TYPES.includes(tipoEntrega) || !invoiceAddress || !paymentMethod || !PROVIDERS.includes(paymentMethod)) return null;
  const delivery = tipoEntrega === 'entrega';
  const deliveryAddress = delivery ? (state[SESSION_KEYS.deliveryAddress] ?? '') : '';
  const deliveryTransport = delivery ? (state[SESSION_KEYS.deliveryTransport] ?? '') : '';
  if (delivery && (!deliveryAddress || !deliveryTransport)) return null;
  const buyerReference = state[SESSION_KEYS.buyerReference] ?? '';
  const requestedDeliveryDate = state[SESSION_KEYS.requestedDeliveryDate] ?? '';
  return {
    orderType: 'ONLINE',
    tipoEntrega,
    deliveryAddress,
    deliveryTransport,
    invoiceAddress,
    paymentMethod,
    ...(buyerReference ? { buyerReference } : {}),
    ...(requestedDeliveryDate ? { requestedDeliveryDate } : {}),
  };
}
