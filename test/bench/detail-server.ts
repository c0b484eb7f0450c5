// Child process of product-detail.bench.ts: the portal API on a 20,000-item ERP catalogue (the B1 stand-in in a
// process of its own, with a delay per request), plus a bare Fastify instance serving the same detail bytes per sku,
// so the load generator (the parent) shares neither process.
import Fastify from 'fastify';
import { DEMO_ACCOUNTS } from '@mocks/demo/accounts';
import { buildApp } from '@server/app';
import { openDatabase } from '@server/db/connect';
import { seedUsers } from '@server/db/seed';
import { ErpService } from '@server/erp/erp.service';
import { ServiceLayerClient } from '@server/erp/serviceLayer';
import { helmetOptions, securityHeaderValues } from '@server/plugins/securityHeaders';
import { UsersRepo } from '@server/users/users.repo';
import { startStandIn } from './b1-standin';
import { benchConfig } from './benchConfig';

const CATALOGUE_SIZE = Number(process.env.BENCH_CATALOGUE_SIZE ?? 20_000);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const SKUS = Number(process.env.BENCH_DETAIL_SKUS ?? 50);
const STOCK_TTL_MS = Number(process.env.BENCH_STOCK_TTL_MS ?? 5000);
const PUBLIC_URL = 'http://localhost';

async function main() {
  const standIn = await startStandIn({
    catalogueSize: CATALOGUE_SIZE,
    latency: process.env.BENCH_B1_LATENCY ?? '50ms',
    rowLatencyMs: Number(process.env.BENCH_B1_ROW_LATENCY ?? 0.25),
    maxPageSize: 1000,
  });
  const database = await openDatabase({ memory: true });
  await database.migrate();
  await seedUsers(new UsersRepo(database.db), DEMO_ACCOUNTS.filter((a) => a.rut === '76.123.456-0'));
  // the ERP client as the portal ships it (undici's request: a `fetch` option would replace it with the heavier fetch)
  const sl = new ServiceLayerClient({ baseUrl: standIn.url, company: 'SBODEMOCL', user: 'manager', password: 'manager', timeoutMs: 60_000 });
  const erp = new ErpService(sl);
  // counts the ERP reads of styles' stock (the detail's cache misses and background refreshes)
  let styleReads = 0;
  const getStyle = erp.getStyle.bind(erp);
  erp.getStyle = (...args) => {
    styleReads++;
    return getStyle(...args);
  };
  const app = await buildApp({
    config: benchConfig({ publicUrl: PUBLIC_URL }),
    database,
    erp,
    catalog: { stockTtlMs: STOCK_TTL_MS },
    ...(LOG_LEVEL === 'off' ? {} : { logger: { level: LOG_LEVEL, file: '/dev/null' } }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const snapshot = await app.catalog.refresh();

  const xsrf = 'bench';
  const res = await app.inject({
    method: 'POST', url: '/api/security/login', payload: { username: '76123456-0', password: 'Demo1234' },
    cookies: { 'XSRF-TOKEN': xsrf }, headers: { 'x-xsrf-token': xsrf },
  });
  const token = res.json().token as string;

  // styles spread over the catalogue; the bare server gets each one's bytes as the portal sends them now
  const styles = [...snapshot.itemBySku.keys()];
  const skus = Array.from({ length: Math.min(SKUS, styles.length) }, (_, i) => styles[Math.floor((i * styles.length) / SKUS)]!);
  const bodies = new Map<string, { gzip: Buffer; etag: string }>();
  for (const sku of skus) {
    const answer = await app.inject({ method: 'GET', url: `/api/user/b1/products-detail/${sku}`, headers: { authorization: token, 'accept-encoding': 'gzip' } });
    bodies.set(sku, { gzip: answer.rawPayload, etag: String(answer.headers.etag) });
  }
  // the bare route sends the portal's answer byte for byte, its security headers included (the client parses every
  // header, so a shorter answer would be cheaper for the load generator too)
  const security = securityHeaderValues(helmetOptions({ publicUrl: PUBLIC_URL }));
  const bare = Fastify();
  bare.get<{ Params: { sku: string } }>('/bare/:sku', (req, reply) => {
    const body = bodies.get(req.params.sku);
    if (!body) return reply.status(404).send();
    reply.headers(security).header('etag', body.etag).header('cache-control', 'private, no-cache').header('vary', 'accept-encoding, authorization');
    if (req.headers['if-none-match'] === body.etag) return reply.status(304).send();
    return reply.header('content-type', 'application/json; charset=utf-8').header('content-encoding', 'gzip').send(body.gzip);
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });

  const port = (s: { server: { address(): unknown } }) => (s.server.address() as { port: number }).port;
  const first = bodies.get(skus[0]!)!;
  process.stdout.write(
    `${JSON.stringify({
      portal: `http://127.0.0.1:${port(app)}`,
      bare: `http://127.0.0.1:${port(bare)}`,
      token,
      skus,
      gzipBytes: first.gzip.length,
      stockTtlMs: STOCK_TTL_MS,
    })}\n`,
  );
  // the parent asks for the ERP reads so far with a line on stdin
  process.stdin.on('data', () => process.stdout.write(`${JSON.stringify({ styleReads })}\n`));
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, async () => {
      await bare.close();
      await app.close();
      standIn.stop();
      process.exit(0);
    });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
