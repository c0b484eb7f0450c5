// The line sheet as XLSX (docs/linesheet.md), written by exceljs' streaming writer: each row is committed as it is
// written, so memory holds a few rows, never the workbook. One row per size: numbers as numbers with a thousands
// format, the header row frozen, filters on, the picture as a link (embedding the pictures would push the file past the
// quick order's 2 MB upload limit), and an empty 'Cantidad a pedir' column the quick order reads back as it is.
import { PassThrough, type Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { formatRut } from '@shared/rut';
import { LINESHEET_TEXTS, sheetNotes } from './linesheetTexts';
import { STYLES_PER_STEP, yieldToRequests, type Linesheet } from './linesheet.service';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** exceljs, loaded with the first sheet written (it is large; most processes never write one). */
let exceljsModule: Promise<typeof ExcelJS> | undefined;
const exceljs = () => (exceljsModule ??= import('exceljs').then((m) => (m.default ?? m) as typeof ExcelJS));

const C = LINESHEET_TEXTS.columns;
/** The columns in order, with their widths (characters) and number format. */
export const XLSX_COLUMNS = [
  { header: C.picture, width: 10 },
  { header: C.style, width: 14 },
  { header: C.name, width: 32 },
  { header: C.colour, width: 14 },
  { header: C.size, width: 8 },
  { header: C.sku, width: 18 },
  { header: C.stock, width: 9, numFmt: '#,##0' },
  { header: C.incoming, width: 22 },
  { header: C.listPrice, width: 13, numFmt: '"$"#,##0' },
  { header: C.netPrice, width: 13, numFmt: '"$"#,##0' },
  { header: C.retailPrice, width: 15, numFmt: '"$"#,##0' },
  { header: C.quantity, width: 17, numFmt: '#,##0' },
] as const;

/** The row of the header (1-based): under the title and the notes. */
export const XLSX_HEADER_ROW = 3;

/** Bytes an XLSX of a sheet is expected to take (zipped rows), for the SPA's progress. */
export const xlsxSizeEstimate = (styles: number, sizes: number) => 12_000 + styles * 90 + sizes * 60;

/**
 * Writes the sheet to the stream returned (started at once; it ends when the last row is written). `publicUrl` makes
 * the pictures' links absolute. An error destroys the stream with it.
 */
export function linesheetXlsx(sheet: Linesheet, publicUrl: string): Readable {
  const out = new PassThrough();
  void (async () => {
    const { stream } = await exceljs();
    const workbook = new stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    workbook.creator = sheet.company.name;
    const ws = workbook.addWorksheet(LINESHEET_TEXTS.title, { views: [{ state: 'frozen', ySplit: XLSX_HEADER_ROW }] });
    ws.columns = XLSX_COLUMNS.map((c, i) => ({ key: String(i), width: c.width, ...('numFmt' in c ? { style: { numFmt: c.numFmt } } : {}) }));
    ws.autoFilter = { from: { row: XLSX_HEADER_ROW, column: 1 }, to: { row: XLSX_HEADER_ROW, column: XLSX_COLUMNS.length } };
    const title = ws.getRow(1);
    title.getCell(1).value = `${LINESHEET_TEXTS.title} · ${sheet.company.name} · RUT ${formatRut(sheet.company.rut)}`;
    title.font = { bold: true, size: 13 };
    title.commit();
    const notes = ws.getRow(2);
    notes.getCell(1).value = sheetNotes(sheet).join('. ');
    notes.commit();
    const header = ws.getRow(XLSX_HEADER_ROW);
    XLSX_COLUMNS.forEach((c, i) => (header.getCell(i + 1).value = c.header));
    header.font = { bold: true };
    header.border = { bottom: { style: 'thin' } };
    header.commit();
    const base = publicUrl.replace(/\/$/, '');
    let at = XLSX_HEADER_ROW;
    let step = 0;
    for (const style of sheet.styles) {
      if (++step % STYLES_PER_STEP === 0) {
        await yieldToRequests();
        if (out.destroyed) return; // the browser went away
      }
      style.sizes.forEach((size, i) => {
        const row = ws.getRow(++at);
        const link = i === 0 && style.picture ? { text: LINESHEET_TEXTS.picture, hyperlink: style.picture.startsWith('/') ? base + style.picture : style.picture } : null;
        row.values = [link, style.style, style.name, style.colour, size.size, size.sku, size.stock, size.incoming, size.listPrice, size.netPrice, size.retailPrice, null];
        if (link) row.getCell(1).font = { underline: true };
        row.commit();
      });
    }
    ws.commit();
    await workbook.commit();
  })().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}
