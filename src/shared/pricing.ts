// Prices the buyer sees (spec section 9). Every price is rounded to whole pesos.
import { roundPesos } from './money';

/** A percentage clamped to 0..100 (missing, negative or absurd values are 0). */
function percent(value: number | null | undefined): number {
  const p = Number(value ?? 0);
  return Number.isFinite(p) && p > 0 ? Math.min(p, 100) : 0;
}

/**
 * A price less a percentage, rounded to whole pesos. Computed as price × (100 − pct) / 100, which is exact
 * for whole prices and percentages (price × (1 − pct/100) is not: 10990 at 55 % would give 4945 instead of 4946).
 */
export function priceLessPercent(price: number, pct: number | null | undefined): number {
  return roundPesos((price * (100 - percent(pct))) / 100);
}

/** The offer price of a list price with an offer of `pct` %. */
export const offerPrice = priceLessPercent;

/** The distributor price: the price less the buyer's loyalty discount (descFidel %), rounded. */
export function distributorPrice(price: number, descFidel: number | null | undefined): number {
  return priceLessPercent(price, descFidel);
}
