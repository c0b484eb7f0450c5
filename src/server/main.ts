import { loadConfig } from './config';
import { startPortal } from './startup';

// The process: read the configuration, start the portal (startup.ts: database, first users, stand-ins when nothing
// external is configured, the app), listen, and close everything in order on SIGINT/SIGTERM.
async function main() {
  const config = loadConfig();
  const { app, readyLines } = await startPortal(config);

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
  console.log(`${readyLines().join('\n')}\n`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
