import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { HttpError } from '@client/api/http';
import { rootReducer } from '@client/app/store';
// the whole store: every feature's slice (and saga) joins the root reducer, as the scenario runner does
import '@client/app/allFeatures';
import { fetchCatalogueItems, fetchCatalogueTree } from '@client/features/catalog/api';
import { handleLoadItems, handleLoadTree } from '@client/features/catalog/catalogSagas';
import {
  catalogItemsFailed,
  catalogItemsLoaded,
  catalogItemsLoading,
  catalogTreeLoaded,
  catalogTreeLoading,
  selectCatalogItems,
  selectCatalogTree,
} from '@client/features/catalog/catalogSlice';
import { catalogueItems, catalogueTree } from './fixtures';
import { callWithTimeout } from '@client/app/sagaUtils';

describe('catalogue sagas, step by step', () => {
  it('loads the tree once', () => {
    testSaga(handleLoadTree)
      .next()
      .select(selectCatalogTree)
      .next({ status: 'idle' })
      .put(catalogTreeLoading())
      .next()
      .call(callWithTimeout, fetchCatalogueTree)
      .next(catalogueTree)
      .put(catalogTreeLoaded(catalogueTree))
      .next()
      .isDone();
    testSaga(handleLoadTree).next().select(selectCatalogTree).next({ status: 'loaded' }).isDone();
  });

  it('a connection failure of the rows says Problema de conexión, intentarlo mas tarde', () => {
    testSaga(handleLoadItems)
      .next()
      .select(selectCatalogItems)
      .next({ status: 'failed' })
      .put(catalogItemsLoading())
      .next()
      .call(callWithTimeout, fetchCatalogueItems)
      .throw(new HttpError(0, 'Failed to fetch'))
      .put(catalogItemsFailed('Problema de conexión, intentarlo mas tarde'))
      .next()
      .isDone();
  });
});

describe('catalogue sagas with the reducers', () => {
  it('tree and rows end loaded', async () => {
    const { storeState } = await expectSaga(function* both() {
      yield* handleLoadTree();
      yield* handleLoadItems();
    })
      .withReducer(rootReducer)
      .provide([
        [matchers.call.fn(fetchCatalogueTree), catalogueTree],
        [matchers.call.fn(fetchCatalogueItems), catalogueItems],
      ])
      .put(catalogItemsLoaded(catalogueItems))
      .run();
    expect(storeState.catalog.tree).toEqual({ status: 'loaded', data: catalogueTree.categorias, error: null });
    expect(storeState.catalog.items.data).toHaveLength(catalogueItems.length);
  });

  it('a server error keeps its message', async () => {
    const { storeState } = await expectSaga(handleLoadTree)
      .withReducer(rootReducer)
      .provide([[matchers.call.fn(fetchCatalogueTree), throwError(new HttpError(503, 'El ERP no responde'))]])
      .run();
    expect(storeState.catalog.tree).toMatchObject({ status: 'failed', error: 'El ERP no responde' });
  });
});
