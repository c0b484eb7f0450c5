// The wholesaler's incoming goods: its suppliers (business partners of CardType cSupplier) and its purchase orders
// (PurchaseOrders, B1's OPOR), made FROM the catalogue's Ordered figures so that, as B1 keeps them, every Item's
// ItemWarehouseInfoCollection[].Ordered is the sum of RemainingOpenQuantity over the open lines of open purchase
// orders for that item and warehouse. Own PRNGs: the catalogue, the history and the account documents do not move.
//
// The demo stories (INCOMING_DEMO): next season's three styles with everything on order 5–9 weeks away, the restocks
// of two sold-out sizes 10–20 days away, one purchase order delayed by its supplier, a size with nothing coming; every
// other Ordered spread over 7–60 days from the purchase reference date (the stand-in's "today" unless told).
import { NEXT_SEASON_STYLES } from './catalogue';
import { addDays, emptyDocument, listPrice, makeLine, totals } from './documents';
import { NOT_BLOCKED } from './partners';
import { createRng, type Rng } from './prng';
import type { B1BusinessPartner, B1Item, B1PurchaseOrder, PurchaseOrderLine } from './types';

interface SupplierDef { cardCode: string; name: string; street: string; city: string; phone: string; email: string; giro: string }

/** The demo suppliers: textile importers. */
const SUPPLIER_DEFS: SupplierDef[] = [
  { cardCode: 'P76100200', name: 'Textiles del Pacífico Importadora Ltda.', street: 'Av. Presidente Eduardo Frei Montalva 9950, bodega 12', city: 'Quilicura', phone: '+56 2 2944 1200', email: 'ventas@textilespacifico.example', giro: 'Importación y venta de prendas de vestir' },
  { cardCode: 'P77250800', name: 'Importadora Textil Asia Sur SpA', street: "Av. Libertador Bernardo O'Higgins 3470, of. 401", city: 'Estación Central', phone: '+56 2 2776 3400', email: 'comercial@asiasur.example', giro: 'Importación de textiles y confecciones' },
  { cardCode: 'P96511230', name: 'Hilados y Confecciones Andinas S.A.', street: 'Camino a Nos 1240', city: 'San Bernardo', phone: '+56 2 2859 7700', email: 'pedidos@hiladosandinos.example', giro: 'Fabricación e importación de prendas de vestir' },
];

/** Who supplies each category (U_Categoria); any other category buys from the first supplier. */
const SUPPLIER_OF_CATEGORY: Record<string, string> = {
  POLERAS: 'P77250800', PANTALONES: 'P96511230', CHAQUETAS: 'P76100200', POLERONES: 'P77250800',
  CAMISAS: 'P96511230', VESTIDOS: 'P76100200', CALZAS: 'P77250800', 'ROPA DE TRABAJO': 'P96511230',
};

/** The first DocNum of the purchase orders' series. */
const FIRST_PO_NUM = 4000;
/** Lines per purchase order of one category. */
const LINES_PER_ORDER = 20;

/** What the portal's tests and demo rely on (mocks/b1/README.md, Incoming goods). */
export const INCOMING_DEMO = {
  suppliers: SUPPLIER_DEFS.map((s) => s.cardCode),
  /** Next season: InStock 0, Committed 0, everything on purchase orders 35–63 days after the purchase reference date. */
  nextSeasonStyles: NEXT_SEASON_STYLES,
  nextSeasonDays: [35, 63] as const,
  /** Sold-out sizes with a purchase on the way, arriving 10–20 days after the purchase reference date. */
  restocks: { 'CHA-3003-XS': 60, 'PAN-2003-46': 36 } as Record<string, number>,
  restockDays: [10, 20] as const,
  /** Sold out with nothing coming (Ordered 0, on no open line). */
  nothingComing: 'POL-1001-XL',
  /** The purchase order its supplier delayed: open, its lines' ShipDate 3 weeks after its DocDueDate, said in Comments. */
  delayedDocEntry: 9,
  /** Every other Ordered arrives this many days after the purchase reference date. */
  regularDays: [7, 60] as const,
} as const;

/** The check digit of a rut body (módulo 11). */
function rutDv(body: number): string {
  let sum = 0;
  let factor = 2;
  for (let n = body; n > 0; n = Math.floor(n / 10)) {
    sum += (n % 10) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const r = 11 - (sum % 11);
  return r === 11 ? '0' : r === 10 ? 'K' : String(r);
}

/** The demo suppliers as B1 keeps them (CardType cSupplier, one bill-to and one ship-to address, no contacts). */
export function buildSuppliers(): B1BusinessPartner[] {
  return SUPPLIER_DEFS.map((s) => {
    const address = (type: 'bo_BillTo' | 'bo_ShipTo', row: number) => ({
      AddressName: type === 'bo_BillTo' ? 'FACTURACION' : 'BODEGA', AddressType: type, Street: s.street, Block: null, City: s.city,
      County: 'Santiago', State: 'RM', Country: 'CL', ZipCode: null, BPCode: s.cardCode, RowNum: row,
    });
    return {
      CardCode: s.cardCode, CardName: s.name, CardType: 'cSupplier', GroupCode: 101,
      FederalTaxID: `${s.cardCode.slice(1)}-${rutDv(Number(s.cardCode.slice(1)))}`, Phone1: s.phone, Phone2: null, Cellular: null,
      EmailAddress: s.email, Currency: 'CLP', PayTermsGrpCode: 4, CreditLimit: 0, MaxCommitment: 0, CurrentAccountBalance: 0,
      OpenOrdersBalance: 0, PriceListNum: 1, Frozen: 'tNO', Valid: 'tYES', BilltoDefault: 'FACTURACION', ShipToDefault: 'BODEGA',
      City: s.city, BPAddresses: [address('bo_BillTo', 0), address('bo_ShipTo', 1)], ContactEmployees: [], U_Giro: s.giro,
      U_NivelFidelizacion: null, U_DescFidelizacion: null, U_Morosidad: NOT_BLOCKED, U_Interes: NOT_BLOCKED, U_Protesto: NOT_BLOCKED,
      U_Prorroga: NOT_BLOCKED,
      SalesPersonCode: -1,
    };
  });
}

const two = (n: number) => String(n).padStart(2, '0');
const dmy = (iso: string) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;

/** A change stamp on a day between `from` and `to` (both included), in working hours. */
function stampBetween(rng: Rng, from: string, to: string): { UpdateDate: string; UpdateTime: string } {
  const days = Math.max(0, Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000));
  return { UpdateDate: addDays(from, rng.int(0, days)), UpdateTime: `${two(rng.int(8, 19))}:${two(rng.int(0, 59))}:${two(rng.int(0, 59))}` };
}

/** The supplier's unit cost: about 40 % of the list price, in tens of pesos. */
const supplierCost = (item: B1Item): number => Math.round((listPrice(item) * 0.4) / 10) * 10;

interface PlannedLine {
  item: B1Item;
  /** Still to arrive (RemainingOpenQuantity). */
  open: number;
  /** Already taken in by goods receipts. */
  received: number;
  shipDate: string;
}

interface PlannedOrder {
  supplier: string;
  docDate: string;
  dueDate: string;
  comments: string | null;
  lines: PlannedLine[];
  stamp: { UpdateDate: string; UpdateTime: string };
  cancelled?: boolean;
}

/** A purchase order as B1 keeps it: supplier cost prices, totals with VAT, open while a line has something to arrive. */
function purchaseOrder(entry: number, suppliers: Map<string, B1BusinessPartner>, p: PlannedOrder): B1PurchaseOrder {
  const supplier = suppliers.get(p.supplier) ?? [...suppliers.values()][0]!;
  const doc = emptyDocument(entry, FIRST_PO_NUM + entry, supplier, p.docDate, 'oPurchaseOrders');
  const lines = p.lines.map((l, i): PurchaseOrderLine => {
    const open = p.cancelled ? 0 : l.open;
    return {
      ...makeLine(i, l.item, l.open + l.received, supplierCost(l.item), 0),
      ShipDate: l.shipDate, RemainingOpenQuantity: open, OpenQuantity: open, LineStatus: open > 0 ? 'bost_Open' : 'bost_Close',
    };
  });
  const { DocumentLines: _lines, ...header } = doc;
  const order: B1PurchaseOrder = { ...header, DocumentLines: lines, ...p.stamp };
  order.DocDueDate = p.dueDate;
  order.Comments = p.comments;
  Object.assign(order, totals(lines));
  if (p.cancelled) order.Cancelled = 'tYES';
  if (lines.every((l) => l.LineStatus === 'bost_Close')) order.DocumentStatus = 'bost_Close';
  return order;
}

/**
 * The purchase orders of `onOrder` (items and the quantity each has on order, in catalogue order): grouped by category,
 * up to LINES_PER_ORDER lines per order, each order due 7–60 days after `ref`; with `splits` some items split over two
 * dates; some lines already partly received (their Quantity is larger than what is still to arrive).
 */
function regularOrders(rng: Rng, onOrder: Array<{ item: B1Item; ordered: number }>, ref: string, splits = true): PlannedOrder[] {
  const byCategory = new Map<string, Array<{ item: B1Item; ordered: number }>>();
  for (const e of onOrder) {
    const list = byCategory.get(e.item.U_Categoria) ?? [];
    list.push(e);
    byCategory.set(e.item.U_Categoria, list);
  }
  const orders: PlannedOrder[] = [];
  for (const [category, list] of byCategory) {
    for (let start = 0; start < list.length; start += LINES_PER_ORDER) {
      const due = rng.int(7, 60);
      const docDate = addDays(ref, -rng.int(10, 60));
      const lines: PlannedLine[] = [];
      for (const { item, ordered } of list.slice(start, start + LINES_PER_ORDER)) {
        const received = rng.chance(0.1) ? rng.int(1, 4) * 6 : 0;
        if (splits && ordered >= 12 && rng.chance(0.15)) {
          // half now, the rest on another date within the window
          const first = 6 * Math.floor(ordered / 12);
          const other = due > 40 ? due - rng.int(7, 14) : due + rng.int(7, 20);
          lines.push({ item, open: first, received, shipDate: addDays(ref, due) });
          lines.push({ item, open: ordered - first, received: 0, shipDate: addDays(ref, other) });
        } else {
          lines.push({ item, open: ordered, received, shipDate: addDays(ref, due) });
        }
      }
      orders.push({
        supplier: SUPPLIER_OF_CATEGORY[category] ?? SUPPLIER_DEFS[0]!.cardCode, docDate, dueDate: addDays(ref, due), comments: null, lines,
        stamp: stampBetween(rng, docDate, addDays(ref, -1)),
      });
    }
  }
  return orders;
}

const orderedOf = (item: B1Item): number => item.ItemWarehouseInfoCollection.find((w) => w.WarehouseCode === '01')?.Ordered ?? 0;

/**
 * The demo company's purchase orders, from the demo catalogue and next season's Items (`items`) and the purchase
 * reference date `ref` ('YYYY-MM-DD'): three old ones (two received, one cancelled), the two restocks, next season's
 * three, then one per category and 20 lines of every other Item on order, the first of them delayed by its supplier
 * (INCOMING_DEMO.delayedDocEntry). The Items' Ordered are not changed: the orders are made from them.
 */
export function buildDemoPurchaseOrders(items: B1Item[], suppliers: B1BusinessPartner[], ref: string): B1PurchaseOrder[] {
  const rng = createRng(20261215);
  const bySupplier = new Map(suppliers.map((s) => [s.CardCode, s]));
  const byCode = new Map(items.map((i) => [i.ItemCode, i]));
  const nextSeason = new Set<string>(INCOMING_DEMO.nextSeasonStyles);
  const planned: PlannedOrder[] = [];

  // old purchases: received in full, and one the supplier never shipped (cancelled)
  const pastItems = items.filter((i) => !nextSeason.has(i.U_Estilo) && i.ItemCode !== INCOMING_DEMO.nothingComing);
  for (const [daysAgo, cancelled] of [[150, false], [95, false], [70, true]] as const) {
    const docDate = addDays(ref, -daysAgo);
    const picked = new Set<B1Item>();
    while (picked.size < 4) picked.add(rng.pick(pastItems));
    const lines = [...picked].map((item) => ({ item, open: 0, received: rng.int(4, 16) * 6, shipDate: addDays(docDate, 40) }));
    planned.push({
      supplier: SUPPLIER_DEFS[daysAgo % 3]!.cardCode, docDate, dueDate: addDays(docDate, 40),
      comments: cancelled ? 'Anulada: el proveedor no pudo cumplir' : null, lines: cancelled ? lines.map((l) => ({ ...l, open: l.received, received: 0 })) : lines,
      stamp: stampBetween(rng, addDays(docDate, 40), addDays(docDate, 45)), cancelled,
    });
  }

  // restocks of sold-out sizes
  for (const [code, days] of [['CHA-3003-XS', 12], ['PAN-2003-46', 17]] as const) {
    const item = byCode.get(code);
    if (!item || orderedOf(item) === 0) continue;
    const docDate = addDays(ref, -rng.int(5, 15));
    planned.push({
      supplier: SUPPLIER_OF_CATEGORY[item.U_Categoria]!, docDate, dueDate: addDays(ref, days), comments: 'Reposición de talla agotada',
      lines: [{ item, open: orderedOf(item), received: 0, shipDate: addDays(ref, days) }], stamp: stampBetween(rng, docDate, addDays(ref, -1)),
    });
  }

  // next season: everything on order, 5 to 9 weeks away
  for (const style of INCOMING_DEMO.nextSeasonStyles) {
    const sizes = items.filter((i) => i.U_Estilo === style);
    if (sizes.length === 0) continue;
    const due = rng.int(INCOMING_DEMO.nextSeasonDays[0], INCOMING_DEMO.nextSeasonDays[1]);
    const docDate = addDays(ref, -rng.int(20, 40));
    planned.push({
      supplier: SUPPLIER_OF_CATEGORY[sizes[0]!.U_Categoria]!, docDate, dueDate: addDays(ref, due), comments: 'Temporada primavera-verano',
      lines: sizes.map((item) => ({ item, open: orderedOf(item), received: 0, shipDate: addDays(ref, due) })), stamp: stampBetween(rng, docDate, addDays(ref, -1)),
    });
  }

  // every other Item on order
  const special = new Set([...Object.keys(INCOMING_DEMO.restocks)]);
  const rest = items.filter((i) => orderedOf(i) > 0 && !special.has(i.ItemCode) && !nextSeason.has(i.U_Estilo)).map((item) => ({ item, ordered: orderedOf(item) }));
  const regular = regularOrders(rng, rest, ref);
  const delayed = regular[0];
  if (delayed) {
    // the supplier moved the shipment once: the lines come 3 weeks after the date the order was placed for; a first
    // part of one line already came in, and one line (an Item with nothing else on order) arrived in full
    delayed.dueDate = addDays(ref, 9);
    const ship = addDays(ref, 30);
    delayed.lines = delayed.lines.map((l) => ({ ...l, shipDate: ship }));
    delayed.lines[0] = { ...delayed.lines[0]!, received: 12 };
    const arrived = items.find((i) => i.U_Categoria === delayed.lines[0]!.item.U_Categoria && orderedOf(i) === 0 && !nextSeason.has(i.U_Estilo)
      && i.ItemCode !== INCOMING_DEMO.nothingComing);
    if (arrived) delayed.lines.push({ item: arrived, open: 0, received: 24, shipDate: addDays(ref, -4) });
    delayed.comments = `Proveedor informa atraso: embarque reprogramado del ${dmy(delayed.dueDate)} al ${dmy(ship)}`;
    delayed.stamp = { UpdateDate: addDays(ref, -2), UpdateTime: '16:42:05' };
  }
  planned.push(...regular);
  return planned.map((p, i) => purchaseOrder(i + 1, bySupplier, p));
}

/**
 * The purchase orders of a generated catalogue (`items`), numbered from `firstEntry`: one per category and 20 lines of
 * the Items on order, one line per Item (about 30 % of them: some 6,000 lines for 20,000 Items), due 7–60 days after
 * `ref`. With `maxItems`, only the first that many Items on order keep their Ordered (the others' becomes 0): exactly
 * that many open lines, how a bench sizes them.
 */
export function buildGeneratedPurchaseOrders(
  items: B1Item[], suppliers: B1BusinessPartner[], ref: string, firstEntry: number, maxItems?: number,
): B1PurchaseOrder[] {
  const rng = createRng(777_001);
  const bySupplier = new Map(suppliers.map((s) => [s.CardCode, s]));
  const onOrder: Array<{ item: B1Item; ordered: number }> = [];
  for (const item of items) {
    const ordered = orderedOf(item);
    if (ordered <= 0) continue;
    if (maxItems !== undefined && onOrder.length >= maxItems) {
      for (const w of item.ItemWarehouseInfoCollection) w.Ordered = 0;
      continue;
    }
    onOrder.push({ item, ordered });
  }
  return regularOrders(rng, onOrder, ref, false).map((p, i) => purchaseOrder(firstEntry + i, bySupplier, p));
}
