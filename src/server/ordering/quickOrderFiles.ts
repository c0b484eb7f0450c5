// A quick-order file (docs/ordering.md): a CSV or an XLSX, told apart by its content (never by its name), bounded in
// size and rows, read into the lines the shared rules make of a pasted text, with how it was read. The XLSX is read
// with exceljs (it gives hidden rows, merged cells, formulas' cached values and each sheet's visibility); its zip is
// measured first, so a small file that unpacks to gigabytes is refused before anything is unpacked. A CSV's text is
// decoded with iconv-lite: UTF-8 when it is valid UTF-8, UTF-16 when a byte-order mark says so, else Windows-1252
// (what Excel in Spanish writes as «CSV (delimitado por comas)»).
import type ExcelJS from 'exceljs';
import { fileTypeFromBuffer } from 'file-type';
import { unzipSync } from 'fflate';
import iconv from 'iconv-lite';
import writeXlsxFile from 'write-excel-file/node';
import type { QuickOrderFileEncoding, QuickOrderFileReading, QuickOrderLineInput } from '@shared/api/ordering';
import { fill } from '@shared/messages';
import {
  cellText,
  parseDelimited,
  QUICK_ORDER_MAX_BYTES,
  QUICK_ORDER_MAX_LINES,
  QUICK_ORDER_TEMPLATE_ROWS,
  readRows,
  type ReadRows,
  type TextRow,
} from '@shared/quickOrder';
import { HttpError } from '../errors';

export const QUICK_ORDER_FILE_MSG = {
  missing: 'Debe adjuntar un archivo CSV o XLSX',
  empty: 'El archivo {file} está vacío',
  tooLarge: 'El archivo excede el tamaño máximo de 2 MB',
  wrongType: 'El archivo {file} debe ser CSV o XLSX',
  oldExcel: 'El archivo {file} es un Excel antiguo (.xls): guárdelo como .xlsx o CSV',
  unreadable: 'No se pudo leer el archivo Excel {file}',
  noSheet: 'El archivo Excel {file} no tiene hojas visibles',
  noColumns:
    'No se reconocen las columnas de {where}: escriba un encabezado con Código (o SKU o Estilo), Talla y Cantidad, o use las columnas sku;cantidad o estilo;talla;cantidad de la plantilla',
  noLines: 'El archivo {file} no tiene líneas de pedido',
  tooManyLines: 'El archivo {file} tiene más de 2.000 líneas: divídalo en partes',
  formulaWithoutValue: 'La celda {cell} tiene una fórmula sin valor calculado: ábrala en Excel y guarde el archivo de nuevo',
  formulaError: 'La celda {cell} tiene un error de fórmula ({error})',
} as const;

/** The most an XLSX may unpack to (its sheet of 2 000 lines is well under 1 MB). */
const MAX_UNPACKED_BYTES = 20 * 1024 * 1024;
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const bad = (message: string, file: string) => new HttpError(400, fill(message, { file }));

/** A file read: its order lines and how they were read. */
export interface QuickOrderFile {
  lines: QuickOrderLineInput[];
  reading: QuickOrderFileReading;
}

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const UTF16_BOMS: Array<[Buffer, QuickOrderFileEncoding]> = [
  [Buffer.from([0xff, 0xfe]), 'utf-16le'],
  [Buffer.from([0xfe, 0xff]), 'utf-16be'],
];

/** A CSV's text and the encoding it was read in (null: UTF-8, with or without a BOM). */
function decodeCsv(bytes: Buffer): { text: string; encoding: QuickOrderFileEncoding | null } {
  const utf16 = UTF16_BOMS.find(([bom]) => bytes.subarray(0, 2).equals(bom));
  if (utf16) return { text: iconv.decode(bytes, utf16[1]), encoding: utf16[1] }; // iconv-lite drops the BOM
  if (bytes.subarray(0, 3).equals(UTF8_BOM) || isUtf8(bytes)) return { text: iconv.decode(bytes, 'utf-8'), encoding: null };
  return { text: iconv.decode(bytes, 'windows-1252'), encoding: 'windows-1252' };
}

function isUtf8(bytes: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** A CSV's rows, in whichever encoding it was written; NUL or other control characters than tab and line breaks are not text. */
function csvRows(bytes: Buffer, file: string): { rows: TextRow[]; encoding: QuickOrderFileEncoding | null } {
  const { text, encoding } = decodeCsv(bytes);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(text)) throw bad(QUICK_ORDER_FILE_MSG.wrongType, file);
  return { rows: parseDelimited(text), encoding };
}

/** The zip's entries measured from its directory (nothing unpacked): a bomb or a broken zip is refused. */
function checkZip(bytes: Buffer, file: string): void {
  let total = 0;
  try {
    unzipSync(bytes, {
      filter: (entry) => {
        total += entry.originalSize;
        return false;
      },
    });
  } catch {
    throw bad(QUICK_ORDER_FILE_MSG.unreadable, file);
  }
  if (total > MAX_UNPACKED_BYTES) throw bad(QUICK_ORDER_FILE_MSG.unreadable, file);
}

/** exceljs, loaded with the first XLSX read (about 30 MB and a second of start-up a portal that gets no XLSX does without). */
let exceljsModule: Promise<typeof ExcelJS> | undefined;
const exceljs = () => (exceljsModule ??= import('exceljs').then((m) => (m.default ?? m) as typeof ExcelJS));

/** What a cell holds, as text, or why it cannot be read (a formula saved without its value, a formula's error). */
function readCell(value: ExcelJS.CellValue, address: () => string): { text: string; error?: string } {
  if (value === null || value === undefined) return { text: '' };
  if (typeof value !== 'object' || value instanceof Date) return { text: cellText(value) };
  if ('formula' in value || 'sharedFormula' in value) {
    const result = value.result;
    if (result === undefined || result === null) return { text: `=${'formula' in value ? value.formula : value.sharedFormula}`, error: fill(QUICK_ORDER_FILE_MSG.formulaWithoutValue, { cell: address() }) };
    return readCell(result as ExcelJS.CellValue, address);
  }
  if ('error' in value) return { text: String(value.error), error: fill(QUICK_ORDER_FILE_MSG.formulaError, { cell: address(), error: String(value.error) }) };
  if ('richText' in value) return { text: value.richText.map((part) => part.text).join('') };
  if ('text' in value) return { text: cellText(value.text) };
  return { text: '' };
}

/** A sheet's visible rows as text (a merged cell's value in each of its cells), and how many rows are hidden. */
function sheetRows(sheet: ExcelJS.Worksheet): { rows: TextRow[]; hidden: number } {
  const rows: TextRow[] = [];
  let hidden = 0;
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const values = row.values as ExcelJS.CellValue[]; // 1-based: values[1] is column A
    const cells: string[] = [];
    const cellErrors: Array<string | undefined> = [];
    for (let c = 1; c < values.length; c++) {
      const { text, error } = readCell(values[c], () => row.getCell(c).address);
      cells.push(text);
      cellErrors.push(error);
    }
    if (cells.every((cell) => cell.trim() === '')) return;
    if (row.hidden) {
      hidden++;
      return;
    }
    rows.push({ line: number, cells, ...(cellErrors.some(Boolean) ? { cellErrors } : {}) });
  });
  return { rows, hidden };
}

/**
 * The sheet read of a workbook: the first visible sheet (in the order of its tabs) with a header in its first rows;
 * when none has one, the first visible sheet, read by position. Hidden sheets and hidden rows are never read.
 */
async function xlsxRead(bytes: Buffer, file: string): Promise<{ read: ReadRows; sheet: string; hidden: number }> {
  checkZip(bytes, file);
  const { Workbook } = await exceljs();
  const workbook = new Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw bad(QUICK_ORDER_FILE_MSG.unreadable, file);
  }
  const visible = workbook.worksheets.filter((s) => s.state === 'visible' || s.state === undefined); // in the tabs' order
  if (visible.length === 0) throw bad(QUICK_ORDER_FILE_MSG.noSheet, file);
  let first: { read: ReadRows; sheet: string; hidden: number } | undefined;
  for (const sheet of visible) {
    const { rows, hidden } = sheetRows(sheet);
    const found = { read: readRows(rows), sheet: sheet.name, hidden };
    if (found.read.reading.columns === 'header') return found;
    first ??= found;
  }
  return first!;
}

const ZIP_SIGNATURE = Buffer.from('PK\u0003\u0004', 'latin1');

/**
 * What file-type makes of the bytes. It unpacks the start of a zip to tell an XLSX from other zips, and throws on one
 * that is cut short: a broken zip is an Excel file that cannot be read, anything else a file of the wrong type.
 */
async function fileType(bytes: Buffer, file: string) {
  try {
    return await fileTypeFromBuffer(bytes);
  } catch {
    throw bad(bytes.subarray(0, 4).equals(ZIP_SIGNATURE) ? QUICK_ORDER_FILE_MSG.unreadable : QUICK_ORDER_FILE_MSG.wrongType, file);
  }
}

/**
 * The order lines of an uploaded file and how they were read. What it is comes from its bytes: an XLSX (a zip of a
 * spreadsheet, per file-type) or, when file-type knows no binary format in it, text read as CSV (UTF-16 with a BOM,
 * UTF-8, else Windows-1252). Anything else (a zip cut short, a binary), an empty file, a file over 2 MB, one whose
 * columns cannot be told (no header, and its first rows fit no reading by position), one without order lines or with
 * more than 2 000 is a 400 with a Spanish message naming the file.
 */
export async function readQuickOrderFile(bytes: Buffer, file: string): Promise<QuickOrderFile> {
  if (bytes.length === 0) throw bad(QUICK_ORDER_FILE_MSG.empty, file);
  if (bytes.length > QUICK_ORDER_MAX_BYTES) throw new HttpError(400, QUICK_ORDER_FILE_MSG.tooLarge);
  const utf16 = UTF16_BOMS.some(([bom]) => bytes.subarray(0, 2).equals(bom));
  const type = utf16 ? undefined : await fileType(bytes, file);
  let read: ReadRows;
  let reading: Omit<QuickOrderFileReading, 'columns' | 'headerRow'>;
  if (type?.mime === XLSX_MIME) {
    const xlsx = await xlsxRead(bytes, file);
    read = xlsx.read;
    reading = { file, format: 'xlsx', sheet: xlsx.sheet, encoding: null, hiddenRows: xlsx.hidden };
  } else if (type?.ext === 'cfb') throw bad(QUICK_ORDER_FILE_MSG.oldExcel, file);
  else if (type) throw bad(QUICK_ORDER_FILE_MSG.wrongType, file);
  else {
    const csv = csvRows(bytes, file);
    read = readRows(csv.rows);
    reading = { file, format: 'csv', sheet: null, encoding: csv.encoding, hiddenRows: 0 };
  }
  const { lines, reading: how } = read;
  if (lines.length === 0) throw bad(QUICK_ORDER_FILE_MSG.noLines, file);
  if (how.columns === 'none') {
    throw new HttpError(400, fill(QUICK_ORDER_FILE_MSG.noColumns, { where: reading.sheet === null ? `el archivo ${file}` : `la hoja «${reading.sheet}» del archivo ${file}` }));
  }
  if (lines.length > QUICK_ORDER_MAX_LINES) throw bad(QUICK_ORDER_FILE_MSG.tooManyLines, file);
  return { lines, reading: { ...reading, columns: how.columns, headerRow: how.headerRow } };
}

/** The XLSX template: the rows of the CSV one, quantities as numbers. Made once. */
let template: Promise<Buffer> | undefined;
export function quickOrderTemplateXlsx(): Promise<Buffer> {
  template ??= writeXlsxFile(
    QUICK_ORDER_TEMPLATE_ROWS.map((row, i) =>
      row.map((cell, c) => (c === 1 && i > 0 && /^\d+$/.test(cell) ? { value: Number(cell), type: Number } : { value: cell, ...(i === 0 ? { fontWeight: 'bold' as const } : {}) })),
    ),
    { columns: [{ width: 22 }, { width: 12 }] },
  ).toBuffer();
  return template;
}

