// The statement of account as files: an XLSX that opens in Excel in Spanish (numbers as numbers with a thousands
// format, dates as real dates, a frozen header and a filter) and an A4 PDF (both parties, the table, the totals, page
// numbers), written with the same hand-made PDF writer as the technical sheets (standard Helvetica, WinAnsi).
import type ExcelJS from 'exceljs';
import type { AccountStatement, StatementMovement } from '@shared/api/account';
import { formatCLP } from '@shared/money';
import { formatRut } from '@shared/rut';
import { pdfFile, pdfString } from '../demo/technicalSheet';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The movement types in words (the statement's "Tipo" column). */
export const MOVEMENT_TYPE_NAMES: Record<StatementMovement['type'], string> = {
  INVOICE: 'Factura',
  EXEMPT_INVOICE: 'Factura exenta',
  DEBIT_NOTE: 'Nota de débito',
  CREDIT_NOTE: 'Nota de crédito',
  DOWN_PAYMENT: 'Factura de anticipo',
  PAYMENT: 'Pago recibido',
};

export const STATEMENT_HEADERS = ['Fecha', 'Tipo', 'Documento', 'Folio', 'Cargo', 'Abono', 'Saldo'] as const;

/** 'dd-mm-aaaa' of 'aaaa-mm-dd'. */
export const chileDate = (iso: string): string => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;

/** The download's name: 'estado-de-cuenta-76345678-1-2026-01-01-2026-10-31.xlsx'. */
export function statementFileName(s: AccountStatement, ext: 'xlsx' | 'pdf'): string {
  const rut = s.company.rut.replace(/[^0-9kK-]/g, '');
  return `estado-de-cuenta-${rut}-${s.from}-${s.to}.${ext}`;
}

const rutText = (rut: string): string => (rut ? formatRut(rut) : '');

/** exceljs, loaded with the first statement written (it is large; most processes never write one). */
let exceljsModule: Promise<typeof ExcelJS> | undefined;
const exceljs = () => (exceljsModule ??= import('exceljs').then((m) => (m.default ?? m) as typeof ExcelJS));

const utcDate = (iso: string): Date => new Date(`${iso}T00:00:00Z`);

export async function statementXlsx(s: AccountStatement): Promise<Buffer> {
  const { Workbook } = await exceljs();
  const book = new Workbook();
  book.creator = s.issuer.name;
  book.created = new Date(s.generatedAt);
  const sheet = book.addWorksheet('Estado de cuenta');
  const money = '#,##0';
  const info: [string, string][] = [
    ['Estado de cuenta', ''],
    ['Cliente', `${s.company.name} (RUT ${rutText(s.company.rut)})`],
    ['Período', `${chileDate(s.from)} al ${chileDate(s.to)}`],
    ['Emisor', [s.issuer.name, s.issuer.rut && `RUT ${rutText(s.issuer.rut)}`, s.issuer.address, s.issuer.email, s.issuer.phone].filter(Boolean).join(' · ')],
  ];
  for (const [label, value] of info) sheet.addRow([label, value]).getCell(1).font = { bold: true };
  sheet.getRow(1).getCell(1).font = { bold: true, size: 14 };
  const opening = sheet.addRow(['Saldo inicial', null, null, null, null, null, s.openingBalance]);
  opening.getCell(1).font = { bold: true };
  opening.getCell(7).numFmt = money;
  sheet.addRow([]);
  const header = sheet.addRow([...STATEMENT_HEADERS]);
  header.font = { bold: true };
  header.eachCell((c) => { c.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE3E8EF' } }; });
  const headerRow = header.number;
  for (const m of s.movements) {
    const row = sheet.addRow([
      utcDate(m.date),
      MOVEMENT_TYPE_NAMES[m.type],
      m.description,
      m.document?.folio ?? null,
      m.debit || null,
      m.credit || null,
      m.balance,
    ]);
    row.getCell(1).numFmt = 'dd-mm-yyyy';
    for (const c of [5, 6, 7]) row.getCell(c).numFmt = money;
  }
  const last = sheet.lastRow!.number;
  const totals = sheet.addRow(['Totales', null, null, null, s.totalDebit, s.totalCredit, null]);
  const closing = sheet.addRow(['Saldo final', null, null, null, null, null, s.closingBalance]);
  for (const row of [totals, closing]) {
    row.font = { bold: true };
    for (const c of [5, 6, 7]) row.getCell(c).numFmt = money;
  }
  sheet.columns.forEach((col, i) => { col.width = [12, 18, 48, 10, 14, 14, 16][i]; });
  sheet.views = [{ state: 'frozen', ySplit: headerRow, xSplit: 0 }];
  sheet.autoFilter = { from: { row: headerRow, column: 1 }, to: { row: Math.max(headerRow, last), column: STATEMENT_HEADERS.length } };
  sheet.pageSetup = { paperSize: 9, orientation: 'portrait', fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: `${headerRow}:${headerRow}` };
  return Buffer.from(await book.xlsx.writeBuffer());
}

// ---------------------------------------------------------------- PDF

const A4 = { width: 595, height: 842 };
const MARGIN = 40;
/** Columns of the table: x of the left edge (text) or of the right edge (numbers). */
const COLUMNS = [
  { header: 'Fecha', x: MARGIN, align: 'left' as const },
  { header: 'Documento', x: 100, align: 'left' as const },
  { header: 'Cargo', x: 410, align: 'right' as const },
  { header: 'Abono', x: 480, align: 'right' as const },
  { header: 'Saldo', x: A4.width - MARGIN, align: 'right' as const },
];
const ROW = 14;
const SIZE = 8.5;
/** Helvetica's advances (em) of what amounts are written with; other characters count as an average 0.5 em. */
const HELVETICA_EM: Record<string, number> = { '.': 0.278, ',': 0.278, ' ': 0.278, '\u00a0': 0.278, '-': 0.333, $: 0.556 };
const textWidth = (text: string, size: number): number =>
  [...text].reduce((w, ch) => w + (/\d/.test(ch) ? 0.556 : (HELVETICA_EM[ch] ?? 0.5)), 0) * size;

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export function statementPdf(s: AccountStatement): Buffer {
  const pages: string[][] = [];
  let ops: string[] = [];
  let y = 0;
  const text = (x: number, yy: number, font: 'F1' | 'F2', size: number, value: string, grey = 0.15) =>
    ops.push(`BT ${grey} g /${font} ${size} Tf ${x} ${yy} Td ${pdfString(value)} Tj ET`);
  const right = (x: number, yy: number, font: 'F1' | 'F2', size: number, value: string) => text(x - textWidth(value, size), yy, font, size, value);
  const tableHeader = () => {
    ops.push(`0.89 0.91 0.94 rg ${MARGIN} ${y - 4} ${A4.width - 2 * MARGIN} ${ROW + 2} re f`);
    for (const c of COLUMNS) (c.align === 'right' ? right : text)(c.x, y, 'F2', SIZE, c.header);
    y -= ROW + 4;
  };
  const newPage = (first: boolean) => {
    ops = [];
    pages.push(ops);
    y = A4.height - MARGIN;
    if (first) {
      text(MARGIN, y - 8, 'F2', 16, 'Estado de cuenta');
      text(MARGIN, y - 26, 'F1', 10, `Período: ${chileDate(s.from)} al ${chileDate(s.to)}`, 0.35);
      y -= 52;
      const col2 = A4.width / 2 + 10;
      text(MARGIN, y, 'F2', 9, 'Emisor');
      text(col2, y, 'F2', 9, 'Cliente');
      const issuer = [s.issuer.name, s.issuer.rut && `RUT ${rutText(s.issuer.rut)}`, s.issuer.address, [s.issuer.email, s.issuer.phone].filter(Boolean).join(' · ')].filter(Boolean);
      const client = [s.company.name, `RUT ${rutText(s.company.rut)}`, `Código cliente ${s.company.cardCode}`];
      for (let i = 0; i < Math.max(issuer.length, client.length); i++) {
        if (issuer[i]) text(MARGIN, y - 13 * (i + 1), 'F1', 9, clip(issuer[i]!, 50));
        if (client[i]) text(col2, y - 13 * (i + 1), 'F1', 9, clip(client[i]!, 50));
      }
      y -= 13 * (Math.max(issuer.length, client.length) + 1) + 10;
      text(MARGIN, y, 'F2', 9.5, 'Saldo inicial');
      right(A4.width - MARGIN, y, 'F2', 9.5, formatCLP(s.openingBalance));
      y -= ROW + 8;
    } else {
      text(MARGIN, y - 8, 'F2', 11, `Estado de cuenta · ${s.company.name} · ${chileDate(s.from)} al ${chileDate(s.to)}`);
      y -= 30;
    }
    tableHeader();
  };
  newPage(true);
  const bottom = MARGIN + 30;
  for (const m of s.movements) {
    if (y < bottom) newPage(false);
    text(COLUMNS[0]!.x, y, 'F1', SIZE, chileDate(m.date));
    text(COLUMNS[1]!.x, y, 'F1', SIZE, clip(m.description, 62));
    if (m.debit) right(COLUMNS[2]!.x, y, 'F1', SIZE, formatCLP(m.debit));
    if (m.credit) right(COLUMNS[3]!.x, y, 'F1', SIZE, formatCLP(m.credit));
    right(COLUMNS[4]!.x, y, 'F1', SIZE, formatCLP(m.balance));
    y -= ROW;
  }
  if (y < bottom + 3 * ROW) newPage(false);
  ops.push(`0.6 0.6 0.6 RG 0.6 w ${MARGIN} ${y + ROW - 3} m ${A4.width - MARGIN} ${y + ROW - 3} l S`);
  text(COLUMNS[1]!.x, y, 'F2', SIZE, 'Totales del período');
  right(COLUMNS[2]!.x, y, 'F2', SIZE, formatCLP(s.totalDebit));
  right(COLUMNS[3]!.x, y, 'F2', SIZE, formatCLP(s.totalCredit));
  y -= ROW + 4;
  text(COLUMNS[1]!.x, y, 'F2', 9.5, `Saldo al ${chileDate(s.to)}`);
  right(COLUMNS[4]!.x, y, 'F2', 9.5, formatCLP(s.closingBalance));

  // page numbers and the footer, once the number of pages is known
  pages.forEach((page, i) => {
    ops = page;
    text(MARGIN, 24, 'F1', 7.5, `${s.issuer.name} · Generado el ${chileDate(s.generatedAt.slice(0, 10))}`, 0.45);
    right(A4.width - MARGIN, 24, 'F1', 7.5, `Página ${i + 1} de ${pages.length}`);
  });

  // objects: 1 catalogue, 2 pages, 3 and 4 fonts, 5 info, then a page and its contents per page
  const pageIds = pages.map((_, i) => 6 + 2 * i);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Title ${pdfString(`Estado de cuenta ${s.company.name} ${chileDate(s.from)} al ${chileDate(s.to)}`)} /Producer ${pdfString(s.issuer.name)} >>`,
  ];
  pages.forEach((page, i) => {
    const stream = page.join('\n');
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${A4.width} ${A4.height}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[i]! + 1} 0 R >>`);
    objects.push(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
  });
  return pdfFile(objects, 5);
}
