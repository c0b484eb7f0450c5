import { createSlice, type Action, type ActionReducerMapBuilder, type PayloadAction } from '@reduxjs/toolkit';
import type { SortDirection } from '@shared/api/lists';
import type { ListQuery } from '../api/lists';
import { failedWith, idleFlow, loadedWith, loadFailed, startLoading, type Flow, type Loadable, type LoadFailure, type LoadStatus } from './loadable';

// The one list pattern of the SPA. A list paged, sorted and filtered by the server (the admin lists and 'Mis pedidos')
// is made by `createPagedList`: its state, its events and its reducer, nested in the feature's slice as `list`; its
// saga is `pagedListSagas` (app/pagedListSagas.ts) and its screen wiring `useServerList` (components/useServerList.ts).
// A list the API answers whole (the grid pages it in the browser: banners, products, notification recipients, pending
// invoices, purchase history) keeps a Loadable and takes `wholeListLoad`'s three steps. The rules are the same
// everywhere: a new filter, search or sort goes back to the first page; the rows shown stay while the next page loads;
// a failure keeps its message and status for the retry.

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

/** The page arrived: its rows and the total, at the page the server answered. */
export function listLoaded<Row>(list: PagedList<Row, Record<string, string>>, page: { rows: Row[]; total: number; page: number }): void {
  list.rows = page.rows;
  list.total = page.total;
  list.page = page.page;
  list.status = 'loaded';
  list.error = null;
}

/** The API query of a list's state. */
export function toListQuery(list: PagedList<unknown, Record<string, string>>): ListQuery {
  return { page: list.page, pageSize: list.pageSize, sort: list.sort, dir: list.dir, filters: list.filters };
}

/** Pause after the last key of a search box before the list is asked again. */
export const SEARCH_DEBOUNCE_MS = 400;

/** One page of a list as the API answers it. */
export interface ListPage<Row> {
  rows: Row[];
  total: number;
  page: number;
}

export interface PagedListConfig<Filters extends Record<string, string>> {
  /** The prefix of the list's action types: the feature's slice name and 'list' ('adminAudit/list'). */
  name: string;
  /** The filters the list opens with. */
  filters: Filters;
  /** What 'Limpiar filtros' leaves (the jobs' opens on the open ones but clears to every job); default `filters`. */
  cleared?: Filters;
  /** The API's default sort, which a cleared sort returns to. */
  sort: { sort: string; dir: SortDirection };
  pageSize: number;
}

/**
 * A list paged by the server: its initial state, its actions and its reducer. The feature's slice keeps the state as
 * `list` and applies the actions with `nestIn(builder)` in its extraReducers (where it can also react to them: the jobs'
 * selection is emptied by any change). Actions: `opened` (the screen mounted, or 'Reintentar'), `changed` (a page, page
 * size, sort or chosen filter: loads at once), `filterTyped` (a key in a text filter: loads after a pause),
 * `filtersCleared`, `loadStarted`/`loaded`/`loadFailed` (the saga's), `exportRequested`/`exported`/`exportFailed` (the CSV).
 */
export function createPagedList<Row, Filters extends Record<string, string>, Page extends ListPage<Row> = ListPage<Row>>(config: PagedListConfig<Filters>) {
  type List = PagedList<Row, Filters>;
  const initialState: List = pagedList<Row, Filters>(config.filters, { ...config.sort, pageSize: config.pageSize });
  const slice = createSlice({
    name: config.name,
    initialState,
    reducers: {
      opened(list) {
        startLoading(list);
      },
      changed(list, action: PayloadAction<ListChange<Filters>>) {
        changeList(list as List, action.payload, config.sort);
      },
      filterTyped(list, action: PayloadAction<{ name: keyof Filters & string; value: string }>) {
        changeList(list as List, { filters: { [action.payload.name]: action.payload.value } as Partial<Filters> }, config.sort);
      },
      filtersCleared(list) {
        changeList(list as List, { filters: config.cleared ?? config.filters }, config.sort);
      },
      loadStarted(list) {
        startLoading(list);
      },
      loaded(list, action: PayloadAction<Page>) {
        listLoaded(list as List, action.payload);
      },
      loadFailed(list, action: PayloadAction<LoadFailure>) {
        loadFailed(list, action.payload);
      },
      exportRequested(list) {
        list.exporting = { status: 'running', error: null };
      },
      exported(list) {
        list.exporting = idleFlow;
      },
      exportFailed(list, action: PayloadAction<string>) {
        list.exporting = { status: 'failed', error: action.payload };
      },
    },
  });
  const { actions } = slice;
  const prefix = `${config.name}/`;
  /** Whether an action is one of this list's. */
  const matches = (action: Action): action is Action => action.type.startsWith(prefix);
  return {
    name: config.name,
    initialState,
    actions,
    reducer: slice.reducer,
    defaultSort: config.sort,
    matches,
    /** The actions after which the list asks for its page. */
    loadTriggers: [actions.opened.type, actions.changed.type, actions.filterTyped.type, actions.filtersCleared.type],
    /** In the feature slice's extraReducers: the list's actions change `state.list`. */
    nestIn<S extends { list: List }>(builder: ActionReducerMapBuilder<S>) {
      return builder.addMatcher(matches, (state, action) => {
        (state as { list: List }).list = slice.reducer((state as { list: List }).list, action);
      });
    },
  };
}

export type PagedListKit<Row, Filters extends Record<string, string>, Page extends ListPage<Row> = ListPage<Row>> = ReturnType<typeof createPagedList<Row, Filters, Page>>;
export type PagedListActions<Filters extends Record<string, string>> = PagedListKit<unknown, Filters>['actions'];

/**
 * The three steps of a list the API answers whole, kept as a Loadable under `key` in the feature's state: the load
 * starts (the rows shown stay), the rows arrive, or the load fails (the list emptied, the failure kept for the retry).
 * A feature's reducers take them under its own event names.
 */
export function wholeListLoad<T, K extends string>(key: K) {
  type State = Record<K, Loadable<T[]>>;
  return {
    started(state: State) {
      startLoading(state[key]);
    },
    loaded(state: State, action: PayloadAction<T[]>) {
      state[key] = loadedWith(action.payload);
    },
    failed(state: State, action: PayloadAction<LoadFailure>) {
      state[key] = failedWith<T[]>([], action.payload);
    },
  };
}
