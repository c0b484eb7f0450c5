import { call, delay, race } from 'redux-saga/effects';
import { MSG } from '@shared/messages';
import { HttpError } from '../api/http';

type Worker<A> = (action: A) => Generator;

/** Wraps a worker so an unexpected throw is logged and the watcher that forked it keeps running. */
export function safe<A>(worker: Worker<A>): (action: A) => Generator {
  return function* safeWorker(action: A) {
    try {
      yield call(worker, action);
    } catch (error) {
      console.error(`[saga] ${worker.name} failed`, error);
    }
  };
}

/** A call to the server that has not answered by then is given up (spec section 8: status 0, 'problema de conexión'). */
export const REQUEST_TIMEOUT_MS = 30_000;

/** An api call (a feature's api.ts). */
type ApiCall = (...args: never[]) => Promise<unknown>;

/** `fn(...args)` raced against REQUEST_TIMEOUT_MS; a timeout throws like a lost connection. */
export function* callWithTimeout(fn: ApiCall, ...args: unknown[]) {
  const { result, timeout }: { result?: unknown; timeout?: true } = yield race({
    result: call(fn as (...a: unknown[]) => Promise<unknown>, ...args),
    timeout: delay(REQUEST_TIMEOUT_MS),
  });
  if (timeout) throw new HttpError(0, MSG.connectionProblem);
  return result;
}
