import type { Middleware, Reducer, UnknownAction } from '@reduxjs/toolkit';
import type { HttpExchange } from '../../api/http';
import { isFeatureLoaded } from '../injectFeature';
import { browserStorage } from '../persistence';
import {
  SCENARIO_FORMAT,
  SCENARIO_VERSION,
  type ApiStep,
  type RecordedAction,
  type ScenarioFile,
  type ScenarioStep,
} from './format';
import { isReplayControl, replayAction, replaySet, stateAt } from './replay';
import { sanitize, SecretMemory } from './sanitize';

// The QA scenario recorder of one store. A middleware sees every action before the reducers (a saga's put carries
// redux-saga's SAGA_ACTION mark, anything else came from the UI), the http client reports every answer the sagas
// received, and all of it is kept sanitized. The recording lives in session storage as it grows, so it survives the
// page loads of a card or transfer payment (WebPay's and Khipu's pages send the browser back to a new page): the next
// page's store resumes it and adds a 'load' step with its own starting state.

/** Session storage key of the recording in progress. */
export const RECORDING_KEY = 'qaScenarioRecording';
/** Session storage key of the last finished recording (the panel exports it after a reload too). */
export const LAST_KEY = 'qaScenarioLast';

export type RecorderMode = 'idle' | 'recording' | 'replaying';

export interface RecorderSnapshot {
  mode: RecorderMode;
  /** Steps recorded so far (recording), or the loaded scenario's steps (replaying). */
  steps: number;
  /** Replay position: the state shown is the one after this many steps. */
  cursor: number;
  /** The scenario ready to export or replay: the last finished recording or the imported file. */
  scenario: ScenarioFile | null;
  /** Why the last save to session storage failed (quota), if it did. */
  storageError: string | null;
}

interface Recording {
  name: string;
  startedAt: number;
  recordedAt: string;
  origin: string;
  initialState: unknown;
  steps: ScenarioStep[];
}

export interface RecorderOptions {
  /** The root reducer: replay in the browser computes states with it. */
  reducer: Reducer;
  /** Session storage; null when there is none (tests, private mode). */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  now?: () => number;
  /** Where the page is (origin and the path and query after it). */
  location?: () => { origin: string; href: string };
  /** How long a growing recording waits before it is written to session storage. */
  saveDelayMs?: number;
}

interface StoreLike {
  getState: () => unknown;
  dispatch: (action: UnknownAction) => unknown;
}

const defaultLocation = () =>
  typeof location === 'undefined' ? { origin: 'http://localhost', href: 'http://localhost/' } : { origin: location.origin, href: location.href };

/** redux-saga marks every action a saga puts with this property (@redux-saga/symbols' SAGA_ACTION). */
export const SAGA_ACTION = '@@redux-saga/SAGA_ACTION';

const isSagaPut = (action: unknown) => Boolean(action && (action as Record<string, unknown>)[SAGA_ACTION]);

/**
 * FormData is recorded by its field names and, for files, their name, type and size (a cheque photo's content is never
 * kept; the runner sends a stand-in of the same size).
 */
function describeRequest(body: unknown): unknown {
  if (typeof FormData === 'undefined' || !(body instanceof FormData)) return body;
  const files: Record<string, { name: string; type: string; size: number }> = {};
  for (const [field, value] of body.entries()) {
    if (typeof value !== 'string') files[field] = { name: value.name, type: value.type, size: value.size };
  }
  return { formData: [...new Set([...body.keys()])], ...(Object.keys(files).length ? { files } : {}) };
}

export class ScenarioRecorder {
  private readonly reducer: Reducer;
  private readonly storage: RecorderOptions['storage'];
  private readonly now: () => number;
  private readonly location: () => { origin: string; href: string };
  private readonly saveDelayMs: number;
  private readonly memory = new SecretMemory();
  private store: StoreLike | null = null;
  private recording: Recording | null = null;
  private replay: { scenario: ScenarioFile; cursor: number; before: unknown } | null = null;
  private last: ScenarioFile | null = null;
  private saveTimer: ReturnType<typeof setTimeout> | null = null;
  private storageError: string | null = null;
  private listeners = new Set<() => void>();
  private snapshot: RecorderSnapshot;

  constructor(options: RecorderOptions) {
    this.reducer = options.reducer;
    this.storage = options.storage === undefined ? browserStorage() : options.storage;
    this.now = options.now ?? (() => Date.now());
    this.location = options.location ?? defaultLocation;
    this.saveDelayMs = options.saveDelayMs ?? 250;
    this.snapshot = this.makeSnapshot();
  }

  /** The store's middleware: records, or holds actions back while a replay shows a recorded state. */
  readonly middleware: Middleware = () => (next) => (action) => {
    // a feature's slice joining the store (injectFeature) is not part of the scenario, and a replay needs it too
    if (isReplayControl(action) || isFeatureLoaded(action)) return next(action);
    if (this.replay) return action; // held back: the replay shows the recording, not the live app
    if (this.recording) this.recordAction(action as UnknownAction);
    return next(action);
  };

  /** The http client's observer (configureHttp): every answer while recording. */
  readonly observeHttp = (exchange: HttpExchange) => {
    if (!this.recording) return;
    const step: ApiStep = {
      kind: 'api',
      t: this.elapsed(),
      method: exchange.method,
      path: exchange.path,
      status: exchange.status,
    };
    if (exchange.body !== undefined) step.body = exchange.body;
    if (exchange.request !== undefined) step.request = describeRequest(exchange.request);
    if (exchange.error !== undefined) step.error = exchange.error;
    this.push(sanitize(step, this.memory));
  };

  /**
   * Binds the recorder to its store, before the sagas start. A recording left in session storage by the previous page
   * of this tab goes on, with a 'load' step holding this page's starting state.
   */
  attach(store: StoreLike) {
    this.store = store;
    const kept = this.read<Recording>(RECORDING_KEY);
    this.last = this.read<ScenarioFile>(LAST_KEY);
    if (kept && Array.isArray(kept.steps)) {
      this.recording = kept;
      const { origin, href } = this.location();
      this.push({ kind: 'load', t: this.elapsed(), url: this.memory.scrubText(href.startsWith(origin) ? href.slice(origin.length) || '/' : href), state: sanitize(store.getState(), this.memory) });
      this.saveNow();
    }
    if (typeof addEventListener === 'function') {
      // the browser is leaving (WebPay's form, Khipu's page, a reload): what is pending is written now
      addEventListener('pagehide', () => this.saveNow());
    }
    this.emit();
  }

  /** Starts a recording from the store's current state. */
  start(name = 'escenario') {
    if (!this.store) throw new Error('El grabador no está conectado a un store');
    this.replay = null;
    const { origin } = this.location();
    this.recording = {
      name,
      startedAt: this.now(),
      recordedAt: new Date(this.now()).toISOString(),
      origin,
      initialState: sanitize(this.store.getState(), this.memory),
      steps: [],
    };
    this.saveNow();
    this.emit();
  }

  /** Ends the recording: the scenario is kept (session storage too) for export and replay. */
  stop(extra: Partial<Pick<ScenarioFile, 'description' | 'account' | 'expect' | 'ignore'>> = {}): ScenarioFile | null {
    const recording = this.recording;
    if (!recording) return null;
    this.recording = null;
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = null;
    const scenario: ScenarioFile = {
      format: SCENARIO_FORMAT,
      version: SCENARIO_VERSION,
      name: recording.name,
      ...(extra.description ? { description: extra.description } : {}),
      recordedAt: recording.recordedAt,
      origin: recording.origin,
      ...(extra.account ? { account: extra.account } : {}),
      initialState: recording.initialState,
      steps: recording.steps,
      ...(extra.expect ? { expect: extra.expect } : {}),
      ...(extra.ignore ? { ignore: extra.ignore } : {}),
    };
    this.last = scenario;
    this.remove(RECORDING_KEY);
    this.write(LAST_KEY, scenario);
    this.emit();
    return scenario;
  }

  /** An imported file becomes the scenario to replay and export. */
  load(scenario: ScenarioFile) {
    this.last = scenario;
    this.write(LAST_KEY, scenario);
    this.emit();
  }

  /** Shows the scenario's initial state; the live app is held back until the replay ends. */
  startReplay() {
    if (!this.store || !this.last) return;
    if (this.recording) this.stop();
    this.replay = { scenario: this.last, cursor: 0, before: this.store.getState() };
    this.store.dispatch(replaySet(this.last.initialState));
    this.emit();
  }

  /** One step forward: an action goes through the root reducer, a page load sets its state, an API answer is shown. */
  step() {
    if (!this.store || !this.replay) return false;
    const { scenario, cursor } = this.replay;
    if (cursor >= scenario.steps.length) return false;
    const step = scenario.steps[cursor];
    if (step.kind === 'action') this.store.dispatch(replayAction(step.action as UnknownAction));
    else if (step.kind === 'load') this.store.dispatch(replaySet(step.state));
    this.replay.cursor = cursor + 1;
    this.emit();
    return true;
  }

  /** The state after the first `n` steps (0: the initial state), computed again from the start. */
  jumpTo(n: number) {
    if (!this.store || !this.replay) return;
    const target = Math.max(0, Math.min(Math.trunc(n), this.replay.scenario.steps.length));
    this.store.dispatch(replaySet(stateAt(this.replay.scenario, target, this.reducer)));
    this.replay.cursor = target;
    this.emit();
  }

  /** Back to the live app, in the state it had before the replay. */
  endReplay() {
    if (!this.store || !this.replay) return;
    const { before } = this.replay;
    this.replay = null;
    this.store.dispatch(replaySet(before));
    this.emit();
  }

  get mode(): RecorderMode {
    return this.replay ? 'replaying' : this.recording ? 'recording' : 'idle';
  }

  /** For useSyncExternalStore: the same object until something changes. */
  getSnapshot = () => this.snapshot;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** Writes the recording in progress now (before a page load). */
  saveNow() {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = null;
    if (this.recording) this.write(RECORDING_KEY, this.recording);
  }

  private recordAction(action: UnknownAction) {
    const recorded: RecordedAction = { type: String(action.type) };
    if ('payload' in action) recorded.payload = action.payload;
    if ('meta' in action) recorded.meta = action.meta;
    if ('error' in action) recorded.error = action.error;
    this.push({ kind: 'action', t: this.elapsed(), source: isSagaPut(action) ? 'saga' : 'ui', action: sanitize(recorded, this.memory) });
  }

  private push(step: ScenarioStep) {
    if (!this.recording) return;
    this.recording.steps.push(step);
    if (!this.saveTimer && this.storage) this.saveTimer = setTimeout(() => this.saveNow(), this.saveDelayMs);
    this.emit();
  }

  private elapsed() {
    return this.recording ? Math.max(0, Math.round(this.now() - this.recording.startedAt)) : 0;
  }

  private read<T>(key: string): T | null {
    try {
      const text = this.storage?.getItem(key);
      return text ? (JSON.parse(text) as T) : null;
    } catch {
      return null;
    }
  }

  private write(key: string, value: unknown) {
    if (!this.storage) return;
    try {
      this.storage.setItem(key, JSON.stringify(value));
      this.storageError = null;
    } catch (error) {
      // a full session storage: the recording goes on in memory, but would not survive a page load
      this.storageError = error instanceof Error ? error.message : String(error);
    }
  }

  private remove(key: string) {
    try {
      this.storage?.removeItem(key);
    } catch {
      /* nothing kept */
    }
  }

  private makeSnapshot(): RecorderSnapshot {
    return {
      mode: this.mode,
      steps: this.replay ? this.replay.scenario.steps.length : (this.recording?.steps.length ?? 0),
      cursor: this.replay?.cursor ?? 0,
      scenario: this.replay?.scenario ?? this.last,
      storageError: this.storageError,
    };
  }

  private emit() {
    this.snapshot = this.makeSnapshot();
    for (const listener of this.listeners) listener();
  }
}

/** The recorder of the page's store (makeStore sets it; the panel reads it). */
let current: ScenarioRecorder | null = null;

export function createScenarioRecorder(options: RecorderOptions): ScenarioRecorder {
  current = new ScenarioRecorder(options);
  return current;
}

export const getScenarioRecorder = () => current;
