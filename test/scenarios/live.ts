import type { UnknownAction } from '@reduxjs/toolkit';
import { DEMO_ACCOUNTS } from '@mocks/demo/accounts';
import { REDACTED, redactSecrets } from '@client/app/devtools';
import type { ScenarioFile, ScenarioStep } from '@client/app/scenario/format';
import { getScenarioRecorder, RECORDING_KEY } from '@client/app/scenario/recorder';
import { loadPersistedState, makeStore, type RootState } from '@client/app/store';
import { installBrowserShims } from './browserShims';
import { valueAt } from './compare';
import { serviceLayer } from './portal';
import { fail, pngFile, sagaErrors, withSideInputs, type ScenarioResult } from './runner';

// Live mode of `npm run scenarios -- --live <url> [--b1 <service layer url>]`: the same UI actions, dispatched in order
// into the real store and sagas, against a running portal over real HTTP (its stand-ins behind it). The login uses the
// scenario's declared demo account: recordings hold no password, the demo account's comes from the demo list. Each UI
// action waits until the sagas have put as many actions as the recording had before it. Data differ between portals
// (ids, order numbers) and answers come in the network's order, so the saga actions are compared by type, in any
// order; then the ERP documents the scenario declares are read from the
// B1 Service Layer. A scenario that leaves the SPA for WebPay's or Khipu's page (a page load after a provider redirect)
// cannot be followed without a browser: it fails with that reason (record it again with the browser instead).

const WAIT_MS = 20_000;

/** Cookies of the live portal (the anti-forgery one), as a browser would keep them. */
class CookieJar {
  private cookies = new Map<string, string>();
  store(res: Response) {
    const list = (res.headers as Headers & { getSetCookie?: () => string[] }).getSetCookie?.() ?? [];
    for (const line of list) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  }
  get header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

const timeline = (steps: ScenarioStep[]) => steps.filter((s) => s.kind === 'action');
const actionType = (s: ScenarioStep) => (s.kind === 'action' ? `${s.source} ${s.action.type}` : s.kind);

function withPassword(action: UnknownAction, password: string | undefined): UnknownAction {
  const payload = action.payload as Record<string, unknown> | undefined;
  if (!password || !payload || payload.password !== REDACTED) return action;
  return { ...action, payload: { ...payload, password } };
}

export async function runLive(scenario: ScenarioFile, options: { url: string; b1?: string }): Promise<ScenarioResult> {
  const started = performance.now();
  const account = scenario.account ? DEMO_ACCOUNTS.find((a) => a.rut === scenario.account!.rut) : undefined;
  if (scenario.account && !account) return fail(scenario, started, `la cuenta ${scenario.account.rut} no es una cuenta de demostración`);
  if (scenario.steps.some((s, i) => s.kind === 'load' && scenario.steps.slice(0, i).some((p) => p.kind === 'api' && /\/(tbk\/create|khipu\/payments)$/.test(p.path)))) {
    return fail(scenario, started, 'en vivo no se puede seguir la página de WebPay o Khipu sin navegador (grábelo de nuevo con npm run scenarios:record)');
  }
  const shims = installBrowserShims(`${options.url}/`);
  const jar = new CookieJar();
  const g = globalThis as unknown as { fetch: typeof fetch; document?: unknown };
  const realFetch = g.fetch;
  const savedDocument = g.document;
  g.document = {
    get cookie() {
      return jar.header;
    },
  };
  g.fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers = new Headers(init.headers);
    if (jar.header) headers.set('cookie', jar.header);
    const res = await realFetch(new URL(raw, options.url), { ...init, headers, redirect: 'manual' });
    jar.store(res);
    return res;
  };
  const errors: unknown[] = [];
  const realError = console.error;
  console.error = (...args: unknown[]) => errors.push(args);
  try {
    let store = makeStore(scenario.initialState as Partial<RootState>);
    getScenarioRecorder()!.start(scenario.name);
    let expectedBefore = 0;
    for (const [index, step] of scenario.steps.entries()) {
      if (step.kind === 'action' && step.source === 'ui') {
        await waitFor(() => recordedActions().length >= expectedBefore);
        store.dispatch(withPassword(withSideInputs(step.action as UnknownAction, scenario.steps, index, pngFile), account?.password));
      } else if (step.kind === 'load') {
        await waitFor(() => recordedActions().length >= expectedBefore);
        getScenarioRecorder()!.saveNow();
        shims.location.set(`${options.url}${step.url}`);
        store = makeStore(loadPersistedState());
      }
      if (step.kind === 'action') expectedBefore += 1;
    }
    await waitFor(() => recordedActions().length >= expectedBefore);
    await new Promise((r) => setTimeout(r, 500));
    const actual = getScenarioRecorder()!.stop()!;
    // the sagas of a live portal answer in the network's order: the saga actions must be the same, in any order
    const left = timeline(actual.steps).filter((st) => st.kind === 'action' && st.source === 'saga').map(actionType);
    for (const [i, st] of scenario.steps.entries()) {
      if (st.kind !== 'action' || st.source !== 'saga') continue;
      const at = left.indexOf(actionType(st));
      if (at < 0) return fail(scenario, started, `primera diferencia en el paso ${i} de ${scenario.steps.length}\n  esperado: ${actionType(st)}\n  obtenido: (nada)${sagaErrors(errors)}`);
      left.splice(at, 1);
    }
    if (left.length) return fail(scenario, started, `acciones de más en vivo: ${left.join(', ')}`);
    const finalState = redactSecrets(store.getState());
    for (const doc of scenario.expect?.erp ?? []) {
      if (!options.b1) continue;
      const miss = await checkErp(options.b1, doc, finalState);
      if (miss) return fail(scenario, started, miss);
    }
    return { name: scenario.name, passed: true, ms: performance.now() - started, steps: scenario.steps.length };
  } catch (error) {
    return fail(scenario, started, `la ejecución en vivo falló: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    console.error = realError;
    g.fetch = realFetch;
    g.document = savedDocument;
    shims.restore();
  }

  /** The actions of the recording in progress (session storage holds it as it grows). */
  function recordedActions() {
    getScenarioRecorder()!.saveNow();
    const text = shims.storage.getItem(RECORDING_KEY);
    return text ? timeline((JSON.parse(text) as { steps: ScenarioStep[] }).steps) : [];
  }
}

async function waitFor(check: () => boolean) {
  const end = Date.now() + WAIT_MS;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
}

/** The declared ERP document, read through the Service Layer; the reason it does not match, or null. */
async function checkErp(b1: string, doc: NonNullable<NonNullable<ScenarioFile['expect']>['erp']>[number], finalState: unknown): Promise<string | null> {
  const erpGet = serviceLayer(b1);
  const reference = typeof doc.reference === 'object' ? valueAt(finalState, doc.reference.fromState) : doc.reference;
  const refField = doc.entity === 'IncomingPayments' ? 'CounterReference' : 'NumAtCard';
  const filters = [doc.cardCode ? `CardCode eq '${doc.cardCode}'` : '', typeof reference === 'string' ? `${refField} eq '${reference}'` : ''].filter(Boolean).join(' and ');
  const end = Date.now() + 15_000;
  for (;;) {
    const docs = (await erpGet<{ value: Record<string, unknown>[] }>(`${doc.entity}${filters ? `?$filter=${encodeURIComponent(filters)}` : ''}`)).value;
    const found = docs.find((d) => Object.entries(doc.fields ?? {}).every(([k, v]) => d[k] === v));
    if (found) return null;
    if (Date.now() > end) return `el ERP no tiene ${doc.entity} ${filters} con ${JSON.stringify(doc.fields ?? {})} (hay ${docs.length}: ${JSON.stringify(docs.map((d) => Object.fromEntries(Object.keys(doc.fields ?? {}).map((k) => [k, d[k]]))))})`;
    await new Promise((r) => setTimeout(r, 500));
  }
}
