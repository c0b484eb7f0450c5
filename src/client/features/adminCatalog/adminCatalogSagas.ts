import type { PayloadAction } from '@reduxjs/toolkit';
import { all, call, fork, put, select, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import type { AdminProduct, ProductStatusResponse } from '@shared/api/adminProducts';
import type { Banner } from '@shared/api/banners';
import { ADMIN_PRODUCT_MSG } from '@shared/schemas/adminProducts';
import { BANNER_MSG } from '@shared/schemas/banners';
import { toApiError } from '@client/api/http';
import { failureOf } from '@client/app/problems';
import { confirmRequested, userDecision } from '@client/app/confirmSlice';
import { navigateTo } from '@client/app/navigation';
import { notify } from '@client/app/notify';
import { wholeListSaga } from '@client/app/pagedListSagas';
import { callWithTimeout, safe } from '@client/app/sagaUtils';
import { BANNER_LIST_PATH, bannerUpdatePath, PRODUCT_LIST_PATH, productUpdatePath } from './adminPaths';
import { deleteBanner, fetchBanner, fetchBanners, fetchProduct, fetchProducts, fetchProductStatuses, saveBanner, saveProduct, type BannerFiles, type ProductFiles } from './api';
import { selectProductStatuses, selectStatusPending } from './adminCatalogSelectors';
import {
  bannerDeleted,
  bannerDeleteDeclined,
  bannerDeleteFailed,
  bannerDeleteRequested,
  bannerEditChosen,
  bannerEditOpened,
  bannerListOpened,
  bannerLoaded,
  bannerLoadFailed,
  bannersLoaded,
  bannersLoadFailed,
  bannersLoadStarted,
  bannerSaved,
  bannerSaveDeclined,
  bannerSaveFailed,
  bannerSaveSubmitted,
  productEditChosen,
  productEditOpened,
  productListOpened,
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
  type BannerSubmission,
  type ProductChoice,
  type ProductSubmission,
} from './adminCatalogSlice';
import { takeFiles } from './pendingFiles';

/** R-ADM-PROD-1: the list cannot reach the server or the ERP → 'Problema de conexión, intentarlo mas tarde'. */
export function productListError(error: unknown): string {
  const { status, message } = toApiError(error);
  return status === 0 || status === 502 || status === 503 || status === 504 ? ADMIN_PRODUCT_MSG.connectionProblem : message;
}

// ---------------------------------------------------------------------------------------------------------------
// Product list
// ---------------------------------------------------------------------------------------------------------------

/** The ERP's styles, whole; a failure in the list's own words. */
export const handleProductListOpened = wholeListSaga(
  { started: productsLoadStarted, loaded: productsLoaded, failed: productsLoadFailed },
  fetchProducts,
  (error) => failureOf(error, productListError(error)),
);

/** The Estado of a page's skus in one request; skus already read (or being read) are not asked again. */
export function* handleProductPageShown(action: PayloadAction<string[]>) {
  const known: Record<string, boolean> = yield select(selectProductStatuses);
  const pending: string[] = yield select(selectStatusPending);
  const skus = [...new Set(action.payload)].filter((sku) => !(sku in known) && !pending.includes(sku));
  if (!skus.length) return;
  yield put(statusesLoadStarted(skus));
  try {
    const answer: ProductStatusResponse = yield call(callWithTimeout, fetchProductStatuses, skus);
    yield put(statusesLoaded({ skus, updated: answer.updated, avisos: answer.avisos }));
  } catch (error) {
    yield put(statusesLoadFailed({ skus, error: toApiError(error).message }));
  }
}

/** 'Editar': the sku and description travel in the address, so a reload of the update screen still works. */
export function* handleProductEditChosen(action: PayloadAction<ProductChoice>) {
  yield call(navigateTo, productUpdatePath(action.payload.sku, action.payload.descripcion));
}

// ---------------------------------------------------------------------------------------------------------------
// Product update
// ---------------------------------------------------------------------------------------------------------------

export function* handleProductEditOpened(action: PayloadAction<string>) {
  try {
    const record: AdminProduct = yield call(callWithTimeout, fetchProduct, action.payload);
    yield put(productLoaded(record));
  } catch (error) {
    yield put(productLoadFailed(toApiError(error).message));
  }
}

/** 'Actualizar': confirm, the multipart save, back to the list with 'Actualizado!'; declined: 'Producto no actualizado'. */
export function* handleProductSaveSubmitted(action: PayloadAction<ProductSubmission>) {
  const { fields, filesKey } = action.payload;
  const files: ProductFiles = yield call(takeFiles, filesKey);
  yield put(confirmRequested({ title: ADMIN_PRODUCT_MSG.updatePrompt, positive: ADMIN_PRODUCT_MSG.updateConfirm, negative: ADMIN_PRODUCT_MSG.updateDecline }));
  const [confirmed]: [unknown, unknown] = yield userDecision();
  if (!confirmed) {
    yield put(productSaveDeclined());
    yield call(notify, ADMIN_PRODUCT_MSG.notUpdated, 'info');
    return;
  }
  try {
    const saved: AdminProduct = yield call(callWithTimeout, saveProduct, fields, files);
    yield put(productSaved(saved));
    yield call(navigateTo, PRODUCT_LIST_PATH);
    yield call(notify, ADMIN_PRODUCT_MSG.updated, 'success');
  } catch (error) {
    const { message } = toApiError(error);
    yield put(productSaveFailed(message));
    yield call(notify, message, 'error');
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Banners
// ---------------------------------------------------------------------------------------------------------------

/** The banner set, whole. */
export const handleBannerListOpened = wholeListSaga({ started: bannersLoadStarted, loaded: bannersLoaded, failed: bannersLoadFailed }, fetchBanners);

/** 'Editar': the set's id travels in the address (/admin/banner-update/:id). */
export function* handleBannerEditChosen(action: PayloadAction<number>) {
  yield call(navigateTo, bannerUpdatePath(action.payload));
}

export function* handleBannerEditOpened(action: PayloadAction<number>) {
  try {
    const banner: Banner = yield call(callWithTimeout, fetchBanner, action.payload);
    yield put(bannerLoaded(banner));
  } catch (error) {
    yield put(bannerLoadFailed(toApiError(error).message));
  }
}

/**
 * Banner creation and update: 'Deseas cargar los archivos?' Cargar / No Cargar; 'Cargados!' or 'Archivos no cargados',
 * and then back to /admin/banner (spec: both outcomes). A failed upload stays on the form with the server's message.
 */
export function* handleBannerSaveSubmitted(action: PayloadAction<BannerSubmission>) {
  const { fields, filesKey } = action.payload;
  const files: BannerFiles = yield call(takeFiles, filesKey);
  yield put(confirmRequested({ title: BANNER_MSG.uploadPrompt, positive: BANNER_MSG.uploadConfirm, negative: BANNER_MSG.uploadDecline }));
  const [confirmed]: [unknown, unknown] = yield userDecision();
  if (!confirmed) {
    yield put(bannerSaveDeclined());
    yield call(navigateTo, BANNER_LIST_PATH);
    yield call(notify, BANNER_MSG.notUploaded, 'info');
    return;
  }
  try {
    const saved: Banner = yield call(callWithTimeout, saveBanner, fields, files);
    yield put(bannerSaved(saved));
    yield call(navigateTo, BANNER_LIST_PATH);
    yield call(notify, BANNER_MSG.uploaded, 'success');
  } catch (error) {
    const { message } = toApiError(error);
    yield put(bannerSaveFailed(message));
    yield call(notify, message, 'error');
  }
}

/** 'Eliminar': 'Deseas eliminar?' Eliminar / No eliminar, then 'Eliminado!' or 'No eliminado'. */
export function* handleBannerDeleteRequested(action: PayloadAction<number>) {
  yield put(confirmRequested({ title: BANNER_MSG.deletePrompt, positive: BANNER_MSG.deleteConfirm, negative: BANNER_MSG.deleteDecline }));
  const [confirmed]: [unknown, unknown] = yield userDecision();
  if (!confirmed) {
    yield put(bannerDeleteDeclined());
    yield call(notify, BANNER_MSG.notDeleted, 'info');
    return;
  }
  try {
    yield call(callWithTimeout, deleteBanner, action.payload);
    yield put(bannerDeleted(action.payload));
    yield call(notify, BANNER_MSG.deleted, 'success');
  } catch (error) {
    const { message } = toApiError(error);
    yield put(bannerDeleteFailed(message));
    yield call(notify, message, 'error');
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Watchers
// ---------------------------------------------------------------------------------------------------------------

export function* watchProductListOpened() {
  yield takeLatest(productListOpened.type, safe(handleProductListOpened));
}

/** Every page shown asks on its own; the skus already asked are left out (see the worker). */
export function* watchProductPageShown() {
  yield takeEvery(productPageShown.type, safe(handleProductPageShown));
}

export function* watchProductEditChosen() {
  yield takeLatest(productEditChosen.type, safe(handleProductEditChosen));
}

export function* watchProductEditOpened() {
  yield takeLatest(productEditOpened.type, safe(handleProductEditOpened));
}

/** One save at a time: a second submit while one runs is ignored. */
export function* watchProductSaveSubmitted() {
  yield takeLeading(productSaveSubmitted.type, safe(handleProductSaveSubmitted));
}

export function* watchBannerListOpened() {
  yield takeLatest(bannerListOpened.type, safe(handleBannerListOpened));
}

export function* watchBannerEditChosen() {
  yield takeLatest(bannerEditChosen.type, safe(handleBannerEditChosen));
}

export function* watchBannerEditOpened() {
  yield takeLatest(bannerEditOpened.type, safe(handleBannerEditOpened));
}

export function* watchBannerSaveSubmitted() {
  yield takeLeading(bannerSaveSubmitted.type, safe(handleBannerSaveSubmitted));
}

export function* watchBannerDeleteRequested() {
  yield takeLeading(bannerDeleteRequested.type, safe(handleBannerDeleteRequested));
}

export function* adminCatalogSaga() {
  yield all([
    fork(watchProductListOpened),
    fork(watchProductPageShown),
    fork(watchProductEditChosen),
    fork(watchProductEditOpened),
    fork(watchProductSaveSubmitted),
    fork(watchBannerListOpened),
    fork(watchBannerEditChosen),
    fork(watchBannerEditOpened),
    fork(watchBannerSaveSubmitted),
    fork(watchBannerDeleteRequested),
  ]);
}
