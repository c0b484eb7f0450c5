import type { Action, UnknownAction } from '@reduxjs/toolkit';
import { call, delay, put, race, take } from 'redux-saga/effects';
import { callWithTimeout, type ApiCall } from './sagaUtils';

// A screen that shows something the server is still settling (an order on its way to the ERP) reads it again now and
// then while it is open, so the change shows without a reload: soon at first (the ERP usually takes an order within
// seconds, and the server looks it up within seconds of that), then every 15 s, for at most 10 minutes.

/** The pauses before the first reads; every later one is REFRESH_EVERY_MS. */
export const REFRESH_PAUSES_MS = [3_000, 5_000, 10_000] as const;
export const REFRESH_EVERY_MS = 15_000;
/** After this long the screen stops reading; 'Reintentar' or opening it again starts anew. */
export const REFRESH_FOR_MS = 10 * 60_000;

export interface RefreshWhile<T> {
  /** Whether what is shown is still settling: read it again. */
  settling(value: T): boolean;
  /** The read, as `callWithTimeout(read, ...args)`. */
  read: ApiCall;
  args: unknown[];
  /** The action that shows a new reading (without a loading state). */
  refreshed(value: T): UnknownAction;
  /** The action that means the screen was left: no more reads. */
  closed(action: Action): boolean;
}

/**
 * Reads `first` again while it is settling, the screen is open and REFRESH_FOR_MS has not passed. A read that fails
 * keeps what is shown and tries again at the next pause. Run it as the last step of the screen's load saga, so that a
 * new load (another item, 'Reintentar': takeLatest) cancels it.
 */
export function* refreshWhile<T>(first: T, how: RefreshWhile<T>) {
  let value = first;
  let waited = 0;
  for (let i = 0; how.settling(value) && waited < REFRESH_FOR_MS; i++) {
    const pause = REFRESH_PAUSES_MS[i] ?? REFRESH_EVERY_MS;
    const { closed }: { closed?: Action } = yield race({ pause: delay(pause), closed: take((action: Action) => how.closed(action)) });
    if (closed) return;
    waited += pause;
    try {
      value = yield call(callWithTimeout, how.read, ...how.args);
      yield put(how.refreshed(value));
    } catch {
      // no answer now: what is shown stays, and the next pause tries again
    }
  }
}
