// The request-latency histogram kept as plain counts must read exactly like prom-client's Histogram to Prometheus.
import { Histogram, Registry } from 'prom-client';
import { LatencyHistogram } from '@server/metrics/latencyHistogram';
import { LATENCY_BUCKETS as BOUNDS } from '@server/metrics/metrics';
const NAME = 'portal_http_request_duration_seconds';
const HELP = 'Tiempo de respuesta de la API por ruta (patrón), método y clase de estado';
const observations: [Record<'route' | 'method' | 'status_class', string>, number][] = [
  [{ route: '/api/user/b1/products', method: 'GET', status_class: '3xx' }, 0.0004],
  [{ route: '/api/user/b1/products', method: 'GET', status_class: '3xx' }, 0.005], // on a bound: counted in it (le)
  [{ route: '/api/user/b1/products', method: 'GET', status_class: '2xx' }, 0.3],
  [{ route: '/api/security/login', method: 'POST', status_class: '4xx' }, 12], // past every bound: +Inf only
  [{ route: 'unmatched', method: 'GET', status_class: '4xx' }, 0.02],
  [{ route: '/api/user/b1/products', method: 'GET', status_class: '3xx' }, 1.75],
];

function both() {
  const theirs = new Registry();
  const histogram = new Histogram({ name: NAME, help: HELP, labelNames: ['route', 'method', 'status_class'], buckets: BOUNDS, registers: [theirs] });
  const ours = new Registry();
  const latency = new LatencyHistogram(NAME, HELP, BOUNDS, ours);
  return { theirs, histogram, ours, latency };
}

it('exports the same Prometheus text as prom-client for the same observations', async () => {
  const { theirs, histogram, ours, latency } = both();
  for (const [labels, seconds] of observations) {
    histogram.observe(labels, seconds);
    latency.seriesOf(labels).observe(seconds);
  }
  const text = await ours.metrics();
  expect(text).toBe(await theirs.metrics());
  expect(text).toContain('portal_http_request_duration_seconds_bucket{le="0.005",route="/api/user/b1/products",method="GET",status_class="3xx"} 2');
  expect(text).toContain('portal_http_request_duration_seconds_bucket{le="+Inf",route="/api/security/login",method="POST",status_class="4xx"} 1');
  expect(text).toContain('portal_http_request_duration_seconds_count{route="/api/user/b1/products",method="GET",status_class="3xx"} 3');
});

it('keeps one series per label set, and a reset empties it as prom-client does', async () => {
  const { theirs, histogram, ours, latency } = both();
  const labels = { route: '/api/user/b1/products', method: 'GET', status_class: '2xx' };
  expect(latency.seriesOf(labels)).toBe(latency.seriesOf({ ...labels }));
  latency.seriesOf(labels).observe(0.01);
  histogram.observe(labels, 0.01);
  ours.resetMetrics();
  theirs.resetMetrics();
  expect(await ours.metrics()).toBe(await theirs.metrics());
  expect(await ours.metrics()).not.toContain('_count');
});
