import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  AccountClaim,
  AccountDocumentKind,
  AccountItem,
  AccountItemList,
  AccountPayPreview,
  AccountPaySelection,
  AccountSummary,
  ClaimReason,
  DteFileFormat,
} from '@shared/api/account';
import { ACCOUNT_STATE_TEXTS } from '@shared/accountRules';
import { accountPaymentNotStarted, loggedOut, sessionExpired } from '@client/app/events';
import { failedWith, idleFlow, idleLoad, loadedWith, startLoading, type Flow, type Loadable, type LoadFailure, type LoadStatus } from '@client/app/loadable';
import { createPagedList, type PagedList } from '@client/app/pagedList';

// 'Cuenta corriente' (/user/account): the header figures, the open items paged by the server, the documents chosen
// for one netted payment (kept across pages) and the server's preview of it, and the claim dialog. The server decides
// every amount: the preview is its answer, never a sum made here.

/** The list's filters: aging bucket, state and folio search ('' = any). */
export interface AccountFilters extends Record<string, string> {
  bucket: string;
  state: string;
  q: string;
}

export const ACCOUNT_PAGE_SIZE = 25;

export const accountDocumentsList = createPagedList<AccountItem, AccountFilters, AccountItemList>({
  name: 'currentAccount/list',
  filters: { bucket: '', state: '', q: '' },
  sort: { sort: 'dueDate', dir: 'asc' },
  pageSize: ACCOUNT_PAGE_SIZE,
});

/** A document's key in the list and the selection: its kind and ERP key. */
export const itemKey = (doc: { kind: AccountDocumentKind; docEntry: number }) => `${doc.kind}:${doc.docEntry}`;

/** A document chosen for the payment, with what the list showed of it (unknown for one chosen again after a failed payment). */
export interface ChosenDocument {
  kind: AccountDocumentKind;
  docEntry: number;
  /** +1 invoices, debit notes and down payments; −1 credit notes; null when not seen in the list yet. */
  sign: 1 | -1 | null;
  balance: number | null;
}

export interface CurrentAccountState {
  list: PagedList<AccountItem, AccountFilters>;
  summary: Loadable<AccountSummary | null>;
  chosen: ChosenDocument[];
  /** 'Pagar un monto parcial' of the one invoice chosen, whole pesos; null = its whole balance. */
  partialAmount: number | null;
  /** The partial amount typed is not a valid one (yet): no preview, nothing to pay, until it is. */
  partialRefused: boolean;
  /** The server's preview of the chosen documents ('loading' from the change until it answers). */
  preview: { status: LoadStatus; data: AccountPayPreview | null; error: string | null };
  /** 'Pagar' until the browser leaves for the provider, or the failure the payment start gave. */
  pay: Flow;
  /** The document whose claim dialog is open, and the claim's sending. */
  claim: { item: AccountItem | null; sending: Flow };
}

export const initialCurrentAccountState: CurrentAccountState = {
  list: accountDocumentsList.initialState,
  summary: idleLoad(null),
  chosen: [],
  partialAmount: null,
  partialRefused: false,
  preview: { status: 'idle', data: null, error: null },
  pay: idleFlow,
  claim: { item: null, sending: idleFlow },
};

/** A change of the chosen documents: the preview is stale at once (the total shown is never an old one). */
function choiceChanged(state: CurrentAccountState) {
  const debits = state.chosen.filter((doc) => doc.sign !== -1);
  if (debits.length !== 1) {
    state.partialAmount = null;
    state.partialRefused = false;
  }
  state.preview = { status: state.chosen.length ? 'loading' : 'idle', data: null, error: null };
  state.pay = idleFlow;
}

const chosenOf = (item: AccountItem): ChosenDocument => ({ kind: item.kind, docEntry: item.docEntry, sign: item.sign, balance: item.balance });

/** 'PDF' or 'XML' of a row: the document (its type and folio name the file) and the format. */
export interface AccountFileRequest {
  document: { kind: AccountDocumentKind; docEntry: number; dteType: number; folio: number | null };
  format: DteFileFormat;
}

/** The event of a method choice and 'Pagar'. */
export interface AccountPayChoice {
  method: 'WEBPAY' | 'KHIPU';
}

/** 'Enviar reclamo': the form's fields; the files stay out of the store (app/heldFiles) under `filesKey`. */
export interface ClaimSubmission {
  kind: AccountDocumentKind;
  docEntry: number;
  /** Named in the toast when it is recorded. */
  folio: number | null;
  reason: ClaimReason;
  text: string;
  filesKey: string | null;
}

const currentAccountSlice = createSlice({
  name: 'currentAccount',
  initialState: initialCurrentAccountState,
  reducers: {
    /** /user/account mounted (or 'Reintentar' of the header): the saga reads the summary. */
    summaryRequested(state) {
      startLoading(state.summary);
    },
    summaryLoaded(state, action: PayloadAction<AccountSummary>) {
      state.summary = loadedWith(action.payload);
    },
    summaryLoadFailed(state, action: PayloadAction<LoadFailure>) {
      state.summary = failedWith<AccountSummary | null>(null, action.payload);
    },

    /**
     * The checkboxes of the page shown changed: `page` are its rows, `chosen` the keys ticked among them. The documents
     * chosen on other pages stay; a row that cannot be selected is never taken.
     */
    pageSelectionChanged(state, action: PayloadAction<{ page: AccountItem[]; chosen: string[] }>) {
      const ticked = new Set(action.payload.chosen);
      const onPage = new Set(action.payload.page.map(itemKey));
      const kept = state.chosen.filter((doc) => !onPage.has(itemKey(doc)) || ticked.has(itemKey(doc)));
      const keptKeys = new Set(kept.map(itemKey));
      const added = action.payload.page.filter((item) => item.selectable && ticked.has(itemKey(item)) && !keptKeys.has(itemKey(item))).map(chosenOf);
      const next = [...kept, ...added];
      if (next.length === state.chosen.length && added.length === 0) return;
      state.chosen = next;
      choiceChanged(state);
    },
    /** 'Intentar nuevamente' of a payment that ended unpaid: the same documents chosen again. */
    selectionRestored(state, action: PayloadAction<AccountPaySelection[]>) {
      state.chosen = action.payload.map((doc) => ({ kind: doc.kind, docEntry: doc.docEntry, sign: null, balance: null }));
      const partial = action.payload.find((doc) => doc.amount !== undefined);
      choiceChanged(state);
      state.partialAmount = action.payload.length === 1 && partial?.amount ? partial.amount : null;
    },
    selectionCleared(state) {
      state.chosen = [];
      choiceChanged(state);
    },
    /** The partial amount of the one invoice chosen (null: its whole balance), once the form holds a valid one. */
    partialAmountChanged(state, action: PayloadAction<number | null>) {
      if (state.partialAmount === action.payload && !state.partialRefused) return;
      state.partialAmount = action.payload;
      state.partialRefused = false;
      state.preview = { status: state.chosen.length ? 'loading' : 'idle', data: null, error: null };
      state.pay = idleFlow;
    },
    /** The partial amount typed is not valid: the preview of another amount is not shown, 'Pagar' waits. */
    partialAmountRefused(state) {
      state.partialAmount = null;
      state.partialRefused = true;
      state.preview = { status: 'idle', data: null, error: null };
      state.pay = idleFlow;
    },
    previewLoaded(state, action: PayloadAction<AccountPayPreview>) {
      state.preview = { status: 'loaded', data: action.payload, error: null };
    },
    /** The server refused the selection (a ceded invoice, a payment in process, a credit larger than the rest): its words. */
    previewFailed(state, action: PayloadAction<string>) {
      state.preview = { status: 'failed', data: null, error: action.payload };
    },

    /** 'Pagar' with the provider: the payments feature takes the chosen documents to it. */
    paymentSubmitted(state, _action: PayloadAction<AccountPayChoice>) {
      state.pay = { status: 'running', error: null };
    },

    /** 'PDF' or 'XML' of a row: the authorised download. */
    fileRequested(_state, _action: PayloadAction<AccountFileRequest>) {},

    claimOpened(state, action: PayloadAction<AccountItem>) {
      state.claim = { item: action.payload, sending: idleFlow };
    },
    claimClosed(state) {
      if (state.claim.sending.status !== 'running') state.claim = { item: null, sending: idleFlow };
    },
    claimSubmitted(state, _action: PayloadAction<ClaimSubmission>) {
      state.claim.sending = { status: 'running', error: null };
    },
    /** The claim was recorded: the row reads 'En reclamo' and cannot be claimed again; the dialog closes. */
    claimRecorded(state, action: PayloadAction<{ kind: AccountDocumentKind; docEntry: number; claim: AccountClaim }>) {
      const key = itemKey(action.payload);
      const row = state.list.rows.find((item) => itemKey(item) === key);
      if (row) {
        row.claim = action.payload.claim;
        row.claimWindow = { ...row.claimWindow, open: false };
        // the states that come before 'En reclamo' (cedida, pago en proceso) stay
        if (row.state !== 'CEDIDA' && row.state !== 'PAGO_EN_PROCESO') {
          row.state = 'EN_RECLAMO';
          row.stateLabel = ACCOUNT_STATE_TEXTS.EN_RECLAMO;
        }
      }
      state.claim = { item: null, sending: idleFlow };
    },
    /** The form stays open with what was written, and the server's (or the connection's) words. */
    claimFailed(state, action: PayloadAction<string>) {
      state.claim.sending = { status: 'failed', error: action.payload };
    },
  },
  // another buyer may log in next: nothing of this one stays
  extraReducers: (builder) =>
    accountDocumentsList
      .nestIn(
        builder
          .addCase(loggedOut, () => initialCurrentAccountState)
          .addCase(sessionExpired, () => initialCurrentAccountState)
          // the payment did not start (the provider or the server refused): 'Pagar' again, with the server's words
          .addCase(accountPaymentNotStarted, (state, action) => {
            state.pay = { status: 'failed', error: action.payload };
          }),
      )
      // a chosen document seen again in a page: what the list says of it now
      .addMatcher(accountDocumentsList.actions.loaded.match, (state, action) => {
        for (const item of action.payload.rows) {
          const doc = state.chosen.find((chosen) => itemKey(chosen) === itemKey(item));
          if (doc) {
            doc.sign = item.sign;
            doc.balance = item.balance;
          }
        }
      }),
});

export const {
  summaryRequested,
  summaryLoaded,
  summaryLoadFailed,
  pageSelectionChanged,
  selectionRestored,
  selectionCleared,
  partialAmountChanged,
  partialAmountRefused,
  previewLoaded,
  previewFailed,
  paymentSubmitted,
  fileRequested,
  claimOpened,
  claimClosed,
  claimSubmitted,
  claimRecorded,
  claimFailed,
} = currentAccountSlice.actions;
export const currentAccountReducer = currentAccountSlice.reducer;
