// The environment the schedules run in: the B1, WebPay and Khipu stand-ins, the fault proxy in front of B1, two
// in-process portal instances sharing one database (the second one's worker runs only in "two instances"
// schedules), and, started on first use, a portal in a child process that kill -9 schedules kill and restart on the
// same database. Everything listens on 127.0.0.1 only.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { startB1Mock, type B1Mock } from '@mocks/b1/server';
import { startKhipuMock, type KhipuMock } from '@mocks/khipu/server';
import { startWebpayMock, type WebpayMock } from '@mocks/webpay/server';
import { openDatabase, type Database } from '@server/db/connect';
import { seedChaosUsers } from './accounts';
import { httpTarget, injectTarget, type PortalTarget } from './client';
import { buildChaosPortal, type ChildConfig, type PortalTiming } from './portal';
import { startFaultProxy, type FaultProxy } from './proxy';
import { freePort } from '../ports';

/** One committed create in the ERP, as the B1 stand-in's journal records it. */
export interface JournalEntry {
  set: 'Orders' | 'Drafts' | 'IncomingPayments';
  cardCode: string;
  /** NumAtCard of a sales document, CounterReference of an incoming payment. */
  reference: string;
  docEntry: number;
  at: number;
  origin: 'post' | 'approval';
}

/** The B1 stand-in's knobs that model B1 itself, where the stand-in has them (checked at run time). */
export interface B1ChaosKnobs {
  journal: JournalEntry[];
  setApprovalCardCodes(cardCodes: string[]): void;
  approveDraft(draftDocEntry: number): void;
  rejectDraft(draftDocEntry: number): void;
}

export type ChaosB1 = B1Mock & Partial<B1ChaosKnobs>;

/** The child's orders are numbered from here, so its order numbers never meet the in-process ones in the ERP. */
export const CHILD_ORDER_ID_START = 500_000;

export interface WorldOptions {
  timing: PortalTiming;
  /** Child-process timing (its lease decides how soon a killed worker's job is taken again). */
  childTiming: PortalTiming;
  /** A PostgreSQL server (admin URL): fresh databases are made on it and dropped at the end. Absent: PGlite. */
  databaseUrl?: string;
  logLevel?: string | false;
}

export interface ChildPortal {
  target: PortalTarget;
  url: () => string;
  /** Starts it (or again after a kill); resolves when it listens (at once when it already does). */
  start(): Promise<void>;
  /** kill -9, and waits for the process to be gone. */
  kill9(): Promise<void>;
  running(): boolean;
  /** How many times it was started. */
  starts(): number;
  close(): Promise<void>;
}

export interface World {
  b1: ChaosB1;
  webpay: WebpayMock;
  khipu: KhipuMock;
  proxy: FaultProxy;
  database: Database;
  apps: [FastifyInstance, FastifyInstance];
  targets: [PortalTarget, PortalTarget];
  /** The child-process portal, started on first use. */
  child(): Promise<ChildPortal>;
  /** Whether the stand-in keeps its own journal of committed creates. */
  hasJournal: boolean;
  close(): Promise<void>;
}

/** A fresh database on the PostgreSQL server `adminUrl`; answers its URL and a function that drops it. */
async function freshPgDatabase(adminUrl: string, label: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `portal_chaos_${label}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function startWorld(options: WorldOptions): Promise<World> {
  const b1 = (await startB1Mock({})) as ChaosB1;
  b1.setApprovalCardCodes?.([]); // no approval procedure unless a schedule asks for one
  const webpay = await startWebpayMock({});
  const khipu = await startKhipuMock({ verifyDelayMs: 20, notifyRetry: { initialDelayMs: 60_000 } });
  const proxy = await startFaultProxy(b1.url);
  const cleanups: Array<() => Promise<void>> = [];

  // One database for both in-process instances. On PostgreSQL each instance has its own pool (its own sessions, as
  // two servers would) and both migrate the empty database at once; PGlite is one in-process engine they share.
  let database: Database;
  let secondDatabase: Database;
  if (options.databaseUrl) {
    const fresh = await freshPgDatabase(options.databaseUrl, 'main');
    cleanups.push(fresh.drop);
    database = await openDatabase({ databaseUrl: fresh.url });
    secondDatabase = await openDatabase({ databaseUrl: fresh.url });
    await Promise.all([database.migrate(), secondDatabase.migrate()]);
  } else {
    database = await openDatabase({ memory: true });
    await database.migrate();
    // closing the second instance must not close the engine under the first one
    secondDatabase = { ...database, close: async () => undefined };
  }
  await seedChaosUsers(database);

  const common = {
    b1Url: proxy.url,
    webpay: { url: webpay.url, commerceCode: webpay.commerceCode, apiKey: webpay.apiKey },
    khipu: { url: khipu.url, apiKey: khipu.apiKey, secret: khipu.secret, receiverId: khipu.receiverId },
    publicUrl: 'http://127.0.0.1:9',
    timing: options.timing,
    logLevel: options.logLevel ?? false,
  };
  const first = await buildChaosPortal({ ...common, database });
  const second = await buildChaosPortal({ ...common, database: secondDatabase, workerAutoStart: false });
  await first.ready();
  await second.ready();

  let child: Promise<ChildPortal> | undefined;
  const hasJournal = Array.isArray(b1.journal);

  return {
    b1,
    webpay,
    khipu,
    proxy,
    database,
    apps: [first, second],
    targets: [injectTarget('instance-1', first), injectTarget('instance-2', second)],
    hasJournal,
    child: async () => {
      child ??= childPortal({ ...common, timing: options.childTiming, databaseUrl: options.databaseUrl }).then((made) => {
        cleanups.push(() => made.close());
        return made;
      });
      const made = await child;
      await made.start();
      return made;
    },
    close: async () => {
      await second.close();
      await first.close();
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
      await proxy.close();
      await b1.close();
      await webpay.close();
      await khipu.close();
    },
  };
}

async function childPortal(settings: {
  b1Url: string;
  webpay: ChildConfig['webpay'];
  khipu: ChildConfig['khipu'];
  timing: PortalTiming;
  databaseUrl?: string;
  logLevel: string | false;
}): Promise<ChildPortal> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let dataDir: string | undefined;
  let drop: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  if (settings.databaseUrl) {
    const fresh = await freshPgDatabase(settings.databaseUrl, 'child');
    databaseUrl = fresh.url;
    drop = fresh.drop;
  } else {
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-chaos-child-'));
  }
  const config: ChildConfig = {
    b1Url: settings.b1Url,
    webpay: settings.webpay,
    khipu: settings.khipu,
    publicUrl: url,
    port,
    timing: settings.timing,
    dataDir,
    databaseUrl,
    orderIdStart: CHILD_ORDER_ID_START,
    logLevel: settings.logLevel,
  };
  const entry = path.join(import.meta.dirname, 'server.ts');
  let proc: ChildProcess | undefined;
  let ready = false;
  let starting: Promise<void> | undefined;
  let exited: Promise<void> = Promise.resolve();
  let starts = 0;
  let stderrTail = '';

  const start = (): Promise<void> => {
    if (proc && ready) return Promise.resolve();
    starting ??= launch().finally(() => {
      starting = undefined;
    });
    return starting;
  };

  const launch = async () => {
    starts++;
    const spawned = spawn(process.execPath, ['--import', 'tsx', entry], {
      env: { ...process.env, CHAOS_CHILD: JSON.stringify(config), NODE_ENV: 'production' },
      // the IPC channel closes when this process dies, however it dies: the child then exits too
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    proc = spawned;
    exited = new Promise((resolve) => spawned.once('exit', () => resolve()));
    spawned.stderr!.on('data', (chunk: Buffer) => {
      stderrTail = (stderrTail + chunk.toString('utf8')).slice(-4000);
    });
    // CHAOS_CHILD_LOG=<file>: the child's output (its log with CHAOS_LOG_LEVEL) is appended there, for debugging
    const logFile = process.env.CHAOS_CHILD_LOG;
    if (logFile) {
      const sink = createWriteStream(logFile, { flags: 'a' });
      sink.write(`--- start ${starts} at ${new Date().toISOString()}\n`);
      spawned.stdout!.pipe(sink, { end: false });
      spawned.stderr!.pipe(sink, { end: false });
    }
    const listening = new Promise<void>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => {
        spawned.kill('SIGKILL');
        reject(new Error(`the chaos child did not start in 120 s: ${stderrTail}`));
      }, 120_000);
      spawned.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
        if (out.includes('CHAOS-READY')) {
          clearTimeout(timer);
          resolve();
        }
      });
      spawned.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`the chaos child exited before it was ready (${code ?? signal}): ${stderrTail}`));
      });
    });
    try {
      await listening;
    } catch (error) {
      proc = undefined;
      throw error;
    }
    ready = true;
    spawned.once('exit', () => {
      if (proc === spawned) {
        proc = undefined;
        ready = false;
      }
    });
  };

  const kill9 = async () => {
    await starting?.catch(() => undefined);
    const victim = proc;
    if (!victim) return;
    proc = undefined;
    ready = false;
    victim.kill('SIGKILL');
    await exited;
  };

  return {
    target: httpTarget('child', () => url, 20_000),
    url: () => url,
    start,
    kill9,
    running: () => proc !== undefined && ready,
    starts: () => starts,
    close: async () => {
      await starting?.catch(() => undefined);
      const victim = proc;
      proc = undefined;
      ready = false;
      if (victim) {
        victim.kill('SIGTERM');
        const gone = await Promise.race([exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 5_000))]);
        if (!gone) {
          victim.kill('SIGKILL');
          await exited;
        }
      }
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      await drop?.();
    },
  };
}
