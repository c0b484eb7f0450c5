// Marketing-document arithmetic shared by the seeded history and the POST handlers: line totals in
// whole CLP, 19% VAT, the empty document shape, dates.
import type { B1BusinessPartner, B1Document, B1Item, DocumentLine } from './types';

export const VAT_RATE = 0.19;
export const DEFAULT_WAREHOUSE = '01';
export const BASE_ORDER = 17;
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

export function makeLine(
  lineNum: number, item: B1Item, quantity: number, unitPrice: number, discountPercent: number,
  base: { type: number; entry: number | null; line: number | null } = { type: -1, entry: null, line: null },
  warehouse = DEFAULT_WAREHOUSE,
): DocumentLine {
  const price = Math.round(unitPrice * (1 - discountPercent / 100) * 100) / 100;
  return {
    LineNum: lineNum,
    ItemCode: item.ItemCode,
    ItemDescription: item.ItemName,
    Quantity: quantity,
    UnitPrice: unitPrice,
    Price: price,
    DiscountPercent: discountPercent,
    LineTotal: Math.round(quantity * unitPrice * (1 - discountPercent / 100)),
    Currency: 'CLP',
    WarehouseCode: warehouse,
    TaxCode: 'IVA',
    BaseType: base.type,
    BaseEntry: base.entry,
    BaseLine: base.line,
    LineStatus: 'bost_Open',
  };
}

/** Net after the header discount, VAT rounded to whole pesos, total = net + VAT. */
export function totals(lines: DocumentLine[], headerDiscount = 0): { VatSum: number; DocTotal: number } {
  const net = Math.round(lines.reduce((s, l) => s + l.LineTotal, 0) * (1 - headerDiscount / 100));
  const vat = Math.round(net * VAT_RATE);
  return { VatSum: vat, DocTotal: net + vat };
}

export function addressText(bp: B1BusinessPartner, name: string | null, type: 'bo_BillTo' | 'bo_ShipTo'): string | null {
  const a = bp.BPAddresses.find((x) => x.AddressName === name && x.AddressType === type);
  return a ? `${a.Street}\r${a.City}\r${a.County}\r${a.State}\rCL` : null;
}

export function emptyDocument(docEntry: number, docNum: number, bp: B1BusinessPartner, docDate: string): B1Document {
  return {
    DocEntry: docEntry,
    DocNum: docNum,
    DocType: 'dDocument_Items',
    DocDate: docDate,
    DocDueDate: docDate,
    TaxDate: docDate,
    CardCode: bp.CardCode,
    CardName: bp.CardName,
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
    DocumentLines: [],
    U_TipoVenta: null,
    U_FormaPago: null,
    U_Transporte: null,
    U_TipoRetiro: null,
    U_Sucursal: null,
    U_DireccionDespacho: null,
    U_ComunaDespacho: null,
  };
}
