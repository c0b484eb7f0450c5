import { all } from 'redux-saga/effects';

export function* checkoutSaga() {
  yield all([]);
}
