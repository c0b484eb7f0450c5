import { createAppStore, type RootState } from './appStore';
import { rootSaga } from './rootSaga';

export * from './appStore';

/** The SPA's store: the session saga running (app/rootSaga). Tests build one per test. */
export function makeStore(preloadedState?: Partial<RootState>) {
  return createAppStore(rootSaga, preloadedState);
}
