import { all, spawn } from 'redux-saga/effects';
import { sessionSaga } from '../features/session/sessionSagas';

// spawn: a feature saga that dies does not take the others down.
export function* rootSaga() {
  yield all([spawn(sessionSaga)]);
}
