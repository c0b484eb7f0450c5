// What /metrics costs the request hot path: (1) one observation of a request's latency, in ns per call: through the
// route's timer (what every answer pays: its series found once), through `observeUnmatched` (the series looked up per
// call: answers no route matched) and, for comparison, prom-client's Histogram#observe with the same labels (what the
// portal used before); (2) µs per request of a trivial route through Fastify's inject, bare and timed as the portal
// times it (`timeRequests`), in alternating rounds so the machine's drift hits both alike; the figure is the median of
// the rounds' differences and their range. Prints figures; asserts nothing. BENCH_ROUNDS (5), BENCH_REQUESTS (20000).
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import Fastify, { type FastifyInstance } from 'fastify';
import { Histogram, Registry } from 'prom-client';
import type { Db } from '@server/db/connect';
import { LATENCY_BUCKETS, PortalMetrics } from '@server/metrics/metrics';
import metricsRoutes, { timeRequests } from '@server/metrics/metrics.routes';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20_000);
const OBSERVES = 1_000_000;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
const range = (xs: number[], digits: number) => `${Math.min(...xs).toFixed(digits)}…${Math.max(...xs).toFixed(digits)}`;

/** The metrics never reach the database here: the gauges read it only when scraped. */
const metricsOf = () => new PortalMetrics({ db: {} as Db });

async function app(withMetrics: boolean): Promise<FastifyInstance> {
  const a = Fastify({ logger: false });
  if (withMetrics) {
    const metrics = metricsOf();
    timeRequests(a, metrics);
    await a.register(metricsRoutes, { metrics });
  }
  a.get('/api/user/orders/:id', { config: { access: 'buyer' } }, async (request) => ({ id: (request.params as { id: string }).id }));
  await a.ready();
  return a;
}

async function perRequestUs(a: FastifyInstance): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < REQUESTS; i++) await a.inject({ method: 'GET', url: `/api/user/orders/${i % 50}` });
  return ((performance.now() - started) * 1000) / REQUESTS;
}

async function main() {
  console.log(`carga al empezar: ${load()} (máquina compartida: cifras con ruido); ${ROUNDS} rondas`);
  const metrics = metricsOf();
  const routes = ['/api/user/orders/:id', '/api/user/b1/catalog/products', '/api/orders', '/api/admin/orders'];
  const timers = routes.map((route) => metrics.requestTimer(route, 'GET'));
  const promClient = new Histogram({
    name: 'comparison_seconds',
    help: 'prom-client',
    labelNames: ['route', 'method', 'status_class'],
    buckets: LATENCY_BUCKETS,
    registers: [new Registry()],
  });
  const ways: [string, (i: number) => void][] = [
    ['temporizador de la ruta', (i) => timers[i & 3]!(i % 50 === 0 ? 404 : 200, (i % 200) / 10)],
    ['observeUnmatched', (i) => metrics.observeUnmatched(i & 1 ? 'GET' : 'POST', i % 50 === 0 ? 404 : 200, (i % 200) / 10)],
    [
      'prom-client Histogram#observe',
      (i) => promClient.observe({ route: routes[i & 3]!, method: 'GET', status_class: i % 50 === 0 ? '4xx' : '2xx' }, (i % 200) / 10000),
    ],
  ];
  for (const [name, observe] of ways) {
    for (let i = 0; i < 100_000; i++) observe(i);
    const ns: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const started = performance.now();
      for (let i = 0; i < OBSERVES; i++) observe(i);
      ns.push(((performance.now() - started) * 1e6) / OBSERVES);
    }
    console.log(`${name}: mediana ${median(ns).toFixed(0)} ns por observación (rango ${range(ns, 0)})`);
  }

  const bare = await app(false);
  const withMetrics = await app(true);
  await perRequestUs(bare);
  await perRequestUs(withMetrics);
  const deltas: number[] = [];
  const bareUs: number[] = [];
  const metricsUs: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const [first, second] = r % 2 ? [withMetrics, bare] : [bare, withMetrics];
    const a = await perRequestUs(first);
    const b = await perRequestUs(second);
    const [plain, measured] = r % 2 ? [b, a] : [a, b];
    bareUs.push(plain);
    metricsUs.push(measured);
    deltas.push(measured - plain);
    console.log(`ronda ${r + 1} (carga ${load()}): sin métricas ${plain.toFixed(1)} µs, con métricas ${measured.toFixed(1)} µs por solicitud`);
  }
  console.log(
    `por solicitud (inject, ${REQUESTS} por ronda): sin métricas ${median(bareUs).toFixed(1)} µs, con métricas ${median(metricsUs).toFixed(1)} µs; ` +
      `diferencia mediana ${median(deltas).toFixed(2)} µs (rango ${range(deltas, 2)})`,
  );
  console.log(`carga al terminar: ${load()}`);
  await bare.close();
  await withMetrics.close();
}

void main();
