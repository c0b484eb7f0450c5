import type { PayloadAction } from '@reduxjs/toolkit';
import { all, call, put, select, take, takeLatest, takeLeading } from 'redux-saga/effects';
import type { CatalogueItem } from '@shared/api/erp';
import { MSG } from '@shared/messages';
import { toApiError } from '@client/api/http';
import { callWithTimeout, safe } from '@client/app/sagaUtils';
import { fetchSearchProducts } from './api';
import { filterProducts, searchIndexFor } from './searchFilter';
import {
  searchProductsFailed,
  searchProductsLoaded,
  searchProductsLoading,
  searchProductsRequested,
  searchResultsFailed,
  searchResultsReady,
  searchSubmitted,
  selectSearchProducts,
  type SearchState,
} from './searchSlice';
import { kept } from '@client/app/persistence';
import { SESSION_KEYS } from '@client/app/sessionKeys';

/** R-GEN-3: 'Problema de conexión, intentarlo mas tarde' when the list cannot be reached. */
export function searchErrorText(error: unknown): string {
  const { status, message } = toApiError(error);
  return status === 0 ? MSG.connectionProblemLater : message || MSG.unknownError;
}

/** Loads the product list unless it is loaded or loading (once per session; a failure is retried on the next request). */
export function* handleLoadProducts() {
  const { status }: SearchState['products'] = yield select(selectSearchProducts);
  if (status === 'loaded' || status === 'loading') return;
  yield put(searchProductsLoading());
  try {
    const answer: CatalogueItem[] = yield call(callWithTimeout, fetchSearchProducts);
    const items = Array.isArray(answer) ? answer : [];
    // the lower-cased texts are computed now, not on the first keystroke
    yield call(searchIndexFor, items);
    yield put(searchProductsLoaded(items));
  } catch (error) {
    yield put(searchProductsFailed(searchErrorText(error)));
  }
}

/** Enter: the filtered list goes to the slice the results screen reads (the list is loaded first if needed). */
export function* handleSearchSubmitted(action: PayloadAction<string>) {
  const query = action.payload;
  yield put(kept({ [SESSION_KEYS.searchSku]: query }));
  let products: SearchState['products'] = yield select(selectSearchProducts);
  if (products.status === 'loading') {
    yield take([searchProductsLoaded.type, searchProductsFailed.type]);
  } else if (products.status !== 'loaded') {
    yield call(handleLoadProducts);
  }
  products = yield select(selectSearchProducts);
  if (products.status !== 'loaded') {
    yield put(searchResultsFailed());
    return;
  }
  const items: CatalogueItem[] = yield call(filterProducts, products.data, query);
  yield put(searchResultsReady({ query, items }));
}

export function* watchProductsRequested() {
  yield takeLeading(searchProductsRequested.type, safe(handleLoadProducts));
}

export function* watchSearchSubmitted() {
  yield takeLatest(searchSubmitted.type, safe(handleSearchSubmitted));
}

export function* searchSaga() {
  yield all([call(watchProductsRequested), call(watchSearchSubmitted)]);
}
