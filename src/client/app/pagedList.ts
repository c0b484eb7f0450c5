import type { SortDirection } from '@shared/api/lists';
import type { ListQuery } from '../api/lists';
import { idleFlow, loadFailed, startLoading, type Flow, type LoadFailure, type LoadStatus } from './loadable';

// The state of a list paged, sorted and filtered by the server (the admin lists and 'Mis pedidos'), and the reducer
// steps every such list takes. Each feature's slice keeps one and names its own events; these helpers keep the rules
// the same everywhere: a new filter, search or sort goes back to the first page; the rows shown stay while the next
// page loads; a failure keeps its message for the retry.

export interface PagedList<Row, Filters extends Record<string, string>> {
  /** 0-based, as the Data Grid and the API count. */
  page: number;
  pageSize: number;
  sort: string;
  dir: SortDirection;
  /** Search text and filters ('' = any). */
  filters: Filters;
  rows: Row[];
  /** Every row the filters select. */
  total: number;
  status: LoadStatus;
  error: string | null;
  /** The failed answer's HTTP status (0: no answer); absent when not known. */
  errorStatus?: number;
  /** The CSV export of what the filters select. */
  exporting: Flow;
}

/** What a user changed: a page, a page size, a sort, some filters. */
export interface ListChange<Filters> {
  page?: number;
  pageSize?: number;
  /** null: back to the list's default sort. */
  sort?: { field: string; dir: SortDirection } | null;
  filters?: Partial<Filters>;
}

/** Whether a search or a filter narrows the list: then no rows means nothing matched, not an empty list. */
export const listFiltered = (list: Pick<PagedList<unknown, Record<string, string>>, 'filters'>): boolean => Object.values(list.filters).some((value) => value !== '');

export function pagedList<Row, Filters extends Record<string, string>>(
  filters: Filters,
  defaults: { sort: string; dir: SortDirection; pageSize: number },
): PagedList<Row, Filters> {
  return { page: 0, pageSize: defaults.pageSize, sort: defaults.sort, dir: defaults.dir, filters, rows: [], total: 0, status: 'idle', error: null, exporting: idleFlow };
}

/**
 * Applies a change (in a reducer). Anything but a page turn goes back to the first page: page 3 of another selection is
 * not what anyone asked for. `defaultSort` is what a cleared sort returns to.
 */
export function changeList<Filters extends Record<string, string>>(
  list: PagedList<unknown, Filters>,
  change: ListChange<Filters>,
  defaultSort: { sort: string; dir: SortDirection },
): void {
  let reset = false;
  if (change.filters) {
    list.filters = { ...list.filters, ...change.filters } as Filters;
    reset = true;
  }
  if (change.sort !== undefined) {
    const next = change.sort ?? { field: defaultSort.sort, dir: defaultSort.dir };
    list.sort = next.field;
    list.dir = next.dir;
    reset = true;
  }
  if (change.pageSize !== undefined && change.pageSize !== list.pageSize) {
    list.pageSize = change.pageSize;
    reset = true;
  }
  if (reset) list.page = 0;
  else if (change.page !== undefined) list.page = change.page;
}

export function listLoadStarted(list: PagedList<unknown, Record<string, string>>): void {
  startLoading(list);
}

/** The page arrived: its rows and the total, at the page the server answered. */
export function listLoaded<Row>(list: PagedList<Row, Record<string, string>>, page: { rows: Row[]; total: number; page: number }): void {
  list.rows = page.rows;
  list.total = page.total;
  list.page = page.page;
  list.status = 'loaded';
  list.error = null;
}

export function listLoadFailed(list: PagedList<unknown, Record<string, string>>, failure: string | LoadFailure): void {
  loadFailed(list, failure);
}

/** The API query of a list's state. */
export function toListQuery(list: PagedList<unknown, Record<string, string>>): ListQuery {
  return { page: list.page, pageSize: list.pageSize, sort: list.sort, dir: list.dir, filters: list.filters };
}

/** Pause after the last key of a search box before the list is asked again. */
export const SEARCH_DEBOUNCE_MS = 400;
