// HTTP face of the Khipu API v3 stand-in: /v3/payments (create, get, delete, confirm, refunds) and /v3/banks with
// x-api-key, the payer's page at payment_url, signed notifications to notify_url with retries, and the test knobs.
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { FaultSwitches, type FaultChange, type FaultState } from '../faults';
import { KHIPU_MESSAGES, KhipuApiError } from './errors';
import { KHIPU_FAULT_SPEC, defaultKhipuFaults, type KhipuFaults } from './faults';
import { KhipuNotifier, type ManualNotification, type NotificationAttempt, type NotifyRetryOptions } from './notifier';
import { afterPage, paymentPage, receiptPage } from './pages';
import { khipuJson } from './signature';
import { KHIPU_BANKS, KhipuStore, type KhipuPaymentRecord } from './store';

export type { ManualNotification, NotificationAttempt, NotifyRetryOptions } from './notifier';
export type { KhipuPaymentRecord, KhipuStatus, KhipuStatusDetail } from './store';
export { khipuSignature, khipuJson } from './signature';
export type { KhipuFaults } from './faults';
export { KHIPU_FAULT_SPEC, khipuFaultsFromEnv, parseKhipuFaultBody } from './faults';
export { INJECTED_NOTIFY_FAILURE } from './notifier';

/** The stand-in's default credentials (any string works; pass your own with the options). */
export const KHIPU_DEMO_API_KEY = 'b6c4f0e2-3a1d-4c8e-9f57-2d6a8e990939';
/** Khipu's public test-vector secret, the stand-in's default merchant secret. */
export const KHIPU_DEMO_SECRET = '1a4cbbbeb8bdb7e1d73572b9cc43ce4ce18f79d9';
/** The receiver (collection account) id of the public test vector. */
export const KHIPU_DEMO_RECEIVER_ID = 990939;

export interface KhipuMockOptions {
  /** 0 = random, default 0. */
  port?: number;
  /** Default '127.0.0.1'. */
  host?: string;
  /** Accepted x-api-key. Default KHIPU_DEMO_API_KEY. */
  apiKey?: string;
  /** Merchant secret that signs notifications. Default KHIPU_DEMO_SECRET. */
  secret?: string;
  /** Default 990939. */
  receiverId?: number;
  /** Start value of the latencyMs switch: delay before each API answer (pages are not delayed). */
  latencyMs?: number;
  /** Start values of the fault switches (what resetFaults() returns to). */
  faults?: Partial<KhipuFaults>;
  /** Time from the payer paying (verifying) to done/normal and the notification. Default 1000 ms. Start value of the verifyDelayMs switch. */
  verifyDelayMs?: number;
  /** false: payments stay verifying until complete(id). Default true. */
  autoVerify?: boolean;
  /** Notification retries: backoff and limits (short delays in tests). */
  notifyRetry?: NotifyRetryOptions;
  /** Clock (ms), for tests. Default Date.now. */
  now?: () => number;
}

export interface KhipuMock {
  /** Base URL for the client, e.g. 'http://127.0.0.1:41235' (the API is under /v3). */
  url: string;
  apiKey: string;
  secret: string;
  receiverId: number;
  close(): Promise<void>;
  /**
   * Sets some fault switches: permanently, or with `forMs` / `until` for a while, after which each returns to its
   * permanent value by itself (`setFaults({ notifyDelayMs: 600_000, forMs: 3_600_000 })`: Khipu notifies 10 minutes
   * late for the next hour).
   */
  setFaults(f: FaultChange<KhipuFaults>): void;
  /** The switches in force now. */
  faults(): KhipuFaults;
  /** The switches in force and the time-boxed ones with their end. */
  faultState(): FaultState<KhipuFaults>;
  /** Every switch back to the start options. */
  resetFaults(): void;
  /** Same as setFaults({ latencyMs: ms }). */
  setLatency(ms: number): void;
  setNotifyRetry(r: NotifyRetryOptions): void;
  setVerification(v: { verifyDelayMs?: number; autoVerify?: boolean }): void;
  /** The payer pays (pending → verifying → done/normal); resolves with the GET view once done (or verifying when autoVerify is off). */
  pay(id: string, options?: { bankId?: string }): Promise<Record<string, unknown>>;
  /** Completes a verifying payment now (done/normal) and starts its notification. */
  complete(id: string): Record<string, unknown>;
  /** The payer rejects the charge (done/rejected-by-payer, or marked-as-abuse) and its notification starts. */
  reject(id: string, options?: { abuse?: boolean }): Record<string, unknown>;
  /** The payer leaves without paying: nothing changes; answers the cancel_url the browser goes to. */
  abandon(id: string): string;
  /** The GET view of a payment (undefined when unknown). */
  payment(id: string): Record<string, unknown> | undefined;
  /** Notification attempts, oldest first (of one payment when id is given). */
  notifications(id?: string): NotificationAttempt[];
  /** Resolves with the attempts of a payment once one was answered 200 or the notifier gave up. */
  waitForNotification(id: string, timeoutMs?: number): Promise<NotificationAttempt[]>;
  /**
   * Sends one signed notification of a payment now (never retried) and resolves with the attempt and its answer: by
   * default the body Khipu would send for its current state, signed now with the merchant secret. `timestampMs` signs
   * it with another `t` (stale or future), `secret` with another key (forged), `bodyOverride` changes fields of the
   * body (another amount, receiver_id, …) and `rawBody` replaces it; `url` defaults to the payment's notify_url.
   */
  notify(
    id: string,
    options?: ManualNotification & { bodyOverride?: Record<string, unknown>; rawBody?: string; url?: string },
  ): Promise<NotificationAttempt>;
  /**
   * Changes Khipu's own record of a payment (what GET answers and what its notifications carry): another amount,
   * currency, receiver_id, transaction_id, status or status_detail. Answers the GET view.
   */
  alter(id: string, fields: KhipuAlteration): Record<string, unknown>;
  /** Live records, for assertions. */
  payments: Map<string, KhipuPaymentRecord>;
}

/** Fields of Khipu's own record that a test may change (alter()). */
export type KhipuAlteration = Partial<Pick<KhipuPaymentRecord, 'amount' | 'currency' | 'receiver_id' | 'transaction_id' | 'status' | 'status_detail'>>;

function sendJson(reply: FastifyReply, status: number, body: unknown): FastifyReply {
  return reply.code(status).header('content-type', 'application/json').send(JSON.stringify(body));
}

function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.code(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

function formFields(req: FastifyRequest): Record<string, string> {
  return typeof req.body === 'string' && req.body !== '' ? Object.fromEntries(new URLSearchParams(req.body)) : {};
}

export async function startKhipuMock(opts: KhipuMockOptions = {}): Promise<KhipuMock> {
  const apiKey = opts.apiKey ?? KHIPU_DEMO_API_KEY;
  const secret = opts.secret ?? KHIPU_DEMO_SECRET;
  const receiverId = opts.receiverId ?? KHIPU_DEMO_RECEIVER_ID;
  const now = opts.now ?? Date.now;
  const initial: KhipuFaults = {
    ...defaultKhipuFaults(),
    ...(opts.latencyMs !== undefined ? { latencyMs: opts.latencyMs } : {}),
    ...(opts.verifyDelayMs !== undefined ? { verifyDelayMs: opts.verifyDelayMs } : {}),
    ...Object.fromEntries(Object.entries(opts.faults ?? {}).filter(([, v]) => v !== undefined)),
  };
  let errorDebt = 0;
  const switches = new FaultSwitches(KHIPU_FAULT_SPEC, initial, now, () => { errorDebt = 0; });
  let autoVerify = opts.autoVerify ?? true;
  let baseUrl = '';
  const store = new KhipuStore(receiverId, now, () => baseUrl);
  const notifier = new KhipuNotifier(() => secret, opts.notifyRetry, now, () => ({
    notifyDelayMs: switches.get('notifyDelayMs'),
    notifyFailAttempts: switches.get('notifyFailAttempts'),
    notifyDrop: switches.get('notifyDrop'),
  }));
  const verifyTimers = new Map<string, NodeJS.Timeout>();
  const doneWaiters = new Map<string, Array<() => void>>();

  const complete = (p: KhipuPaymentRecord): void => {
    const timer = verifyTimers.get(p.payment_id);
    if (timer) { clearTimeout(timer); verifyTimers.delete(p.payment_id); }
    if (p.status !== 'verifying') return;
    store.completePayment(p);
    if (p.notify_url) notifier.notify(p.payment_id, p.notify_url, store.notificationPayload(p));
    for (const w of doneWaiters.get(p.payment_id)?.splice(0) ?? []) w();
  };

  /** The payer rejects (or marks as abuse): done without money, and Khipu notifies that failed payment too. */
  const reject = (p: KhipuPaymentRecord, abuse = false): void => {
    store.reject(p, abuse);
    if (p.notify_url) notifier.notify(p.payment_id, p.notify_url, store.notificationPayload(p));
  };

  /** Resolves when a payment leaves verifying (at once when it is not verifying). */
  const whenDone = (id: string): Promise<void> =>
    store.payments.get(id)?.status === 'verifying'
      ? new Promise((resolve) => doneWaiters.set(id, [...(doneWaiters.get(id) ?? []), resolve]))
      : Promise.resolve();

  const startPayment = (p: KhipuPaymentRecord, bankId?: string): void => {
    store.startPayment(p, bankId);
    if (!autoVerify) return;
    const timer = setTimeout(() => complete(p), switches.get('verifyDelayMs'));
    verifyTimers.set(p.payment_id, timer);
  };

  const app = Fastify({ logger: false, forceCloseConnections: true, bodyLimit: 1024 * 1024 });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  const isApi = (url: string): boolean => url.startsWith('/v3/') || url === '/v3';

  app.addHook('onRequest', async (req, reply) => {
    if (!isApi(req.url)) return;
    if (switches.get('refuse')) { reply.hijack(); req.raw.socket.destroy(); return; }
    if (switches.get('hang')) { reply.hijack(); return; }
    const latency = switches.get('latencyMs');
    if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));
    const errorRate = switches.get('errorRate');
    if (errorRate > 0) {
      errorDebt += Math.min(1, errorRate);
      if (errorDebt >= 1 - 1e-9) {
        errorDebt -= 1;
        return sendJson(reply, 500, { status: 500, message: KHIPU_MESSAGES.injectedFault });
      }
    }
    if (req.headers['x-api-key'] !== apiKey) return sendJson(reply, 401, { status: 401, message: KHIPU_MESSAGES.unauthorized });
  });

  app.setErrorHandler((err, req, reply) => {
    const status = err instanceof KhipuApiError ? err.status : (err as { statusCode?: number }).statusCode ?? 500;
    const body = err instanceof KhipuApiError ? err.body() : { status, message: err instanceof Error ? err.message : String(err) };
    if (isApi(req.url)) return sendJson(reply, status, body);
    return sendHtml(reply, status, afterPage('Error', body.message));
  });
  app.setNotFoundHandler((req, reply) => {
    if (isApi(req.url)) return sendJson(reply, 404, { status: 404, message: KHIPU_MESSAGES.routeNotFound });
    return sendHtml(reply, 404, afterPage('No encontrado', 'La página no existe en el simulador de Khipu.'));
  });

  // ---- API v3 ----
  type IdParams = { Params: { id: string } };
  app.post('/v3/payments', async (req, reply) => sendJson(reply, 200, store.createAnswer(store.create(req.body))));
  app.get<IdParams>('/v3/payments/:id', async (req, reply) => sendJson(reply, 200, store.view(store.find(req.params.id))));
  app.delete<IdParams>('/v3/payments/:id', async (req, reply) => sendJson(reply, 200, store.delete(req.params.id)));
  app.post<IdParams>('/v3/payments/:id/confirm', async (req, reply) => sendJson(reply, 200, store.confirm(req.params.id)));
  app.post<IdParams>('/v3/payments/:id/refunds', async (req, reply) => sendJson(reply, 200, store.refund(req.params.id, req.body)));
  app.get('/v3/banks', async (_req, reply) => sendJson(reply, 200, { banks: KHIPU_BANKS }));

  // ---- the payer's pages ----
  app.get('/favicon.ico', async (_req, reply) => reply.code(204).send());
  const pageHandler = async (req: FastifyRequest<IdParams>, reply: FastifyReply): Promise<FastifyReply> => {
    const p = store.payments.get(req.params.id);
    if (!p) return sendHtml(reply, 404, afterPage('Cobro no encontrado', 'El cobro no existe o fue borrado.'));
    return sendHtml(reply, 200, paymentPage(p, receiverId, store.isExpired(p)));
  };
  app.get<IdParams>('/payment/info/:id', pageHandler);
  app.get<IdParams>('/payment/simplified/:id', pageHandler);
  app.get<IdParams>('/payment/manual/:id', pageHandler);

  const goTo = (reply: FastifyReply, url: string, title: string, message: string): FastifyReply =>
    url ? reply.code(303).header('location', url).send() : sendHtml(reply, 200, afterPage(title, message));

  app.post<IdParams>('/payment/:id/pay', async (req, reply) => {
    const p = store.payments.get(req.params.id);
    if (!p) return sendHtml(reply, 404, afterPage('Cobro no encontrado', 'El cobro no existe o fue borrado.'));
    if (p.status !== 'pending' || store.isExpired(p)) return sendHtml(reply, 200, paymentPage(p, receiverId, store.isExpired(p)));
    startPayment(p, formFields(req).bank_id);
    return goTo(reply, p.return_url, 'Pago en verificación', 'Estamos verificando tu pago con el banco.');
  });
  app.post<IdParams>('/payment/:id/reject', async (req, reply) => {
    const p = store.payments.get(req.params.id);
    if (!p) return sendHtml(reply, 404, afterPage('Cobro no encontrado', 'El cobro no existe o fue borrado.'));
    if (p.status !== 'pending') return sendHtml(reply, 200, paymentPage(p, receiverId, store.isExpired(p)));
    reject(p);
    return goTo(reply, p.cancel_url, 'Cobro rechazado', 'Rechazaste este cobro.');
  });
  app.post<IdParams>('/payment/:id/abandon', async (req, reply) => {
    const p = store.payments.get(req.params.id);
    if (!p) return sendHtml(reply, 404, afterPage('Cobro no encontrado', 'El cobro no existe o fue borrado.'));
    return goTo(reply, p.cancel_url, 'Pago no realizado', 'Volviste sin pagar.');
  });
  app.get<IdParams>('/payment/receipt/:id', async (req, reply) => {
    const p = store.payments.get(req.params.id);
    if (!p || !store.receiptUrl(p)) return sendHtml(reply, 404, afterPage('Comprobante no disponible', 'El pago no tiene comprobante.'));
    return sendHtml(reply, 200, receiptPage(p, receiverId));
  });

  const host = opts.host ?? '127.0.0.1';
  await app.listen({ port: opts.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port ?? 0;
  baseUrl = `http://${host}:${port}`;

  const record = (id: string): KhipuPaymentRecord => {
    const p = store.payments.get(id);
    if (!p) throw new Error(`khipu mock: unknown payment ${id}`);
    return p;
  };

  return {
    url: baseUrl,
    apiKey,
    secret,
    receiverId,
    payments: store.payments,
    close: async () => {
      for (const t of verifyTimers.values()) clearTimeout(t);
      verifyTimers.clear();
      for (const waiters of doneWaiters.values()) for (const w of waiters.splice(0)) w();
      notifier.close();
      await app.close();
    },
    setFaults: (f) => switches.set(f),
    faults: () => switches.current(),
    faultState: () => switches.state(),
    resetFaults: () => switches.reset(),
    setLatency: (ms) => switches.set({ latencyMs: ms }),
    setNotifyRetry: (r) => notifier.setRetry(r),
    setVerification: (v) => {
      if (v.verifyDelayMs !== undefined) switches.set({ verifyDelayMs: v.verifyDelayMs });
      if (v.autoVerify !== undefined) autoVerify = v.autoVerify;
    },
    pay: async (id, options = {}) => {
      const p = record(id);
      startPayment(p, options.bankId);
      if (autoVerify) await whenDone(id);
      return store.view(p);
    },
    complete: (id) => {
      const p = record(id);
      if (p.status !== 'verifying') throw new Error(`khipu mock: payment ${id} is ${p.status}, not verifying`);
      complete(p);
      return store.view(p);
    },
    reject: (id, options = {}) => {
      const p = record(id);
      reject(p, options.abuse);
      return store.view(p);
    },
    abandon: (id) => record(id).cancel_url,
    payment: (id) => {
      const p = store.payments.get(id);
      return p ? store.view(p) : undefined;
    },
    notifications: (id) => notifier.attempts.filter((a) => id === undefined || a.paymentId === id),
    notify: async (id, options = {}) => {
      const p = record(id);
      const url = options.url ?? p.notify_url;
      if (!url) throw new Error(`khipu mock: payment ${id} has no notify_url`);
      const body = options.rawBody ?? khipuJson({ ...store.notificationPayload(p), ...options.bodyOverride });
      return notifier.sendOnce(p.payment_id, url, body, { timestampMs: options.timestampMs, secret: options.secret });
    },
    alter: (id, fields) => {
      const p = record(id);
      Object.assign(p, fields);
      return store.view(p);
    },
    waitForNotification: async (id, timeoutMs = 5000) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`khipu mock: notification of ${id} not settled within ${timeoutMs} ms`)), timeoutMs);
      });
      try {
        await Promise.race([whenDone(id).then(() => notifier.settled(id)), timeout]);
      } finally {
        clearTimeout(timer);
      }
      return notifier.attempts.filter((a) => a.paymentId === id);
    },
  };
}
