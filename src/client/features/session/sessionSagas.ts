import type { PayloadAction } from '@reduxjs/toolkit';
import { all, call, fork, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { ChangePasswordRequest, MessageResponse } from '@shared/api/types';
import { MSG } from '@shared/messages';
import { compactRut } from '@shared/rut';
import { toApiError } from '@client/api/http';
import { confirmRequested, userDecision } from '@client/app/confirmSlice';
import { actingCompanyChanged, loggedOut, sessionExpired } from '@client/app/events';
import { navigateTo } from '@client/app/navigation';
import { notify } from '@client/app/notify';
import { callWithTimeout, safe } from '@client/app/sagaUtils';
import { changePassword } from './api';
import { handleLoadProfile } from './loginSagas';
import { selectIsAuthenticated, selectSession } from './sessionSelectors';
import {
  logoutRequested,
  passwordChangeDeclined,
  passwordChangeFailed,
  passwordChangeSubmitted,
  passwordChangeSucceeded,
  type SessionState,
} from './sessionSlice';

export function* handleLogout() {
  yield put(loggedOut());
  yield call(navigateTo, '/login');
}

export function* handleSessionExpired() {
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
    takeLeading(logoutRequested.type, safe(handleLogout)),
    takeLeading(passwordChangeSubmitted.type, safe(handleChangePassword)),
    takeLeading(sessionExpired.type, safe(handleSessionExpired)),
    // a rep who starts representing a customer sees that customer's ERP profile (blocking, credit, loyalty)
    takeLatest(actingCompanyChanged.type, safe(loadMissingProfile)),
  ]);
}
