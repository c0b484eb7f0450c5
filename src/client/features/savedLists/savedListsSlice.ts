import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CartBulkResponse } from '@shared/api/cart';
import type { SavedList, SavedListDetail } from '@shared/api/savedLists';
import { loggedOut } from '@client/app/events';
import type { KeyedAttempt } from '@client/app/keyedAttempt';

// The buyer's saved lists (docs/saved-lists.md): the lists, the open one, and 'Agregar al carro' with its key.

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface SavedListsState {
  lists: SavedList[];
  listsStatus: LoadStatus;
  listsError: string | null;
  /** A create, rename, share, delete or 'Guardar en lista' on its way. */
  saving: boolean;
  /** Counts the saves of a style into a list that ended well: the 'Guardar en lista' dialog closes on a change. */
  styleSaves: number;
  detail: SavedListDetail | null;
  detailStatus: LoadStatus;
  detailError: string | null;
  /** 'Agregar al carro' on its way. */
  toCartBusy: boolean;
  /** The last 'Agregar al carro' answer, per line (stock caps and refusals). */
  toCartResult: CartBulkResponse | null;
  /** The 'Agregar al carro' whose outcome is unknown (its list id): pressed again, the same key. */
  toCartAttempt: KeyedAttempt<number> | null;
}

export const initialSavedListsState: SavedListsState = {
  lists: [],
  listsStatus: 'idle',
  listsError: null,
  saving: false,
  styleSaves: 0,
  detail: null,
  detailStatus: 'idle',
  detailError: null,
  toCartBusy: false,
  toCartResult: null,
  toCartAttempt: null,
};

/** What a style is saved into: one of the buyer's lists, or a new one named here. */
export type StyleTarget = { listId: number } | { newName: string };

const byName = (a: SavedList, b: SavedList) => a.name.localeCompare(b.name, 'es', { sensitivity: 'base' }) || a.id - b.id;

function keep(state: SavedListsState, list: SavedList) {
  state.lists = [...state.lists.filter((l) => l.id !== list.id), list].sort(byName);
  if (state.detail?.id === list.id) state.detail = { ...state.detail, ...list };
}

const savedListsSlice = createSlice({
  name: 'savedLists',
  initialState: initialSavedListsState,
  reducers: {
    listsRequested(state) {
      state.listsStatus = 'loading';
      state.listsError = null;
    },
    listsLoaded(state, action: PayloadAction<SavedList[]>) {
      state.lists = action.payload;
      state.listsStatus = 'ready';
    },
    listsFailed(state, action: PayloadAction<string>) {
      state.listsStatus = 'failed';
      state.listsError = action.payload;
    },
    createRequested(state, _action: PayloadAction<{ name: string }>) {
      state.saving = true;
    },
    changeRequested(state, _action: PayloadAction<{ id: number; name?: string; shared?: boolean }>) {
      state.saving = true;
    },
    deleteRequested(state, _action: PayloadAction<{ id: number; name: string }>) {
      state.saving = true;
    },
    styleSaveRequested(state, _action: PayloadAction<{ style: string; target: StyleTarget }>) {
      state.saving = true;
    },
    listSaved(state, action: PayloadAction<SavedList>) {
      state.saving = false;
      keep(state, action.payload);
    },
    styleSaved(state, action: PayloadAction<SavedList>) {
      state.saving = false;
      state.styleSaves += 1;
      keep(state, action.payload);
    },
    listDeleted(state, action: PayloadAction<number>) {
      state.saving = false;
      state.lists = state.lists.filter((l) => l.id !== action.payload);
      if (state.detail?.id === action.payload) state.detail = null;
    },
    writeSettled(state) {
      state.saving = false;
    },
    detailRequested(state, action: PayloadAction<number>) {
      if (state.detail?.id !== action.payload) {
        state.detail = null;
        state.toCartResult = null;
      }
      state.detailStatus = 'loading';
      state.detailError = null;
    },
    detailLoaded(state, action: PayloadAction<SavedListDetail>) {
      state.detail = action.payload;
      state.detailStatus = 'ready';
    },
    detailFailed(state, action: PayloadAction<string>) {
      state.detailStatus = 'failed';
      state.detailError = action.payload;
    },
    styleRemoveRequested(_state, _action: PayloadAction<{ listId: number; style: string }>) {},
    /** A size's quantity typed in the open list (saved on the server by the saga, in the order typed). */
    quantityChanged(state, action: PayloadAction<{ listId: number; style: string; sku: string; quantity: number }>) {
      const { listId, style, sku, quantity } = action.payload;
      if (state.detail?.id !== listId) return;
      const size = state.detail.items.find((i) => i.style === style)?.sizes.find((s) => s.sku === sku);
      if (size) size.quantity = quantity;
    },
    toCartRequested(state, _action: PayloadAction<number>) {
      state.toCartBusy = true;
      state.toCartResult = null;
    },
    toCartDone(state, action: PayloadAction<CartBulkResponse>) {
      state.toCartBusy = false;
      state.toCartResult = action.payload;
    },
    toCartFailed(state) {
      state.toCartBusy = false;
    },
    toCartAttemptStarted(state, action: PayloadAction<KeyedAttempt<number>>) {
      state.toCartAttempt = action.payload;
    },
    toCartAttemptSettled(state) {
      state.toCartAttempt = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialSavedListsState);
  },
});

export const {
  listsRequested: savedListsRequested,
  listsLoaded: savedListsLoaded,
  listsFailed: savedListsFailed,
  createRequested: savedListCreateRequested,
  changeRequested: savedListChangeRequested,
  deleteRequested: savedListDeleteRequested,
  styleSaveRequested,
  listSaved: savedListSaved,
  styleSaved,
  listDeleted: savedListDeleted,
  writeSettled: savedListWriteSettled,
  detailRequested: savedListRequested,
  detailLoaded: savedListLoaded,
  detailFailed: savedListFailed,
  styleRemoveRequested,
  quantityChanged: savedListQuantityChanged,
  toCartRequested: savedListToCartRequested,
  toCartDone: savedListToCartDone,
  toCartFailed: savedListToCartFailed,
  toCartAttemptStarted: savedListToCartAttemptStarted,
  toCartAttemptSettled: savedListToCartAttemptSettled,
} = savedListsSlice.actions;

export const savedListsReducer = savedListsSlice.reducer;
export const selectSavedLists = (state: { savedLists: SavedListsState }) => state.savedLists;
