import type { PayloadAction, UnknownAction } from '@reduxjs/toolkit';
import { all, call, put, select, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import type { AccountDocumentDetail, AccountPayment, AccountStatement } from '@shared/api/account';
import { fill } from '@shared/messages';
import { accountDocumentParams, statementQuery } from '@shared/schemas/account';
import { chileTodayIso } from '@shared/workingDays';
import { toApiError, type Download } from '@client/api/http';
import { downloadDocumentFile } from '@client/api/accountDocuments';
import { saveFile } from '@client/app/download';
import type { Loadable } from '@client/app/loadable';
import { notify } from '@client/app/notify';
import { failureOf } from '@client/app/problems';
import { callWithTimeout, safe } from '@client/app/sagaUtils';
import { downloadStatement, fetchAccountDocument, fetchAccountPayment, fetchStatement, type StatementFormat, type StatementPeriod } from './api';
import { selectStatement, selectStatementPayments } from './accountStatementSelectors';
import {
  documentFileDownloaded,
  documentFileFailed,
  documentFileRequested,
  documentLoaded,
  documentLoadFailed,
  documentOpened,
  paymentLoaded,
  paymentLoadFailed,
  paymentOpened,
  statementDownloaded,
  statementDownloadFailed,
  statementDownloadRequested,
  statementLoaded,
  statementLoadFailed,
  statementRequested,
  type DocumentFileRequest,
  type DocumentRef,
} from './accountStatementSlice';
import { DOCUMENT_TEXT, STATEMENT_TEXT } from './accountStatementTexts';

/**
 * The period's first problem as the server would word it (the shared schema, with the Chilean today: no future end,
 * at most 24 months), or null: a period the server would refuse is not sent.
 */
export function periodProblem(period: StatementPeriod, today: string): string | null {
  try {
    statementQuery.validateSync(period, { context: { today } });
    return null;
  } catch (error) {
    return toApiError(error).message;
  }
}

/** GET /api/user/account/statement?from&to, once the period passes the same rules the server applies. */
export function* handleStatementRequested(action: PayloadAction<StatementPeriod>) {
  const period = action.payload;
  const today: string = yield call(chileTodayIso);
  const problem = periodProblem(period, today);
  if (problem) {
    yield put(statementLoadFailed({ message: problem, status: 400 }));
    return;
  }
  try {
    const statement: AccountStatement = yield call(callWithTimeout, fetchStatement, period);
    yield put(statementLoaded(statement));
  } catch (error) {
    yield put(statementLoadFailed(failureOf(error)));
  }
}

/** 'Descargar Excel' / 'Descargar PDF': the statement shown, as the server writes the file, saved by the browser. */
export function* handleStatementDownload(action: PayloadAction<StatementFormat>) {
  const format = action.payload;
  const statement: Loadable<AccountStatement | null> = yield select(selectStatement);
  if (!statement.data) {
    yield put(statementDownloaded(format));
    return;
  }
  const period: StatementPeriod = { from: statement.data.from, to: statement.data.to };
  try {
    const file: Download = yield call(callWithTimeout, downloadStatement, period, format);
    yield call(saveFile, file.blob, file.filename);
    yield put(statementDownloaded(format));
  } catch (error) {
    const { message } = toApiError(error);
    yield put(statementDownloadFailed({ format, message }));
    yield call(notify, fill(STATEMENT_TEXT.downloadFailed, { message }), 'error');
  }
}

/** A payment of the statement opened: GET /api/user/account/payments/{docEntry}, with every folio it settled. */
export function* handlePaymentOpened(action: PayloadAction<number>) {
  const docEntry = action.payload;
  const payments: Record<number, Loadable<AccountPayment | null>> = yield select(selectStatementPayments);
  // opened again after it loaded: what it settled does not change
  if (payments[docEntry]?.status === 'loaded') return;
  try {
    const payment: AccountPayment = yield call(callWithTimeout, fetchAccountPayment, docEntry);
    yield put(paymentLoaded(payment));
  } catch (error) {
    yield put(paymentLoadFailed({ docEntry, ...failureOf(error) }));
  }
}

/**
 * GET /api/user/account/documents/{kind}/{docEntry}. An address that names no document (a kind the API has not, a
 * docEntry that is no number) is not asked: it is not found, as another company's document is (404).
 */
export function* handleDocumentOpened(action: PayloadAction<DocumentRef>) {
  const ref = action.payload;
  if (!accountDocumentParams.isValidSync(ref)) {
    yield put(documentLoadFailed({ ref, message: DOCUMENT_TEXT.notFound, status: 404 }));
    return;
  }
  try {
    const detail: AccountDocumentDetail = yield call(callWithTimeout, fetchAccountDocument, ref.kind, ref.docEntry);
    yield put(documentLoaded({ ref, detail }));
  } catch (error) {
    const failure = failureOf(error);
    yield put(documentLoadFailed({ ref, ...failure, message: failure.status === 404 ? DOCUMENT_TEXT.notFound : failure.message }));
  }
}

/** 'Descargar PDF' / 'Descargar XML' of a document: the legal file through the authorised download. */
export function* handleDocumentFile(action: PayloadAction<DocumentFileRequest>) {
  const { format, ...doc } = action.payload;
  try {
    const file: Download = yield call(callWithTimeout, downloadDocumentFile, doc, format);
    yield call(saveFile, file.blob, file.filename);
    yield put(documentFileDownloaded(format));
  } catch (error) {
    const { message } = toApiError(error);
    yield put(documentFileFailed({ format, message }));
    yield call(notify, fill(DOCUMENT_TEXT.downloadFailed, { message }), 'error');
  }
}

/** One download at a time of each file (a second click on the same button while it runs does nothing; the other runs). */
function leadingPer<P>(type: string, which: (payload: P) => boolean, worker: (action: PayloadAction<P>) => Generator) {
  const pattern = (action: UnknownAction) => action.type === type && which(action.payload as P);
  return takeLeading(pattern as (action: unknown) => boolean, safe(worker) as (action: unknown) => Generator);
}

export function* accountStatementSaga() {
  yield all([
    // a new period while one loads: only the last one counts
    takeLatest(statementRequested.type, safe(handleStatementRequested)),
    takeLatest(documentOpened.type, safe(handleDocumentOpened)),
    takeEvery(paymentOpened.type, safe(handlePaymentOpened)),
    ...(['xlsx', 'pdf'] as const).map((format) => leadingPer<StatementFormat>(statementDownloadRequested.type, (f) => f === format, handleStatementDownload)),
    ...(['pdf', 'xml'] as const).map((format) => leadingPer<DocumentFileRequest>(documentFileRequested.type, (f) => f.format === format, handleDocumentFile)),
  ]);
}
