// Size curves ("curvas", docs/size-grid.md): how many units of each size go into one pack of a colour, e.g. S1 M2 L2
// XL1. The buyer picks a curve and a number of packs per colour; `fillCurve` turns that into the grid's quantities,
// clamped to each size's stock, with what could not be filled. One rule for the product page and its tests.

/** One size of a curve and its share of a pack (a whole number, 1 to CURVE_MAX_RATIO). */
export interface CurveSize {
  talla: string;
  ratio: number;
}

/** A curve the portal suggests: one per size set the catalogue sells, named by the garments that use it. */
export interface DefaultCurve {
  /** Stable id ('default:s-xl'), never a number: the buyer's own curves have numeric ids. */
  id: string;
  name: string;
  /** The garments it suits, as the buyer reads them. */
  garment: string;
  sizes: CurveSize[];
}

/** Limits of a curve, checked by the shared schema on both sides. */
export const CURVE_MAX_SIZES = 20;
export const CURVE_MAX_RATIO = 99;
export const CURVE_NAME_MAX = 60;
/** How many curves one buyer may keep. */
export const CURVES_PER_BUYER = 50;
/** The most packs of one colour a fill takes (the quantity input's own limit is the stock). */
export const MAX_PACKS = 999;

const curve = (id: string, name: string, garment: string, sizes: [string, number][]): DefaultCurve => ({
  id: `default:${id}`,
  name,
  garment,
  sizes: sizes.map(([talla, ratio]) => ({ talla, ratio })),
});

/**
 * The suggested curves, one for each size set of the catalogue: letter sizes for tops, jackets and leggings (S–XL,
 * S–XXL, XS–XXL), women's cuts (XS–L, XS–XL), work wear (M–XXL) and trousers by waist (36–44, 38–46, 40–48). The middle
 * sizes sell twice as much as the ends, as in a usual wholesale assortment.
 */
export const DEFAULT_CURVES: readonly DefaultCurve[] = [
  curve('s-xl', 'Básica S a XL', 'Poleras, polerones, camisas, chaquetas y calzas', [['S', 1], ['M', 2], ['L', 2], ['XL', 1]]),
  curve('s-xxl', 'Extendida S a XXL', 'Poleras, polerones, camisas y chaquetas', [['S', 1], ['M', 2], ['L', 2], ['XL', 2], ['XXL', 1]]),
  curve('xs-xxl', 'Completa XS a XXL', 'Poleras y básicos unisex', [['XS', 1], ['S', 1], ['M', 2], ['L', 2], ['XL', 1], ['XXL', 1]]),
  curve('xs-l', 'Mujer XS a L', 'Vestidos, blusas y prendas de mujer', [['XS', 1], ['S', 2], ['M', 2], ['L', 1]]),
  curve('xs-xl', 'Mujer XS a XL', 'Calzas y prendas de mujer', [['XS', 1], ['S', 2], ['M', 2], ['L', 1], ['XL', 1]]),
  curve('m-xxl', 'Trabajo M a XXL', 'Ropa de trabajo', [['M', 1], ['L', 2], ['XL', 2], ['XXL', 1]]),
  curve('36-44', 'Pantalón mujer 36 a 44', 'Pantalones y jeans de mujer', [['36', 1], ['38', 2], ['40', 2], ['42', 1], ['44', 1]]),
  curve('38-46', 'Pantalón 38 a 46', 'Pantalones y jeans', [['38', 1], ['40', 2], ['42', 2], ['44', 1], ['46', 1]]),
  curve('40-48', 'Pantalón trabajo 40 a 48', 'Pantalones de trabajo', [['40', 1], ['42', 2], ['44', 2], ['46', 1], ['48', 1]]),
];

/** The id of the curve of one unit of every size of the product (it is made for each product: its sizes vary). */
export const EVEN_CURVE_ID = 'default:even';

/** Sizes compare without case or surrounding spaces ('xl' is 'XL'). */
export const sizeKey = (talla: string): string => talla.trim().toUpperCase();

/** One unit of each of `sizes`: a curve that fits any product. */
export function evenCurve(sizes: readonly string[]): DefaultCurve {
  return { id: EVEN_CURVE_ID, name: 'Una de cada talla', garment: 'Cualquier prenda', sizes: sizes.map((talla) => ({ talla, ratio: 1 })) };
}

/** Whether every size of `curve` is one of `sizes` (a curve of sizes the product does not have would never fill). */
export function curveFits(curveSizes: readonly CurveSize[], sizes: readonly string[]): boolean {
  const have = new Set(sizes.map(sizeKey));
  return curveSizes.length > 0 && curveSizes.every((s) => have.has(sizeKey(s.talla)));
}

/**
 * The suggested curves for a product of `sizes` (the grid's columns): the defaults whose sizes it all has, the widest
 * first, then one unit of each size.
 */
export function defaultCurvesFor(sizes: readonly string[]): DefaultCurve[] {
  const fitting = DEFAULT_CURVES.filter((c) => curveFits(c.sizes, sizes)).sort((a, b) => b.sizes.length - a.sizes.length);
  return sizes.length ? [...fitting, evenCurve(sizes)] : fitting;
}

/** 'S:1 M:2 L:2 XL:1' (a colon keeps numeric sizes readable: '38:1 40:2'). */
export function formatCurve(sizes: readonly CurveSize[]): string {
  return sizes.map((s) => `${s.talla}:${s.ratio}`).join(' ');
}

/** Units in one pack of the curve. */
export const packUnits = (sizes: readonly CurveSize[]): number => sizes.reduce((sum, s) => sum + s.ratio, 0);

// ---------------------------------------------------------------------------------------------------------------
// Filling the grid
// ---------------------------------------------------------------------------------------------------------------

/** One cell of a colour's row: a size the ERP sells in that colour and its stock. */
export interface FillCell {
  sku: string;
  talla: string;
  stock: number;
}

/** One colour's row of the grid. */
export interface FillColour {
  /** The colour's style code. */
  key: string;
  color: string;
  cells: readonly FillCell[];
}

/**
 * Why a size of a colour got less than the curve asks: the colour is not made in that size, it has no stock, or less
 * stock than asked.
 */
export type ShortfallReason = 'missingSize' | 'noStock' | 'shortStock';

export interface CurveShortfall {
  /** The colour's key and name. */
  key: string;
  color: string;
  talla: string;
  /** The size's sku (null when the colour has no such size). */
  sku: string | null;
  wanted: number;
  filled: number;
  stock: number;
  reason: ShortfallReason;
}

export interface CurveFill {
  /** The quantity of every cell of each colour filled (0 for its sizes outside the curve), by sku. */
  quantities: Record<string, number>;
  /** The colours filled (those with packs above 0), in the grid's order. */
  filledColours: string[];
  /** Every size that got less than the curve asks: colour by colour, each in the curve's order of sizes. */
  shortfalls: CurveShortfall[];
  /** Units the curve asked for in all, and units it could fill. */
  wanted: number;
  filled: number;
}

/** Packs as a whole number 0..MAX_PACKS (anything else is 0). */
export function packCount(value: unknown): number {
  const n = typeof value === 'string' ? (value.trim() === '' ? 0 : Number(value)) : Number(value ?? 0);
  return Number.isFinite(n) && n > 0 ? Math.min(Math.trunc(n), MAX_PACKS) : 0;
}

/**
 * The grid's quantities for `packs` packs of `curveSizes` in each colour: a size gets ratio × packs, clamped to its
 * stock; a colour's sizes outside the curve get 0 (the curve is the whole row). Colours with no packs are left as they
 * are (absent from `quantities`). A size the curve asks for and the colour lacks, or lacks stock of, is a shortfall.
 */
export function fillCurve(curveSizes: readonly CurveSize[], packs: Readonly<Record<string, unknown>>, colours: readonly FillColour[]): CurveFill {
  const result: CurveFill = { quantities: {}, filledColours: [], shortfalls: [], wanted: 0, filled: 0 };
  const ratios = new Map<string, { talla: string; ratio: number }>();
  for (const s of curveSizes) {
    const ratio = Math.trunc(Number(s.ratio));
    if (ratio > 0) ratios.set(sizeKey(s.talla), { talla: s.talla, ratio: (ratios.get(sizeKey(s.talla))?.ratio ?? 0) + ratio });
  }
  for (const colour of colours) {
    const n = packCount(packs[colour.key]);
    if (n === 0) continue;
    result.filledColours.push(colour.key);
    const cells = new Map(colour.cells.map((c) => [sizeKey(c.talla), c]));
    for (const cell of colour.cells) if (!ratios.has(sizeKey(cell.talla))) result.quantities[cell.sku] = 0;
    for (const [key, { talla, ratio }] of ratios) {
      const wanted = ratio * n;
      result.wanted += wanted;
      const cell = cells.get(key);
      if (!cell) {
        result.shortfalls.push({ key: colour.key, color: colour.color, talla, sku: null, wanted, filled: 0, stock: 0, reason: 'missingSize' });
        continue;
      }
      const stock = Math.max(0, Math.trunc(cell.stock));
      const filled = Math.min(wanted, stock);
      result.quantities[cell.sku] = filled;
      result.filled += filled;
      if (filled < wanted) {
        result.shortfalls.push({ key: colour.key, color: colour.color, talla: cell.talla, sku: cell.sku, wanted, filled, stock, reason: stock === 0 ? 'noStock' : 'shortStock' });
      }
    }
  }
  return result;
}

/** How many whole packs of the curve a colour's stock allows (0 when it lacks one of the curve's sizes). */
export function completePacks(curveSizes: readonly CurveSize[], cells: readonly FillCell[]): number {
  if (!curveSizes.length) return 0;
  const stock = new Map(cells.map((c) => [sizeKey(c.talla), Math.max(0, Math.trunc(c.stock))]));
  let packs = Infinity;
  for (const s of curveSizes) {
    const ratio = Math.trunc(Number(s.ratio));
    if (ratio <= 0) continue;
    packs = Math.min(packs, Math.floor((stock.get(sizeKey(s.talla)) ?? 0) / ratio));
  }
  return Number.isFinite(packs) ? packs : 0;
}
