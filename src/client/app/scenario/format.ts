// The scenario file: what the QA recorder exports and imports, and what `npm run scenarios` replays. Versioned: a
// reader refuses a format or version it does not know instead of guessing. Every value in it went through the
// sanitizer (sanitize.ts): it never holds a password or a token.

export const SCENARIO_FORMAT = 'portal-mayorista/scenario';
export const SCENARIO_VERSION = 1;

/** Who dispatched an action: the UI (a screen, the router) or a saga (put, marked by redux-saga). */
export type ActionSource = 'ui' | 'saga';

export interface RecordedAction {
  type: string;
  payload?: unknown;
  meta?: unknown;
  error?: unknown;
}

/** An action that reached the store. `t`: milliseconds since the recording started. */
export interface ActionStep {
  kind: 'action';
  t: number;
  source: ActionSource;
  action: RecordedAction;
}

/** An answer of the API as the sagas received it through the http client (src/client/api/http.ts). */
export interface ApiStep {
  kind: 'api';
  t: number;
  method: string;
  /** The path the client asked for, without the API base ('/cart', '/user/tbk/state/[oculto]'). */
  path: string;
  /** HTTP status; 0 when no answer came (network failure, aborted). */
  status: number;
  /** The answer's body (JSON, text, or absent for 204). */
  body?: unknown;
  /** What was sent: JSON body, or the field names of a FormData. */
  request?: unknown;
  /** The client's error text when status is 0. */
  error?: string;
}

/**
 * A page load inside the recording (the buyer came back from WebPay or Khipu, or reloaded): the new page's store
 * starts from `state`, its sagas start again, and `url` is where the browser was.
 */
export interface LoadStep {
  kind: 'load';
  t: number;
  url: string;
  state: unknown;
}

export type ScenarioStep = ActionStep | ApiStep | LoadStep;

/** An ERP document a scenario leaves behind, checked in live mode through the B1 Service Layer. */
export interface ErpExpectation {
  /** The Service Layer entity set: 'Orders', 'IncomingPayments', 'Items'. */
  entity: string;
  /** Filter by this business partner (CardCode). */
  cardCode?: string;
  /**
   * The document's NumAtCard (Orders) or CounterReference (IncomingPayments): a fixed text, or read from the final
   * state of the run at a dotted path ('checkout.order.orderNumber') since numbers differ between portals.
   */
  reference?: string | { fromState: string };
  /** Expected field values of the document ({DocTotal: 123456}). */
  fields?: Record<string, unknown>;
}

export interface ScenarioExpectations {
  /** A subset of the final state that must match (objects match by their listed keys; arrays and values exactly). */
  state?: Record<string, unknown>;
  /** ERP documents checked in live mode. */
  erp?: ErpExpectation[];
}

export interface ScenarioFile {
  format: typeof SCENARIO_FORMAT;
  version: typeof SCENARIO_VERSION;
  name: string;
  description?: string;
  recordedAt: string;
  /** Where the recording was made (location.origin): the page's origin in a replay. */
  origin: string;
  /** The demo account the scenario logs in with (its password is the demo account's, never in the file). */
  account?: { rut: string };
  /** The store's state when the recording started (sanitized). */
  initialState: unknown;
  steps: ScenarioStep[];
  expect?: ScenarioExpectations;
  /**
   * Dotted paths inside actions ('payload.idempotencyKey') and API requests ('request.key') that change on every run
   * and are not compared.
   */
  ignore?: string[];
}

/** A scenario file read from text, or the reason it cannot be used. */
export function parseScenario(text: string): ScenarioFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Error('El archivo no es JSON');
  }
  if (!data || typeof data !== 'object') throw new Error('El archivo no es un escenario');
  const s = data as Partial<ScenarioFile>;
  if (s.format !== SCENARIO_FORMAT) throw new Error(`Formato desconocido: se esperaba ${SCENARIO_FORMAT}`);
  if (s.version !== SCENARIO_VERSION) throw new Error(`Versión ${String(s.version)} no soportada (esta es la ${SCENARIO_VERSION})`);
  if (!Array.isArray(s.steps)) throw new Error('El escenario no tiene pasos');
  if (typeof s.name !== 'string') throw new Error('El escenario no tiene nombre');
  for (const [i, step] of s.steps.entries()) {
    const kind = (step as { kind?: unknown })?.kind;
    if (kind !== 'action' && kind !== 'api' && kind !== 'load') throw new Error(`Paso ${i}: tipo desconocido`);
  }
  return s as ScenarioFile;
}

/** The file's text: stable key order as written, two-space indentation, a final newline. */
export const serializeScenario = (scenario: ScenarioFile) => `${JSON.stringify(scenario, null, 2)}\n`;

/** One line about a step, for the panel and the runner's report. */
export function describeStep(step: ScenarioStep | undefined): string {
  if (!step) return '(nada)';
  if (step.kind === 'action') return `${step.source === 'saga' ? 'saga' : 'UI'} ${step.action.type} ${short(step.action.payload)}`.trim();
  if (step.kind === 'api') return `API ${step.method} ${step.path} → ${step.status}${step.error ? ` (${step.error})` : ''}`;
  return `carga de página ${step.url}`;
}

function short(value: unknown): string {
  if (value === undefined) return '';
  const text = JSON.stringify(value) ?? '';
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}
