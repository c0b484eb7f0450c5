import { combineReducers, configureStore, createSlice } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { put, takeEvery } from 'redux-saga/effects';
import { REDACTED } from '@client/app/devtools';
import { parseScenario, serializeScenario, SCENARIO_FORMAT, SCENARIO_VERSION, type ScenarioFile } from '@client/app/scenario/format';
import { getScenarioRecorder, LAST_KEY, RECORDING_KEY, ScenarioRecorder } from '@client/app/scenario/recorder';
import { REPLAY_ACTION, stateAt, withScenarioReplay } from '@client/app/scenario/replay';
import { sanitize, SecretMemory } from '@client/app/scenario/sanitize';
import { makeStore } from '@client/app/store';
// the whole store: every feature's slice (and saga) joins the root reducer, as the scenario runner does
import '@client/app/allFeatures';
import { loginSubmitted } from '@client/features/session/sessionSlice';
import { scenarioRecorderFromEnv } from '@server/config';

// The QA scenario recorder: what it records (every action, UI or saga, and the API answers), that nothing secret is
// ever in a recording, that a recording survives a page load, and that replay is reducer-only.

const PASSWORD = 'Secreta-2025';
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIzIn0.firma-secreta';
const TOKEN_WS = '01ab7c9e3d5f4a2b8c6d0e1f2a3b4c5d6e7f8091a2b3c4d5e6f7a8b9c0d1e2f3';

function answer(status: number, body: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** fetch answering the login with a token and anything else with 404. */
function mockFetch() {
  return jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.endsWith('/security/xsrf')) return new Response(null, { status: 204 });
    if (url.endsWith('/security/login')) return answer(200, { token: JWT, id: 3, type: 'USER', userActive: true, changePassword: true });
    return answer(404, { message: 'No encontrado' });
  });
}

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timeout');
    await new Promise((r) => setTimeout(r, 10));
  }
};

afterEach(() => jest.restoreAllMocks());

describe('recording through the real store', () => {
  it('records the UI action, the API answer and the saga puts in order, and never a password or a token', async () => {
    mockFetch();
    const store = makeStore();
    const recorder = getScenarioRecorder()!;
    recorder.start('login');
    store.dispatch(loginSubmitted({ username: '76.123.456-0', password: PASSWORD }));
    await until(() => store.getState().session.isAuthenticated);
    await new Promise((r) => setTimeout(r, 50));
    const scenario = recorder.stop()!;

    expect(scenario.format).toBe(SCENARIO_FORMAT);
    expect(scenario.version).toBe(SCENARIO_VERSION);
    const [first, second, third] = scenario.steps;
    expect(first).toMatchObject({ kind: 'action', source: 'ui', action: { type: 'session/loginSubmitted', payload: { username: '76.123.456-0', password: REDACTED } } });
    expect(second).toMatchObject({ kind: 'api', method: 'POST', path: '/security/login', status: 200, body: { token: REDACTED, id: 3 }, request: { password: REDACTED } });
    expect(third).toMatchObject({ kind: 'action', source: 'saga', action: { type: 'session/loginSucceeded' } });
    // the cart count and the profile the sagas asked for next, with their answers (404 here)
    expect(scenario.steps.some((s) => s.kind === 'api' && s.status === 404)).toBe(true);
    expect(scenario.steps.every((s) => s.t >= 0)).toBe(true);

    const text = serializeScenario(scenario);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(JWT);
    // the token the store holds is hidden in the initial state of a recording started after the login
    recorder.start('después');
    expect(JSON.stringify(recorder.stop())).not.toContain(JWT);
    // what session storage held while recording did not hold them either
    expect(JSON.stringify(window.sessionStorage.getItem(LAST_KEY))).not.toContain(JWT);
  });

  it('a recording survives a page load: the next store resumes it with a load step', async () => {
    mockFetch();
    makeStore();
    getScenarioRecorder()!.start('dos páginas');
    getScenarioRecorder()!.saveNow();
    expect(window.sessionStorage.getItem(RECORDING_KEY)).toContain('dos páginas');

    // the provider sends the browser back: a new page, a new store from session storage
    const second = makeStore();
    const recorder = getScenarioRecorder()!;
    expect(recorder.mode).toBe('recording');
    second.dispatch({ type: 'test/afterReload' });
    const scenario = recorder.stop()!;
    expect(scenario.steps.map((s) => s.kind)).toEqual(['load', 'action']);
    expect(scenario.steps[0]).toMatchObject({ kind: 'load', url: '/' });
    expect(window.sessionStorage.getItem(RECORDING_KEY)).toBeNull();
  });
});

describe('sanitizing', () => {
  it('hides DevTools secrets, provider tokens by key and the same values inside paths and URLs', () => {
    const memory = new SecretMemory();
    const action = sanitize({ type: 'payments/cardReturnOpened', payload: { tokenWs: TOKEN_WS, token_ws: TOKEN_WS, Authorization: JWT, currentPassword: 'Vieja123', passwordTax: 'SII-clave' } }, memory);
    expect(action.payload).toEqual({ tokenWs: REDACTED, token_ws: REDACTED, Authorization: REDACTED, currentPassword: REDACTED, passwordTax: REDACTED });
    const step = sanitize({ path: `/user/tbk/confirm/${TOKEN_WS}`, url: `/payment-verification?token_ws=${TOKEN_WS}&x=1`, note: `Bearer ${JWT}` }, memory);
    expect(step).toEqual({ path: `/user/tbk/confirm/${REDACTED}`, url: `/payment-verification?token_ws=${REDACTED}&x=1`, note: `Bearer ${REDACTED}` });
    // a token in a query string is hidden even when it was never seen before
    expect(sanitize({ url: '/return?token=abc&TBK_TOKEN=xyz' }, new SecretMemory())).toEqual({ url: `/return?token=${REDACTED}&TBK_TOKEN=${REDACTED}` });
    // empty secrets stay: a session without a token is told from one with a token
    expect(sanitize({ token: null, password: '' }, new SecretMemory())).toEqual({ token: null, password: '' });
  });

  it("hides a token inside a kept JSON text (a page load's first state, before the recorder saw the token anywhere)", () => {
    const memory = new SecretMemory();
    const datatbk = JSON.stringify({ token: TOKEN_WS, buy_order: 'OC000004', session_id: 'OW188723', amount: 12816 });
    const state = sanitize({ kept: { datatbk, reserve: 'X' } }, memory);
    expect(JSON.parse(state.kept.datatbk)).toEqual({ token: REDACTED, buy_order: 'OC000004', session_id: 'OW188723', amount: 12816 });
    expect(state.kept.reserve).toBe('X');
    // and is remembered: the same token in a later path is hidden too
    expect(sanitize({ path: `/user/tbk/confirm/${TOKEN_WS}` }, memory)).toEqual({ path: `/user/tbk/confirm/${REDACTED}` });
  });

  it('keeps what JSON can hold only', () => {
    expect(sanitize({ a: undefined, b: () => 1, c: new Date('2025-01-02T03:04:05.000Z') }, new SecretMemory())).toEqual({ c: '2025-01-02T03:04:05.000Z' });
  });
});

// A small app for the middleware alone: a counter and a saga that answers 'ping' with 'pong'.
const counter = createSlice({
  name: 'counter',
  initialState: { value: 0, pongs: 0 },
  reducers: {
    ping: (s) => {
      s.value += 1;
    },
    pong: (s) => {
      s.pongs += 1;
    },
  },
});
const reducer = combineReducers({ counter: counter.reducer });

function tinyStore(storage: Storage | null = null) {
  const recorder = new ScenarioRecorder({ reducer, storage, now: () => 1000 });
  const saga = createSagaMiddleware();
  let sagaRuns = 0;
  const store = configureStore({ reducer: withScenarioReplay(reducer), middleware: (gdm) => gdm({ thunk: false }).prepend(recorder.middleware).concat(saga) });
  recorder.attach(store);
  saga.run(function* root() {
    yield takeEvery(counter.actions.ping.type, function* onPing() {
      sagaRuns += 1;
      yield put(counter.actions.pong());
    });
  });
  return { store, recorder, sagaRuns: () => sagaRuns };
}

describe('middleware and replay', () => {
  it('marks saga puts (SAGA_ACTION) apart from UI dispatches', () => {
    const { store, recorder } = tinyStore();
    recorder.start();
    store.dispatch(counter.actions.ping());
    const scenario = recorder.stop()!;
    expect(scenario.steps.map((s) => (s.kind === 'action' ? `${s.source} ${s.action.type}` : s.kind))).toEqual(['ui counter/ping', 'saga counter/pong']);
  });

  it('replays reducer-only: states step by step and by jump, no saga runs, live actions held back, the live state back at the end', () => {
    const { store, recorder, sagaRuns } = tinyStore();
    recorder.start();
    store.dispatch(counter.actions.ping());
    store.dispatch(counter.actions.ping());
    recorder.stop();
    expect(store.getState().counter).toEqual({ value: 2, pongs: 2 });
    expect(sagaRuns()).toBe(2);

    recorder.startReplay();
    expect(store.getState().counter).toEqual({ value: 0, pongs: 0 });
    expect(recorder.step()).toBe(true);
    expect(store.getState().counter).toEqual({ value: 1, pongs: 0 });
    recorder.step();
    expect(store.getState().counter).toEqual({ value: 1, pongs: 1 });
    recorder.jumpTo(4);
    expect(store.getState().counter).toEqual({ value: 2, pongs: 2 });
    expect(recorder.step()).toBe(false);
    recorder.jumpTo(1);
    expect(store.getState().counter).toEqual({ value: 1, pongs: 0 });
    expect(recorder.getSnapshot()).toMatchObject({ mode: 'replaying', cursor: 1, steps: 4 });
    // the saga never saw a replayed action, and a live dispatch during the replay changes nothing
    store.dispatch(counter.actions.ping());
    expect(store.getState().counter).toEqual({ value: 1, pongs: 0 });
    expect(sagaRuns()).toBe(2);

    recorder.endReplay();
    expect(store.getState().counter).toEqual({ value: 2, pongs: 2 });
    store.dispatch(counter.actions.ping());
    expect(sagaRuns()).toBe(3);
  });

  it('stateAt: a page load replaces the state with its recorded one', () => {
    const scenario = {
      initialState: { counter: { value: 0, pongs: 0 } },
      steps: [
        { kind: 'action' as const, t: 0, source: 'ui' as const, action: { type: 'counter/ping' } },
        { kind: 'load' as const, t: 5, url: '/x', state: { counter: { value: 10, pongs: 0 } } },
        { kind: 'api' as const, t: 6, method: 'GET', path: '/y', status: 200 },
        { kind: 'action' as const, t: 7, source: 'ui' as const, action: { type: 'counter/ping' } },
      ],
    };
    expect(stateAt(scenario, 1, reducer)).toEqual({ counter: { value: 1, pongs: 0 } });
    expect(stateAt(scenario, 4, reducer)).toEqual({ counter: { value: 11, pongs: 0 } });
    expect(withScenarioReplay(reducer)({ counter: { value: 1, pongs: 0 } }, { type: REPLAY_ACTION, payload: { type: 'counter/pong' } } as never)).toEqual({ counter: { value: 1, pongs: 1 } });
  });
});

describe('the file format', () => {
  const valid: ScenarioFile = { format: SCENARIO_FORMAT, version: SCENARIO_VERSION, name: 'x', recordedAt: '2025-01-01T00:00:00.000Z', origin: 'http://localhost', initialState: {}, steps: [] };

  it('reads what it writes and refuses other formats and versions', () => {
    expect(parseScenario(serializeScenario(valid))).toEqual(valid);
    expect(() => parseScenario('no')).toThrow('no es JSON');
    expect(() => parseScenario(JSON.stringify({ ...valid, format: 'otro' }))).toThrow('Formato desconocido');
    expect(() => parseScenario(JSON.stringify({ ...valid, version: 2 }))).toThrow('Versión 2 no soportada');
    expect(() => parseScenario(JSON.stringify({ ...valid, steps: [{ kind: 'x' }] }))).toThrow('Paso 0');
  });
});

describe('the opt-in flag', () => {
  it('is on only with QA_SCENARIO_RECORDER=on', () => {
    expect(scenarioRecorderFromEnv({})).toBe(false);
    expect(scenarioRecorderFromEnv({ QA_SCENARIO_RECORDER: 'off' })).toBe(false);
    expect(scenarioRecorderFromEnv({ QA_SCENARIO_RECORDER: 'on' })).toBe(true);
  });
});
