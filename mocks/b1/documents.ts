// Marketing-document arithmetic shared by the seeded history and the POST handlers, done the way B1
// does it: the price after discount rounded to the price decimals (2), the line total rounded to the
// amount decimals (0 for CLP), 19% VAT on the document's net in whole pesos; the empty document shape, dates.
// Rounding is half away from zero and done on integers (cents, ten-thousandths of a percent), so no
// binary-float artefact (10990 × 0.19 and friends) can move a peso.
import type { B1BusinessPartner, B1Document, B1Item, DocObjectCode, DocumentLine } from './types';

export const VAT_RATE = 0.19;
/** VAT in whole percent, for exact integer arithmetic. */
export const VAT_PERCENT = 19;
/** Price decimals (OADM PriceDec): prices after discount keep cents. */
export const PRICE_DECIMALS = 2;
export const DEFAULT_WAREHOUSE = '01';
export const BASE_ORDER = 17;
/** BaseType of a line copied from a delivery (ODLN, the guía de despacho). */
export const BASE_DELIVERY = 15;
export const BASE_INVOICE = 13;

export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Today in Chile (YYYY-MM-DD): the DocDate of documents posted without one. */
export function today(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(new Date());
}

/** The time of day in Chile (HH:MM:SS), as SL shows CreationTime / UpdateTime. */
export function timeOfDay(): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Santiago', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
    .format(new Date());
}

/** Accepts 'YYYY-MM-DD', 'YYYYMMDD' or an ISO timestamp (as SL does); null when not a date. */
export function normalizeDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{4})-?(\d{2})-?(\d{2})(?:T[\d:.]+Z?)?$/.exec(value.trim());
  if (!m) return null;
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso ? null : iso;
}

export function listPrice(item: B1Item, priceList = 1): number {
  return item.ItemPrices.find((p) => p.PriceList === priceList)?.Price ?? item.ItemPrices[0]?.Price ?? 0;
}

/** a / b for integers a ≥ 0, b > 0, rounded half away from zero, exactly (a below 2^53). */
function divRound(a: number, b: number): number {
  const q = Math.floor(a / b);
  const r = a - q * b;
  return 2 * r >= b ? q + 1 : q;
}

/** A signed value rounded half away from zero to `decimals` decimals. */
function roundTo(value: number, decimals: number): number {
  const f = 10 ** decimals;
  // toPrecision(15) drops the binary noise of e.g. 1.005 × 100 = 100.49999999999999.
  const scaled = Number((Math.abs(value) * f).toPrecision(15));
  return (Math.sign(value) * Math.round(scaled)) / f;
}

/**
 * B1's price after discount: UnitPrice × (1 − DiscountPercent/100) rounded to the price decimals (2).
 * Exact for prices with up to 2 decimals and discounts with up to 4 (SL keeps 4 for percentages).
 */
export function priceAfterDiscount(unitPrice: number, discountPercent: number): number {
  const cents = Math.round(unitPrice * 100);
  const keep = 1_000_000 - Math.round(discountPercent * 10_000); // (100 − d) in ten-thousandths of a percent
  if (Number.isSafeInteger(cents * keep) && cents >= 0 && keep >= 0) return divRound(cents * keep, 1_000_000) / 100;
  return roundTo(unitPrice * (1 - discountPercent / 100), PRICE_DECIMALS);
}

/** B1's line total: Price × Quantity rounded to the amount decimals (0: whole CLP). */
export function lineTotal(price: number, quantity: number): number {
  const cents = Math.round(price * 100);
  if (Number.isInteger(quantity) && quantity >= 0 && Number.isSafeInteger(cents * quantity) && cents >= 0) {
    return divRound(cents * quantity, 100);
  }
  return roundTo(price * quantity, 0);
}

/** VAT (19 %) of a whole-peso net, in whole pesos: net × 19 / 100 rounded half away from zero. */
export function vatOf(net: number): number {
  if (Number.isSafeInteger(net * VAT_PERCENT)) return Math.sign(net) * divRound(Math.abs(net) * VAT_PERCENT, 100);
  return roundTo(net * VAT_RATE, 0);
}

export function makeLine(
  lineNum: number, item: B1Item, quantity: number, unitPrice: number, discountPercent: number,
  base: { type: number; entry: number | null; line: number | null } = { type: -1, entry: null, line: null },
  warehouse = DEFAULT_WAREHOUSE,
): DocumentLine {
  const price = priceAfterDiscount(unitPrice, discountPercent);
  return {
    LineNum: lineNum,
    ItemCode: item.ItemCode,
    ItemDescription: item.ItemName,
    Quantity: quantity,
    UnitPrice: unitPrice,
    Price: price,
    DiscountPercent: discountPercent,
    LineTotal: lineTotal(price, quantity),
    Currency: 'CLP',
    WarehouseCode: warehouse,
    TaxCode: 'IVA',
    BaseType: base.type,
    BaseEntry: base.entry,
    BaseLine: base.line,
    LineStatus: 'bost_Open',
    U_PrecioLista: null,
    U_DescLinea: null,
    ShipDate: null,
  };
}

/** The header discount in whole pesos: round(sum × discount / 100). */
export function headerDiscountSum(sum: number, discountPercent: number): number {
  if (discountPercent === 0) return 0;
  const tenThousandths = Math.round(discountPercent * 10_000);
  if (sum >= 0 && Number.isSafeInteger(sum * tenThousandths)) return divRound(sum * tenThousandths, 1_000_000);
  return roundTo((sum * discountPercent) / 100, 0);
}

/**
 * Net = Σ LineTotal less the header discount (rounded to whole pesos); VatSum = VAT of the net (tax rounded at
 * document level, as the SII's DTE states it: IVA = 19 % of the neto); DocTotal = net + VatSum.
 */
export function totals(lines: DocumentLine[], headerDiscount = 0): { VatSum: number; DocTotal: number } {
  const sum = lines.reduce((s, l) => s + l.LineTotal, 0);
  const net = sum - headerDiscountSum(sum, headerDiscount);
  const vat = vatOf(net);
  return { VatSum: vat, DocTotal: net + vat };
}

export function addressText(bp: B1BusinessPartner, name: string | null, type: 'bo_BillTo' | 'bo_ShipTo'): string | null {
  const a = bp.BPAddresses.find((x) => x.AddressName === name && x.AddressType === type);
  return a ? `${a.Street}\r${a.City}\r${a.County}\r${a.State}\rCL` : null;
}

export function emptyDocument(
  docEntry: number, docNum: number, bp: B1BusinessPartner, docDate: string, objectCode: DocObjectCode = 'oOrders',
): B1Document {
  return {
    DocEntry: docEntry,
    DocNum: docNum,
    DocType: 'dDocument_Items',
    DocObjectCode: objectCode,
    AuthorizationStatus: 'dasWithout',
    DocDate: docDate,
    DocDueDate: docDate,
    TaxDate: docDate,
    RequriedDate: null,
    CardCode: bp.CardCode,
    CardName: bp.CardName,
    ContactPersonCode: null,
    SalesPersonCode: bp.SalesPersonCode ?? -1,
    NumAtCard: null,
    Comments: null,
    ShipToCode: bp.ShipToDefault,
    PayToCode: bp.BilltoDefault,
    Address: addressText(bp, bp.BilltoDefault, 'bo_BillTo'),
    Address2: addressText(bp, bp.ShipToDefault, 'bo_ShipTo'),
    DocCurrency: 'CLP',
    DiscountPercent: 0,
    VatSum: 0,
    DocTotal: 0,
    PaidToDate: 0,
    DocumentStatus: 'bost_Open',
    Cancelled: 'tNO',
    FolioNumber: null,
    FolioPrefixString: null,
    DocumentSubType: 'bod_None',
    DocumentInstallments: [],
    AttachmentEntry: null,
    U_FechaRecepcion: null,
    U_Cedida: null,
    U_CesionarioRut: null,
    U_CesionarioNombre: null,
    U_EstadoReclamo: null,
    DocumentLines: [],
    DocumentReferences: [],
    U_TipoVenta: null,
    U_FormaPago: null,
    U_Transporte: null,
    U_TipoRetiro: null,
    U_Sucursal: null,
    U_DireccionDespacho: null,
    U_ComunaDespacho: null,
  };
}
