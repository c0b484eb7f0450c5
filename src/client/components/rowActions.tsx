import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

// The columns every list's rows act through: 'Editar' and 'Eliminar' icon buttons, and a link to the row's own page.
// Each button is named for its row (a screen reader hears 'Editar usuario 11.111.111-1', not 'Editar' ten times), takes
// the grid's roving tabIndex (one Tab stop per grid, arrows between cells), and neither sorts nor filters.

export interface RowActionColumn<R> {
  /** The column's header ('Editar', 'Eliminar'). */
  headerName: string;
  /** The button's accessible name for a row. */
  label: (row: R) => string;
  onClick: (row: R) => void;
  /** While a deletion runs, no second one starts. */
  disabled?: boolean;
  /** The field the phone's cards name in `actions`: 'editar' and 'eliminar' unless told. */
  field?: string;
}

function iconColumn<R extends GridValidRowModel>(
  column: RowActionColumn<R>,
  look: { field: string; width: number; color: 'primary' | 'error'; icon: ReactNode },
): GridColDef<R> {
  return {
    field: column.field ?? look.field,
    headerName: column.headerName,
    width: look.width,
    sortable: false,
    filterable: false,
    renderCell: ({ row, tabIndex }) => (
      <IconButton aria-label={column.label(row)} color={look.color} size="small" tabIndex={tabIndex} disabled={column.disabled} onClick={() => column.onClick(row)}>
        {look.icon}
      </IconButton>
    ),
  };
}

/** 'Editar' of a row. */
export const editColumn = <R extends GridValidRowModel>(column: RowActionColumn<R>) =>
  iconColumn(column, { field: 'editar', width: 80, color: 'primary', icon: <EditIcon fontSize="small" /> });

/** 'Eliminar' of a row (the saga asks before anything is deleted). */
export const deleteColumn = <R extends GridValidRowModel>(column: RowActionColumn<R>) =>
  iconColumn(column, { field: 'eliminar', width: 90, color: 'error', icon: <DeleteIcon fontSize="small" /> });

/**
 * A column whose cell links to the row's own page (an order's number to its detail); a row without one shows nothing.
 * `label`: the link's accessible name when its text alone does not say where it goes.
 */
export function linkColumn<R extends GridValidRowModel>(column: {
  field: string;
  headerName: string;
  width: number;
  sortable?: boolean;
  to: (row: R) => string | null;
  text: (row: R) => ReactNode;
  label?: (row: R) => string;
}): GridColDef<R> {
  return {
    field: column.field,
    headerName: column.headerName,
    width: column.width,
    ...(column.sortable === false ? { sortable: false } : {}),
    renderCell: ({ row, tabIndex }) => {
      const to = column.to(row);
      return to ? (
        <Link component={RouterLink} to={to} tabIndex={tabIndex} aria-label={column.label?.(row)}>
          {column.text(row)}
        </Link>
      ) : (
        ''
      );
    },
  };
}
