import type { PayloadAction } from '@reduxjs/toolkit';
import { call, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { CompanyApproval, CompanyApprovalDecision, CompanyApprovalList } from '@shared/api/companyApprovals';
import { fill } from '@shared/messages';
import { formatCLP } from '@shared/money';
import { toApiError } from '@client/api/http';
import { confirmRequested, userDecision } from '@client/app/confirmSlice';
import { navigateTo } from '@client/app/navigation';
import { notify } from '@client/app/notify';
import { failureOf } from '@client/app/problems';
import { callWithTimeout } from '@client/app/sagaUtils';
import { approveOrder, fetchApprovals, rejectOrder } from './api';
import { APPROVALS_TEXT as T, COMPANY_APPROVALS_PATH } from './companyApprovalsTexts';
import {
  approvalsLoaded,
  approvalsLoadFailed,
  approvalsOpened,
  approveRequested,
  changesFound,
  decisionDeclined,
  decisionDone,
  decisionFailed,
  decisionStarted,
  rejectRequested,
  selectApproval,
} from './companyApprovalsSlice';

export function* handleApprovalsOpened() {
  try {
    const answer: CompanyApprovalList = yield call(callWithTimeout, fetchApprovals);
    yield put(approvalsLoaded(answer.rows));
  } catch (error) {
    yield put(approvalsLoadFailed(failureOf(error, T.failure)));
  }
}

/** Decided: the order leaves the list, the approver is back at Por aprobar and reads what happened. */
function* decided(id: number, answer: CompanyApprovalDecision) {
  yield put(decisionDone({ id }));
  yield call(navigateTo, COMPANY_APPROVALS_PATH);
  yield call(notify, answer.message, 'success');
}

/**
 * A decision refused: an approve of an order that changed shows what changed (and the order as it is now); an order
 * another approver decided first (409) is read again with the list; anything else is the screen's alert.
 */
function* refused(id: number, error: unknown) {
  const failure = toApiError(error);
  if (failure.approval) {
    yield put(changesFound({ id, message: failure.message, ...failure.approval }));
    return;
  }
  yield put(decisionFailed(failure.message));
  if (failure.status === 409) yield put(approvalsOpened());
}

/**
 * 'Aprobar': confirmed with the order's number, buyer and total, then sent with the total the approver was shown (the
 * server refuses it with what changed when the order is no longer that one).
 */
export function* handleApprove(action: PayloadAction<{ id: number }>) {
  const { id } = action.payload;
  const approval: CompanyApproval | undefined = yield select(selectApproval, id);
  if (!approval) {
    yield put(decisionFailed(T.notFound));
    return;
  }
  yield put(
    confirmRequested({
      title: fill(T.approveTitle, { number: approval.number }),
      text: fill(T.approveText, { buyer: approval.buyer.name || approval.buyer.rut, total: formatCLP(approval.totals.total) }),
      positive: T.approve,
      negative: T.cancel,
    }),
  );
  const [confirmed]: [unknown, unknown] = yield userDecision();
  if (!confirmed) {
    yield put(decisionDeclined());
    return;
  }
  yield put(decisionStarted());
  try {
    const answer: CompanyApprovalDecision = yield call(callWithTimeout, approveOrder, id, approval.totals.total);
    yield* decided(id, answer);
  } catch (error) {
    yield* refused(id, error);
  }
}

/** 'Rechazar pedido' in the dialog: the reason (already valid) sent at once. */
export function* handleReject(action: PayloadAction<{ id: number; reason: string }>) {
  const { id, reason } = action.payload;
  try {
    const answer: CompanyApprovalDecision = yield call(callWithTimeout, rejectOrder, id, reason);
    yield* decided(id, answer);
  } catch (error) {
    yield* refused(id, error);
  }
}

export function* companyApprovalsSaga() {
  yield takeLatest(approvalsOpened.type, handleApprovalsOpened);
  // one decision at a time: a second press while one runs is ignored
  yield takeLeading(approveRequested.type, handleApprove);
  yield takeLeading(rejectRequested.type, handleReject);
}
