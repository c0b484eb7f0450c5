import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ProductDetail } from '@shared/api/erp';
import { cartItemsAddFinished, cartItemsAddRequested, loggedOut, sessionExpired } from '@client/app/events';
import type { LoadStatus } from '@client/app/loadable';
import type { ProductContent } from './api';

export interface ProductState {
  sku: string | null;
  status: LoadStatus;
  detail: ProductDetail | null;
  /** null when the style has no portal content (or it could not be read): no images, sheet or guide. */
  content: ProductContent | null;
  error: string | null;
  /** What each size's quantity input shows, by sku ('' while empty). */
  quantities: Record<string, string>;
  /** 'Agregar al Carro' is under way: the button waits. */
  adding: boolean;
}

const initialState: ProductState = { sku: null, status: 'idle', detail: null, content: null, error: null, quantities: {}, adding: false };

const productSlice = createSlice({
  name: 'product',
  initialState,
  reducers: {
    /** The detail of `sku` was opened: detail and content load afresh (stock and prices change), quantities empty. */
    opened(_state, action: PayloadAction<string>) {
      return { ...initialState, sku: action.payload, status: 'loading' };
    },
    loaded(state, action: PayloadAction<{ sku: string; detail: ProductDetail; content: ProductContent | null }>) {
      if (action.payload.sku !== state.sku) return;
      state.status = 'loaded';
      state.detail = action.payload.detail;
      state.content = action.payload.content;
      state.error = null;
    },
    failed(state, action: PayloadAction<{ sku: string; message: string }>) {
      if (action.payload.sku !== state.sku) return;
      state.status = 'failed';
      state.error = action.payload.message;
    },
    /** A size's quantity input changed (already clamped to 0..stock). */
    quantityChanged(state, action: PayloadAction<{ sku: string; value: string }>) {
      state.quantities[action.payload.sku] = action.payload.value;
    },
  },
  extraReducers: (builder) =>
    builder
      .addCase(cartItemsAddRequested, (state) => {
        state.adding = true;
      })
      // the sizes the cart took are cleared: a second click does not add them again; those it did not take stay chosen
      .addCase(cartItemsAddFinished, (state, action) => {
        state.adding = false;
        for (const { sku } of action.payload.added) delete state.quantities[sku];
      })
      .addCase(loggedOut, () => initialState)
      .addCase(sessionExpired, () => initialState),
});

export const { opened: productOpened, loaded: productLoaded, failed: productFailed, quantityChanged: productQuantityChanged } = productSlice.actions;
export const productReducer = productSlice.reducer;
export const selectProduct = (state: { product: ProductState }) => state.product;
