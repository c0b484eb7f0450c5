// Prices the buyer sees (R-MONEY-1, R-MONEY-2). Every price is rounded to whole pesos.
import { roundPesos, VAT_RATE } from './money';

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

// ---------------------------------------------------------------------------------------------------------------
// Cart lines and order totals (R-MONEY-2, R-MONEY-3). The server computes them from ERP prices, the portal's offers and
// the buyer's loyalty discount; the browser uses the same code only to show them.
// ---------------------------------------------------------------------------------------------------------------

/** What a cart line is priced from: the list price of one unit, how many, the offer % and the loyalty % (descFidel). */
export interface LinePriceInput {
  price: number;
  quantity: number;
  offerPct?: number | null;
  loyaltyPct?: number | null;
}

export interface LinePrice {
  /** List price of one unit (P. Lista). */
  priceList: number;
  /** One unit with the offer only (P. Oferta). */
  priceOffer: number;
  /** One unit with the offer and then the loyalty discount: round(price × (1 − descFidel/100) × (1 − offer/100)) (P. Distrib.). */
  priceFinalUnit: number;
  /** priceFinalUnit × quantity: the line total. */
  priceFinal: number;
  /** List total less the line total: what the buyer saves on the line. */
  priceDiscount: number;
  /** The ERP line discount: (1 − (1 − offer%) × (1 − loyalty%)) × 100, loyalty applied after the offer. */
  descLinea: number;
}

/** The discounted unit price, exact for whole prices and percentages: price × (100 − l) × (100 − o) / 10 000, rounded. */
export function discountedUnitPrice(price: number, offerPct?: number | null, loyaltyPct?: number | null): number {
  return roundPesos((price * (100 - percent(loyaltyPct)) * (100 - percent(offerPct))) / 10_000);
}

/**
 * The ERP line discount in percent, so that UnitPrice × (1 − descLinea/100) is the discounted price. Kept to four
 * decimals (the ERP's precision): 20 % offer and 6 % loyalty give 24.8.
 */
export function lineDiscountPercent(offerPct?: number | null, loyaltyPct?: number | null): number {
  const o = percent(offerPct);
  const l = percent(loyaltyPct);
  const exact = 100 - ((100 - o) * (100 - l)) / 100;
  return Math.round(exact * 10_000) / 10_000;
}

/**
 * One priced line: what the server's cart charges and what every screen shows of it. The product detail's
 * distributor price (P. Distrib.) is this line's `priceFinalUnit` for one unit, so the page and the cart never differ.
 */
export function priceLine({ price, quantity, offerPct, loyaltyPct }: LinePriceInput): LinePrice {
  const priceList = roundPesos(price);
  const priceFinalUnit = discountedUnitPrice(priceList, offerPct, loyaltyPct);
  const priceFinal = priceFinalUnit * quantity;
  return {
    priceList,
    priceOffer: offerPrice(priceList, offerPct),
    priceFinalUnit,
    priceFinal,
    priceDiscount: priceList * quantity - priceFinal,
    descLinea: lineDiscountPercent(offerPct, loyaltyPct),
  };
}

/**
 * What one unit of a size costs the buyer: `priceLine`'s `priceFinalUnit` for one unit, the cart's P. Distrib. Every
 * screen that shows a unit price before the cart (product detail, the colour × size grid) takes it from here, with the
 * same inputs the cart prices with: the size's own list price, its style's offer % and the buyer's loyalty %.
 */
export function unitPrice(listPrice: number, offerPct?: number | null, loyaltyPct?: number | null): number {
  return priceLine({ price: listPrice, quantity: 1, offerPct, loyaltyPct }).priceFinalUnit;
}

/** A size as the product detail sends it: its code, its list price and the offer % of its style. */
export interface PricedSize {
  sku: string;
  preciolista: number;
  descuento: number;
}

/** The unit price of each size of one colour for a buyer, and the lowest and highest of them. */
export interface SizePrices {
  /** Size code -> what the cart charges for one unit of it. */
  bySku: Map<string, number>;
  /** The lowest unit price of the colour's sizes ('desde $x' when they differ). */
  from: number;
  /** The highest. */
  to: number;
  /** Whether the sizes differ in price: then a screen says each size's price, not one for the colour. */
  varies: boolean;
}

/** Each size's unit price (`unitPrice`) for a buyer with `loyaltyPct`; sizes priced 0 (not sold) count for no range. */
export function sizePrices(sizes: readonly PricedSize[], loyaltyPct?: number | null): SizePrices {
  const bySku = new Map<string, number>();
  let from = Infinity;
  let to = 0;
  for (const size of sizes) {
    const unit = unitPrice(size.preciolista, size.descuento, loyaltyPct);
    bySku.set(size.sku, unit);
    if (unit > 0) {
      from = Math.min(from, unit);
      to = Math.max(to, unit);
    }
  }
  if (from === Infinity) from = 0;
  return { bySku, from, to, varies: from !== to };
}

/** The 'Resumen de la compra' (cart detail and order summary). */
export interface OrderTotals {
  /** How many lines (products) the cart holds: 'Productos (n)'. */
  lines: number;
  /** How many units in all. */
  units: number;
  /** Sum of list price × quantity. */
  net: number;
  /** What the offers take off: Σ (P. Lista − P. Oferta) × quantity ('Descuento oferta'). */
  offerDiscount: number;
  /** What the loyalty discount takes off after the offers ('Descuento fidelización'). */
  loyaltyDiscount: number;
  /** The buyer's loyalty percent, shown next to 'Descuento fidelización'. */
  loyaltyPct: number;
  /** Net less both discounts: the sum of the line totals. */
  subtotal: number;
  /** IVA (19%) of the subtotal, rounded. */
  vat: number;
  /** subtotal + vat. */
  total: number;
}

/** Totals of priced lines: subtotal = Σ line totals = net − offer − loyalty discounts; total = subtotal + rounded VAT. */
export function orderTotals(lines: ReadonlyArray<LinePrice & { quantity: number }>, loyaltyPct?: number | null): OrderTotals {
  let net = 0;
  let afterOffer = 0;
  let subtotal = 0;
  let units = 0;
  for (const line of lines) {
    net += line.priceList * line.quantity;
    afterOffer += line.priceOffer * line.quantity;
    subtotal += line.priceFinal;
    units += line.quantity;
  }
  // subtotal × 19 / 100 is exact where subtotal × 0.19 is not (50 × 0.19 = 9.500000000000002).
  const vat = roundPesos((subtotal * Math.round(VAT_RATE * 100)) / 100);
  return {
    lines: lines.length,
    units,
    net,
    offerDiscount: net - afterOffer,
    loyaltyDiscount: afterOffer - subtotal,
    loyaltyPct: percent(loyaltyPct),
    subtotal,
    vat,
    total: subtotal + vat,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The line sheet's suggested retail price (docs/linesheet.md)
// ---------------------------------------------------------------------------------------------------------------

/** The markup a line sheet applies when the buyer types none (precio neto × 2,2). */
export const DEFAULT_MARKUP = 2.2;

/**
 * The retail price a line sheet suggests: the buyer's net price × `markup`, rounded UP to the next amount ending in
 * 990, as Chilean shops price (12.345 → 12.990; 12.990 stays). Worked in whole hundredths so that 4.995 × 2.2 is not
 * taken for a hair above 10.990. A price of 0 (a size not sold) suggests 0.
 */
export function suggestedRetailPrice(netPrice: number, markup: number = DEFAULT_MARKUP): number {
  if (!(netPrice > 0) || !(markup > 0)) return 0;
  const hundredths = Math.round(netPrice) * Math.round(markup * 100);
  // the smallest n with (1000 n + 990) × 100 ≥ hundredths
  const n = Math.max(0, Math.ceil((hundredths - 99_000) / 100_000));
  return n * 1000 + 990;
}
