import { spawn, execSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startArgs } from '../../src/server/tools/startOptions';
import { freePort } from '../ports';

// Starts the portal as `npm start` does (built SPA, embedded default: PGlite, B1/WebPay/Khipu stand-ins, demo users)
// in a fresh data folder, like the browser tests' global set-up, with the QA scenario recorder switched on
// (QA_SCENARIO_RECORDER=on) and the B1 stand-in on a known port so the ERP documents can be read.

export interface RunningPortal {
  url: string;
  /** The B1 stand-in's Service Layer base ('http://127.0.0.1:port/b1s/v1'). */
  b1Url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** The repository: npm scripts and Jest run from it. */
const root = process.cwd();

/**
 * `build: false` when the SPA was just built by someone else (the browser tests' global set-up): a second build would
 * empty dist/client under the portal already serving it.
 */
export async function startPortal(extraEnv: Record<string, string> = {}, { build = true } = {}): Promise<RunningPortal> {
  if (build) execSync('npx tsx src/server/tools/prepareStart.ts', { cwd: root, stdio: 'inherit' });
  const port = await freePort();
  const b1Port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-scenarios-'));
  const url = `http://127.0.0.1:${port}`;
  // as `npm start` runs it: the bundle prepareStart.ts made (here, or by the browser tests' global set-up)
  const child: ChildProcess = spawn(process.execPath, startArgs(), {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      B1_STANDIN_PORT: String(b1Port),
      PUBLIC_URL: url,
      QA_SCENARIO_RECORDER: 'on',
      LOGIN_MAX_PER_ADDRESS: '1000',
      // Khipu's notification waits: the return page's 10-second polling is what settles a transfer
      KHIPU_STANDIN_NOTIFY_DELAY_MS: '600000',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const log: string[] = [];
  child.stdout!.on('data', (d) => log.push(String(d)));
  child.stderr!.on('data', (d) => log.push(String(d)));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`El portal terminó al iniciar:\n${log.join('')}`);
    try {
      if ((await fetch(`${url}/api/ready`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`El portal no respondió a tiempo:\n${log.join('')}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    url,
    b1Url: `http://127.0.0.1:${b1Port}/b1s/v1`,
    dataDir,
    async stop() {
      if (!child.pid || child.exitCode !== null) return;
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
      await new Promise((r) => setTimeout(r, 500));
    },
  };
}

/** Reads the B1 stand-in (or a Service Layer) as staff would: GET of a path with a $filter, logging in once. */
export function serviceLayer(b1Url: string) {
  let session: string | undefined;
  return async function erpGet<T>(pathAndQuery: string): Promise<T> {
    if (!session) {
      const res = await fetch(`${b1Url}/Login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ CompanyDB: 'SBODEMOCL', UserName: 'manager', Password: 'manager' }),
      });
      if (!res.ok) throw new Error(`Login del ERP falló: ${res.status}`);
      session = ((await res.json()) as { SessionId: string }).SessionId;
    }
    const res = await fetch(`${b1Url}/${pathAndQuery}`, { headers: { cookie: `B1SESSION=${session}`, prefer: 'odata.maxpagesize=0' } });
    if (!res.ok) throw new Error(`GET ${pathAndQuery} del ERP: ${res.status}`);
    return (await res.json()) as T;
  };
}
