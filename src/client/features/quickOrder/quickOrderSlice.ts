import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CartBulkRequest, CartBulkResponse } from '@shared/api/cart';
import type { QuickOrderFileReading, QuickOrderValidation, ReorderResponse } from '@shared/api/ordering';
import type { QuickOrderInputLine } from '@shared/quickOrder';
import { loggedOut, preorderAddFinished, preorderAddRequested, reorderRequested, sessionExpired, type ReorderSource } from '@client/app/events';
import type { KeyedAttempt } from '@client/app/keyedAttempt';

/** A line as the buyer edits it: what was written (or read from the file), keyed by the line it came from. */
export interface EditableLine {
  key: number;
  row: number;
  sku: string;
  size: string;
  quantity: string;
  /** A problem found while reading (sent along so the server reports it on the line). */
  error?: string;
}

export type QuickOrderStatus = 'idle' | 'validating' | 'adding' | 'failed';

export interface QuickOrderState {
  /** The lines as the buyer has them now. */
  lines: EditableLine[];
  /** The server's answer for `lines` (null before the first, kept while the buyer edits). */
  validation: QuickOrderValidation | null;
  /** The lines changed since the validation: it must be asked again before adding. */
  edited: boolean;
  /** How the server read the uploaded file the lines came from (kept while they are fixed and validated again). */
  reading: QuickOrderFileReading | null;
  status: QuickOrderStatus;
  error: string | null;
  /** The bulk add's answer, once the lines went to the cart. */
  added: CartBulkResponse | null;
  /** The last 'Volver a comprar': which order (the button that started it shows its progress and result). */
  reorder: { source: ReorderSource | null; status: 'idle' | 'running' | 'done' | 'failed'; result: ReorderResponse | null; error: string | null };
  /**
   * The add, and the reorder, whose outcome is unknown, each with its Idempotency-Key: pressed again unchanged, it is
   * the same action (app/keyedAttempt).
   */
  addAttempt: KeyedAttempt<CartBulkRequest> | null;
  reorderAttempt: KeyedAttempt<ReorderSource> | null;
  /**
   * '¿Pedir por llegar?' of a line without stock (docs/incoming.md): what the cart took as pre-order, by sku, for the
   * quick order's lines and for the reorder's; `preordering` while one is on its way (its buttons wait).
   */
  preordered: { quickOrder: Record<string, number>; reorder: Record<string, number> };
  preordering: 'quickOrder' | 'reorder' | null;
}

export const initialQuickOrderState: QuickOrderState = {
  lines: [],
  validation: null,
  edited: false,
  reading: null,
  status: 'idle',
  error: null,
  added: null,
  reorder: { source: null, status: 'idle', result: null, error: null },
  addAttempt: null,
  reorderAttempt: null,
  preordered: { quickOrder: {}, reorder: {} },
  preordering: null,
};

const toEditable = (line: QuickOrderInputLine, key: number): EditableLine => ({
  key,
  row: line.row,
  sku: line.sku,
  size: line.size,
  quantity: line.quantity,
  ...(line.error ? { error: line.error } : {}),
});

const quickOrderSlice = createSlice({
  name: 'quickOrder',
  initialState: initialQuickOrderState,
  reducers: {
    /** 'Validar' on pasted text: the saga reads it into lines (the shared rules) and asks the server. */
    textSubmitted(state, _action: PayloadAction<string>) {
      state.added = null;
      state.reading = null;
    },
    /** A CSV or XLSX chosen: the server reads and checks it. */
    fileChosen(state, _action: PayloadAction<File>) {
      state.added = null;
      state.reading = null;
    },
    /** The lines read from pasted text (before the server answers). */
    linesRead(state, action: PayloadAction<QuickOrderInputLine[]>) {
      state.lines = action.payload.map((line, i) => toEditable(line, i + 1));
    },
    validationStarted(state) {
      state.status = 'validating';
      state.error = null;
    },
    /** The server's answer: the lines become what it answered (repeated sizes already added together). */
    validated(state, action: PayloadAction<QuickOrderValidation>) {
      state.validation = action.payload;
      state.lines = action.payload.lines.map((line) => ({
        key: line.rows[0]!,
        row: line.rows[0]!,
        sku: line.input.sku,
        size: line.input.size,
        quantity: line.quantity !== null ? String(line.quantity) : line.input.quantity,
      }));
      state.edited = false;
      state.status = 'idle';
      state.preordered.quickOrder = {};
      if (action.payload.reading) state.reading = action.payload.reading; // a file's answer (a re-validation has none)
    },
    validationFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.error = action.payload;
    },
    lineEdited(state, action: PayloadAction<{ key: number; field: 'sku' | 'size' | 'quantity'; value: string }>) {
      const line = state.lines.find((l) => l.key === action.payload.key);
      if (!line) return;
      line[action.payload.field] = action.payload.value;
      delete line.error;
      state.edited = true;
    },
    lineRemoved(state, action: PayloadAction<number>) {
      state.lines = state.lines.filter((l) => l.key !== action.payload);
      if (state.validation) state.validation = { ...state.validation, lines: state.validation.lines.filter((l) => l.rows[0] !== action.payload) };
      state.edited = true;
    },
    /** 'Validar de nuevo' after edits. */
    revalidateRequested() {},
    /** 'Agregar al carro': the lines that can be added, in one bulk request. */
    addRequested(state) {
      state.status = 'adding';
      state.error = null;
    },
    added(state, action: PayloadAction<CartBulkResponse>) {
      state.status = 'idle';
      state.added = action.payload;
      state.lines = [];
      state.validation = null;
      state.edited = false;
      state.reading = null;
    },
    addFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.error = action.payload;
    },
    /** 'Limpiar': the lines go, and with them their add's key (what is written next is a new action). */
    cleared(state) {
      return { ...initialQuickOrderState, reorderAttempt: state.reorderAttempt };
    },
    addAttemptStarted(state, action: PayloadAction<KeyedAttempt<CartBulkRequest>>) {
      state.addAttempt = action.payload;
    },
    addAttemptSettled(state) {
      state.addAttempt = null;
    },
    reorderAttemptStarted(state, action: PayloadAction<KeyedAttempt<ReorderSource>>) {
      state.reorderAttempt = action.payload;
    },
    reorderAttemptSettled(state) {
      state.reorderAttempt = null;
    },
    reorderSucceeded(state, action: PayloadAction<ReorderResponse>) {
      state.reorder = { ...state.reorder, status: 'done', result: action.payload, error: null };
    },
    reorderFailed(state, action: PayloadAction<string>) {
      state.reorder = { ...state.reorder, status: 'failed', result: null, error: action.payload };
    },
    reorderDismissed(state) {
      state.reorder = initialQuickOrderState.reorder;
      state.preordered.reorder = {};
    },
  },
  extraReducers: (builder) =>
    builder
      .addCase(reorderRequested, (state, action) => {
        state.reorder = { source: action.payload, status: 'running', result: null, error: null };
        state.preordered.reorder = {};
      })
      .addCase(preorderAddRequested, (state, action) => {
        if (action.payload.origin !== 'product') state.preordering = action.payload.origin;
      })
      .addCase(preorderAddFinished, (state, action) => {
        const { origin, lines } = action.payload;
        if (origin === 'product') return;
        state.preordering = null;
        for (const line of lines) if (line.quantity > 0) state.preordered[origin][line.sku] = (state.preordered[origin][line.sku] ?? 0) + line.quantity;
      })
      .addCase(loggedOut, () => initialQuickOrderState)
      .addCase(sessionExpired, () => initialQuickOrderState),
});

export const {
  textSubmitted: quickOrderTextSubmitted,
  fileChosen: quickOrderFileChosen,
  linesRead: quickOrderLinesRead,
  validationStarted: quickOrderValidationStarted,
  validated: quickOrderValidated,
  validationFailed: quickOrderValidationFailed,
  lineEdited: quickOrderLineEdited,
  lineRemoved: quickOrderLineRemoved,
  revalidateRequested: quickOrderRevalidateRequested,
  addRequested: quickOrderAddRequested,
  added: quickOrderAdded,
  addFailed: quickOrderAddFailed,
  cleared: quickOrderCleared,
  addAttemptStarted: quickOrderAddAttemptStarted,
  addAttemptSettled: quickOrderAddAttemptSettled,
  reorderAttemptStarted,
  reorderAttemptSettled,
  reorderSucceeded,
  reorderFailed,
  reorderDismissed,
} = quickOrderSlice.actions;
export const quickOrderReducer = quickOrderSlice.reducer;

export type QuickOrderRootState = { quickOrder: QuickOrderState };
export const selectQuickOrder = (state: QuickOrderRootState) => state.quickOrder;
export const selectReorder = (state: QuickOrderRootState) => state.quickOrder.reorder;
/** The lines the server said can go to the cart now (ok, or short: what is left). */
export const addableLines = (validation: QuickOrderValidation | null) =>
  (validation?.lines ?? []).filter((l) => (l.status === 'ok' || l.status === 'short') && l.addable > 0);
