import * as yup from '../yup';
import { DEFAULT_MARKUP } from '../pricing';
import { oneOfOptional } from './lists';

// The line sheet's query (GET /api/user/linesheet), shared by the SPA's form and the server (docs/linesheet.md).

export const LINESHEET_FORMATS = ['xlsx', 'pdf'] as const;
export type LinesheetFormat = (typeof LINESHEET_FORMATS)[number];

/**
 * Which styles go into the sheet: every style a buyer may see, a category of the catalogue (with its type and variant),
 * a search (the catalogue's), the styles on offer, or next season's (nothing on hand, something arriving).
 */
export const LINESHEET_SCOPES = ['TODO', 'CATEGORIA', 'BUSQUEDA', 'OFERTAS', 'TEMPORADA'] as const;
export type LinesheetScope = (typeof LINESHEET_SCOPES)[number];

export const LINESHEET_MARKUP = { min: 1, max: 10, fallback: DEFAULT_MARKUP } as const;

/** Most styles one sheet holds: a larger selection is refused (400) with a message to narrow it. */
export const LINESHEET_MAX_STYLES = 2000;

export const LINESHEET_MSG = {
  format: 'Formato inválido: use xlsx o pdf',
  scope: 'Alcance inválido',
  category: 'Elija una categoría',
  query: 'Escriba qué buscar',
  markup: 'El margen debe ser un número entre 1 y 10 (hasta dos decimales)',
  gender: 'Género inválido',
  tooMany: 'La selección tiene {count} estilos; una lista de precios admite hasta {max}. Elija una categoría o una búsqueda más acotada.',
  empty: 'No hay estilos en esta selección.',
  busy: 'Se están generando otras listas de precios; intente en un momento',
} as const;

/** A markup as typed: '2,5' (Spanish decimal comma) or '2.5', at most two decimals. */
const MARKUP_TEXT = /^\d{1,2}([.,]\d{1,2})?$/;

const text = (max: number) => yup.string().trim().max(max).default('');

export const linesheetQuery = yup.object({
  format: yup.mixed<LinesheetFormat>().oneOf([...LINESHEET_FORMATS], LINESHEET_MSG.format).required(LINESHEET_MSG.format),
  alcance: oneOfOptional(LINESHEET_SCOPES, LINESHEET_MSG.scope).default('TODO'),
  category: text(100).when('alcance', { is: 'CATEGORIA', then: (s) => s.required(LINESHEET_MSG.category) }),
  scategory: text(100),
  sscategory: text(100),
  genero: oneOfOptional(['Masculino', 'Femenino'] as const, LINESHEET_MSG.gender),
  q: text(100).when('alcance', { is: 'BUSQUEDA', then: (s) => s.required(LINESHEET_MSG.query) }),
  markup: yup
    .number()
    .transform((value: number, original: unknown) =>
      typeof original === 'string' ? (MARKUP_TEXT.test(original.trim()) ? Number(original.trim().replace(',', '.')) : Number.NaN) : value,
    )
    .typeError(LINESHEET_MSG.markup)
    .min(LINESHEET_MARKUP.min, LINESHEET_MSG.markup)
    .max(LINESHEET_MARKUP.max, LINESHEET_MSG.markup)
    .test('hundredths', LINESHEET_MSG.markup, (v) => v === undefined || Math.abs(v * 100 - Math.round(v * 100)) < 1e-6)
    .default(LINESHEET_MARKUP.fallback),
});

export type LinesheetQuery = yup.InferType<typeof linesheetQuery>;
