import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CatalogueItem, CatalogueTree } from '@shared/api/erp';
import { loggedOut, sessionExpired } from '@client/app/events';

export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export interface CatalogState {
  tree: { status: LoadStatus; data: CatalogueTree['categorias']; error: string | null };
  items: { status: LoadStatus; data: CatalogueItem[]; error: string | null };
}

const initialState: CatalogState = {
  tree: { status: 'idle', data: [], error: null },
  items: { status: 'idle', data: [], error: null },
};

const catalogSlice = createSlice({
  name: 'catalog',
  initialState,
  reducers: {
    /** The catalogue screen was shown: the tree loads unless it already did. */
    treeRequested() {},
    treeLoading(state) {
      state.tree.status = 'loading';
      state.tree.error = null;
    },
    treeLoaded(state, action: PayloadAction<CatalogueTree>) {
      state.tree = { status: 'loaded', data: action.payload?.categorias ?? [], error: null };
    },
    treeFailed(state, action: PayloadAction<string>) {
      state.tree = { ...state.tree, status: 'failed', error: action.payload };
    },
    /** The product list was shown: the catalogue rows load unless they already did. */
    itemsRequested() {},
    itemsLoading(state) {
      state.items.status = 'loading';
      state.items.error = null;
    },
    itemsLoaded(state, action: PayloadAction<CatalogueItem[]>) {
      state.items = { status: 'loaded', data: action.payload ?? [], error: null };
    },
    itemsFailed(state, action: PayloadAction<string>) {
      state.items = { ...state.items, status: 'failed', error: action.payload };
    },
  },
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialState).addCase(sessionExpired, () => initialState),
});

export const {
  treeRequested: catalogTreeRequested,
  treeLoading: catalogTreeLoading,
  treeLoaded: catalogTreeLoaded,
  treeFailed: catalogTreeFailed,
  itemsRequested: catalogItemsRequested,
  itemsLoading: catalogItemsLoading,
  itemsLoaded: catalogItemsLoaded,
  itemsFailed: catalogItemsFailed,
} = catalogSlice.actions;
export const catalogReducer = catalogSlice.reducer;

type WithCatalog = { catalog: CatalogState };
export const selectCatalogTree = (state: WithCatalog) => state.catalog.tree;
export const selectCatalogItems = (state: WithCatalog) => state.catalog.items;
