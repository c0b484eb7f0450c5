import * as yup from '../yup';
import { CSV_MAX_ROWS } from '../api/lists';

// The query fields every paged admin list shares (src/shared/api/lists.ts): paging, sorting, a date range and the CSV
// export. Each list builds its schema from these with its own filters and sortable columns.

export const LIST_MSG = {
  page: 'Página inválida',
  pageSize: 'Tamaño de página inválido',
  sort: 'Columna de orden inválida',
  dir: 'Dirección de orden inválida',
  format: 'Formato inválido',
  date: 'Fecha inválida (use AAAA-MM-DD)',
  dateRange: 'La fecha inicial es posterior a la final',
  search: 'Texto de búsqueda demasiado largo',
  tooManyRows: `La exportación supera ${CSV_MAX_ROWS.toLocaleString('es-CL')} filas: acote los filtros`,
} as const;

const emptyToUndefined = (value: unknown, original: unknown) => (original === '' || original === null ? undefined : value);

/** 'YYYY-MM-DD' that names a real day. */
export function isIsoDay(value: string | undefined): boolean {
  if (!value) return true;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/**
 * A whole number written in plain decimal digits ('0', '25', '007'), as every integer query parameter of the lists (page,
 * pageSize, an id filter) must be: yup's number would read '1e2' as 100, '0x10' as 16 and ' 5', '5.0', '+5' as 5, so a
 * text that is not only digits is a type error with the parameter's own message. A number (a body's JSON) stays as yup
 * reads it. One rule for every list route: `listQueryFields`, 'Mis pedidos' and the admin orders' `userId` use it.
 */
export const DECIMAL_INTEGER = /^\d{1,15}$/;

export const decimalInteger = (message: string) =>
  yup
    .number()
    .transform((value: number, original: unknown) => (typeof original === 'string' ? (DECIMAL_INTEGER.test(original) ? Number(original) : Number.NaN) : value))
    .typeError(message)
    .integer(message);

const day = () => yup.string().trim().transform(emptyToUndefined).test('day', LIST_MSG.date, isIsoDay).optional();

/** One of `values`, or absent (an empty value means absent: a cleared filter). */
export const oneOfOptional = <T extends string>(values: readonly T[], message: string) =>
  yup.mixed<T>().transform(emptyToUndefined).oneOf([...values], message).optional();

/** `page` of a list: 0-based, plain decimal. */
export const pageField = () => decimalInteger(LIST_MSG.page).min(0, LIST_MSG.page).max(100_000, LIST_MSG.page).default(0);

/** `pageSize` of a list: 1 to `max`, plain decimal. */
export const pageSizeField = (max: number, fallback: number) => decimalInteger(LIST_MSG.pageSize).min(1, LIST_MSG.pageSize).max(max, LIST_MSG.pageSize).default(fallback);

/** The paging, sorting, date range, search and format fields of a list whose columns are `sorts`. */
export function listQueryFields<S extends string>(sorts: readonly S[], defaults: { sort: S; dir: 'asc' | 'desc'; pageSize?: number; maxPageSize?: number }) {
  return {
    page: pageField(),
    pageSize: pageSizeField(defaults.maxPageSize ?? 200, defaults.pageSize ?? 50),
    sort: yup.mixed<S>().transform(emptyToUndefined).oneOf([...sorts], LIST_MSG.sort).default(defaults.sort),
    dir: yup.mixed<'asc' | 'desc'>().transform(emptyToUndefined).oneOf(['asc', 'desc'], LIST_MSG.dir).default(defaults.dir),
    q: yup.string().trim().max(100, LIST_MSG.search).optional(),
    from: day(),
    to: day().test('range', LIST_MSG.dateRange, (to, ctx) => !to || !ctx.parent.from || ctx.parent.from <= to),
    format: yup.mixed<'json' | 'csv'>().transform(emptyToUndefined).oneOf(['json', 'csv'], LIST_MSG.format).default('json'),
  };
}
