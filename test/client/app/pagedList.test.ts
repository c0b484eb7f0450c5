import { combineReducers, createSlice, type Reducer } from '@reduxjs/toolkit';
import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { delay } from 'redux-saga/effects';
import { HttpError } from '@client/api/http';
import { saveFile } from '@client/app/download';
import { flowSteps, type Flow, type Loadable } from '@client/app/loadable';
import { notify } from '@client/app/notify';
import { createPagedList, SEARCH_DEBOUNCE_MS, toListQuery, wholeListLoad, type PagedList } from '@client/app/pagedList';
import { pagedListSagas, wholeListSaga } from '@client/app/pagedListSagas';
import { callWithTimeout } from '@client/app/sagaUtils';

// The one list pattern: the slice factory, its nesting in a feature's slice, and its sagas.

type Row = { id: number; name: string };
type Filters = { q: string; state: string };

const things = createPagedList<Row, Filters>({
  name: 'things/list',
  filters: { q: '', state: 'open' },
  cleared: { q: '', state: '' },
  sort: { sort: 'id', dir: 'desc' },
  pageSize: 25,
});
const { actions } = things;

interface ThingsState {
  list: PagedList<Row, Filters>;
  chosen: number[];
}
const initial: ThingsState = { list: things.initialState, chosen: [7] };
const thingsSlice = createSlice({
  name: 'things',
  initialState: initial,
  reducers: {
    chosen(state, action: { payload: number[] }) {
      state.chosen = action.payload;
    },
  },
  extraReducers: (builder) =>
    things.nestIn(builder).addMatcher(actions.changed.match, (state) => {
      state.chosen = [];
    }),
});
const reduce = thingsSlice.reducer;
const apply = (...steps: Parameters<typeof reduce>[1][]) => steps.reduce((state, step) => reduce(state, step), initial);

const rows: Row[] = [{ id: 1, name: 'uno' }];
const page = { rows, total: 31, page: 1, pageSize: 25 };

describe('createPagedList: the state and the reducer of a list paged by the server', () => {
  it('opens on its first page, its default sort and filters, nothing loaded', () => {
    expect(things.initialState).toEqual({
      page: 0,
      pageSize: 25,
      sort: 'id',
      dir: 'desc',
      filters: { q: '', state: 'open' },
      rows: [],
      total: 0,
      status: 'idle',
      error: null,
      exporting: { status: 'idle', error: null },
    });
  });

  it('a page turn keeps the selection; a filter, a typed filter, a sort or a page size goes back to the first page', () => {
    expect(apply(actions.changed({ page: 2 })).list.page).toBe(2);
    expect(apply(actions.changed({ page: 2 }), actions.changed({ filters: { state: 'failed' } })).list).toMatchObject({ page: 0, filters: { q: '', state: 'failed' } });
    expect(apply(actions.changed({ page: 2 }), actions.filterTyped({ name: 'q', value: 'OC' })).list).toMatchObject({ page: 0, filters: { q: 'OC', state: 'open' } });
    expect(apply(actions.changed({ page: 2 }), actions.changed({ sort: { field: 'name', dir: 'asc' } })).list).toMatchObject({ page: 0, sort: 'name', dir: 'asc' });
    expect(apply(actions.changed({ page: 2 }), actions.changed({ pageSize: 50 })).list).toMatchObject({ page: 0, pageSize: 50 });
  });

  it('a cleared sort returns to the default; cleared filters are the list\'s "cleared" ones, not the ones it opened with', () => {
    const sorted = apply(actions.changed({ sort: { field: 'name', dir: 'asc' } }), actions.changed({ sort: null }));
    expect(sorted.list).toMatchObject({ sort: 'id', dir: 'desc' });
    expect(apply(actions.filterTyped({ name: 'q', value: 'x' }), actions.filtersCleared()).list.filters).toEqual({ q: '', state: '' });
  });

  it('a load keeps the rows shown while it runs; the page arrives at the page the server answered; a failure keeps rows, message and status', () => {
    const loaded = apply(actions.opened(), actions.loaded(page));
    expect(loaded.list).toMatchObject({ rows, total: 31, page: 1, status: 'loaded', error: null });
    const again = reduce(loaded, actions.loadStarted());
    expect(again.list).toMatchObject({ rows, status: 'loading', error: null });
    const failed = reduce(again, actions.loadFailed({ message: 'Error interno', status: 500 }));
    expect(failed.list).toMatchObject({ rows, status: 'failed', error: 'Error interno', errorStatus: 500 });
    expect(reduce(failed, actions.opened()).list).toMatchObject({ status: 'loading', error: null });
    expect(reduce(failed, actions.opened()).list).not.toHaveProperty('errorStatus');
  });

  it('the CSV export runs, ends or fails with its message', () => {
    expect(apply(actions.exportRequested()).list.exporting).toEqual({ status: 'running', error: null });
    expect(apply(actions.exportRequested(), actions.exported()).list.exporting).toEqual({ status: 'idle', error: null });
    expect(apply(actions.exportRequested(), actions.exportFailed('Acceso denegado')).list.exporting).toEqual({ status: 'failed', error: 'Acceso denegado' });
  });

  it("nested in a feature's slice: its actions change only `list`, the feature may react to them, and other actions leave the list alone", () => {
    const state = apply(actions.changed({ filters: { state: 'done' } }));
    expect(state.chosen).toEqual([]);
    const other = createPagedList<Row, Filters>({ name: 'others/list', filters: { q: '', state: '' }, sort: { sort: 'id', dir: 'asc' }, pageSize: 10 });
    expect(reduce(initial, other.actions.changed({ page: 4 }))).toBe(initial);
    expect(reduce(initial, thingsSlice.actions.chosen([1, 2])).list).toBe(initial.list);
    expect(things.matches(actions.loaded(page))).toBe(true);
    expect(things.matches(other.actions.loaded(page))).toBe(false);
  });
});

describe('wholeListLoad: a list the API answers whole', () => {
  type Whole = { items: Loadable<Row[]> };
  const steps = wholeListLoad<Row, 'items'>('items');
  const whole = createSlice({
    name: 'whole',
    initialState: { items: { status: 'idle', data: [], error: null } } as Whole,
    reducers: { started: steps.started, loaded: steps.loaded, failed: steps.failed },
  });
  const w = whole.actions;

  it('starts keeping the rows, loads them, and a failure empties the list and keeps the message and status', () => {
    const loaded = [w.started(), w.loaded(rows)].reduce(whole.reducer, undefined as unknown as Whole);
    expect(loaded.items).toEqual({ status: 'loaded', data: rows, error: null });
    expect(whole.reducer(loaded, w.started()).items).toEqual({ status: 'loading', data: rows, error: null });
    expect(whole.reducer(loaded, w.failed({ message: 'problema de conexión', status: 0 })).items).toEqual({
      status: 'failed',
      data: [],
      error: 'problema de conexión',
      errorStatus: 0,
    });
  });
});

describe('pagedListSagas: the page, the pause after a key, the CSV', () => {
  const fetchThings = jest.fn();
  const downloadThings = jest.fn();
  const selectThingsQuery = (state: { things: ThingsState }) => toListQuery(state.things.list);
  const sagas = pagedListSagas(things, { selectQuery: selectThingsQuery, fetchPage: fetchThings, downloadCsv: downloadThings });
  const rootReducer = combineReducers({ things: reduce }) as Reducer<{ things: ThingsState }>;
  const query = selectThingsQuery({ things: initial });

  it('loads the page the state asks for, with a time limit; a failure keeps its message and status', () => {
    testSaga(sagas.load).next().select(selectThingsQuery).next(query).put(actions.loadStarted()).next().call(callWithTimeout, fetchThings, query).next(page).put(actions.loaded(page)).next().isDone();
    return expectSaga(sagas.load)
      .withReducer(rootReducer, { things: initial })
      .provide([[matchers.call.fn(fetchThings), throwError(new HttpError(503, 'El ERP no responde'))]])
      .put(actions.loadFailed({ message: 'El ERP no responde', status: 503 }))
      .run()
      .then(({ storeState }) => expect(storeState.things.list).toMatchObject({ status: 'failed', error: 'El ERP no responde', errorStatus: 503 }));
  });

  it('a typed filter waits for a pause; anything else loads at once', () => {
    testSaga(sagas.handleChanged, actions.filterTyped({ name: 'q', value: 'O' })).next().is(delay(SEARCH_DEBOUNCE_MS)).next().call(sagas.load).next().isDone();
    testSaga(sagas.handleChanged, actions.changed({ page: 1 })).next().call(sagas.load).next().isDone();
    testSaga(sagas.handleChanged, actions.opened()).next().call(sagas.load).next().isDone();
  });

  it('keys typed in a row ask the server once, for the whole word', () => {
    const asked: unknown[] = [];
    return expectSaga(sagas.watchList)
      .withReducer(rootReducer, { things: initial })
      .provide({
        call(effect, next) {
          if (effect.fn !== callWithTimeout) return next();
          asked.push(effect.args[1]);
          return page;
        },
      })
      .dispatch(actions.filterTyped({ name: 'q', value: 'O' }))
      .dispatch(actions.filterTyped({ name: 'q', value: 'OC' }))
      .dispatch(actions.filterTyped({ name: 'q', value: 'OC1' }))
      .silentRun(SEARCH_DEBOUNCE_MS + 200)
      .then(() => expect(asked).toEqual([{ ...query, filters: { q: 'OC1', state: 'open' } }]));
  });

  it("'Exportar CSV': saved as the server names it; a failure is kept and told", () => {
    const file = { blob: new Blob(['\uFEFF']), filename: 'cosas.csv' };
    testSaga(sagas.handleExportRequested)
      .next()
      .select(selectThingsQuery)
      .next(query)
      .call(callWithTimeout, downloadThings, query)
      .next(file)
      .call(saveFile, file.blob, 'cosas.csv')
      .next()
      .put(actions.exported())
      .next()
      .isDone();
    return expectSaga(sagas.handleExportRequested)
      .withReducer(rootReducer, { things: reduce(initial, actions.exportRequested()) })
      .provide([
        [matchers.call.fn(downloadThings), throwError(new HttpError(400, 'Demasiadas filas'))],
        [matchers.call.fn(notify), undefined],
      ])
      .put(actions.exportFailed('Demasiadas filas'))
      .call(notify, 'Demasiadas filas', 'error')
      .run()
      .then(({ storeState }) => expect(storeState.things.list.exporting).toEqual({ status: 'failed', error: 'Demasiadas filas' }));
  });

  it('a list without a CSV export exports nothing', () => {
    const plain = pagedListSagas(things, { selectQuery: selectThingsQuery, fetchPage: fetchThings });
    testSaga(plain.handleExportRequested).next().isDone();
  });
});

describe('flowSteps: a flow under its own event names', () => {
  const steps = flowSteps<'save'>('save');
  const flows = createSlice({
    name: 'flows',
    initialState: { save: { status: 'idle', error: null } } as { save: Flow },
    reducers: { submitted: steps.start<{ id: number }>(), declined: steps.idle, saved: steps.idle, failed: steps.failed },
  });
  const f = flows.actions;

  it('runs with what its event carries, goes idle when done or declined, and keeps the failure message', () => {
    const running = flows.reducer(undefined, f.submitted({ id: 3 }));
    expect(running.save).toEqual({ status: 'running', error: null });
    expect(flows.reducer(running, f.declined()).save).toEqual({ status: 'idle', error: null });
    expect(flows.reducer(running, f.saved()).save).toEqual({ status: 'idle', error: null });
    expect(flows.reducer(running, f.failed('No se pudo guardar')).save).toEqual({ status: 'failed', error: 'No se pudo guardar' });
  });
});

describe('wholeListSaga: the load of a list answered whole', () => {
  const started = () => ({ type: 'whole/started' });
  const loaded = (rows: Row[]) => ({ type: 'whole/loaded', payload: rows });
  const failed = (failure: { message: string; status: number }) => ({ type: 'whole/failed', payload: failure });
  const fetchAll = jest.fn();

  it('started, the call with its time limit, then the rows; a failure in the feature\'s words when it has them', () => {
    testSaga(wholeListSaga({ started, loaded, failed }, fetchAll)).next().put(started()).next().call(callWithTimeout, fetchAll).next(rows).put(loaded(rows)).next().isDone();
    testSaga(wholeListSaga({ started, loaded, failed }, fetchAll))
      .next()
      .put(started())
      .next()
      .call(callWithTimeout, fetchAll)
      .throw(new HttpError(0, 'problema de conexión'))
      .put(failed({ message: 'problema de conexión', status: 0 }))
      .next()
      .isDone();
    testSaga(wholeListSaga({ started, loaded, failed }, fetchAll, () => ({ message: 'El ERP no responde', status: 503 })))
      .next()
      .next()
      .throw(new Error('x'))
      .put(failed({ message: 'El ERP no responde', status: 503 }));
  });
});
