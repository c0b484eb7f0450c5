// The line sheet as an A4 PDF (docs/linesheet.md), written with pdfkit in standard Helvetica (WinAnsi: Spanish accents,
// '×' and '·'). A grid of 3 × 4 style cards a page: the picture (a thumbnail, thumbnails.ts), name, style, colour, each
// size with its stock and what arrives, the list price, the buyer's price and the suggested retail price; a header with
// the company's name, "Precios válidos al {dd-mm-aaaa}" and the markup rule; "Página n de m" at the foot. Cards are of
// one size, so the page count is known before the first page and each page is streamed as it is drawn. Black on white:
// every fact is written (an offer says "Oferta 20%"), none is told by colour alone.
import PDFDocument from 'pdfkit';
import type { Readable } from 'node:stream';
import { fill } from '@shared/messages';
import { formatCLP, formatInteger } from '@shared/money';
import { formatRut } from '@shared/rut';
import { LINESHEET_TEXTS, sheetNotes } from './linesheetTexts';
import { yieldToRequests, type Linesheet, type LinesheetStyle } from './linesheet.service';

export const PDF_TYPE = 'application/pdf';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 28;
const HEADER = 64;
const FOOTER = 18;
const GAP = 8;
export const PDF_COLUMNS = 3;
export const PDF_ROWS = 4;
export const CARDS_PER_PAGE = PDF_COLUMNS * PDF_ROWS;
const CARD_W = (A4.width - 2 * MARGIN - (PDF_COLUMNS - 1) * GAP) / PDF_COLUMNS;
const CARD_H = (A4.height - 2 * MARGIN - HEADER - FOOTER - (PDF_ROWS - 1) * GAP) / PDF_ROWS;
const PAD = 6;
const PIC = 66;
const INK = '#111111';
const SOFT = '#444444';

/** Pages of a sheet of `styles` styles. */
export const pdfPages = (styles: number) => Math.max(1, Math.ceil(styles / CARDS_PER_PAGE));

/** Bytes a PDF of a sheet is expected to take (a thumbnail and a card's text per style, a header per page), for the SPA's progress. */
export const pdfSizeEstimate = (styles: number) => 6_000 + styles * 4_000 + pdfPages(styles) * 1_000;

/** Thumbnails asked for at once, and how many pages ahead of the one being drawn they are asked for. */
export const THUMBS_AT_ONCE = 4;
const PAGES_AHEAD = 2;

/**
 * `thumbnail` of each style's picture, asked in order at most THUMBS_AT_ONCE at a time and at most PAGES_AHEAD pages
 * ahead of the page being drawn (a first build renders them while the pages before are written; memory holds a few pages'
 * pictures, never the sheet's).
 */
function picturesOf(styles: readonly LinesheetStyle[], thumbnail: (url: string) => Promise<Buffer | undefined>) {
  const asked: Promise<Buffer | undefined>[] = [];
  const waiting: (() => void)[] = [];
  let running = 0;
  const run = (url: string) =>
    new Promise<Buffer | undefined>((resolve) => {
      const start = () => {
        running++;
        thumbnail(url)
          .then(resolve, () => resolve(undefined))
          .finally(() => {
            running--;
            waiting.shift()?.();
          });
      };
      if (running < THUMBS_AT_ONCE) start();
      else waiting.push(start);
    });
  return {
    /** The pictures of page `page` (0-based), asking for the pages after it meanwhile. */
    page(page: number): Promise<(Buffer | undefined)[]> {
      const until = Math.min(styles.length, (page + 1 + PAGES_AHEAD) * CARDS_PER_PAGE);
      for (let i = asked.length; i < until; i++) asked.push(styles[i]!.picture ? run(styles[i]!.picture) : Promise.resolve(undefined));
      const mine = asked.slice(page * CARDS_PER_PAGE, (page + 1) * CARDS_PER_PAGE);
      // a page's pictures are let go once drawn
      for (let i = page * CARDS_PER_PAGE; i < Math.min(asked.length, (page + 1) * CARDS_PER_PAGE); i++) asked[i] = Promise.resolve(undefined);
      return Promise.all(mine);
    },
  };
}

/** The lowest of a style's prices, and whether its sizes differ in it (then the label says 'desde'). */
function priceOf(style: LinesheetStyle, pick: (s: LinesheetStyle['sizes'][number]) => number): { value: string; from: boolean } {
  const values = style.sizes.map(pick).filter((v) => v > 0);
  if (values.length === 0) return { value: formatCLP(0), from: false };
  const low = Math.min(...values);
  return { value: formatCLP(low), from: low !== Math.max(...values) };
}

/** '2 tallas: S 12 · M sin stock (Llegan 40 el 15-ene) · L 3' */
const sizesText = (style: LinesheetStyle) =>
  style.sizes
    .map((s) => `${s.size} ${s.stock > 0 ? formatInteger(s.stock) : LINESHEET_TEXTS.card.noStock}${s.incoming ? ` (${s.incoming})` : ''}`)
    .join('  ·  ');

/**
 * Streams the sheet; `thumbnail(url)` gives a picture's JPEG (undefined: a framed "sin foto"). The thumbnails of a
 * page are read together before it is drawn; the event loop is let go between pages.
 */
export function linesheetPdf(sheet: Linesheet, thumbnail: (url: string) => Promise<Buffer | undefined>): Readable {
  const doc = new PDFDocument({ size: 'A4', margin: 0, autoFirstPage: false, info: { Title: `${LINESHEET_TEXTS.title} ${sheet.company.name}`, Author: sheet.company.name } });
  const pages = pdfPages(sheet.styles.length);
  const notes = sheetNotes(sheet);

  const header = (page: number) => {
    doc.fillColor(INK).font('Helvetica-Bold').fontSize(14).text(sheet.company.name, MARGIN, MARGIN, { width: A4.width - 2 * MARGIN - 150, lineBreak: false, ellipsis: true });
    doc.font('Helvetica-Bold').fontSize(11).text(LINESHEET_TEXTS.title, A4.width - MARGIN - 150, MARGIN + 2, { width: 150, align: 'right' });
    doc.font('Helvetica').fontSize(8.5).fillColor(SOFT).text(`RUT ${formatRut(sheet.company.rut)}  ·  ${notes[0]}`, MARGIN, MARGIN + 20, { lineBreak: false });
    doc.text(`${notes[1]}. ${notes[2]}`, MARGIN, MARGIN + 33, { lineBreak: false });
    doc.moveTo(MARGIN, MARGIN + HEADER - 10).lineTo(A4.width - MARGIN, MARGIN + HEADER - 10).lineWidth(0.8).strokeColor(INK).stroke();
    const footer = fill(LINESHEET_TEXTS.page, { n: page, m: pages });
    doc.font('Helvetica').fontSize(8).fillColor(SOFT).text(footer, MARGIN, A4.height - MARGIN - 8, { width: A4.width - 2 * MARGIN, align: 'center', lineBreak: false });
  };

  const card = (style: LinesheetStyle, x: number, y: number, picture: Buffer | undefined) => {
    doc.roundedRect(x, y, CARD_W, CARD_H, 4).lineWidth(0.6).strokeColor('#777777').stroke();
    const px = x + PAD;
    const py = y + PAD;
    if (picture) {
      try {
        doc.image(picture, px, py, { fit: [PIC, PIC], align: 'center', valign: 'center' });
      } catch {
        picture = undefined;
      }
    }
    if (!picture) {
      doc.rect(px, py, PIC, PIC).lineWidth(0.5).strokeColor('#999999').stroke();
      doc.font('Helvetica').fontSize(7).fillColor(SOFT).text('Sin foto', px, py + PIC / 2 - 4, { width: PIC, align: 'center' });
    }
    const tx = px + PIC + 6;
    const tw = x + CARD_W - PAD - tx;
    doc.font('Helvetica-Bold').fontSize(8.5).fillColor(INK).text(style.name, tx, py, { width: tw, height: 22, ellipsis: true });
    doc.font('Helvetica').fontSize(7.5).fillColor(INK).text(fill(LINESHEET_TEXTS.card.style, { style: style.style }), tx, py + 24, { width: tw, lineBreak: false, ellipsis: true });
    if (style.colour) doc.text(fill(LINESHEET_TEXTS.card.colour, { colour: style.colour }), tx, py + 34, { width: tw, lineBreak: false, ellipsis: true });
    if (style.offerPct > 0) {
      doc.rect(tx, py + 46, 52, 11).lineWidth(0.6).strokeColor(INK).stroke();
      doc.font('Helvetica-Bold').fontSize(7).fillColor(INK).text(fill(LINESHEET_TEXTS.card.offer, { pct: style.offerPct }), tx, py + 48.5, { width: 52, align: 'center', lineBreak: false });
    }
    const sy = py + PIC + 5;
    doc.font('Helvetica-Bold').fontSize(7).fillColor(INK).text(LINESHEET_TEXTS.card.sizes, px, sy, { lineBreak: false });
    const pricesY = y + CARD_H - PAD - 22;
    doc.font('Helvetica').fontSize(7).fillColor(INK).text(sizesText(style), px, sy + 9, { width: CARD_W - 2 * PAD, height: pricesY - sy - 11, ellipsis: true, lineGap: 0.5 });
    doc.moveTo(px, pricesY - 3).lineTo(x + CARD_W - PAD, pricesY - 3).lineWidth(0.4).strokeColor('#999999').stroke();
    const cw = (CARD_W - 2 * PAD) / 3;
    const prices: [string, { value: string; from: boolean }, boolean][] = [
      [LINESHEET_TEXTS.card.list, priceOf(style, (s) => s.listPrice), false],
      [LINESHEET_TEXTS.card.net, priceOf(style, (s) => s.netPrice), true],
      [LINESHEET_TEXTS.card.retail, priceOf(style, (s) => s.retailPrice), false],
    ];
    prices.forEach(([label, price, strong], i) => {
      doc.font('Helvetica').fontSize(6.5).fillColor(SOFT).text(price.from ? `${label} ${LINESHEET_TEXTS.card.from}` : label, px + i * cw, pricesY, { width: cw, lineBreak: false });
      doc.font(strong ? 'Helvetica-Bold' : 'Helvetica').fontSize(strong ? 9 : 8).fillColor(INK).text(price.value, px + i * cw, pricesY + 9, { width: cw, lineBreak: false });
    });
  };

  const thumbs = picturesOf(sheet.styles, thumbnail);
  void (async () => {
    for (let page = 0; page < pages; page++) {
      const styles = sheet.styles.slice(page * CARDS_PER_PAGE, (page + 1) * CARDS_PER_PAGE);
      const pictures = await thumbs.page(page);
      if (doc.destroyed) return; // the browser went away: nothing more is drawn or rendered
      doc.addPage({ size: 'A4', margin: 0 });
      header(page + 1);
      styles.forEach((style, i) => {
        const col = i % PDF_COLUMNS;
        const row = Math.floor(i / PDF_COLUMNS);
        card(style, MARGIN + col * (CARD_W + GAP), MARGIN + HEADER + row * (CARD_H + GAP), pictures[i]);
      });
      await yieldToRequests();
    }
    doc.end();
  })().catch((err: unknown) => doc.destroy(err instanceof Error ? err : new Error(String(err))));
  return doc;
}
