import { screen, waitFor } from '@testing-library/react';
import { take } from 'redux-saga/effects';
import { connectStore, FEATURE_LOADED, runFeatureSaga } from '@client/app/injectFeature';
import { isInjected } from '@client/app/rootReducer';
import { makeStore } from '@client/app/store';
import { initialCartState } from '@client/features/cart/cartSlice';
import { renderLoginPage, renderWithProviders, sessionOf } from '../renderWithProviders';
import { catalogueTree } from '../catalog/fixtures';
import { mockApi } from '../home/mockApi';

// This file loads features only through the app itself (no allFeatures): the tests run in order, the first one before
// any feature has loaded in this module registry.

const SHELL = ['confirm', 'kept', 'message', 'publicOrigin', 'session'];
const keys = (state: object) => Object.keys(state).sort();

describe('the store is built per route', () => {
  it('the login page has the session and the shell only: no other feature is loaded', async () => {
    const { store } = renderLoginPage();
    await screen.findByRole('button', { name: 'Acceder' });
    expect(keys(store.getState())).toEqual(SHELL);
    for (const feature of ['cart', 'search', 'catalog', 'home', 'checkout', 'payments'] as const) expect(isInjected(feature)).toBe(false);
  });

  it("a preloaded slice of a feature not loaded yet waits as it is, and its feature's reducer takes it over", async () => {
    const store = makeStore({ session: sessionOf('USER'), cart: { ...initialCartState, count: 7 } });
    store.dispatch({ type: 'anything' });
    expect(store.getState().cart).toEqual({ ...initialCartState, count: 7 });
    expect(isInjected('cart')).toBe(false);

    await import('@client/features/cart/cartFeature');
    expect(isInjected('cart')).toBe(true);
    const { cartDrawerOpened } = await import('@client/features/cart/cartSlice');
    store.dispatch(cartDrawerOpened());
    // the reducer kept the preloaded count; the cart's saga, started with the feature, reads the lines for the panel
    expect(store.getState().cart).toEqual({ ...initialCartState, count: 7, drawerOpen: true, load: { status: 'loading', error: null } });
  });

  it("a buyer's catalogue loads its feature, whose saga reads the tree, plus the top bar's search and cart", async () => {
    const api = mockApi({ '/user/b1/catalog': catalogueTree, '/user/cart/count-cart/12': 3 });
    const { store } = renderWithProviders({ route: '/user/catalog', preloadedState: { session: sessionOf('USER') } });
    await screen.findByRole('heading', { name: 'Catalogo' });
    await waitFor(() => expect(keys(store.getState())).toEqual([...SHELL, 'cart', 'catalog', 'search'].sort()));
    // the catalogue's saga started with the feature: it asked for the tree; the cart's read the badge
    await waitFor(() => expect(api.mock.calls.map(([url]) => String(url))).toEqual(expect.arrayContaining(['/api/user/b1/catalog', '/api/user/cart/count-cart/12'])));
    await waitFor(() => expect(store.getState().cart.count).toBe(3));
    expect(store.getState().home).toBeUndefined();
  });

  it('a slice that joins while a store exists is in its state at once, before any other action', async () => {
    const store = makeStore({ session: sessionOf('ADMIN') });
    const seen: string[] = [];
    store.subscribe(() => seen.push(keys(store.getState()).join(',')));
    expect(store.getState().home).toBeUndefined();
    await import('@client/features/home/homeFeature');
    expect(store.getState().home).toEqual(expect.objectContaining({ offers: expect.anything() }));
    expect(seen).toHaveLength(1);
  });
});

describe('runFeatureSaga', () => {
  it('runs a saga once in the current store, and in every store made later', async () => {
    const runs: string[] = [];
    function* probe() {
      runs.push('started');
      while (true) {
        yield take('probe/ping');
        runs.push('ping');
      }
    }
    const first = makeStore();
    runFeatureSaga(probe);
    runFeatureSaga(probe);
    first.dispatch({ type: 'probe/ping' });
    expect(runs).toEqual(['started', 'ping']);

    const second = makeStore();
    second.dispatch({ type: 'probe/ping' });
    expect(runs).toEqual(['started', 'ping', 'started', 'ping']);
  });

  it('a store connected by hand hears FEATURE_LOADED for a slice that joins after it', async () => {
    const dispatched: unknown[] = [];
    connectStore({ runSaga: () => undefined, dispatch: (action) => dispatched.push(action) });
    await import('@client/features/account/accountFeature');
    expect(dispatched).toEqual([{ type: FEATURE_LOADED, payload: 'account' }]);
    makeStore(); // the next tests' stores connect again
  });
});
