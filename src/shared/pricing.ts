// Prices the buyer sees (spec section 9). Every price is rounded to whole pesos.
import { roundPesos } from './money';

/** A percentage as a fraction, treating missing, negative or absurd values as 0 and capping at 100. */
function fraction(percent: number | null | undefined): number {
  const p = Number(percent ?? 0);
  if (!Number.isFinite(p) || p <= 0) return 0;
  return Math.min(p, 100) / 100;
}

/** The distributor price: the price less the buyer's loyalty discount (descFidel %), rounded. */
export function distributorPrice(price: number, descFidel: number | null | undefined): number {
  return roundPesos(price * (1 - fraction(descFidel)));
}
