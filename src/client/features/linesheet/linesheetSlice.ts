import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CatalogueTree } from '@shared/api/erp';
import type { LinesheetSent } from '@shared/api/linesheet';
import type { SavedListList } from '@shared/api/savedLists';
import type { LinesheetFormat } from '@shared/schemas/linesheet';
import { loggedOut, sessionExpired } from '@client/app/events';
import type { KeyedAttempt } from '@client/app/keyedAttempt';
import { idleLoad, loadedWith, loadFailed, startLoading, type Loadable } from '@client/app/loadable';
import type { LinesheetChoice, LinesheetSendBody } from './api';

// 'Lista de precios': one download at a time, with its progress (the bytes read of the server's estimate).

export interface LinesheetState {
  status: 'idle' | 'running' | 'done' | 'failed';
  /** The format being downloaded (or last downloaded). */
  format: LinesheetFormat | null;
  received: number;
  /** The server's estimate of the file's size (bytes); 0 until the answer's headers are read. */
  estimate: number;
  /** Styles in the sheet (X-Estilos). */
  styles: number;
  error: string | null;
  /** The file saved last. */
  filename: string | null;
  /** The catalogue's categories, for the choice of one. */
  tree: Loadable<CatalogueTree['categorias']>;
  /** The saved lists the person may read, for 'Una lista guardada'. */
  lists: Loadable<SavedListList['lists']>;
  /** Sending a customer their sheet by mail (an admin, a rep). */
  send: {
    sending: boolean;
    /** The Idempotency-Key of a send whose outcome is unknown, with the body it was for: the same body repeats it. */
    attempt: KeyedAttempt<LinesheetSendBody> | null;
    result: LinesheetSent | null;
    error: string | null;
  };
}

/** Who sends a sheet by mail: an admin (any customer) or a rep (their customers). */
export type LinesheetSender = 'admin' | 'rep';

const idleDownload = { status: 'idle' as const, format: null, received: 0, estimate: 0, styles: 0, error: null, filename: null };
const idleSend: LinesheetState['send'] = { sending: false, attempt: null, result: null, error: null };
export const initialLinesheetState: LinesheetState = { ...idleDownload, tree: idleLoad([]), lists: idleLoad([]), send: idleSend };

const linesheetSlice = createSlice({
  name: 'linesheet',
  initialState: initialLinesheetState,
  reducers: {
    /** 'Descargar Excel' / 'Descargar PDF' with the choice made. */
    downloadRequested(state, action: PayloadAction<{ format: LinesheetFormat; choice: LinesheetChoice }>) {
      Object.assign(state, idleDownload, { status: 'running', format: action.payload.format });
    },
    progressed(state, action: PayloadAction<{ received: number; estimate: number; styles: number }>) {
      state.received = action.payload.received;
      state.estimate = action.payload.estimate;
      state.styles = action.payload.styles;
    },
    downloaded(state, action: PayloadAction<string>) {
      state.status = 'done';
      state.filename = action.payload;
    },
    downloadFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.error = action.payload;
    },
    /** 'Cancelar': the saga aborts the request. */
    cancelRequested() {},
    cancelled(state) {
      Object.assign(state, idleDownload, { format: state.format });
    },
    /** The screen opened: the categories load unless they did. */
    treeRequested(state) {
      if (state.tree.status !== 'loaded') startLoading(state.tree);
    },
    treeLoaded(state, action: PayloadAction<CatalogueTree>) {
      state.tree = loadedWith(action.payload?.categorias ?? []);
    },
    treeFailed(state, action: PayloadAction<string>) {
      loadFailed(state.tree, action.payload);
    },
    /** 'Una lista guardada' chosen (or asked by the address): the lists load, again each time the screen opens. */
    listsRequested(state) {
      startLoading(state.lists);
    },
    listsLoaded(state, action: PayloadAction<SavedListList>) {
      state.lists = loadedWith(action.payload?.lists ?? []);
    },
    listsFailed(state, action: PayloadAction<string>) {
      loadFailed(state.lists, action.payload);
    },
    /** 'Enviar lista de precios' with the form's body. */
    sendRequested(state, _action: PayloadAction<{ who: LinesheetSender; body: LinesheetSendBody }>) {
      state.send.sending = true;
      state.send.error = null;
      state.send.result = null;
    },
    sendAttemptStarted(state, action: PayloadAction<KeyedAttempt<LinesheetSendBody>>) {
      state.send.attempt = action.payload;
    },
    sendAttemptSettled(state) {
      state.send.attempt = null;
    },
    sent(state, action: PayloadAction<LinesheetSent>) {
      state.send.sending = false;
      state.send.result = action.payload;
    },
    sendFailed(state, action: PayloadAction<string>) {
      state.send.sending = false;
      state.send.error = action.payload;
    },
  },
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialLinesheetState).addCase(sessionExpired, () => initialLinesheetState),
});

export const {
  downloadRequested: linesheetDownloadRequested,
  progressed: linesheetProgressed,
  downloaded: linesheetDownloaded,
  downloadFailed: linesheetDownloadFailed,
  cancelRequested: linesheetCancelRequested,
  cancelled: linesheetCancelled,
  treeRequested: linesheetTreeRequested,
  treeLoaded: linesheetTreeLoaded,
  treeFailed: linesheetTreeFailed,
  listsRequested: linesheetListsRequested,
  listsLoaded: linesheetListsLoaded,
  listsFailed: linesheetListsFailed,
  sendRequested: linesheetSendRequested,
  sendAttemptStarted: linesheetSendAttemptStarted,
  sendAttemptSettled: linesheetSendAttemptSettled,
  sent: linesheetSent,
  sendFailed: linesheetSendFailed,
} = linesheetSlice.actions;
export const linesheetReducer = linesheetSlice.reducer;

export const selectLinesheet = (state: { linesheet: LinesheetState }) => state.linesheet;

/** The percent shown: of the server's estimate, never 100 before the file is saved (the estimate may be short). */
export function progressPercent({ status, received, estimate }: Pick<LinesheetState, 'status' | 'received' | 'estimate'>): number {
  if (status === 'done') return 100;
  if (!estimate) return 0;
  return Math.min(99, Math.floor((received / estimate) * 100));
}
