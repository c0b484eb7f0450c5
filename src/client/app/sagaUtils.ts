import { call } from 'redux-saga/effects';

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
