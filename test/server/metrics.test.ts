// GET /metrics: Prometheus text for loopback callers or with METRICS_TOKEN; request latency by route pattern (never the
// raw URL), ERP latency and errors by operation, outbox depth, oldest pending job, tries and failures, payment outcomes
// by provider, the catalogue snapshot's age.
import { PermanentJobError } from '@server/jobs/outbox';
import { payments } from '@server/db/schema';
import { call, createTestApp, login, type TestApp } from './helpers';

let t: TestApp;
const TOKEN = 'token-de-metricas-0123456789';

beforeAll(async () => {
  t = await createTestApp({}, { worker: { autoStart: false, backoffMs: () => 0, maxAttempts: 1 }, operations: { metricsToken: TOKEN } });
  t.app.worker.register('test.metric', async (payload) => {
    if ((payload as { fail?: boolean }).fail) throw new PermanentJobError('rechazado (prueba)');
  });
}, 60_000);
afterAll(() => t.close());
afterEach(() => t.b1.setFaults({ refuse: false }));

const scrape = (extra: { remoteAddress?: string; headers?: Record<string, string> } = {}) => t.app.inject({ method: 'GET', url: '/metrics', ...extra });
const text = async () => {
  const res = await scrape();
  expect(res.statusCode).toBe(200);
  return res.body;
};
/** The value of one sample line (`name{labels} value`), or undefined. */
const sample = (body: string, line: string) => {
  const found = body.split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
};

it('is served to this machine, or elsewhere only with METRICS_TOKEN as a bearer token', async () => {
  const local = await scrape();
  expect(local.statusCode).toBe(200);
  expect(local.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
  expect(local.headers['cache-control']).toBe('no-store');
  expect((await scrape({ remoteAddress: '10.0.0.5' })).json()).toEqual({ status: 403, message: 'Las métricas solo se entregan a esta misma máquina o con METRICS_TOKEN' });
  expect((await scrape({ remoteAddress: '10.0.0.5', headers: { authorization: 'Bearer otro-token-cualquiera' } })).json()).toEqual({ status: 401, message: 'Token de métricas inválido' });
  expect((await scrape({ remoteAddress: '10.0.0.5', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(200);
  // a proxy on this machine forwarding someone else is not this machine
  expect((await scrape({ headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode).toBe(403);
});

it('times every request by route pattern, method and status class (low cardinality)', async () => {
  const admin = (await login(t.app, '22222222-2', 'Admin1234')).token;
  for (const id of [101, 102, 103]) await call(t.app, { method: 'GET', url: `/api/admin/orders/${id}`, token: admin });
  await call(t.app, { method: 'GET', url: '/api/no-existe-123' });
  const body = await text();
  expect(sample(body, 'portal_http_request_duration_seconds_count{route="/api/admin/orders/:id",method="GET",status_class="4xx"}')).toBe(3);
  expect(body).not.toMatch(/route="\/api\/admin\/orders\/10[123]"/);
  expect(body).toMatch(/portal_http_request_duration_seconds_bucket\{le="0\.005",route="\/api\/security\/login",method="POST",status_class="2xx"\}/);
  expect(body).toMatch(/route="unmatched",method="GET",status_class="4xx"/);
});

it('times the ERP by operation and counts its errors by code', async () => {
  await t.app.catalog.refresh();
  let body = await text();
  expect(sample(body, 'portal_erp_request_duration_seconds_count{operation="Items",outcome="ok"}')).toBeGreaterThanOrEqual(1);
  expect(sample(body, 'portal_erp_request_duration_seconds_count{operation="Login",outcome="ok"}')).toBe(1);
  t.b1.setFaults({ refuse: true });
  expect(await t.erp.ping()).toBe('unavailable');
  body = await text();
  expect(sample(body, 'portal_erp_errors_total{operation="PaymentTermsTypes",code="ERP_UNAVAILABLE"}')).toBe(1);
  expect(sample(body, 'portal_erp_request_duration_seconds_count{operation="PaymentTermsTypes",outcome="error"}')).toBe(1);
  // the catalogue was read from the ERP a moment ago
  const age = sample(body, 'portal_catalog_snapshot_age_seconds')!;
  expect(age).toBeGreaterThanOrEqual(0);
  expect(age).toBeLessThan(60);
  // on PostgreSQL this one instance is the cluster's catalogue reader; on PGlite there is none
  if (t.database.kind === 'postgres') {
    expect(sample(body, 'portal_catalog_reader_holder')).toBe(1);
    expect(sample(body, 'portal_catalog_reader_erp_reads')).toBeGreaterThanOrEqual(1);
  } else {
    expect(body).not.toMatch(/^portal_catalog_reader_holder /m);
  }
});

it('shows the outbox depth, its oldest pending job, tries and failures, and payment outcomes by provider', async () => {
  const db = t.database.db;
  await t.app.outbox.enqueue(db, { kind: 'test.metric', payload: {}, dedupeKey: 'metric:later', delayMs: 3_600_000 });
  await t.app.outbox.enqueue(db, { kind: 'test.metric', payload: { fail: true }, dedupeKey: 'metric:fail' });
  await t.app.outbox.enqueue(db, { kind: 'test.metric', payload: {}, dedupeKey: 'metric:ok' });
  await t.app.worker.runOnce();
  const buyer = (await login(t.app, '76123456-0', 'Demo1234')).id;
  for (const [provider, state, reference] of [['WEBPAY', 'PAID', 'm1'], ['WEBPAY', 'REJECTED', 'm2'], ['KHIPU', 'PAID', 'm3'], ['WEBPAY', 'PAID', 'm4']] as const) {
    await db.insert(payments).values({ provider, purpose: 'INVOICES', userId: buyer, cardCode: 'C76123456', amount: 1000, state, reference, outcomeAppliedAt: new Date() });
  }
  const body = await text();
  expect(sample(body, 'portal_outbox_jobs{kind="test.metric",status="pending"}')).toBe(1);
  expect(sample(body, 'portal_outbox_jobs{kind="test.metric",status="failed"}')).toBe(1);
  expect(sample(body, 'portal_outbox_oldest_pending_age_seconds{kind="test.metric"}')).toBeGreaterThanOrEqual(0);
  expect(sample(body, 'portal_outbox_attempts_total{kind="test.metric",outcome="done"}')).toBe(1);
  expect(sample(body, 'portal_outbox_attempts_total{kind="test.metric",outcome="failed"}')).toBe(1);
  expect(sample(body, 'portal_outbox_job_failures_total{kind="test.metric",failure="rejected"}')).toBe(1);
  expect(sample(body, 'portal_payment_outcomes{provider="WEBPAY",outcome="PAID"}')).toBe(2);
  expect(sample(body, 'portal_payment_outcomes{provider="WEBPAY",outcome="REJECTED"}')).toBe(1);
  expect(sample(body, 'portal_payment_outcomes{provider="KHIPU",outcome="PAID"}')).toBe(1);
});
