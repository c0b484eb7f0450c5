import { configureStore, createAction, type UnknownAction } from '@reduxjs/toolkit';
import { loggedOut } from '@client/app/events';
import { forgotten, kept, keptReducer, loadPersistedState, persistToStorage, selectKept, storedFields, type PersistedSlices } from '@client/app/persistence';
import { makeStore } from '@client/app/store';
import { anonymousSession, loginSucceeded, sessionReducer } from '@client/features/session/sessionSlice';
import { buyerProfile, sessionOf } from '../renderWithProviders';

// app/persistence: what survives a reload is state (session, kept) that one subscriber copies to session storage.

const all = () => Object.fromEntries(Object.keys(sessionStorage).map((key) => [key, sessionStorage.getItem(key)]));

describe('loadPersistedState', () => {
  it('reads the login into the session and every other known key into kept; unknown keys stay out', () => {
    Object.entries({ tokens: 'jwt', id: '12', idUser: '12', role: 'USER', username: '76123456-0', profile: JSON.stringify(buyerProfile), reserve: 'X', tipoEntrega: 'retiro', other: 'x' }).forEach(
      ([key, value]) => sessionStorage.setItem(key, value),
    );
    const state = loadPersistedState();
    expect(state.session).toMatchObject({ token: 'jwt', id: 12, role: 'USER', username: '76123456-0', isAuthenticated: true, isUser: true, profile: buyerProfile });
    expect(state.kept).toEqual({ reserve: 'X', tipoEntrega: 'retiro' });
  });

  it('a token with an unknown role is no session', () => {
    sessionStorage.setItem('tokens', 'jwt');
    sessionStorage.setItem('role', 'HACKER');
    sessionStorage.setItem('id', '1');
    expect(loadPersistedState().session).toEqual(anonymousSession);
  });

  it('no storage at all: anonymous, nothing kept', () => {
    expect(loadPersistedState(null)).toEqual({ session: anonymousSession, kept: {} });
  });
});

describe('persistToStorage', () => {
  const replaced = createAction<PersistedSlices>('test/replaced');
  const storeOf = (preloaded: PersistedSlices) => {
    // the two slices, and an action that puts a whole state back as DevTools and the scenario replay do
    const reducer = (state: PersistedSlices = preloaded, action: UnknownAction): PersistedSlices =>
      replaced.match(action) ? action.payload : { session: sessionReducer(state.session, action), kept: keptReducer(state.kept, action) };
    const store = configureStore({ reducer });
    persistToStorage(store);
    return store;
  };

  it('writes a login, keeps and forgets values, and leaves keys it does not own alone', () => {
    sessionStorage.setItem('scenarioRecording', 'the recorder’s own');
    const store = storeOf({ session: anonymousSession, kept: {} });
    store.dispatch(loginSucceeded({ token: 'jwt', id: 7, role: 'ADMIN', username: '11111111-1', company: null }));
    store.dispatch(kept({ reserve: 'X', choicesOwner: 7 }));
    expect(all()).toEqual({ scenarioRecording: 'the recorder’s own', tokens: 'jwt', id: '7', idUser: '7', role: 'ADMIN', username: '11111111-1', reserve: 'X', choicesOwner: '7' });
    store.dispatch(kept({ reserve: null }));
    store.dispatch(forgotten(['choicesOwner']));
    expect(sessionStorage.getItem('reserve')).toBeNull();
    expect(sessionStorage.getItem('choicesOwner')).toBeNull();
    expect(sessionStorage.getItem('tokens')).toBe('jwt');
  });

  it('a stale login the state does not hold leaves storage at the first change', () => {
    sessionStorage.setItem('tokens', 'old');
    const store = storeOf({ session: anonymousSession, kept: {} });
    store.dispatch(loggedOut());
    expect(sessionStorage.getItem('tokens')).toBeNull();
  });

  it('a state put back whole (DevTools time travel, a replayed step) is written too', () => {
    const store = storeOf({ session: anonymousSession, kept: { reserve: 'X' } });
    store.dispatch(replaced({ session: sessionOf('USER'), kept: { tipoEntrega: 'entrega' } }));
    expect(all()).toMatchObject({ tokens: 'token-USER', role: 'USER', tipoEntrega: 'entrega', profile: JSON.stringify(buyerProfile) });
    store.dispatch(replaced({ session: anonymousSession, kept: {} }));
    expect(all()).toEqual({});
  });

  it('logout forgets the login and the order summary’s choices, not the other kept values', () => {
    const store = storeOf({ session: sessionOf('USER'), kept: { choicesOwner: '12', paymentMethod: 'WEBPAY', reserve: 'X' } });
    store.dispatch(loggedOut());
    expect(storedFields(store.getState())).toEqual({ reserve: 'X' });
  });

  it('storage that refuses writes: the state still holds the value', () => {
    const refusing = { getItem: () => null, setItem: () => { throw new Error('quota'); }, removeItem: () => undefined };
    const store = configureStore({ reducer: { session: sessionReducer, kept: keptReducer } });
    persistToStorage(store, refusing);
    store.dispatch(kept({ reserve: 'X' }));
    expect(selectKept('reserve')(store.getState())).toBe('X');
  });
});

describe('the app store', () => {
  it('reads kept values from session storage when not given them, and writes what changes', () => {
    sessionStorage.setItem('reserve', 'X');
    const store = makeStore();
    expect(store.getState().kept).toEqual({ reserve: 'X' });
    store.dispatch(kept({ loginNotice: '[]' }));
    expect(sessionStorage.getItem('loginNotice')).toBe('[]');
  });
});
