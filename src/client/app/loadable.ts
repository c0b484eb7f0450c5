// The shapes every slice uses for what it loads and for the flows it runs, so screens read them the same way.

export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';
export type FlowStatus = 'idle' | 'running' | 'failed';

/**
 * A load that failed: its message and the HTTP status of the answer (0: none came, a lost connection or a timeout).
 * The status decides whether the screen offers 'Reintentar' (`canRetry` in app/problems.ts).
 */
export interface LoadFailure {
  message: string;
  status: number;
}

/** Something loaded from the API: where the load stands, the data, and its failure message and status. */
export interface Loadable<T> {
  status: LoadStatus;
  data: T;
  error: string | null;
  /** The failed answer's HTTP status (0: no answer); absent when not known. */
  errorStatus?: number;
}

/** A flow a saga runs (save, delete…): where it stands and its failure message. */
export interface Flow {
  status: FlowStatus;
  error: string | null;
}

export const idleFlow: Flow = { status: 'idle', error: null };

/** A load whose data the slice keeps elsewhere (or not at all): where it stands and its failure message. */
export type LoadState = { status: LoadStatus; error: string | null; errorStatus?: number };

/** A load not started yet; `data` is what screens show meanwhile. */
export const idleLoad = <T>(data: T): Loadable<T> => ({ status: 'idle', data, error: null });

/** The answer arrived. */
export const loadedWith = <T>(data: T): Loadable<T> => ({ status: 'loaded', data, error: null });

/** A load that failed with `data` in place of what it would have brought (a list emptied): its message and status. */
export const failedWith = <T>(data: T, failure: LoadFailure): Loadable<T> => ({ status: 'failed', data, error: failure.message, errorStatus: failure.status });

/** A load starts (in a reducer): the data shown so far stays, the last failure goes. */
export function startLoading(load: LoadState): void {
  load.status = 'loading';
  load.error = null;
  delete load.errorStatus;
}

/** A load failed (in a reducer): its message and, when known, the answer's status; the data shown so far stays. */
export function loadFailed(load: LoadState, failure: string | LoadFailure): void {
  load.status = 'failed';
  if (typeof failure === 'string') {
    load.error = failure;
    delete load.errorStatus;
  } else {
    load.error = failure.message;
    load.errorStatus = failure.status;
  }
}

/** Not answered yet: the screen shows its spinner or progress bar. */
export const isPending = (status: LoadStatus) => status === 'idle' || status === 'loading';

/**
 * The steps of a flow kept under `key` in a feature's state (a save, a deletion, a retry, an export), for its reducers
 * to take under their own event names: `start<P>()` (running; P is what the event carries), `idle` (done, or declined),
 * `failed` (with the message).
 */
export function flowSteps<K extends string>(key: K) {
  type State = Record<K, Flow>;
  return {
    start:
      <P = void>() =>
      (state: State, _action: { payload: P; type: string }) => {
        state[key] = { status: 'running', error: null };
      },
    idle(state: State) {
      state[key] = idleFlow;
    },
    failed(state: State, action: { payload: string; type: string }) {
      state[key] = { status: 'failed', error: action.payload };
    },
  };
}
