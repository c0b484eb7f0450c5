import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CartBulkLine, CartBulkRequest } from '@shared/api/cart';
import type { SizeCurve, SizeCurveRequest } from '@shared/api/curves';
import type { CurveShortfall } from '@shared/curves';
import type { ProductDetail } from '@shared/api/erp';
import { cartItemsAddFinished, cartItemsAddRequested, loggedOut, preorderAddFinished, preorderAddRequested, sessionExpired, type CartItemRequest } from '@client/app/events';
import type { KeyedAttempt } from '@client/app/keyedAttempt';
import type { LoadFailure, LoadStatus } from '@client/app/loadable';
import type { ProductContent } from './api';
import type { PreorderTarget } from './PreorderDialog';

export interface ProductState {
  sku: string | null;
  status: LoadStatus;
  detail: ProductDetail | null;
  /** null when the style has no portal content (or it could not be read): no images, sheet or guide. */
  content: ProductContent | null;
  error: string | null;
  /** The failed answer's HTTP status (0: no answer): whether 'Reintentar' can help. */
  errorStatus?: number;
  /** What each size's quantity input shows, by sku ('' while empty). */
  quantities: Record<string, string>;
  /** 'Agregar al Carro' is under way: the button waits. */
  adding: boolean;
  /** The sizes table of the spec, or the colour × size grid (docs/size-grid.md). */
  view: 'sizes' | 'grid';
  /** What each cell of the grid shows, by size sku ('' while empty): apart from the table's own quantities. */
  grid: Record<string, string>;
  /** The grid's 'Agregar al Carro' (one bulk request) is under way. */
  gridAdding: boolean;
  /** The lines of the last grid add that did not go in whole (clamped or rejected), with the server's words. */
  gridProblems: CartBulkLine[];
  /** The grid add whose outcome is unknown and its Idempotency-Key: pressed again unchanged, it is the same add. */
  gridAttempt: KeyedAttempt<CartBulkRequest> | null;
  /**
   * What the last curve could not fill (its notice under the grid and the cells marked 'Falta stock'): a notice about
   * the quantities on screen, so it goes when they go (cleared, or taken by the cart) and stays while they stay.
   */
  gridShortfalls: CurveShortfall[];
  /** The buyer's own curves (read once per session, when the grid is first shown). */
  curves: { status: LoadStatus; own: SizeCurve[]; error: string | null };
  /** A curve is being saved: the dialog waits, and closes when it is saved. */
  curveSaving: boolean;
  /** The size whose 'Pedir por llegar' dialog is open (docs/incoming.md), or null. */
  preorder: PreorderTarget | null;
  /** Its add is under way: the dialog waits, and closes once the cart took it. */
  preorderAdding: boolean;
}

const initialCurves: ProductState['curves'] = { status: 'idle', own: [], error: null };
const initialState: ProductState = {
  sku: null, status: 'idle', detail: null, content: null, error: null, quantities: {}, adding: false,
  view: 'sizes', grid: {}, gridAdding: false, gridProblems: [], gridAttempt: null, gridShortfalls: [], curves: initialCurves, curveSaving: false,
  preorder: null, preorderAdding: false,
};

const productSlice = createSlice({
  name: 'product',
  initialState,
  reducers: {
    /** The detail of `sku` was opened: detail and content load afresh (stock and prices change), quantities empty. */
    opened(state, action: PayloadAction<string>) {
      // the view chosen and the buyer's curves stay from one product to the next
      return { ...initialState, sku: action.payload, status: 'loading', view: state.view, curves: state.curves };
    },
    loaded(state, action: PayloadAction<{ sku: string; detail: ProductDetail; content: ProductContent | null }>) {
      if (action.payload.sku !== state.sku) return;
      state.status = 'loaded';
      state.detail = action.payload.detail;
      state.content = action.payload.content;
      state.error = null;
    },
    failed(state, action: PayloadAction<{ sku: string } & LoadFailure>) {
      if (action.payload.sku !== state.sku) return;
      state.status = 'failed';
      state.error = action.payload.message;
      state.errorStatus = action.payload.status;
    },
    /** A size's quantity input changed (already clamped to 0..stock). */
    quantityChanged(state, action: PayloadAction<{ sku: string; value: string }>) {
      state.quantities[action.payload.sku] = action.payload.value;
    },
    viewChanged(state, action: PayloadAction<ProductState['view']>) {
      state.view = action.payload;
    },
    /** A cell of the grid changed (already clamped to 0..stock). */
    gridQuantityChanged(state, action: PayloadAction<{ sku: string; value: string }>) {
      state.grid[action.payload.sku] = action.payload.value;
    },
    /**
     * A curve filled the grid: the cells of the colours filled take these quantities, and what it could not fill is
     * noted (docs/size-grid.md).
     */
    gridFilled(state, action: PayloadAction<{ quantities: Record<string, number>; shortfalls: CurveShortfall[] }>) {
      for (const [sku, quantity] of Object.entries(action.payload.quantities)) state.grid[sku] = quantity > 0 ? String(quantity) : '';
      state.gridProblems = [];
      state.gridShortfalls = action.payload.shortfalls;
    },
    /** Every cell empty, and the notices about them gone. */
    gridCleared(state) {
      state.grid = {};
      state.gridProblems = [];
      state.gridShortfalls = [];
    },
    /** 'Agregar al Carro' of the grid: every cell above 0, in one request. */
    gridAddRequested(state, _action: PayloadAction<{ items: CartItemRequest[] }>) {
      state.gridAdding = true;
    },
    /**
     * The answer of the grid's add. The cart took some cells (whole or up to the stock left): those are cleared, and
     * the notices of the grid before the add go (the curve's shortfall was about quantities now in the cart); the lines
     * it refused stay, with why. Nothing taken (`failed`: no answer, or every line refused): the quantities and the
     * notices stay as they were, to be fixed and tried again.
     */
    gridAddFinished(state, action: PayloadAction<{ added: string[]; problems: CartBulkLine[]; failed?: boolean }>) {
      state.gridAdding = false;
      if (action.payload.failed) return;
      for (const sku of action.payload.added) delete state.grid[sku];
      state.gridProblems = action.payload.problems;
      if (action.payload.added.length) state.gridShortfalls = [];
    },
    gridAttemptStarted(state, action: PayloadAction<KeyedAttempt<CartBulkRequest>>) {
      state.gridAttempt = action.payload;
    },
    gridAttemptSettled(state) {
      state.gridAttempt = null;
    },
    curvesRequested(state) {
      state.curves = { ...state.curves, status: 'loading', error: null };
    },
    curvesLoaded(state, action: PayloadAction<SizeCurve[]>) {
      state.curves = { status: 'loaded', own: action.payload, error: null };
    },
    curvesFailed(state, action: PayloadAction<string>) {
      state.curves = { ...state.curves, status: 'failed', error: action.payload };
    },
    curveSaveRequested(state, _action: PayloadAction<SizeCurveRequest>) {
      state.curveSaving = true;
    },
    curveSaved(state, action: PayloadAction<SizeCurve>) {
      state.curveSaving = false;
      state.curves.own = [...state.curves.own, action.payload].sort((a, b) => a.name.localeCompare(b.name, 'es'));
    },
    curveSaveFailed(state) {
      state.curveSaving = false;
    },
    curveDeleteRequested(_state, _action: PayloadAction<number>) {},
    /** 'Pedir por llegar' on a size without stock: its dialog opens. */
    preorderOpened(state, action: PayloadAction<PreorderTarget>) {
      state.preorder = action.payload;
    },
    preorderClosed(state) {
      if (!state.preorderAdding) state.preorder = null;
    },
    curveDeleted(state, action: PayloadAction<number>) {
      state.curves.own = state.curves.own.filter((c) => c.id !== action.payload);
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
      .addCase(preorderAddRequested, (state, action) => {
        if (action.payload.origin === 'product') state.preorderAdding = true;
      })
      // the cart took some of it: the dialog closes; no answer or nothing taken: it stays, to be tried again
      .addCase(preorderAddFinished, (state, action) => {
        if (action.payload.origin !== 'product') return;
        state.preorderAdding = false;
        if (action.payload.lines.some((line) => line.quantity > 0)) state.preorder = null;
      })
      .addCase(loggedOut, () => initialState)
      .addCase(sessionExpired, () => initialState),
});

export const {
  opened: productOpened,
  loaded: productLoaded,
  failed: productFailed,
  quantityChanged: productQuantityChanged,
  viewChanged: productViewChanged,
  gridQuantityChanged,
  gridFilled,
  gridCleared,
  gridAddRequested,
  gridAddFinished,
  gridAttemptStarted,
  gridAttemptSettled,
  curvesRequested,
  curvesLoaded,
  curvesFailed,
  curveSaveRequested,
  curveSaved,
  curveSaveFailed,
  curveDeleteRequested,
  curveDeleted,
  preorderOpened,
  preorderClosed,
} = productSlice.actions;
export const productReducer = productSlice.reducer;
export const selectProduct = (state: { product: ProductState }) => state.product;
