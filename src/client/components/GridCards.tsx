import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import TablePagination from '@mui/material/TablePagination';
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

// A Data Grid's rows as a list of cards, for screens narrower than the small breakpoint (issue 16: a grid there showed
// only the columns that fit). It takes the grid's own props and column definitions, so a screen has one set of
// columns for both: each card shows the row's first column as its title, every other column as a label (the column's
// header) and its value (the column's renderCell, valueFormatter or valueGetter, as in the grid), and the action
// columns (buttons, links) together at its foot. Selection, paging, loading and the empty text work as in the grid.
//
// What renderCell receives here: row, id, field, value, formattedValue, colDef and tabIndex 0 (every control is a Tab
// stop: there is no grid to move in with the arrows); no `api`. The portal's columns use no more than that.

/** How a screen's columns become cards; without it the first column is the title and there are no action columns. */
export interface CardLayout {
  /** The column whose value titles the card (default: the first visible one); false: no title (the list names them). */
  title?: string | false;
  /** Columns whose cells are controls (edit, delete, view): drawn together at the card's foot, without a label. */
  actions?: string[];
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
> & { layout?: CardLayout; noRowsLabel: string; selectLabel: (title: string) => string };

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

/** The page size: the controlled model's, else the initial one; none (every row on one page) without paging. */
function startingPage(props: Pick<DataGridProps, 'paginationModel' | 'initialState' | 'hideFooter'>): GridPaginationModel | null {
  if (props.hideFooter) return null;
  if (props.paginationModel) return props.paginationModel;
  const initial = props.initialState?.pagination?.paginationModel;
  return initial?.pageSize ? { page: initial.page ?? 0, pageSize: initial.pageSize } : null;
}

export function GridCards<R extends GridValidRowModel>(props: GridCardsProps<R>) {
  const { rows = [], columns, getRowId, loading, checkboxSelection, rowSelectionModel, onRowSelectionModelChange, onPaginationModelChange, layout, noRowsLabel, selectLabel } = props;
  const listId = useId();
  const [ownPage, setOwnPage] = useState<GridPaginationModel | null>(() => startingPage(props));
  const page = props.paginationModel ?? ownPage;

  const visible = columns.filter((c) => props.columnVisibilityModel?.[c.field] !== false);
  const titleColumn = layout?.title === false ? undefined : (visible.find((c) => c.field === layout?.title) ?? visible.find((c) => !layout?.actions?.includes(c.field)));
  const actionColumns = visible.filter((c) => layout?.actions?.includes(c.field));
  const dataColumns = visible.filter((c) => c !== titleColumn && !actionColumns.includes(c));

  const idOf = (row: R): GridRowId => (getRowId ? getRowId(row) : (row as unknown as { id: GridRowId }).id);
  // a list the server pages (the operations lists): the rows are the page already, the count is the server's total
  const server = props.paginationMode === 'server';
  const count = server ? (props.rowCount ?? rows.length) : rows.length;
  const shown = !server && page && page.pageSize > 0 ? rows.slice(page.page * page.pageSize, (page.page + 1) * page.pageSize) : rows;
  const sizes = server ? (props.pageSizeOptions ?? []).map((o) => (typeof o === 'number' ? o : o.value)) : [];
  const pageSizes = page && sizes.includes(page.pageSize) ? sizes : page ? [page.pageSize] : [];

  const toggle = (id: GridRowId, checked: boolean) => {
    const ids = new Set(rows.map(idOf).filter((rowId) => isSelected(rowSelectionModel, rowId)));
    if (checked) ids.add(id);
    else ids.delete(id);
    onRowSelectionModelChange?.({ type: 'include', ids }, noDetails);
  };

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
      <Box
        component="ul"
        aria-label={props['aria-label']}
        aria-labelledby={props['aria-labelledby']}
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
      >
        {shown.map((row) => {
          const id = idOf(row);
          const titleId = `${listId}-${String(id)}`;
          const titleText = titleColumn ? String(cellOf({ ...titleColumn, renderCell: undefined }, row, id)) : '';
          return (
            <Paper key={id} component="li" variant="outlined" aria-labelledby={titleColumn ? titleId : undefined} sx={{ p: 1.5, minWidth: 0 }}>
              {(titleColumn || checkboxSelection) && (
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: dataColumns.length ? 1 : 0 }}>
                  {checkboxSelection && (props.isRowSelectable?.({ id, row } as never) ?? true) && (
                    <Checkbox
                      checked={isSelected(rowSelectionModel, id)}
                      onChange={(event) => toggle(id, event.target.checked)}
                      slotProps={{ input: { 'aria-label': selectLabel(titleText) } }}
                      sx={{ ml: -1 }}
                    />
                  )}
                  {titleColumn && (
                    <Typography id={titleId} component="p" sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }}>
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
        <TablePagination
          component="div"
          count={count}
          page={page.page}
          rowsPerPage={page.pageSize}
          rowsPerPageOptions={pageSizes}
          labelRowsPerPage="Filas"
          labelDisplayedRows={({ from, to, count: all }) => `${from}–${to} de ${all}`}
          onPageChange={(_event, next) => changePage({ ...page, page: next })}
          onRowsPerPageChange={(event) => changePage({ page: 0, pageSize: Number(event.target.value) })}
          sx={{ '& .MuiTablePagination-toolbar': { px: 0 } }}
        />
      )}
    </Box>
  );
}
