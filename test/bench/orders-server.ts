// Child process of orders.bench.ts: the portal as main.ts builds it (logging at info to /dev/null, payment clients,
// outbox worker, catalogue warmed) against the B1 stand-in of orders-erp.ts, on PGlite in a data folder (BENCH_DATA_DIR)
// or on PostgreSQL (BENCH_DATABASE_URL); BENCH_PGLITE_SETTINGS tries other PGlite settings. It seeds the bench buyers,
// logs each in and prints one JSON line: the URL, each buyer's token, user id and order choices (addresses,
// transport) and the start-up time; POST /bare/placement answers the order-placement buyers (BENCH_PLACEMENT of them,
// each with a filled cart and a token), made when asked. SIGTERM closes it. BENCH_NO_ERP_READS and BENCH_PHASE_PROF are diagnostics (below).
//
// Beside the portal, in the same process and on the same database, a bare Fastify route (POST /bare/order) writes the
// rows an order leaves behind in one transaction (the order, its lines, its ERP submission job in the outbox), with
// none of the portal's checks, ERP reads, cart or idempotency record: what the bench's orders per second are compared
// with. Its job is written as done, so the outbox worker never takes it.
import Fastify from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '@server/app';
import { openDatabase, type PgliteOptions } from '@server/db/connect';
import { seedUsers } from '@server/db/seed';
import { ErpService } from '@server/erp/erp.service';
import { ServiceLayerClient } from '@server/erp/serviceLayer';
import { KhipuClient } from '@server/integrations/khipu';
import { createMailer } from '@server/integrations/mailer';
import { WebpayClient } from '@server/integrations/webpay';
import { cartItems, orderLines, orders, outbox, users } from '@server/db/schema';
import { TokenService } from '@server/security/tokens';
import { hashPassword } from '@server/security/passwords';
import { UsersRepo } from '@server/users/users.repo';
import type { CustomerProfile, Transport } from '@shared/api/erp';
import { BENCH_PASSWORD, benchBuyers, benchSeedUsers } from './orders-buyers';
import { benchConfig } from './benchConfig';

const BUYERS = Number(process.env.BENCH_BUYERS ?? 50);
/** Buyers whose carts are filled at start (BENCH_LINES sizes of BENCH_SKUS each) for the order-placement phases. */
const PLACEMENT = Number(process.env.BENCH_PLACEMENT ?? 0);
const LINES = Number(process.env.BENCH_LINES ?? 3);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';

/** A bench buyer as the bench drives it: its user id, its token and its order choices. */
interface BenchSession {
  id: number;
  authorization: string;
  deliveryAddress: string;
  invoiceAddress: string;
  deliveryTransport: string;
}

/** BENCH_PGLITE_SETTINGS='shared_buffers=32MB,work_mem=1MB': PGlite settings over connect.ts's PGLITE_SETTINGS. */
function pgliteOptions(): PgliteOptions {
  const settings = Object.fromEntries(
    (process.env.BENCH_PGLITE_SETTINGS ?? '')
      .split(',')
      .filter(Boolean)
      .map((pair) => pair.split('=', 2) as [string, string]),
  );
  return { settings };
}

async function main() {
  const started = Date.now();
  const b1Url = process.env.BENCH_B1_URL!;
  const work = mkdtempSync(path.join(tmpdir(), 'orders-bench-'));
  const database = await openDatabase(
    process.env.BENCH_DATABASE_URL ? { databaseUrl: process.env.BENCH_DATABASE_URL } : { dataDir: process.env.BENCH_DATA_DIR ?? work, pglite: pgliteOptions() },
  );
  await database.migrate();
  const hash = await hashPassword(BENCH_PASSWORD);
  const everyone = benchBuyers(BUYERS + PLACEMENT);
  const buyers = everyone.slice(0, BUYERS);
  await seedUsers(new UsersRepo(database.db), benchSeedUsers(everyone), async () => hash);
  const erp = new ErpService(new ServiceLayerClient({ baseUrl: b1Url, company: 'SBODEMOCL', user: 'manager', password: 'manager', timeoutMs: 10_000 }));
  // BENCH_NO_ERP_READS=1: each profile and items answer is kept after its first read (the placement buyers' profiles are
  // read before the phases), so placing an order asks the ERP nothing: what the ERP reads cost, not how the portal runs
  if (process.env.BENCH_NO_ERP_READS === '1') {
    const memo = <A extends unknown[], R>(fn: (...a: A) => Promise<R>) => {
      const m = new Map<string, Promise<R>>();
      return (...a: A) => {
        const k = JSON.stringify(a);
        let v = m.get(k);
        if (!v) m.set(k, (v = fn(...a)));
        return v;
      };
    };
    erp.getCustomer = memo(erp.getCustomer.bind(erp));
    erp.getCustomerByRut = memo(erp.getCustomerByRut.bind(erp));
    erp.getItems = memo(erp.getItems.bind(erp));
  }
  // nothing listens on port 9: the payment clients are built as in production but never called by this workload
  const app = await buildApp({
    config: benchConfig({ login: { maxPerAddress: 10_000, maxPerRut: 10_000, window: '1 minute' } }),
    database,
    erp,
    filesDir: path.join(work, 'files'),
    privateFilesDir: path.join(work, 'private'),
    mailer: createMailer({ from: 'Bench <no-reply@bench.cl>', outboxDir: path.join(work, 'outbox') }),
    ...(LOG_LEVEL === 'off' ? {} : { logger: { level: LOG_LEVEL, file: '/dev/null' } }),
    payments: {
      webpay: new WebpayClient({ baseUrl: 'http://127.0.0.1:9' }),
      khipu: new KhipuClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'bench' }),
      khipuSecret: 'bench',
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  await app.catalog.refresh();

  const xsrf = 'bench';
  const sessions: BenchSession[] = [];
  for (const buyer of buyers) {
    const login = await app.inject({
      method: 'POST', url: '/api/security/login', payload: { username: buyer.rut, password: BENCH_PASSWORD },
      cookies: { 'XSRF-TOKEN': xsrf }, headers: { 'x-xsrf-token': xsrf },
    });
    if (login.statusCode !== 200) throw new Error(`login ${buyer.rut}: ${login.statusCode} ${login.body}`);
    const { token, id } = login.json<{ token: string; id: number }>();
    const authorization = `Bearer ${token}`;
    const profile = (await app.inject({ method: 'GET', url: `/api/user/b1/profile/${id}`, headers: { authorization } })).json<CustomerProfile>();
    const transports = (await app.inject({ method: 'GET', url: '/api/user/b1/tipo-transport', headers: { authorization } })).json<Transport[]>();
    sessions.push({
      id,
      authorization,
      deliveryAddress: profile.despacho[0]!.iddespacho,
      invoiceAddress: profile.factura[0]!.idfactura,
      deliveryTransport: transports[transports.length - 1]!.idTransporte,
    });
  }
  const bare = Fastify();
  // the placement buyers' carts and tokens, made when the bench asks (after the purchase phases, whose RSS they would swell)
  bare.post('/bare/placement', async () => {
    if (process.env.BENCH_NO_ERP_READS === '1') for (const b of everyone.slice(BUYERS)) await erp.getCustomerByRut(b.rut);
    return placementBuyers(database.db, everyone.slice(BUYERS).map((b) => b.rut), sessions[0]!);
  });
  bare.post<{ Body: { userId: number; cardCode: string; lines: Array<{ sku: string; quantity: number; price: number }> } }>('/bare/order', async (request, reply) => {
    const { userId, cardCode, lines } = request.body;
    const net = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
    const vat = Math.round(net * 0.19);
    const id = await database.db.transaction(async (tx) => {
      const [order] = await tx
        .insert(orders)
        .values({ orderType: 'ONLINE', userId, cardCode, paymentMethod: 'CREDIT', net, offerDiscount: 0, loyaltyDiscount: 0, subtotal: net, vat, total: net + vat })
        .returning({ id: orders.id });
      const number = `OC${String(order!.id).padStart(6, '0')}`;
      await tx.insert(orderLines).values(
        lines.map((line) => ({ orderId: order!.id, sku: line.sku, quantity: line.quantity, price: line.price, priceOffer: line.price, priceFinalUnit: line.price, priceFinal: line.price * line.quantity })),
      );
      await tx.insert(outbox).values({ kind: 'bench-bare-order', payload: { number, lines }, dedupeKey: `bench-bare:${number}`, status: 'done' });
      return order!.id;
    });
    return reply.status(201).send({ id });
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });

  const port = (s: { server: { address(): unknown } }) => (s.server.address() as { port: number }).port;
  process.stdout.write(
    `${JSON.stringify({ url: `http://127.0.0.1:${port(app)}`, bare: `http://127.0.0.1:${port(bare)}`, xsrf, sessions, startMs: Date.now() - started, kind: database.kind })}\n`,
  );

  // BENCH_PHASE_PROF (a folder): SIGUSR2 starts a CPU profile of this process, the next SIGUSR2 writes it there
  if (process.env.BENCH_PHASE_PROF) {
    const { Session } = await import('node:inspector/promises');
    const { writeFileSync } = await import('node:fs');
    const inspector = new Session();
    inspector.connect();
    let profiling = false;
    process.on('SIGUSR2', async () => {
      if (!profiling) {
        profiling = true;
        await inspector.post('Profiler.enable');
        await inspector.post('Profiler.start');
        return;
      }
      profiling = false;
      const { profile } = await inspector.post('Profiler.stop');
      writeFileSync(path.join(process.env.BENCH_PHASE_PROF!, `phase-${Date.now()}.cpuprofile`), JSON.stringify(profile));
    });
  }

  process.on('SIGTERM', async () => {
    await bare.close();
    await app.close(); // closes the database too
    rmSync(work, { recursive: true, force: true });
    process.exit(0);
  });
}

/**
 * The buyers of the order-placement phases: each with its cart filled (BENCH_LINES sizes of BENCH_SKUS, written to the
 * database as the cart's own additions leave them) and a token signed as a login signs it, so the phases measure
 * placing orders and nothing else. Their business partners are copies of the same template, so the first bench
 * buyer's addresses and transport are theirs too.
 */
async function placementBuyers(db: Awaited<ReturnType<typeof openDatabase>>['db'], ruts: string[], like: Omit<BenchSession, 'id' | 'authorization'>): Promise<BenchSession[]> {
  if (ruts.length === 0) return [];
  const skus = (process.env.BENCH_SKUS ?? '').split(',').filter(Boolean);
  const tokens = new TokenService(benchConfig().jwtSecret, 3600);
  const wanted = new Set(ruts);
  const rows = (await db.select({ id: users.id, username: users.username, companyRut: users.companyRut, version: users.tokenVersion }).from(users)).filter((u) => wanted.has(u.username));
  let pick = 0;
  const items = rows.flatMap((u) =>
    Array.from({ length: LINES }, (_, line) => {
      pick = (pick + 7) % skus.length;
      return { userId: u.id, companyRut: u.companyRut, sku: skus[pick]!, quantity: 1 + (line % 3) };
    }),
  );
  for (let i = 0; i < items.length; i += 1000) await db.insert(cartItems).values(items.slice(i, i + 1000)).onConflictDoNothing();
  return Promise.all(
    rows.map(async (u) => ({
      id: u.id,
      authorization: `Bearer ${await tokens.sign({ userId: u.id, role: 'USER', username: u.username, version: u.version })}`,
      deliveryAddress: like.deliveryAddress,
      invoiceAddress: like.invoiceAddress,
      deliveryTransport: like.deliveryTransport,
    })),
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
