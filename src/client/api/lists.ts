import type { SortDirection } from '@shared/api/lists';
import { http, type Download, type RequestOptions } from './http';

// The query of the paged admin lists (src/shared/api/lists.ts: page, pageSize, sort, dir, q, from, to, format and each
// list's filters) as a query string, and the CSV export of what a list's filters select.

/** A list's query as the API reads it. */
export interface ListQuery {
  page: number;
  pageSize: number;
  sort?: string;
  dir?: SortDirection;
  /** Search text and filters by name; an empty one is left out (a cleared filter means 'any'). */
  filters?: Record<string, string | number | undefined>;
}

/**
 * A page, page size or numeric filter as the API takes it: plain decimal digits, as the server's list schemas demand
 * (DECIMAL_INTEGER). String() of a number may be '1e+21', 'NaN', '-1' or '2.5', which the server refuses: such a value
 * is never sent (null).
 */
export function decimalParam(value: number): string | null {
  return Number.isSafeInteger(value) && value >= 0 ? String(value) : null;
}

/** sort, dir and the filters that are set, in a fixed order. */
function selection({ sort, dir, filters }: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (sort) params.set('sort', sort);
  if (dir) params.set('dir', dir);
  for (const [name, value] of Object.entries(filters ?? {})) {
    const text = value === undefined ? '' : typeof value === 'number' ? (decimalParam(value) ?? '') : value.trim();
    if (text) params.set(name, text);
  }
  return params;
}

/** `?page=0&pageSize=25&sort=createdAt&dir=desc&q=…`: a page that is no whole number is the first, such a size the server's default. */
export function listSearch(query: ListQuery): string {
  const params = new URLSearchParams({ page: decimalParam(query.page) ?? '0' });
  const pageSize = decimalParam(query.pageSize);
  if (pageSize !== null && pageSize !== '0') params.set('pageSize', pageSize);
  for (const [name, value] of selection(query)) params.set(name, value);
  return `?${params.toString()}`;
}

/** One page of a list. */
export const fetchListPage = <T>(path: string, query: ListQuery, options?: RequestOptions) => http.get<T>(`${path}${listSearch(query)}`, options);

/**
 * `format=csv` of the same filters and sort: every matching row (paging does not apply), in the file the server names
 * ('pedidos-2026-03-01.csv').
 */
export function downloadListCsv(path: string, query: ListQuery, fallbackName: string, options?: RequestOptions): Promise<Download> {
  const params = selection(query);
  params.set('format', 'csv');
  return http.download(`${path}?${params.toString()}`, fallbackName, options);
}
