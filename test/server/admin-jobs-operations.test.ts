// 'Trabajos ERP' beyond the single retry: filters (pending, waiting, failed, open…), sort, pages and CSV; one job with
// every try (outbox_events); the admin shell's counts; retrying many (each audited); and the alert mail of a job that
// failed for good (ALERT_MAIL_TO), once per failure, never for an alert itself.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, like, sql } from 'drizzle-orm';
import type { AdminJobDetail, AdminJobList, JobsSummary, RetryJobsResponse } from '@shared/api/adminJobs';
import { auditLog, outbox } from '@server/db/schema';
import { PermanentJobError, RetryLaterError } from '@server/jobs/outbox';
import { call, createTestApp, login, type TestApp } from './helpers';

let t: TestApp;
let admin: string;
let buyer: string;
const ALERT_TO = 'ti@mayorista.example';

/** What each test job's handler does, by its payload. */
type Behaviour = { do: 'ok' | 'fail' | 'reject' | 'wait' };

beforeAll(async () => {
  t = await createTestApp({}, { worker: { pollMs: 50, backoffMs: () => 0, maxAttempts: 2, autoStart: false }, operations: { alertMailTo: ALERT_TO } });
  t.app.worker.register('test.job', async (payload) => {
    const p = payload as Behaviour;
    if (p.do === 'fail') throw new Error('el ERP no responde (prueba)');
    if (p.do === 'reject') throw new PermanentJobError('el ERP rechazó el documento (prueba)');
    if (p.do === 'wait') throw new RetryLaterError('espera aprobación en el ERP (prueba)', 60_000);
  });
  admin = (await login(t.app, '22222222-2', 'Admin1234')).token;
  buyer = (await login(t.app, '76123456-0', 'Demo1234')).token;
}, 60_000);
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(outbox);
  await t.database.db.delete(auditLog);
});

const enqueue = async (key: string, behaviour: Behaviour['do'], kind = 'test.job') =>
  (await t.app.outbox.enqueue(t.database.db, { kind, payload: { do: behaviour }, dedupeKey: key })).id;
/** Runs every due job until none is left (each try of this file's jobs is due at once). */
const drain = async () => {
  for (let i = 0; i < 10 && (await t.app.worker.runOnce()) > 0; i++);
};
const get = <T>(url: string, token = admin) => call(t.app, { method: 'GET', url, token }).then((r) => r.json<T>());
const keys = async (query: string) => (await get<AdminJobList>(`/api/admin/jobs${query}`)).rows.map((r) => r.key);
const jobRow = async (key: string) => (await t.database.db.select().from(outbox).where(eq(outbox.dedupeKey, key)))[0]!;
const alerts = () => t.database.db.select().from(outbox).where(like(outbox.dedupeKey, 'mail:ALERT_JOB:%')).orderBy(outbox.id);

/** Four jobs: done, failed (exhausted after two tries), rejected at once, waiting; and a pending one never tried. */
async function fourKinds() {
  await enqueue('test:ok:OC000101', 'ok');
  await enqueue('test:fail:OC000102', 'fail');
  await enqueue('test:reject', 'reject');
  await enqueue('test:wait', 'wait');
  await drain();
  const fresh = await t.app.outbox.enqueue(t.database.db, { kind: 'test.job', payload: { do: 'ok' }, dedupeKey: 'test:later', delayMs: 3_600_000 });
  return fresh.id;
}

it('the new routes: visitors 401, buyers 403', async () => {
  for (const [method, url] of [['GET', '/api/admin/jobs/summary'], ['GET', '/api/admin/jobs/1'], ['POST', '/api/admin/jobs/retry'], ['GET', '/api/admin/jobs?format=csv']] as const) {
    expect((await call(t.app, { method, url, payload: { ids: [1] } })).statusCode).toBe(401);
    expect((await call(t.app, { method, url, token: buyer, payload: { ids: [1] } })).statusCode).toBe(403);
  }
});

it('lists by status: pending (waiting ones too), waiting, failed, done, open; by kind, failure, key and date; sorted and paged', async () => {
  await fourKinds();
  expect(await keys('?kind=test.job&status=done')).toEqual(['test:ok:OC000101']);
  expect(await keys('?status=failed')).toEqual(['test:reject', 'test:fail:OC000102']);
  expect(await keys('?status=waiting')).toEqual(['test:wait']);
  expect(await keys('?status=pending')).toEqual(['test:later', 'test:wait']);
  expect(await keys('?status=open')).toEqual(['test:later', 'test:wait', 'test:reject', 'test:fail:OC000102']);
  expect(await keys('?status=failed&failure=rejected')).toEqual(['test:reject']);
  expect(await keys('?q=OC0001')).toEqual(['test:fail:OC000102', 'test:ok:OC000101']);
  // the two failures' alert mails, sent by the drain
  expect(await keys('?kind=mail&status=done')).toEqual([expect.stringMatching(/^mail:ALERT_JOB:/), expect.stringMatching(/^mail:ALERT_JOB:/)]);
  expect(await keys('?to=2020-01-01')).toEqual([]);
  expect((await keys('?kind=test.job&sort=attempts&dir=desc'))[0]).toBe('test:fail:OC000102');

  const page = await get<AdminJobList>('/api/admin/jobs?kind=test.job&sort=id&dir=asc&pageSize=2&page=1');
  expect(page).toMatchObject({ total: 5, page: 1, pageSize: 2 });
  expect(page.rows.map((r) => r.key)).toEqual(['test:reject', 'test:wait']);

  const [waiting] = (await get<AdminJobList>('/api/admin/jobs?status=waiting')).rows;
  expect(waiting).toMatchObject({ status: 'pending', waiting: true, attempts: 0, lastError: 'espera aprobación en el ERP (prueba)', lastAttemptAt: expect.any(String), orderNumber: null });
  const [failed] = (await get<AdminJobList>('/api/admin/jobs?q=OC000102')).rows;
  expect(failed).toMatchObject({ status: 'failed', failure: 'exhausted', waiting: false, attempts: 2, orderNumber: 'OC000102' });
  const [never] = (await get<AdminJobList>('/api/admin/jobs?q=later')).rows;
  expect(never).toMatchObject({ waiting: false, lastAttemptAt: null });
});

it('one job shows every try and re-queue; the summary counts what needs attention', async () => {
  await fourKinds();
  const id = (await jobRow('test:fail:OC000102')).id;
  const detail = await get<AdminJobDetail>(`/api/admin/jobs/${id}`);
  expect(detail.job).toMatchObject({ id, status: 'failed', failure: 'exhausted' });
  expect(detail.events.map((e) => [e.attempt, e.event, e.failure, e.message])).toEqual([
    [1, 'retry', null, 'el ERP no responde (prueba)'],
    [2, 'failed', 'exhausted', 'el ERP no responde (prueba)'],
  ]);
  expect(detail.events.every((e) => e.startedAt !== null && Date.parse(e.startedAt) <= Date.parse(e.at))).toBe(true);
  expect((await call(t.app, { method: 'GET', url: '/api/admin/jobs/999999', token: admin })).json()).toEqual({ status: 404, message: 'Trabajo no encontrado' });

  const summary = await get<JobsSummary>('/api/admin/jobs/summary');
  // the alert mails were sent by the drain: pending are the waiting job and the one for later
  expect(summary).toMatchObject({ failed: 2, waiting: 1, pending: 2, oldestPendingAt: expect.any(String) });
  await t.database.db.execute(sql`update outbox set created_at = '2025-01-01T00:00:00Z' where dedupe_key = 'test:wait'`);
  expect((await get<JobsSummary>('/api/admin/jobs/summary')).oldestPendingAt).toBe('2025-01-01T00:00:00.000Z');
});

it('retries many: each failed one re-queued and audited with its status before and after; the others said so', async () => {
  const later = await fourKinds();
  const failed = (await jobRow('test:fail:OC000102')).id;
  const rejected = (await jobRow('test:reject')).id;
  const res = await call(t.app, { method: 'POST', url: '/api/admin/jobs/retry', token: admin, payload: { ids: [failed, rejected, later, 999_999, failed] } });
  expect(res.statusCode).toBe(200);
  expect(res.json<RetryJobsResponse>()).toEqual({
    results: [
      { id: failed, outcome: 'requeued' },
      { id: rejected, outcome: 'requeued' },
      { id: later, outcome: 'notFailed' },
      { id: 999_999, outcome: 'notFound' },
    ],
    requeued: 2,
    message: '2 de 4 trabajos reencolados: se intentarán nuevamente ahora',
  });
  expect(await keys('?status=failed')).toEqual([]);
  const audits = await t.database.db.select().from(auditLog).orderBy(auditLog.id);
  expect(audits.map((a) => [a.entity, a.entityId, a.action, a.actorUsername])).toEqual([
    ['job', String(failed), 'update', '22.222.222-2'],
    ['job', String(rejected), 'update', '22.222.222-2'],
  ]);
  expect(audits[0]!.changes).toMatchObject({
    before: { status: 'failed', failure: 'exhausted', attempts: 2 },
    after: { status: 'pending', failure: null, attempts: 0 },
    details: { kind: 'test.job', key: 'test:fail:OC000102', action: 'retry' },
  });
  const events = (await get<AdminJobDetail>(`/api/admin/jobs/${failed}`)).events;
  expect(events.at(-1)).toMatchObject({ event: 'requeued', attempt: 0, message: 'Reencolado a mano por 22.222.222-2', startedAt: null });

  for (const ids of [[], Array.from({ length: 101 }, (_, i) => i + 1), 'x']) {
    expect((await call(t.app, { method: 'POST', url: '/api/admin/jobs/retry', token: admin, payload: { ids } })).json()).toMatchObject({ status: 400, message: 'Indique entre 1 y 100 trabajos' });
  }
});

it('a job that fails for good sends one alert mail to ALERT_MAIL_TO per failure; a failing alert is not alerted', async () => {
  const id = await enqueue('test:fail:OC000201', 'reject');
  await t.app.worker.runOnce();
  let sent = await alerts();
  expect(sent).toHaveLength(1);
  const [event] = (await get<AdminJobDetail>(`/api/admin/jobs/${id}`)).events;
  expect(sent[0]!.dedupeKey).toBe(`mail:ALERT_JOB:${id}:${event!.id}`);
  expect(sent[0]!.payload).toMatchObject({
    to: ALERT_TO,
    subject: '[Textil Andino] Trabajo fallido: test.job test:fail:OC000201',
    text: expect.stringContaining('Motivo: Rechazado'),
  });
  expect((sent[0]!.payload as { text: string }).text).toContain('Último error: el ERP rechazó el documento (prueba)');
  expect((sent[0]!.payload as { text: string }).text).toContain('http://localhost:3000/admin/jobs?status=failed');

  // delivered through the ordinary mail outbox
  await t.app.worker.runOnce();
  expect((await jobRow(sent[0]!.dedupeKey)).status).toBe('done');
  const files = readdirSync(t.app.mailer.outboxDir!).filter((f) => f.startsWith(`mail-ALERT_JOB-${id}-`));
  expect(files).toHaveLength(1);
  expect(readFileSync(path.join(t.app.mailer.outboxDir!, files[0]!), 'utf8')).toContain(`To: ${ALERT_TO}`);

  // re-driven and failing again: a second failure, a second alert
  await call(t.app, { method: 'POST', url: `/api/admin/jobs/${id}/retry`, token: admin });
  await t.app.worker.runOnce();
  sent = await alerts();
  expect(sent).toHaveLength(2);
  expect(sent[1]!.dedupeKey).not.toBe(sent[0]!.dedupeKey);

  // an alert mail that fails for good is not alerted about (no alert loops while the mail server is down)
  const alertJob = sent[1]!;
  await t.database.db.update(outbox).set({ payload: { to: '', subject: '', text: '' } }).where(eq(outbox.id, alertJob.id));
  await t.app.worker.runOnce();
  expect((await jobRow(alertJob.dedupeKey)).status).toBe('failed');
  expect(await alerts()).toHaveLength(2);
});

it('exports the jobs the filters select as CSV', async () => {
  await fourKinds();
  const res = await call(t.app, { method: 'GET', url: '/api/admin/jobs?format=csv&kind=test.job&status=failed&sort=id&dir=asc', token: admin });
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="trabajos-\d{4}-\d{2}-\d{2}\.csv"$/);
  const lines = res.rawPayload.toString('utf8').slice(1).split('\r\n');
  expect(lines[0]).toBe('Id;Tipo;Clave;Pedido;Estado;Motivo de falla;Intentos;Último error;Creado;Último intento;Próximo intento;Terminado');
  expect(lines.slice(1, -1).map((l) => l.split(';').slice(2, 8))).toEqual([
    ['test:fail:OC000102', 'OC000102', 'Fallido', 'Agotó sus intentos', '2', 'el ERP no responde (prueba)'],
    ['test:reject', '', 'Fallido', 'Rechazado', '1', 'el ERP rechazó el documento (prueba)'],
  ]);
});
