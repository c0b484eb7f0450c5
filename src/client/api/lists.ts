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

/** sort, dir and the filters that are set, in a fixed order. */
function selection({ sort, dir, filters }: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (sort) params.set('sort', sort);
  if (dir) params.set('dir', dir);
  for (const [name, value] of Object.entries(filters ?? {})) {
    const text = value === undefined ? '' : String(value).trim();
    if (text) params.set(name, text);
  }
  return params;
}

/** `?page=0&pageSize=25&sort=createdAt&dir=desc&q=…`. */
export function listSearch(query: ListQuery): string {
  const params = new URLSearchParams({ page: String(query.page), pageSize: String(query.pageSize) });
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
