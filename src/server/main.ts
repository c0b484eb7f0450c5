import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/connect';
import { ensureFirstSuperAdmin, seedUsers } from './db/seed';
import { startEmbeddedServices, type EmbeddedServices } from './embedded';
import { UsersRepo } from './security/usersRepo';

// The process: read the configuration, open and migrate the database, start the stand-ins when
// nothing external is configured, listen, and close everything in order on SIGINT/SIGTERM.
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const users = new UsersRepo(database.db);

  let embedded: EmbeddedServices | undefined;
  if (config.embedded) {
    embedded = await startEmbeddedServices();
    await seedUsers(users, embedded.demoUsers);
  } else {
    await ensureFirstSuperAdmin(users, config.adminRut, config.adminPassword);
  }

  const app = await buildApp({
    config,
    database,
    logger: { level: config.logLevel },
  });
  app.addHook('onClose', async () => embedded?.close());

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info(`${signal}: cerrando`);
      app.close().then(
        () => process.exit(0),
        (err) => {
          app.log.error(err);
          process.exit(1);
        },
      );
    });
  }

  await app.listen({ port: config.port, host: config.host });
  const url = config.publicUrl;
  const lines = [`\nPortal listo en ${url}  (base de datos: ${database.kind === 'pglite' ? `PGlite en ${config.dataDir}` : 'PostgreSQL'})`];
  if (embedded) {
    lines.push('Usuarios de demostración (rut / contraseña):');
    for (const l of embedded.demoLogins) lines.push(`  ${l.rut.padEnd(13)} ${l.password.padEnd(10)} ${l.note}`);
  }
  console.log(`${lines.join('\n')}\n`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
