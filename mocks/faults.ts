// Fault switches shared by the stand-ins (B1, WebPay, Khipu): each stand-in declares one typed shape of its
// faults and latencies (a FaultSpec), and this module gives it
// - the parser of its environment variables (B1_STANDIN_*, WEBPAY_STANDIN_*, KHIPU_STANDIN_*), with Spanish errors;
// - the parser of a control-API body (the same fields in JSON, plus `for` / `until` to time-box the change);
// - the live switches (FaultSwitches): permanent values plus time-boxed ones that undo themselves when their time is
//   up ("ERP down for 2 minutes"), read lazily against a clock, so nothing has to remember to switch them back.

/** What kind of value a switch holds, and so how it is written in an environment variable or a JSON body. */
export type FieldKind = 'bool' | 'rate' | 'duration' | 'count' | 'list' | { enum: readonly string[] };

export interface FieldSpec {
  kind: FieldKind;
  /** The environment variable's name after the stand-in's prefix, e.g. 'ERROR_RATE' for B1_STANDIN_ERROR_RATE. */
  env: string;
  /** One line in Spanish: what the switch does (docs and error messages). */
  doc: string;
}

/** One FieldSpec per field of a stand-in's faults. */
export type FaultSpec<T> = { readonly [K in keyof T]-?: FieldSpec };

/** A change of some switches; with `forMs` or `until` it lasts that long and then undoes itself. */
export type FaultChange<T> = Partial<T> & {
  /** The change lasts this many ms, then each switch it set returns to its permanent value. */
  forMs?: number;
  /** The change lasts until this moment (ms since the epoch, a Date or an ISO-8601 text). */
  until?: number | Date | string;
};

/** A time-boxed switch in force: its value and when it ends. */
export interface TimedFault {
  value: unknown;
  /** ISO-8601. */
  until: string;
  remainingMs: number;
}

/** What a stand-in's switches are now: the values in force and which of them are time-boxed. */
export interface FaultState<T> {
  faults: T;
  timed: Partial<Record<keyof T, TimedFault>>;
}

/** A value that cannot be a switch: the message is Spanish and names the variable or field. */
export class FaultInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FaultInputError';
  }
}

const DURATION = /^(\d+(?:\.\d+)?)\s*(ms|s|m|min|h)$/i;
const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, min: 60_000, h: 3_600_000 };

/** '500ms', '30s', '2m', '1.5h' (and '0') → ms; undefined when it is not a duration with a unit. */
export function parseDurationText(text: string): number | undefined {
  const t = text.trim();
  if (t === '0') return 0;
  const m = DURATION.exec(t);
  if (!m) return undefined;
  return Math.round(Number(m[1]) * UNIT_MS[m[2]!.toLowerCase()]!);
}

/** A duration in ms as people read it: 120000 → '2m', 1500 → '1.5s'. */
export function formatDuration(ms: number): string {
  if (ms >= 3_600_000 && ms % 60_000 === 0 && ms % 3_600_000 === 0) return `${ms / 3_600_000}h`;
  if (ms >= 60_000 && ms % 1000 === 0 && ms % 60_000 === 0) return `${ms / 60_000}m`;
  if (ms >= 1000 && ms % 100 === 0) return `${ms / 1000}s`;
  return `${ms}ms`;
}

const TRUE = new Set(['1', 'true', 'si', 'sí', 'yes', 'on']);
const FALSE = new Set(['0', 'false', 'no', 'off', '']);

/** What a value of a kind must look like, in Spanish. */
export function expectation(kind: FieldKind): string {
  if (typeof kind === 'object') return `uno de: ${kind.enum.join(', ')}`;
  return {
    bool: 'sí o no (1, 0, true, false, si, no)',
    rate: 'una fracción entre 0 y 1 (0.25) o un porcentaje (25%)',
    duration: 'una duración con unidad (500ms, 30s, 2m, 1h) o 0',
    count: 'un número entero, 0 o mayor',
    list: 'códigos separados por coma (vacío = ninguno)',
  }[kind];
}

/**
 * One value of a switch, from an environment variable (always text) or a JSON body (its own type, or the same text
 * an environment variable takes). Throws FaultInputError naming `name`.
 */
export function parseFieldValue(kind: FieldKind, raw: unknown, name: string): unknown {
  const fail = (): never => {
    const shown = typeof raw === 'string' ? `«${raw}»` : JSON.stringify(raw);
    throw new FaultInputError(`${name} inválido: ${shown}; se espera ${expectation(kind)}`);
  };
  if (typeof kind === 'object') {
    if (typeof raw !== 'string' || !kind.enum.includes(raw.trim())) fail();
    return (raw as string).trim();
  }
  switch (kind) {
    case 'bool': {
      if (typeof raw === 'boolean') return raw;
      if (typeof raw === 'number' && (raw === 0 || raw === 1)) return raw === 1;
      if (typeof raw !== 'string') return fail();
      const t = raw.trim().toLowerCase();
      if (TRUE.has(t)) return true;
      if (FALSE.has(t)) return false;
      return fail();
    }
    case 'rate': {
      let n: number;
      if (typeof raw === 'number') n = raw;
      else if (typeof raw === 'string' && /^\s*\d+(\.\d+)?\s*%\s*$/.test(raw)) n = Number(raw.trim().slice(0, -1).trim()) / 100;
      else if (typeof raw === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(raw)) n = Number(raw);
      else return fail();
      if (!Number.isFinite(n) || n < 0 || n > 1) fail();
      return n;
    }
    case 'duration': {
      if (typeof raw === 'number') {
        if (!Number.isFinite(raw) || raw < 0) fail();
        return Math.round(raw);
      }
      if (typeof raw !== 'string') return fail();
      const ms = parseDurationText(raw);
      return ms === undefined ? fail() : ms;
    }
    case 'count': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*\d+\s*$/.test(raw) ? Number(raw) : NaN;
      if (!Number.isInteger(n) || n < 0) fail();
      return n;
    }
    case 'list': {
      if (Array.isArray(raw)) {
        if (!raw.every((v) => typeof v === 'string' && v.trim() !== '')) fail();
        return (raw as string[]).map((v) => v.trim());
      }
      if (typeof raw !== 'string') return fail();
      return raw.split(',').map((v) => v.trim()).filter(Boolean);
    }
  }
  return fail();
}

export interface EnvFaults<T> {
  /** The switches the environment sets (nothing when no variable is set). */
  change: Partial<T>;
  /** `<PREFIX>FAULTS_FOR`: the environment's faults last this long after start, then undo themselves. */
  forMs?: number;
}

/**
 * The switches a stand-in's environment variables set: `<prefix><FIELD>` for each field (e.g. B1_STANDIN_ERROR_RATE),
 * `<prefix>FAULTS_FOR` to time-box them, `aliases` for older names (`{ NOTIFY_DELAY_MS: 'notifyDelayMs' }`, a bare
 * number there being ms) and `otherNames` the stand-in's other variables under the prefix (PORT). Any other variable
 * under the prefix is a typo and refused, as is any value that does not fit: FaultInputError in Spanish.
 */
export function faultsFromEnv<T>(
  spec: FaultSpec<T>,
  prefix: string,
  env: NodeJS.ProcessEnv,
  extra: { aliases?: Record<string, keyof T>; otherNames?: string[] } = {},
): EnvFaults<T> {
  const change: Partial<T> = {};
  const byEnv = new Map<string, keyof T>();
  for (const key of Object.keys(spec) as (keyof T)[]) byEnv.set(spec[key].env, key);
  const known = new Set([...byEnv.keys(), 'FAULTS_FOR', ...Object.keys(extra.aliases ?? {}), ...(extra.otherNames ?? [])]);
  for (const name of Object.keys(env).sort()) {
    if (!name.startsWith(prefix) || env[name] === undefined) continue;
    const suffix = name.slice(prefix.length);
    if (!known.has(suffix)) {
      const names = [...byEnv.keys(), 'FAULTS_FOR'].map((n) => prefix + n).join(', ');
      throw new FaultInputError(`${name} no es una variable conocida del sustituto; las fallas son: ${names}`);
    }
  }
  for (const [suffix, key] of Object.entries(extra.aliases ?? {}) as [string, keyof T][]) {
    const raw = env[prefix + suffix];
    if (raw === undefined || raw.trim() === '') continue;
    // an older *_MS name: a bare number is ms
    const value = /^\s*\d+\s*$/.test(raw) ? Number(raw) : raw;
    (change as Record<keyof T, unknown>)[key] = parseFieldValue(spec[key].kind, value, prefix + suffix);
  }
  for (const [suffix, key] of byEnv) {
    const raw = env[prefix + suffix];
    if (raw === undefined) continue;
    if (raw.trim() === '' && spec[key].kind !== 'list') continue;
    (change as Record<keyof T, unknown>)[key] = parseFieldValue(spec[key].kind, raw, prefix + suffix);
  }
  const forRaw = env[`${prefix}FAULTS_FOR`];
  let forMs: number | undefined;
  if (forRaw !== undefined && forRaw.trim() !== '') {
    forMs = parseFieldValue('duration', forRaw, `${prefix}FAULTS_FOR`) as number;
    if (forMs <= 0) throw new FaultInputError(`${prefix}FAULTS_FOR inválido: «${forRaw}»; se espera una duración mayor que 0 (2m, 30s)`);
  }
  return { change, forMs };
}

/** When a time-boxed change ends (ms since the epoch), or undefined for a permanent one. Throws FaultInputError. */
export function endOf(forMs: unknown, until: unknown, now: number): number | undefined {
  if (forMs !== undefined && until !== undefined) throw new FaultInputError('Indique solo uno de «for» o «until»');
  if (forMs !== undefined) {
    const ms = parseFieldValue('duration', forMs, 'for') as number;
    if (ms <= 0) throw new FaultInputError('for inválido: se espera una duración mayor que 0 (2m, 30s)');
    return now + ms;
  }
  if (until !== undefined) {
    const at = until instanceof Date ? until.getTime() : typeof until === 'number' ? until : typeof until === 'string' ? Date.parse(until) : NaN;
    if (!Number.isFinite(at)) throw new FaultInputError(`until inválido: ${JSON.stringify(until)}; se espera una fecha ISO-8601 (2026-03-01T15:04:05Z)`);
    if (at <= now) throw new FaultInputError('until inválido: la fecha ya pasó');
    return at;
  }
  return undefined;
}

/**
 * A control-API body: some fields of the stand-in's faults (each as its JSON type or as the text its environment
 * variable takes), and optionally `for` (duration, '2m' or ms) or `until` (ISO-8601) to time-box them. Unknown fields,
 * an empty change or a value that does not fit: FaultInputError in Spanish. Answers a change for FaultSwitches.set.
 */
export function parseFaultBody<T>(spec: FaultSpec<T>, body: unknown, label: string, now: number = Date.now()): FaultChange<T> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new FaultInputError(`El cuerpo debe ser un objeto JSON con las fallas de ${label}`);
  const change: Record<string, unknown> = {};
  let fields = 0;
  const { for: forText, forMs, until, ...rest } = body as Record<string, unknown>;
  for (const [name, raw] of Object.entries(rest)) {
    if (!(name in spec)) {
      throw new FaultInputError(`Falla desconocida para ${label}: «${name}»; las conocidas son: ${Object.keys(spec).join(', ')}`);
    }
    change[name] = parseFieldValue(spec[name as keyof T].kind, raw, name);
    fields += 1;
  }
  if (fields === 0) throw new FaultInputError(`Indique al menos una falla de ${label} (${Object.keys(spec).join(', ')})`);
  if (forText !== undefined && forMs !== undefined) throw new FaultInputError('Indique solo uno de «for» o «forMs»');
  const end = endOf(forText ?? forMs, until, now);
  if (end !== undefined) change.until = end;
  return change as FaultChange<T>;
}

/**
 * The live switches of one stand-in. Each switch has a permanent value (the start options, then `set` without a
 * duration) and may carry a time-boxed value (`set` with `forMs` / `until`) that is in force until its end and then
 * simply stops counting: reads check the clock, so an expired change needs no timer to undo it. A later `set` of a
 * switch replaces its earlier time-boxed value, whichever it is.
 */
export class FaultSwitches<T extends object> {
  private base: T;
  private readonly timed = new Map<keyof T, { value: unknown; until: number }>();

  constructor(
    readonly spec: FaultSpec<T>,
    /** The values `reset()` returns to: the stand-in's start options. */
    private readonly initial: T,
    private readonly now: () => number = Date.now,
    /** Called after every set / reset (the stand-ins restart their even spreading of error rates). */
    private readonly onChange?: () => void,
  ) {
    this.base = clone(initial);
  }

  /** The value in force of one switch. */
  get<K extends keyof T>(key: K): T[K] {
    const t = this.timed.get(key);
    if (t) {
      if (this.now() < t.until) return t.value as T[K];
      this.timed.delete(key);
    }
    return this.base[key];
  }

  /** Every switch's value in force. */
  current(): T {
    const out = {} as T;
    for (const key of Object.keys(this.base) as (keyof T)[]) out[key] = this.get(key);
    return out;
  }

  /**
   * Sets the switches given (undefined ones are left alone). Without `forMs` / `until` the values are permanent (and
   * end any time-boxed value of those switches); with one of them they last until then.
   */
  set(change: FaultChange<T>): void {
    const { forMs, until, ...fields } = change;
    const end = endOf(forMs, until, this.now());
    for (const [key, value] of Object.entries(fields) as [keyof T, unknown][]) {
      if (value === undefined) continue;
      const v = Array.isArray(value) ? [...value] : value;
      if (end === undefined) {
        (this.base as Record<keyof T, unknown>)[key] = v;
        this.timed.delete(key);
      } else {
        this.timed.set(key, { value: v, until: end });
      }
    }
    this.onChange?.();
  }

  /** Every switch back to the stand-in's start options; time-boxed values end. */
  reset(): void {
    this.base = clone(this.initial);
    this.timed.clear();
    this.onChange?.();
  }

  /** The values in force and the time-boxed ones with their end. */
  state(): FaultState<T> {
    const faults = this.current();
    const now = this.now();
    const timed: Partial<Record<keyof T, TimedFault>> = {};
    for (const [key, t] of this.timed) timed[key] = { value: t.value, until: new Date(t.until).toISOString(), remainingMs: t.until - now };
    return { faults, timed };
  }
}

function clone<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, Array.isArray(v) ? [...v] : v])) as T;
}
