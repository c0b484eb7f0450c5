import type { CreateOrderRequest } from '@shared/api/orders';
import { DELIVERY_TYPES, PAYMENT_METHODS, type DeliveryType, type PaymentMethod } from '@shared/orders';
import { readItem, SESSION_KEYS, writeItem } from '@client/app/sessionStorage';
import type { ProviderMethod } from './checkoutSlice';

// The order summary's choices live in session storage (R-CHK-4) under the keys (tipoEntrega, deliveryAddress,
// deliveryTransport, invoiceAddress) plus the payment method, with their owner (the user id):
//  - while the buyer fills the summary in, so a reload keeps them (never an amount: the server prices every order);
//  - for 'Intentar nuevamente' after a card or transfer payment ended unpaid (the provider's return is a new page).
// They go when the order is placed or paid, and at logout (app/sessionStorage clearOrderChoices). Another user's
// choices are never read.

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
}

/** Keeps the choices of user `userId` (what a request or the summary's form holds). */
export function saveCheckoutChoices(userId: number, choices: Partial<SummaryChoices> & { invoiceAddress?: string }): void {
  writeItem(SESSION_KEYS.choicesOwner, userId);
  if (choices.tipoEntrega) writeItem(SESSION_KEYS.tipoEntrega, choices.tipoEntrega);
  if (choices.deliveryAddress !== undefined) writeItem(SESSION_KEYS.deliveryAddress, choices.deliveryAddress);
  if (choices.deliveryTransport !== undefined) writeItem(SESSION_KEYS.deliveryTransport, choices.deliveryTransport);
  if (choices.invoiceAddress) writeItem(SESSION_KEYS.invoiceAddress, choices.invoiceAddress);
  if (choices.paymentMethod) writeItem(SESSION_KEYS.paymentMethod, choices.paymentMethod);
  if (choices.buyerReference !== undefined) writeItem(SESSION_KEYS.buyerReference, choices.buyerReference);
  if (choices.requestedDeliveryDate !== undefined) writeItem(SESSION_KEYS.requestedDeliveryDate, choices.requestedDeliveryDate ?? '');
}

const ownedBy = (userId: number | null) => userId !== null && readItem(SESSION_KEYS.choicesOwner) === String(userId);

/** The summary's kept choices of user `userId` (what is there of them), or null when none are kept for that user. */
export function readSummaryChoices(userId: number | null): Partial<SummaryChoices> | null {
  if (!ownedBy(userId)) return null;
  const choices: Partial<SummaryChoices> = {};
  const tipoEntrega = readItem(SESSION_KEYS.tipoEntrega) as DeliveryType | null;
  if (tipoEntrega && DELIVERY_TYPES.includes(tipoEntrega)) choices.tipoEntrega = tipoEntrega;
  const deliveryAddress = readItem(SESSION_KEYS.deliveryAddress);
  if (deliveryAddress) choices.deliveryAddress = deliveryAddress;
  const deliveryTransport = readItem(SESSION_KEYS.deliveryTransport);
  if (deliveryTransport) choices.deliveryTransport = deliveryTransport;
  const paymentMethod = readItem(SESSION_KEYS.paymentMethod) as PaymentMethod | null;
  if (paymentMethod && PAYMENT_METHODS.includes(paymentMethod)) choices.paymentMethod = paymentMethod;
  const buyerReference = readItem(SESSION_KEYS.buyerReference);
  if (buyerReference) choices.buyerReference = buyerReference;
  const requestedDeliveryDate = readItem(SESSION_KEYS.requestedDeliveryDate);
  if (requestedDeliveryDate) choices.requestedDeliveryDate = requestedDeliveryDate;
  return choices;
}

/** The kept choices of an online order paid by a provider, for user `userId`; null when none (or not whole) are kept. */
export function readCheckoutChoices(userId: number | null): CreateOrderRequest | null {
  if (!ownedBy(userId)) return null;
  const tipoEntrega = readItem(SESSION_KEYS.tipoEntrega) as DeliveryType | null;
  const invoiceAddress = readItem(SESSION_KEYS.invoiceAddress);
  const paymentMethod = readItem(SESSION_KEYS.paymentMethod) as ProviderMethod | null;
  if (!tipoEntrega || !DELIVERY_TYPES.includes(tipoEntrega) || !invoiceAddress || !paymentMethod || !PROVIDERS.includes(paymentMethod)) return null;
  const delivery = tipoEntrega === 'entrega';
  const deliveryAddress = delivery ? (readItem(SESSION_KEYS.deliveryAddress) ?? '') : '';
  const deliveryTransport = delivery ? (readItem(SESSION_KEYS.deliveryTransport) ?? '') : '';
  if (delivery && (!deliveryAddress || !deliveryTransport)) return null;
  const buyerReference = readItem(SESSION_KEYS.buyerReference) ?? '';
  const requestedDeliveryDate = readItem(SESSION_KEYS.requestedDeliveryDate) ?? '';
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
