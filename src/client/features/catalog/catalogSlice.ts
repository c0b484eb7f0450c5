import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CatalogueItem, CatalogueTree } from '@shared/api/erp';
import { loggedOut, sessionExpired } from '@client/app/events';
import { idleLoad, loadedWith, loadFailed, startLoading, type Loadable } from '@client/app/loadable';

export interface CatalogState {
  tree: Loadable<CatalogueTree['categorias']>;
  items: Loadable<CatalogueItem[]>;
}

const initialState: CatalogState = {
  tree: idleLoad([]),
  items: idleLoad([]),
};

const catalogSlice = createSlice({
  name: 'catalog',
  initialState,
  reducers: {
    /** The catalogue screen was shown: the tree loads unless it already did. */
    treeRequested() {},
    treeLoading(state) {
      startLoading(state.tree);
    },
    treeLoaded(state, action: PayloadAction<CatalogueTree>) {
      state.tree = loadedWith(action.payload?.categorias ?? []);
    },
    treeFailed(state, action: PayloadAction<string>) {
      loadFailed(state.tree, action.payload);
    },
    /** The product list was shown: the catalogue rows load unless they already did. */
    itemsRequested() {},
    itemsLoading(state) {
      startLoading(state.items);
    },
    itemsLoaded(state, action: PayloadAction<CatalogueItem[]>) {
      state.items = loadedWith(action.payload ?? []);
    },
    itemsFailed(state, action: PayloadAction<string>) {
      loadFailed(state.items, action.payload);
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
