import type { PayloadAction } from '@reduxjs/toolkit';
import { all, call, put, takeLatest } from 'redux-saga/effects';
import type { ProductDetail } from '@shared/api/erp';
import { MSG } from '@shared/messages';
import { toApiError } from '@client/api/http';
import { isErpDown } from '@client/app/problems';
import { callWithTimeout, safe } from '@client/app/sagaUtils';
import { fetchProductContent, fetchProductDetail, type ProductContent } from './api';
import { productFailed, productLoaded, productOpened } from './productSlice';
import { PRODUCT_TEXT } from './texts';

/** The content is optional: without it the detail shows no images, sheet or guide. */
export function* loadContent(sku: string) {
  try {
    const content: ProductContent = yield call(callWithTimeout, fetchProductContent, sku);
    return content ?? null;
  } catch (error) {
    console.warn('[product] content not available', sku, toApiError(error).message);
    return null;
  }
}

/** Product errors pass the server message (spec section 8); a connection failure says so; an ERP down, plainly. */
export function productErrorText(error: unknown): string {
  const { status, message } = toApiError(error);
  if (isErpDown(error)) return PRODUCT_TEXT.erpDown;
  return status === 0 ? MSG.connectionProblemLater : message || MSG.unknownError;
}

/** Detail (ERP) and content (portal) in parallel. */
export function* handleProductOpened(action: PayloadAction<string>) {
  const sku = action.payload;
  try {
    const [detail, content]: [ProductDetail, ProductContent | null] = yield all([call(callWithTimeout, fetchProductDetail, sku), call(loadContent, sku)]);
    yield put(productLoaded({ sku, detail, content }));
  } catch (error) {
    yield put(productFailed({ sku, message: productErrorText(error) }));
  }
}

export function* watchProductOpened() {
  yield takeLatest(productOpened.type, safe(handleProductOpened));
}

export function* productSaga() {
  yield all([call(watchProductOpened)]);
}
