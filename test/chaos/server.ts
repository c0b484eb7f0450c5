// The portal in a child process, for the kill -9 schedules: built like the in-process instances (portal.ts) against
// the stand-ins and the fault proxy the parent runs, on a PGlite data folder or a PostgreSQL database that outlives
// the process. The parent kills it with SIGKILL at a chosen moment and starts it again on the same database.
// Prints CHAOS-READY once it listens.
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf } from '@server/db/connect';
import { seedChaosUsers } from './accounts';
import { buildChaosPortal, type ChildConfig } from './portal';

async function main() {
  const config = JSON.parse(process.env.CHAOS_CHILD ?? '{}') as ChildConfig;
  const database = config.databaseUrl ? await openDatabase({ databaseUrl: config.databaseUrl }) : await openDatabase({ dataDir: config.dataDir });
  await database.migrate();
  await seedChaosUsers(database);
  const [count] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from orders`));
  if (Number(count?.n ?? 0) === 0) await database.db.execute(sql`select setval('orders_id_seq', ${config.orderIdStart}::bigint, false)`);
  const app = await buildChaosPortal({
    database,
    b1Url: config.b1Url,
    webpay: config.webpay,
    khipu: config.khipu,
    publicUrl: config.publicUrl,
    timing: config.timing,
    logLevel: config.logLevel,
  });
  // The harness talks to this process over an IPC channel only to know it is alive: when it goes away, so does this.
  process.on('disconnect', () => process.exit(0));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  await app.listen({ port: config.port, host: '127.0.0.1' });
  process.stdout.write('CHAOS-READY\n');
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(1);
});
