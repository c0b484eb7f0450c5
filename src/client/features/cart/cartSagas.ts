import type { PayloadAction } from '@reduxjs/toolkit';
import { all, call, put, select, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import type { CartItem, CartResponse } from '@shared/api/cart';
import { MSG } from '@shared/messages';
import { RESERVE_MARKER } from '@shared/orders';
import { toApiError } from '@client/api/http';
import { cartItemsAddFinished, cartItemsAddRequested, cartRefreshRequested, type CartItemRequest } from '@client/app/events';
import { navigateTo } from '@client/app/navigation';
import { notify } from '@client/app/notify';
import { failureOf, problemText } from '@client/app/problems';
import { callWithTimeout, safe } from '@client/app/sagaUtils';
import { kept } from '@client/app/persistence';
import { SESSION_KEYS } from '@client/app/sessionKeys';
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
  cartQuantityChanged,
  cartScreenOpened,
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
    call(watchIconShown),
    call(watchLinesNeeded),
    call(watchRefreshRequested),
    call(watchQuantityChanged),
    call(watchLineDeleted),
    call(watchCheckoutChosen),
  ]);
}
