import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ProductDetail } from '@shared/api/erp';
import { loggedOut, sessionExpired } from '@client/app/events';
import type { LoadStatus } from '@client/app/loadable';
import type { ProductContent } from './api';

export interface ProductState {
  sku: string | null;
  status: LoadStatus;
  detail: ProductDetail | null;
  /** null when the style has no portal content (or it could not be read): no images, sheet or guide. */
  content: ProductContent | null;
  error: string | null;
}

const initialState: ProductState = { sku: null, status: 'idle', detail: null, content: null, error: null };

const productSlice = createSlice({
  name: 'product',
  initialState,
  reducers: {
    /** The detail of `sku` was opened: detail and content load afresh (stock and prices change). */
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
  },
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialState).addCase(sessionExpired, () => initialState),
});

export const { opened: productOpened, loaded: productLoaded, failed: productFailed } = productSlice.actions;
export const productReducer = productSlice.reducer;
export const selectProduct = (state: { product: ProductState }) => state.product;
