import { all, spawn } from 'redux-saga/effects';
import { loginSaga } from '../features/session/loginSagas';
import { sessionSaga } from '../features/session/sessionSagas';

// The saga of every page of the SPA: the session's. Each other feature's saga starts when the feature loads
// (injectFeature). spawn: a saga that dies does not take the others down.
// Logins happen on the login page (a page of its own, decision D22, which runs loginSaga alone); the SPA runs it too
// for the QA scenarios recorded with the login in the SPA's store (test/scenarios), which replay it there.
export function* rootSaga() {
  yield all([spawn(sessionSaga), spawn(loginSaga)]);
}
