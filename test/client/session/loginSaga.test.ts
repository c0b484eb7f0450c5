import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { HttpError } from '@client/api/http';
import { loggedOut } from '@client/app/events';
import { messageShown } from '@client/app/messageSlice';
import { navigateTo } from '@client/app/navigation';
import { rootReducer } from '@client/app/store';
// the whole store: every feature's slice (and saga) joins the root reducer, as the scenario runner does
import '@client/app/allFeatures';
import { fetchProfile, login } from '@client/features/session/api';
import { handleLoadProfile, handleLogin } from '@client/features/session/loginSagas';
import { loadMissingProfile } from '@client/features/session/sessionSagas';
import { selectSession } from '@client/features/session/sessionSelectors';
import { storedFields } from '@client/app/persistence';
import { anonymousSession, loginFailed, loginSubmitted, loginSucceeded, passwordChangeRequired, profileLoaded } from '@client/features/session/sessionSlice';
import type { LoginResponse } from '@shared/api/types';
import { buyerProfile, sessionOf } from '../renderWithProviders';
import { callWithTimeout } from '@client/app/sagaUtils';

const submitted = loginSubmitted({ username: '76.123.456-0', password: 'Demo1234' });
const credentials = { username: '76123456-0', password: 'Demo1234' };
const answer = (over: Partial<LoginResponse>): LoginResponse => ({
  token: 'jwt-buyer',
  id: 12,
  type: 'USER',
  userActive: true,
  changePassword: true,
  company: { rut: '76.123.456-0', role: 'ADMINISTRADOR', name: '' },
  rep: null,
  ...over,
});

describe('login saga, step by step (R-AUTH-2)', () => {
  it('buyer: stores the session, marks it authenticated, loads the ERP profile, goes home', () => {
    const session = { token: 'jwt-buyer', id: 12, role: 'USER' as const, username: '76123456-0', company: { rut: '76.123.456-0', role: 'ADMINISTRADOR' as const, name: '' }, rep: null };
    testSaga(handleLogin, submitted)
      .next()
      .call(callWithTimeout, login, credentials)
      .next(answer({}))
      .put(loginSucceeded(session))
      .next()
      .call(handleLoadProfile, 12)
      .next()
      .call(navigateTo, '/')
      .next()
      .isDone();
  });

  it('admin: stores the session and goes home without loading a profile', () => {
    const session = { token: 'jwt-admin', id: 1, role: 'ADMIN' as const, username: '11111111-1', company: null, rep: null };
    testSaga(handleLogin, loginSubmitted({ username: '11.111.111-1', password: 'Admin1234' }))
      .next()
      .call(callWithTimeout, login, { username: '11111111-1', password: 'Admin1234' })
      .next(answer({ token: 'jwt-admin', id: 1, type: 'ADMIN', company: null }))
      .put(loginSucceeded(session))
      .next()
      .call(navigateTo, '/')
      .next()
      .isDone();
  });

  it('sales rep: stores the session with the rep’s ERP link and scope, loads no profile, starts at Mis clientes', () => {
    const rep = { salesPersonCode: 1, scope: 'ASIGNADOS' as const, name: 'Carolina Ibáñez Rojas', representing: null };
    const session = { token: 'jwt-rep', id: 30, role: 'VENDEDOR' as const, username: '13579246-2', company: null, rep };
    testSaga(handleLogin, loginSubmitted({ username: '13.579.246-2', password: 'Demo1234' }))
      .next()
      .call(callWithTimeout, login, { username: '13579246-2', password: 'Demo1234' })
      .next(answer({ token: 'jwt-rep', id: 30, type: 'VENDEDOR', company: null, rep }))
      .put(loginSucceeded(session))
      .next()
      .call(navigateTo, '/rep/customers')
      .next()
      .isDone();
  });

  it('inactive user: logged out and told on the login page (where home sends a visitor), to contact the executive', () => {
    testSaga(handleLogin, submitted)
      .next()
      .call(callWithTimeout, login, credentials)
      .next(answer({ token: '', userActive: false }))
      .put(loggedOut())
      .next()
      .put(loginFailed('Usuario inactivo, comunicarse con ejecutivo(a)'))
      .next()
      .isDone();
  });

  it('must change the password: goes to /change-password with the rut, stores no session', () => {
    testSaga(handleLogin, submitted)
      .next()
      .call(callWithTimeout, login, credentials)
      .next(answer({ token: '', changePassword: false }))
      .put(passwordChangeRequired())
      .next()
      .call(navigateTo, '/change-password', { state: { rut: '76123456-0', mustChange: true } })
      .next()
      .isDone();
  });

  it('wrong credentials (401): Usuario o password erronea', () => {
    testSaga(handleLogin, submitted)
      .next()
      .call(callWithTimeout, login, credentials)
      .throw(new HttpError(401, 'Usuario o password erronea'))
      .put(loginFailed('Usuario o password erronea'))
      .next()
      .isDone();
  });

  it('503 also shows Usuario o password erronea; other errors show the server message', () => {
    testSaga(handleLogin, submitted).next().throw(new HttpError(503, 'Service Unavailable')).put(loginFailed('Usuario o password erronea'));
    testSaga(handleLogin, submitted)
      .next()
      .throw(new HttpError(429, 'Demasiados intentos de acceso. Espera unos minutos e inténtalo de nuevo.'))
      .put(loginFailed('Demasiados intentos de acceso. Espera unos minutos e inténtalo de nuevo.'));
  });

  it('profile: stores it in session storage and in the state; a failure goes to the message bar', () => {
    testSaga(handleLoadProfile, 12).next().call(callWithTimeout, fetchProfile, 12).next(buyerProfile).put(profileLoaded(buyerProfile)).next().isDone();
    testSaga(handleLoadProfile, 12)
      .next()
      .call(callWithTimeout, fetchProfile, 12)
      .throw(new HttpError(404, 'Recurso no encontrado'))
      .put(messageShown({ tipoMessage: 'Error', message: ' Recurso no encontrado, intentelo mas tarde (B1) ' }))
      .next()
      .isDone();
  });
});

describe('login saga, whole flow with the reducers', () => {
  it('a buyer ends authenticated as user, with the profile, in state and session storage', async () => {
    const navigate = jest.fn();
    const { storeState } = await expectSaga(handleLogin, submitted)
      .withReducer(rootReducer)
      .provide([
        [matchers.call.fn(login), answer({})],
        [matchers.call.fn(fetchProfile), buyerProfile],
        [matchers.call.fn(navigateTo), navigate],
      ])
      .run();
    expect(storeState.session).toMatchObject({
      token: 'jwt-buyer',
      id: 12,
      role: 'USER',
      username: '76123456-0',
      isAuthenticated: true,
      isAdmin: false,
      isUser: true,
      status: 'idle',
      error: null,
      profile: buyerProfile,
    });
    // what the store writes to session storage (app/persistence)
    const stored = storedFields(storeState);
    expect(stored).toMatchObject({ tokens: 'jwt-buyer', role: 'USER', idUser: '12', id: '12', username: '76123456-0' });
    expect(JSON.parse(stored.profile ?? 'null')).toEqual(buyerProfile);
  });

  it('an admin ends authenticated as admin and goes home', async () => {
    await expectSaga(handleLogin, loginSubmitted({ username: '11.111.111-1', password: 'Admin1234' }))
      .withReducer(rootReducer)
      .provide([
        [matchers.call.fn(login), answer({ token: 'jwt-admin', id: 1, type: 'SUPERADMIN' })],
        [matchers.call.fn(navigateTo), undefined],
      ])
      .call(navigateTo, '/')
      .not.call.fn(fetchProfile)
      .run()
      .then(({ storeState }) => {
        expect(storeState.session).toMatchObject({ isAuthenticated: true, isAdmin: true, isUser: false, role: 'SUPERADMIN' });
      });
  });

  it('a buyer whose ERP profile fails is still logged in and sees the B1 error bar', async () => {
    const { storeState } = await expectSaga(handleLogin, submitted)
      .withReducer(rootReducer)
      .provide([
        [matchers.call.fn(login), answer({})],
        [matchers.call.fn(fetchProfile), throwError(new HttpError(0, 'Failed to fetch'))],
        [matchers.call.fn(navigateTo), undefined],
      ])
      .run();
    expect(storeState.session.isAuthenticated).toBe(true);
    expect(storeState.message.current).toEqual({ tipoMessage: 'Error', message: ' Failed to fetch, intentelo mas tarde (B1) ' });
  });

  it('an inactive user ends anonymous with the inactive message and nothing stored', async () => {
    const { storeState } = await expectSaga(handleLogin, submitted)
      .withReducer(rootReducer)
      .provide([
        [matchers.call.fn(login), answer({ token: '', userActive: false })],
        [matchers.call.fn(navigateTo), undefined],
      ])
      .run();
    expect(storeState.session).toMatchObject({ isAuthenticated: false, status: 'failed', error: 'Usuario inactivo, comunicarse con ejecutivo(a)' });
    expect(storedFields(storeState).tokens).toBeUndefined();
  });

  it('a must-change user ends anonymous with nothing stored', async () => {
    const { storeState } = await expectSaga(handleLogin, submitted)
      .withReducer(rootReducer)
      .provide([
        [matchers.call.fn(login), answer({ token: '', changePassword: false })],
        [matchers.call.fn(navigateTo), undefined],
      ])
      .call(navigateTo, '/change-password', { state: { rut: '76123456-0', mustChange: true } })
      .run();
    expect(storeState.session).toMatchObject({ isAuthenticated: false, token: null, status: 'idle' });
    expect(storedFields(storeState).tokens).toBeUndefined();
  });

  it('wrong credentials end in the failed state with the spec text', async () => {
    const { storeState } = await expectSaga(handleLogin, submitted)
      .withReducer(rootReducer)
      .provide([[matchers.call.fn(login), throwError(new HttpError(401, 'Usuario o password erronea'))]])
      .run();
    expect(storeState.session).toMatchObject({ isAuthenticated: false, status: 'failed', error: 'Usuario o password erronea' });
  });
});

describe("a page's start: a buyer's session without its profile", () => {
  // the login page loads the profile before it leads to the SPA; when that load failed, the SPA's page loads it again
  // (and says so in the message bar if it fails again)
  it('loads the profile of a buyer whose session has none', () => {
    testSaga(loadMissingProfile).next().select(selectSession).next(sessionOf('USER', null)).call(handleLoadProfile, 12).next().isDone();
  });

  it('loads nothing for a buyer with a profile, an admin or a visitor', () => {
    testSaga(loadMissingProfile).next().select(selectSession).next(sessionOf('USER')).isDone();
    testSaga(loadMissingProfile).next().select(selectSession).next(sessionOf('ADMIN')).isDone();
    testSaga(loadMissingProfile).next().select(selectSession).next(anonymousSession).isDone();
  });
});
