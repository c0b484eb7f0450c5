// Goals: order placement latency at 1, 10 and 50 concurrent buyers on PGlite and on PostgreSQL, with the B1
// stand-in answering at 0 ms; orders placed per second at saturation against a bare route writing the same rows; the
// portal's RSS under that load. Prints the figures; asserts nothing.
//
// Three processes: the B1 stand-in (orders-erp.ts), the portal (orders-server.ts, built as main.ts builds it) and
// this one, the buyers. Two kinds of load:
// - purchases: each buyer is a loop of its own, with its own user, cart and ERP business partner: fill the cart
//   (BENCH_LINES sizes, POST /api/user/cart each) → POST /api/orders with an Idempotency-Key (a credit-line sale) →
//   POST /api/user/b1/ov until the ERP accepted it (a 202 is followed by GET /api/orders/:id until the order is
//   CONFIRMED) → a pause, if the phase has one (0.5–1.5 × its length) → again. "order" is the POST /api/orders alone;
//   "purchase" is POST /api/orders + the ov until the ERP accepted.
// - order placement ("colocar pedidos"): BENCH_PLACEMENT buyers whose carts were filled at start; each of 1, 10 and 50
//   loops takes the next of them and places its order (POST /api/orders, as above) as soon as its last one is answered,
//   nothing else: the request that writes the order and its lines, as the bare route does. The orders stay PROCESS.
// The portal's RSS is read from /proc every 200 ms during each load phase (its peak) and after start-up (idle).
//
// A round starts a fresh stand-in and portal (an empty database) per database and runs, after a short warm-up, the
// purchase phases 1 → 10 → 50 buyers (BENCH_CONCURRENCY) without a pause (every buyer places its next order as soon as
// the last one is done: the machine's capacity), then 50 buyers pausing BENCH_PACED_MS (2 000; 0 leaves it out) between
// purchases, each arriving at a random moment of the first pause, then the order-placement phases at the same levels,
// BENCH_SECONDS each, every phase once the portal is quiet again; rounds alternate which database goes first; the summary
// is the median of the rounds and their range. BENCH_ROUNDS (3), BENCH_SECONDS (10), BENCH_LINES (3), BENCH_THINK_MS (0:
// the pause of the levels), BENCH_PURCHASES ('0' leaves the purchase phases out), BENCH_PLACEMENT (filled carts, 800 per
// second of a phase; 0 leaves the placement phases out), BENCH_DATABASES ('pglite,postgres'), BENCH_PG_URL (a PostgreSQL
// where a database orders_bench_* may be created; default the local one of .ci/run), BENCH_CPU_PROF (a folder: the
// portal runs under --cpu-prof and writes its profile there on exit), BENCH_PHASE_PROF (a folder: a CPU profile of the
// portal during the placement phase of the most loops only), BENCH_NO_ERP_READS ('1': the portal keeps every profile and
// items answer after its first read, so placing an order asks the ERP nothing: what those reads cost),
// BENCH_NODE_ARGS (Node options of the portal; default those `npm start` gives it), BENCH_PORTAL ('built': bundled and
// run on plain Node as `npm start` does; 'tsx': the sources under tsx; see shippedPortal.ts).
//
// The bare route: in each run, BENCH_CONCURRENCY's largest number of loops POST to a bare Fastify route in the
// portal's process that writes an order's rows (the order, its lines, its outbox job) in one transaction on the same
// database (orders-server.ts), for BENCH_SECONDS (BENCH_BARE_SECONDS), before the portal's phases in odd rounds and
// after them in even ones. Two ratios are printed: orders placed per second by the most loops ÷ the bare route's (the
// goal's), and whole purchases per second at that many buyers without a pause ÷ the bare route's.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { portalDescription, serverArgs } from './shippedPortal';
import { cpuMs } from './procStats';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BARE_SECONDS = Number(process.env.BENCH_BARE_SECONDS ?? SECONDS);
const LINES = Number(process.env.BENCH_LINES ?? 3);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 0);
const LEVELS = (process.env.BENCH_CONCURRENCY ?? '1,10,50').split(',').map(Number);
const PACED_MS = Number(process.env.BENCH_PACED_MS ?? 2000);
/** The load phases of a run: every level without a pause (or BENCH_THINK_MS), then the most buyers paced. */
const PHASES: Array<{ buyers: number; thinkMs: number }> = process.env.BENCH_PURCHASES === '0' ? [] : [
  ...LEVELS.map((buyers) => ({ buyers, thinkMs: THINK_MS })),
  ...(PACED_MS > 0 ? [{ buyers: Math.max(...LEVELS), thinkMs: PACED_MS }] : []),
];
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',') as Array<'pglite' | 'postgres'>;
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const CPU_PROF = process.env.BENCH_CPU_PROF;
const PHASE_PROF = process.env.BENCH_PHASE_PROF;
const BUYERS = Math.max(...LEVELS);
/** Buyers with a filled cart for the order-placement phases (each places one order); 0 leaves those phases out. */
const PLACEMENT = Number(process.env.BENCH_PLACEMENT ?? 800 * SECONDS);

interface Session {
  id: number;
  authorization: string;
  deliveryAddress: string;
  invoiceAddress: string;
  deliveryTransport: string;
}
interface PortalInfo {
  url: string;
  xsrf: string;
  sessions: Session[];
  startMs: number;
  /** The bare route's server (orders-server.ts). */
  bare: string;
}

const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

/**
 * Starts `file` under node (a SIGTERM reaches it) and answers its first stdout line, parsed: the portal as `npm start`
 * runs it (shippedPortal.ts), a stand-in (`shipped: false`) under tsx.
 */
async function startChild<T>(file: string, env: Record<string, string>, opts: Parameters<typeof serverArgs>[1] = {}): Promise<{ info: T; child: ChildProcess }> {
  const child = spawn(process.execPath, await serverArgs(file, opts), {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`${file} terminó (${code})`)));
  });
  return { info: JSON.parse(line) as T, child };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** CPU ms used so far by the PostgreSQL backends serving database `name` (their title names it). */
function postgresCpuMs(name: string): Map<number, number> {
  const out = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(` ${name} `)) continue;
      out.set(Number(entry), cpuMs(Number(entry)));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** Resident set of a process now, in MB (VmRSS). */
function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : 0;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 * BUYERS });

/** The fields of the portal's answers this bench reads (an order, a submission, an error). */
interface Answer {
  id?: number;
  purchaseOrderNumber?: string;
  orderState?: string;
  order?: { orderState?: string };
  text?: string;
}

/** One HTTP call to the portal: status and parsed JSON body. */
function call(base: string, method: string, url: string, headers: Record<string, string>, body?: unknown): Promise<{ status: number; json: Answer }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${url}`,
      { method, agent, headers: { ...headers, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: Answer;
          try {
            json = text ? (JSON.parse(text) as Answer) : {};
          } catch {
            json = { text };
          }
          resolve({ status: res.statusCode ?? 0, json });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

interface PhaseResult {
  buyers: number;
  thinkMs: number;
  orders: number[];
  purchases: number[];
  cartAdds: number[];
  errors: number;
  firstError?: string;
  seconds: number;
  peakRssMb: number;
  /** CPU ms per order placed (POST /api/orders): of the portal, and of the B1 stand-in. */
  portalCpuPerOrder: number;
  erpCpuPerOrder: number;
  /** Of the PostgreSQL backends (0 on PGlite) and of this process (the buyers). */
  postgresCpuPerOrder: number;
  clientCpuPerOrder: number;
}

/**
 * Waits until the portal has been quiet (under 5% of a core for 500 ms, at most 20 s): the work a phase left behind
 * (ERP follow-ups, mail) is neither counted in the next phase's CPU nor queued ahead of its first orders.
 */
async function settle(pid: number): Promise<void> {
  const deadline = Date.now() + 20_000;
  let before = cpuMs(pid);
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = cpuMs(pid);
    if (now - before < 25) return;
    before = now;
  }
}

type Pids = { portal: number; erp: number; dbName?: string };

/** CPU used from now on, per order: of the portal, the B1 stand-in, the PostgreSQL backends (0 on PGlite) and this process. */
function cpuMeter(pids: Pids) {
  const before = { portal: cpuMs(pids.portal), erp: cpuMs(pids.erp), postgres: pids.dbName ? postgresCpuMs(pids.dbName) : new Map<number, number>(), client: process.cpuUsage() };
  return (orders: number) => {
    const n = Math.max(1, orders);
    let postgres = 0;
    for (const [backend, used] of pids.dbName ? postgresCpuMs(pids.dbName) : new Map<number, number>()) postgres += used - (before.postgres.get(backend) ?? 0);
    const client = process.cpuUsage(before.client);
    return {
      portalCpuPerOrder: (cpuMs(pids.portal) - before.portal) / n,
      erpCpuPerOrder: (cpuMs(pids.erp) - before.erp) / n,
      postgresCpuPerOrder: postgres / n,
      clientCpuPerOrder: (client.user + client.system) / 1000 / n,
    };
  };
}

/** Counts an unexpected answer; the first one is kept, in words, for the report. */
function failed(result: { errors: number; firstError?: string }, what: string, res: { status: number; json: unknown }): void {
  result.errors += 1;
  result.firstError ??= `${what}: ${res.status} ${JSON.stringify(res.json).slice(0, 300)}`;
}

/** The bench's order: a credit-line sale delivered to the buyer's first address. */
const creditSale = (session: Session) => ({
  orderType: 'ONLINE',
  tipoEntrega: 'entrega',
  deliveryAddress: session.deliveryAddress,
  deliveryTransport: session.deliveryTransport,
  invoiceAddress: session.invoiceAddress,
  paymentMethod: 'CREDIT',
});

/** `buyers` loops for `seconds`; answers every latency measured. */
async function phase(
  portal: PortalInfo,
  skus: string[],
  pids: Pids,
  { buyers, thinkMs }: { buyers: number; thinkMs: number },
  seconds: number,
): Promise<PhaseResult> {
  const pid = pids.portal;
  const result: PhaseResult = {
    buyers, thinkMs, orders: [], purchases: [], cartAdds: [], errors: 0, seconds, peakRssMb: rssMb(pid),
    portalCpuPerOrder: 0, erpCpuPerOrder: 0, postgresCpuPerOrder: 0, clientCpuPerOrder: 0,
  };
  const cpu = cpuMeter(pids);
  const sampler = setInterval(() => {
    result.peakRssMb = Math.max(result.peakRssMb, rssMb(pid));
  }, 200);
  const until = Date.now() + seconds * 1000;
  let pick = Math.floor(Math.random() * skus.length);
  const fail = (what: string, res: { status: number; json: unknown }) => failed(result, what, res);
  const buyer = async (session: Session) => {
    const headers = { authorization: session.authorization, cookie: `XSRF-TOKEN=${portal.xsrf}`, 'x-xsrf-token': portal.xsrf };
    // Paced buyers arrive spread over one pause, as people do, instead of all in the same millisecond.
    if (thinkMs > 0) await new Promise((resolve) => setTimeout(resolve, thinkMs * Math.random()));
    while (Date.now() < until) {
      let filled = true;
      for (let line = 0; line < LINES; line++) {
        pick = (pick + 7) % skus.length;
        const t = performance.now();
        const res = await call(portal.url, 'POST', '/api/user/cart', headers, { sku: skus[pick], quantity: 1 + (line % 3) });
        if (res.status !== 201) {
          fail('POST /api/user/cart', res);
          filled = false;
          break;
        }
        result.cartAdds.push(performance.now() - t);
      }
      if (!filled) {
        await call(portal.url, 'DELETE', `/api/user/cart/clear-cart/${session.id}`, headers);
        continue;
      }
      const t0 = performance.now();
      const created = await call(portal.url, 'POST', '/api/orders', { ...headers, 'idempotency-key': randomUUID() }, creditSale(session));
      const t1 = performance.now();
      if (created.status !== 201) {
        fail('POST /api/orders', created);
        await call(portal.url, 'DELETE', `/api/user/cart/clear-cart/${session.id}`, headers);
        continue;
      }
      result.orders.push(t1 - t0);
      const sent = await call(portal.url, 'POST', '/api/user/b1/ov', headers, { orderReference: created.json.purchaseOrderNumber });
      let accepted = sent.status === 200 && sent.json.order?.orderState === 'CONFIRMED';
      if (sent.status === 202) {
        while (!accepted && Date.now() < until + 30_000) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          const order = await call(portal.url, 'GET', `/api/orders/${created.json.id}`, headers);
          accepted = order.status === 200 && order.json.orderState === 'CONFIRMED';
        }
      }
      if (!accepted) {
        fail('POST /api/user/b1/ov', sent);
        continue;
      }
      result.purchases.push(performance.now() - t0);
      if (thinkMs > 0) await new Promise((resolve) => setTimeout(resolve, thinkMs * (0.5 + Math.random())));
    }
  };
  const started = Date.now();
  await Promise.all(portal.sessions.slice(0, buyers).map(buyer));
  result.seconds = (Date.now() - started) / 1000;
  clearInterval(sampler);
  return { ...result, ...cpu(result.orders.length) };
}

interface PlacementResult {
  loops: number;
  orders: number[];
  seconds: number;
  errors: number;
  firstError?: string;
  /** The pool of filled carts ran out before the phase's time did. */
  exhausted: boolean;
  peakRssMb: number;
  /** CPU ms per order of the portal, the B1 stand-in and the PostgreSQL backends. */
  portalCpuPerOrder: number;
  erpCpuPerOrder: number;
  postgresCpuPerOrder: number;
}

/**
 * Order placement alone: `loops` loops, each taking the next buyer of the pool (a cart filled at start) and placing its
 * order (POST /api/orders with an Idempotency-Key, a credit-line sale) as soon as the last one is answered, for
 * `seconds` or until the pool is empty. The orders are left PROCESS (not sent to the ERP), as the bare route's job is.
 */
async function placementPhase(
  portal: PortalInfo,
  pool: { next: number; sessions: Session[] },
  pids: Pids,
  loops: number,
  seconds: number,
): Promise<PlacementResult> {
  const result: PlacementResult = {
    loops, orders: [], seconds, errors: 0, exhausted: false, peakRssMb: rssMb(pids.portal), portalCpuPerOrder: 0, erpCpuPerOrder: 0, postgresCpuPerOrder: 0,
  };
  const cpu = cpuMeter(pids);
  const sampler = setInterval(() => {
    result.peakRssMb = Math.max(result.peakRssMb, rssMb(pids.portal));
  }, 200);
  const until = Date.now() + seconds * 1000;
  const loop = async () => {
    while (Date.now() < until) {
      const session = pool.sessions[pool.next++];
      if (!session) {
        result.exhausted = true;
        return;
      }
      const headers = { authorization: session.authorization, cookie: `XSRF-TOKEN=${portal.xsrf}`, 'x-xsrf-token': portal.xsrf, 'idempotency-key': randomUUID() };
      const t = performance.now();
      const res = await call(portal.url, 'POST', '/api/orders', headers, creditSale(session));
      if (res.status !== 201) {
        failed(result, 'POST /api/orders', res);
        continue;
      }
      result.orders.push(performance.now() - t);
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: loops }, loop));
  result.seconds = (Date.now() - started) / 1000;
  clearInterval(sampler);
  const { portalCpuPerOrder, erpCpuPerOrder, postgresCpuPerOrder } = cpu(result.orders.length);
  return { ...result, portalCpuPerOrder, erpCpuPerOrder, postgresCpuPerOrder };
}

const quantile = (xs: number[], q: number) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]!;
};
const median = (xs: number[]) => {
  const s = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const ms = (x: number) => (Number.isNaN(x) ? '–' : x < 10 ? x.toFixed(1) : x.toFixed(0));
const spread = (xs: number[]) => `${ms(median(xs))} [${ms(Math.min(...xs))}–${ms(Math.max(...xs))}]`;
const ratioSpread = (xs: number[]) => `${median(xs).toFixed(2)} [${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)}]`;

async function postgresAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch (err) {
    console.log(`PostgreSQL no disponible en BENCH_PG_URL (${(err as Error).message}): se mide solo PGlite`);
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

interface BareResult {
  loops: number;
  orders: number[];
  seconds: number;
  errors: number;
  firstError?: string;
  peakRssMb: number;
  /** CPU ms of the portal's process per bare order. */
  cpuPerOrder: number;
}

interface RunResult {
  db: 'pglite' | 'postgres';
  startMs: number;
  idleRssMb: number;
  phases: PhaseResult[];
  /** Order placement alone, one per LEVELS entry (empty when BENCH_PLACEMENT is 0). */
  placements: PlacementResult[];
  bare: BareResult;
}

/** `loops` loops posting to the bare route for `seconds`, each with LINES lines: orders per second at saturation. */
async function barePhase(portal: PortalInfo, skus: string[], pid: number, loops: number, seconds: number): Promise<BareResult> {
  const result: BareResult = { loops, orders: [], seconds, errors: 0, peakRssMb: rssMb(pid), cpuPerOrder: 0 };
  const cpuBefore = cpuMs(pid);
  const sampler = setInterval(() => {
    result.peakRssMb = Math.max(result.peakRssMb, rssMb(pid));
  }, 200);
  const until = Date.now() + seconds * 1000;
  let pick = Math.floor(Math.random() * skus.length);
  const loop = async (session: Session) => {
    while (Date.now() < until) {
      const lines = Array.from({ length: LINES }, (_, line) => {
        pick = (pick + 7) % skus.length;
        return { sku: skus[pick]!, quantity: 1 + (line % 3), price: 9990 };
      });
      const t = performance.now();
      const res = await call(portal.bare, 'POST', '/bare/order', {}, { userId: session.id, cardCode: 'C-BENCH', lines });
      if (res.status !== 201) {
        failed(result, 'POST /bare/order', res);
        continue;
      }
      result.orders.push(performance.now() - t);
    }
  };
  const started = Date.now();
  await Promise.all(portal.sessions.slice(0, loops).map(loop));
  result.seconds = (Date.now() - started) / 1000;
  clearInterval(sampler);
  result.cpuPerOrder = (cpuMs(pid) - cpuBefore) / Math.max(1, result.orders.length);
  return result;
}

/** The phase the bare route is compared with: the most buyers without a pause. */
const SATURATION = PHASES.findIndex((p) => p.buyers === BUYERS && p.thinkMs === THINK_MS);

async function run(db: 'pglite' | 'postgres', round: number): Promise<RunResult> {
  const erp = await startChild<{ url: string; skus: string[] }>('orders-erp.ts', { BENCH_BUYERS: String(BUYERS + PLACEMENT) }, { shipped: false });
  const dbName = `orders_bench_${process.pid}_${round}`;
  const env: Record<string, string> = {
    ...(PHASE_PROF ? { BENCH_PHASE_PROF: PHASE_PROF } : {}),
    ...(process.env.BENCH_NO_ERP_READS ? { BENCH_NO_ERP_READS: process.env.BENCH_NO_ERP_READS } : {}),
    BENCH_B1_URL: erp.info.url, BENCH_BUYERS: String(BUYERS), BENCH_PLACEMENT: String(PLACEMENT), BENCH_LINES: String(LINES), BENCH_SKUS: erp.info.skus.join(','),
  };
  if (db === 'postgres') {
    await adminQuery(`create database ${dbName}`);
    const url = new URL(PG_URL);
    url.pathname = `/${dbName}`;
    env.BENCH_DATABASE_URL = url.toString();
  }
  const extra = CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : [];
  let portal: { info: PortalInfo; child: ChildProcess } | undefined;
  try {
    portal = await startChild<PortalInfo>('orders-server.ts', env, { extra });
    const pids: Pids = { portal: portal.child.pid!, erp: erp.child.pid!, ...(db === 'postgres' ? { dbName } : {}) };
    const idleRssMb = rssMb(pids.portal);
    await phase(portal.info, erp.info.skus, pids, { buyers: Math.min(10, BUYERS), thinkMs: 0 }, 2); // warm-up
    await barePhase(portal.info, erp.info.skus, pids.portal, Math.min(10, BUYERS), 1); // its warm-up
    const bare = async () => {
      await settle(pids.portal);
      return barePhase(portal!.info, erp.info.skus, pids.portal, BUYERS, BARE_SECONDS);
    };
    const bareFirst = round % 2 === 1 ? await bare() : undefined;
    const phases: PhaseResult[] = [];
    for (const each of PHASES) {
      await settle(pids.portal);
      phases.push(await phase(portal.info, erp.info.skus, pids, each, SECONDS));
    }
    const placements: PlacementResult[] = [];
    const pool = { next: 0, sessions: PLACEMENT > 0 ? ((await call(portal.info.bare, 'POST', '/bare/placement', {})).json as unknown as Session[]) : [] };
    for (const loops of PLACEMENT > 0 ? LEVELS : []) {
      await settle(pids.portal);
      const profiled = PHASE_PROF && loops === BUYERS;
      if (profiled) portal.child.kill('SIGUSR2');
      placements.push(await placementPhase(portal.info, pool, pids, loops, SECONDS));
      if (profiled) portal.child.kill('SIGUSR2');
    }
    return { db, startMs: portal.info.startMs, idleRssMb, phases, placements, bare: bareFirst ?? (await bare()) };
  } finally {
    if (portal) await stopChild(portal.child);
    await stopChild(erp.child);
    if (db === 'postgres') await adminQuery(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
  }
}

/** '50 compradores' or '50 compradores, pausa 2000 ms'. */
const label = (p: { buyers: number; thinkMs: number }) => `${String(p.buyers).padStart(2)} compradores${p.thinkMs ? `, pausa ${p.thinkMs} ms` : ''}`;

function printRun(r: RunResult): void {
  console.log(`  ${r.db}: arranque ${r.startMs} ms, RSS en reposo ${r.idleRssMb.toFixed(0)} MB`);
  for (const p of r.phases) {
    console.log(
      `    ${label(p)}: ${(p.orders.length / p.seconds).toFixed(1)} pedidos/s; ` +
        `pedido p50 ${ms(quantile(p.orders, 0.5))} p95 ${ms(quantile(p.orders, 0.95))} p99 ${ms(quantile(p.orders, 0.99))} ms; ` +
        `compra p50 ${ms(quantile(p.purchases, 0.5))} p95 ${ms(quantile(p.purchases, 0.95))} ms; ` +
        `carro p95 ${ms(quantile(p.cartAdds, 0.95))} ms; RSS máx ${p.peakRssMb.toFixed(0)} MB; ` +
        `CPU por compra (ms): portal ${ms(p.portalCpuPerOrder)}, B1 ${ms(p.erpCpuPerOrder)}` +
        `${r.db === 'postgres' ? `, PostgreSQL ${ms(p.postgresCpuPerOrder)}` : ''}, compradores ${ms(p.clientCpuPerOrder)}` +
        (p.errors ? `; errores ${p.errors} (${p.firstError})` : ''),
    );
  }
  for (const p of r.placements) {
    console.log(
      `    colocar pedidos, ${String(p.loops).padStart(2)} a la vez: ${(p.orders.length / p.seconds).toFixed(1)} pedidos/s; ` +
        `p50 ${ms(quantile(p.orders, 0.5))} p95 ${ms(quantile(p.orders, 0.95))} p99 ${ms(quantile(p.orders, 0.99))} ms; RSS máx ${p.peakRssMb.toFixed(0)} MB; ` +
        `CPU por pedido (ms): portal ${ms(p.portalCpuPerOrder)}, B1 ${ms(p.erpCpuPerOrder)}${r.db === 'postgres' ? `, PostgreSQL ${ms(p.postgresCpuPerOrder)}` : ''}` +
        (p.exhausted ? '; se acabaron los carros llenos antes del tiempo' : '') +
        (p.errors ? `; errores ${p.errors} (${p.firstError})` : ''),
    );
  }
  const b = r.bare;
  console.log(
    `    ruta bare, ${b.loops} a la vez: ${(b.orders.length / b.seconds).toFixed(1)} pedidos/s; p50 ${ms(quantile(b.orders, 0.5))} p95 ${ms(quantile(b.orders, 0.95))} ms; ` +
      `RSS máx ${b.peakRssMb.toFixed(0)} MB; CPU del proceso por pedido ${ms(b.cpuPerOrder)} ms${b.errors ? `; errores ${b.errors} (${b.firstError})` : ''}` +
      (placementRatio(r) === undefined ? '' : ` → colocar pedidos / bare ${placementRatio(r)!.toFixed(2)}`) +
      (SATURATION >= 0 ? `; compra completa / bare ${bareRatio(r).toFixed(2)}` : ''),
  );
}

/** Orders placed per second by the most loops ÷ the bare route's, in one run (undefined without placement phases). */
const placementRatio = (r: RunResult) => {
  const p = r.placements.find((each) => each.loops === BUYERS);
  return p && p.orders.length / p.seconds / (r.bare.orders.length / r.bare.seconds);
};

/** The portal's whole purchases per second at saturation (cart, order, ERP submission) ÷ the bare route's, in one run. */
const bareRatio = (r: RunResult) => {
  const p = r.phases[SATURATION]!;
  return p.orders.length / p.seconds / (r.bare.orders.length / r.bare.seconds);
};

async function main() {
  const databases = DATABASES.includes('postgres') && !(await postgresAvailable()) ? DATABASES.filter((d) => d !== 'postgres') : DATABASES;
  console.log(
    `carga al empezar: ${load()}; ${ROUNDS} rondas × ${databases.join(' y ')} × ${PHASES.map(label).join(' / ')} × ${SECONDS} s; ` +
      `${LINES} líneas por pedido; B1 sustituto a 0 ms; portal ${portalDescription()}`,
  );
  const runs: RunResult[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? databases : [...databases].reverse();
    console.log(`ronda ${round + 1} (${order.join(' primero, luego ')}; carga ${load()}):`);
    for (const db of order) {
      const r = await run(db, round);
      printRun(r);
      runs.push(r);
    }
  }
  console.log(`resumen, mediana [mín–máx] de ${ROUNDS} rondas (ms; RSS en MB):`);
  for (const db of databases) {
    const mine = runs.filter((r) => r.db === db);
    console.log(`  ${db}: RSS en reposo ${spread(mine.map((r) => r.idleRssMb))}`);
    for (const [i, each] of PHASES.entries()) {
      const at = mine.map((r) => r.phases[i]!);
      console.log(
        `    ${label(each)}: pedido p95 ${spread(at.map((p) => quantile(p.orders, 0.95)))}, p50 ${spread(at.map((p) => quantile(p.orders, 0.5)))}; ` +
          `compra p95 ${spread(at.map((p) => quantile(p.purchases, 0.95)))}; pedidos/s ${spread(at.map((p) => p.orders.length / p.seconds))}; ` +
          `RSS máx ${spread(at.map((p) => p.peakRssMb))}; CPU del portal por compra ${spread(at.map((p) => p.portalCpuPerOrder))}; ` +
          `errores ${at.reduce((s, p) => s + p.errors, 0)}`,
      );
    }
    for (const [i, loops] of (PLACEMENT > 0 ? LEVELS : []).entries()) {
      const at = mine.map((r) => r.placements[i]!);
      console.log(
        `    colocar pedidos, ${String(loops).padStart(2)} a la vez: pedidos/s ${spread(at.map((p) => p.orders.length / p.seconds))}; ` +
          `p50 ${spread(at.map((p) => quantile(p.orders, 0.5)))}, p95 ${spread(at.map((p) => quantile(p.orders, 0.95)))}; ` +
          `CPU del portal por pedido ${spread(at.map((p) => p.portalCpuPerOrder))}; errores ${at.reduce((s, p) => s + p.errors, 0)}` +
          (at.some((p) => p.exhausted) ? '; se acabaron los carros llenos (BENCH_PLACEMENT)' : ''),
      );
    }
    const placed = mine.map(placementRatio).filter((x): x is number => x !== undefined);
    console.log(
      `    ruta bare, ${BUYERS} a la vez: pedidos/s ${spread(mine.map((r) => r.bare.orders.length / r.bare.seconds))}, p95 ${spread(mine.map((r) => quantile(r.bare.orders, 0.95)))}` +
        (placed.length ? `; colocar pedidos / bare (${BUYERS} a la vez) ${ratioSpread(placed)} (objetivo ≥ 0,5)` : '') +
        (SATURATION >= 0 ? `; compra completa / bare (${BUYERS} sin pausa) ${ratioSpread(mine.map(bareRatio))}` : ''),
    );
  }
  console.log(`carga al terminar: ${load()}`);
  agent.destroy();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
