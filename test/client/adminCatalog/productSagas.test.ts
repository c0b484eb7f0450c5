import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { call, delay, race, take } from 'redux-saga/effects';
import { HttpError } from '@client/api/http';
import { confirmAccepted, confirmDeclined, confirmRequested } from '@client/app/confirmSlice';
import { navigateTo } from '@client/app/navigation';
import { notify } from '@client/app/notify';
import { fetchProduct, fetchProducts, fetchProductStatuses, saveProduct } from '@client/features/adminCatalog/api';
import {
  adminCatalogSaga,
  handleProductEditChosen,
  handleProductEditOpened,
  handleProductListOpened,
  handleProductPageShown,
  handleProductSaveSubmitted,
} from '@client/features/adminCatalog/adminCatalogSagas';
import { selectProductStatuses, selectStatusPending } from '@client/features/adminCatalog/adminCatalogSelectors';
import {
  productEditChosen,
  productEditOpened,
  productLoaded,
  productLoadFailed,
  productPageShown,
  productSaved,
  productSaveDeclined,
  productSaveFailed,
  productSaveSubmitted,
  productsLoaded,
  productsLoadFailed,
  productsLoadStarted,
  statusesLoaded,
  statusesLoadFailed,
  statusesLoadStarted,
} from '@client/features/adminCatalog/adminCatalogSlice';
import { keepFiles, takeFiles } from '@client/features/adminCatalog/pendingFiles';
import type { SaveProductFields } from '@shared/api/adminProducts';
import { adminCatalogReducers, emptyRecord, erpProducts, fileOf, firstPageSkus, recordWithOffer, storeWith } from './fixtures';
import { callWithTimeout } from '@client/app/sagaUtils';
import { MSG } from '@shared/messages';

const delayFn = delay(0).payload.fn;
/** The timeout branch of a race: the delay answers at once (no fake timers with expectSaga). */
const timeoutNow: [matchers.Matcher, unknown] = [matchers.call.fn(delayFn), true];
const never = () => new Promise<never>(() => undefined);
const decision = race([take(confirmAccepted.type), take(confirmDeclined.type)]);
const prompt = confirmRequested({ title: 'Desea actualizar el producto?', positive: 'Actualizar', negative: 'No Actualizar' });

describe('product list load, step by step', () => {
  it('success: the ERP list in the slice', () => {
    testSaga(handleProductListOpened)
      .next()
      .put(productsLoadStarted())
      .next()
      .call(callWithTimeout, fetchProducts)
      .next(erpProducts)
      .put(productsLoaded(erpProducts))
      .next()
      .isDone();
  });

  it('no connection: "Problema de conexión, intentarlo mas tarde"', () => {
    testSaga(handleProductListOpened)
      .next()
      .put(productsLoadStarted())
      .next()
      .call(callWithTimeout, fetchProducts)
      .throw(new HttpError(0, 'Failed to fetch'))
      .put(productsLoadFailed({ message: 'Problema de conexión, intentarlo mas tarde', status: 0 }))
      .next()
      .isDone();
  });

  it('timeout and an unavailable ERP read the same', () => {
    testSaga(handleProductListOpened)
      .next()
      .put(productsLoadStarted())
      .next()
      .call(callWithTimeout, fetchProducts)
      .throw(new HttpError(0, MSG.connectionProblem))
      .put(productsLoadFailed({ message: 'Problema de conexión, intentarlo mas tarde', status: 0 }))
      .next()
      .isDone();
    testSaga(handleProductListOpened)
      .next()
      .next()
      .throw(new HttpError(503, 'ERP no disponible'))
      .put(productsLoadFailed({ message: 'Problema de conexión, intentarlo mas tarde', status: 503 }))
      .next()
      .isDone();
  });

  it('any other refusal keeps the server message (403)', () => {
    testSaga(handleProductListOpened)
      .next()
      .next()
      .throw(new HttpError(403, 'No tiene permisos para esta acción'))
      .put(productsLoadFailed({ message: 'No tiene permisos para esta acción', status: 403 }))
      .next()
      .isDone();
  });

  it('with the reducer: loaded list, and a failure ends failed with the text', async () => {
    const ok = await expectSaga(handleProductListOpened)
      .withReducer(adminCatalogReducers, storeWith())
      .provide([[matchers.call.fn(fetchProducts), erpProducts]])
      .run();
    expect(ok.storeState.adminCatalog.products).toEqual({ status: 'loaded', data: erpProducts, error: null });

    const failed = await expectSaga(handleProductListOpened)
      .withReducer(adminCatalogReducers, storeWith())
      .provide([[matchers.call.fn(fetchProducts), never()], timeoutNow])
      .run();
    expect(failed.storeState.adminCatalog.products).toEqual({ status: 'failed', data: [], error: 'Problema de conexión, intentarlo mas tarde', errorStatus: 0 });
  });
});

describe('Estado of a page: one request', () => {
  it('asks only the skus not read yet, in one call, and records true/false for each', () => {
    const skus = ['POL-1001', 'POL-1002', 'POL-1003'];
    testSaga(handleProductPageShown, productPageShown([...skus, 'POL-1001']))
      .next()
      .select(selectProductStatuses)
      .next({ 'POL-1003': false })
      .select(selectStatusPending)
      .next([])
      .put(statusesLoadStarted(['POL-1001', 'POL-1002']))
      .next()
      .call(callWithTimeout, fetchProductStatuses, ['POL-1001', 'POL-1002'])
      .next({ updated: ['POL-1001'], avisos: { 'POL-1002': 3 } })
      .put(statusesLoaded({ skus: ['POL-1001', 'POL-1002'], updated: ['POL-1001'], avisos: { 'POL-1002': 3 } }))
      .next()
      .isDone();
  });

  it('every sku known or being read: no request at all', () => {
    testSaga(handleProductPageShown, productPageShown(['POL-1001', 'POL-1002']))
      .next()
      .select(selectProductStatuses)
      .next({ 'POL-1001': true })
      .select(selectStatusPending)
      .next(['POL-1002'])
      .isDone();
  });

  it('failure: the skus stay unknown and the message is kept', () => {
    testSaga(handleProductPageShown, productPageShown(['POL-1001']))
      .next()
      .select(selectProductStatuses)
      .next({})
      .select(selectStatusPending)
      .next([])
      .put(statusesLoadStarted(['POL-1001']))
      .next()
      .call(callWithTimeout, fetchProductStatuses, ['POL-1001'])
      .throw(new HttpError(500, 'Internal server error'))
      .put(statusesLoadFailed({ skus: ['POL-1001'], error: 'Internal server error' }))
      .next()
      .isDone();
  });

  it('with the reducer: a page of 10 in one call, badges for all 10', async () => {
    const { storeState } = await expectSaga(handleProductPageShown, productPageShown(firstPageSkus))
      .withReducer(adminCatalogReducers, storeWith({ products: { status: 'loaded', data: erpProducts, error: null } }))
      .provide([[call(callWithTimeout, fetchProductStatuses, firstPageSkus), { updated: ['POL-1001', 'POL-1004'] }]])
      .call(callWithTimeout, fetchProductStatuses, firstPageSkus)
      .run();
    expect(storeState.adminCatalog.statusPending).toEqual([]);
    expect(Object.keys(storeState.adminCatalog.updated)).toHaveLength(10);
    expect(storeState.adminCatalog.updated['POL-1001']).toBe(true);
    expect(storeState.adminCatalog.updated['POL-1002']).toBe(false);
    expect(storeState.adminCatalog.updated['POL-1004']).toBe(true);
  });
});

describe('Editar of a row', () => {
  it('the update screen, with the sku and description in its address', () => {
    testSaga(handleProductEditChosen, productEditChosen({ sku: 'POL-1001', descripcion: 'Polera Modelo 1' }))
      .next()
      .call(navigateTo, '/admin/product/update/POL-1001?descripcion=Polera+Modelo+1')
      .next()
      .isDone();
  });

  it('a sku or description with reserved characters is encoded, and nothing goes to storage', async () => {
    await expectSaga(handleProductEditChosen, productEditChosen({ sku: 'JEA/2001', descripcion: 'Jeans & Slim' }))
      .provide([[matchers.call.fn(navigateTo), undefined]])
      .call(navigateTo, '/admin/product/update/JEA%2F2001?descripcion=Jeans+%26+Slim')
      .run();
    expect(sessionStorage.getItem('sku')).toBeNull();
  });
});

describe('product update load', () => {
  it('the record of the sku', () => {
    testSaga(handleProductEditOpened, productEditOpened('POL-1001'))
      .next()
      .call(callWithTimeout, fetchProduct, 'POL-1001')
      .next(recordWithOffer)
      .put(productLoaded(recordWithOffer))
      .next()
      .isDone();
  });

  it('an unknown sku: the server text', () => {
    testSaga(handleProductEditOpened, productEditOpened('XXX'))
      .next()
      .call(callWithTimeout, fetchProduct, 'XXX')
      .throw(new HttpError(404, 'Sku no existe o no esta creado'))
      .put(productLoadFailed('Sku no existe o no esta creado'))
      .next()
      .isDone();
  });

  it('with the reducer: the record and the sku it was asked for', async () => {
    const { storeState } = await expectSaga(handleProductEditOpened, productEditOpened('POL-1002'))
      .withReducer(adminCatalogReducers, adminCatalogReducers(storeWith(), productEditOpened('POL-1002')))
      .provide([[call(callWithTimeout, fetchProduct, 'POL-1002'), emptyRecord]])
      .run();
    expect(storeState.adminCatalog.product).toEqual({ status: 'loaded', data: emptyRecord, error: null });
    expect(storeState.adminCatalog.productSku).toBe('POL-1002');
  });
});

describe('Actualizar, step by step', () => {
  const fields: SaveProductFields = { id: 5, sku: 'POL-1001', name: 'Polera Modelo 1', offer: true, genero: 'Femenino', percentage: 25, enabled: true };
  const files = { imageMain: fileOf('frente.png') };
  const submitted = productSaveSubmitted({ fields, filesKey: 'k1' });
  const saved = { ...recordWithOffer, percentage: 25 };

  const confirmedSave = () =>
    testSaga(handleProductSaveSubmitted, submitted)
      .next()
      .call(takeFiles, 'k1')
      .next(files)
      .put(prompt)
      .next()
      .is(decision)
      .next([confirmAccepted(), undefined]);

  it('confirmed: the multipart save, the record in the slice, back to the list, "Actualizado!"', () => {
    confirmedSave()
      .call(callWithTimeout, saveProduct, fields, files)
      .next(saved)
      .put(productSaved(saved))
      .next()
      .call(navigateTo, '/admin/product')
      .next()
      .call(notify, 'Actualizado!', 'success')
      .next()
      .isDone();
  });

  it('declined: "Producto no actualizado", nothing is sent and the form stays', () => {
    testSaga(handleProductSaveSubmitted, submitted)
      .next()
      .call(takeFiles, 'k1')
      .next(files)
      .put(prompt)
      .next()
      .is(decision)
      .next([undefined, confirmDeclined()])
      .put(productSaveDeclined())
      .next()
      .call(notify, 'Producto no actualizado', 'info')
      .next()
      .isDone();
  });

  it('refused by the server: its message, and the admin stays on the form', () => {
    confirmedSave()
      .call(callWithTimeout, saveProduct, fields, files)
      .throw(new HttpError(400, 'Alguna imagen excede el tamaño maximo 2MB'))
      .put(productSaveFailed('Alguna imagen excede el tamaño maximo 2MB'))
      .next()
      .call(notify, 'Alguna imagen excede el tamaño maximo 2MB', 'error')
      .next()
      .isDone();
  });

  it('with the reducer: confirmed, the files of the key are sent and the Estado turns Actualizado', async () => {
    const key = keepFiles(files);
    const { storeState } = await expectSaga(adminCatalogSaga)
      .withReducer(adminCatalogReducers, storeWith({ updated: { 'POL-1001': false } }))
      .provide([
        [call(callWithTimeout, saveProduct, fields, files), saved],
        [matchers.call.fn(navigateTo), undefined],
        [matchers.call.fn(notify), undefined],
      ])
      .dispatch(productSaveSubmitted({ fields, filesKey: key }))
      .dispatch(confirmAccepted())
      .call(callWithTimeout, saveProduct, fields, files)
      .call(navigateTo, '/admin/product')
      .call(notify, 'Actualizado!', 'success')
      .silentRun(50);
    expect(storeState.adminCatalog.productSave).toEqual({ status: 'idle', error: null });
    expect(storeState.adminCatalog.product.data).toEqual(saved);
    expect(storeState.adminCatalog.updated['POL-1001']).toBe(true);
    expect(storeState.confirm.request).toBeNull();
    expect(takeFiles(key)).toEqual({}); // taken once
  });

  it('with the reducer: declined, nothing is sent and the flow is idle again', async () => {
    const { storeState } = await expectSaga(adminCatalogSaga)
      .withReducer(adminCatalogReducers, storeWith())
      .provide([[matchers.call.fn(notify), undefined]])
      .dispatch(productSaveSubmitted({ fields, filesKey: keepFiles(files) }))
      .dispatch(confirmDeclined())
      .call(notify, 'Producto no actualizado', 'info')
      .not.call.fn(saveProduct)
      .not.call.fn(navigateTo)
      .silentRun(50);
    expect(storeState.adminCatalog.productSave).toEqual({ status: 'idle', error: null });
  });

  it('with the reducer: a failure ends failed with the message', async () => {
    const { storeState } = await expectSaga(adminCatalogSaga)
      .withReducer(adminCatalogReducers, storeWith())
      .provide([
        [matchers.call.fn(saveProduct), throwError(new HttpError(0, 'Failed to fetch'))],
        [matchers.call.fn(notify), undefined],
      ])
      .dispatch(productSaveSubmitted({ fields, filesKey: keepFiles(files) }))
      .dispatch(confirmAccepted())
      .call(notify, 'Failed to fetch', 'error')
      .not.call.fn(navigateTo)
      .silentRun(50);
    expect(storeState.adminCatalog.productSave).toEqual({ status: 'failed', error: 'Failed to fetch' });
  });
});

describe('keeping files out of the store', () => {
  it('a key gives its files once', () => {
    const file = fileOf('a.jpg');
    const key = keepFiles({ imageMain: file });
    expect(takeFiles(key)).toEqual({ imageMain: file });
    expect(takeFiles(key)).toEqual({});
  });
});
