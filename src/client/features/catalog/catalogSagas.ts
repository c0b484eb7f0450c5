import { all, call, put, select, takeLeading } from 'redux-saga/effects';
import type { CatalogueItem, CatalogueTree } from '@shared/api/erp';
import { MSG } from '@shared/messages';
import { toApiError } from '@client/api/http';
import { callWithTimeout, safe } from '@client/app/sagaUtils';
import { fetchCatalogueItems, fetchCatalogueTree } from './api';
import {
  catalogItemsFailed,
  catalogItemsLoaded,
  catalogItemsLoading,
  catalogItemsRequested,
  catalogTreeFailed,
  catalogTreeLoaded,
  catalogTreeLoading,
  catalogTreeRequested,
  selectCatalogItems,
  selectCatalogTree,
} from './catalogSlice';
import type { LoadStatus } from '@client/app/loadable';

/** R-GEN-3: a connection failure of a product list reads 'Problema de conexión, intentarlo mas tarde'. */
export function listErrorText(error: unknown): string {
  const { status, message } = toApiError(error);
  return status === 0 ? MSG.connectionProblemLater : message || MSG.unknownError;
}

/** The tree is loaded once per session; a failed load is retried when the screen is shown again. */
export function* handleLoadTree() {
  const { status }: { status: LoadStatus } = yield select(selectCatalogTree);
  if (status === 'loaded') return;
  yield put(catalogTreeLoading());
  try {
    const tree: CatalogueTree = yield call(callWithTimeout, fetchCatalogueTree);
    yield put(catalogTreeLoaded(tree));
  } catch (error) {
    yield put(catalogTreeFailed(listErrorText(error)));
  }
}

export function* handleLoadItems() {
  const { status }: { status: LoadStatus } = yield select(selectCatalogItems);
  if (status === 'loaded') return;
  yield put(catalogItemsLoading());
  try {
    const items: CatalogueItem[] = yield call(callWithTimeout, fetchCatalogueItems);
    yield put(catalogItemsLoaded(items));
  } catch (error) {
    yield put(catalogItemsFailed(listErrorText(error)));
  }
}

export function* watchTreeRequested() {
  yield takeLeading(catalogTreeRequested.type, safe(handleLoadTree));
}

export function* watchItemsRequested() {
  yield takeLeading(catalogItemsRequested.type, safe(handleLoadItems));
}

export function* catalogSaga() {
  yield all([call(watchTreeRequested), call(watchItemsRequested)]);
}
