import type { Reducer, UnknownAction } from '@reduxjs/toolkit';
import type { Saga } from 'redux-saga';
import { injectReducer, type LazyLoadedSlices } from './rootReducer';

// A feature joins the store when its module loads: its slice goes into the root reducer and its saga starts, once.
// Each feature has a `<name>Feature.ts` that calls injectFeature, imported by every screen of the feature, so whatever
// loads one of its screens (a route, the top bar) brings its state and its saga first.

/**
 * Put right after a slice joins the reducer, so the store holds the slice's state before any screen reads it (the
 * reducer alone would only add it on the next action). The scenario recorder lets it through and does not record it.
 */
export const FEATURE_LOADED = '@@app/featureLoaded';

export const isFeatureLoaded = (action: unknown) => Boolean(action) && (action as UnknownAction).type === FEATURE_LOADED;

interface StoreHooks {
  /** The store's saga middleware `run`. */
  runSaga: (saga: Saga) => unknown;
  dispatch: (action: UnknownAction) => unknown;
}

const started: Saga[] = [];
let store: StoreHooks | null = null;

/**
 * Runs a feature saga once with the store's saga middleware: now if a store exists, and in any store made later. A
 * saga that throws ends alone (the others keep running), as a spawned one did.
 */
export function runFeatureSaga(saga: Saga): void {
  if (started.includes(saga)) return;
  started.push(saga);
  store?.runSaga(saga);
}

/**
 * makeStore connects its store here: the feature sagas loaded so far start in it, and so does every one loaded later.
 * The browser makes one store per page; a test or the scenario runner that makes a new one moves the features loaded
 * after that to it.
 */
export function connectStore(hooks: StoreHooks): void {
  store = hooks;
  for (const saga of started) hooks.runSaga(saga);
}

export interface Feature<K extends keyof LazyLoadedSlices> {
  reducerPath: K;
  reducer: Reducer<LazyLoadedSlices[K]>;
  saga: Saga;
}

/** A feature's slice into the store and its saga running: called at the top level of its `<name>Feature.ts`. */
export function injectFeature<K extends keyof LazyLoadedSlices>({ reducerPath, reducer, saga }: Feature<K>): void {
  if (injectReducer(reducerPath, reducer)) store?.dispatch({ type: FEATURE_LOADED, payload: reducerPath });
  runFeatureSaga(saga);
}
