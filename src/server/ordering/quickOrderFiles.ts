// A quick-order file (docs/ordering.md): a CSV or an XLSX, told apart by its content (never by its name), bounded in
// size and rows, read into the lines the shared rules make of a pasted text. The XLSX is read with read-excel-file
// (maintained, on npm, fflate inside); its zip is measured first, so a small file that unpacks to gigabytes is refused
// before anything is unpacked.
import { fileTypeFromBuffer } from 'file-type';
import { unzipSync } from 'fflate';
import { readSheet } from 'read-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import type { QuickOrderLineInput } from '@shared/api/ordering';
import { fill } from '@shared/messages';
import {
  cellText,
  parseQuickOrderText,
  QUICK_ORDER_MAX_BYTES,
  QUICK_ORDER_MAX_LINES,
  QUICK_ORDER_TEMPLATE_ROWS,
  rowsToLines,
} from '@shared/quickOrder';
import { HttpError } from '../errors';

export const QUICK_ORDER_FILE_MSG = {
  missing: 'Debe adjuntar un archivo CSV o XLSX',
  empty: 'El archivo {file} está vacío',
  tooLarge: 'El archivo excede el tamaño máximo de 2 MB',
  wrongType: 'El archivo {file} debe ser CSV o XLSX',
  oldExcel: 'El archivo {file} es un Excel antiguo (.xls): guárdelo como .xlsx o CSV',
  notUtf8: 'El archivo {file} no es texto UTF-8: en Excel use Guardar como «CSV UTF-8 (delimitado por comas)» o suba el .xlsx',
  unreadable: 'No se pudo leer el archivo Excel {file}',
  noLines: 'El archivo {file} no tiene líneas de pedido',
  tooManyLines: 'El archivo {file} tiene más de 2.000 líneas: divídalo en partes',
} as const;

/** The most an XLSX may unpack to (its sheet of 2 000 lines is well under 1 MB). */
const MAX_UNPACKED_BYTES = 20 * 1024 * 1024;
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const bad = (message: string, file: string) => new HttpError(400, fill(message, { file }));

/** Text a CSV may hold: UTF-8 (a BOM or not) without NUL or other control characters than tab and line breaks. */
function csvText(bytes: Buffer, file: string): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw bad(QUICK_ORDER_FILE_MSG.notUtf8, file);
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(text)) throw bad(QUICK_ORDER_FILE_MSG.wrongType, file);
  return text;
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

async function xlsxRows(bytes: Buffer, file: string): Promise<Array<{ line: number; cells: string[] }>> {
  checkZip(bytes, file);
  let sheet: unknown[][];
  try {
    sheet = (await readSheet(bytes)) as unknown[][];
  } catch {
    throw bad(QUICK_ORDER_FILE_MSG.unreadable, file);
  }
  return sheet.map((cells, i) => ({ line: i + 1, cells: cells.map(cellText) }));
}

const ZIP_SIGNATURE = Buffer.from('PK\u0003\u0004', 'latin1');
/** Byte-order marks of UTF-16 text (Excel's 'Texto Unicode'): text, but not UTF-8. */
const UTF16_BOMS = [Buffer.from([0xff, 0xfe]), Buffer.from([0xfe, 0xff])];

/**
 * What file-type makes of the bytes. It unpacks the start of a zip to tell an XLSX from other zips, and throws on one
 * that is cut short: a broken zip is an Excel file that cannot be read, anything else a file of the wrong type.
 */
async function fileType(bytes: Buffer, file: string) {
  if (UTF16_BOMS.some((bom) => bytes.subarray(0, 2).equals(bom))) throw bad(QUICK_ORDER_FILE_MSG.notUtf8, file);
  try {
    return await fileTypeFromBuffer(bytes);
  } catch {
    throw bad(bytes.subarray(0, 4).equals(ZIP_SIGNATURE) ? QUICK_ORDER_FILE_MSG.unreadable : QUICK_ORDER_FILE_MSG.wrongType, file);
  }
}

/**
 * The order lines of an uploaded file. What it is comes from its bytes: an XLSX (a zip of a spreadsheet, per
 * file-type) or, when file-type knows no binary format in it, UTF-8 text read as CSV. Anything else (UTF-16 text, a
 * zip cut short), an empty file, a file over 2 MB, one without order lines or with more than 2 000 is a 400 with a
 * Spanish message naming the file.
 */
export async function readQuickOrderFile(bytes: Buffer, file: string): Promise<QuickOrderLineInput[]> {
  if (bytes.length === 0) throw bad(QUICK_ORDER_FILE_MSG.empty, file);
  if (bytes.length > QUICK_ORDER_MAX_BYTES) throw new HttpError(400, QUICK_ORDER_FILE_MSG.tooLarge);
  const type = await fileType(bytes, file);
  let lines;
  if (type?.mime === XLSX_MIME) lines = rowsToLines(await xlsxRows(bytes, file));
  else if (type?.ext === 'cfb') throw bad(QUICK_ORDER_FILE_MSG.oldExcel, file);
  else if (type) throw bad(QUICK_ORDER_FILE_MSG.wrongType, file);
  else lines = parseQuickOrderText(csvText(bytes, file));
  if (lines.length === 0) throw bad(QUICK_ORDER_FILE_MSG.noLines, file);
  if (lines.length > QUICK_ORDER_MAX_LINES) throw bad(QUICK_ORDER_FILE_MSG.tooManyLines, file);
  return lines;
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

