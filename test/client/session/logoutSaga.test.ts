import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { loggedOut, sessionExpired } from '@client/app/events';
import { navigateTo, setNavigator } from '@client/app/navigation';
import { makeStore, rootReducer, type RootState } from '@client/app/store';
// the whole store: every feature's slice (and saga) joins the root reducer, as the scenario runner does
import '@client/app/allFeatures';
import { cartCountLoaded, initialCartState } from '@client/features/cart/cartSlice';
import { handleLogout, handleSessionExpired, sessionSaga } from '@client/features/session/sessionSagas';
import { clearSession, saveProfile, saveSession } from '@client/features/session/sessionPersistence';
import { logoutRequested } from '@client/features/session/sessionSlice';
import { buyerProfile, sessionOf } from '../renderWithProviders';

const loggedInBuyer = (): RootState => ({
  ...rootReducer(undefined, { type: '@@init' }),
  session: sessionOf('USER'),
  cart: { ...initialCartState, count: 3 },
  message: { current: { tipoMessage: 'Advertencia', message: 'Bloqueado para comprar, contactar ejecutiva(o)' } },
});

describe('logout (R-AUTH-5)', () => {
  it('step by step: clears the storage, announces loggedOut, goes to /login', () => {
    testSaga(handleLogout).next().call(clearSession).next().put(loggedOut()).next().call(navigateTo, '/login').next().isDone();
  });

  it('whole: session and cart count reset, storage keys gone', async () => {
    saveSession({ token: 'jwt', id: 12, role: 'USER', username: '76123456-0' });
    saveProfile(buyerProfile);
    sessionStorage.setItem('category', 'POLERAS'); // other keys of later features stay
    // the order summary's kept choices go with the session (the next user never sees them)
    Object.entries({ choicesOwner: '12', tipoEntrega: 'entrega', deliveryAddress: 'BODEGA', deliveryTransport: '0002', invoiceAddress: 'CASA MATRIZ', paymentMethod: 'WEBPAY' }).forEach(
      ([key, value]) => sessionStorage.setItem(key, value),
    );
    const { storeState } = await expectSaga(handleLogout)
      .withReducer(rootReducer, loggedInBuyer())
      .provide([[matchers.call.fn(navigateTo), undefined]])
      .call(navigateTo, '/login')
      .run();
    expect(storeState.session).toMatchObject({ isAuthenticated: false, token: null, role: null, profile: null });
    expect(storeState.cart.count).toBe(0);
    expect(storeState.message.current).toBeNull();
    for (const key of ['tokens', 'role', 'idUser', 'id', 'username', 'profile']) expect(sessionStorage.getItem(key)).toBeNull();
    for (const key of ['choicesOwner', 'tipoEntrega', 'deliveryAddress', 'deliveryTransport', 'invoiceAddress', 'paymentMethod']) expect(sessionStorage.getItem(key)).toBeNull();
    expect(sessionStorage.getItem('category')).toBe('POLERAS');
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
  it('step by step: clears the storage and shows /session-expired', () => {
    testSaga(handleSessionExpired).next().call(clearSession).next().call(navigateTo, '/session-expired', { replace: true }).next().isDone();
  });

  it('whole: the reducers end anonymous and marked expired', async () => {
    sessionStorage.setItem('tokens', 'token-USER');
    const { storeState } = await expectSaga(sessionSaga)
      .withReducer(rootReducer, loggedInBuyer())
      .provide([[matchers.call.fn(navigateTo), undefined]])
      .dispatch(sessionExpired())
      .call(navigateTo, '/session-expired', { replace: true })
      .silentRun(50);
    expect(storeState.session).toMatchObject({ isAuthenticated: false, expired: true });
    expect(storeState.cart.count).toBe(0);
    expect(sessionStorage.getItem('tokens')).toBeNull();
  });
});
