// Quick order (docs/ordering.md): the rules that turn pasted text or a CSV/XLSX file into order lines, run by the SPA
// (pasted text, the template) and by the server (uploaded files, every validation). Plain TypeScript: no Node, no DOM.
import type { QuickOrderFileReading } from './api/ordering';

/** The most order lines a quick order (a file, a paste) may hold: the bulk cart endpoint takes as many at once. */
export const QUICK_ORDER_MAX_LINES = 2000;
/** The largest file accepted (an XLSX of 2 000 lines with formatting is well under it). */
export const QUICK_ORDER_MAX_BYTES = 2 * 1024 * 1024;

export const QUICK_ORDER_MSG = {
  quantityRequired: 'Falta la cantidad',
  quantityInvalid: 'Cantidad inválida: {value}',
  quantityNotWhole: 'La cantidad debe ser un número entero: {value}',
  quantityNotPositive: 'La cantidad debe ser mayor que cero',
  quantityTooLarge: 'La cantidad es demasiado grande: {value}',
  quantityAmbiguous: "Cantidad ambigua '{value}': escriba {plain} o {dotted}",
  skuRequired: 'Falta el sku',
  skuInvalid: 'Sku inválido: {value}',
  tooManyColumns: 'La línea tiene {n} columnas: se esperan sku;cantidad o estilo;talla;cantidad',
  unclosedQuote: 'Comillas sin cerrar',
  skuTooLong: 'El sku es demasiado largo (máximo 100 caracteres)',
  sizeTooLong: 'La talla es demasiado larga (máximo 30 caracteres)',
  quantityTooLong: 'La cantidad es demasiado larga (máximo 40 caracteres)',
  tooManyLines: 'El pedido tiene más de 2.000 líneas: divídalo en partes',
  noLines: 'No hay líneas de pedido: escriba o pegue sku;cantidad, una por línea',
} as const;

/**
 * The longest text each cell of a line may hold: what POST /user/quick-order/validate takes and the screen's inputs
 * allow. A longer cell of a text or a file is cut to it and the line answered with an error, so lines read from a file
 * can always be sent again ('Validar de nuevo').
 */
export const QUICK_ORDER_CELL_MAX = { sku: 100, size: 30, quantity: 40 } as const;

/** Fills `{name}` placeholders (the same as messages.ts `fill`, kept here so this module stands alone). */
const fillIn = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));

// ---------------------------------------------------------------------------------------------------------------
// Delimited text: `;` or `,` (or tab) separated, RFC 4180 quoting, with or without a UTF-8 BOM.
// ---------------------------------------------------------------------------------------------------------------

export type Separator = ';' | ',' | '\t';

/** One row of a delimited text, with the 1-based line of the text it starts on. */
export interface TextRow {
  line: number;
  cells: string[];
  /** The row ends inside an open quote (the rest of the text was taken into its last cell). */
  unclosed?: boolean;
  /** Why a cell could not be read (a sheet's formula without a value), by its index: the line gets the error. */
  cellErrors?: ReadonlyArray<string | undefined>;
}

const BOM = '\uFEFF';

/**
 * The separator of a text: `;` if any of its first lines (20 that are neither empty nor a '#' note) holds one outside
 * quotes, else a tab, else `,`. `;` comes first because Chilean spreadsheets write the decimal comma ('2,0') and save
 * CSV with `;`.
 */
export function detectSeparator(text: string): Separator {
  const seen = new Set<string>();
  let quoted = false;
  let lines = 0;
  let lineStart = true;
  let note = false;
  let content = false;
  for (const ch of text.startsWith(BOM) ? text.slice(1) : text) {
    if (!quoted && (ch === '\n' || ch === '\r')) {
      if (content && !note && ++lines >= 20) break;
      lineStart = true;
      note = false;
      content = false;
      continue;
    }
    if (lineStart && ch.trim()) {
      lineStart = false;
      note = ch === '#';
    }
    if (ch.trim()) content = true;
    if (ch === '"') quoted = !quoted;
    else if (!quoted && !note && (ch === ';' || ch === ',' || ch === '\t')) seen.add(ch);
  }
  if (seen.has(';')) return ';';
  if (seen.has('\t')) return '\t';
  return ',';
}

/**
 * Splits a delimited text into rows of cells. Quoted cells may hold the separator, line breaks and doubled quotes
 * (`"a;b"`, `"5 ""XL"""`); a BOM at the start is dropped; `\r\n`, `\n` and `\r` end rows. Cells are not trimmed.
 */
export function parseDelimited(text: string, separator: Separator = detectSeparator(text)): TextRow[] {
  const src = text.startsWith(BOM) ? text.slice(1) : text;
  const rows: TextRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    cells.push(cell);
    rows.push({ line: rowLine, cells });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === '\n' || (ch === '\r' && src[i + 1] !== '\n')) line++;
        cell += ch;
      }
      continue;
    }
    if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (ch === separator) {
      cells.push(cell);
      cell = '';
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else {
      cell += ch;
    }
  }
  if (quoted) {
    cells.push(cell);
    rows.push({ line: rowLine, cells, unclosed: true });
  } else if (cell !== '' || cells.length > 0) {
    endRow();
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------------------------
// Quantities as Chileans write them: dot thousands, decimal comma.
// ---------------------------------------------------------------------------------------------------------------

export type ParsedQuantity = { ok: true; value: number } | { ok: false; error: string };

/** The largest quantity of one line (the cart's own limit). */
export const MAX_LINE_QUANTITY = 100_000;

/**
 * A quantity as typed in Chile: '12', '1.000' (1000: dot thousands), '1.000,0', '2,0' (2: decimal comma), '1 000';
 * a number cell of a spreadsheet as it is. It must be a whole number above zero: '2,5' is refused, and so is '1,000'
 * (one with three decimals in Chile, a thousand elsewhere: the buyer is asked to write 1000 or 1.000).
 */
export function parseQuantity(input: string | number | null | undefined): ParsedQuantity {
  if (input === null || input === undefined || (typeof input === 'string' && input.trim() === '')) return { ok: false, error: QUICK_ORDER_MSG.quantityRequired };
  let value: number;
  const shown = String(input).trim();
  if (typeof input === 'number') {
    value = input;
  } else {
    const text = shown.replace(/[\s\u00A0\u202F]/g, '');
    if (/^\d{1,3}(\.\d{3})+(,\d+)?$/.test(text)) value = Number(text.replace(/\./g, '').replace(',', '.'));
    else if (/^\d{1,3},\d{3}$/.test(text)) {
      const plain = text.replace(',', '');
      return { ok: false, error: fillIn(QUICK_ORDER_MSG.quantityAmbiguous, { value: shown, plain, dotted: text.replace(',', '.') }) };
    } else if (/^\d+(,\d+)?$/.test(text)) value = Number(text.replace(',', '.'));
    else if (/^\d+\.\d+$/.test(text)) value = Number(text); // '2.0' from a spreadsheet written with a decimal point
    else if (/^-\d/.test(text) || text === '0') return { ok: false, error: QUICK_ORDER_MSG.quantityNotPositive };
    else return { ok: false, error: fillIn(QUICK_ORDER_MSG.quantityInvalid, { value: shown.slice(0, 30) }) };
  }
  if (!Number.isFinite(value)) return { ok: false, error: fillIn(QUICK_ORDER_MSG.quantityInvalid, { value: shown.slice(0, 30) }) };
  if (!Number.isInteger(value)) return { ok: false, error: fillIn(QUICK_ORDER_MSG.quantityNotWhole, { value: shown.slice(0, 30) }) };
  if (value <= 0) return { ok: false, error: QUICK_ORDER_MSG.quantityNotPositive };
  if (value > MAX_LINE_QUANTITY) return { ok: false, error: fillIn(QUICK_ORDER_MSG.quantityTooLarge, { value: shown.slice(0, 30) }) };
  return { ok: true, value };
}

// ---------------------------------------------------------------------------------------------------------------
// Rows → order lines: `sku;cantidad` (a size's item code) or `estilo;talla;cantidad`, an optional header row.
// ---------------------------------------------------------------------------------------------------------------

/** One line of a quick order as read (before the catalogue is asked): what the server validates. */
export interface QuickOrderInputLine {
  /** The line of the text or the row of the sheet it came from (1-based), for messages. */
  row: number;
  /** A size's item code ('POL-1001-M'), or a style code when `size` is given. */
  sku: string;
  /** The size, for a style code ('M'); empty for an item code. */
  size: string;
  /** As typed ('1.000', '2,0') or a spreadsheet's number. */
  quantity: string;
  /** A problem found while reading (too many columns, an open quote): the line is shown with it and not looked up. */
  error?: string;
}

/** Cell texts compared without case, accents or spaces ('Código' = 'codigo'). */
const headerKey = (cell: string) =>
  cell
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

/**
 * The line sheet's quantity column, 'Cantidad a pedir' (docs/linesheet.md): a sheet of every size the buyer may order,
 * most left empty. Under this header a row without a quantity is a size not ordered and is skipped (under any other
 * quantity header it is a line with its quantity missing).
 */
export const ORDER_COLUMN = 'Cantidad a pedir';
const ORDER_COLUMN_KEY = 'cantidadapedir';

/** Column names a header row may use (Spanish and English, compared by headerKey); other columns are ignored. */
const HEADER_NAMES: Record<'sku' | 'style' | 'size' | 'quantity', readonly string[]> = {
  sku: ['sku', 'codigo', 'cod', 'item', 'itemcode', 'codigoarticulo', 'codigoproducto', 'articulo', 'skutalla', 'code'],
  style: ['estilo', 'modelo', 'style', 'skuestilo'],
  size: ['talla', 'size', 'talle'],
  quantity: ['cantidad', 'cant', 'qty', 'quantity', 'unidades', 'cantidadunidades', 'units', ORDER_COLUMN_KEY],
};

type Columns = { sku?: number; style?: number; size?: number; quantity: number; optionalQuantity: boolean };

/** The columns named by a header row, or undefined when the row is not a header. */
function headerColumns(cells: readonly string[]): Columns | undefined {
  const keys = cells.map(headerKey);
  const find = (names: readonly string[]) => {
    const at = keys.findIndex((k) => names.includes(k));
    return at >= 0 ? at : undefined;
  };
  const quantity = find(HEADER_NAMES.quantity);
  const sku = find(HEADER_NAMES.sku);
  const style = find(HEADER_NAMES.style);
  if (quantity === undefined || (sku === undefined && style === undefined)) return undefined;
  return { sku, style, size: find(HEADER_NAMES.size), quantity, optionalQuantity: keys[quantity] === ORDER_COLUMN_KEY };
}

const isBlank = (cells: readonly string[]) => cells.every((c) => c.trim() === '');
const TOTAL_WORDS = ['total', 'totales', 'subtotal', 'totalgeneral'];
/** A totals row under the lines ('Total' beside a sum): no code of its own, a cell saying total. */
const isTotals = (cells: readonly string[], codes: readonly string[]) =>
  codes.every((c) => c === '' || TOTAL_WORDS.includes(headerKey(c))) && cells.some((c) => TOTAL_WORDS.includes(headerKey(c)));
const isNote = (cells: readonly string[]) => (cells[0] ?? '').trim().startsWith('#');

/** The rows a header is looked for in, and the first data rows a sheet without one must fit to be read by position. */
export const HEADER_SEARCH_ROWS = 20;
const FIT_SAMPLE_ROWS = 5;

/** Cells read by position: an item or style code, a size, a quantity (possibly wrong, e.g. '2,5' or '-1'). */
const CODE_LIKE = /^[\w.\-/]{1,100}$/;
const SIZE_LIKE = /^[\w.\-/]{1,10}$/;
const QUANTITY_LIKE = /^-?[\d\s.,\u00A0\u202F]*\d[\d\s.,\u00A0\u202F]*$/;

/** How many cells of a row hold something (trailing empty cells, a spreadsheet's extra separators, do not count). */
function usedCells(cells: readonly string[]): number {
  let used = cells.length;
  while (used > 0 && cells[used - 1]!.trim() === '') used--;
  return used;
}

/** Whether a row reads as sku;cantidad or estilo;talla;cantidad (a cell with a reading error counts as a quantity). */
function fitsByPosition({ cells, cellErrors }: TextRow): boolean {
  const used = usedCells(cells);
  const cell = (at: number) => (cells[at] ?? '').trim();
  const quantity = (at: number) => Boolean(cellErrors?.[at]) || QUANTITY_LIKE.test(cell(at));
  if (used === 2) return CODE_LIKE.test(cell(0)) && quantity(1);
  if (used === 3) return CODE_LIKE.test(cell(0)) && SIZE_LIKE.test(cell(1)) && quantity(2);
  return false;
}

/** A title above the lines: one text (a merged cell repeats it) that no code could be ('Pedido marzo', 'Notas: …'). */
function isTitle(cells: readonly string[]): boolean {
  const texts = new Set(cells.map((c) => c.trim()).filter(Boolean));
  if (texts.size !== 1) return false;
  const [text] = texts;
  return /\s/.test(text!) && !QUANTITY_LIKE.test(text!);
}

/**
 * How the rows were read: by the column names of the header on `headerRow` (1-based line of the text or row of the
 * sheet), or by position; 'none' when there is no header and the first data rows fit neither sku;cantidad nor
 * estilo;talla;cantidad (a file is refused then; a pasted text is still read by position, each line with its error).
 */
export type RowsReading = { columns: 'header'; headerRow: number } | { columns: 'position' | 'none'; headerRow: null };

export interface ReadRows {
  lines: QuickOrderInputLine[];
  reading: RowsReading;
}

/**
 * Order lines from rows of cells (a parsed text, or a sheet's visible rows as text). A header naming the columns
 * (código/sku or estilo/modelo, talla/size, cantidad/qty/unidades; any case, with or without accents, in any order,
 * other columns ignored) is looked for in the first 20 rows that hold something: rows above it (titles, notes) are
 * skipped, and below it the columns are taken by their names. Without one, two cells are sku;cantidad and three are
 * estilo;talla;cantidad, once titles above the lines are skipped. Blank rows, rows starting with '#' (the
 * template's notes) and a totals row ('Total' and a sum, no code) are skipped. Answers at most `max` + 1 lines (the caller refuses more than `max`).
 */
export function readRows(rows: readonly TextRow[], max = QUICK_ORDER_MAX_LINES): ReadRows {
  const filled = rows.filter((r) => !isBlank(r.cells) && !isNote(r.cells));
  const headerAt = filled.slice(0, HEADER_SEARCH_ROWS).findIndex((r) => !r.unclosed && headerColumns(r.cells));
  let body: readonly TextRow[];
  let columns: Columns | undefined;
  let reading: RowsReading;
  if (headerAt >= 0) {
    columns = headerColumns(filled[headerAt]!.cells);
    reading = { columns: 'header', headerRow: filled[headerAt]!.line };
    body = filled.slice(headerAt + 1);
  } else {
    let first = 0;
    while (first < filled.length && isTitle(filled[first]!.cells)) first++;
    body = filled.slice(first);
    const sample = body.slice(0, FIT_SAMPLE_ROWS);
    const fit = sample.filter(fitsByPosition).length;
    reading = { columns: sample.length > 0 && fit * 2 >= sample.length ? 'position' : 'none', headerRow: null };
  }

  const lines: QuickOrderInputLine[] = [];
  for (const { line: row, cells, unclosed, cellErrors } of body) {
    const cell = (at: number | undefined) => (at === undefined ? '' : (cells[at] ?? '').trim());
    let line: QuickOrderInputLine;
    let read: Array<number | undefined>;
    if (columns) {
      read = [columns.sku, columns.style, columns.size, columns.quantity];
      if (read.every((at) => cell(at) === '') || headerColumns(cells)) continue; // a description or note alone, a repeated header
      const style = cell(columns.style);
      const sku = cell(columns.sku);
      const size = cell(columns.size);
      if (isTotals(cells, [sku, style])) continue;
      if (columns.optionalQuantity && cell(columns.quantity) === '' && !cellErrors?.[columns.quantity]) continue; // a size not ordered
      line = { row, sku: sku || style, size, quantity: cell(columns.quantity) };
      if (sku && style && size && !sku.toUpperCase().startsWith(style.toUpperCase())) line.size = ''; // the item code rules
    } else {
      if (isTotals(cells, [cell(0)])) continue;
      const used = usedCells(cells);
      if (used === 3) {
        read = [0, 1, 2];
        line = { row, sku: cell(0), size: cell(1), quantity: cell(2) };
      } else {
        read = [0, 1];
        line = { row, sku: cell(0), size: '', quantity: cell(1) };
        if (used > 3) line.error = fillIn(QUICK_ORDER_MSG.tooManyColumns, { n: used });
      }
    }
    const cellError = read.map((at) => (at === undefined ? undefined : cellErrors?.[at])).find(Boolean);
    if (cellError) line.error ??= cellError;
    if (unclosed) line.error = QUICK_ORDER_MSG.unclosedQuote;
    boundCells(line);
    lines.push(line);
    if (lines.length > max) break;
  }
  return { lines, reading };
}

/** Order lines from rows of cells (readRows' lines). */
export function rowsToLines(rows: readonly TextRow[], max = QUICK_ORDER_MAX_LINES): QuickOrderInputLine[] {
  return readRows(rows, max).lines;
}

const TOO_LONG = { sku: QUICK_ORDER_MSG.skuTooLong, size: QUICK_ORDER_MSG.sizeTooLong, quantity: QUICK_ORDER_MSG.quantityTooLong } as const;

/** Cuts a cell longer than QUICK_ORDER_CELL_MAX to it, and gives the line that error (unless it already has one). */
function boundCells(line: QuickOrderInputLine): void {
  for (const field of ['sku', 'size', 'quantity'] as const) {
    if (line[field].length <= QUICK_ORDER_CELL_MAX[field]) continue;
    line[field] = line[field].slice(0, QUICK_ORDER_CELL_MAX[field]);
    line.error ??= TOO_LONG[field];
  }
}

/** Pasted or uploaded text → order lines (separator detected, BOM dropped). */
export function parseQuickOrderText(text: string, max = QUICK_ORDER_MAX_LINES): QuickOrderInputLine[] {
  return rowsToLines(parseDelimited(text), max);
}

/** A spreadsheet cell's value (a string, number, boolean, date or nothing) as the text a CSV would hold. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
}

// ---------------------------------------------------------------------------------------------------------------
// The downloadable template
// ---------------------------------------------------------------------------------------------------------------

/** The template's rows: a header, notes, and two example lines (an item code, then a style with its size). */
export const QUICK_ORDER_TEMPLATE_ROWS: readonly (readonly string[])[] = [
  ['sku', 'cantidad'],
  ['# Una línea por talla: el código del artículo (sku de la talla) y la cantidad.', ''],
  ['# También puede usar tres columnas: estilo;talla;cantidad. Las líneas que empiezan con # se ignoran.', ''],
  ['POL-1001-M', '12'],
  ['POL-1001-L', '24'],
];

/** The CSV template: `;`-separated (what Excel in Chile opens in columns), UTF-8 with a BOM (so Excel reads the accents). */
export function quickOrderTemplateCsv(): string {
  const quote = (cell: string) => (/[;"\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  return `${BOM}${QUICK_ORDER_TEMPLATE_ROWS.map((row) => row.map(quote).join(';')).join('\r\n')}\r\n`;
}

export const QUICK_ORDER_TEMPLATE_NAMES = { csv: 'plantilla-pedido-rapido.csv', xlsx: 'plantilla-pedido-rapido.xlsx' } as const;

// ---------------------------------------------------------------------------------------------------------------
// What the server answers about each line (docs/ordering.md)
// ---------------------------------------------------------------------------------------------------------------

export const QUICK_ORDER_LINE_MSG = {
  skuInvalid: 'Sku inválido: {sku}',
  sizeInvalid: 'Talla inválida: {size}',
  unknownSku: 'El sku {sku} no existe en el catálogo',
  unknownStyle: 'El estilo {style} no existe en el catálogo',
  unknownSize: 'El estilo {style} no tiene talla {size} (tallas: {sizes})',
  sizeNeeded: 'Indique la talla del estilo {style} (tallas: {sizes})',
  unavailable: 'El producto {sku} ya no está disponible',
  noStock: 'Sin stock de {name} talla {size}',
  noStockIncoming: 'Sin stock de {name} talla {size}; llegan {incoming} el {date}',
  noneLeft: 'El carro ya tiene todo el stock disponible de {name} talla {size} ({stock})',
  short: 'Stock insuficiente: se agregarán {addable} de {quantity} (disponible {stock})',
  shortWithCart: 'Stock insuficiente: se agregarán {addable} de {quantity} (disponible {stock}, {inCart} ya en el carro)',
  merged: 'Se sumaron las líneas {rows}',
  summary: '{ready}, {short} con stock insuficiente, {errors} con errores',
  readyOne: '1 línea lista',
  readyMany: '{ok} líneas listas',
} as const;

/** How an uploaded file was read, as the quick-order screen says it above the lines. */
export const QUICK_ORDER_READING_MSG = {
  encoding: {
    'windows-1252': 'Archivo leído como Windows-1252 (Excel).',
    'utf-16le': 'Archivo leído como UTF-16 LE (Texto Unicode).',
    'utf-16be': 'Archivo leído como UTF-16 BE (Texto Unicode).',
  },
  sheet: 'Hoja leída: «{sheet}».',
  header: 'Encabezado en la fila {row}.',
  position: 'Sin encabezado: columnas leídas por posición (sku;cantidad o estilo;talla;cantidad).',
  hiddenOne: '1 fila oculta no se leyó.',
  hiddenMany: '{n} filas ocultas no se leyeron.',
} as const;

/** 'Archivo leído como Windows-1252 (Excel). Encabezado en la fila 1.' / 'Hoja leída: «Pedido». Encabezado en la fila 3. …' */
export function describeFileReading(reading: QuickOrderFileReading): string {
  const M = QUICK_ORDER_READING_MSG;
  const parts: string[] = [];
  if (reading.encoding) parts.push(M.encoding[reading.encoding]);
  if (reading.sheet !== null) parts.push(fillIn(M.sheet, { sheet: reading.sheet }));
  parts.push(reading.columns === 'header' && reading.headerRow !== null ? fillIn(M.header, { row: reading.headerRow }) : M.position);
  if (reading.hiddenRows > 0) parts.push(reading.hiddenRows === 1 ? M.hiddenOne : fillIn(M.hiddenMany, { n: reading.hiddenRows }));
  return parts.join(' ');
}

/** The validation's summary: '1 línea lista, …' / '3 líneas listas, …'. */
export function quickOrderSummary(counts: { ok: number; short: number; errors: number }): string {
  const ready = counts.ok === 1 ? QUICK_ORDER_LINE_MSG.readyOne : fillIn(QUICK_ORDER_LINE_MSG.readyMany, counts);
  return fillIn(QUICK_ORDER_LINE_MSG.summary, { ...counts, ready });
}

/** 'Se sumaron las líneas 3, 7 y 9'. */
export function rowList(rows: readonly number[]): string {
  if (rows.length <= 1) return rows.join('');
  return `${rows.slice(0, -1).join(', ')} y ${rows[rows.length - 1]}`;
}
