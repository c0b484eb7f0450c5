// Child process of orders.bench.ts: the portal as main.ts builds it (logging at info to /dev/null, payment clients,
// outbox worker, catalogue warmed) against the B1 stand-in of orders-erp.ts, on PGlite in a data folder (BENCH_DATA_DIR)
// or on PostgreSQL (BENCH_DATABASE_URL); BENCH_PGLITE_SETTINGS tries other PGlite settings. It seeds the bench buyers,
// logs each in and prints one JSON line: the URL, each buyer's token, user id and order choices (addresses,
// transport), and the start-up time. SIGTERM closes it.
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
import { orderLines, orders, outbox } from '@server/db/schema';
import { hashPassword } from '@server/security/passwords';
import { UsersRepo } from '@server/users/users.repo';
import type { CustomerProfile, Transport } from '@shared/api/erp';
import { BENCH_PASSWORD, benchBuyers, benchSeedUsers } from './orders-buyers';
import { benchConfig } from './benchConfig';

const BUYERS = Number(process.env.BENCH_BUYERS ?? 50);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';

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
  const buyers = benchBuyers(BUYERS);
  await seedUsers(
    new UsersRepo(database.db),
    benchSeedUsers(buyers),
    async () => hash,
  );
  const erp = new ErpService(new ServiceLayerClient({ baseUrl: b1Url, company: 'SBODEMOCL', user: 'manager', password: 'manager', timeoutMs: 10_000 }));
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
  const sessions = [];
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

  process.on('SIGTERM', async () => {
    await bare.close();
    await app.close(); // closes the database too
    rmSync(work, { recursive: true, force: true });
    process.exit(0);
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
