// The stand-ins' shared fault switches: values from environment variables and control-API bodies (Spanish errors),
// and the live switches whose time-boxed changes undo themselves.
import {
  FaultInputError, FaultSwitches, faultsFromEnv, parseDurationText, parseFaultBody, parseFieldValue, type FaultSpec,
} from '@mocks/faults';

interface Demo {
  latencyMs: number;
  errorRate: number;
  refuse: boolean;
  attempts: number;
  codes: string[];
  mode: 'a' | 'b';
}

const SPEC: FaultSpec<Demo> = {
  latencyMs: { kind: 'duration', env: 'LATENCY', doc: '' },
  errorRate: { kind: 'rate', env: 'ERROR_RATE', doc: '' },
  refuse: { kind: 'bool', env: 'REFUSE', doc: '' },
  attempts: { kind: 'count', env: 'ATTEMPTS', doc: '' },
  codes: { kind: 'list', env: 'CODES', doc: '' },
  mode: { kind: { enum: ['a', 'b'] }, env: 'MODE', doc: '' },
};
const INITIAL: Demo = { latencyMs: 0, errorRate: 0, refuse: false, attempts: 0, codes: ['C1'], mode: 'a' };

describe('values', () => {
  it('durations need a unit (or are 0)', () => {
    expect(parseDurationText('500ms')).toBe(500);
    expect(parseDurationText('30s')).toBe(30_000);
    expect(parseDurationText('2m')).toBe(120_000);
    expect(parseDurationText('2min')).toBe(120_000);
    expect(parseDurationText('1.5h')).toBe(5_400_000);
    expect(parseDurationText('0')).toBe(0);
    expect(parseDurationText('30')).toBeUndefined();
    expect(parseDurationText('dos minutos')).toBeUndefined();
  });

  it('each kind takes its JSON type or the text of an environment variable', () => {
    expect(parseFieldValue('bool', 'sí', 'x')).toBe(true);
    expect(parseFieldValue('bool', 'OFF', 'x')).toBe(false);
    expect(parseFieldValue('bool', true, 'x')).toBe(true);
    expect(parseFieldValue('rate', '25%', 'x')).toBe(0.25);
    expect(parseFieldValue('rate', '0.5', 'x')).toBe(0.5);
    expect(parseFieldValue('rate', 1, 'x')).toBe(1);
    expect(parseFieldValue('duration', 1500, 'x')).toBe(1500);
    expect(parseFieldValue('duration', '8s', 'x')).toBe(8000);
    expect(parseFieldValue('count', '3', 'x')).toBe(3);
    expect(parseFieldValue('list', 'C1, C2,', 'x')).toEqual(['C1', 'C2']);
    expect(parseFieldValue('list', '', 'x')).toEqual([]);
    expect(parseFieldValue('list', ['C9'], 'x')).toEqual(['C9']);
    expect(parseFieldValue({ enum: ['a', 'b'] }, 'b', 'x')).toBe('b');
  });

  it.each([
    ['bool', 'quizás', /^X inválido: «quizás»; se espera sí o no/],
    ['rate', '1.5', /^X inválido: «1.5»; se espera una fracción entre 0 y 1/],
    ['rate', '150%', /se espera una fracción entre 0 y 1 \(0.25\) o un porcentaje \(25%\)/],
    ['duration', '30', /^X inválido: «30»; se espera una duración con unidad \(500ms, 30s, 2m, 1h\) o 0/],
    ['duration', -5, /^X inválido: -5;/],
    ['count', '2.5', /se espera un número entero, 0 o mayor/],
    ['list', 7, /se espera códigos separados por coma/],
  ] as const)('%s refuses %p in Spanish', (kind, raw, message) => {
    expect(() => parseFieldValue(kind, raw, 'X')).toThrow(FaultInputError);
    expect(() => parseFieldValue(kind, raw, 'X')).toThrow(message);
  });
});

describe('environment variables', () => {
  it('reads <PREFIX><FIELD>, FAULTS_FOR and older names; leaves unset ones alone', () => {
    const env = { DEMO_LATENCY: '2s', DEMO_REFUSE: '1', DEMO_CODES: '', DEMO_FAULTS_FOR: '2m', DEMO_OLD_MS: '1500', DEMO_PORT: '4000', OTHER: 'x' };
    const read = faultsFromEnv(SPEC, 'DEMO_', env, { aliases: { OLD_MS: 'latencyMs' }, otherNames: ['PORT'] });
    expect(read).toEqual({ change: { latencyMs: 2000, refuse: true, codes: [] }, forMs: 120_000 });
    expect(faultsFromEnv(SPEC, 'DEMO_', { DEMO_OLD_MS: '1500' }, { aliases: { OLD_MS: 'latencyMs' } }).change).toEqual({ latencyMs: 1500 });
    expect(faultsFromEnv(SPEC, 'DEMO_', {})).toEqual({ change: {}, forMs: undefined });
  });

  it('refuses a value that does not fit, naming the variable', () => {
    expect(() => faultsFromEnv(SPEC, 'DEMO_', { DEMO_ERROR_RATE: 'mucho' })).toThrow('DEMO_ERROR_RATE inválido: «mucho»; se espera una fracción');
    expect(() => faultsFromEnv(SPEC, 'DEMO_', { DEMO_MODE: 'c' })).toThrow('DEMO_MODE inválido: «c»; se espera uno de: a, b');
    expect(() => faultsFromEnv(SPEC, 'DEMO_', { DEMO_FAULTS_FOR: '0' })).toThrow('DEMO_FAULTS_FOR inválido');
  });

  it('refuses an unknown variable under the prefix (a typo would otherwise be ignored)', () => {
    expect(() => faultsFromEnv(SPEC, 'DEMO_', { DEMO_EROR_RATE: '1' })).toThrow(/^DEMO_EROR_RATE no es una variable conocida del sustituto; las fallas son: DEMO_LATENCY, DEMO_ERROR_RATE/);
  });
});

describe('control-API bodies', () => {
  const NOW = Date.parse('2026-03-01T12:00:00Z');

  it('takes fields of the shape and for / forMs / until', () => {
    expect(parseFaultBody(SPEC, { refuse: true, for: '2m' }, 'demo', NOW)).toEqual({ refuse: true, until: NOW + 120_000 });
    expect(parseFaultBody(SPEC, { latencyMs: '8s', forMs: 1000 }, 'demo', NOW)).toEqual({ latencyMs: 8000, until: NOW + 1000 });
    expect(parseFaultBody(SPEC, { errorRate: 0.5, until: '2026-03-01T12:05:00Z' }, 'demo', NOW)).toEqual({ errorRate: 0.5, until: NOW + 300_000 });
    expect(parseFaultBody(SPEC, { codes: [] }, 'demo', NOW)).toEqual({ codes: [] });
  });

  it.each([
    [null, 'El cuerpo debe ser un objeto JSON con las fallas de demo'],
    [[], 'El cuerpo debe ser un objeto JSON con las fallas de demo'],
    [{}, 'Indique al menos una falla de demo (latencyMs, errorRate, refuse, attempts, codes, mode)'],
    [{ for: '2m' }, 'Indique al menos una falla de demo'],
    [{ down: true }, 'Falla desconocida para demo: «down»; las conocidas son: latencyMs, errorRate, refuse, attempts, codes, mode'],
    [{ refuse: 'tal vez' }, 'refuse inválido: «tal vez»'],
    [{ refuse: true, for: 'un rato' }, 'for inválido: «un rato»'],
    [{ refuse: true, for: '0' }, 'for inválido: se espera una duración mayor que 0'],
    [{ refuse: true, until: 'mañana' }, 'until inválido: "mañana"; se espera una fecha ISO-8601'],
    [{ refuse: true, until: '2026-03-01T11:00:00Z' }, 'until inválido: la fecha ya pasó'],
    [{ refuse: true, for: '1m', until: '2026-03-01T13:00:00Z' }, 'Indique solo uno de «for» o «until»'],
  ])('refuses %p', (body, message) => {
    expect(() => parseFaultBody(SPEC, body, 'demo', NOW)).toThrow(FaultInputError);
    expect(() => parseFaultBody(SPEC, body, 'demo', NOW)).toThrow(message);
  });
});

describe('FaultSwitches', () => {
  let now = 1_000_000;
  const clock = () => now;

  it('permanent changes stay; time-boxed ones undo themselves at their end', () => {
    let changes = 0;
    const s = new FaultSwitches(SPEC, INITIAL, clock, () => { changes += 1; });
    s.set({ latencyMs: 200 });
    s.set({ refuse: true, errorRate: 0.5, forMs: 120_000 });
    expect(s.current()).toEqual({ ...INITIAL, latencyMs: 200, refuse: true, errorRate: 0.5 });
    expect(s.state().timed).toEqual({
      refuse: { value: true, until: new Date(now + 120_000).toISOString(), remainingMs: 120_000 },
      errorRate: { value: 0.5, until: new Date(now + 120_000).toISOString(), remainingMs: 120_000 },
    });
    now += 119_999;
    expect(s.get('refuse')).toBe(true);
    now += 1;
    expect(s.get('refuse')).toBe(false);
    expect(s.current()).toEqual({ ...INITIAL, latencyMs: 200 });
    expect(s.state().timed).toEqual({});
    expect(changes).toBe(2);
  });

  it('a time-boxed change returns to the permanent value in force, also one set meanwhile', () => {
    const s = new FaultSwitches(SPEC, INITIAL, clock);
    s.set({ errorRate: 0.1 });
    s.set({ errorRate: 1, until: now + 1000 });
    expect(s.get('errorRate')).toBe(1);
    now += 1000;
    expect(s.get('errorRate')).toBe(0.1);
    // a permanent set of the same switch ends its time-boxed value at once
    s.set({ refuse: true, forMs: 5000 });
    s.set({ refuse: false });
    expect(s.get('refuse')).toBe(false);
    now += 10_000;
    expect(s.get('refuse')).toBe(false);
    // a newer time-boxed value replaces the older one
    s.set({ mode: 'b', forMs: 60_000 });
    s.set({ mode: 'b', forMs: 1000 });
    now += 1000;
    expect(s.get('mode')).toBe('a');
  });

  it('reset returns to the start values; lists are copied', () => {
    const s = new FaultSwitches(SPEC, INITIAL, clock);
    const codes = ['C7'];
    s.set({ codes, attempts: 3 });
    codes.push('C8');
    s.set({ refuse: true, forMs: 60_000 });
    expect(s.get('codes')).toEqual(['C7']);
    s.reset();
    expect(s.current()).toEqual(INITIAL);
    expect(s.state().timed).toEqual({});
    expect(INITIAL.codes).toEqual(['C1']);
  });
});
