import type { CreateOrderRequest } from '@shared/api/orders';
import { DELIVERY_TYPES, type DeliveryType } from '@shared/orders';
import { readItem, SESSION_KEYS, writeItem } from '@client/app/sessionStorage';
import type { ProviderMethod } from './checkoutSlice';

// The choices of the last card or transfer order outlive the page: the provider sends the buyer back to a new page,
// where 'Intentar nuevamente' makes the new order with them (spec section 3's keys tipoEntrega, deliveryAddress,
// deliveryTransport, invoiceAddress, plus the provider).

const PROVIDERS: readonly ProviderMethod[] = ['WEBPAY', 'KHIPU'];

export function saveCheckoutChoices(request: CreateOrderRequest): void {
  writeItem(SESSION_KEYS.tipoEntrega, request.tipoEntrega);
  writeItem(SESSION_KEYS.deliveryAddress, request.deliveryAddress);
  writeItem(SESSION_KEYS.deliveryTransport, request.deliveryTransport);
  writeItem(SESSION_KEYS.invoiceAddress, request.invoiceAddress);
  if (request.paymentMethod) writeItem(SESSION_KEYS.paymentMethod, request.paymentMethod);
}

/** The kept choices of an online order paid by a provider, or null when none (or not whole) are kept. */
export function readCheckoutChoices(): CreateOrderRequest | null {
  const tipoEntrega = readItem(SESSION_KEYS.tipoEntrega) as DeliveryType | null;
  const invoiceAddress = readItem(SESSION_KEYS.invoiceAddress);
  const paymentMethod = readItem(SESSION_KEYS.paymentMethod) as ProviderMethod | null;
  if (!tipoEntrega || !DELIVERY_TYPES.includes(tipoEntrega) || !invoiceAddress || !paymentMethod || !PROVIDERS.includes(paymentMethod)) return null;
  const delivery = tipoEntrega === 'entrega';
  const deliveryAddress = delivery ? (readItem(SESSION_KEYS.deliveryAddress) ?? '') : '';
  const deliveryTransport = delivery ? (readItem(SESSION_KEYS.deliveryTransport) ?? '') : '';
  if (delivery && (!deliveryAddress || !deliveryTransport)) return null;
  return { orderType: 'ONLINE', tipoEntrega, deliveryAddress, deliveryTransport, invoiceAddress, paymentMethod };
}
