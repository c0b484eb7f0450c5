// The wholesaler's incoming goods as B1 keeps them: open purchase orders (docs/incoming.md). Read with the catalogue's
// items (ItemMirror) and kept as dated quantities per ItemCode; the supplier, its prices and the document numbers stay
// here and never reach a buyer.
import type { Arrivals } from '@shared/incoming';
import type { B1Document } from './b1Types';
import { B1_SETTINGS, changeStamp, isoDate } from './mapping';

/** The fields read of a purchase order: its state, its change stamp and its lines. */
export const PURCHASE_ORDER_SELECT: readonly string[] = ['DocEntry', 'DocDueDate', 'DocumentStatus', 'Cancelled', 'UpdateDate', 'UpdateTime', 'DocumentLines'];

/** A full read asks for the open ones only; a read by change asks for every changed one (closed ones drop out). */
export const OPEN_PURCHASE_ORDERS_FILTER = "DocumentStatus eq 'bost_Open'";

/** What an open line brings to the portal's warehouse: the item, the date and the quantity still to arrive. */
export interface IncomingLine {
  itemCode: string;
  date: string;
  quantity: number;
}

/** The open lines of a purchase order that bring goods to the portal's warehouse (none when the order is closed). */
export function incomingLines(doc: B1Document, warehouseCode: string | null = B1_SETTINGS.warehouseCode): IncomingLine[] {
  if (doc.DocumentStatus !== 'bost_Open' || doc.Cancelled === 'tYES') return [];
  const lines: IncomingLine[] = [];
  for (const line of doc.DocumentLines ?? []) {
    if (!line.ItemCode || line.LineStatus === 'bost_Close') continue;
    if (warehouseCode !== null && line.WarehouseCode && line.WarehouseCode !== warehouseCode) continue;
    const quantity = Math.floor(Number(line.RemainingOpenQuantity ?? line.Quantity ?? 0));
    const date = isoDate(line.ShipDate) || isoDate(doc.DocDueDate);
    if (quantity > 0 && /^\d{4}-\d{2}-\d{2}$/.test(date)) lines.push({ itemCode: line.ItemCode, date, quantity });
  }
  return lines;
}

/** The open purchase orders read so far, by document, and what they bring per ItemCode. */
export class IncomingIndex {
  private byDoc = new Map<number, IncomingLine[]>();
  private byItem = new Map<string, Arrivals>();
  /** Newest change stamp of the purchase orders seen ('' before the first read). */
  newest = '';

  /** Replaces everything with a full read of the open purchase orders. */
  replaceAll(docs: readonly B1Document[]): void {
    this.byDoc = new Map();
    this.newest = '';
    const byItem = new Map<string, Map<string, number>>();
    for (const doc of docs) {
      for (const l of this.take(doc)) {
        const dates = byItem.get(l.itemCode) ?? byItem.set(l.itemCode, new Map()).get(l.itemCode)!;
        dates.set(l.date, (dates.get(l.date) ?? 0) + l.quantity);
      }
    }
    this.byItem = new Map([...byItem].map(([code, dates]) => [code, sortedArrivals(dates)]));
  }

  /** Merges the purchase orders changed since the last read; answers the ItemCodes whose arrivals changed. */
  merge(docs: readonly B1Document[]): Set<string> {
    const touched = new Set<string>();
    for (const doc of docs) {
      for (const l of this.byDoc.get(doc.DocEntry) ?? []) touched.add(l.itemCode);
      this.byDoc.delete(doc.DocEntry);
      for (const l of this.take(doc)) touched.add(l.itemCode);
    }
    const changed = new Set<string>();
    for (const code of touched) {
      const before = this.byItem.get(code);
      if (!sameArrivals(before, this.rebuild(code))) changed.add(code);
    }
    return changed;
  }

  /** The dated quantities arriving for an ItemCode, undefined when none. */
  arrivalsOf(itemCode: string): Arrivals | undefined {
    return this.byItem.get(itemCode);
  }

  private take(doc: B1Document): IncomingLine[] {
    const stamp = changeStamp(doc);
    if (stamp > this.newest) this.newest = stamp;
    const lines = incomingLines(doc);
    if (lines.length) this.byDoc.set(doc.DocEntry, lines);
    return lines;
  }

  /** Recomputes one ItemCode's arrivals from every document's lines (few documents touch one item). */
  private rebuild(itemCode: string): Arrivals | undefined {
    const byDate = new Map<string, number>();
    for (const lines of this.byDoc.values()) {
      for (const l of lines) if (l.itemCode === itemCode) byDate.set(l.date, (byDate.get(l.date) ?? 0) + l.quantity);
    }
    if (byDate.size === 0) {
      this.byItem.delete(itemCode);
      return undefined;
    }
    const arrivals = sortedArrivals(byDate);
    this.byItem.set(itemCode, arrivals);
    return arrivals;
  }
}

const sortedArrivals = (byDate: Map<string, number>): Arrivals => [...byDate].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

export function sameArrivals(a: Arrivals | undefined, b: Arrivals | undefined): boolean {
  if (!a || !b) return a === b;
  return a.length === b.length && a.every(([d, q], i) => b[i]![0] === d && b[i]![1] === q);
}
