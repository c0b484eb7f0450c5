import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { call } from 'redux-saga/effects';
import { HttpError } from '@client/api/http';
import { rootReducer, type RootState } from '@client/app/store';
// the whole store: every feature's slice (and saga) joins the root reducer, as the scenario runner does
import '@client/app/allFeatures';
import { fetchProductContent, fetchProductDetail } from '@client/features/product/api';
import { handleProductOpened, loadContent } from '@client/features/product/productSagas';
import { productFailed, productLoaded, productOpened } from '@client/features/product/productSlice';
import { content, detail } from './fixtures';
import { callWithTimeout } from '@client/app/sagaUtils';

describe('product saga, step by step', () => {
  it('the ERP down is said plainly: what failed, that nothing was lost, what to do', () => {
    testSaga(handleProductOpened, productOpened('POL-1003'))
      .next()
      .all([call(callWithTimeout, fetchProductDetail, 'POL-1003'), call(loadContent, 'POL-1003')])
      .throw(new HttpError(503, 'El ERP no está disponible', undefined, { code: 'ERP_UNAVAILABLE' }))
      .put(
        productFailed({
          sku: 'POL-1003',
          message:
            'No pudimos mostrar el stock y los precios de este producto: el ERP, nuestro sistema de stock y precios, no responde en este momento. No se perdió nada: tu carro sigue guardado. Reintenta en unos minutos.',
          status: 503,
        }),
      )
      .next()
      .isDone();
  });

  it('loads detail and content in parallel', () => {
    testSaga(handleProductOpened, productOpened('POL-1003'))
      .next()
      .all([call(callWithTimeout, fetchProductDetail, 'POL-1003'), call(loadContent, 'POL-1003')])
      .next([detail, content])
      .put(productLoaded({ sku: 'POL-1003', detail, content }))
      .next()
      .isDone();
  });

  it('a failed detail shows the server message', () => {
    testSaga(handleProductOpened, productOpened('NOPE'))
      .next()
      .all([call(callWithTimeout, fetchProductDetail, 'NOPE'), call(loadContent, 'NOPE')])
      .throw(new HttpError(404, 'Producto no encontrado'))
      .put(productFailed({ sku: 'NOPE', message: 'Producto no encontrado', status: 404 }))
      .next()
      .isDone();
  });
});

/** The state right after productOpened('POL-1003'). */
const opening = (): RootState => ({ ...rootReducer(undefined, { type: '@@init' }), product: { sku: 'POL-1003', status: 'loading', detail: null, content: null, error: null, quantities: {}, adding: false, view: 'sizes', grid: {}, gridAdding: false, gridProblems: [], gridAttempt: null, gridShortfalls: [], curves: { status: 'idle', own: [], error: null }, curveSaving: false, preorder: null, preorderAdding: false } });

describe('product saga with the reducers', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('ends loaded with detail and content', async () => {
    const { storeState } = await expectSaga(handleProductOpened, productOpened('POL-1003'))
      .withReducer(rootReducer, opening())
      .provide([
        [matchers.call.fn(fetchProductDetail), detail],
        [matchers.call.fn(fetchProductContent), content],
      ])
      .run();
    expect(storeState.product).toEqual({ sku: 'POL-1003', status: 'loaded', detail, content, error: null, quantities: {}, adding: false, view: 'sizes', grid: {}, gridAdding: false, gridProblems: [], gridAttempt: null, gridShortfalls: [], curves: { status: 'idle', own: [], error: null }, curveSaving: false, preorder: null, preorderAdding: false });
  });

  it('content that cannot be read is no content, not a failure', async () => {
    const { storeState } = await expectSaga(handleProductOpened, productOpened('POL-1003'))
      .withReducer(rootReducer, opening())
      .provide([
        [matchers.call.fn(fetchProductDetail), detail],
        [matchers.call.fn(fetchProductContent), throwError(new HttpError(500, 'x'))],
      ])
      .run();
    expect(storeState.product).toMatchObject({ status: 'loaded', detail, content: null });
  });

  it('a connection failure of the detail ends failed with the connection text', async () => {
    const { storeState } = await expectSaga(handleProductOpened, productOpened('POL-1003'))
      .withReducer(rootReducer, opening())
      .provide([
        [matchers.call.fn(fetchProductDetail), throwError(new HttpError(0, 'Failed to fetch'))],
        [matchers.call.fn(fetchProductContent), content],
      ])
      .run();
    expect(storeState.product).toMatchObject({ status: 'failed', error: 'Problema de conexión, intentarlo mas tarde' });
  });
});

