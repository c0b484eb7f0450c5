import type { PayloadAction } from '@reduxjs/toolkit';
import { all, call, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { CartBulkRequest, CartBulkResponse } from '@shared/api/cart';
import type { QuickOrderLineInput, QuickOrderValidation, ReorderResponse } from '@shared/api/ordering';
import { parseQuickOrderText, QUICK_ORDER_MAX_BYTES, QUICK_ORDER_MAX_LINES, QUICK_ORDER_MSG } from '@shared/quickOrder';
import { addCartLines } from '@client/api/cart';
import { toApiError } from '@client/api/http';
import { cartRefreshRequested, reorderRequested, type ReorderSource } from '@client/app/events';
import { navigateTo, ROUTES } from '@client/app/navigation';
import { sendOnce, type AttemptSlot } from '@client/app/keyedAttempt';
import { notify } from '@client/app/notify';
import { callWithTimeout, safe } from '@client/app/sagaUtils';
import { reorderErpOrder, reorderPortalOrder, uploadQuickOrderFile, validateQuickOrder } from './api';
import {
  addableLines,
  quickOrderAdded,
  quickOrderAddAttemptSettled,
  quickOrderAddAttemptStarted,
  quickOrderAddFailed,
  quickOrderAddRequested,
  quickOrderFileChosen,
  quickOrderLinesRead,
  quickOrderRevalidateRequested,
  quickOrderTextSubmitted,
  quickOrderValidated,
  quickOrderValidationFailed,
  quickOrderValidationStarted,
  reorderAttemptSettled,
  reorderAttemptStarted,
  reorderFailed,
  reorderSucceeded,
  selectQuickOrder,
  type EditableLine,
  type QuickOrderState,
} from './quickOrderSlice';

type State = { quickOrder: QuickOrderState };

/** Where quick order keeps its add's Idempotency-Key, and 'Volver a comprar' its reorder's. */
export const QUICK_ORDER_ADD_ATTEMPT: AttemptSlot<CartBulkRequest, State> = {
  select: (state) => selectQuickOrder(state).addAttempt,
  started: quickOrderAddAttemptStarted,
  settled: quickOrderAddAttemptSettled,
};
export const REORDER_ATTEMPT: AttemptSlot<ReorderSource, State> = {
  select: (state) => selectQuickOrder(state).reorderAttempt,
  started: reorderAttemptStarted,
  settled: reorderAttemptSettled,
};

/** The 2 MB the server takes, checked before sending. */
export const FILE_TOO_LARGE = 'El archivo excede el tamaño máximo de 2 MB';

const toInput = (line: EditableLine): QuickOrderLineInput => ({
  row: line.row,
  sku: line.sku,
  size: line.size,
  quantity: line.quantity,
  ...(line.error ? { error: line.error } : {}),
});

/** Asks the server about `lines` and keeps its answer (or says why it could not). */
export function* validateLines(lines: QuickOrderLineInput[]) {
  if (lines.length === 0) {
    yield put(quickOrderValidationFailed(QUICK_ORDER_MSG.noLines));
    return;
  }
  yield put(quickOrderValidationStarted());
  try {
    const validation: QuickOrderValidation = yield call(callWithTimeout, validateQuickOrder, lines);
    yield put(quickOrderValidated(validation));
  } catch (error) {
    yield put(quickOrderValidationFailed(toApiError(error).message));
  }
}

/** 'Validar' on pasted text: read with the shared rules (separators, quotes, Chilean numbers), then checked by the server. */
export function* handleTextSubmitted(action: PayloadAction<string>) {
  const lines = parseQuickOrderText(action.payload);
  if (lines.length > QUICK_ORDER_MAX_LINES) {
    yield put(quickOrderValidationFailed(QUICK_ORDER_MSG.tooManyLines));
    return;
  }
  yield put(quickOrderLinesRead(lines));
  yield call(validateLines, lines.map((line) => ({ row: line.row, sku: line.sku, size: line.size, quantity: line.quantity, ...(line.error ? { error: line.error } : {}) })));
}

/** A file: its size checked here, its content by the server, which answers its lines checked. */
export function* handleFileChosen(action: PayloadAction<File>) {
  const file = action.payload;
  if (file.size > QUICK_ORDER_MAX_BYTES) {
    yield put(quickOrderValidationFailed(FILE_TOO_LARGE));
    return;
  }
  yield put(quickOrderValidationStarted());
  try {
    const validation: QuickOrderValidation = yield call(callWithTimeout, uploadQuickOrderFile, file);
    yield put(quickOrderValidated(validation));
  } catch (error) {
    yield put(quickOrderValidationFailed(toApiError(error).message));
  }
}

/** 'Validar de nuevo': the lines as the buyer edited them. */
export function* handleRevalidate() {
  const state: QuickOrderState = yield select(selectQuickOrder);
  yield call(validateLines, state.lines.map(toInput));
}

/**
 * 'Agregar al carro': every line the server said can go (ok, or short: the server adds what is left), in one bulk
 * request; the cart badge is read again and a toast says how many went in.
 */
export function* handleAdd() {
  const state: QuickOrderState = yield select(selectQuickOrder);
  const lines = addableLines(state.validation);
  if (state.edited || lines.length === 0) {
    yield put(quickOrderAddFailed(state.edited ? 'Hay líneas modificadas: valide de nuevo antes de agregar al carro.' : QUICK_ORDER_MSG.noLines));
    return;
  }
  try {
    const request: CartBulkRequest = { items: lines.map((l) => ({ sku: l.sku, quantity: l.quantity! })), clampToStock: true };
    // one Idempotency-Key per add: pressed again after no answer with the same lines, the same add (never twice)
    const result: CartBulkResponse = yield call(sendOnce, QUICK_ORDER_ADD_ATTEMPT, request, addCartLines, request);
    yield put(quickOrderAdded(result));
    yield put(cartRefreshRequested());
    yield call(notify, result.message, result.rejected + result.clamped > 0 ? 'warning' : 'success');
  } catch (error) {
    const message = toApiError(error).message;
    yield put(quickOrderAddFailed(message));
    yield call(notify, message, 'error');
  }
}

/**
 * 'Volver a comprar': the server puts the order's lines in the cart and says what changed. Nothing changed: a toast and
 * the cart. Something changed (a price, the stock, a size no longer sold): ReorderButton's dialog says what, then
 * leads to the cart.
 */
export function* handleReorder(action: PayloadAction<ReorderSource>) {
  const source = action.payload;
  try {
    // one Idempotency-Key per reorder: pressed again after no answer, the same reorder (the lines go in once)
    const result: ReorderResponse =
      source.kind === 'order'
        ? yield call(sendOnce, REORDER_ATTEMPT, source, reorderPortalOrder, source.id)
        : yield call(sendOnce, REORDER_ATTEMPT, source, reorderErpOrder, source.docEntry);
    yield put(reorderSucceeded(result));
    yield put(cartRefreshRequested());
    if (result.changed === 0) {
      yield call(notify, result.message, 'success');
      yield call(navigateTo, ROUTES.cartDetail);
    }
  } catch (error) {
    const message = toApiError(error).message;
    yield put(reorderFailed(message));
    yield call(notify, message, 'error');
  }
}

export function* watchValidation() {
  // the latest of text, file or edits wins: an earlier answer would describe other lines
  yield all([
    takeLatest(quickOrderTextSubmitted.type, safe(handleTextSubmitted)),
    takeLatest(quickOrderFileChosen.type, safe(handleFileChosen)),
    takeLatest(quickOrderRevalidateRequested.type, safe(handleRevalidate)),
  ]);
}

export function* watchAdd() {
  yield takeLeading(quickOrderAddRequested.type, safe(handleAdd));
}

export function* watchReorder() {
  yield takeLeading(reorderRequested.type, safe(handleReorder));
}

export function* quickOrderSaga() {
  yield all([call(watchValidation), call(watchAdd), call(watchReorder)]);
}
