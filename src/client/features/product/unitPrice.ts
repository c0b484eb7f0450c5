import { priceLine } from '@shared/pricing';

/**
 * What the buyer pays for one unit of a size: its list price less the offer, then less the buyer's loyalty discount,
 * rounded. It is `priceLine`, the function the server prices the cart with (its `priceFinalUnit`, the cart's P. Distrib.),
 * so the product page and the cart cannot differ.
 */
export function unitPriceToPay(listPrice: number, offerPct: number | null | undefined, loyaltyPct: number | null | undefined): number {
  return priceLine({ price: listPrice, quantity: 1, offerPct, loyaltyPct }).priceFinalUnit;
}
