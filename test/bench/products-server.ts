// Child process of products-throughput.bench.ts: the portal API on an ERP catalogue of BENCH_CATALOGUE_SIZE items
// (20,000 unless told), plus a bare Fastify instance serving the same bytes, so the load generator (the parent) does
// not share this process. The ERP stand-in runs in a process of its own (this file again, BENCH_ROLE=erp): in
// production the ERP is another machine, and a catalogue refresh must not charge the stand-in's work to the portal.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import Fastify, { type FastifyReply } from 'fastify';
import { startB1Mock } from '@mocks/b1/server';
import { DEMO_ACCOUNTS } from '@mocks/demo/accounts';
import { buildApp } from '@server/app';
import { openDatabase } from '@server/db/connect';
import { seedUsers } from '@server/db/seed';
import { ErpService } from '@server/erp/erp.service';
import { ServiceLayerClient } from '@server/erp/serviceLayer';
import { helmetOptions, securityHeaderValues } from '@server/plugins/securityHeaders';
import { UsersRepo } from '@server/users/users.repo';
import { benchConfig } from './benchConfig';

const CATALOGUE_SIZE = Number(process.env.BENCH_CATALOGUE_SIZE ?? 20_000);
/** The catalogue's cache life (ms); absent: the shipped default, so a refresh from the ERP may fall inside a run. */
const CATALOG_MAX_AGE_MS = process.env.BENCH_CATALOG_MAX_AGE_MS ? Number(process.env.BENCH_CATALOG_MAX_AGE_MS) : undefined;
/** The portal's log level (BENCH_LOG_LEVEL; default info, production's default); 'off': built without a logger. */
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const PUBLIC_URL = 'http://localhost';

/** BENCH_ROLE=erp: only the SAP B1 stand-in, its URL on the first line of stdout. */
async function erpProcess() {
  const b1 = await startB1Mock({ catalogueSize: CATALOGUE_SIZE });
  process.stdout.write(`${JSON.stringify({ url: b1.url })}\n`);
  process.on('SIGTERM', async () => {
    await b1.close();
    process.exit(0);
  });
}

async function startErp(): Promise<{ url: string; stop: () => Promise<void> }> {
  // this file again: under tsx's loader when run from its source, as it is when run bundled (shippedPortal.ts)
  const child = spawn(process.execPath, [...(import.meta.filename.endsWith('.ts') ? ['--import', 'tsx'] : []), import.meta.filename], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, BENCH_ROLE: 'erp' } });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    void exited.then(() => reject(new Error('el sustituto del ERP terminó antes de empezar')));
  });
  return {
    url: (JSON.parse(line) as { url: string }).url,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function main() {
  const b1 = await startErp();
  const database = await openDatabase({ memory: true });
  await database.migrate();
  const users = new UsersRepo(database.db);
  await seedUsers(users, DEMO_ACCOUNTS.filter((a) => a.rut === '76.123.456-0'));
  const erp = new ErpService(new ServiceLayerClient({ baseUrl: b1.url, company: 'SBODEMOCL', user: 'manager', password: 'manager', timeoutMs: 60_000 }));
  const app = await buildApp({
    config: benchConfig({ publicUrl: PUBLIC_URL }),
    database,
    erp,
    catalogMaxAgeMs: CATALOG_MAX_AGE_MS,
    // logging as in production (LOG_LEVEL info by default, main.ts), written to /dev/null so the parent's pipe never fills
    ...(LOG_LEVEL === 'off' ? {} : { logger: { level: LOG_LEVEL, file: '/dev/null' } }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const started = Date.now();
  const snapshot = await app.catalog.refresh();
  const loadMs = Date.now() - started;

  const xsrf = 'bench';
  const res = await app.inject({
    method: 'POST', url: '/api/security/login', payload: { username: '76123456-0', password: 'Demo1234' },
    cookies: { 'XSRF-TOKEN': xsrf }, headers: { 'x-xsrf-token': xsrf },
  });
  const token = res.json().token as string;

  // The bare server: the same bytes and the same revalidation (a matching If-None-Match gets 304), set in the handler.
  // /bare sends the portal's answer byte for byte (its security headers included: the client parses every header, so a
  // shorter answer is cheaper for the load generator too); /bare-min only the body's own headers (the reference of the
  // figures measured before the security headers were counted).
  const bare = Fastify();
  const body = snapshot.productsForBuyers;
  const security = securityHeaderValues(helmetOptions({ publicUrl: PUBLIC_URL }));
  const answer = (withSecurity: boolean) => (req: { headers: Record<string, unknown> }, reply: FastifyReply) => {
    if (withSecurity) reply.headers(security);
    reply.header('etag', body.etag).header('cache-control', 'private, no-cache').header('vary', 'accept-encoding, authorization');
    if (req.headers['if-none-match'] === body.etag) return reply.status(304).send();
    return reply.header('content-type', 'application/json; charset=utf-8').header('content-encoding', 'gzip').send(body.gzip);
  };
  bare.get('/bare', answer(true));
  bare.get('/bare-min', answer(false));
  await bare.listen({ port: 0, host: '127.0.0.1' });

  const port = (s: { server: { address(): unknown } }) => (s.server.address() as { port: number }).port;
  process.stdout.write(
    `${JSON.stringify({
      portal: `http://127.0.0.1:${port(app)}/api/user/b1/products`,
      bare: `http://127.0.0.1:${port(bare)}/bare`,
      bareMin: `http://127.0.0.1:${port(bare)}/bare-min`,
      token,
      styles: snapshot.itemBySku.size,
      jsonBytes: snapshot.productsForBuyers.json.length,
      gzipBytes: snapshot.productsForBuyers.gzip.length,
      loadMs,
    })}\n`,
  );
  process.on('SIGTERM', async () => {
    await bare.close();
    await app.close();
    await b1.stop();
    process.exit(0);
  });
}

(process.env.BENCH_ROLE === 'erp' ? erpProcess() : main()).catch((err) => {
  console.error(err);
  process.exit(1);
});
