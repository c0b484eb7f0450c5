import type { Action } from '@reduxjs/toolkit';
import { call, delay, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import { toApiError, type Download, type RequestOptions } from '../api/http';
import type { ListQuery } from '../api/lists';
import { saveFile } from './download';
import { notify } from './notify';
import type { LoadFailure } from './loadable';
import { SEARCH_DEBOUNCE_MS, type ListPage, type PagedListKit } from './pagedList';
import { failureOf } from './problems';
import { callWithTimeout, safe } from './sagaUtils';

// The sagas of a list made by createPagedList (app/pagedList.ts): the page its state asks for, the pause after a key in
// a text filter, and the CSV export of what its filters select. Every list paged by the server takes these, so a new
// list is its api calls and a selector, not another copy of these steps.

export interface PagedListApi<Page, S> {
  /** The list's query from the store (toListQuery of the feature's list). */
  selectQuery: (state: S) => ListQuery;
  /** GET of one page. */
  fetchPage: (query: ListQuery, options?: RequestOptions) => Promise<Page>;
  /** The `format=csv` download of the same filters and sort; a list without one has no export. */
  downloadCsv?: (query: ListQuery, options?: RequestOptions) => Promise<Download>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any list's kit: the sagas read only its actions
export function pagedListSagas<Page extends ListPage<unknown>, S>(list: PagedListKit<any, any, Page>, api: PagedListApi<Page, S>) {
  const { actions } = list;

  /** The page the list's state asks for. */
  function* load() {
    const query: ListQuery = yield select(api.selectQuery);
    yield put(actions.loadStarted());
    try {
      const page: Page = yield call(callWithTimeout, api.fetchPage, query);
      yield put(actions.loaded(page));
    } catch (error) {
      yield put(actions.loadFailed(failureOf(error)));
    }
  }

  /** A typed filter waits for a pause in the typing (takeLatest drops the wait of the key before); anything else loads at once. */
  function* handleChanged(action: Action) {
    if (actions.filterTyped.match(action)) yield delay(SEARCH_DEBOUNCE_MS);
    yield call(load);
  }

  /** 'Exportar CSV': every row the filters select, as the server writes it; a failure is told. */
  function* handleExportRequested() {
    if (!api.downloadCsv) return;
    const query: ListQuery = yield select(api.selectQuery);
    try {
      const file: Download = yield call(callWithTimeout, api.downloadCsv, query);
      yield call(saveFile, file.blob, file.filename);
      yield put(actions.exported());
    } catch (error) {
      const { message } = toApiError(error);
      yield put(actions.exportFailed(message));
      yield call(notify, message, 'error');
    }
  }

  /** A new page, sort or filter cancels the load still running (takeLatest). */
  function* watchList() {
    yield takeLatest(list.loadTriggers, safe(handleChanged));
  }

  /** One export at a time (takeLeading). */
  function* watchExport() {
    yield takeLeading(actions.exportRequested.type, safe(handleExportRequested));
  }

  return { load, handleChanged, handleExportRequested, watchList, watchExport };
}

/**
 * The load of a list the API answers whole (wholeListLoad's steps under the feature's event names): started, the
 * call with its time limit, then the rows or the failure (`failure` words it when the feature has its own message).
 */
export function wholeListSaga<T>(
  steps: { started: () => Action; loaded: (rows: T[]) => Action; failed: (failure: LoadFailure) => Action },
  fetchAll: (options?: RequestOptions) => Promise<T[]>,
  failure: (error: unknown) => LoadFailure = (error) => failureOf(error),
) {
  return function* loadWholeList() {
    yield put(steps.started());
    try {
      const rows: T[] = yield call(callWithTimeout, fetchAll);
      yield put(steps.loaded(rows));
    } catch (error) {
      yield put(steps.failed(failure(error)));
    }
  };
}
