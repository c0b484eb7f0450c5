import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import type { Action } from '@reduxjs/toolkit';
import { useCallback, useEffect } from 'react';
import { useAppDispatch } from '@client/app/hooks';
import type { Loadable } from '@client/app/loadable';
import type { PagedList, PagedListActions } from '@client/app/pagedList';
import { useCardSort, useServerGridProps, type ServerListChange } from './serverGrid';

// The screen side of a list made by createPagedList (app/pagedList.ts): the screen asks for the page when it mounts,
// and gets the Data Grid's props, the phone's sort choice, what ListScreen shows when the load failed and the
// toolbar's filter, clear and export handlers, each dispatching the list's own action.

export interface ServerListOptions {
  /** The message shown when a failed load brought none. */
  loadFailed?: string;
  /** Page sizes other than SERVER_PAGE_SIZES. */
  pageSizes?: number[];
  /** A column's field to the API's sort name, when they differ (the audit's actorUsername sorts as 'actor'). */
  sortOf?: (field: string) => string;
  /** The API's sort name to the column's field. */
  fieldOf?: (sort: string) => string;
}

export function useServerList<R extends GridValidRowModel, Filters extends Record<string, string>>(
  list: PagedList<R, Filters>,
  actions: PagedListActions<Filters>,
  columns: readonly GridColDef<R>[],
  options: ServerListOptions,
) {
  const dispatch = useAppDispatch();
  const { loadFailed, ...gridOptions } = options;

  useEffect(() => {
    dispatch(actions.opened());
  }, [dispatch, actions]);

  const onChange = useCallback((change: ServerListChange) => dispatch(actions.changed(change)), [dispatch, actions]);
  const gridProps = useServerGridProps(list, columns, onChange, gridOptions);
  const cardSort = useCardSort(list, columns, onChange, gridOptions);

  return {
    gridProps,
    /** The toolbar's sort on a phone (null on wider screens). */
    cardSort,
    /** ListScreen's props for a failed load and its 'Reintentar'. */
    screen: {
      failed: list.status === 'failed',
      error: list.error ?? loadFailed,
      errorStatus: list.errorStatus,
      onRetry: () => dispatch(actions.opened()),
    },
    /** A chosen filter (a select, a date): the list loads at once. */
    setFilter: (name: string, value: string) => dispatch(actions.changed({ filters: { [name]: value } as Partial<Filters> })),
    /** A key in a text filter: the list loads after a pause. */
    typeFilter: (name: string, value: string) => dispatch(actions.filterTyped({ name: name as keyof Filters & string, value })),
    clearFilters: () => dispatch(actions.filtersCleared()),
    /** The toolbar's 'Exportar CSV'. */
    exportCsv: { onClick: () => dispatch(actions.exportRequested()), running: list.exporting.status === 'running' },
  };
}

/**
 * The screen side of a list the API answers whole (a Loadable the grid pages in the browser): the screen asks for it
 * when it mounts (`opened`, also its 'Reintentar') and gets what ListScreen shows when the load failed. `error`: the
 * screen's own text of a failure, in place of the answer's message.
 */
export function useWholeList(list: Pick<Loadable<unknown>, 'status' | 'error' | 'errorStatus'>, opened: () => Action, error?: string) {
  const dispatch = useAppDispatch();

  useEffect(() => {
    dispatch(opened());
  }, [dispatch, opened]);

  return {
    failed: list.status === 'failed',
    error: error ?? list.error,
    errorStatus: list.errorStatus,
    onRetry: () => dispatch(opened()),
  };
}
