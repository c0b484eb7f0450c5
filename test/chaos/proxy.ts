// A fault-injecting HTTP proxy in front of the B1 stand-in (loopback only). Each request the portal sends to the
// Service Layer goes through `policy`, which answers one of:
//   pass        forwarded, the answer relayed
//   error       a 5xx with a Service Layer error body, never forwarded
//   reset       the connection dropped before anything is forwarded
//   lose        forwarded (the ERP commits), then the connection dropped: the answer never arrives
//   slowAnswer  forwarded at once (the ERP commits), the answer held back beyond the client's timeout
//   slowCommit  held back, then forwarded even though the client gave up: the ERP commits after the timeout
//   expire      401 with code 301 (the session timed out), never forwarded
// `down` turns the ERP off altogether (every connection reset, or every request 503). Every creating POST the ERP
// accepted (Orders, IncomingPayments; a -2028 answer is a Draft) is logged with what the ERP answered, whether or not
// the portal ever saw that answer: a journal of the ERP's own, independent of the stand-in's tables.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type ProxyAction =
  | { kind: 'pass' }
  | { kind: 'error'; status: number }
  | { kind: 'reset' }
  | { kind: 'lose' }
  | { kind: 'slowAnswer'; ms: number }
  | { kind: 'slowCommit'; ms: number }
  | { kind: 'expire' };

export type ActionKind = ProxyAction['kind'];

export interface ProxyRequest {
  method: string;
  /** The path under the Service Layer root, without the query (`Orders`, `Login`, `BusinessPartners('C1')`). */
  path: string;
  /** The entity set of a creating POST (`Orders`, `IncomingPayments`, `Drafts`), else undefined. */
  createSet?: string;
  /** The parsed JSON body of a creating POST. */
  body?: Record<string, unknown>;
}

/** A creating POST the ERP answered (the portal may never have seen the answer). */
export interface CreateRecord {
  set: string;
  cardCode: string;
  /** NumAtCard of a sales document, CounterReference of a payment. */
  reference: string;
  status: number;
  /** The ERP made a document: 201/204, or -2028 (a Draft waiting for approval). */
  accepted: boolean;
  draft: boolean;
  docEntry?: number;
  docTotal?: number;
  action: ActionKind;
  /** When the POST reached the proxy, and when the ERP's answer came back (ms since the epoch). */
  arrivedAt: number;
  at: number;
}

/** Called for each creating POST when it arrives and once the ERP committed it; 'drop' on arrival drops it unsent. */
export type CreateHook = (request: ProxyRequest, phase: 'arrived' | 'committed', record?: CreateRecord) => Promise<void | 'drop'> | void | 'drop';

const CREATE_SETS = new Set(['Orders', 'IncomingPayments', 'Drafts']);

function slError(code: number, message: string): string {
  return JSON.stringify({ error: { code, message: { lang: 'en-us', value: message } } });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface FaultProxy {
  /** The Service Layer root through the proxy, e.g. http://127.0.0.1:41000/b1s/v1 */
  url: string;
  setPolicy(policy: (request: ProxyRequest) => ProxyAction): void;
  /** false: the ERP is up; 'reset': every connection dropped; 'error': every request 503. */
  setDown(mode: false | 'reset' | 'error'): void;
  setCreateHook(hook: CreateHook | undefined): void;
  /** Every creating POST the ERP answered, in order. */
  readonly creates: CreateRecord[];
  /** Faults injected so far, by kind. */
  readonly injected: Record<ActionKind | 'down', number>;
  /** Requests forwarded (or held to be forwarded) whose exchange with the ERP is not over. */
  inflight(): number;
  /** Waits until nothing is in flight (at most `timeoutMs`); answers whether it got there. */
  idle(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

export async function startFaultProxy(upstreamRoot: string): Promise<FaultProxy> {
  const upstream = new URL(upstreamRoot);
  const rootPath = upstream.pathname.replace(/\/+$/, '');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  let policy: (request: ProxyRequest) => ProxyAction = () => ({ kind: 'pass' });
  let down: false | 'reset' | 'error' = false;
  let hook: CreateHook | undefined;
  let inflight = 0;
  const creates: CreateRecord[] = [];
  const injected: Record<ActionKind | 'down', number> = { pass: 0, error: 0, reset: 0, lose: 0, slowAnswer: 0, slowCommit: 0, expire: 0, down: 0 };
  const sockets = new Set<Socket>();

  /** Forwards the request; answers the ERP's status, headers and body (or throws when it cannot be reached). */
  const forward = (req: IncomingMessage, body: Buffer) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const headers = { ...req.headers, host: upstream.host };
      delete headers.connection;
      const out = http.request(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers, agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }));
          res.on('error', reject);
        },
      );
      out.on('error', reject);
      out.setTimeout(30_000, () => out.destroy(new Error('upstream timeout')));
      out.end(body);
    });

  const record = (request: ProxyRequest, answer: { status: number; headers: http.IncomingHttpHeaders; body: Buffer }, action: ActionKind, arrivedAt: number) => {
    if (!request.createSet || !request.body) return undefined;
    let parsed: Record<string, unknown>;
    try {
      parsed = answer.body.length ? (JSON.parse(answer.body.toString('utf8')) as Record<string, unknown>) : {};
    } catch {
      parsed = {};
    }
    const errorCode = (parsed.error as { code?: number } | undefined)?.code;
    const draft = errorCode === -2028 || request.createSet === 'Drafts';
    const accepted = (answer.status >= 200 && answer.status < 300) || errorCode === -2028;
    let docEntry = typeof parsed.DocEntry === 'number' ? parsed.DocEntry : undefined;
    const location = answer.headers.location;
    if (docEntry === undefined && typeof location === 'string') {
      const m = /\((\d+)\)\s*$/.exec(location);
      if (m) docEntry = Number(m[1]);
    }
    const reference = String(request.body.NumAtCard ?? request.body.CounterReference ?? '');
    const entry: CreateRecord = {
      set: draft && request.createSet === 'Orders' ? 'Drafts' : request.createSet,
      cardCode: String(request.body.CardCode ?? ''),
      reference,
      status: answer.status,
      accepted,
      draft,
      docEntry,
      docTotal: typeof parsed.DocTotal === 'number' ? parsed.DocTotal : undefined,
      action,
      arrivedAt,
      at: Date.now(),
    };
    creates.push(entry);
    return entry;
  };

  const send = (res: ServerResponse, status: number, headers: http.OutgoingHttpHeaders, body: Buffer | string) => {
    if (res.destroyed || res.writableEnded) return;
    const h = { ...headers };
    delete h['transfer-encoding'];
    delete h.connection;
    delete h['keep-alive'];
    h['content-length'] = Buffer.byteLength(body);
    res.writeHead(status, h);
    res.end(body);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void handle(req, res, Buffer.concat(chunks)).catch(() => {
        if (!res.headersSent) send(res, 502, { 'content-type': 'application/json' }, slError(-1, 'proxy: upstream failed'));
        else res.destroy();
      });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    if (down === 'reset') {
      injected.down++;
      socket.destroy();
    }
  });

  async function handle(req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const fullPath = decodeURIComponent(q < 0 ? url : url.slice(0, q));
    const path = fullPath.startsWith(`${rootPath}/`) ? fullPath.slice(rootPath.length + 1) : fullPath;
    const method = req.method ?? 'GET';
    const arrivedAt = Date.now();
    const request: ProxyRequest = { method, path };
    if (method === 'POST' && CREATE_SETS.has(path)) {
      request.createSet = path;
      try {
        request.body = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
      } catch {
        request.body = undefined;
      }
    }
    if (down) {
      injected.down++;
      if (down === 'reset') return void req.socket.destroy();
      return send(res, 503, { 'content-type': 'application/json' }, slError(-1, 'Service Unavailable (ERP down)'));
    }
    const action = policy(request);
    injected[action.kind]++;
    if (request.createSet && hook && (await hook(request, 'arrived')) === 'drop') return void req.socket.destroy();
    switch (action.kind) {
      case 'error':
        return send(res, action.status, { 'content-type': 'application/json' }, slError(-1, `Internal server error (proxy fault ${action.status})`));
      case 'reset':
        return void req.socket.destroy();
      case 'expire':
        return send(res, 401, { 'content-type': 'application/json' }, slError(301, 'Invalid session or session already timeout.'));
      default:
        break;
    }
    inflight++;
    try {
      if (action.kind === 'slowCommit') await sleep(action.ms);
      const answer = await forward(req, body);
      const entry = record(request, answer, action.kind, arrivedAt);
      if (request.createSet && hook) await hook(request, 'committed', entry);
      if (action.kind === 'lose') return void req.socket.destroy();
      if (action.kind === 'slowAnswer') await sleep(action.ms);
      send(res, answer.status, answer.headers, answer.body);
    } finally {
      inflight--;
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}${rootPath}`,
    setPolicy: (p) => {
      policy = p;
    },
    setDown: (mode) => {
      down = mode;
      if (mode === 'reset') for (const s of sockets) s.destroy();
    },
    setCreateHook: (h) => {
      hook = h;
    },
    creates,
    injected,
    inflight: () => inflight,
    idle: async (timeoutMs) => {
      const end = Date.now() + timeoutMs;
      while (inflight > 0 && Date.now() < end) await sleep(10);
      return inflight === 0;
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
