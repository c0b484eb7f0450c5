import type { PayloadAction } from '@reduxjs/toolkit';
import { actionChannel, all, call, put, take, takeLatest, takeLeading, type ActionPattern } from 'redux-saga/effects';
import type { Channel } from 'redux-saga';
import type { CartBulkResponse } from '@shared/api/cart';
import type { MessageResponse } from '@shared/api/types';
import type { SavedList, SavedListDetail, SavedListList, SavedListStyleAdded } from '@shared/api/savedLists';
import { fill } from '@shared/messages';
import { toApiError } from '@client/api/http';
import { confirmRequested, userDecision } from '@client/app/confirmSlice';
import { cartRefreshRequested } from '@client/app/events';
import { sendOnce, type AttemptSlot } from '@client/app/keyedAttempt';
import { notify } from '@client/app/notify';
import { callWithTimeout, safe } from '@client/app/sagaUtils';
import {
  addStyleToList,
  changeSavedList,
  createSavedList,
  deleteSavedList,
  fetchSavedList,
  fetchSavedLists,
  removeStyleFromList,
  savedListToCart,
  setListQuantities,
} from './api';
import { SAVED_LISTS_TEXT as T } from './savedListsTexts';
import {
  savedListChangeRequested,
  savedListCreateRequested,
  savedListDeleted,
  savedListDeleteRequested,
  savedListFailed,
  savedListLoaded,
  savedListQuantityChanged,
  savedListRequested,
  savedListSaved,
  savedListsFailed,
  savedListsLoaded,
  savedListsRequested,
  savedListToCartAttemptSettled,
  savedListToCartAttemptStarted,
  savedListToCartDone,
  savedListToCartFailed,
  savedListToCartRequested,
  savedListWriteSettled,
  selectSavedLists,
  styleRemoveRequested,
  styleSaved,
  styleSaveRequested,
  type SavedListsState,
  type StyleTarget,
} from './savedListsSlice';

type State = { savedLists: SavedListsState };

/** Where 'Agregar al carro' keeps its Idempotency-Key while its outcome is unknown. */
export const TO_CART_ATTEMPT: AttemptSlot<number, State> = {
  select: (state) => selectSavedLists(state).toCartAttempt,
  started: savedListToCartAttemptStarted,
  settled: savedListToCartAttemptSettled,
};

function* failWrite(error: unknown) {
  yield put(savedListWriteSettled());
  yield call(notify, toApiError(error).message, 'error');
}

export function* handleListsRequested() {
  try {
    const answer: SavedListList = yield call(callWithTimeout, fetchSavedLists);
    yield put(savedListsLoaded(answer.lists));
  } catch (error) {
    yield put(savedListsFailed(toApiError(error).message));
  }
}

/** 'Crear lista': the server checks the name (unique per person) and the limit. */
export function* handleCreate(action: PayloadAction<{ name: string }>) {
  try {
    const list: SavedList = yield call(callWithTimeout, createSavedList, action.payload.name);
    yield put(savedListSaved(list));
    yield call(notify, fill(T.created, { name: list.name }), 'success');
  } catch (error) {
    yield call(failWrite, error);
  }
}

/** A new name, or sharing switched on or off. */
export function* handleChange(action: PayloadAction<{ id: number; name?: string; shared?: boolean }>) {
  const { id, ...changes } = action.payload;
  try {
    const list: SavedList = yield call(callWithTimeout, changeSavedList, id, changes);
    yield put(savedListSaved(list));
    const said = changes.name !== undefined ? T.renamed : list.shared ? T.sharedOn : T.sharedOff;
    yield call(notify, said, 'success');
  } catch (error) {
    yield call(failWrite, error);
  }
}

/** 'Eliminar': asked first; declined, nothing is deleted. */
export function* handleDelete(action: PayloadAction<{ id: number; name: string }>) {
  const { id, name } = action.payload;
  yield put(confirmRequested({ title: fill(T.deletePrompt, { name }), text: T.deleteText, positive: T.delete, negative: T.cancel, focus: 'negative' }));
  const [confirmed]: [unknown, unknown] = yield userDecision();
  if (!confirmed) {
    yield put(savedListWriteSettled());
    yield call(notify, T.notDeleted, 'info');
    return;
  }
  try {
    const answer: MessageResponse = yield call(callWithTimeout, deleteSavedList, id);
    yield put(savedListDeleted(id));
    yield call(notify, answer.message, 'success');
  } catch (error) {
    yield call(failWrite, error);
  }
}

/** 'Guardar en lista': into one of the buyer's lists, or a new one created first. */
export function* handleStyleSave(action: PayloadAction<{ style: string; target: StyleTarget }>) {
  const { style, target } = action.payload;
  try {
    let listId: number;
    if ('newName' in target) {
      const created: SavedList = yield call(callWithTimeout, createSavedList, target.newName);
      yield put(savedListSaved(created));
      listId = created.id;
    } else listId = target.listId;
    const answer: SavedListStyleAdded = yield call(callWithTimeout, addStyleToList, listId, style);
    yield put(styleSaved(answer.list));
    yield call(notify, answer.message, 'success');
  } catch (error) {
    yield call(failWrite, error);
  }
}

export function* handleDetailRequested(action: PayloadAction<number>) {
  try {
    const detail: SavedListDetail = yield call(callWithTimeout, fetchSavedList, action.payload);
    yield put(savedListLoaded(detail));
  } catch (error) {
    yield put(savedListFailed(toApiError(error).message));
  }
}

export function* handleStyleRemove(action: PayloadAction<{ listId: number; style: string }>) {
  const { listId, style } = action.payload;
  try {
    const answer: MessageResponse = yield call(callWithTimeout, removeStyleFromList, listId, style);
    yield call(notify, answer.message, 'success');
  } catch (error) {
    yield call(notify, toApiError(error).message, 'error');
  }
  yield put(savedListRequested(listId));
}

/** A size's quantity kept on the server; refused, the list is read again (what the server holds is shown). */
export function* handleQuantity(action: PayloadAction<{ listId: number; style: string; sku: string; quantity: number }>) {
  const { listId, style, sku, quantity } = action.payload;
  try {
    yield call(callWithTimeout, setListQuantities, listId, style, [{ sku, quantity }]);
  } catch (error) {
    yield call(notify, toApiError(error).message, 'error');
    yield put(savedListRequested(listId));
  }
}

/**
 * 'Agregar al carro': one bulk add of the list's quantities, with one Idempotency-Key per press; pressed again after no
 * answer, the same key (the server answers what the first did, the units go in once). The answer's lines are shown.
 */
export function* handleToCart(action: PayloadAction<number>) {
  const id = action.payload;
  try {
    const result: CartBulkResponse = yield call(sendOnce, TO_CART_ATTEMPT, id, savedListToCart, id);
    yield put(savedListToCartDone(result));
    yield put(cartRefreshRequested());
    yield call(notify, result.message, result.rejected + result.clamped > 0 ? 'warning' : 'success');
  } catch (error) {
    yield put(savedListToCartFailed());
    yield call(notify, toApiError(error).message, 'error');
  }
}

/**
 * Quantities and 'Agregar al carro' run one after the other, in the order asked: a quantity typed just before the
 * press is on the server before the list is added to the cart.
 */
export function* watchListOrders() {
  const queue: Channel<PayloadAction<never>> = yield actionChannel([savedListQuantityChanged.type, savedListToCartRequested.type] as ActionPattern);
  for (;;) {
    const action: PayloadAction<never> = yield take(queue);
    if (savedListToCartRequested.match(action)) yield call(safe(handleToCart), action);
    else yield call(safe(handleQuantity), action as PayloadAction<{ listId: number; style: string; sku: string; quantity: number }>);
  }
}

export function* savedListsSaga() {
  yield all([
    takeLatest(savedListsRequested.type, safe(handleListsRequested)),
    takeLeading(savedListCreateRequested.type, safe(handleCreate)),
    takeLeading(savedListChangeRequested.type, safe(handleChange)),
    takeLeading(savedListDeleteRequested.type, safe(handleDelete)),
    takeLeading(styleSaveRequested.type, safe(handleStyleSave)),
    takeLatest(savedListRequested.type, safe(handleDetailRequested)),
    takeLeading(styleRemoveRequested.type, safe(handleStyleRemove)),
    call(watchListOrders),
  ]);
}
