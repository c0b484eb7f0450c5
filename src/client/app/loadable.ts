// The shapes every slice uses for what it loads and for the flows it runs, so screens read them the same way.

export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';
export type FlowStatus = 'idle' | 'running' | 'failed';

/** Something loaded from the API: where the load stands, the data, and its failure message. */
export interface Loadable<T> {
  status: LoadStatus;
  data: T;
  error: string | null;
}

/** A flow a saga runs (save, delete…): where it stands and its failure message. */
export interface Flow {
  status: FlowStatus;
  error: string | null;
}

export const idleFlow: Flow = { status: 'idle', error: null };

/** A load whose data the slice keeps elsewhere (or not at all): where it stands and its failure message. */
export type LoadState = { status: LoadStatus; error: string | null };

/** A load not started yet; `data` is what screens show meanwhile. */
export const idleLoad = <T>(data: T): Loadable<T> => ({ status: 'idle', data, error: null });

/** The answer arrived. */
export const loadedWith = <T>(data: T): Loadable<T> => ({ status: 'loaded', data, error: null });

/** A load starts (in a reducer): the data shown so far stays, the last failure goes. */
export function startLoading(load: LoadState): void {
  load.status = 'loading';
  load.error = null;
}

/** A load failed (in a reducer): its message; the data shown so far stays. */
export function loadFailed(load: LoadState, error: string): void {
  load.status = 'failed';
  load.error = error;
}

/** Not answered yet: the screen shows its spinner or progress bar. */
export const isPending = (status: LoadStatus) => status === 'idle' || status === 'loading';
