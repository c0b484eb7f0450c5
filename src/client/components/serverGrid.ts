import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMemo } from 'react';
import { fill } from '@shared/messages';
import { LIST_TOOLBAR_TEXT, type CardSort } from './ListToolbar';
import type { GridColDef, GridPaginationModel, GridSortModel, GridValidRowModel } from '@mui/x-data-grid';
import type { SortDirection } from '@shared/api/lists';

// The Data Grid props of a list the server pages and sorts (PortalDataGrid takes them as they are): the grid shows the
// page, the total and the sort of the list's state, and tells every change back as one ListChange.

/** Page sizes the operations lists offer. */
export const SERVER_PAGE_SIZES = [10, 25, 50, 100];

export interface ServerListView {
  page: number;
  pageSize: number;
  sort: string;
  dir: SortDirection;
  total: number;
  status: 'idle' | 'loading' | 'loaded' | 'failed';
}

export interface ServerListChange {
  page?: number;
  pageSize?: number;
  /** null: the default sort (the grid's third click clears the sort). */
  sort?: { field: string; dir: SortDirection } | null;
}

/**
 * A hook: the models keep their identity while the list's page and sort stay, since the grid takes a new sort model for
 * a new sort (and goes back to the first page). `fieldOf`/`sortOf` map a column's field to the API's sort name and back when they differ (the audit's actorUsername
 * sorts as 'actor'). A sort by a field the grid does not show (the users' default, by id) shows no arrow; the grid
 * would otherwise drop it from its model and report a change nobody made.
 */
export function useServerGridProps<R extends GridValidRowModel>(
  list: ServerListView,
  columns: readonly GridColDef<R>[],
  onChange: (change: ServerListChange) => void,
  options: { pageSizes?: number[]; sortOf?: (field: string) => string; fieldOf?: (sort: string) => string } = {},
) {
  const { pageSizes = SERVER_PAGE_SIZES, sortOf = (f: string) => f, fieldOf = (s: string) => s } = options;
  const paginationModel = useMemo<GridPaginationModel>(() => ({ page: list.page, pageSize: list.pageSize }), [list.page, list.pageSize]);
  const sortField = list.sort ? fieldOf(list.sort) : '';
  const shown = sortField !== '' && columns.some((c) => c.field === sortField);
  const sortModel = useMemo<GridSortModel>(() => (shown ? [{ field: sortField, sort: list.dir }] : []), [shown, sortField, list.dir]);
  return {
    paginationMode: 'server' as const,
    sortingMode: 'server' as const,
    filterMode: 'server' as const,
    rowCount: list.total,
    loading: list.status === 'idle' || list.status === 'loading',
    pageSizeOptions: pageSizes.includes(list.pageSize) ? pageSizes : [...pageSizes, list.pageSize].sort((a, b) => a - b),
    paginationModel,
    sortModel,
    onPaginationModelChange: (model: GridPaginationModel) => {
      if (model.pageSize !== list.pageSize) onChange({ pageSize: model.pageSize });
      else if (model.page !== list.page) onChange({ page: model.page });
    },
    onSortModelChange: (model: GridSortModel) => {
      const [first] = model;
      const next = first?.sort ? { field: sortOf(first.field), dir: first.sort } : null;
      if (next ? next.field === list.sort && next.dir === list.dir : sortModel.length === 0) return; // nothing changed
      onChange({ sort: next });
    },
  };
}

/**
 * On a phone (where PortalDataGrid draws cards, without column headers to click), the list's sort as a choice for the
 * toolbar: every sortable column, both ways. null on wider screens, where the grid's headers sort.
 */
export function useCardSort<R extends GridValidRowModel>(
  list: Pick<ServerListView, 'sort' | 'dir'>,
  columns: readonly GridColDef<R>[],
  onChange: (change: ServerListChange) => void,
  options: { sortOf?: (field: string) => string } = {},
): CardSort | null {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const { sortOf = (f: string) => f } = options;
  if (!phone) return null;
  const sortable = columns.filter((c) => c.sortable !== false && c.type !== 'actions' && c.headerName);
  const choices = sortable.flatMap((c) => [
    { value: `${sortOf(c.field)}:asc`, label: fill(LIST_TOOLBAR_TEXT.ascending, { label: c.headerName! }) },
    { value: `${sortOf(c.field)}:desc`, label: fill(LIST_TOOLBAR_TEXT.descending, { label: c.headerName! }) },
  ]);
  const value = `${list.sort}:${list.dir}`;
  // the list's default sort may be by a field no column shows (the users' id): it stays a choice, unnamed by a column
  const current = choices.some((c) => c.value === value) ? [] : [{ value, label: LIST_TOOLBAR_TEXT.defaultSort }];
  return {
    value,
    options: [...current, ...choices],
    onChange: (next) => {
      const cut = next.lastIndexOf(':');
      onChange({ sort: { field: next.slice(0, cut), dir: next.slice(cut + 1) as SortDirection } });
    },
  };
}
