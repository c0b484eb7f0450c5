import type { PayloadAction } from '@reduxjs/toolkit';
import { all, call, fork, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { PaymentLinkPayResponse, PaymentLinkStatus, PaymentLinkView } from '@shared/api/paymentLinks';
import type { PaymentProvider } from '@shared/payments';
import { toApiError } from '@client/api/http';
import { newIdempotencyKey, outcomeUnknown } from '@client/api/idempotency';
import { notify } from '@client/app/notify';
import { callWithTimeout, safe } from '@client/app/sagaUtils';
import { fetchPaymentLink, fetchPaymentLinkStatus, payPaymentLink, sendPaymentLink } from './api';
import { leaveTo } from '@client/app/browser';
import {
  linkSent,
  pageLoaded,
  pageLoadFailed,
  pageOpened,
  payFailed,
  payRequested,
  payStarted,
  repLinkLoaded,
  repLinkLoadFailed,
  repLinkOpened,
  selectLinkPage,
  selectSendKey,
  sendLinkFailed,
  sendLinkRequested,
  sendLinkStarted,
  type PaymentLinkState,
} from './paymentLinkSlice';

// ---------------------------------------------------------------------------------------------------------------
// The rep: send the link, read its state
// ---------------------------------------------------------------------------------------------------------------

/** The rep's screen of an order's link opened (or 'Consultar de nuevo'): the link's state as the server has it. */
export function* handleRepLinkOpened(action: PayloadAction<number>) {
  try {
    const link: PaymentLinkStatus = yield call(callWithTimeout, fetchPaymentLinkStatus, action.payload);
    yield put(repLinkLoaded(link));
  } catch (error) {
    yield put(repLinkLoadFailed(toApiError(error).message));
  }
}

/**
 * 'Enviar link de pago': one send per Idempotency-Key. A send whose outcome is unknown (no answer, 5xx) keeps its key,
 * so the next press repeats it and the customer never gets two links from one press; any answer ends it.
 */
export function* handleSendLink(action: PayloadAction<number>) {
  const kept: string | null = yield select(selectSendKey);
  const key: string = kept ?? (yield call(newIdempotencyKey));
  yield put(sendLinkStarted(key));
  try {
    const link: PaymentLinkStatus = yield call(callWithTimeout, sendPaymentLink, action.payload, key);
    yield put(linkSent(link));
    yield call(notify, link.message, 'success');
  } catch (error) {
    const message = toApiError(error).message;
    yield put(sendLinkFailed({ message, keepKey: outcomeUnknown(error) }));
    yield call(notify, message, 'error');
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The customer's page, without a login
// ---------------------------------------------------------------------------------------------------------------

/** /pagar/:token opened: the link as the server has it, or its refusal ('Link de pago inválido' for an unknown one). */
export function* handlePageOpened(action: PayloadAction<string>) {
  try {
    const view: PaymentLinkView = yield call(callWithTimeout, fetchPaymentLink, action.payload);
    yield put(pageLoaded(view));
  } catch (error) {
    yield put(pageLoadFailed(toApiError(error).message));
  }
}

/**
 * 'Pagar con tarjeta' / 'Pagar por transferencia': the server starts (or reuses) the order's payment. Khipu's page is
 * a plain GET; WebPay's form is posted by the page (payStarted carries its url and token).
 */
export function* handlePay(action: PayloadAction<PaymentProvider>) {
  const page: PaymentLinkState['page'] = yield select(selectLinkPage);
  if (!page.token) return;
  try {
    const started: PaymentLinkPayResponse = yield call(callWithTimeout, payPaymentLink, page.token, action.payload);
    yield put(payStarted(started));
    if (started.provider === 'KHIPU') yield call(leaveTo, started.url);
  } catch (error) {
    const message = toApiError(error).message;
    yield put(payFailed(message));
    yield call(notify, message, 'error');
    // the link may have changed meanwhile (used, expired, another amount): the page says so
    yield put(pageOpened(page.token));
  }
}

export function* paymentLinkSaga() {
  yield all([
    fork(function* () {
      yield takeLatest(repLinkOpened.type, safe(handleRepLinkOpened));
    }),
    fork(function* () {
      yield takeLeading(sendLinkRequested.type, safe(handleSendLink));
    }),
    fork(function* () {
      yield takeLatest(pageOpened.type, safe(handlePageOpened));
    }),
    fork(function* () {
      yield takeLeading(payRequested.type, safe(handlePay));
    }),
  ]);
}
