import { configureStore, type UnknownAction } from '@reduxjs/toolkit';
import { act, renderHook } from '@testing-library/react';
import type { GridColDef } from '@mui/x-data-grid';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createPagedList, type PagedList } from '@client/app/pagedList';
import { useServerList, useWholeList } from '@client/components/useServerList';

// The screen side of the list pattern: what a list screen dispatches and what it gets to show.

type Row = { id: number; name: string };
type Filters = { q: string; state: string };
const things = createPagedList<Row, Filters>({ name: 'things/list', filters: { q: '', state: '' }, sort: { sort: 'id', dir: 'desc' }, pageSize: 25 });
const { actions } = things;
const columns: GridColDef<Row>[] = [
  { field: 'id', headerName: 'N°' },
  { field: 'name', headerName: 'Nombre' },
];

function setup() {
  const seen: UnknownAction[] = [];
  const store = configureStore({
    reducer: (state: { seen: number } = { seen: 0 }, action: UnknownAction) => {
      if (!action.type.startsWith('@@')) seen.push(action);
      return { seen: state.seen + 1 };
    },
  });
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  return { seen, wrapper };
}

const failedList: PagedList<Row, Filters> = { ...things.initialState, status: 'failed', error: null, errorStatus: 0, page: 2, total: 80 };

describe('useServerList', () => {
  it('asks for the page once when the screen mounts, and again on Reintentar', () => {
    const { seen, wrapper } = setup();
    const { result, rerender } = renderHook(() => useServerList(failedList, actions, columns, { loadFailed: 'No se pudo cargar la lista' }), { wrapper });
    rerender();
    expect(seen).toEqual([actions.opened()]);
    act(() => result.current.screen.onRetry());
    expect(seen).toEqual([actions.opened(), actions.opened()]);
  });

  it("gives ListScreen the failure (the screen's text when the answer brought none) and its status", () => {
    const { wrapper } = setup();
    const { result } = renderHook(() => useServerList(failedList, actions, columns, { loadFailed: 'No se pudo cargar la lista' }), { wrapper });
    expect(result.current.screen).toMatchObject({ failed: true, error: 'No se pudo cargar la lista', errorStatus: 0 });
    const withMessage = renderHook(() => useServerList({ ...failedList, error: 'Error interno', errorStatus: 500 }, actions, columns, { loadFailed: 'x' }), { wrapper });
    expect(withMessage.result.current.screen).toMatchObject({ failed: true, error: 'Error interno', errorStatus: 500 });
  });

  it("the grid's page and sort changes, the filters, the clear and the export each dispatch the list's own action", () => {
    const { seen, wrapper } = setup();
    const { result } = renderHook(() => useServerList(failedList, actions, columns, { sortOf: (field) => (field === 'name' ? 'nombre' : field) }), { wrapper });
    const { gridProps } = result.current;
    expect(gridProps).toMatchObject({ paginationMode: 'server', sortingMode: 'server', rowCount: 80, paginationModel: { page: 2, pageSize: 25 } });
    act(() => {
      gridProps.onPaginationModelChange({ page: 3, pageSize: 25 });
      gridProps.onSortModelChange([{ field: 'name', sort: 'asc' }]);
      result.current.setFilter('state', 'open');
      result.current.typeFilter('q', 'ana');
      result.current.clearFilters();
      result.current.exportCsv.onClick();
    });
    expect(seen.slice(1)).toEqual([
      actions.changed({ page: 3 }),
      actions.changed({ sort: { field: 'nombre', dir: 'asc' } }),
      actions.changed({ filters: { state: 'open' } }),
      actions.filterTyped({ name: 'q', value: 'ana' }),
      actions.filtersCleared(),
      actions.exportRequested(),
    ]);
    expect(result.current.exportCsv.running).toBe(false);
  });
});

describe('useWholeList', () => {
  const opened = () => ({ type: 'things/opened' });

  it("asks for the list when the screen mounts and on Reintentar; the screen's own text replaces the answer's message", () => {
    const { seen, wrapper } = setup();
    const list = { status: 'failed' as const, error: 'Error interno', errorStatus: 500 };
    const { result } = renderHook(() => useWholeList(list, opened, 'No se pudo cargar el historial'), { wrapper });
    expect(seen).toEqual([opened()]);
    expect(result.current).toMatchObject({ failed: true, error: 'No se pudo cargar el historial', errorStatus: 500 });
    act(() => result.current.onRetry());
    expect(seen).toEqual([opened(), opened()]);
    const plain = renderHook(() => useWholeList({ status: 'loaded' as const, error: null }, opened), { wrapper });
    expect(plain.result.current).toMatchObject({ failed: false, error: null });
  });
});
