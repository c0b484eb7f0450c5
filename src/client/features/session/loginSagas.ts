import type { PayloadAction } from '@reduxjs/toolkit';
import { call, put, takeLatest } from 'redux-saga/effects';
import type { ApiError, LoginRequest, LoginResponse } from '@shared/api/types';
import { fill, MSG } from '@shared/messages';
import { compactRut } from '@shared/rut';
import { toApiError } from '@client/api/http';
import type { CustomerProfile } from '@shared/api/erp';
import { loggedOut } from '@client/app/events';
import { messageShown } from '@client/app/messageSlice';
import { navigateTo } from '@client/app/navigation';
import { REP_CUSTOMERS_PATH } from '@client/app/routePaths';
import { callWithTimeout, safe } from '@client/app/sagaUtils';
import { fetchProfile, login } from './api';
import { loginFailed, loginSubmitted, loginSucceeded, passwordChangeRequired, profileLoaded, type SessionStarted } from './sessionSlice';

// The login: the saga of the login page (a page of its own, decision D22), where every login happens. The SPA's
// session saga (sessionSagas.ts) does the rest of the session: logout, the password change, an ended session.

/** Where the must-change login sends the rut: the change-password screen reads it from the location state. */
export interface ChangePasswordLocationState {
  rut: string;
  mustChange: true;
}

/** R-AUTH-1: a 401 or 503 at login is 'Usuario o password erronea'; others show the server message. */
export function loginErrorMessage({ status, message }: ApiError): string {
  if (status === 401 || status === 503) return MSG.badCredentials;
  if (status === 0) return MSG.connectionProblemLater;
  return message || MSG.unknownError;
}

/** R-AUTH-2, the login outcome. */
export function* handleLogin(action: PayloadAction<LoginRequest>) {
  const username = compactRut(action.payload.username);
  try {
    const response: LoginResponse = yield call(callWithTimeout, login, { username, password: action.payload.password });
    if (!response.userActive) {
      // logged out and told so on the login page, which is where home sends a visitor without a session
      yield put(loggedOut());
      yield put(loginFailed(MSG.inactiveUser));
      return;
    }
    if (response.changePassword === false) {
      yield put(passwordChangeRequired());
      const state: ChangePasswordLocationState = { rut: username, mustChange: true };
      yield call(navigateTo, '/change-password', { state });
      return;
    }
    const session: SessionStarted = { token: response.token, id: response.id, role: response.type, username, company: response.company, rep: response.rep };
    yield put(loginSucceeded(session));
    if (response.type === 'USER') yield call(handleLoadProfile, response.id);
    // a sales rep starts at their customers (a new login represents no one); everybody else at Home
    yield call(navigateTo, response.type === 'VENDEDOR' && !response.rep?.representing ? REP_CUSTOMERS_PATH : '/');
  } catch (error) {
    yield put(loginFailed(loginErrorMessage(toApiError(error))));
  }
}

/** The buyer's ERP profile; a failure goes to the global message bar (R-INV-4). */
export function* handleLoadProfile(userId: number) {
  try {
    const profile: CustomerProfile = yield call(callWithTimeout, fetchProfile, userId);
    yield put(profileLoaded(profile));
  } catch (error) {
    const { message } = toApiError(error);
    yield put(messageShown({ tipoMessage: 'Error', message: fill(MSG.erpLoadFailed, { message }) }));
  }
}

/** The login page's saga. */
export function* loginSaga() {
  yield takeLatest(loginSubmitted.type, safe(handleLogin));
}
