import type { PayloadAction } from '@reduxjs/toolkit';
import { all, call, fork, put, select, takeLeading } from 'redux-saga/effects';
import type { RepresentResponse, RepSessionInfo } from '@shared/api/reps';
import { REPRESENTATION_LOST } from '@shared/schemas/reps';
import { toApiError } from '@client/api/http';
import { actingCompanyChanged, representedCallRefused } from '@client/app/events';
import { navigateTo } from '@client/app/navigation';
import { notify } from '@client/app/notify';
import { pagedListSagas } from '@client/app/pagedListSagas';
import { REP_CUSTOMERS_PATH } from '@client/app/routePaths';
import { callWithTimeout, safe } from '@client/app/sagaUtils';
import { endRepresentation, fetchRepCustomers, representCustomer } from './api';
import { selectRepCustomersQuery, selectRepSession, selectSessionToken } from './repsSelectors';
import { endFinished, endRequested, representFinished, representRequested, repCustomersList, type RepresentRequest } from './repsSlice';

// A sales rep takes on and lets go of a customer (docs/sales-reps.md). Each change swaps the session's token for the
// server's new one (actingCompanyChanged: the session keeps the rep's state, and every slice of company data forgets
// the previous customer's), tells the server's message and goes where the rep works next.

/** Where a rep goes after 'Representar': the represented customer's catalogue, with their prices. */
export const REPRESENTED_HOME = '/user/catalog';

/** 'Mis clientes': the page the list's state asks for (a typed search after a pause). */
export const { load: loadRepCustomers, handleChanged: handleRepCustomersChanged, watchList: watchRepCustomers } = pagedListSagas(repCustomersList, {
  selectQuery: selectRepCustomersQuery,
  fetchPage: fetchRepCustomers,
});

/** The server's answer to 'Representar' or 'Terminar' taken: the token swapped, its message told, the rep taken to `to`. */
function* actingCompanyTaken(answer: RepresentResponse, variant: 'success' | 'info', to: string) {
  yield put(actingCompanyChanged({ token: answer.token, rep: answer.rep }));
  yield call(notify, answer.message, variant);
  yield call(navigateTo, to);
}

/** 'Representar': the session acts for the customer from now on; a refusal is told and nothing changes. */
export function* handleRepresent(action: PayloadAction<RepresentRequest>) {
  try {
    const answer: RepresentResponse = yield call(callWithTimeout, representCustomer, action.payload.cardCode);
    yield* actingCompanyTaken(answer, 'success', REPRESENTED_HOME);
  } catch (error) {
    yield call(notify, toApiError(error).message, 'error');
  } finally {
    yield put(representFinished());
  }
}

/** 'Terminar': the session acts for no customer again; the rep is back at their customers. */
export function* handleEnd() {
  try {
    const answer: RepresentResponse = yield call(callWithTimeout, endRepresentation);
    yield* actingCompanyTaken(answer, 'info', REP_CUSTOMERS_PATH);
  } catch (error) {
    yield call(notify, toApiError(error).message, 'error');
  } finally {
    yield put(endFinished());
  }
}

/**
 * A call refused because the representation ended elsewhere or the customer left the rep's scope in the ERP: the SPA
 * ends it too (the customer's data forgotten), tells the server's words and goes back to 'Mis clientes'. The server is
 * then asked for a token that names no customer; without one the old token still serves the rep's own screens.
 */
export function* handleRepresentedCallRefused(action: PayloadAction<string>) {
  if (!REPRESENTATION_LOST.includes(action.payload)) return;
  const rep: RepSessionInfo | null = yield select(selectRepSession);
  if (!rep?.representing) return;
  const token: string | null = yield select(selectSessionToken);
  yield put(actingCompanyChanged({ token: token ?? '', rep: { ...rep, representing: null } }));
  yield call(notify, action.payload, 'warning');
  yield call(navigateTo, REP_CUSTOMERS_PATH, { replace: true });
  try {
    const answer: RepresentResponse = yield call(callWithTimeout, endRepresentation);
    yield put(actingCompanyChanged({ token: answer.token, rep: answer.rep }));
  } catch {
    // the representation is over in the SPA already; the rep's own routes accept the old token
  }
}

export function* repsSaga() {
  yield all([
    fork(watchRepCustomers),
    takeLeading(representRequested.type, safe(handleRepresent)),
    takeLeading(endRequested.type, safe(handleEnd)),
    takeLeading(representedCallRefused.type, safe(handleRepresentedCallRefused)),
  ]);
}
