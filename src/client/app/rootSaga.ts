import { all, spawn } from 'redux-saga/effects';
import { sessionSaga } from '../features/session/sessionSagas';

// The saga of every page: the session's. Each other feature's saga starts when the feature loads (injectFeature).
// spawn: a saga that dies does not take the others down.
export function* rootSaga() {
  yield all([spawn(sessionSaga)]);
}
