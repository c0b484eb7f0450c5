import type { PayloadAction } from '@reduxjs/toolkit';
import { all, call, fork, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { ApiError, ChangePasswordRequest, LoginRequest, LoginResponse, MessageResponse } from '@shared/api/types';
import { fill, MSG } from '@shared/messages';
import { compactRut } from '@shared/rut';
import { toApiError } from '@client/api/http';
import type { CustomerProfile } from '@shared/api/erp';
import { confirmRequested, userDecision } from '@client/app/confirmSlice';
import { loggedOut, sessionExpired } from '@client/app/events';
import { messageShown } from '@client/app/messageSlice';
import { navigateTo } from '@client/app/navigation';
import { notify } from '@client/app/notify';
import { callWithTimeout, safe } from '@client/app/sagaUtils';
import { changePassword, fetchProfile, login } from './api';
import { clearSession, saveProfile, saveSession } from './sessionPersistence';
import { selectIsAuthenticated, selectSession } from './sessionSelectors';
import {
  loginFailed,
  loginSubmitted,
  loginSucceeded,
  logoutRequested,
  passwordChangeDeclined,
  passwordChangeFailed,
  passwordChangeRequired,
  passwordChangeSubmitted,
  passwordChangeSucceeded,
  profileLoaded,
  type SessionStarted,
  type SessionState,
} from './sessionSlice';

/** Where the must-change login sends the rut: the change-password screen reads it from the location state. */
export interface ChangePasswordLocationState {
  rut: string;
  mustChange: true;
}

/** Spec section 8: a 401 or 503 at login is 'Usuario o password erronea'; others show the server message. */
export function loginErrorMessage({ status, message }: ApiError): string {
  if (status === 401 || status === 503) return MSG.badCredentials;
  if (status === 0) return MSG.connectionProblemLater;
  return message || MSG.unknownError;
}

/** Spec section 4, login outcome. */
export function* handleLogin(action: PayloadAction<LoginRequest>) {
  const username = compactRut(action.payload.username);
  try {
    const response: LoginResponse = yield call(callWithTimeout, login, { username, password: action.payload.password });
    if (!response.userActive) {
      // logged out and told so on the login page, which is where home sends a visitor without a session
      yield call(clearSession);
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
    const session: SessionStarted = { token: response.token, id: response.id, role: response.type, username };
    yield call(saveSession, session);
    yield put(loginSucceeded(session));
    if (response.type === 'USER') yield call(handleLoadProfile, response.id);
    yield call(navigateTo, '/');
  } catch (error) {
    yield put(loginFailed(loginErrorMessage(toApiError(error))));
  }
}

/** The buyer's ERP profile; a failure goes to the global message bar (spec section 8). */
export function* handleLoadProfile(userId: number) {
  try {
    const profile: CustomerProfile = yield call(callWithTimeout, fetchProfile, userId);
    yield call(saveProfile, profile);
    yield put(profileLoaded(profile));
  } catch (error) {
    const { message } = toApiError(error);
    yield put(messageShown({ tipoMessage: 'Error', message: fill(MSG.erpLoadFailed, { message }) }));
  }
}

export function* handleLogout() {
  yield call(clearSession);
  yield put(loggedOut());
  yield call(navigateTo, '/login');
}

export function* handleSessionExpired() {
  yield call(clearSession);
  yield call(navigateTo, '/session-expired', { replace: true });
}

export function* handleChangePassword(action: PayloadAction<ChangePasswordRequest>) {
  yield put(confirmRequested({ title: MSG.changePasswordPrompt, positive: MSG.changePasswordConfirm, negative: MSG.changePasswordDecline }));
  const [confirmed]: [unknown, unknown] = yield userDecision();
  if (!confirmed) {
    yield put(passwordChangeDeclined());
    yield call(notify, MSG.changePasswordDeclined, 'info');
    return;
  }
  try {
    const response: MessageResponse = yield call(callWithTimeout, changePassword, { ...action.payload, username: compactRut(action.payload.username) });
    yield put(passwordChangeSucceeded());
    yield call(notify, response?.message || MSG.changePasswordDone, 'success');
    // the server revoked the older tokens: the user logs in again with the new password
    const authenticated: boolean = yield select(selectIsAuthenticated);
    if (authenticated) {
      yield call(clearSession);
      yield put(loggedOut());
    }
    yield call(navigateTo, '/login');
  } catch (error) {
    yield put(passwordChangeFailed(toApiError(error).message));
  }
}

/** A buyer's session without its ERP profile (the login page loaded it and the load failed): load it again. */
export function* loadMissingProfile() {
  const session: SessionState = yield select(selectSession);
  if (session.isUser && session.id !== null && !session.profile) yield call(handleLoadProfile, session.id);
}

export function* sessionSaga() {
  yield fork(loadMissingProfile);
  yield all([
    takeLatest(loginSubmitted.type, safe(handleLogin)),
    takeLeading(logoutRequested.type, safe(handleLogout)),
    takeLeading(passwordChangeSubmitted.type, safe(handleChangePassword)),
    takeLeading(sessionExpired.type, safe(handleSessionExpired)),
  ]);
}
