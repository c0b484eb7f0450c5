import type { UnknownAction } from '@reduxjs/toolkit';
import { redactSecrets } from '@client/app/devtools';
import type { ApiStep, ScenarioFile, ScenarioStep } from '@client/app/scenario/format';
import { getScenarioRecorder } from '@client/app/scenario/recorder';
import { makeStore, type RootState } from '@client/app/store';
// a recording may drive any feature: every feature's slice and saga join the store, as the QA panel's replay does
import '@client/app/allFeatures';
import { keepFiles } from '@client/features/adminCatalog/pendingFiles';
import { keepChequePhoto } from '@client/features/checkout/chequePhotos';
import { installBrowserShims, VirtualClock } from './browserShims';
import { firstDivergence, formatDivergence, matchSubset, normalize } from './compare';

// Provider mode of `npm run scenarios`: a scenario replayed through the real root reducer and the real sagas. The
// recorded UI actions are dispatched in order at their recorded times (a virtual clock runs timers, so debounces and
// the 10-second Khipu polling happen as recorded, instantly), and `fetch` answers every call of the http client with the
// recorded answer of the same method and path, in order, at its recorded time. A page load of the recording starts a
// new store (new sagas) from the load's recorded state, with the same session storage, as a browser tab would. The
// page's own recorder records the replay, and the two recordings are compared (compare.ts).

export interface ScenarioResult {
  name: string;
  passed: boolean;
  /** The report of a failure (first divergence, state or ERP miss). */
  report?: string;
  ms: number;
  steps: number;
}

/** The API base the client uses (env.apiBase). */
const API_BASE = '/api';

/**
 * Answers `fetch` from the recorded API steps. A call with nothing recorded left never answers, like a request still
 * in flight when the recorded page was left (its saga then does not go on, and the comparison shows where).
 */
class RecordedAnswers {
  private queues = new Map<string, ApiStep[]>();
  /** Bumped at each page load: answers of the old page never arrive. */
  private generation = 0;
  private pending = new Set<{ key: string; answer: ApiStep; generation: number }>();
  /** Calls the recording has no answer for: printed with a failure. */
  readonly unanswered: string[] = [];

  constructor(
    steps: ScenarioStep[],
    private readonly clock: VirtualClock,
    private readonly t0: number,
  ) {
    for (const step of steps) {
      if (step.kind !== 'api') continue;
      const key = RecordedAnswers.key(step.method, step.path);
      const list = this.queues.get(key) ?? [];
      list.push(step);
      this.queues.set(key, list);
    }
  }

  static key(method: string, path: string) {
    let p = path;
    try {
      p = decodeURIComponent(path);
    } catch {
      /* as is */
    }
    return `${method.toUpperCase()} ${p}`;
  }

  /**
   * A page load: the old page's calls never get their answers, and an answer not yet due goes back to its queue (in the
   * recording it belonged to a later call: the old page's one was never answered).
   */
  pageLoaded() {
    this.generation += 1;
    const back = [...this.pending].sort((a, b) => b.answer.t - a.answer.t);
    for (const { key, answer } of back) this.queues.get(key)?.unshift(answer);
    this.pending.clear();
  }

  readonly fetch = (input: unknown, init: { method?: string } = {}): Promise<unknown> => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : String((input as { url?: string })?.url ?? input);
    const url = new URL(raw, 'http://runner.invalid');
    let path = `${url.pathname}${url.search}`;
    if (path.startsWith(API_BASE)) path = path.slice(API_BASE.length) || '/';
    const method = (init.method ?? 'GET').toUpperCase();
    // the anti-forgery cookie's GET is the client's own business, never recorded
    if (path === '/security/xsrf') return Promise.resolve(response(204, undefined));
    const key = RecordedAnswers.key(method, path);
    const answer = this.queues.get(key)?.shift();
    if (!answer) {
      this.unanswered.push(key);
      return new Promise(() => undefined);
    }
    const entry = { key, answer, generation: this.generation };
    this.pending.add(entry);
    return new Promise((resolve, reject) => {
      const deliver = () => {
        if (!this.pending.delete(entry)) return; // the page that asked is gone
        if (answer.status === 0) reject(new TypeError(answer.error ?? 'Failed to fetch'));
        else resolve(response(answer.status, answer.body));
      };
      const wait = this.t0 + answer.t - this.clock.now;
      if (wait > 0) setTimeout(deliver, wait);
      else deliver();
    });
  };
}

/** Keys of files kept outside the store (screens keep the File, the action carries its key): not compared. */
const FILE_KEYS = ['chequePhotoKey', 'filesKey'];
export const RUNNER_IGNORE = FILE_KEYS.map((k) => `*.${k}`);

/** The files of the next multipart request after step `from`, as stand-ins of the recorded name, type and size. */
/** A 1×1 PNG: what a live portal accepts as an image (it checks the content). */
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));

type FileInfo = { name: string; type: string; size: number };
/** Zero bytes of the recorded size (provider mode: the answer is recorded anyway). */
export const sizedFile = (f: FileInfo) => new File([new Uint8Array(f.size)], f.name, { type: f.type });
/** A real PNG under the recorded name (live mode). */
export const pngFile = (f: FileInfo) => new File([PNG], f.name.replace(/\.\w+$/, '.png'), { type: 'image/png' });

function upcomingFiles(steps: ScenarioStep[], from: number, make: (f: FileInfo) => File): Record<string, File> {
  for (const step of steps.slice(from + 1)) {
    const files = step.kind === 'api' ? (step.request as { files?: Record<string, FileInfo> } | undefined)?.files : undefined;
    if (files) return Object.fromEntries(Object.entries(files).map(([field, f]) => [field, make(f)]));
  }
  return {};
}

/**
 * A UI action as the runner dispatches it: a file the screen kept (cheque photo, product images) is kept again, as a
 * stand-in, and the action carries the new key.
 */
export function withSideInputs(action: UnknownAction, steps: ScenarioStep[], index: number, make: (f: FileInfo) => File = sizedFile): UnknownAction {
  const payload = action.payload as Record<string, unknown> | undefined;
  if (!payload || typeof payload !== 'object') return action;
  if (typeof payload.chequePhotoKey === 'string') {
    const [photo] = Object.values(upcomingFiles(steps, index, make));
    return photo ? { ...action, payload: { ...payload, chequePhotoKey: keepChequePhoto(photo) } } : action;
  }
  if (typeof payload.filesKey === 'string') return { ...action, payload: { ...payload, filesKey: keepFiles(upcomingFiles(steps, index, make)) } };
  return action;
}

/** The part of a fetch Response the http client reads. */
function response(status: number, body: unknown) {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  const type = body === undefined ? '' : typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8';
  return {
    status,
    ok: status >= 200 && status < 300,
    headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? type : null) },
    text: async () => text,
    json: async () => JSON.parse(text) as unknown,
  };
}

/** How long after its last recorded step a replay may still run timers (a late saga step). */
const GRACE_MS = 1_000;

/** Replays one scenario with the recorded answers as providers. Never throws: a crash is a failed result. */
export async function runProvided(scenario: ScenarioFile): Promise<ScenarioResult> {
  const started = performance.now();
  const t0 = Date.parse(scenario.recordedAt) || Date.now();
  const shims = installBrowserShims(`${scenario.origin || 'http://localhost'}/`);
  const clock = new VirtualClock(t0).install();
  const answers = new RecordedAnswers(scenario.steps, clock, t0);
  const g = globalThis as unknown as { fetch: unknown };
  const realFetch = g.fetch;
  g.fetch = answers.fetch;
  const errors: unknown[] = [];
  const realError = console.error;
  const realWarn = console.warn;
  // the sagas log what they catch; a replay keeps it for the report instead of printing it
  console.error = (...args: unknown[]) => errors.push(args);
  console.warn = () => undefined;
  try {
    let store = makeStore(scenario.initialState as Partial<RootState>);
    getScenarioRecorder()!.start(scenario.name);
    for (const [index, step] of scenario.steps.entries()) {
      if (step.kind === 'action' && step.source === 'ui') {
        await clock.runUntil(t0 + step.t);
        store.dispatch(withSideInputs(step.action as UnknownAction, scenario.steps, index));
      } else if (step.kind === 'load') {
        await clock.runUntil(t0 + step.t);
        getScenarioRecorder()!.saveNow();
        clock.clearAll();
        answers.pageLoaded();
        shims.location.set(`${shims.location.origin}${step.url}`);
        store = makeStore(step.state as Partial<RootState>);
      }
    }
    const last = scenario.steps.at(-1)?.t ?? 0;
    await clock.runUntil(t0 + last + GRACE_MS);
    const actual = getScenarioRecorder()!.stop();
    const finalState = redactSecrets(store.getState());
    clock.clearAll();

    const divergence = firstDivergence(scenario.steps, actual?.steps ?? [], [...RUNNER_IGNORE, ...(scenario.ignore ?? [])]);
    if (divergence) {
      const unanswered = answers.unanswered.length ? `\n  (llamadas sin respuesta grabada: ${[...new Set(answers.unanswered)].join(', ')})` : '';
      return fail(scenario, started, formatDivergence(divergence, scenario.steps.length) + unanswered + sagaErrors(errors));
    }
    const miss = scenario.expect?.state ? matchSubset(normalize(scenario.expect.state), normalize(finalState)) : null;
    if (miss) return fail(scenario, started, `estado final distinto en ${miss.path}: esperado ${JSON.stringify(miss.expected)}, obtenido ${JSON.stringify(miss.actual)}`);
    return { name: scenario.name, passed: true, ms: performance.now() - started, steps: scenario.steps.length };
  } catch (error) {
    return fail(scenario, started, `la reproducción falló: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  } finally {
    console.error = realError;
    console.warn = realWarn;
    g.fetch = realFetch;
    clock.uninstall();
    shims.restore();
  }
}

export function fail(scenario: ScenarioFile, started: number, report: string): ScenarioResult {
  return { name: scenario.name, passed: false, report, ms: performance.now() - started, steps: scenario.steps.length };
}

export function sagaErrors(errors: unknown[]): string {
  if (!errors.length) return '';
  const first = (errors[0] as unknown[]).map((e) => (e instanceof Error ? e.message : typeof e === 'string' ? e : JSON.stringify(e))).join(' ');
  return `\n  (los sagas registraron ${errors.length} error(es); el primero: ${first.slice(0, 300)})`;
}
