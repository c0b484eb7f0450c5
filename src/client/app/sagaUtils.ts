import { call, cancelled, delay, race } from 'redux-saga/effects';
import { MSG } from '@shared/messages';
import { HttpError, type RequestOptions } from '../api/http';

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

/** A call to the server that has not answered by then is given up (R-GEN-3: status 0, 'problema de conexión'). */
export const REQUEST_TIMEOUT_MS = 30_000;

/** What callWithTimeout gives an api call as its last argument: the signal that aborts its fetch. */
type ApiCallOptions = Pick<RequestOptions, 'signal'>;

/** An api call (a feature's api.ts): its own arguments, then the options whose signal it hands to http. */
export type ApiCall = (...args: never[]) => Promise<unknown>;

/**
 * Every call a saga makes to the server: `fn(...args, { signal })` raced against REQUEST_TIMEOUT_MS. A timeout aborts
 * the fetch and throws like a lost connection; a saga cancelled meanwhile (takeLatest, a lost race) aborts it too.
 */
export function* callWithTimeout(fn: ApiCall, ...args: unknown[]) {
  const controller = new AbortController();
  const options: ApiCallOptions = { signal: controller.signal };
  try {
    const { result, timeout }: { result?: unknown; timeout?: true } = yield race({
      result: call(fn as (...a: unknown[]) => Promise<unknown>, ...args, options),
      timeout: delay(REQUEST_TIMEOUT_MS),
    });
    if (timeout) {
      controller.abort();
      throw new HttpError(0, MSG.connectionProblem);
    }
    return result;
  } finally {
    const wasCancelled: boolean = yield cancelled();
    if (wasCancelled) controller.abort();
  }
}
