import { fill, MSG } from '@shared/messages';
import type { Linesheet } from './linesheet.service';
import { sheetDate } from './linesheet.service';

// The words of both files of the line sheet (docs/linesheet.md).

export const LINESHEET_TEXTS = {
  title: 'Lista de precios',
  validAt: 'Precios válidos al {date}',
  markupNote: 'Precio sugerido: precio neto × {markup}, redondeado a $990',
  page: 'Página {n} de {m}',
  picture: 'Ver foto',
  columns: {
    picture: 'Foto',
    style: 'Estilo',
    name: 'Nombre',
    colour: 'Color',
    size: 'Talla',
    sku: 'Código',
    stock: 'Stock',
    incoming: 'Por llegar',
    listPrice: 'Precio lista',
    netPrice: 'Su precio',
    retailPrice: 'Precio sugerido',
    /** The column the quick order reads back: a row with a quantity under it is a line, an empty one is skipped. */
    quantity: 'Cantidad a pedir',
  },
  card: {
    style: 'Estilo {style}',
    colour: 'Color: {colour}',
    sizes: 'Tallas y stock',
    list: 'Lista',
    net: 'Su precio',
    retail: 'Sugerido',
    offer: 'Oferta {pct}%',
    from: 'desde',
    noStock: 'sin stock',
  },
} as const;

/** '2,2' of 2.2: how the sheet writes the markup. */
export const markupText = (markup: number) => String(markup).replace('.', ',');

/** The lines under the title: the date, the markup rule and the VAT note. */
export function sheetNotes(sheet: Pick<Linesheet, 'date' | 'markup'>): string[] {
  return [fill(LINESHEET_TEXTS.validAt, { date: sheetDate(sheet.date) }), fill(LINESHEET_TEXTS.markupNote, { markup: markupText(sheet.markup) }), MSG.vatNote];
}
