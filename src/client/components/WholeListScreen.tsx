import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import type { Action } from '@reduxjs/toolkit';
import type { ReactNode } from 'react';
import { isPending, type Loadable } from '@client/app/loadable';
import { PortalDataGrid, type PortalDataGridProps } from './gridSetup';
import { GridBox, ListScreen } from './ListScreen';
import { useWholeList } from './useServerList';

// A list screen whose list the API answers whole (the grid pages it in the browser): the heading with its create link,
// the grid, and the failed load with 'Reintentar' in place of the grid. The list is asked for when the screen mounts.

export interface WholeListScreenProps<R extends GridValidRowModel> {
  titleId: string;
  /** The heading, the grid's name, the empty list's text, 'Reintentar', and the screen's own failure text (else the answer's). */
  texts: { title: string; grid: string; empty: string; retry: string; failure?: string };
  create?: { to: string; label: string } | null;
  list: Loadable<R[]>;
  /** The screen mounted, or 'Reintentar'. */
  opened: () => Action;
  columns: GridColDef<R>[];
  /** The grid's own props (cards, row height, paging or none). */
  grid?: Omit<PortalDataGridProps<R>, 'rows' | 'columns' | 'aria-label' | 'noRowsLabel' | 'loading'>;
  /** Shown whether or not the load failed (a dialog). */
  extra?: ReactNode;
}

export function WholeListScreen<R extends GridValidRowModel>({ titleId, texts, create, list, opened, columns, grid, extra }: WholeListScreenProps<R>) {
  const screen = useWholeList(list, opened, texts.failure);
  return (
    <ListScreen titleId={titleId} title={texts.title} create={create} {...screen} retryLabel={texts.retry} extra={extra}>
      <GridBox>
        <PortalDataGrid aria-label={texts.grid} rows={list.data} columns={columns} loading={isPending(list.status)} {...grid} noRowsLabel={texts.empty} />
      </GridBox>
    </ListScreen>
  );
}
