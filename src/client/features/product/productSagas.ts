import type { PayloadAction } from '@reduxjs/toolkit';
import { all, call, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { CartBulkRequest, CartBulkResponse } from '@shared/api/cart';
import type { SizeCurve, SizeCurveList, SizeCurveRequest } from '@shared/api/curves';
import type { ProductDetail } from '@shared/api/erp';
import { CURVE_MSG } from '@shared/schemas/curves';
import { addCartLines } from '@client/api/cart';
import { cartRefreshRequested, type CartItemRequest } from '@client/app/events';
import { sendOnce, type AttemptSlot } from '@client/app/keyedAttempt';
import { notify } from '@client/app/notify';
import { MSG } from '@shared/messages';
import { toApiError } from '@client/api/http';
import { failureOf, isErpDown, problemText } from '@client/app/problems';
import { callWithTimeout, safe } from '@client/app/sagaUtils';
import { createCurve, deleteCurve, fetchCurves, fetchProductContent, fetchProductDetail, type ProductContent } from './api';
import {
  curveDeleted,
  curveDeleteRequested,
  curveSaved,
  curveSaveFailed,
  curveSaveRequested,
  curvesFailed,
  curvesLoaded,
  curvesRequested,
  gridAddFinished,
  gridAddRequested,
  gridAttemptSettled,
  gridAttemptStarted,
  productFailed,
  productLoaded,
  productOpened,
  productViewChanged,
  selectProduct,
  type ProductState,
} from './productSlice';
import { GRID_TEXT, PRODUCT_TEXT } from './texts';

/** Where the grid keeps its add's Idempotency-Key. */
export const GRID_ATTEMPT: AttemptSlot<CartBulkRequest, { product: ProductState }> = {
  select: (state) => selectProduct(state).gridAttempt,
  started: gridAttemptStarted,
  settled: gridAttemptSettled,
};

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

/** Product errors pass the server message (R-PROD-5); a connection failure says so; an ERP down, plainly. */
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
    yield put(productFailed({ sku, ...failureOf(error, productErrorText(error)) }));
  }
}

export function* watchProductOpened() {
  yield takeLatest(productOpened.type, safe(handleProductOpened));
}

/**
 * The grid's 'Agregar al Carro' (docs/size-grid.md): every cell in ONE request to the bulk endpoint, each line priced
 * and checked by the server as a single add. The cells it took (whole or up to the stock left) are cleared; the
 * server's summary is the toast ('n de m productos agregados al carro'), a warning when some line did not go in
 * whole. The cart's badge and lines are read again either way.
 */
export function* handleGridAdd(action: PayloadAction<{ items: CartItemRequest[] }>) {
  try {
    const request: CartBulkRequest = { items: action.payload.items };
    // one Idempotency-Key per add: pressed again after no answer with the same cells, the same add (never twice)
    const result: CartBulkResponse = yield call(sendOnce, GRID_ATTEMPT, request, addCartLines, request);
    const added = result.lines.filter((l) => l.quantity > 0).map((l) => l.sku);
    const problems = result.lines.filter((l) => l.status !== 'added');
    yield put(gridAddFinished({ added, problems }));
    yield call(notify, result.message, problems.length ? 'warning' : 'success');
  } catch (error) {
    // no answer: the cells and the notices stay as they were
    yield put(gridAddFinished({ added: [], problems: [], failed: true }));
    yield call(notify, problemText(error, GRID_TEXT.erpDownAdd, GRID_TEXT.erpDownAddKept), 'error');
  }
  yield put(cartRefreshRequested());
}

/** The buyer's curves, read the first time the grid is shown (once per session; failed, tried again next time). */
export function* handleGridShown(action: PayloadAction<ProductState['view']>) {
  if (action.payload !== 'grid') return;
  const { curves }: ProductState = yield select(selectProduct);
  if (curves.status === 'loaded' || curves.status === 'loading') return;
  yield put(curvesRequested());
  try {
    const list: SizeCurveList = yield call(callWithTimeout, fetchCurves);
    yield put(curvesLoaded(list.curves));
  } catch (error) {
    console.warn('[product] curves not available', toApiError(error).message);
    yield put(curvesFailed(GRID_TEXT.curvesFailed));
  }
}

/** 'Guardar curva': the server checks it again (the shared schema, the name free, the limit) and says why not. */
export function* handleCurveSave(action: PayloadAction<SizeCurveRequest>) {
  try {
    const curve: SizeCurve = yield call(callWithTimeout, createCurve, action.payload);
    yield put(curveSaved(curve));
    yield call(notify, CURVE_MSG.created, 'success');
  } catch (error) {
    yield put(curveSaveFailed());
    const { status, message } = toApiError(error);
    yield call(notify, status >= 400 && status < 500 && message ? message : GRID_TEXT.saveFailed, 'error');
  }
}

/** 'Eliminar' of one of the buyer's curves; a curve already gone (404) leaves the list too. */
export function* handleCurveDelete(action: PayloadAction<number>) {
  try {
    const { message }: { message: string } = yield call(callWithTimeout, deleteCurve, action.payload);
    yield put(curveDeleted(action.payload));
    yield call(notify, message, 'success');
  } catch (error) {
    const { status, message } = toApiError(error);
    if (status === 404) yield put(curveDeleted(action.payload));
    yield call(notify, status >= 400 && status < 500 && message ? message : GRID_TEXT.deleteFailed, 'error');
  }
}

export function* watchGrid() {
  // takeLeading: a double click adds once
  yield takeLeading(gridAddRequested.type, safe(handleGridAdd));
  yield takeLatest(productViewChanged.type, safe(handleGridShown));
  yield takeLeading(curveSaveRequested.type, safe(handleCurveSave));
  yield takeLeading(curveDeleteRequested.type, safe(handleCurveDelete));
}

export function* productSaga() {
  yield all([call(watchProductOpened), call(watchGrid)]);
}
