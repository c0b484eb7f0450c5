import type { PayloadAction } from '@reduxjs/toolkit';
import { all, call, put, select, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import type { CartBulkRequest, CartBulkResponse, CartItem, CartResponse } from '@shared/api/cart';
import { INCOMING_TEXTS } from '@shared/incoming';
import { fill, MSG } from '@shared/messages';
import { formatInteger } from '@shared/money';
import { RESERVE_MARKER } from '@shared/orders';
import { addCartLines } from '@client/api/cart';
import { toApiError } from '@client/api/http';
import {
  cartItemsAddFinished,
  cartItemsAddRequested,
  cartRefreshRequested,
  preorderAddFinished,
  preorderAddRequested,
  type CartItemRequest,
  type PreorderOrigin,
} from '@client/app/events';
import { sendOnce, type AttemptSlot } from '@client/app/keyedAttempt';
import { navigateTo } from '@client/app/navigation';
import { notify } from '@client/app/notify';
import { failureOf, problemText } from '@client/app/problems';
import { callWithTimeout, safe } from '@client/app/sagaUtils';
import { kept } from '@client/app/persistence';
import { SESSION_KEYS } from '@client/app/sessionKeys';
import { arrivalText } from '@client/components/incoming';
import { addCartItem, deleteCartItem, fetchCart, fetchCartCount, updateCartItem } from './api';
import { selectCartUserId } from './cartSelectors';
import { CART_TEXT } from './cartTexts';
import {
  cartCheckoutChosen,
  cartCountLoaded,
  cartDrawerOpened,
  cartIconShown,
  cartLineDeleted,
  cartLineDeleteFailed,
  cartLineRemoved,
  cartLineUpdated,
  cartLineUpdateFailed,
  cartLoaded,
  cartLoadFailed,
  cartLoadStarted,
  cartPreorderAttemptSettled,
  cartPreorderAttemptStarted,
  cartQuantityChanged,
  cartScreenOpened,
  type CartState,
  type QuantityChange,
} from './cartSlice';

/** Where both cart detail buttons lead. */
export const SUMMARY_ROUTE = '/user/sumary-order';

/** GET count-cart for the badge. R-CART-5: cart count errors are only logged. */
export function* handleLoadCount() {
  const userId: number | null = yield select(selectCartUserId);
  if (userId === null) return;
  try {
    const count: number = yield call(callWithTimeout, fetchCartCount, userId);
    yield put(cartCountLoaded(count));
  } catch (error) {
    console.warn('[cart] count not available', toApiError(error).message);
  }
}

/** GET find-by-userid: the lines and the server's totals. An ERP that does not answer is said plainly. */
export function* handleLoadCart() {
  const userId: number | null = yield select(selectCartUserId);
  if (userId === null) return;
  yield put(cartLoadStarted());
  try {
    const cart: CartResponse = yield call(callWithTimeout, fetchCart, userId);
    yield put(cartLoaded(cart));
  } catch (error) {
    yield put(cartLoadFailed(failureOf(error, problemText(error, CART_TEXT.erpDownLoad, CART_TEXT.erpDownLoadKept))));
  }
}

/**
 * 'Agregar al Carro': one POST per size, in order. A failure stops there and shows the server's message (e.g. not
 * enough stock; an ERP down, plainly); sizes already added stay added, so the badge is read again either way. The
 * product detail is told which sizes went in (cartItemsAddFinished) and clears their quantities. The success toast
 * closes an error toast still on screen (app/notify).
 */
export function* handleAddItems(action: PayloadAction<{ items: CartItemRequest[] }>) {
  const added: CartItemRequest[] = [];
  try {
    for (const item of action.payload.items) {
      yield call(callWithTimeout, addCartItem, { sku: item.sku, quantity: item.quantity });
      added.push(item);
    }
    yield put(cartItemsAddFinished({ added }));
    yield call(notify, MSG.cartAdded, 'success');
  } catch (error) {
    yield put(cartItemsAddFinished({ added }));
    yield call(notify, problemText(error, CART_TEXT.erpDownAdd, added.length ? CART_TEXT.erpDownAddSome : CART_TEXT.erpDownAddKept), 'error');
  }
  yield call(handleLoadCount);
}

/** Where the cart keeps the Idempotency-Key of a 'Pedir por llegar' whose outcome is unknown. */
export const PREORDER_ATTEMPT: AttemptSlot<CartBulkRequest, { cart: CartState }> = {
  select: (state) => state.cart.preorderAttempt,
  started: cartPreorderAttemptStarted,
  settled: cartPreorderAttemptSettled,
};

/**
 * What the buyer reads after a pre-order add: one size added whole says what and when ('Se agregaron 20 por llegar de
 * Chaqueta talla XS (llegan el 15-ene)'); otherwise the server's summary ('n de m productos agregados al carro').
 */
export function preorderAddedText(result: CartBulkResponse): string {
  const [line] = result.lines;
  if (result.lines.length === 1 && line && line.quantity > 0 && line.item) {
    const { name, size, llegada } = line.item;
    if (llegada) return fill(INCOMING_TEXTS.added, { quantity: formatInteger(line.quantity), name, size, date: arrivalText(llegada) });
  }
  return result.message;
}

/**
 * 'Pedir por llegar' (docs/incoming.md), from the product detail, the grid, quick order or 'Volver a comprar': the sizes
 * in ONE bulk request with `porLlegar: true` (the server adds them to each size's pre-order line, capped at what
 * arrives free to promise), with one Idempotency-Key per action: asked again after no answer with the same sizes, it
 * is the same add, never a second one. The screen that asked is told what each size added; the cart is read again.
 */
export function* handlePreorderAdd(action: PayloadAction<{ items: CartItemRequest[]; origin: PreorderOrigin }>) {
  const { items, origin } = action.payload;
  try {
    const request: CartBulkRequest = { items: items.map(({ sku, quantity }) => ({ sku, quantity, porLlegar: true })), clampToStock: true };
    const result: CartBulkResponse = yield call(sendOnce, PREORDER_ATTEMPT, request, addCartLines, request);
    yield put(preorderAddFinished({ origin, lines: result.lines }));
    const whole = result.lines.every((line) => line.status === 'added');
    yield call(notify, preorderAddedText(result), whole ? 'success' : 'warning');
  } catch (error) {
    yield put(preorderAddFinished({ origin, lines: [], failed: true }));
    yield call(notify, problemText(error, CART_TEXT.erpDownAdd, CART_TEXT.erpDownAddKept), 'error');
  }
  yield put(cartRefreshRequested());
}

/** PUT one line's quantity. The lines are read again afterwards (watchLinesNeeded) for the server's totals. */
export function* handleChangeQuantity(action: PayloadAction<QuantityChange>) {
  const { id, quantity } = action.payload;
  try {
    const line: CartItem = yield call(callWithTimeout, updateCartItem, { id, quantity });
    yield put(cartLineUpdated(line));
  } catch (error) {
    // the reload that follows puts back the quantity the server kept
    yield put(cartLineUpdateFailed(id));
    yield call(notify, problemText(error, CART_TEXT.erpDownChange, CART_TEXT.erpDownChangeKept), 'error');
  }
}

/** DELETE one line; the badge goes down by one locally and the lines are read again (watchLinesNeeded). */
export function* handleDeleteLine(action: PayloadAction<number>) {
  const id = action.payload;
  try {
    yield call(callWithTimeout, deleteCartItem, id);
    yield put(cartLineRemoved(id));
  } catch (error) {
    yield put(cartLineDeleteFailed(id));
    yield call(notify, problemText(error, CART_TEXT.erpDownChange, CART_TEXT.erpDownChangeKept), 'error');
  }
}

/** 'Continuar la compra' clears the reserve marker, 'Realizar Reserva' sets it; both go to the order summary. */
export function* handleCheckoutChosen(action: PayloadAction<{ reserve: boolean }>) {
  yield put(kept({ [SESSION_KEYS.reserve]: action.payload.reserve ? RESERVE_MARKER : null }));
  yield call(navigateTo, SUMMARY_ROUTE);
}

/** The refresh that another flow asks for (an order was placed): count and lines. */
export function* handleRefreshRequested() {
  yield all([call(handleLoadCount), call(handleLoadCart)]);
}

// takeLeading: a double click on 'Agregar al Carro' does not add twice
export function* watchItemsAddRequested() {
  yield takeLeading(cartItemsAddRequested.type, safe(handleAddItems));
}

// takeLeading: a double click on 'Pedir por llegar' adds once
export function* watchPreorderAddRequested() {
  yield takeLeading(preorderAddRequested.type, safe(handlePreorderAdd));
}

export function* watchIconShown() {
  yield takeLatest(cartIconShown.type, safe(handleLoadCount));
}

/** Anything that opens or changes the lines reads them again; the latest read wins. */
export function* watchLinesNeeded() {
  yield takeLatest([cartScreenOpened.type, cartDrawerOpened.type, cartLineUpdated.type, cartLineUpdateFailed.type, cartLineRemoved.type], safe(handleLoadCart));
}

export function* watchRefreshRequested() {
  yield takeLatest(cartRefreshRequested.type, safe(handleRefreshRequested));
}

// each line's buttons wait for their own answer (busy flag), so lines change independently
export function* watchQuantityChanged() {
  yield takeEvery(cartQuantityChanged.type, safe(handleChangeQuantity));
}

export function* watchLineDeleted() {
  yield takeEvery(cartLineDeleted.type, safe(handleDeleteLine));
}

export function* watchCheckoutChosen() {
  yield takeLeading(cartCheckoutChosen.type, safe(handleCheckoutChosen));
}

export function* cartSaga() {
  yield all([
    call(watchItemsAddRequested),
    call(watchPreorderAddRequested),
    call(watchIconShown),
    call(watchLinesNeeded),
    call(watchRefreshRequested),
    call(watchQuantityChanged),
    call(watchLineDeleted),
    call(watchCheckoutChosen),
  ]);
}
