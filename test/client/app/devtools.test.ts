import { compose, type Action, type DevToolsEnhancerOptions, type Reducer, type StoreEnhancerStoreCreator } from '@reduxjs/toolkit';
import { waitFor } from '@testing-library/react';
import { actionSanitizer, devToolsOptions, REDACTED, redactSecrets, stateSanitizer } from '@client/app/devtools';
import { rootReducer, type makeStore as MakeStore } from '@client/app/store';
// the whole store: every feature's slice (and saga) joins the root reducer, as the scenario runner does
import '@client/app/allFeatures';
import { userSaveSubmitted } from '@client/features/adminUsers/adminUsersSlice';
import { loginSubmitted, loginSucceeded, passwordChangeSubmitted } from '@client/features/session/sessionSlice';
import { sessionOf } from '../renderWithProviders';

const newUser = {
  username: '76.123.456-0',
  password: 'Clave2025',
  confirmPassword: 'Clave2025',
  email: 'compras@losandes.cl',
  address: 'Av. Brasil 2350, Valparaíso',
  cellphone: '12345678',
  enabled: true,
  userType: 'USER' as const,
};

describe('DevTools sanitizers', () => {
  it('hide the password of the login event and keep the rut', () => {
    const action = loginSubmitted({ username: '76.123.456-0', password: 'Demo1234' });
    expect(actionSanitizer(action)).toEqual({ type: 'session/loginSubmitted', payload: { username: '76.123.456-0', password: REDACTED } });
    // the dispatched action itself is untouched: the saga still reads the password from it
    expect(action.payload.password).toBe('Demo1234');
  });

  it('hide the three passwords of a password change and both of a new user', () => {
    const change = passwordChangeSubmitted({ username: '76.123.456-0', currentPassword: 'Demo1234', password: 'Nueva1234', confirmPassword: 'Nueva1234' });
    expect(actionSanitizer(change).payload).toEqual({ username: '76.123.456-0', currentPassword: REDACTED, password: REDACTED, confirmPassword: REDACTED });
    expect(actionSanitizer(userSaveSubmitted(newUser)).payload).toEqual({ ...newUser, password: REDACTED, confirmPassword: REDACTED });
  });

  it('hide secrets at any depth, in arrays, whatever the case of the key, and tokens and authorization headers', () => {
    const action = {
      type: 'x/happened',
      payload: {
        request: { passwordTax: 'sii-secreta', headers: { Authorization: 'Bearer jwt' } },
        users: [{ newPassword: 'Nueva1234', NEWPASSWORD: 'otra' }],
        token: 'jwt-abc',
      },
      meta: { authorization: 'Bearer jwt' },
    };
    expect(actionSanitizer(action)).toEqual({
      type: 'x/happened',
      payload: {
        request: { passwordTax: REDACTED, headers: { Authorization: REDACTED } },
        users: [{ newPassword: REDACTED, NEWPASSWORD: REDACTED }],
        token: REDACTED,
      },
      meta: { authorization: REDACTED },
    });
    expect(JSON.stringify(actionSanitizer(action))).not.toMatch(/jwt|sii-secreta|Nueva1234|otra/);
  });

  it("hide the session's token in the state; an absent token stays null", () => {
    const state = rootReducer(undefined, loginSucceeded({ token: 'jwt-buyer', id: 12, role: 'USER', username: '76123456-0', company: { rut: '76.123.456-0', role: 'ADMINISTRADOR', name: '' } }));
    const shown = stateSanitizer(state);
    expect(shown.session).toMatchObject({ token: REDACTED, id: 12, role: 'USER', username: '76123456-0', isAuthenticated: true });
    expect(JSON.stringify(shown)).not.toContain('jwt-buyer');
    expect(state.session.token).toBe('jwt-buyer');
    expect(stateSanitizer(rootReducer(undefined, { type: 'init' })).session.token).toBeNull();
  });

  it('survive cycles and keep what is not a plain object', () => {
    const date = new Date(0);
    const looped: Record<string, unknown> = { token: 't', date };
    looped.self = looped;
    const shown = redactSecrets(looped);
    expect(shown.token).toBe(REDACTED);
    expect(shown.date).toBe(date);
    expect(shown.self).toBe(shown);
  });

  it('are off in a production build and on, with both sanitizers, in development', () => {
    expect(devToolsOptions(false)).toBe(false);
    expect(devToolsOptions(true)).toMatchObject({ actionSanitizer, stateSanitizer });
  });
});

describe('the state never holds a password', () => {
  it('login, password change and user creation keep their passwords in the event only', () => {
    let state = rootReducer({ ...rootReducer(undefined, { type: 'init' }), session: sessionOf('SUPERADMIN') }, { type: 'init' });
    for (const action of [
      loginSubmitted({ username: '76.123.456-0', password: 'Demo1234' }),
      passwordChangeSubmitted({ username: '76.123.456-0', currentPassword: 'Demo1234', password: 'Nueva1234', confirmPassword: 'Nueva1234' }),
      userSaveSubmitted(newUser),
    ]) {
      state = rootReducer(state, action);
    }
    expect(JSON.stringify(state)).not.toMatch(/Demo1234|Nueva1234|Clave2025/);
  });
});

// The extension as RTK finds it on window: its compose records what it would show for every action (the sanitized
// action and the sanitized state after it), as the real extension does through its own lifted reducer.
interface Shown {
  action: unknown;
  state: unknown;
}

function installExtensionStub() {
  const shown: Shown[] = [];
  const composeStub = jest.fn((options: DevToolsEnhancerOptions) => (...enhancers: unknown[]) => {
    const record =
      (next: StoreEnhancerStoreCreator) =>
      (reducer: Reducer, preloaded?: unknown) =>
        next((state: unknown, action: Action) => {
          const after = reducer(state, action) as unknown;
          shown.push({ action: options.actionSanitizer!(action, 0), state: options.stateSanitizer!(after, 0) });
          return after;
        }, preloaded as never);
    return compose(record as never, ...(enhancers as never[]));
  });
  const extensionStub = jest.fn();
  Object.assign(window, { __REDUX_DEVTOOLS_EXTENSION_COMPOSE__: composeStub, __REDUX_DEVTOOLS_EXTENSION__: extensionStub });
  return { shown, composeStub, extensionStub };
}

/** makeStore from fresh modules (RTK reads the extension when it loads), in a development or a production build. */
function freshMakeStore(dev: boolean): typeof MakeStore {
  let makeStore: typeof MakeStore | undefined;
  jest.isolateModules(() => {
    jest.doMock('../../../src/client/app/env', () => ({ env: { apiBase: '/api', brand: '', dev, devTools: dev } }));
    ({ makeStore } = jest.requireActual<{ makeStore: typeof MakeStore }>('../../../src/client/app/store'));
  });
  return makeStore!;
}

describe('the store and the DevTools extension', () => {
  const realFetch = global.fetch;
  beforeEach(() => {
    global.fetch = jest.fn(async () =>
      new Response(JSON.stringify({ token: 'jwt-admin-secreto', id: 1, type: 'ADMIN', userActive: true, changePassword: true }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    ) as unknown as typeof fetch;
  });
  afterEach(() => {
    global.fetch = realFetch;
    delete (window as { __REDUX_DEVTOOLS_EXTENSION_COMPOSE__?: unknown }).__REDUX_DEVTOOLS_EXTENSION_COMPOSE__;
    delete (window as { __REDUX_DEVTOOLS_EXTENSION__?: unknown }).__REDUX_DEVTOOLS_EXTENSION__;
    jest.dontMock('../../../src/client/app/env');
  });

  it('in development the extension gets the sanitizers, and no password or token reaches it through a login', async () => {
    const { shown, composeStub } = installExtensionStub();
    const store = freshMakeStore(true)();
    expect(composeStub).toHaveBeenCalledTimes(1);
    // (the fresh modules have their own copies of the sanitizers)
    expect(composeStub.mock.calls[0]![0]).toMatchObject({ actionSanitizer: expect.any(Function), stateSanitizer: expect.any(Function) });

    store.dispatch(loginSubmitted({ username: '11.111.111-1', password: 'Admin1234' }));
    await waitFor(() => expect(store.getState().session).toMatchObject({ isAuthenticated: true, token: 'jwt-admin-secreto' }));

    const types = shown.map((s) => (s.action as Action).type);
    expect(types).toEqual(expect.arrayContaining(['session/loginSubmitted', 'session/loginSucceeded']));
    expect(shown.find((s) => (s.action as Action).type === 'session/loginSubmitted')!.action).toMatchObject({ payload: { password: REDACTED } });
    expect(shown.at(-1)!.state).toMatchObject({ session: { token: REDACTED, isAuthenticated: true } });
    expect(JSON.stringify(shown)).not.toMatch(/Admin1234|jwt-admin-secreto/);
  });

  it('in a production build the store never calls the extension', () => {
    const { composeStub, extensionStub } = installExtensionStub();
    const store = freshMakeStore(false)();
    store.dispatch(loginSubmitted({ username: '11.111.111-1', password: 'Admin1234' }));
    expect(composeStub).not.toHaveBeenCalled();
    expect(extensionStub).not.toHaveBeenCalled();
  });
});
