import { describeStep, type ScenarioStep } from '@client/app/scenario/format';

// The scenario runner's judgement: the steps a replay produced against the recorded ones, and the first step where
// they part. Actions (and page loads) are compared in order; API calls in order per method and path (the answer is the
// recorded one by construction, so what is compared is that the sagas asked for it, and with the same request body).
// Times are never compared. Values that change on every run are normalized: UUIDs (Idempotency-Key), epoch
// milliseconds and ISO dates made by the client, and the dotted paths a scenario lists in `ignore` ('*.key': that key
// at any depth).

export interface Divergence {
  /** Index in the recorded steps (steps.length when the replay did more than the recording). */
  index: number;
  expected: ScenarioStep | undefined;
  actual: ScenarioStep | undefined;
  /** Where inside the step they differ ('action.payload.status'), when both exist. */
  path?: string;
  expectedValue?: unknown;
  actualValue?: unknown;
  reason: string;
}

const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/;

function decodePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** A copy with volatile values replaced and `ignore` paths (relative to the step) removed. */
export function normalize(value: unknown, ignore: string[] = [], prefix = ''): unknown {
  if (typeof value === 'string') {
    if (ISO_DATE.test(value)) return '<fecha>';
    return value.replace(UUID, '<uuid>');
  }
  if (typeof value === 'number' && value > 1_400_000_000_000 && value < 4_000_000_000_000) return '<hora>';
  if (Array.isArray(value)) return value.map((item, i) => normalize(item, ignore, `${prefix}${i}.`));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const path = `${prefix}${key}`;
      if (ignore.includes(path) || ignore.includes(`*.${key}`)) continue;
      out[key] = normalize(item, ignore, `${path}.`);
    }
    return out;
  }
  return value;
}

/** The part of a step that must be the same in a replay. */
export function comparable(step: ScenarioStep, ignore: string[] = []): unknown {
  if (step.kind === 'action') return normalize({ source: step.source, action: step.action }, ignore);
  if (step.kind === 'api') return normalize({ method: step.method, path: decodePath(step.path), request: step.request }, ignore);
  return normalize({ url: step.url }, ignore);
}

/** The first dotted path where two JSON values differ, with both values there; null when equal. */
export function firstDifference(a: unknown, b: unknown, path = ''): { path: string; a: unknown; b: unknown } | null {
  if (Object.is(a, b)) return null;
  const bothObjects = a && b && typeof a === 'object' && typeof b === 'object';
  if (!bothObjects || Array.isArray(a) !== Array.isArray(b)) return { path: path || '(todo)', a, b };
  const keys = new Set([...Object.keys(a as object), ...Object.keys(b as object)]);
  for (const key of keys) {
    const diff = firstDifference((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], path ? `${path}.${key}` : key);
    if (diff) return diff;
  }
  return null;
}

const apiKey = (step: ScenarioStep) => (step.kind === 'api' ? `${step.method} ${decodePath(step.path)}` : '');
const isTimeline = (step: ScenarioStep) => step.kind !== 'api';

/** The first step where `actual` parts from `expected`, or null when the replay did what was recorded. */
export function firstDivergence(expected: ScenarioStep[], actual: ScenarioStep[], ignore: string[] = []): Divergence | null {
  const found: Divergence[] = [];

  // actions and page loads: in order
  const exp = expected.map((step, index) => ({ step, index })).filter(({ step }) => isTimeline(step));
  const act = actual.map((step, index) => ({ step, index })).filter(({ step }) => isTimeline(step));
  for (let j = 0; j < Math.max(exp.length, act.length); j += 1) {
    const e = exp[j];
    const a = act[j];
    if (!e) {
      found.push({ index: expected.length, expected: undefined, actual: a.step, reason: 'la reproducción hizo más de lo grabado' });
      break;
    }
    if (!a) {
      found.push({ index: e.index, expected: e.step, actual: undefined, reason: 'la reproducción se detuvo antes' });
      break;
    }
    const diff = firstDifference(comparable(e.step, ignore), comparable(a.step, ignore));
    if (diff) {
      found.push({ index: e.index, expected: e.step, actual: a.step, path: diff.path, expectedValue: diff.a, actualValue: diff.b, reason: 'paso distinto' });
      break;
    }
  }

  // API calls: in order per method and path
  const actualCalls = new Map<string, { step: ScenarioStep; index: number }[]>();
  actual.forEach((step, index) => {
    if (step.kind !== 'api') return;
    const list = actualCalls.get(apiKey(step)) ?? [];
    list.push({ step, index });
    actualCalls.set(apiKey(step), list);
  });
  const used = new Map<string, number>();
  expected.forEach((step, index) => {
    if (step.kind !== 'api') return;
    const key = apiKey(step);
    const n = used.get(key) ?? 0;
    used.set(key, n + 1);
    const a = actualCalls.get(key)?.[n];
    if (!a) {
      found.push({ index, expected: step, actual: undefined, reason: `los sagas nunca pidieron ${key}${n ? ` por ${n + 1}.ª vez` : ''}` });
      return;
    }
    const diff = firstDifference(comparable(step, ignore), comparable(a.step, ignore));
    if (diff) found.push({ index, expected: step, actual: a.step, path: diff.path, expectedValue: diff.a, actualValue: diff.b, reason: 'solicitud distinta' });
  });
  for (const [key, calls] of actualCalls) {
    const extra = calls.slice(used.get(key) ?? 0)[0];
    if (extra) {
      // placed where it happened: as many recorded steps in as the replay's own steps before it
      found.push({ index: Math.min(extra.index, expected.length), expected: expected[extra.index], actual: extra.step, reason: `llamada no grabada: ${key}` });
    }
  }

  if (!found.length) return null;
  return found.reduce((first, d) => (d.index < first.index ? d : first));
}

const show = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
};

/** The report of a divergence, several lines. */
export function formatDivergence(d: Divergence, total: number): string {
  const lines = [`primera diferencia en el paso ${d.index} de ${total} (${d.reason})`, `  esperado: ${describeStep(d.expected)}`, `  obtenido: ${describeStep(d.actual)}`];
  if (d.path) lines.push(`  en ${d.path}: esperado ${show(d.expectedValue)}, obtenido ${show(d.actualValue)}`);
  return lines.join('\n');
}

/** Whether `actual` holds `subset`: objects by the subset's keys, arrays and values exactly. Returns the first miss. */
export function matchSubset(subset: unknown, actual: unknown, path = ''): { path: string; expected: unknown; actual: unknown } | null {
  if (subset && typeof subset === 'object' && !Array.isArray(subset)) {
    if (!actual || typeof actual !== 'object' || Array.isArray(actual)) return { path: path || '(estado)', expected: subset, actual };
    for (const [key, value] of Object.entries(subset)) {
      const miss = matchSubset(value, (actual as Record<string, unknown>)[key], path ? `${path}.${key}` : key);
      if (miss) return miss;
    }
    return null;
  }
  return firstDifference(subset, actual) ? { path: path || '(estado)', expected: subset, actual } : null;
}

/** The value at a dotted path ('checkout.order.orderNumber'). */
export function valueAt(root: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), root);
}
