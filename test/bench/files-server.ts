// Child process of files.bench.ts: the portal serving /files from the disk store and from the database store (two
// instances of the app), and a bare Fastify route answering the same bytes from memory with the same revalidation,
// so the load generator (the parent) does not share this process. BENCH_DATABASE_URL: PostgreSQL for the database
// store (an empty database this bench may migrate and write to); otherwise in-memory PGlite.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '@server/app';
import { openDatabase } from '@server/db/connect';
import { ErpService } from '@server/erp/erp.service';
import { ServiceLayerClient } from '@server/erp/serviceLayer';
import type { StorageOptions } from '@server/storage/stores';
import { benchConfig } from './benchConfig';

const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const JPEG_HEAD = Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex');
const FILES = {
  small: Buffer.concat([JPEG_HEAD, randomBytes(100 * 1024 - JPEG_HEAD.length)]),
  large: Buffer.concat([JPEG_HEAD, randomBytes(1024 * 1024 - JPEG_HEAD.length)]),
};

async function portal(kind: StorageOptions['kind'], filesDir: string | undefined) {
  const database = await openDatabase(process.env.BENCH_DATABASE_URL && kind === 'database' ? { databaseUrl: process.env.BENCH_DATABASE_URL } : { memory: true });
  await database.migrate();
  // the ERP is never called by /files
  const erp = new ErpService(new ServiceLayerClient({ baseUrl: 'http://127.0.0.1:9', company: 'X', user: 'x', password: 'x', timeoutMs: 1000 }));
  const app = await buildApp({
    config: benchConfig(),
    database,
    erp,
    storage: { kind },
    filesDir,
    worker: { autoStart: false },
    ...(LOG_LEVEL === 'off' ? {} : { logger: { level: LOG_LEVEL, file: '/dev/null' } }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const urls: Record<string, string> = {};
  for (const [name, bytes] of Object.entries(FILES)) {
    const url = await app.files.put(`products/BENCH-${name}.jpg`, bytes, 'image/jpeg');
    urls[name] = `http://127.0.0.1:${(app.server.address() as { port: number }).port}${url}`;
  }
  return { app, urls };
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-files-'));
  const disk = await portal('disk', path.join(dir, 'files'));
  const database = await portal('database', undefined);

  const bare = Fastify();
  const etags = Object.fromEntries(Object.entries(FILES).map(([name, bytes]) => [name, `"${name}-${bytes.length}"`]));
  bare.get('/bare/:name', (req, reply) => {
    const name = (req.params as { name: 'small' | 'large' }).name;
    const etag = etags[name]!;
    reply.header('etag', etag).header('cache-control', 'public, max-age=31536000, immutable');
    if (req.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.header('content-type', 'image/jpeg').send(FILES[name]);
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const barePort = (bare.server.address() as { port: number }).port;
  process.stdout.write(
    `${JSON.stringify({
      database: process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite',
      sizes: Object.fromEntries(Object.entries(FILES).map(([k, v]) => [k, v.length])),
      bare: { small: `http://127.0.0.1:${barePort}/bare/small`, large: `http://127.0.0.1:${barePort}/bare/large` },
      disk: disk.urls,
      database_store: database.urls,
    })}\n`,
  );
  process.on('SIGTERM', async () => {
    await bare.close();
    await disk.app.close();
    await database.app.close();
    rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
