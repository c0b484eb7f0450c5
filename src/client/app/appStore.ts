import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { configureHttp } from '../api/http';
import { devToolsOptions } from './devtools';
// through '../app/env', the path Jest maps to its own env (import.meta does not exist there)
import { env } from '../app/env';
import { representedCallRefused, sessionExpired } from './events';
import { connectStore } from './injectFeature';
import { loadPersistedState, persistToStorage } from './persistence';
import { rootReducer, type RootState } from './rootReducer';
import { createScenarioRecorder } from './scenario/recorder';
import { withScenarioReplay } from './scenario/replay';

export { rootReducer, type RootState } from './rootReducer';
export { loadPersistedState } from './persistence';

/**
 * A fresh store running `rootSaga` (the SPA's: app/rootSaga, through makeStore; the login page's: the login), and every
 * feature loaded so far (then every one loaded later) with its slice and saga (injectFeature). A preloaded slice of a
 * feature not loaded yet waits, as it is, for its feature.
 */
export function createAppStore(rootSaga: () => Generator, preloadedState?: Partial<RootState>) {
  const sagaMiddleware = createSagaMiddleware({
    onError: (error, { sagaStack }) => console.error('[saga] uncaught error', error, sagaStack),
  });
  // the QA scenario recorder: a pass-through until QA starts a recording (docs/scenarios.md)
  const recorder = createScenarioRecorder({ reducer: rootReducer });
  const store = configureStore({
    reducer: withScenarioReplay(rootReducer),
    // what else survives a reload is read from session storage when the caller does not give it (app/persistence)
    preloadedState: { kept: preloadedState?.kept ?? loadPersistedState().kept, ...preloadedState },
    // a production build never connects to the DevTools extension; development sees no password or token
    devTools: devToolsOptions(env.devTools),
    middleware: (getDefaultMiddleware) => getDefaultMiddleware({
        thunk: false,
        // the quick-order file travels in its action to the saga that uploads it (never into the state)
        serializableCheck: { ignoredActions: ['quickOrder/fileChosen'] },
      }).prepend(recorder.middleware).concat(sagaMiddleware),
  });
  recorder.attach(store);
  persistToStorage(store);
  sagaMiddleware.run(rootSaga);
  connectStore({ runSaga: (saga) => sagaMiddleware.run(saga), dispatch: store.dispatch });
  configureHttp({
    observe: recorder.observeHttp,
    getToken: () => store.getState().session.token,
    onSessionExpired: () => {
      if (store.getState().session.isAuthenticated) store.dispatch(sessionExpired());
    },
    onForbidden: (message) => {
      if (store.getState().session.rep?.representing) store.dispatch(representedCallRefused(message));
    },
  });
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
