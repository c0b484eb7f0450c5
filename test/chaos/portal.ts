// The portal as the fault schedules run it: the real app (buildApp) against the B1 stand-in behind the fault proxy
// and the WebPay / Khipu stand-ins, with short ERP timeouts and a fast outbox. The same builder serves the in-process
// instances and the child process that kill -9 schedules kill (server.ts). A few harness-only routes under /__chaos
// read the portal's own tables for the checks and drive the reconciler; they exist only in the harness's builds.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '@server/app';
import { rowsOf, type Database } from '@server/db/connect';
import { ErpService } from '@server/erp/erp.service';
import { ServiceLayerClient } from '@server/erp/serviceLayer';
import { KhipuClient } from '@server/integrations/khipu';
import { WebpayClient } from '@server/integrations/webpay';

export const CHAOS_SECRET = new TextEncoder().encode('chaos-secret-chaos-secret-chaos-secret-01');

export interface PortalTiming {
  /** ServiceLayerClient timeout of every ERP request. */
  erpTimeoutMs: number;
  /** After an ambiguous create, how long the job only looks the document up before it may post again. */
  settleMs: number;
  /** Meanwhile, the pause between its look-ups: the first, doubling with the time since the POST, up to the largest. */
  lookupFirstMs: number;
  lookupMaxMs: number;
  /** How often a Draft waiting for approval is looked at again. */
  approvalPollMs: number;
  /** How often the server re-drives jobs that failed because the ERP kept failing, once it is healthy. */
  redriveIntervalMs: number;
  pollMs: number;
  backoffMs: number;
  maxAttempts: number;
  leaseMs: number;
}

export interface PortalSettings {
  database: Database;
  b1Url: string;
  webpay: { url: string; commerceCode: string; apiKey: string };
  khipu: { url: string; apiKey: string; secret: string; receiverId: number };
  publicUrl: string;
  timing: PortalTiming;
  /** Start the outbox worker on ready (default true). */
  workerAutoStart?: boolean;
  /** Fastify log level, or false for none. */
  logLevel?: string | false;
}

/** What the child process is told (JSON in CHAOS_CHILD). */
export interface ChildConfig {
  b1Url: string;
  webpay: { url: string; commerceCode: string; apiKey: string };
  khipu: { url: string; apiKey: string; secret: string; receiverId: number };
  publicUrl: string;
  port: number;
  timing: PortalTiming;
  dataDir?: string;
  databaseUrl?: string;
  orderIdStart: number;
  logLevel: string | false;
}

/** What the create-policy setter of the ERP service looks like, when the service has one. */
interface CreatePolicySetter {
  setCreatePolicy?: (policy: { settleMs?: number; lookupFirstMs?: number; lookupMaxMs?: number; approvalPollMs?: number }) => void;
}

export async function buildChaosPortal(settings: PortalSettings): Promise<FastifyInstance> {
  const { timing } = settings;
  const sl = new ServiceLayerClient({ baseUrl: settings.b1Url, company: 'SBODEMOCL', user: 'manager', password: 'manager', timeoutMs: timing.erpTimeoutMs });
  const erp = new ErpService(sl, { pingTimeoutMs: timing.erpTimeoutMs });
  const policy = { settleMs: timing.settleMs, lookupFirstMs: timing.lookupFirstMs, lookupMaxMs: timing.lookupMaxMs, approvalPollMs: timing.approvalPollMs };
  (erp as unknown as CreatePolicySetter).setCreatePolicy?.(policy);
  // Settings the server's core reads where it has them (spread, so an older core without them still builds).
  const coreExtras = { erpJobs: { ...policy, redriveIntervalMs: timing.redriveIntervalMs } };
  const deps: AppDeps = {
    config: {
      jwtSecret: CHAOS_SECRET,
      tokenTtl: 6 * 3600,
      publicUrl: settings.publicUrl,
      clientDir: '/nonexistent',
      brandName: 'Textil Andino',
      login: { maxPerAddress: 1_000_000, maxPerRut: 1_000_000, window: '15 minutes' },
    },
    database: settings.database,
    erp,
    logger: settings.logLevel ? { level: settings.logLevel } : false,
    worker: {
      pollMs: timing.pollMs,
      backoffMs: () => timing.backoffMs,
      maxAttempts: timing.maxAttempts,
      leaseMs: timing.leaseMs,
      autoStart: settings.workerAutoStart ?? true,
    },
    payments: {
      // (the WebPay stand-in answers at once; the timeout also sets how long a commit without answer may be in flight)
      webpay: new WebpayClient({ baseUrl: settings.webpay.url, commerceCode: settings.webpay.commerceCode, apiKey: settings.webpay.apiKey, timeoutMs: 1_000 }),
      khipu: new KhipuClient({ baseUrl: settings.khipu.url, apiKey: settings.khipu.apiKey, timeoutMs: 5_000 }),
      khipuSecret: settings.khipu.secret,
      khipuReceiverId: settings.khipu.receiverId,
      reconciler: { autoStart: false, minAgeMs: 0 },
    },
    ...coreExtras,
  };
  const app = await buildApp(deps);
  await app.register(chaosRoutes, { database: settings.database });
  return app;
}

/** An order as the checks read it from the portal's tables. */
export interface PortalOrder {
  id: number;
  number: string;
  orderType: string;
  orderState: string;
  erpStatus: string;
  paymentMethod: string | null;
  total: number;
  erpDocEntry: number | null;
  erpDraftEntry: number | null;
  erpError: string | null;
  /**
   * When the portal first showed the order in the ERP (the first 'done' of its erp.order job, which is the try that
   * wrote SENT with the DocNum), in ms since the epoch by the database's clock; null when it never did.
   */
  shownAt: number | null;
  /** Tries of that job before it was done (failed tries and waits: more than 0 when the first POST's answer never came). */
  triesBefore: number;
}

export interface PortalPayment {
  id: number;
  orderId: number | null;
  state: string;
  reference: string;
  providerId: string | null;
  amount: number;
}

export interface PortalJob {
  id: number;
  kind: string;
  dedupeKey: string;
  status: string;
  failure: string | null;
  attempts: number;
  lastError: string | null;
  postedAt: string | null;
  /** ms from now until the next try is due (negative: overdue), and until its lease ends (null: not held). */
  dueInMs: number;
  lockedForMs: number | null;
}

export interface PortalState {
  orders: PortalOrder[];
  payments: PortalPayment[];
  jobs: PortalJob[];
}

/**
 * Harness-only routes: the state of some orders, the unfinished jobs, and a reconciler pass. All are GETs outside /api,
 * which the app treats as public content (no session, no anti-forgery token).
 */
async function chaosRoutes(app: FastifyInstance, opts: { database: Database }) {
  const { db } = opts.database;

  app.get<{ Querystring: { refs?: string } }>('/__chaos/state', async (request) => {
    const refs = String(request.query?.refs ?? '')
      .split(',')
      .filter((r) => /^[A-Z]{2}\d+$/.test(r));
    if (refs.length === 0) return { orders: [], payments: [], jobs: [] } satisfies PortalState;
    const list = sql.join(
      refs.map((r) => sql`${r}`),
      sql`, `,
    );
    const orders = rowsOf<Record<string, unknown>>(
      await db.execute(sql`select o.id, o.purchase_order_number, o.order_type, o.order_state, o.erp_status, o.payment_method, o.total,
        o.erp_doc_entry, o.erp_draft_entry, o.erp_error, shown.at_ms as shown_at_ms,
        (select count(*) from outbox_events e where e.job_id = j.id and e.event in ('retry', 'waiting')
          and (shown.first_done_id is null or e.id < shown.first_done_id))::int as tries_before
        from orders o
        left join outbox j on j.dedupe_key = 'erp.order:' || o.purchase_order_number
        left join lateral (select e.id as first_done_id, (extract(epoch from e.at) * 1000)::float8 as at_ms from outbox_events e
          where e.job_id = j.id and e.event = 'done' order by e.id limit 1) shown on true
        where o.purchase_order_number in (${list})`),
    ).map(
      (r): PortalOrder => ({
        id: Number(r.id),
        number: String(r.purchase_order_number),
        orderType: String(r.order_type),
        orderState: String(r.order_state),
        erpStatus: String(r.erp_status),
        paymentMethod: (r.payment_method as string | null) ?? null,
        total: Number(r.total),
        erpDocEntry: r.erp_doc_entry === null ? null : Number(r.erp_doc_entry),
        erpDraftEntry: r.erp_draft_entry === null || r.erp_draft_entry === undefined ? null : Number(r.erp_draft_entry),
        erpError: (r.erp_error as string | null) ?? null,
        shownAt: r.shown_at_ms === null || r.shown_at_ms === undefined ? null : Number(r.shown_at_ms),
        triesBefore: Number(r.tries_before ?? 0),
      }),
    );
    const ids = orders.map((o) => o.id);
    const payments = ids.length
      ? rowsOf<Record<string, unknown>>(
          await db.execute(sql`select id, order_id, state, reference, provider_id, amount from payments where order_id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`),
        ).map(
          (r): PortalPayment => ({
            id: Number(r.id),
            orderId: r.order_id === null ? null : Number(r.order_id),
            state: String(r.state),
            reference: String(r.reference),
            providerId: (r.provider_id as string | null) ?? null,
            amount: Number(r.amount),
          }),
        )
      : [];
    const keys = [...new Set([...refs, ...payments.map((p) => p.reference)])];
    const jobs = await jobsWhere(sql`split_part(dedupe_key, ':', 2) in (${sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    )})`);
    return { orders, payments, jobs } satisfies PortalState;
  });

  app.get('/__chaos/unfinished', async () => ({ jobs: await jobsWhere(sql`status <> 'done'`) }));

  app.get('/__chaos/reconcile', async () => {
    const report = await app.reconciler?.runOnce({ minAgeMs: 0 });
    return { ok: true, report: report ?? null };
  });

  app.get('/__chaos/kick', async () => {
    app.worker.kick();
    return { ok: true };
  });

  async function jobsWhere(where: ReturnType<typeof sql>): Promise<PortalJob[]> {
    return rowsOf<Record<string, unknown>>(
      await db.execute(sql`select id, kind, dedupe_key, status, failure, attempts, last_error, posted_at,
        (extract(epoch from (next_attempt_at - now())) * 1000)::int as due_in_ms,
        case when locked_until > now() then (extract(epoch from (locked_until - now())) * 1000)::int end as locked_for_ms
        from outbox where ${where} order by id`),
    ).map((r) => ({
      id: Number(r.id),
      kind: String(r.kind),
      dedupeKey: String(r.dedupe_key),
      status: String(r.status),
      failure: (r.failure as string | null) ?? null,
      attempts: Number(r.attempts),
      lastError: (r.last_error as string | null) ?? null,
      postedAt: r.posted_at === null || r.posted_at === undefined ? null : String(r.posted_at),
      dueInMs: Number(r.due_in_ms),
      lockedForMs: r.locked_for_ms === null || r.locked_for_ms === undefined ? null : Number(r.locked_for_ms),
    }));
  }
}
