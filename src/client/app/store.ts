import { combineReducers, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { configureHttp } from '../api/http';
import { accountReducer } from '../features/account/accountSlice';
import { adminNotificationsReducer } from '../features/adminNotifications/adminNotificationsSlice';
import { adminUsersReducer } from '../features/adminUsers/adminUsersSlice';
import { adminCatalogReducer } from '../features/adminCatalog/adminCatalogSlice';
import { cartReducer } from '../features/cart/cartSlice';
import { checkoutReducer } from '../features/checkout/checkoutSlice';
import { catalogReducer } from '../features/catalog/catalogSlice';
import { customerRequestReducer } from '../features/customerRequest/customerRequestSlice';
import { homeReducer } from '../features/home/homeSlice';
import { paymentsReducer } from '../features/payments/paymentsSlice';
import { productReducer } from '../features/product/productSlice';
import { profileReducer } from '../features/profile/profileSlice';
import { searchReducer } from '../features/search/searchSlice';
import { loadSessionState } from '../features/session/sessionPersistence';
import { sessionReducer } from '../features/session/sessionSlice';
import { confirmReducer } from './confirmSlice';
import { devToolsOptions } from './devtools';
// through '../app/env', the path Jest maps to its own env (import.meta does not exist there)
import { env } from '../app/env';
import { sessionExpired } from './events';
import { messageReducer } from './messageSlice';
import { publicOriginReducer } from './publicOriginSlice';
import { rootSaga } from './rootSaga';
import { createScenarioRecorder } from './scenario/recorder';
import { withScenarioReplay } from './scenario/replay';

export const rootReducer = combineReducers({
  session: sessionReducer,
  cart: cartReducer,
  message: messageReducer,
  confirm: confirmReducer,
  publicOrigin: publicOriginReducer,
  home: homeReducer,
  catalog: catalogReducer,
  search: searchReducer,
  product: productReducer,
  profile: profileReducer,
  checkout: checkoutReducer,
  payments: paymentsReducer,
  account: accountReducer,
  adminUsers: adminUsersReducer,
  adminNotifications: adminNotificationsReducer,
  customerRequest: customerRequestReducer,
  adminCatalog: adminCatalogReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** A fresh store with the sagas running; tests build one per test. */
export function makeStore(preloadedState?: Partial<RootState>) {
  const sagaMiddleware = createSagaMiddleware({
    onError: (error, { sagaStack }) => console.error('[saga] uncaught error', error, sagaStack),
  });
  // the QA scenario recorder: a pass-through until QA starts a recording (docs/scenarios.md)
  const recorder = createScenarioRecorder({ reducer: rootReducer });
  const store = configureStore({
    reducer: withScenarioReplay(rootReducer),
    preloadedState,
    // a production build never connects to the DevTools extension; development sees no password or token
    devTools: devToolsOptions(env.devTools),
    middleware: (getDefaultMiddleware) => getDefaultMiddleware({ thunk: false }).prepend(recorder.middleware).concat(sagaMiddleware),
  });
  recorder.attach(store);
  sagaMiddleware.run(rootSaga);
  configureHttp({
    observe: recorder.observeHttp,
    getToken: () => store.getState().session.token,
    onSessionExpired: () => {
      if (store.getState().session.isAuthenticated) store.dispatch(sessionExpired());
    },
  });
  return store;
}

/** What survives a reload: the session in session storage. */
export function loadPersistedState(): Partial<RootState> {
  return { session: loadSessionState() };
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
