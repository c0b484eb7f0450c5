// What representing a customer costs a sales rep's request (docs/sales-reps.md): every request of a rep decides again
// which customer the token acts for (the representation's row, kept 10 s per instance, and the ERP's assignment of the
// customer, kept REP_SCOPE_CACHE = 30 s). Measured through Fastify's inject on the whole app (PGlite in memory, the B1
// stand-in on loopback), µs per request of a cheap buyer route (the cart's count): the company's own login, a rep
// representing it with the caches warm, and a rep whose every request asks the ERP (REP_SCOPE_CACHE=0), in alternating
// rounds so the machine's drift hits all alike. Prints figures; asserts nothing. BENCH_ROUNDS (5), BENCH_REQUESTS (2000).
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { call, createTestApp, login, type TestApp } from '../server/helpers';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const range = (xs: number[]) => `${Math.min(...xs).toFixed(0)}…${Math.max(...xs).toFixed(0)}`;

interface Caller {
  name: string;
  t: TestApp;
  token: string;
  id: number;
}

async function repOf(t: TestApp): Promise<{ token: string; id: number }> {
  const session = await login(t.app, '13.579.246-2', 'Demo1234');
  const answer = await call(t.app, { method: 'POST', url: '/api/rep/represent/C76123456', token: session.token, payload: {} });
  if (answer.statusCode !== 200) throw new Error(`representar: ${answer.statusCode} ${answer.body}`);
  return { token: answer.json<{ token: string }>().token, id: session.id };
}

async function perRequestUs(c: Caller, n: number): Promise<number> {
  const url = `/api/user/cart/count-cart/${c.id}`;
  const started = performance.now();
  for (let i = 0; i < n; i++) {
    const res = await call(c.t.app, { method: 'GET', url, token: c.token });
    if (res.statusCode !== 200) throw new Error(`${c.name}: ${res.statusCode} ${res.body}`);
  }
  return ((performance.now() - started) * 1000) / n;
}

async function main() {
  console.log(`carga al empezar: ${loadavg().map((l) => l.toFixed(2)).join(' ')} (máquina compartida: cifras con ruido); ${ROUNDS} rondas de ${REQUESTS} solicitudes`);
  const warm = await createTestApp();
  const cold = await createTestApp({ repScopeCacheMs: 0 });
  try {
    const buyer = await login(warm.app, '76.123.456-0', 'Demo1234');
    const callers: Caller[] = [
      { name: 'la empresa (su propio usuario)', t: warm, ...buyer },
      { name: 'un vendedor que la representa', t: warm, ...(await repOf(warm)) },
      { name: 'un vendedor, preguntando al ERP en cada solicitud (REP_SCOPE_CACHE=0)', t: cold, ...(await repOf(cold)) },
    ];
    for (const c of callers) await perRequestUs(c, 200);
    const figures = new Map<string, number[]>(callers.map((c) => [c.name, []]));
    for (let r = 0; r < ROUNDS; r++) for (const c of callers) figures.get(c.name)!.push(await perRequestUs(c, c.t === cold ? Math.ceil(REQUESTS / 4) : REQUESTS));
    const base = median(figures.get(callers[0]!.name)!);
    for (const c of callers) {
      const us = figures.get(c.name)!;
      const extra = c === callers[0] ? '' : `; ${(median(us) - base).toFixed(0)} µs más que la empresa`;
      console.log(`${c.name}: mediana ${median(us).toFixed(0)} µs por solicitud (rango ${range(us)})${extra}`);
    }
  } finally {
    await warm.close();
    await cold.close();
  }
}

void main();
