import { spawn, execSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startArgs } from '../../src/server/tools/startOptions';
import { freePort } from '../ports';

// Starts the portal exactly as `npm start` does (built SPA, bundled server, embedded default) in a fresh data folder.
// With E2E_URL set, the tests browse that portal instead (one already running: `npm run cluster`'s proxy), and read
// its ERP at E2E_B1_URL; nothing is started.

export default async function globalSetup() {
  if (process.env.E2E_URL) return;
  const root = path.resolve(__dirname, '../..');
  execSync('npx tsx src/server/tools/prepareStart.ts', { cwd: root, stdio: 'inherit' });
  const port = await freePort();
  const b1Port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  const logFile = path.join(dataDir, 'server.log');
  // `npm start`: prepareStart.ts (above: the SPA when stale, the server bundle), then plain Node on the bundle
  const child = spawn(process.execPath, startArgs(), {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', B1_STANDIN_PORT: String(b1Port),
      // the browser and the payment providers come back to the same origin the tests browse
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // the reconciler looks at a payment after 3 s; Khipu's notification waits 10 min, so a closed tab is the reconciler's
      // every journey logs in from 127.0.0.1: the per-address login limit is for people, not for this suite
      LOGIN_MAX_PER_ADDRESS: '1000', RECONCILER_INTERVAL: '2s', RECONCILER_MIN_AGE: '3s', KHIPU_STANDIN_NOTIFY_DELAY_MS: '600000',
      // an ERP outage fails a job in seconds (1 + 2 + 4 + 8 s of backoff), so Trabajos ERP can be tried (operations.e2e.ts)
      OUTBOX_MAX_ATTEMPTS: '5',
      // the ERP's invoices are read again after 3 s, not a minute, so 'Facturado N°' shows soon (operations.e2e.ts)
      ERP_INVOICES_TTL: '3s',
      // a purchase order the ERP moves is looked at within seconds, not minutes (incoming.e2e.ts)
      INCOMING_WATCH_INTERVAL: '2s',
      // the sizes buyers wait for are read again every 2 s, not 10 min (stock-alerts.e2e.ts)
      STOCK_ALERTS_INTERVAL: '2s' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const log: string[] = [];
  child.stdout!.on('data', (d) => log.push(String(d)));
  child.stderr!.on('data', (d) => log.push(String(d)));

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`El portal terminó al iniciar:\n${log.join('')}`);
    try {
      const res = await fetch(`${url}/api/ready`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`El portal no respondió a tiempo:\n${log.join('')}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  writeFileSync(logFile, log.join(''));
  process.env.E2E_URL = url;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_B1_URL = `http://127.0.0.1:${b1Port}/b1s/v1`;
  (globalThis as { __portal?: unknown }).__portal = child;
}
