import type { ItemRecord } from '../erp/mapping';
import { garmentKind, type GarmentKind } from './garments';

// The demo's size guide of a style: a table of its sizes with body measurements in centimetres.

export const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const LETTERS = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL'];

/** 0 for M (or 42), one step per size up or down. */
function step(size: string): number {
  const letter = LETTERS.indexOf(size.toUpperCase());
  if (letter >= 0) return letter - 3;
  const n = Number(size);
  return Number.isFinite(n) ? (n - 42) / 2 : 0;
}

type Column = [name: string, atM: number, perStep: number];

function columnsOf(kind: GarmentKind): Column[] {
  if (['pants', 'jeans', 'cargo', 'jogger', 'leggings', 'shortLeggings'].includes(kind)) {
    return [['Cintura', 80, 4], ['Cadera', 100, 4], ['Tiro', 27, 1], ['Largo', kind === 'shortLeggings' ? 44 : 104, 1]];
  }
  if (['dress', 'longDress', 'shortDress'].includes(kind)) return [['Busto', 90, 4], ['Cintura', 72, 4], ['Cadera', 98, 4], ['Largo', kind === 'longDress' ? 140 : kind === 'shortDress' ? 88 : 112, 1]];
  if (kind === 'overall') return [['Pecho', 108, 5], ['Cintura', 96, 5], ['Largo total', 160, 2], ['Largo manga', 60, 1]];
  return [['Pecho', 104, 5], ['Largo', kind === 'parka' ? 88 : 72, 2], ['Hombro', 45, 1.5], ['Manga', ['tee', 'polo', 'shortShirt', 'vest'].includes(kind) ? 21 : 62, 1]];
}

export function sizeGuideSvg(name: string, sizes: readonly Pick<ItemRecord, 'size' | 'category' | 'subcategory' | 'level3' | 'styleName'>[]): string {
  const kind = garmentKind(sizes[0]!);
  const columns = columnsOf(kind);
  const rowH = 44;
  const width = 720;
  const top = 128;
  const height = top + rowH * (sizes.length + 1) + 70;
  const colW = (width - 80 - 120) / columns.length;
  const cell = (x: number, y: number, text: string, weight = 400, fill = '#2b2f36') =>
    `<text x="${x}" y="${y}" text-anchor="middle" font-size="17" font-weight="${weight}" fill="${fill}">${escapeXml(text)}</text>`;
  let rows = `<rect x="40" y="${top}" width="${width - 80}" height="${rowH}" fill="#1f3a5f"/>` + cell(100, top + 28, 'Talla', 700, '#ffffff');
  columns.forEach(([title], i) => (rows += cell(160 + colW * i + colW / 2, top + 28, title, 700, '#ffffff')));
  sizes.forEach((s, r) => {
    const y = top + rowH * (r + 1);
    if (r % 2 === 1) rows += `<rect x="40" y="${y}" width="${width - 80}" height="${rowH}" fill="#eef2f7"/>`;
    rows += cell(100, y + 28, s.size, 700);
    columns.forEach(([, atM, perStep], i) => (rows += cell(160 + colW * i + colW / 2, y + 28, String(Math.round(atM + perStep * step(s.size))))));
  });
  const bottom = top + rowH * (sizes.length + 1);
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" font-family="Helvetica, Arial, sans-serif">` +
    `<rect width="${width}" height="${height}" fill="#ffffff"/>` +
    `<text x="40" y="56" font-size="28" font-weight="700" fill="#1f3a5f">Guía de tallas</text>` +
    `<text x="40" y="92" font-size="18" fill="#4a5160">${escapeXml(name)}</text>` +
    rows +
    `<rect x="40" y="${top}" width="${width - 80}" height="${bottom - top}" fill="none" stroke="#c5ccd6"/>` +
    `<text x="40" y="${bottom + 40}" font-size="14" fill="#6b7280">Medidas en centímetros, tomadas con la prenda extendida. Tolerancia ± 2 cm.</text>` +
    `</svg>\n`
  );
}
