import type { PayloadAction } from '@reduxjs/toolkit';
import { all, call, delay, fork, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { AccountClaim, AccountPayPreview, AccountPaySelection, AccountSummary } from '@shared/api/account';
import { CLAIM_TEXTS } from '@shared/accountClaims';
import { fill } from '@shared/messages';
import { downloadDocumentFile } from '@client/api/accountDocuments';
import { toApiError, type Download } from '@client/api/http';
import { saveFile } from '@client/app/download';
import { accountPaymentRequested } from '@client/app/events';
import { takeFiles } from '@client/app/heldFiles';
import { notify } from '@client/app/notify';
import { pagedListSagas } from '@client/app/pagedListSagas';
import { brandName } from '@client/components/brand';
import { failureOf } from '@client/app/problems';
import { callWithTimeout, safe } from '@client/app/sagaUtils';
import { fetchAccountDocuments, fetchAccountSummary, postAccountClaim, previewAccountPayment } from './api';
import { selectAccountQuery, selectPartialRefused, selectPayDocuments } from './currentAccountSelectors';
import {
  accountDocumentsList,
  claimFailed,
  claimRecorded,
  claimSubmitted,
  fileRequested,
  partialAmountChanged,
  partialAmountRefused,
  pageSelectionChanged,
  paymentSubmitted,
  previewFailed,
  previewLoaded,
  selectionCleared,
  selectionRestored,
  summaryLoaded,
  summaryLoadFailed,
  summaryRequested,
  type AccountFileRequest,
  type AccountPayChoice,
  type ClaimSubmission,
} from './currentAccountSlice';
import { CURRENT_ACCOUNT_TEXT as T } from './currentAccountTexts';

/** Pause after the last change of the selection (or the partial amount) before the server is asked for the preview. */
export const PREVIEW_DEBOUNCE_MS = 300;

/** The open items: the page, filters and sort the list's state asks for (a new one cancels the one loading). */
export const { load: handleDocumentsLoad, watchList: watchAccountDocuments } = pagedListSagas(accountDocumentsList, {
  selectQuery: selectAccountQuery,
  fetchPage: fetchAccountDocuments,
});

/** GET /api/user/account/summary: the header and the buckets. */
export function* handleSummaryRequested() {
  try {
    const summary: AccountSummary = yield call(callWithTimeout, fetchAccountSummary);
    yield put(summaryLoaded(summary));
  } catch (error) {
    yield put(summaryLoadFailed(failureOf(error)));
  }
}

/**
 * The selection changed: after a pause (takeLatest drops the pause of the change before), the server says what the
 * payment will be. Nothing chosen, nothing asked. A refusal (a ceded invoice, a credit note larger than the rest) is
 * shown in the server's words.
 */
export function* handleSelectionChanged() {
  yield delay(PREVIEW_DEBOUNCE_MS);
  // a partial amount typed and not valid: no preview of any other amount
  const refused: boolean = yield select(selectPartialRefused);
  const documents: AccountPaySelection[] = yield select(selectPayDocuments);
  if (refused || documents.length === 0) return;
  try {
    const preview: AccountPayPreview = yield call(callWithTimeout, previewAccountPayment, documents);
    yield put(previewLoaded(preview));
  } catch (error) {
    yield put(previewFailed(toApiError(error).message));
  }
}

/** 'Pagar': the chosen documents, as the preview priced them, to the payments feature with the provider. */
export function* handlePaymentSubmitted(action: PayloadAction<AccountPayChoice>) {
  const documents: AccountPaySelection[] = yield select(selectPayDocuments);
  if (documents.length === 0) return;
  yield put(accountPaymentRequested({ documents, method: action.payload.method }));
}

/** 'PDF' / 'XML': the file through the http client (the session's token), saved under the name the server gives. */
export function* handleFileRequested(action: PayloadAction<AccountFileRequest>) {
  const { document, format } = action.payload;
  try {
    const file: Download = yield call(callWithTimeout, downloadDocumentFile, document, format);
    yield call(saveFile, file.blob, file.filename);
  } catch (error) {
    yield call(notify, fill(T.downloadFailed, { message: toApiError(error).message }), 'error');
  }
}

/**
 * 'Enviar reclamo': the fields and the held files, multipart. Recorded, the row reads 'En reclamo' and a toast says
 * so; refused (the window closed: 409) or not sent (no connection), the dialog keeps what was written and says why.
 */
export function* handleClaimSubmitted(action: PayloadAction<ClaimSubmission>) {
  const { kind, docEntry, folio, reason, text, filesKey } = action.payload;
  const files: File[] = yield call(takeFiles, filesKey);
  try {
    const claim: AccountClaim = yield call(callWithTimeout, postAccountClaim, kind, docEntry, { reason, text }, files);
    yield put(claimRecorded({ kind, docEntry, claim }));
    yield call(notify, fill(CLAIM_TEXTS.recorded, { folio: folio ?? docEntry, brand: brandName }), 'success');
  } catch (error) {
    yield put(claimFailed(toApiError(error).message));
  }
}

export function* watchSelection() {
  yield takeLatest([pageSelectionChanged.type, selectionRestored.type, selectionCleared.type, partialAmountChanged.type, partialAmountRefused.type], safe(handleSelectionChanged));
}

export function* currentAccountSaga() {
  yield all([
    fork(watchAccountDocuments),
    fork(watchSelection),
    takeLatest(summaryRequested.type, safe(handleSummaryRequested)),
    // one payment start at a time
    takeLeading(paymentSubmitted.type, safe(handlePaymentSubmitted)),
    takeLeading(claimSubmitted.type, safe(handleClaimSubmitted)),
    takeLatest(fileRequested.type, safe(handleFileRequested)),
  ]);
}
