import type { PayloadAction } from '@reduxjs/toolkit';
import { all, call, fork, put, takeLeading } from 'redux-saga/effects';
import type { CustomerRequest, CustomerRequestFields, PublicRecipient } from '@shared/api/customerRequest';
import type { NotificationRecipient } from '@shared/api/orders';
import { fill } from '@shared/messages';
import { CUSTOMER_REQUEST_MSG as M } from '@shared/schemas/customerRequest';
import { HttpError, toApiError } from '@client/api/http';
import { confirmRequested, userDecision } from '@client/app/confirmSlice';
import { navigateTo } from '@client/app/navigation';
import { notify } from '@client/app/notify';
import { callWithTimeout, safe } from '@client/app/sagaUtils';
import { brandName } from '@client/components/brand';
import { findCreationRecipient, sendCustomerRequest } from './api';
import { recipientMissing, requestDeclined, requestFailed, requestSent, requestSubmitted } from './customerRequestSlice';

export const prompt = () => confirmRequested({ title: M.prompt, positive: M.confirm, negative: M.decline });

/** The body of POST /user/sendmail: the form, the recipient when known (the server picks it anyway) and the section. */
export function requestBody(fields: CustomerRequestFields, recipient: PublicRecipient | NotificationRecipient): CustomerRequest {
  return { ...fields, senderTo: 'email' in recipient ? recipient.email : '', section: 'CREATION_USER' };
}

/**
 * R-REQ-3: confirm ('Deseas enviar solicitud?'); declined → 'Solicitud no enviada!!'; confirmed → the
 * CREATION_USER recipient (none → the 'Solicitud Creación Cliente' error dialog), the mail, 'Enviado correo a
 * {brand}!!' and home.
 */
export function* handleRequestSubmitted(action: PayloadAction<CustomerRequestFields>) {
  yield put(prompt());
  const [confirmed]: [unknown, unknown] = yield userDecision();
  if (!confirmed) {
    yield put(requestDeclined());
    yield call(notify, M.declined, 'info');
    return;
  }
  try {
    const recipient: PublicRecipient | NotificationRecipient | null = yield call(callWithTimeout, findCreationRecipient);
    if (!recipient) {
      yield put(recipientMissing());
      return;
    }
    yield call(callWithTimeout, sendCustomerRequest, requestBody(action.payload, recipient));
    yield put(requestSent());
    yield call(navigateTo, '/');
    yield call(notify, fill(M.sent, { brand: brandName }), 'success');
  } catch (error) {
    // the recipient was removed between the lookup and the mail: the same dialog
    if (error instanceof HttpError && error.status === 404) {
      yield put(recipientMissing());
      return;
    }
    const { message } = toApiError(error);
    yield put(requestFailed(message));
    yield call(notify, message, 'error');
  }
}

/** One request at a time: a second submit while one runs is ignored. */
export function* watchRequestSubmitted() {
  yield takeLeading(requestSubmitted.type, safe(handleRequestSubmitted));
}

export function* customerRequestSaga() {
  yield all([fork(watchRequestSubmitted)]);
}
