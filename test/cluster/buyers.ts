// Buyers through the proxy, as the SPA behaves: each one (a bench buyer of its own, test/bench/orders-buyers.ts) logs
// in once, then loops: the cart's bulk add and POST /api/orders, each with an Idempotency-Key sent again with the same
// key when the outcome is unknown (no answer, 502/503/504, or the key still running elsewhere), then
// POST /api/user/b1/ov (a credit-line sale) until the ERP took it (a 202 is followed by GET /api/orders/:id).
// Counts every answer, every 5xx and each purchase's time.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { MSG } from '@shared/messages';
import { BENCH_PASSWORD, type BenchBuyer } from '../bench/orders-buyers';

/** Where `npm run cluster` with CLUSTER_BUYERS leaves its URL, buyers and sellable items for `npm run cluster:load`. */
export const LOAD_INFO_FILE = path.join(os.tmpdir(), 'portal-cluster-load.json');

interface Answer {
  id?: number;
  purchaseOrderNumber?: string;
  orderState?: string;
  order?: { orderState?: string };
  token?: string;
  message?: string;
  despacho?: Array<{ iddespacho: string }>;
  factura?: Array<{ idfactura: string }>;
}

export interface LoadFigures {
  attempted: number;
  completed: number;
  failed: number;
  /** Answers of 500 or more the buyers got (after the proxy's own retries), by request. */
  status5xx: Array<{ what: string; status: number; at: number }>;
  /** Requests that got no answer at all from the proxy. */
  noAnswer: number;
  /** Why purchases failed, and which requests got no answer: 'POST /api/orders 409' → how many times. */
  reasons: Record<string, number>;
  /** Sends of the same key again after an unknown outcome. */
  resent: number;
  /** Each completed purchase: when it ended (ms since the load started) and how long it took (ms). */
  purchases: Array<{ at: number; ms: number }>;
  /** The portal's number of each completed purchase, with its buyer's CardCode. */
  orders: Array<{ number: string; cardCode: string }>;
  firstFailure?: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 200 });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function call(base: string, method: string, url: string, headers: Record<string, string>, body?: unknown): Promise<{ status: number; json: Answer }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    const req = http.request(
      `${base}${url}`,
      { method, agent, timeout: 60_000, headers: { ...headers, ...(payload ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          let json: Answer = {};
          try {
            json = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Answer) : {};
          } catch {
            // not JSON (a proxy's error page)
          }
          resolve({ status: res.statusCode ?? 0, json });
        });
        res.on('error', () => resolve({ status: 0, json: {} }));
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve({ status: 0, json: {} }));
    req.end(payload);
  });
}

/** The SPA's rule (api/idempotency.ts outcomeUnknown): no answer, a 502/503/504, or the key still running elsewhere. */
const unknown = (r: { status: number; json: Answer }) => r.status === 0 || r.status === 502 || r.status === 503 || r.status === 504 || (r.status === 409 && r.json.message === MSG.idempotencyInProgress);

interface Session {
  buyer: BenchBuyer;
  headers: Record<string, string>;
  id: number;
  deliveryAddress: string;
  invoiceAddress: string;
  deliveryTransport: string;
}

/** Logs every buyer in through `base` (a few at a time) and reads what an order needs. */
export async function openSessions(base: string, buyers: BenchBuyer[]): Promise<Session[]> {
  const xsrf = 'cluster';
  const cookie = { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
  const sessions: Session[] = [];
  for (let i = 0; i < buyers.length; i += 10) {
    sessions.push(
      ...(await Promise.all(
        buyers.slice(i, i + 10).map(async (buyer) => {
          const login = await call(base, 'POST', '/api/security/login', cookie, { username: buyer.rut, password: BENCH_PASSWORD });
          if (login.status !== 200) throw new Error(`login ${buyer.rut}: ${login.status} ${JSON.stringify(login.json)}`);
          const { token, id } = login.json as { token: string; id: number };
          const headers = { ...cookie, authorization: `Bearer ${token}` };
          const profile = await call(base, 'GET', `/api/user/b1/profile/${id}`, headers);
          const transports = (await call(base, 'GET', '/api/user/b1/tipo-transport', headers)).json as unknown as Array<{ idTransporte: string }>;
          return {
            buyer, headers, id,
            deliveryAddress: profile.json.despacho![0]!.iddespacho,
            invoiceAddress: profile.json.factura![0]!.idfactura,
            deliveryTransport: transports[transports.length - 1]!.idTransporte,
          };
        }),
      )),
    );
  }
  return sessions;
}

/**
 * Runs the buyers until `stop()` resolves (a purchase under way then is finished, none is started). Each purchase:
 * three sizes into the cart, the order, the ERP.
 */
export async function runBuyers(base: string, sessions: Session[], skus: string[], stop: Promise<void>): Promise<LoadFigures> {
  const figures: LoadFigures = { attempted: 0, completed: 0, failed: 0, status5xx: [], noAnswer: 0, reasons: {}, resent: 0, purchases: [], orders: [] };
  const tally = (reason: string) => {
    figures.reasons[reason] = (figures.reasons[reason] ?? 0) + 1;
  };
  const started = Date.now();
  let stopped = false;
  void stop.then(() => {
    stopped = true;
  });
  const seen = (what: string, r: { status: number }) => {
    if (r.status >= 500) figures.status5xx.push({ what, status: r.status, at: Date.now() - started });
    if (r.status === 0) {
      figures.noAnswer += 1;
      tally(`no answer: ${what}`);
    }
  };
  /** One keyed create, sent again with the same key while its outcome is unknown (at most 30 s). */
  const keyed = async (what: string, headers: Record<string, string>, url: string, body: unknown) => {
    const key = randomUUID();
    const until = Date.now() + 30_000;
    for (let wait = 100; ; wait = Math.min(2000, wait * 2)) {
      const r = await call(base, 'POST', url, { ...headers, 'idempotency-key': key }, body);
      seen(what, r);
      if (!unknown(r) || Date.now() > until) return r;
      figures.resent += 1;
      await sleep(wait);
    }
  };
  /** A purchase given up: `step` ('cart 409') is tallied, `detail` kept for the first one. */
  const fail = (step: string, detail: string) => {
    figures.failed += 1;
    tally(`failed: ${step}`);
    figures.firstFailure ??= `${step} ${detail}`;
  };
  let pick = 0;
  const buyer = async (s: Session) => {
    while (!stopped) {
      figures.attempted += 1;
      const t0 = Date.now();
      const items = [0, 1, 2].map((line) => ({ sku: skus[(pick = (pick + 7) % skus.length)]!, quantity: 1 + line }));
      const added = await keyed('POST /api/user/cart/bulk', s.headers, '/api/user/cart/bulk', { items });
      if (added.status !== 200) {
        fail(`cart ${added.status}`, JSON.stringify(added.json));
        await call(base, 'DELETE', `/api/user/cart/clear-cart/${s.id}`, s.headers);
        continue;
      }
      const created = await keyed('POST /api/orders', s.headers, '/api/orders', {
        orderType: 'ONLINE', tipoEntrega: 'entrega', deliveryAddress: s.deliveryAddress, deliveryTransport: s.deliveryTransport,
        invoiceAddress: s.invoiceAddress, paymentMethod: 'CREDIT',
      });
      if (created.status !== 201) {
        fail(`order ${created.status}`, JSON.stringify(created.json));
        await call(base, 'DELETE', `/api/user/cart/clear-cart/${s.id}`, s.headers);
        continue;
      }
      const { id, purchaseOrderNumber: number } = created.json;
      // the ERP: /ov carries no key (the proxy never replays it); the server finds the same outbox job for a repeat
      let accepted = false;
      const until = Date.now() + 60_000;
      while (!accepted && Date.now() < until) {
        const sent = await call(base, 'POST', '/api/user/b1/ov', s.headers, { orderReference: number });
        seen('POST /api/user/b1/ov', sent);
        if (sent.status === 200 && sent.json.order?.orderState === 'CONFIRMED') accepted = true;
        else if (sent.status === 202 || unknown(sent)) {
          for (let i = 0; i < 100 && !accepted; i++) {
            await sleep(100);
            const order = await call(base, 'GET', `/api/orders/${id}`, s.headers);
            seen('GET /api/orders/:id', order);
            if (order.status === 200 && order.json.orderState === 'CONFIRMED') accepted = true;
            if (order.status === 200 && order.json.orderState === 'PROCESS') break; // not queued yet: send it again
          }
        } else break;
      }
      if (!accepted) {
        fail('ov not CONFIRMED', String(number));
        continue;
      }
      figures.completed += 1;
      figures.purchases.push({ at: Date.now() - started, ms: Date.now() - t0 });
      figures.orders.push({ number: number!, cardCode: s.buyer.cardCode });
    }
  };
  await Promise.all(sessions.map(buyer));
  return figures;
}

export const quantile = (xs: number[], q: number) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]!;
};

export const closeAgent = () => agent.destroy();
