import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CatalogueItem } from '@shared/api/erp';
import { loggedOut, sessionExpired } from '@client/app/events';
import { idleLoad, loadedWith, loadFailed, startLoading, type Loadable } from '@client/app/loadable';

export interface SearchState {
  /** The complete product list, loaded once per session. */
  products: Loadable<CatalogueItem[]>;
  /** The list the last Enter (or search button) filtered: what /user/search-product shows. */
  results: { status: 'idle' | 'searching' | 'ready' | 'failed'; query: string; items: CatalogueItem[] };
}

const initialState: SearchState = {
  products: idleLoad([]),
  results: { status: 'idle', query: '', items: [] },
};

const searchSlice = createSlice({
  name: 'search',
  initialState,
  reducers: {
    /** The search box needs the product list (first focus or keystroke). */
    productsRequested() {},
    productsLoading(state) {
      startLoading(state.products);
    },
    productsLoaded(state, action: PayloadAction<CatalogueItem[]>) {
      state.products = loadedWith(action.payload ?? []);
    },
    productsFailed(state, action: PayloadAction<string>) {
      loadFailed(state.products, action.payload);
    },
    /** Enter or the search button with this text. */
    submitted(state, action: PayloadAction<string>) {
      state.results = { status: 'searching', query: action.payload, items: [] };
    },
    resultsReady(state, action: PayloadAction<{ query: string; items: CatalogueItem[] }>) {
      state.results = { status: 'ready', ...action.payload };
    },
    resultsFailed(state) {
      state.results.status = 'failed';
    },
  },
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialState).addCase(sessionExpired, () => initialState),
});

export const {
  productsRequested: searchProductsRequested,
  productsLoading: searchProductsLoading,
  productsLoaded: searchProductsLoaded,
  productsFailed: searchProductsFailed,
  submitted: searchSubmitted,
  resultsReady: searchResultsReady,
  resultsFailed: searchResultsFailed,
} = searchSlice.actions;
export const searchReducer = searchSlice.reducer;

type WithSearch = { search: SearchState };
export const selectSearchProducts = (state: WithSearch) => state.search.products;
export const selectSearchResults = (state: WithSearch) => state.search.results;
