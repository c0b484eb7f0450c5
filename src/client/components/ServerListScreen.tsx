import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import type { ReactNode } from 'react';
import type { PagedList, PagedListActions } from '@client/app/pagedList';
import { PortalDataGrid, type PortalDataGridProps } from './gridSetup';
import { GridBox, ListScreen } from './ListScreen';
import { ListToolbar, type FilterOption } from './ListToolbar';
import { useServerList, type ServerListOptions } from './useServerList';

// A whole list screen the server pages (the admin lists, 'Mis pedidos') from its list's state, its actions, its
// columns and its texts: the heading, the toolbar of its filters (values read from the list, changes dispatched as its
// actions), the grid in server mode, and the failed load with 'Reintentar' in place of the grid.

/** The filters a list offers; each one's value is the list's filter of the same name. */
export interface ServerListFilters {
  /** The accessible name of the toolbar ('Filtros de pedidos'). */
  label: string;
  /** The search box: the filter 'q', asked after a pause in the typing. */
  search?: { label: string; placeholder?: string };
  /** More text filters (a rut, an id), asked after a pause as well. */
  texts?: { name: string; label: string; placeholder?: string }[];
  /** Choices: the list loads at once. */
  selects?: { name: string; label: string; options: FilterOption[] }[];
  /** The date range of the filters 'from' and 'to'. */
  dates?: boolean;
  /** 'Exportar CSV' of what the filters select. */
  exportCsv?: boolean;
  /** More actions beside the export ('Reintentar' of the chosen jobs). */
  actions?: ReactNode;
}

export interface ServerListScreenProps<R extends GridValidRowModel, F extends Record<string, string>> {
  titleId: string;
  create?: { to: string; label: string } | null;
  list: PagedList<R, F>;
  actions: PagedListActions<F>;
  columns: GridColDef<R>[];
  /**
   * The heading, the grid's name, the empty list's text ('emptyFiltered' when a filter is on, if given), 'Reintentar',
   * and the failure's text when the answer brought none.
   */
  texts: { title: string; grid: string; empty: string; emptyFiltered?: string; retry: string; loadFailed?: string };
  options?: Omit<ServerListOptions, 'loadFailed'>;
  filters?: ServerListFilters;
  /** Shown above the toolbar (the jobs' counts). */
  above?: ReactNode;
  /** Shown above the grid when the list loaded (a notice about what it cannot show now). */
  notice?: ReactNode;
  /** Shown below the grid when the list loaded (what acts on the rows chosen). */
  below?: ReactNode;
  /** Shown whether or not the load failed (a dialog). */
  extra?: ReactNode;
  /** The grid's own props beyond the list's (cards, a selection). */
  grid?: Omit<PortalDataGridProps<R>, 'rows' | 'columns' | 'aria-label' | 'noRowsLabel'>;
}

export function ServerListScreen<R extends GridValidRowModel, F extends Record<string, string>>({
  titleId,
  create,
  list,
  actions,
  columns,
  texts,
  options,
  filters,
  above,
  notice,
  below,
  extra,
  grid,
}: ServerListScreenProps<R, F>) {
  const { gridProps, cardSort, screen, setFilter, typeFilter, clearFilters, exportCsv } = useServerList(list, actions, columns, { ...options, loadFailed: texts.loadFailed });
  const values: Record<string, string> = list.filters;
  const filtered = Object.values(values).some((value) => value !== '' && value !== undefined);

  const toolbar = filters && (
    <ListToolbar
      sort={cardSort}
      label={filters.label}
      search={filters.search && { ...filters.search, value: values.q ?? '', onChange: (value) => typeFilter('q', value) }}
      texts={filters.texts?.map((text) => ({ ...text, value: values[text.name] ?? '' }))}
      onText={typeFilter}
      selects={filters.selects?.map((select) => ({ ...select, value: values[select.name] ?? '' }))}
      onSelect={setFilter}
      dates={filters.dates ? { from: values.from ?? '', to: values.to ?? '', onChange: setFilter } : undefined}
      onClear={clearFilters}
      exportCsv={filters.exportCsv ? exportCsv : undefined}
      actions={filters.actions}
    />
  );

  return (
    <ListScreen
      titleId={titleId}
      title={texts.title}
      create={create}
      {...screen}
      retryLabel={texts.retry}
      extra={extra}
      toolbar={
        above || toolbar ? (
          <>
            {above}
            {toolbar}
          </>
        ) : undefined
      }
    >
      {notice}
      <GridBox>
        <PortalDataGrid aria-label={texts.grid} rows={list.rows} columns={columns} {...gridProps} {...grid} noRowsLabel={filtered && texts.emptyFiltered ? texts.emptyFiltered : texts.empty} />
      </GridBox>
      {below}
    </ListScreen>
  );
}
