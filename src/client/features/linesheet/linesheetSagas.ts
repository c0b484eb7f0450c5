import type { PayloadAction } from '@reduxjs/toolkit';
import type { EventChannel } from 'redux-saga';
import { all, call, put, race, select, take, takeLatest, takeLeading } from 'redux-saga/effects';
import type { CatalogueTree } from '@shared/api/erp';
import type { LinesheetSent } from '@shared/api/linesheet';
import type { SavedListList } from '@shared/api/savedLists';
import { fill } from '@shared/messages';
import { linesheetQuery, type LinesheetFormat } from '@shared/schemas/linesheet';
import { fetchCatalogueTree } from '@client/api/catalog';
import { toApiError } from '@client/api/http';
import { saveFile } from '@client/app/download';
import { sendOnce, type AttemptSlot } from '@client/app/keyedAttempt';
import type { Loadable } from '@client/app/loadable';
import { notify } from '@client/app/notify';
import { callWithTimeout, safe } from '@client/app/sagaUtils';
import { fetchLinesheetLists, linesheetDownload, sendLinesheetAsAdmin, sendLinesheetAsRep, type LinesheetChoice, type LinesheetEvent, type LinesheetSendBody } from './api';
import {
  linesheetCancelled,
  linesheetCancelRequested,
  linesheetDownloaded,
  linesheetDownloadFailed,
  linesheetDownloadRequested,
  linesheetListsFailed,
  linesheetListsLoaded,
  linesheetListsRequested,
  linesheetProgressed,
  linesheetSendAttemptSettled,
  linesheetSendAttemptStarted,
  linesheetSendFailed,
  linesheetSendRequested,
  linesheetSent,
  linesheetTreeFailed,
  linesheetTreeLoaded,
  linesheetTreeRequested,
  selectLinesheet,
  type LinesheetSender,
  type LinesheetState,
} from './linesheetSlice';
import { LINESHEET_TEXT } from './linesheetTexts';

/** The choice's first problem as the server would word it (the shared schema), or null. */
export function choiceProblem(format: LinesheetFormat, choice: LinesheetChoice): string | null {
  try {
    linesheetQuery.validateSync({ ...choice, format });
    return null;
  } catch (error) {
    return toApiError(error).message;
  }
}

/**
 * Downloads the sheet: each chunk read moves the progress, the finished file is saved by the browser; 'Cancelar'
 * (or a new download) closes the channel, which aborts the request.
 */
export function* handleLinesheetDownload(action: PayloadAction<{ format: LinesheetFormat; choice: LinesheetChoice }>) {
  const { format, choice } = action.payload;
  const problem = choiceProblem(format, choice);
  if (problem) {
    yield put(linesheetDownloadFailed(problem));
    return;
  }
  const channel: EventChannel<LinesheetEvent> = yield call(linesheetDownload, format, choice);
  try {
    for (;;) {
      const { event, cancel } = (yield race({ event: take(channel), cancel: take(linesheetCancelRequested.type) })) as { event?: LinesheetEvent; cancel?: unknown };
      if (cancel) {
        yield put(linesheetCancelled());
        yield call(notify, LINESHEET_TEXT.cancelled, 'info');
        return;
      }
      if (!event) return;
      if (event.type === 'progress') {
        yield put(linesheetProgressed({ received: event.received, estimate: event.estimate, styles: event.styles }));
      } else if (event.type === 'done') {
        yield call(saveFile, event.file.blob, event.file.filename);
        yield put(linesheetDownloaded(event.file.filename));
        yield call(notify, fill(LINESHEET_TEXT.done, { name: event.file.filename }), 'success');
        return;
      } else {
        yield put(linesheetDownloadFailed(event.message));
        return;
      }
    }
  } finally {
    channel.close();
  }
}

/** The categories for the choice of one, read once per session. */
export function* handleTreeRequested() {
  const { tree }: LinesheetState = yield select(selectLinesheet);
  if ((tree as Loadable<unknown>).status !== 'loading') return;
  try {
    const loaded: CatalogueTree = yield call(callWithTimeout, fetchCatalogueTree);
    yield put(linesheetTreeLoaded(loaded));
  } catch (error) {
    yield put(linesheetTreeFailed(toApiError(error).message));
  }
}

/** The saved lists the person may read, for the choice of one. */
export function* handleListsRequested() {
  try {
    const loaded: SavedListList = yield call(callWithTimeout, fetchLinesheetLists);
    yield put(linesheetListsLoaded(loaded));
  } catch (error) {
    yield put(linesheetListsFailed(toApiError(error).message));
  }
}

/**
 * 'Enviar lista de precios' (an admin, a rep): one mail per Idempotency-Key. A send whose outcome is unknown (no answer,
 * 5xx) keeps its key, and the same body sent again repeats it, so one press never mails the customer twice; a changed
 * body is a new send.
 */
export function* handleSendRequested(action: PayloadAction<{ who: LinesheetSender; body: LinesheetSendBody }>) {
  const { who, body } = action.payload;
  try {
    const result: LinesheetSent = yield call(sendOnce, SEND_ATTEMPT, body, who === 'admin' ? sendLinesheetAsAdmin : sendLinesheetAsRep, body);
    yield put(linesheetSent(result));
    yield call(notify, result.message, 'success');
  } catch (error) {
    const { message } = toApiError(error);
    yield put(linesheetSendFailed(message));
    yield call(notify, message, 'error');
  }
}

/** Where 'Enviar lista de precios' keeps its Idempotency-Key while its outcome is unknown. */
export const SEND_ATTEMPT: AttemptSlot<LinesheetSendBody, { linesheet: LinesheetState }> = {
  select: (state) => selectLinesheet(state).send.attempt,
  started: linesheetSendAttemptStarted,
  settled: linesheetSendAttemptSettled,
};

export function* linesheetSaga() {
  yield all([
    takeLatest(linesheetDownloadRequested.type, safe(handleLinesheetDownload)),
    takeLeading(linesheetTreeRequested.type, safe(handleTreeRequested)),
    takeLatest(linesheetListsRequested.type, safe(handleListsRequested)),
    takeLeading(linesheetSendRequested.type, safe(handleSendRequested)),
  ]);
}
