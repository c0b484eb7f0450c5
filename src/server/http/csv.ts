// CSV exports of the admin lists (src/shared/api/lists.ts): RFC 4180 with ';' as the separator (what Excel expects in
// Spanish locales, whose decimal separator is ','), CRLF line ends, UTF-8 with a BOM so Excel reads the accents, text
// that could be taken for a formula defused with a leading apostrophe. Dates are written in Chilean local time as
// 'dd-mm-aaaa hh:mm:ss' and amounts as whole pesos without thousands separators: Excel in es-CL reads both as values.
import type { FastifyReply } from 'fastify';
import { CSV_SEPARATOR } from '@shared/api/lists';
import { chileTodayIso } from '@shared/workingDays';

/** One column: its heading and how a row's cell is read. */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | boolean | Date | null | undefined;
}

const BOM = '\uFEFF';
const NEEDS_QUOTES = /[;,"\r\n]/;
/** A cell a spreadsheet would run as a formula (OWASP: =, +, -, @, tab, carriage return). */
const FORMULA_START = /^[=+\-@\t\r]/;

const chileTime = new Intl.DateTimeFormat('es-CL', {
  timeZone: 'America/Santiago',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** 'dd-mm-aaaa hh:mm:ss' in Chilean local time. */
export function csvDateTime(value: Date): string {
  const parts = Object.fromEntries(chileTime.formatToParts(value).map((p) => [p.type, p.value]));
  return `${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** One cell: numbers as they are (integers: pesos), booleans as Sí/No, dates in Chilean time, text defused and quoted as needed. */
export function csvCell(value: string | number | boolean | Date | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value).replace('.', ',') : '';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  let text = value instanceof Date ? csvDateTime(value) : value;
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file: BOM, heading line, one line per row, every line ended by CRLF. */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const lines = [columns.map((c) => csvCell(c.header)).join(CSV_SEPARATOR)];
  for (const row of rows) lines.push(columns.map((c) => csvCell(c.value(row))).join(CSV_SEPARATOR));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/** Sends `csv` as a download named `<name>-<aaaa-mm-dd>.csv`, never cached. */
export function sendCsv(reply: FastifyReply, name: string, csv: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${chileTodayIso()}.csv"`)
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(csv, 'utf8'));
}
