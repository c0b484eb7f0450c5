import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { loggedOut, sessionExpired } from '@client/app/events';
import { navigateTo, setNavigator } from '@client/app/navigation';
import { storedFields } from '@client/app/persistence';
import { loadPersistedState, makeStore, rootReducer, type RootState } from '@client/app/store';
// the whole store: every feature's slice (and saga) joins the root reducer, as the scenario runner does
import '@client/app/allFeatures';
import { cartCountLoaded, initialCartState } from '@client/features/cart/cartSlice';
import { handleLogout, handleSessionExpired, sessionSaga } from '@client/features/session/sessionSagas';
import { logoutRequested } from '@client/features/session/sessionSlice';
import { buyerProfile, sessionOf } from '../renderWithProviders';

const loggedInBuyer = (): RootState => ({
  ...rootReducer(undefined, { type: '@@init' }),
  session: sessionOf('USER'),
  cart: { ...initialCartState, count: 3 },
  message: { current: { tipoMessage: 'Advertencia', message: 'Bloqueado para comprar, contactar ejecutiva(o)' } },
});

describe('logout (R-AUTH-5)', () => {
  it('step by step: announces loggedOut (the store forgets the session), goes to /login', () => {
    testSaga(handleLogout).next().put(loggedOut()).next().call(navigateTo, '/login').next().isDone();
  });

  it('whole: session and cart count reset, storage keys gone', async () => {
    Object.entries({ tokens: 'jwt', id: '12', idUser: '12', role: 'USER', username: '76123456-0', profile: JSON.stringify(buyerProfile) }).forEach(([key, value]) =>
      sessionStorage.setItem(key, value),
    );
    sessionStorage.setItem('reserve', 'X'); // other kept values stay
    // the order summary's kept choices go with the session (the next user never sees them)
    Object.entries({ choicesOwner: '12', tipoEntrega: 'entrega', deliveryAddress: 'BODEGA', deliveryTransport: '0002', invoiceAddress: 'CASA MATRIZ', paymentMethod: 'WEBPAY' }).forEach(
      ([key, value]) => sessionStorage.setItem(key, value),
    );
    const { storeState } = await expectSaga(handleLogout)
      .withReducer(rootReducer, { ...loggedInBuyer(), kept: loadPersistedState().kept })
      .provide([[matchers.call.fn(navigateTo), undefined]])
      .call(navigateTo, '/login')
      .run();
    expect(storeState.session).toMatchObject({ isAuthenticated: false, token: null, role: null, profile: null });
    expect(storeState.cart.count).toBe(0);
    expect(storeState.message.current).toBeNull();
    expect(storedFields(storeState)).toEqual({ reserve: 'X' });
  });

  it('through the store: the session and the choices leave session storage, other keys stay', () => {
    Object.entries({ tokens: 'jwt', id: '12', idUser: '12', role: 'USER', username: '76123456-0', category: 'POLERAS', choicesOwner: '12', tipoEntrega: 'entrega' }).forEach(
      ([key, value]) => sessionStorage.setItem(key, value),
    );
    setNavigator(jest.fn());
    const store = makeStore(loadPersistedState());
    expect(store.getState().session.isAuthenticated).toBe(true);
    store.dispatch(logoutRequested());
    for (const key of ['tokens', 'role', 'idUser', 'id', 'username', 'profile', 'choicesOwner', 'tipoEntrega']) expect(sessionStorage.getItem(key)).toBeNull();
    expect(sessionStorage.getItem('category')).toBe('POLERAS');
    setNavigator(null);
  });

  it('through the store: the watcher answers logoutRequested', () => {
    const navigate = jest.fn();
    setNavigator(navigate);
    const store = makeStore(loggedInBuyer());
    store.dispatch(cartCountLoaded(5));
    store.dispatch(logoutRequested());
    expect(store.getState().session.isAuthenticated).toBe(false);
    expect(store.getState().cart.count).toBe(0);
    expect(navigate).toHaveBeenCalledWith('/login', undefined);
    setNavigator(null);
  });
});

describe('session expiry', () => {
  it('step by step: shows /session-expired (the reducers forget the session)', () => {
    testSaga(handleSessionExpired).next().call(navigateTo, '/session-expired', { replace: true }).next().isDone();
  });

  it('whole: the reducers end anonymous and marked expired', async () => {
    const { storeState } = await expectSaga(sessionSaga)
      .withReducer(rootReducer, loggedInBuyer())
      .provide([[matchers.call.fn(navigateTo), undefined]])
      .dispatch(sessionExpired())
      .call(navigateTo, '/session-expired', { replace: true })
      .silentRun(50);
    expect(storeState.session).toMatchObject({ isAuthenticated: false, expired: true });
    expect(storeState.cart.count).toBe(0);
    expect(storedFields(storeState).tokens).toBeUndefined();
  });
});
