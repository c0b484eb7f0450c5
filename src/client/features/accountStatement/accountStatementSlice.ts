import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AccountDocumentDetail, AccountDocumentKind, AccountPayment, AccountStatement, DteFileFormat } from '@shared/api/account';
import { loggedOut, sessionExpired } from '@client/app/events';
import { idleFlow, idleLoad, loadedWith, loadFailed, startLoading, type Flow, type Loadable, type LoadFailure } from '@client/app/loadable';
import type { StatementFormat, StatementPeriod } from './api';

// 'Estado de cuenta' and 'Documento' (company Administrador and Finanzas): a period's movements with their running
// balance, its downloads, one document with its chain and the payments that settled it. Every figure is the server's
// (built from the ERP); nothing here adds or nets anything.

/** A document as the API names it. */
export interface DocumentRef {
  kind: AccountDocumentKind;
  docEntry: number;
}

/** A document's file to download: the ref, and its tipo and folio for the file's name. */
export interface DocumentFileRequest extends DocumentRef {
  format: DteFileFormat;
  dteType?: number | null;
  folio?: number | null;
}

export const documentKey = ({ kind, docEntry }: DocumentRef) => `${kind}:${docEntry}`;

export interface AccountStatementState {
  /** The period asked for last (the statement shown is of this period once loaded). */
  period: StatementPeriod | null;
  statement: Loadable<AccountStatement | null>;
  /** 'Descargar Excel' and 'Descargar PDF' of the statement shown. */
  downloads: Record<StatementFormat, Flow>;
  /** Payments of the statement opened to show the folios they settled, by docEntry. */
  payments: Record<number, Loadable<AccountPayment | null>>;
  /** The document page: the document asked for (documentKey) and its detail. */
  document: Loadable<AccountDocumentDetail | null> & { key: string | null };
  /** The document's PDF and XML downloads. */
  documentFiles: Record<DteFileFormat, Flow>;
}

export const initialAccountStatementState: AccountStatementState = {
  period: null,
  statement: idleLoad(null),
  downloads: { xlsx: idleFlow, pdf: idleFlow },
  payments: {},
  document: { key: null, ...idleLoad(null) },
  documentFiles: { pdf: idleFlow, xml: idleFlow },
};

const accountStatementSlice = createSlice({
  name: 'accountStatement',
  initialState: initialAccountStatementState,
  reducers: {
    /** 'Ver estado de cuenta' (or a frequent period): the saga validates it, then asks the server. */
    statementRequested(state, action: PayloadAction<StatementPeriod>) {
      state.period = action.payload;
      startLoading(state.statement);
    },
    statementLoaded(state, action: PayloadAction<AccountStatement>) {
      state.statement = loadedWith(action.payload);
      state.payments = {};
    },
    statementLoadFailed(state, action: PayloadAction<LoadFailure>) {
      // what was shown belongs to another period: it goes
      state.statement = { ...idleLoad(null) };
      loadFailed(state.statement, action.payload);
    },
    statementDownloadRequested(state, action: PayloadAction<StatementFormat>) {
      state.downloads[action.payload] = { status: 'running', error: null };
    },
    statementDownloaded(state, action: PayloadAction<StatementFormat>) {
      state.downloads[action.payload] = idleFlow;
    },
    statementDownloadFailed(state, action: PayloadAction<{ format: StatementFormat; message: string }>) {
      state.downloads[action.payload.format] = { status: 'failed', error: action.payload.message };
    },

    /** A payment of the statement opened: the folios it settled load (once; again after a failure). */
    paymentOpened(state, action: PayloadAction<number>) {
      const current = state.payments[action.payload];
      if (!current || current.status === 'failed') state.payments[action.payload] = { ...idleLoad(null), status: 'loading' };
    },
    paymentLoaded(state, action: PayloadAction<AccountPayment>) {
      state.payments[action.payload.docEntry] = loadedWith(action.payload);
    },
    paymentLoadFailed(state, action: PayloadAction<{ docEntry: number } & LoadFailure>) {
      const { docEntry, ...failure } = action.payload;
      const load = state.payments[docEntry] ?? idleLoad(null);
      loadFailed(load, failure);
      state.payments[docEntry] = load;
    },

    /** /user/account/documents/:kind/:docEntry mounted (or 'Reintentar'). */
    documentOpened(state, action: PayloadAction<DocumentRef>) {
      const key = documentKey(action.payload);
      if (state.document.key !== key) {
        state.document = { key, ...idleLoad(null) };
        state.documentFiles = initialAccountStatementState.documentFiles;
      }
      startLoading(state.document);
    },
    documentLoaded(state, action: PayloadAction<{ ref: DocumentRef; detail: AccountDocumentDetail }>) {
      if (state.document.key === documentKey(action.payload.ref)) state.document = { key: state.document.key, ...loadedWith(action.payload.detail) };
    },
    documentLoadFailed(state, action: PayloadAction<{ ref: DocumentRef } & LoadFailure>) {
      const { ref, ...failure } = action.payload;
      if (state.document.key === documentKey(ref)) loadFailed(state.document, failure);
    },
    documentFileRequested(state, action: PayloadAction<DocumentFileRequest>) {
      state.documentFiles[action.payload.format] = { status: 'running', error: null };
    },
    documentFileDownloaded(state, action: PayloadAction<DteFileFormat>) {
      state.documentFiles[action.payload] = idleFlow;
    },
    documentFileFailed(state, action: PayloadAction<{ format: DteFileFormat; message: string }>) {
      state.documentFiles[action.payload.format] = { status: 'failed', error: action.payload.message };
    },
  },
  // another buyer may log in next: nothing of this one stays
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialAccountStatementState).addCase(sessionExpired, () => initialAccountStatementState),
});

export const {
  statementRequested,
  statementLoaded,
  statementLoadFailed,
  statementDownloadRequested,
  statementDownloaded,
  statementDownloadFailed,
  paymentOpened,
  paymentLoaded,
  paymentLoadFailed,
  documentOpened,
  documentLoaded,
  documentLoadFailed,
  documentFileRequested,
  documentFileDownloaded,
  documentFileFailed,
} = accountStatementSlice.actions;
export const accountStatementReducer = accountStatementSlice.reducer;
