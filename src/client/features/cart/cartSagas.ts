import { all } from 'redux-saga/effects';

// The cart flows (add, load, change, delete, count). Filled by the cart work.
export function* cartSaga() {
  yield all([]);
}
