// Child process of spa-chromium.bench.ts: the portal with the built SPA (dist/client) and the ERP stand-in's catalogue
// (BENCH_CATALOGUE_SIZE generated items more, none by default), so Chromium (driven by the parent) loads pages and
// searches the way a buyer does.
import path from 'node:path';
import { startB1Mock } from '@mocks/b1/server';
import { DEMO_ACCOUNTS } from '@mocks/demo/accounts';
import { buildApp } from '@server/app';
import { openDatabase } from '@server/db/connect';
import { seedUsers } from '@server/db/seed';
import { ErpService } from '@server/erp/erp.service';
import { ServiceLayerClient } from '@server/erp/serviceLayer';
import { UsersRepo } from '@server/users/users.repo';
import { freePort } from '../ports';
import { benchConfig } from './benchConfig';

const CATALOGUE_SIZE = Number(process.env.BENCH_CATALOGUE_SIZE ?? 0);

async function main() {
  const b1 = await startB1Mock({ catalogueSize: CATALOGUE_SIZE });
  const database = await openDatabase({ memory: true });
  await database.migrate();
  await seedUsers(new UsersRepo(database.db), DEMO_ACCOUNTS.filter((a) => a.rut === '76.123.456-0'));
  const erp = new ErpService(new ServiceLayerClient({ baseUrl: b1.url, company: 'SBODEMOCL', user: 'manager', password: 'manager', timeoutMs: 60_000 }));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const app = await buildApp({
    config: benchConfig({ publicUrl: url, clientDir: path.resolve(import.meta.dirname, '../../dist/client') }),
    database,
    erp,
    catalogMaxAgeMs: 10 * 60_000,
    logger: { level: 'warn', file: '/dev/null' },
  });
  await app.listen({ port, host: '127.0.0.1' });
  const snapshot = await app.catalog.refresh();
  process.stdout.write(`${JSON.stringify({ url, styles: snapshot.itemBySku.size })}\n`);
  process.on('SIGTERM', async () => {
    await app.close();
    await b1.close();
    process.exit(0);
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
