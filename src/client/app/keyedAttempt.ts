import type { UnknownAction } from '@reduxjs/toolkit';
import { call, put, select } from 'redux-saga/effects';
import { newIdempotencyKey, outcomeUnknown } from '@client/api/idempotency';
import { callWithTimeout } from './sagaUtils';

// One user action that adds to the cart (the grid's 'Agregar al Carro', quick order's 'Agregar al carro', 'Volver a
// comprar') carries one Idempotency-Key (docs/exactly-once.md). The key lives in the feature's slice while the
// action's outcome is unknown, so pressing the button again after no answer, a timeout or a 5xx repeats the SAME
// action (the server answers it with what the first did) instead of adding the units a second time. Any answer that
// settles it (a 2xx, or a 4xx refusal) drops the key: the next press is a new action with a new key.

/** One user action's request and the Idempotency-Key it is sent with. */
export interface KeyedAttempt<R> {
  key: string;
  request: R;
}

/**
 * Where a feature keeps its action's attempt: how to read it, keep a new one, and drop it. (Methods, so a feature's
 * slot passes where any slot is taken: `call(sendOnce, …)` sees sendOnce's type parameters as unknown.)
 */
export interface AttemptSlot<R, S> {
  select(state: S): KeyedAttempt<R> | null;
  started(attempt: KeyedAttempt<R>): UnknownAction;
  settled(): UnknownAction;
}

/** The same request: a press after an unknown outcome with nothing changed is the same action. */
export const sameRequest = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Sends `fn(...args, key, { signal })` (through callWithTimeout) with the kept attempt's key when `request` is the
 * same request as the kept attempt, else with a new key, kept first. Answers what `fn` answers; throws what it throws,
 * dropping the key unless the outcome is unknown.
 */
export function* sendOnce<R, S>(slot: AttemptSlot<R, S>, request: R, fn: (...args: never[]) => Promise<unknown>, ...args: unknown[]) {
  const earlier: KeyedAttempt<R> | null = yield select(slot.select);
  let key: string;
  if (earlier && sameRequest(earlier.request, request)) key = earlier.key;
  else {
    key = yield call(newIdempotencyKey);
    yield put(slot.started({ key, request }));
  }
  let result: unknown;
  try {
    result = yield call(callWithTimeout, fn, ...args, key);
  } catch (error) {
    if (!outcomeUnknown(error)) yield put(slot.settled());
    throw error;
  }
  yield put(slot.settled());
  return result;
}
