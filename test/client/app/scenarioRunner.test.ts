import { execFile } from 'node:child_process';
import path from 'node:path';
import type { ScenarioStep } from '@client/app/scenario/format';
import { firstDivergence, formatDivergence, matchSubset, normalize } from '../../scenarios/compare';

// The scenario runner: its divergence report, and `npm run scenarios` over test/scenarios in provider mode (the
// shipped recordings replayed through the real reducers and sagas), so CI runs every shipped scenario.

const ui = (t: number, type: string, payload?: unknown): ScenarioStep => ({ kind: 'action', t, source: 'ui', action: { type, payload } });
const saga = (t: number, type: string, payload?: unknown): ScenarioStep => ({ kind: 'action', t, source: 'saga', action: { type, payload } });
const api = (t: number, method: string, p: string, request?: unknown): ScenarioStep => ({ kind: 'api', t, method, path: p, status: 200, ...(request ? { request } : {}) });

const recorded: ScenarioStep[] = [
  ui(0, 'cart/iconShown'),
  api(5, 'GET', '/user/cart/count-cart/3'),
  saga(6, 'cart/countLoaded', 2),
  ui(10, 'checkout/orderSubmitted', { paymentMethod: 'CREDIT' }),
  api(12, 'POST', '/orders', { key: '2b5d4c1e-8f3a-4a6b-9c0d-1e2f3a4b5c6d', lines: 1 }),
  saga(13, 'checkout/orderCreated', { id: 7 }),
];

describe('first divergence', () => {
  it('none when the replay did the same (times and UUIDs aside)', () => {
    const replay = recorded.map((s) => ({ ...s, t: s.t + 3 }));
    (replay[4] as { request: unknown }).request = { key: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', lines: 1 };
    expect(firstDivergence(recorded, replay)).toBeNull();
  });

  it('a different saga action: its index, both steps and the field', () => {
    const replay = [...recorded];
    replay[5] = saga(13, 'checkout/orderFailed', { message: 'Sin stock' });
    const d = firstDivergence(recorded, replay)!;
    expect(d).toMatchObject({ index: 5, path: 'action.type', expectedValue: 'checkout/orderCreated', actualValue: 'checkout/orderFailed' });
    expect(formatDivergence(d, recorded.length)).toBe(
      [
        'primera diferencia en el paso 5 de 6 (paso distinto)',
        '  esperado: saga checkout/orderCreated {"id":7}',
        '  obtenido: saga checkout/orderFailed {"message":"Sin stock"}',
        '  en action.type: esperado "checkout/orderCreated", obtenido "checkout/orderFailed"',
      ].join('\n'),
    );
  });

  it('the FIRST one: an earlier payload difference wins over a later missing step', () => {
    const replay = recorded.slice(0, 4);
    replay[2] = saga(6, 'cart/countLoaded', 3);
    const d = firstDivergence(recorded, replay)!;
    expect(d).toMatchObject({ index: 2, path: 'action.payload', expectedValue: 2, actualValue: 3 });
  });

  it('an API call the sagas never made, or made with another body, or did not have recorded', () => {
    expect(firstDivergence(recorded, recorded.filter((_, i) => i !== 4))).toMatchObject({ index: 4, reason: 'los sagas nunca pidieron POST /orders' });
    const other = [...recorded];
    other[4] = api(12, 'POST', '/orders', { key: 'x', lines: 2 });
    expect(firstDivergence(recorded, other)).toMatchObject({ index: 4, path: 'request.key', reason: 'solicitud distinta' });
    const extra = [...recorded.slice(0, 2), api(5, 'GET', '/user/b1/profile/3'), ...recorded.slice(2)];
    expect(firstDivergence(recorded, extra)).toMatchObject({ index: 2, reason: 'llamada no grabada: GET /user/b1/profile/3' });
  });

  it('the replay stopped early, or did more than recorded', () => {
    expect(firstDivergence(recorded, recorded.slice(0, 3))).toMatchObject({ index: 3, reason: 'la reproducción se detuvo antes' });
    expect(firstDivergence(recorded, [...recorded, saga(20, 'cart/countLoaded', 0)])).toMatchObject({ index: 6, reason: 'la reproducción hizo más de lo grabado' });
  });

  it('ignore paths and volatile values', () => {
    expect(normalize({ payload: { session_id: 'OW123456', at: 1_760_000_000_000, when: '2025-10-09T12:00:00.000Z' } }, ['payload.session_id'])).toEqual({ payload: { at: '<hora>', when: '<fecha>' } });
  });

  it('state subsets: listed keys of objects, arrays exactly', () => {
    expect(matchSubset({ cart: { count: 0 } }, { cart: { count: 0, lines: [1] }, session: {} })).toBeNull();
    expect(matchSubset({ cart: { lines: [1] } }, { cart: { lines: [1, 2] } })).toMatchObject({ path: 'cart.lines' });
  });
});

describe('npm run scenarios (provider mode)', () => {
  it('replays every shipped scenario and ends with the summary line, none failed', async () => {
    const root = path.resolve(__dirname, '../../..');
    const { code, stdout } = await new Promise<{ code: number; stdout: string }>((resolve) => {
      execFile('npx', ['tsx', 'test/scenarios/run.ts'], { cwd: root, timeout: 170_000, maxBuffer: 10 * 1024 * 1024 }, (error, out, err) =>
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout: `${out}${err}` }),
      );
    });
    const summary = /(\d+) scenarios, (\d+) passed, (\d+) failed/.exec(stdout);
    if (!summary || code !== 0) throw new Error(`npm run scenarios falló:\n${stdout}`);
    expect(Number(summary[1])).toBeGreaterThanOrEqual(10);
    expect(summary[3]).toBe('0');
  }, 180_000);
});
