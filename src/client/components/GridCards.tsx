import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type {
  DataGridProps,
  GridCallbackDetails,
  GridColDef,
  GridPaginationModel,
  GridRenderCellParams,
  GridRowId,
  GridRowSelectionModel,
  GridValidRowModel,
} from '@mui/x-data-grid';
import { useId, useState, type ReactNode } from 'react';
import { PageLinks } from './PageLinks';

// A Data Grid's rows as a list of cards, for screens narrower than the small breakpoint (R-A11Y-2: a grid there showed
// only the columns that fit). It takes the grid's own props and column definitions, so a screen has one set of
// columns for both: each card shows the row's first column as its title, every other column as a label (the column's
// header) and its value (the column's renderCell, valueFormatter or valueGetter, as in the grid), and the action
// columns (buttons, links) together at its foot. Selection (a checkbox per card and one for all of them, named as the
// grid names its own), paging (the same page links as the grid's footer), loading and the empty text work as in the grid.
//
// What renderCell receives here: row, id, field, value, formattedValue, colDef and tabIndex 0 (every control is a Tab
// stop: there is no grid to move in with the arrows); no `api`. The portal's columns use no more than that.

/** How a screen's columns become cards; without it the first column is the title and there are no action columns. */
export interface CardLayout {
  /** The column whose value titles the card (default: the first visible one); false: no title (the list names them). */
  title?: string | false;
  /** Columns whose cells are controls (edit, delete, view): drawn together at the card's foot, without a label. */
  actions?: string[];
  /** The title column's header beside its value: a bare number says nothing ('Folio 10413'). */
  labelTitle?: boolean;
  /**
   * The row's name when the title column alone does not tell rows apart (folios are numbered per DTE type: 'Factura
   * electrónica N° 10461', not 'folio 10461'). Typed loosely: the layout is not generic over the row.
   */
  rowName?: (row: never) => string;
}

export type GridCardsProps<R extends GridValidRowModel> = Pick<
  DataGridProps<R>,
  | 'rows'
  | 'columns'
  | 'getRowId'
  | 'loading'
  | 'checkboxSelection'
  | 'rowSelectionModel'
  | 'onRowSelectionModelChange'
  | 'paginationModel'
  | 'onPaginationModelChange'
  | 'initialState'
  | 'pageSizeOptions'
  | 'paginationMode'
  | 'isRowSelectable'
  | 'rowCount'
  | 'columnVisibilityModel'
  | 'hideFooter'
  | 'localeText'
  | 'aria-label'
  | 'aria-labelledby'
> & {
  layout?: CardLayout;
  noRowsLabel: string;
  /** The name of a row's selection checkbox, from the row's name (rowNameOf): the same in the grid. */
  selectLabel: (rowName: string) => string;
};

// The grid's callbacks also carry its api; the cards have none.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the callbacks' api type is the grid's own
const noDetails = {} as GridCallbackDetails<any, any>;

const isSelected = (model: GridRowSelectionModel | undefined, id: GridRowId) =>
  model ? (model.type === 'include' ? model.ids.has(id) : !model.ids.has(id)) : false;

function cellOf<R extends GridValidRowModel>(column: GridColDef<R>, row: R, id: GridRowId): ReactNode {
  const raw = (row as Record<string, unknown>)[column.field];
  const value = column.valueGetter ? (column.valueGetter as (...args: unknown[]) => unknown)(raw as never, row, column, { current: null }) : raw;
  const formatted = column.valueFormatter ? (column.valueFormatter as (...args: unknown[]) => unknown)(value as never, row, column, { current: null }) : value;
  if (column.renderCell) {
    const params = { row, id, field: column.field, value, formattedValue: formatted, colDef: column, tabIndex: 0, hasFocus: false, cellMode: 'view' };
    return column.renderCell(params as unknown as GridRenderCellParams<R>);
  }
  return formatted === null || formatted === undefined ? '' : String(formatted);
}

type TitleProps<R extends GridValidRowModel> = Pick<GridCardsProps<R>, 'columns' | 'columnVisibilityModel' | 'layout'>;

const visibleColumns = <R extends GridValidRowModel>({ columns, columnVisibilityModel }: TitleProps<R>) =>
  columns.filter((c) => columnVisibilityModel?.[c.field] !== false);

/** The column whose value titles a card (and names the row): the layout's, else the first one that is not an action. */
function titleColumnOf<R extends GridValidRowModel>(props: TitleProps<R>): GridColDef<R> | undefined {
  const { layout } = props;
  if (layout?.title === false) return undefined;
  const visible = visibleColumns(props);
  return visible.find((c) => c.field === layout?.title) ?? visible.find((c) => !layout?.actions?.includes(c.field));
}

/** 'Folio' → 'folio', as a word inside a sentence; 'N°' and 'SKU' stay. */
const asWord = (header: string) => (/^\p{Lu}\p{Ll}/u.test(header) ? header.charAt(0).toLowerCase() + header.slice(1) : header);

/**
 * A row's name in a sentence: the layout's own, else the title column's header and value ('folio 10413', 'N° 105'), the
 * value alone when the column has no header. The grid's row checkboxes and the cards' say 'Seleccionar' + this.
 */
export function rowNameOf<R extends GridValidRowModel>(props: TitleProps<R>): (row: R, id: GridRowId) => string {
  const named = props.layout?.rowName;
  if (named) return (row) => named(row as never);
  const column = titleColumnOf(props);
  return (row, id) => {
    if (!column) return String(id);
    const value = String(cellOf({ ...column, renderCell: undefined }, row, id));
    return column.headerName ? `${asWord(column.headerName)} ${value}` : value;
  };
}

/** The page size: the controlled model's, else the initial one; none (every row on one page) without paging. */
function startingPage(props: Pick<DataGridProps, 'paginationModel' | 'initialState' | 'hideFooter'>): GridPaginationModel | null {
  if (props.hideFooter) return null;
  if (props.paginationModel) return props.paginationModel;
  const initial = props.initialState?.pagination?.paginationModel;
  return initial?.pageSize ? { page: initial.page ?? 0, pageSize: initial.pageSize } : null;
}

export function GridCards<R extends GridValidRowModel>(props: GridCardsProps<R>) {
  const { rows = [], getRowId, loading, checkboxSelection, rowSelectionModel, onRowSelectionModelChange, onPaginationModelChange, layout, noRowsLabel, selectLabel } = props;
  const listId = useId();
  const [ownPage, setOwnPage] = useState<GridPaginationModel | null>(() => startingPage(props));
  const page = props.paginationModel ?? ownPage;

  const visible = visibleColumns(props);
  const titleColumn = titleColumnOf(props);
  const rowName = rowNameOf(props);
  const actionColumns = visible.filter((c) => layout?.actions?.includes(c.field));
  const dataColumns = visible.filter((c) => c !== titleColumn && !actionColumns.includes(c));

  const idOf = (row: R): GridRowId => (getRowId ? getRowId(row) : (row as unknown as { id: GridRowId }).id);
  // a list the server pages (the operations lists): the rows are the page already, the count is the server's total
  const server = props.paginationMode === 'server';
  const count = server ? (props.rowCount ?? rows.length) : rows.length;
  const shown = !server && page && page.pageSize > 0 ? rows.slice(page.page * page.pageSize, (page.page + 1) * page.pageSize) : rows;
  const sizes = server ? (props.pageSizeOptions ?? []).map((o) => (typeof o === 'number' ? o : o.value)) : [];
  const pageSizes = page && sizes.includes(page.pageSize) ? sizes : page ? [page.pageSize] : [];

  const selectable = (row: R) => props.isRowSelectable?.({ id: idOf(row), row } as never) ?? true;
  const toggle = (id: GridRowId, checked: boolean) => {
    const ids = new Set(rows.map(idOf).filter((rowId) => isSelected(rowSelectionModel, rowId)));
    if (checked) ids.add(id);
    else ids.delete(id);
    onRowSelectionModelChange?.({ type: 'include', ids }, noDetails);
  };

  // Select-all, as the grid's header checkbox: every selectable row of the list, on every page (a list the server pages
  // has only its page); indeterminate while only some are ticked.
  const candidates = rows.filter(selectable).map(idOf);
  const tickedCandidates = candidates.filter((id) => isSelected(rowSelectionModel, id)).length;
  const allTicked = candidates.length > 0 && tickedCandidates === candidates.length;
  const someTicked = tickedCandidates > 0 && !allTicked;
  const toggleAll = (checked: boolean) => {
    const all = new Set(candidates);
    const ids = rows.map(idOf).filter((id) => (all.has(id) ? checked : isSelected(rowSelectionModel, id)));
    onRowSelectionModelChange?.({ type: 'include', ids: new Set(ids) }, noDetails);
  };
  const allLabel = allTicked
    ? (props.localeText?.checkboxSelectionUnselectAllRows ?? 'Deseleccionar todas las filas')
    : (props.localeText?.checkboxSelectionSelectAllRows ?? 'Seleccionar todas las filas');

  const changePage = (next: GridPaginationModel) => {
    setOwnPage(next);
    onPaginationModelChange?.(next, noDetails);
  };

  if (!rows.length) {
    return (
      <Paper variant="outlined" sx={{ p: 2 }}>
        {loading ? <LinearProgress aria-label="Cargando" /> : <Typography>{noRowsLabel}</Typography>}
      </Paper>
    );
  }

  return (
    <Box>
      {loading && <LinearProgress aria-label="Cargando" sx={{ mb: 1 }} />}
      {checkboxSelection && candidates.length > 0 && (
        <FormControlLabel
          label={allLabel}
          control={<Checkbox checked={allTicked} indeterminate={someTicked} onChange={(event) => toggleAll(event.target.checked)} />}
          sx={{ mb: 1, ml: 0.5 }}
        />
      )}
      <Box
        component="ul"
        aria-label={props['aria-label']}
        aria-labelledby={props['aria-labelledby']}
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
      >
        {shown.map((row) => {
          const id = idOf(row);
          const titleId = `${listId}-${String(id)}`;
          return (
            <Paper key={id} component="li" variant="outlined" aria-labelledby={titleColumn ? titleId : undefined} sx={{ p: 1.5, minWidth: 0 }}>
              {(titleColumn || checkboxSelection) && (
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: dataColumns.length ? 1 : 0 }}>
                  {checkboxSelection && selectable(row) && (
                    <Checkbox
                      checked={isSelected(rowSelectionModel, id)}
                      onChange={(event) => toggle(id, event.target.checked)}
                      slotProps={{ input: { 'aria-label': selectLabel(rowName(row, id)) } }}
                      sx={{ ml: -1 }}
                    />
                  )}
                  {titleColumn && (
                    <Typography id={titleId} component="p" sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }}>
                      {layout?.labelTitle && titleColumn.headerName && (
                        <>
                          <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary' }}>
                            {titleColumn.headerName}
                          </Box>{' '}
                        </>
                      )}
                      {cellOf(titleColumn, row, id)}
                    </Typography>
                  )}
                </Box>
              )}
              {dataColumns.length > 0 && (
                <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, max-content) minmax(0, 1fr)', columnGap: 2, rowGap: 0.5, m: 0, alignItems: 'center' }}>
                  {dataColumns.map((column) => (
                    <Box key={column.field} sx={{ display: 'contents' }}>
                      <Typography component="dt" variant="body2" color="text.secondary">
                        {column.headerName ?? column.field}
                      </Typography>
                      <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere', textAlign: column.type === 'number' ? 'right' : 'left' }}>
                        {cellOf(column, row, id)}
                      </Typography>
                    </Box>
                  ))}
                </Box>
              )}
              {actionColumns.length > 0 && (
                <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1, mt: 1 }}>
                  {actionColumns.map((column) => (
                    <Box key={column.field}>{cellOf(column, row, id)}</Box>
                  ))}
                </Box>
              )}
            </Paper>
          );
        })}
      </Box>
      {page && (count > page.pageSize || pageSizes.length > 1) && (
        <PageLinks
          count={count}
          page={page.page}
          pageSize={page.pageSize}
          pageSizes={pageSizes}
          onPageChange={(next) => changePage({ ...page, page: next })}
          onPageSizeChange={(size) => changePage({ page: 0, pageSize: size })}
        />
      )}
    </Box>
  );
}
