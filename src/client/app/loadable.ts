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
