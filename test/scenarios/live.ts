import type { UnknownAction } from '@reduxjs/toolkit';
import { DEMO_ACCOUNTS } from '@mocks/demo/accounts';
import { REDACTED, redactSecrets } from '@client/app/devtools';
import type { ScenarioFile, ScenarioStep } from '@client/app/scenario/format';
import { getScenarioRecorder, RECORDING_KEY } from '@client/app/scenario/recorder';
import { loadPersistedState, makeStore, type RootState } from '@client/app/store';
import { installBrowserShims } from './browserShims';
import { firstDifference, valueAt } from './compare';
import { actAsPayer, fromLiveUrl, payerChoices, providerReturns, type LiveScenario, type PayerChoice, type RedirectTarget } from './payer';
import { serviceLayer } from './portal';
import { fail, pngFile, sagaErrors, withSideInputs, type ScenarioResult } from './runner';

// Live mode of `npm run scenarios -- --live <url> [--b1 <service layer url>]`: the same UI actions, dispatched in order
// into the real store and sagas, against a running portal over real HTTP (its stand-ins behind it). The login uses the
// scenario's declared demo account: recordings hold no password, the demo account's comes from the demo list. Each UI
// action waits until the sagas have put as many actions as the recording had before it. Data differ between portals
// (ids, order numbers) and answers come in the network's order, so the saga actions are compared by type, in any
// order; then the declared stable values of the final state (`expect.liveState`) and the ERP documents the scenario
// declares (`expect.erp`, `expect.erpAbsent`) are checked, the latter through the B1 Service Layer.
//
// The page is at the portal's public address (PUBLIC_URL, read from /api/public-config), where a buyer's browser would
// be: the SPA refuses to start a payment anywhere else, and the providers send the buyer back there. When the recording
// leaves for WebPay's form or Khipu's page, the runner is the payer's browser (payer.ts): it opens the provider's page,
// makes the recorded choice, follows the provider back to the portal, and the page it lands on is the new page load (a
// new store, the same session storage). UI actions of that page carry what the recording had from its URL (the hidden
// token_ws, the Khipu transaction id): the live URL's values take their place.

const WAIT_MS = 20_000;
/** How long a document that must not exist is watched for in the ERP. */
const ABSENT_WATCH_MS = 1_500;

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

export async function runLive(scenario: LiveScenario, options: { url: string; b1?: string }): Promise<ScenarioResult> {
  const started = performance.now();
  const account = scenario.account ? DEMO_ACCOUNTS.find((a) => a.rut === scenario.account!.rut) : undefined;
  if (scenario.account && !account) return fail(scenario, started, `la cuenta ${scenario.account.rut} no es una cuenta de demostración`);
  const returns = providerReturns(scenario.steps);
  let choices: PayerChoice[];
  try {
    choices = payerChoices(scenario);
  } catch (error) {
    return fail(scenario, started, error instanceof Error ? error.message : String(error));
  }
  if (choices.length < returns.size) return fail(scenario, started, `el escenario va ${returns.size} vez(ces) a WebPay o Khipu y solo se sabe qué hizo el pagador en ${choices.length} (declárelo en payer)`);
  if (scenario.faults) {
    const res = await fetch(new URL('/api/dev/faults', options.url), {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(scenario.faults),
    });
    if (!res.ok) return fail(scenario, started, `no se pudieron fijar las fallas declaradas (PUT /api/dev/faults: ${res.status} ${await res.text()}); el modo en vivo con fallas necesita el portal embebido`);
  }
  const origin = await pageOrigin(options.url);
  const shims = installBrowserShims(`${origin}/`);
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
  // the payer's browser (payer.ts) uses the real fetch: the provider's pages, and the portal's return without the SPA
  const isPortalPage = (u: URL) => (u.origin === origin || u.origin === new URL(options.url).origin) && !u.pathname.startsWith('/api/');
  const errors: unknown[] = [];
  const realError = console.error;
  const realWarn = console.warn;
  // the sagas log what they catch: kept for the report, as in provider mode; warnings are not printed
  console.error = (...args: unknown[]) => errors.push(args);
  console.warn = () => undefined;
  try {
    let store = makeStore(scenario.initialState as Partial<RootState>);
    getScenarioRecorder()!.start(scenario.name);
    let expectedBefore = 0;
    let trip = 0;
    /** The page load in force: its recorded URL and the live one (values of the recorded UI actions come from it). */
    let page: { recorded: URL; live: URL } | null = null;
    for (const [index, step] of scenario.steps.entries()) {
      if (step.kind === 'action' && step.source === 'ui') {
        await waitFor(() => recordedActions().length >= expectedBefore);
        const action = withPassword(withSideInputs(step.action as UnknownAction, scenario.steps, index, pngFile), account?.password);
        store.dispatch(page ? fromLiveUrl(action, page.recorded, page.live) : action);
      } else if (step.kind === 'load') {
        await waitFor(() => recordedActions().length >= expectedBefore);
        const recorded = new URL(step.url, origin);
        let live = recorded;
        if (returns.has(index)) {
          const target = (store.getState() as RootState).payments.redirect.target;
          if (!target) return fail(scenario, started, `paso ${index}: la SPA no preparó la ida a WebPay o Khipu (payments.redirect.target vacío)${sagaErrors(errors)}`);
          const choice = choices[trip++];
          const done = await actAsPayer(target as RedirectTarget, choice, isPortalPage);
          live = done.url;
          if (live.pathname !== recorded.pathname || !sameKeys(live.searchParams, recorded.searchParams)) {
            return fail(scenario, started, `paso ${index}: ${target.provider} (${choice.choice}) devolvió al comprador a ${hideSecrets(live)}, la grabación a ${step.url}\n  (${done.hops.join(' → ')})`);
          }
        }
        getScenarioRecorder()!.saveNow();
        shims.location.set(live.href);
        store = makeStore(loadPersistedState());
        page = { recorded, live };
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
    for (const [path, expected] of Object.entries(scenario.expect?.liveState ?? {})) {
      const value = valueAt(finalState, path);
      if (firstDifference(expected, value)) return fail(scenario, started, `estado final distinto en ${path}: esperado ${JSON.stringify(expected)}, obtenido ${JSON.stringify(value)}`);
    }
    if (options.b1) {
      for (const doc of scenario.expect?.erp ?? []) {
        const miss = await checkErp(options.b1, doc, finalState);
        if (miss) return fail(scenario, started, miss);
      }
      for (const doc of scenario.expect?.erpAbsent ?? []) {
        const found = await checkErpAbsent(options.b1, doc, finalState);
        if (found) return fail(scenario, started, found);
      }
    }
    return { name: scenario.name, passed: true, ms: performance.now() - started, steps: scenario.steps.length };
  } catch (error) {
    return fail(scenario, started, `la ejecución en vivo falló: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    console.error = realError;
    console.warn = realWarn;
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

/** The origin of the portal's pages: its public address when it declares one (PUBLIC_URL), else the URL given. */
async function pageOrigin(url: string): Promise<string> {
  try {
    const res = await fetch(`${url}/api/public-config`);
    const config = res.ok ? ((await res.json()) as { publicUrl?: unknown }) : {};
    if (typeof config.publicUrl === 'string' && config.publicUrl) return new URL(config.publicUrl).origin;
  } catch {
    /* the URL given, then */
  }
  return new URL(url).origin;
}

const sameKeys = (a: URLSearchParams, b: URLSearchParams) => [...new Set(a.keys())].sort().join() === [...new Set(b.keys())].sort().join();

/** A URL for a report, with the provider's tokens hidden as the recordings hide them. */
const hideSecrets = (u: URL) => {
  const copy = new URL(u.href);
  for (const key of ['token_ws', 'TBK_TOKEN', 'token']) if (copy.searchParams.has(key)) copy.searchParams.set(key, REDACTED);
  return `${copy.pathname}${decodeURIComponent(copy.search)}`;
};

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
    // a field is a property of the document, or a dotted path into it ('PaymentCreditCards.0.CreditSum')
    const found = docs.find((d) => Object.entries(doc.fields ?? {}).every(([k, v]) => !firstDifference(v, valueAt(d, k))));
    if (found) return null;
    if (Date.now() > end) return `el ERP no tiene ${doc.entity} ${filters} con ${JSON.stringify(doc.fields ?? {})} (hay ${docs.length}: ${JSON.stringify(docs.map((d) => Object.fromEntries(Object.keys(doc.fields ?? {}).map((k) => [k, valueAt(d, k)]))))})`;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** A document the scenario says must not be in the ERP (a rejected or aborted payment's order); the report if it is. */
async function checkErpAbsent(b1: string, doc: NonNullable<NonNullable<LiveScenario['expect']>['erpAbsent']>[number], finalState: unknown): Promise<string | null> {
  const erpGet = serviceLayer(b1);
  const reference = typeof doc.reference === 'object' ? valueAt(finalState, doc.reference.fromState) : doc.reference;
  if (doc.reference !== undefined && typeof reference !== 'string') return `erpAbsent: el estado final no tiene ${JSON.stringify(doc.reference)}`;
  const refField = doc.entity === 'IncomingPayments' ? 'CounterReference' : 'NumAtCard';
  const filters = [doc.cardCode ? `CardCode eq '${doc.cardCode}'` : '', typeof reference === 'string' ? `${refField} eq '${reference}'` : ''].filter(Boolean).join(' and ');
  // the outbox delivers within a second or two: a document wrongly queued would show up in that time
  const end = Date.now() + ABSENT_WATCH_MS;
  for (;;) {
    const docs = (await erpGet<{ value: Record<string, unknown>[] }>(`${doc.entity}${filters ? `?$filter=${encodeURIComponent(filters)}` : ''}`)).value;
    if (docs.length) return `el ERP tiene ${doc.entity} ${filters} y no debería (${docs.length}: DocEntry ${docs.map((d) => String(d.DocEntry)).join(', ')})`;
    if (Date.now() > end) return null;
    await new Promise((r) => setTimeout(r, 250));
  }
}
