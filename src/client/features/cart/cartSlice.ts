import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CartBulkRequest, CartItem, CartResponse } from '@shared/api/cart';
import type { OrderTotals } from '@shared/pricing';
import { cartEmptied, loggedOut, sessionExpired } from '@client/app/events';
import type { KeyedAttempt } from '@client/app/keyedAttempt';
import type { LoadFailure, LoadState } from '@client/app/loadable';

export interface CartState {
  /** The top bar badge: what GET count-cart answered, less the lines deleted since. */
  count: number;
  /** The lines as the server priced them (drawer and cart detail). */
  items: CartItem[];
  /** The server's 'Resumen de la compra'; null until the cart is read. */
  totals: OrderTotals | null;
  load: LoadState;
  /** Lines with a change or a deletion on its way to the server (their buttons wait). */
  busy: Record<number, boolean>;
  /** The slide-out panel of the top bar cart icon. */
  drawerOpen: boolean;
  /** The 'Pedir por llegar' whose outcome is unknown and its Idempotency-Key: asked again unchanged, the same add. */
  preorderAttempt: KeyedAttempt<CartBulkRequest> | null;
}

export const initialCartState: CartState = {
  count: 0,
  items: [],
  totals: null,
  load: { status: 'idle', error: null },
  busy: {},
  drawerOpen: false,
  preorderAttempt: null,
};

export interface QuantityChange {
  id: number;
  quantity: number;
}

const cartSlice = createSlice({
  name: 'cart',
  initialState: initialCartState,
  reducers: {
    /** The cart icon became active (login, reload): the saga reads the count. */
    iconShown() {},
    countLoaded(state, action: PayloadAction<number>) {
      state.count = Math.max(0, Math.trunc(Number(action.payload) || 0));
    },
    drawerOpened(state) {
      state.drawerOpen = true;
    },
    drawerClosed(state) {
      state.drawerOpen = false;
    },
    /** The cart detail mounted: the saga reads the lines. */
    screenOpened() {},
    loadStarted(state) {
      state.load = { status: 'loading', error: null };
    },
    loaded(state, action: PayloadAction<CartResponse>) {
      state.items = action.payload.items ?? [];
      state.totals = action.payload.totals ?? null;
      state.load = { status: 'loaded', error: null };
    },
    loadFailed(state, action: PayloadAction<LoadFailure>) {
      state.load = { status: 'failed', error: action.payload.message, errorStatus: action.payload.status };
    },
    /** The buyer set a line's quantity (already clamped to 1..stock); shown at once, confirmed by the server. */
    quantityChanged(state, action: PayloadAction<QuantityChange>) {
      const { id, quantity } = action.payload;
      state.busy[id] = true;
      const line = state.items.find((item) => item.id === id);
      if (line) line.quantity = quantity;
    },
    lineUpdated(state, action: PayloadAction<CartItem>) {
      const index = state.items.findIndex((item) => item.id === action.payload.id);
      if (index >= 0) state.items[index] = action.payload;
      delete state.busy[action.payload.id];
    },
    lineUpdateFailed(state, action: PayloadAction<number>) {
      delete state.busy[action.payload];
    },
    /** The buyer removed a line (drawer or cart detail). */
    lineDeleted(state, action: PayloadAction<number>) {
      state.busy[action.payload] = true;
    },
    /** The server deleted the line: gone from the list and the badge goes down by one (R-CART-5). */
    lineRemoved(state, action: PayloadAction<number>) {
      state.items = state.items.filter((item) => item.id !== action.payload);
      state.count = Math.max(0, state.count - 1);
      delete state.busy[action.payload];
    },
    lineDeleteFailed(state, action: PayloadAction<number>) {
      delete state.busy[action.payload];
    },
    preorderAttemptStarted(state, action: PayloadAction<KeyedAttempt<CartBulkRequest>>) {
      state.preorderAttempt = action.payload;
    },
    preorderAttemptSettled(state) {
      state.preorderAttempt = null;
    },
    /** 'Continuar la compra' (reserve false) or 'Realizar Reserva' (reserve true). */
    checkoutChosen(_state, _action: PayloadAction<{ reserve: boolean }>) {},
  },
  extraReducers: (builder) =>
    builder
      // logout resets the cart count to 0 (R-AUTH-5); another buyer may log in next
      .addCase(loggedOut, () => initialCartState)
      .addCase(sessionExpired, () => initialCartState)
      // an order or a reservation was made: it took the server cart's lines
      .addCase(cartEmptied, (state) => {
        state.preorderAttempt = null;
        state.count = 0;
        state.items = [];
        state.totals = null;
        state.busy = {};
      }),
});

export const {
  iconShown: cartIconShown,
  countLoaded: cartCountLoaded,
  drawerOpened: cartDrawerOpened,
  drawerClosed: cartDrawerClosed,
  screenOpened: cartScreenOpened,
  loadStarted: cartLoadStarted,
  loaded: cartLoaded,
  loadFailed: cartLoadFailed,
  quantityChanged: cartQuantityChanged,
  lineUpdated: cartLineUpdated,
  lineUpdateFailed: cartLineUpdateFailed,
  lineDeleted: cartLineDeleted,
  lineRemoved: cartLineRemoved,
  lineDeleteFailed: cartLineDeleteFailed,
  checkoutChosen: cartCheckoutChosen,
  preorderAttemptStarted: cartPreorderAttemptStarted,
  preorderAttemptSettled: cartPreorderAttemptSettled,
} = cartSlice.actions;
export const cartReducer = cartSlice.reducer;

/** Kept here (not only in cartSelectors) because the shell already reads it from this module. */
export const selectCartCount = (state: { cart: Pick<CartState, 'count'> }) => state.cart.count;
