import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut, sessionExpired } from '../../app/events';

// Only the item count of the top bar badge for now; the cart issue adds the items and the drawer.
export interface CartState {
  count: number;
}

const initialState: CartState = { count: 0 };

const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {
    countLoaded(state, action: PayloadAction<number>) {
      state.count = Math.max(0, action.payload);
    },
  },
  // logout resets the cart count to 0 (spec section 4)
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialState).addCase(sessionExpired, () => initialState),
});

export const { countLoaded: cartCountLoaded } = cartSlice.actions;
export const cartReducer = cartSlice.reducer;
export const selectCartCount = (state: { cart: CartState }) => state.cart.count;
