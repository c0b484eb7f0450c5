import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { HttpError } from '@client/api/http';
import { rootReducer } from '@client/app/store';
// the whole store: every feature's slice (and saga) joins the root reducer, as the scenario runner does
import '@client/app/allFeatures';
import { fetchSearchProducts } from '@client/features/search/api';
import { filterProducts, searchIndexFor } from '@client/features/search/searchFilter';
import { handleLoadProducts, handleSearchSubmitted } from '@client/features/search/searchSagas';
import {
  searchProductsFailed,
  searchProductsLoaded,
  searchProductsLoading,
  searchResultsReady,
  searchSubmitted,
  selectSearchProducts,
} from '@client/features/search/searchSlice';
import { kept } from '@client/app/persistence';
import type { CatalogueItem } from '@shared/api/erp';
import { catalogueItems } from '../catalog/fixtures';
import { callWithTimeout } from '@client/app/sagaUtils';

describe('search sagas, step by step', () => {
  it('loads the product list once per session and indexes it', () => {
    testSaga(handleLoadProducts)
      .next()
      .select(selectSearchProducts)
      .next({ status: 'idle' })
      .put(searchProductsLoading())
      .next()
      .call(callWithTimeout, fetchSearchProducts)
      .next(catalogueItems)
      .call(searchIndexFor, catalogueItems)
      .next()
      .put(searchProductsLoaded(catalogueItems))
      .next()
      .isDone();
    testSaga(handleLoadProducts).next().select(selectSearchProducts).next({ status: 'loaded' }).isDone();
  });

  it('connection failure: Problema de conexión, intentarlo mas tarde', () => {
    testSaga(handleLoadProducts)
      .next()
      .select(selectSearchProducts)
      .next({ status: 'idle' })
      .put(searchProductsLoading())
      .next()
      .call(callWithTimeout, fetchSearchProducts)
      .throw(new HttpError(0, 'Failed to fetch'))
      .put(searchProductsFailed('Problema de conexión, intentarlo mas tarde'))
      .next()
      .isDone();
  });

  it('Enter with the list loaded: the filtered list goes to the results', () => {
    const loaded = { status: 'loaded', data: catalogueItems, error: null };
    const found = catalogueItems.filter((i) => i.descripcion.includes('Dry'));
    testSaga(handleSearchSubmitted, searchSubmitted('dry'))
      .next()
      .put(kept({ searchSku: 'dry' }))
      .next()
      .select(selectSearchProducts)
      .next(loaded)
      .select(selectSearchProducts)
      .next(loaded)
      .call(filterProducts, catalogueItems, 'dry')
      .next(found)
      .put(searchResultsReady({ query: 'dry', items: found }))
      .next()
      .isDone();
  });
});

describe('search saga with the reducers', () => {
  it('Enter before the list was loaded: loads it, then stores the matches', async () => {
    const { storeState } = await expectSaga(handleSearchSubmitted, searchSubmitted('POLERA'))
      .withReducer(rootReducer)
      .provide([[matchers.call.fn(fetchSearchProducts), catalogueItems]])
      .run();
    expect(storeState.search.products.status).toBe('loaded');
    expect(storeState.search.results.status).toBe('ready');
    expect(storeState.search.results.items.map((i: CatalogueItem) => i.sku)).toEqual(['POL-1001', 'POL-1003', 'POL-1004', 'POL-1006', 'POL-1008']);
    expect(storeState.kept.searchSku).toBe('POLERA'); // kept across a reload (app/persistence)
  });

  it('a failed list leaves the results failed', async () => {
    const { storeState } = await expectSaga(handleSearchSubmitted, searchSubmitted('x'))
      .withReducer(rootReducer)
      .provide([[matchers.call.fn(fetchSearchProducts), throwError(new HttpError(0, 'Failed to fetch'))]])
      .run();
    expect(storeState.search.results.status).toBe('failed');
    expect(storeState.search.products.error).toBe('Problema de conexión, intentarlo mas tarde');
  });
});
