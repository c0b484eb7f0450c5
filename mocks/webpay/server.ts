// HTTP face of the Transbank WebPay Plus stand-in (REST v1.2): the transactions API under
// /rswebpaytransaction/api/webpay/v1.2 with Tbk-Api-Key-Id / Tbk-Api-Key-Secret, the card form under
// /webpayserver (with the voucher that lets a payer approve and then press "Anular compra"), the return to the
// merchant, and the test knobs (latency, faults, lost answers, time limits, what status says before a commit, pay()).
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { FaultSwitches, type FaultChange, type FaultState } from '../faults';
import { isTestCardId, type TestCardId } from './cards';
import { WEBPAY_MESSAGES, WebpayApiError } from './errors';
import { WEBPAY_FAULT_SPEC, defaultWebpayFaults, type WebpayFaults } from './faults';
import { errorPage, formPage, messagePage, returnPage, voucherPage } from './pages';
import { DEFAULT_TIMING, WebpayStore, type StatusBeforeCommit, type WebpayReturn, type WebpayTiming, type WebpayTransactionRecord } from './store';

export type { StatusBeforeCommit, WebpayReturn, WebpayTiming, WebpayTransactionRecord, WebpayPhase, WebpayStatus } from './store';
export { TEST_CARDS, type TestCardId } from './cards';
export type { WebpayFaults } from './faults';
export { WEBPAY_FAULT_SPEC, parseWebpayFaultBody, webpayFaultsFromEnv } from './faults';

/** Transbank's public integration credentials for WebPay Plus. */
export const WEBPAY_INTEGRATION_COMMERCE_CODE = '597055555532';
export const WEBPAY_INTEGRATION_API_KEY = '579B532A7440BB0C9079DED94D31EA1615BACEB56610332264630D42D0A36B1C';
export const WEBPAY_API_PREFIX = '/rswebpaytransaction/api/webpay/v1.2';

/** How the stand-in behaves where the real system may surprise the merchant. */
export interface WebpayBehaviour {
  /** What status answers before a commit. Default 'initialized' (see StatusBeforeCommit). Also a fault switch. */
  statusBeforeCommit: StatusBeforeCommit;
  /**
   * After "Pagar", show the voucher (approved or rejected) with "Volver al comercio" and "Anular compra" instead of
   * going back at once; "Anular compra" there sends the abort return (TBK_TOKEN…) for a payment the payer already
   * approved, which stays committable. Default false (the form also has a checkbox for it).
   */
  voucherPage: boolean;
}

export interface WebpayMockOptions {
  /** 0 = random, default 0. */
  port?: number;
  /** Default '127.0.0.1'. */
  host?: string;
  /** Accepted Tbk-Api-Key-Id. Default the public integration commerce code 597055555532. */
  commerceCode?: string;
  /** Accepted Tbk-Api-Key-Secret. Default the public integration secret. */
  apiKey?: string;
  /** Start value of the latencyMs switch: delay before each API answer (the card form is not delayed). */
  latencyMs?: number;
  /** Start values of the fault switches (what resetFaults() returns to). */
  faults?: Partial<WebpayFaults>;
  /** Create → form must be opened. Default 5 min. */
  tokenLifetimeMs?: number;
  /** Form opened → timeout return. Default 5 min. */
  formTimeoutMs?: number;
  /** Payer finished → commit must arrive, else reversed. Default 5 min. */
  commitWindowMs?: number;
  /** Create → status stops answering. Default 7 days. */
  statusWindowMs?: number;
  /** Commit → a full refund is still a reversal. Default 3 h. */
  reversalWindowMs?: number;
  /** How the browser goes back to return_url. Default 'POST' (auto-submitted form); 'GET' = 303 with the query. */
  returnMethod?: 'GET' | 'POST';
  /** Clock (ms), for tests. Default Date.now. */
  now?: () => number;
  /** Default 'initialized'. Start value of the statusBeforeCommit switch. */
  statusBeforeCommit?: StatusBeforeCommit;
  /** Default false. */
  voucherPage?: boolean;
}

export type PayOutcome = TestCardId | 'abort' | 'timeout' | 'error';

export interface PayOptions {
  /** Credit cards only: 0 (none), 2 (S2), 3 (SI), more (VC). */
  installments?: number;
  /** Overrides the mock's returnMethod for this return. */
  method?: 'GET' | 'POST';
  /**
   * Cards only: the payer pays, but the browser comes back with another return: 'aborted' ("Anular compra" on the
   * voucher: TBK_TOKEN, TBK_ORDEN_COMPRA, TBK_ID_SESION), 'timeout' (TBK_ORDEN_COMPRA, TBK_ID_SESION) or 'error'
   * (token_ws and TBK_TOKEN). The payment stays paid and committable. Default 'normal' (token_ws).
   */
  returnAs?: 'normal' | 'aborted' | 'timeout' | 'error';
}

export interface WebpayMock {
  /** Base URL to give the SDK as its environment, e.g. 'http://127.0.0.1:41234' (no path). */
  url: string;
  /** The API root, `${url}/rswebpaytransaction/api/webpay/v1.2`. */
  apiUrl: string;
  commerceCode: string;
  apiKey: string;
  close(): Promise<void>;
  /**
   * Sets some fault switches: permanently, or with `forMs` / `until` for a while, after which each returns to its
   * permanent value by itself (`setFaults({ latencyMs: 8000, forMs: 300_000 })`: WebPay slow for 5 minutes).
   */
  setFaults(f: FaultChange<WebpayFaults>): void;
  /** The switches in force now. */
  faults(): WebpayFaults;
  /** The switches in force and the time-boxed ones with their end. */
  faultState(): FaultState<WebpayFaults>;
  /** Every switch back to the start options. */
  resetFaults(): void;
  /** Same as setFaults({ latencyMs: ms }). */
  setLatency(ms: number): void;
  /** Change statusBeforeCommit and voucherPage at run time. */
  setBehaviour(b: Partial<WebpayBehaviour>): void;
  /** Change time limits and return method at run time. */
  setTiming(t: Partial<WebpayTiming> & { returnMethod?: 'GET' | 'POST' }): void;
  /**
   * Drive the card form without a browser: pay with a test card, abort, let the form time out, or hit the error page.
   * Answers what the browser would bring back to return_url. Throws when the token cannot be paid any more.
   */
  pay(token: string, outcome: PayOutcome, options?: PayOptions): WebpayReturn;
  /** Sends a return to the merchant as the browser would (POST form or GET), without following redirects. */
  followReturn(ret: WebpayReturn, init?: { headers?: Record<string, string> }): Promise<Response>;
  /** The live record of a token, for assertions (undefined when unknown). */
  transaction(token: string): WebpayTransactionRecord | undefined;
  /** All transactions, live. */
  transactions: Map<string, WebpayTransactionRecord>;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function sendJson(reply: FastifyReply, status: number, body: unknown): FastifyReply {
  return reply.code(status).header('content-type', 'application/json;charset=UTF-8').send(JSON.stringify(body));
}

function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.code(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

/** Fields of a urlencoded form body merged over the query string. */
function formFields(req: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  const q = req.url.indexOf('?');
  if (q >= 0) for (const [k, v] of new URLSearchParams(req.url.slice(q + 1))) out[k] = v;
  if (typeof req.body === 'string' && req.body !== '') {
    for (const [k, v] of new URLSearchParams(req.body)) out[k] = v;
  }
  return out;
}

export async function startWebpayMock(opts: WebpayMockOptions = {}): Promise<WebpayMock> {
  const commerceCode = opts.commerceCode ?? WEBPAY_INTEGRATION_COMMERCE_CODE;
  const apiKey = opts.apiKey ?? WEBPAY_INTEGRATION_API_KEY;
  const now = opts.now ?? Date.now;
  const initial: WebpayFaults = {
    ...defaultWebpayFaults(),
    ...(opts.latencyMs !== undefined ? { latencyMs: opts.latencyMs } : {}),
    ...(opts.statusBeforeCommit !== undefined ? { statusBeforeCommit: opts.statusBeforeCommit } : {}),
    ...Object.fromEntries(Object.entries(opts.faults ?? {}).filter(([, v]) => v !== undefined)),
  };
  let errorDebt = 0;
  const switches = new FaultSwitches(WEBPAY_FAULT_SPEC, initial, now, () => { errorDebt = 0; });
  let voucherPageOn = opts.voucherPage ?? false;
  let baseUrl = '';
  const timing: WebpayTiming = {
    tokenLifetimeMs: opts.tokenLifetimeMs ?? DEFAULT_TIMING.tokenLifetimeMs,
    formTimeoutMs: opts.formTimeoutMs ?? DEFAULT_TIMING.formTimeoutMs,
    commitWindowMs: opts.commitWindowMs ?? DEFAULT_TIMING.commitWindowMs,
    statusWindowMs: opts.statusWindowMs ?? DEFAULT_TIMING.statusWindowMs,
    reversalWindowMs: opts.reversalWindowMs ?? DEFAULT_TIMING.reversalWindowMs,
  };
  const store = new WebpayStore(timing, now, () => `${baseUrl}/webpayserver/initTransaction`, opts.returnMethod ?? 'POST');
  store.statusBeforeCommit = initial.statusBeforeCommit;

  const app = Fastify({ logger: false, forceCloseConnections: true, bodyLimit: 1024 * 1024 });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  const isApi = (url: string): boolean => url.startsWith('/rswebpaytransaction/');

  app.addHook('onRequest', async (req, reply) => {
    if (!isApi(req.url)) return;
    if (switches.get('refuse')) { reply.hijack(); req.raw.socket.destroy(); return; }
    if (switches.get('hang')) { reply.hijack(); return; }
    const latency = switches.get('latencyMs');
    if (latency > 0) await sleep(latency);
    const errorRate = switches.get('errorRate');
    if (errorRate > 0) {
      errorDebt += Math.min(1, errorRate);
      if (errorDebt >= 1 - 1e-9) {
        errorDebt -= 1;
        return sendJson(reply, 500, { error_message: WEBPAY_MESSAGES.injectedFault });
      }
    }
    const id = req.headers['tbk-api-key-id'];
    const secret = req.headers['tbk-api-key-secret'];
    if (id !== commerceCode || secret !== apiKey) return sendJson(reply, 401, { error_message: WEBPAY_MESSAGES.notAuthorized });
  });

  /** An API answer, or with the loseAnswer fault the connection dropped after the work was done. */
  const answer = (req: FastifyRequest, reply: FastifyReply, status: number, body: unknown): FastifyReply | undefined => {
    if (switches.get('loseAnswer')) {
      reply.hijack();
      req.raw.socket.destroy();
      return undefined;
    }
    return sendJson(reply, status, body);
  };

  app.setErrorHandler((err, req, reply) => {
    const status = err instanceof WebpayApiError ? err.status : (err as { statusCode?: number }).statusCode ?? 500;
    const message = err instanceof Error ? err.message : String(err);
    if (isApi(req.url)) return answer(req, reply, status, { error_message: message });
    return sendHtml(reply, status, messagePage('Error', message));
  });
  app.setNotFoundHandler((req, reply) => {
    if (isApi(req.url)) return sendJson(reply, 404, { error_message: 'Not Found' });
    return sendHtml(reply, 404, messagePage('Página no encontrada', 'La dirección no existe en el simulador de Webpay.'));
  });

  // ---- REST API ----
  const api = WEBPAY_API_PREFIX;
  const methodNotSupported = (req: FastifyRequest, reply: FastifyReply): FastifyReply =>
    sendJson(reply, 405, { error_message: `Request method '${req.method}' is not supported` });

  app.post(`${api}/transactions`, async (req, reply) => answer(req, reply, 200, store.create(req.body, commerceCode)));
  app.route({ method: ['GET', 'PUT', 'DELETE', 'PATCH'], url: `${api}/transactions`, handler: async (req, reply) => methodNotSupported(req, reply) });
  // A slow commit is carried out at the end of its delay, whether or not the merchant still waits.
  app.put<{ Params: { token: string } }>(`${api}/transactions/:token`, async (req, reply) => {
    const delay = switches.get('commitDelayMs');
    if (delay > 0) await sleep(delay);
    return answer(req, reply, 200, store.commit(req.params.token));
  });
  app.get<{ Params: { token: string } }>(`${api}/transactions/:token`, async (req, reply) => {
    const delay = switches.get('statusDelayMs');
    if (delay > 0) await sleep(delay);
    store.statusBeforeCommit = switches.get('statusBeforeCommit');
    return answer(req, reply, 200, store.status(req.params.token));
  });
  app.route({ method: ['POST', 'DELETE', 'PATCH'], url: `${api}/transactions/:token`, handler: async (req, reply) => methodNotSupported(req, reply) });
  app.post<{ Params: { token: string } }>(`${api}/transactions/:token/refunds`, async (req, reply) =>
    answer(req, reply, 200, store.refund(req.params.token, req.body)));

  // ---- the payer's pages ----
  app.get('/favicon.ico', async (_req, reply) => reply.code(204).send());
  /** The transaction a page names in token_ws, or an answered error page. */
  const pageTx = (req: FastifyRequest, reply: FastifyReply): WebpayTransactionRecord | null => {
    const token = formFields(req).token_ws ?? '';
    if (!token) {
      sendHtml(reply, 400, messagePage('Solicitud inválida', 'No se recibió el token de la transacción (token_ws).'));
      return null;
    }
    const tx = /^[0-9a-fA-F]{64}$/.test(token) ? store.transactions.get(token.toLowerCase()) : undefined;
    if (!tx) {
      sendHtml(reply, 404, messagePage('Transacción no encontrada', 'El token no corresponde a ninguna transacción.'));
      return null;
    }
    store.refresh(tx);
    return tx;
  };

  const sendReturn = (reply: FastifyReply, ret: WebpayReturn, message: string): FastifyReply =>
    ret.method === 'GET' ? reply.code(303).header('location', ret.href).header('cache-control', 'no-store').send() : sendHtml(reply, 200, returnPage(ret, message));

  const timeoutReturn = (reply: FastifyReply, tx: WebpayTransactionRecord): FastifyReply =>
    sendReturn(reply, store.timeout(tx), 'Se agotó el tiempo para pagar. Volviendo al comercio…');

  const errorReturn = (reply: FastifyReply, tx: WebpayTransactionRecord, message: string): FastifyReply =>
    sendHtml(reply, 200, errorPage(store.fail(tx), message));

  const expiredOrDone = (tx: WebpayTransactionRecord): string =>
    tx.phase === 'expired' ? 'La transacción expiró antes de iniciar el pago.' : 'Esta transacción ya fue procesada.';

  const formHandler = async (req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | void> => {
    const tx = pageTx(req, reply);
    if (!tx) return;
    store.openForm(tx);
    if (tx.phase === 'form') return sendHtml(reply, 200, formPage(tx, store.formTimeLeft(tx)));
    if (tx.phase === 'timeout') return timeoutReturn(reply, tx);
    return errorReturn(reply, tx, expiredOrDone(tx));
  };
  app.get('/webpayserver/initTransaction', formHandler);
  app.post('/webpayserver/initTransaction', formHandler);

  app.post('/webpayserver/pay', async (req, reply) => {
    const tx = pageTx(req, reply);
    if (!tx) return;
    if (tx.phase === 'timeout') return timeoutReturn(reply, tx);
    if (tx.phase !== 'form') return errorReturn(reply, tx, expiredOrDone(tx));
    const fields = formFields(req);
    const card = fields.card;
    if (!isTestCardId(card)) return sendHtml(reply, 200, formPage(tx, store.formTimeLeft(tx)));
    if (voucherPageOn || fields.voucher === '1') {
      store.authorize(tx, card, Number(fields.installments ?? 0));
      return sendHtml(reply, 200, voucherPage(tx));
    }
    const ret = store.pay(tx, card, Number(fields.installments ?? 0));
    return sendReturn(reply, ret, 'Pago procesado. Volviendo al comercio…');
  });

  // The voucher after paying: back to the merchant with token_ws, or "Anular compra" with TBK_TOKEN (the payment
  // stays as the payer left it: paid, committable until the commit window closes).
  app.post('/webpayserver/voucher/continue', async (req, reply) => {
    const tx = pageTx(req, reply);
    if (!tx) return;
    if (tx.phase !== 'paid') return errorReturn(reply, tx, expiredOrDone(tx));
    return sendReturn(reply, store.makeReturn(tx, 'normal'), 'Volviendo al comercio…');
  });
  app.post('/webpayserver/voucher/abort', async (req, reply) => {
    const tx = pageTx(req, reply);
    if (!tx) return;
    if (tx.phase !== 'paid') return errorReturn(reply, tx, expiredOrDone(tx));
    return sendReturn(reply, store.makeReturn(tx, 'aborted'), 'Compra anulada. Volviendo al comercio…');
  });

  app.post('/webpayserver/abort', async (req, reply) => {
    const tx = pageTx(req, reply);
    if (!tx) return;
    if (tx.phase === 'timeout') return timeoutReturn(reply, tx);
    if (tx.phase !== 'form') return errorReturn(reply, tx, expiredOrDone(tx));
    return sendReturn(reply, store.abort(tx), 'Compra anulada. Volviendo al comercio…');
  });

  const timeoutHandler = async (req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | void> => {
    const tx = pageTx(req, reply);
    if (!tx) return;
    if (tx.phase === 'form') return sendHtml(reply, 200, formPage(tx, store.formTimeLeft(tx)));
    if (tx.phase === 'timeout') return timeoutReturn(reply, tx);
    return errorReturn(reply, tx, expiredOrDone(tx));
  };
  app.get('/webpayserver/timeout', timeoutHandler);
  app.post('/webpayserver/timeout', timeoutHandler);

  app.post('/webpayserver/error', async (req, reply) => {
    const tx = pageTx(req, reply);
    if (!tx) return;
    if (tx.phase === 'timeout') return timeoutReturn(reply, tx);
    return errorReturn(reply, tx, 'Ocurrió un error al procesar el pago (simulado).');
  });

  const host = opts.host ?? '127.0.0.1';
  await app.listen({ port: opts.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port ?? 0;
  baseUrl = `http://${host}:${port}`;

  const pay = (token: string, outcome: PayOutcome, options: PayOptions = {}): WebpayReturn => {
    const tx = store.transactions.get(token.toLowerCase());
    if (!tx) throw new Error(`webpay mock: unknown token ${token}`);
    store.openForm(tx);
    if (outcome === 'timeout') {
      if (tx.phase !== 'form' && tx.phase !== 'timeout') throw new Error(`webpay mock: token is ${tx.phase}, cannot time out`);
      return store.timeout(tx, options.method);
    }
    if (outcome === 'error') return store.fail(tx, options.method);
    if (tx.phase !== 'form') throw new Error(`webpay mock: token is ${tx.phase}, cannot be paid`);
    if (outcome === 'abort') return store.abort(tx, options.method);
    return store.pay(tx, outcome, options.installments ?? 0, options.method, options.returnAs ?? 'normal');
  };

  const followReturn = async (ret: WebpayReturn, init: { headers?: Record<string, string> } = {}): Promise<Response> => {
    if (ret.method === 'GET') return fetch(ret.href, { method: 'GET', headers: init.headers, redirect: 'manual' });
    return fetch(ret.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...init.headers },
      body: new URLSearchParams(ret.params).toString(),
      redirect: 'manual',
    });
  };

  return {
    url: baseUrl,
    apiUrl: `${baseUrl}${WEBPAY_API_PREFIX}`,
    commerceCode,
    apiKey,
    close: async () => { await app.close(); },
    setFaults: (f) => switches.set(f),
    faults: () => switches.current(),
    faultState: () => switches.state(),
    resetFaults: () => switches.reset(),
    setLatency: (ms) => switches.set({ latencyMs: ms }),
    setBehaviour: (b) => {
      if (b.voucherPage !== undefined) voucherPageOn = b.voucherPage;
      if (b.statusBeforeCommit !== undefined) switches.set({ statusBeforeCommit: b.statusBeforeCommit });
    },
    setTiming: ({ returnMethod, ...t }) => {
      Object.assign(timing, Object.fromEntries(Object.entries(t).filter(([, v]) => v !== undefined)));
      if (returnMethod) store.returnMethod = returnMethod;
    },
    pay,
    followReturn,
    transaction: (token) => store.transactions.get(token.toLowerCase()),
    transactions: store.transactions,
  };
}
