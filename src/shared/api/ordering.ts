import type { LinePrice, OrderTotals } from '../pricing';
import type { IncomingStock } from '../incoming';
import type { CartBulkResponse } from './cart';

// Ordering power (docs/ordering.md): quick order (pasted lines or a CSV/XLSX file checked against the catalogue and
// the stock before they go to the cart) and reorder (the lines of an earlier order back in the cart at today's prices).

/** One line as the buyer wrote it: what POST /user/quick-order/validate takes (the SPA parses pasted text itself). */
export interface QuickOrderLineInput {
  /** Line of the text or row of the file (1-based), for messages; the SPA numbers lines it adds. */
  row: number;
  /** A size's item code, or a style code when `size` is given. */
  sku: string;
  size?: string;
  /** As typed ('1.000', '2,0') or a number. */
  quantity: string | number;
  /** A problem found while reading the line (an open quote, too many columns): reported as it is. */
  error?: string;
}

/** POST /user/quick-order/validate. */
export interface QuickOrderValidateRequest {
  lines: QuickOrderLineInput[];
}

/**
 * ok: it can be added whole; short: only `addable` can (the stock left is less); noStock: none left; unknown: no such
 * sku, style or size; unavailable: it exists but is not sold (inactive in the ERP, or its style hidden by an admin);
 * invalid: the line cannot be read (no sku, a quantity that is not a whole number above zero, too many columns).
 */
export type QuickOrderLineStatus = 'ok' | 'short' | 'noStock' | 'unknown' | 'unavailable' | 'invalid';

export interface QuickOrderLine {
  /** The lines of the text or file this line stands for: several when the same size was written more than once. */
  rows: number[];
  /** What was written (the first of `rows`): what the buyer edits. */
  input: { sku: string; size: string; quantity: string };
  /** The size's item code when found, otherwise as written. */
  sku: string;
  style: string;
  /** Style name and colour. */
  name: string;
  size: string;
  /** The quantity asked (added up over `rows`); null when it cannot be read. */
  quantity: number | null;
  /** What adding it now would add: the quantity capped at the stock left beside what the cart holds (0 on errors). */
  addable: number;
  /** Available stock (0 when not sold). */
  stock: number;
  /** What the buyer's cart already holds of this size. */
  inCart: number;
  /** What arrives of this size, by date, still free to promise (stock por llegar); absent when nothing. */
  porLlegar?: IncomingStock[];
  status: QuickOrderLineStatus;
  /** Why the line is not ok, or a note on an ok one (lines added together); '' otherwise. */
  message: string;
  /** The prices the buyer pays for `addable` units (the cart's own pricing); absent when the size is not sold. */
  prices?: QuickOrderPrices;
}

/** A line's prices for this buyer (shared/pricing.ts priceLine) and the percentages they come from. */
export interface QuickOrderPrices extends LinePrice {
  percentageOffer: number;
  percentageLoyalty: number;
}

export interface QuickOrderSummary {
  /** Lines after adding repeated sizes together. */
  lines: number;
  ok: number;
  short: number;
  /** Lines that cannot be added (noStock, unknown, unavailable, invalid). */
  errors: number;
  /** Lines of the text or file that were added to another line of the same size. */
  merged: number;
  /** Units that would be added. */
  units: number;
}

/** The answer of validate and of an uploaded file. */
export interface QuickOrderValidation {
  lines: QuickOrderLine[];
  summary: QuickOrderSummary;
  /** 'Resumen de la compra' of what would be added (ok and short lines at their addable quantity). */
  totals: OrderTotals;
  /** The buyer may not buy now (spec: blocked buyer): lines are shown, nothing can be added. */
  blocked: boolean;
  message: string;
  /**
   * null: stock and prices were read from the ERP now. Otherwise (a long list) they are the catalogue's copy, read at
   * this time (ISO); the cart reads them again when the lines are added.
   */
  stockAsOf: string | null;
  /** How an uploaded file was read (POST /user/quick-order/file only). */
  reading?: QuickOrderFileReading;
}

/** A CSV's text encoding when it was not UTF-8: Windows-1252 (Excel's «CSV (delimitado por comas)»), or UTF-16 with a BOM. */
export type QuickOrderFileEncoding = 'windows-1252' | 'utf-16le' | 'utf-16be';

/** How the server read an uploaded file, shown above its lines (shared/quickOrder.ts describeFileReading). */
export interface QuickOrderFileReading {
  /** The file's name as uploaded. */
  file: string;
  format: 'csv' | 'xlsx';
  /** An XLSX's sheet that was read (hidden sheets, and other sheets when this one has the header, are not); null for a CSV. */
  sheet: string | null;
  /** header: the columns were taken by their names, on `headerRow`; position: sku;cantidad or estilo;talla;cantidad. */
  columns: 'header' | 'position';
  /** The row of the sheet (or line of the text) holding the column names, 1-based; null when read by position. */
  headerRow: number | null;
  /** A CSV not in UTF-8: the encoding it was read in; null for UTF-8 (with or without a BOM) and for an XLSX. */
  encoding: QuickOrderFileEncoding | null;
  /** An XLSX's hidden rows holding something, not read. */
  hiddenRows: number;
}

// --- reorder ---

/** What changed on a line since the earlier order, or why it could not go back to the cart. */
export type ReorderChange = 'priceUp' | 'priceDown' | 'short' | 'noStock' | 'unavailable';

export interface ReorderLine {
  sku: string;
  name: string;
  size: string;
  /** The quantity of the earlier order. */
  ordered: number;
  /** How many went into the cart now. */
  added: number;
  /** The unit price the buyer paid then (net, after discounts) and pays today; null when not known or not sold. */
  previousUnitPrice: number | null;
  unitPrice: number | null;
  changes: ReorderChange[];
  message: string;
  /** A size not added for want of stock: what arrives of it, by date (stock por llegar); absent otherwise. */
  porLlegar?: IncomingStock[];
}

/** POST /user/orders/{id}/reorder and /user/b1/purchase-history/{docEntry}/reorder. */
export interface ReorderResponse {
  /** The order or document reordered ('OC000042', or the ERP order number). */
  reference: string;
  lines: ReorderLine[];
  /** Lines put in the cart (whole or in part), and lines with a change the buyer should know of. */
  added: number;
  changed: number;
  /** The cart's line count now. */
  count: number;
  message: string;
  /** The bulk add's own answer, for a client that shows the cart lines. */
  cart: CartBulkResponse;
}
