// The portal as it is deployed, on one machine: PostgreSQL, the S3 stand-in for files, ONE set of ERP / WebPay / Khipu
// stand-ins shared by every instance (in this process, so a test reads what they hold), N portal instances (the
// built bundle on plain Node, as `npm start` runs it, each with INSTANCE_ID) on one database, and HAProxy in front
// (haproxy.ts). `npm run cluster` (main.ts) starts it for a person; the cluster tests (*.cluster.ts) start their own.
// Ports: the proxy on `basePort`, instance i on basePort + i, the stand-ins on basePort + 10…13, an own PostgreSQL on
// basePort + 50.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startB1Mock, type B1Mock } from '@mocks/b1/server';
import { DEMO_ACCOUNTS } from '@mocks/demo/accounts';
import { demoPeopleLogins, demoRepLogins, demoSeedUsers } from '@mocks/demo/seedList';
import { startKhipuMock, type KhipuMock } from '@mocks/khipu/server';
import { startS3Mock } from '@mocks/s3/server';
import { startWebpayMock, type WebpayMock } from '@mocks/webpay/server';
import { openDatabase } from '@server/db/connect';
import { seedUsers, type SeedUser } from '@server/db/seed';
import { seedDemoRecipients } from '@server/notifications/recipients.repo';
import { PROJECT_ROOT } from '@server/paths';
import { hashPassword } from '@server/security/passwords';
import { startArgs } from '@server/tools/startOptions';
import { UsersRepo } from '@server/users/users.repo';
import { chileTodayIso } from '@shared/workingDays';
import { clusterDatabase, type ClusterDatabase } from './postgres';
import { startProxy, type Proxy } from './haproxy';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ClusterOptions {
  /** The proxy's port; the rest follow it (default CLUSTER_PORT or 5100). */
  basePort?: number;
  /** Portal instances (default 3). */
  instances?: number;
  /** Users seeded with the demo ones, once, before the instances start (a load test's buyers). */
  extraUsers?: SeedUser[];
  /** Changes the ERP stand-in before any instance reads it (a load test's business partners and stock). */
  prepareErp?: (b1: B1Mock) => void;
  /** More environment for every instance (shorter timers in a test). */
  instanceEnv?: Record<string, string>;
  /** Where the DATABASE_URL / PG_URL choice is read (default process.env). */
  env?: NodeJS.ProcessEnv;
}

export interface Instance {
  /** The HAProxy server name and the instance's INSTANCE_ID ('i1'…). */
  name: string;
  port: number;
  url: string;
  /** The running process (a new one after each start). */
  child?: ChildProcess;
  /** What it wrote (stdout and stderr), the last 400 chunks. */
  log: string[];
  /** Starts it (again) and waits until its own /api/ready answers 200. */
  start(): Promise<void>;
  /** SIGTERM (a graceful close) or SIGKILL; waits for the exit (at most 20 s, then SIGKILL). */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
}

export interface Cluster {
  /** The proxy: the portal's one address. */
  url: string;
  proxy: Proxy;
  instances: Instance[];
  b1: B1Mock;
  webpay: WebpayMock;
  khipu: KhipuMock;
  database: ClusterDatabase;
  /** The demo logins, as the embedded mode prints them. */
  demoLogins: { rut: string; password: string; note: string }[];
  stop(): Promise<void>;
}

/** Waits until `url` answers 200 (or the process ended). */
async function waitReady(url: string, child: ChildProcess, log: string[], timeoutMs = 90_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`La instancia terminó al iniciar:\n${log.join('')}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`La instancia no estuvo lista a tiempo:\n${log.join('')}`);
    await sleep(200);
  }
}

/** Demo users (and `extra`) once on an empty database: one hash per distinct password. */
async function seedOnce(databaseUrl: string, extra: SeedUser[]): Promise<void> {
  const database = await openDatabase({ databaseUrl });
  try {
    await database.migrate();
    const hashes = new Map<string, Promise<string>>();
    const hashOf = (u: SeedUser) => {
      if (!hashes.has(u.password)) hashes.set(u.password, hashPassword(u.password));
      return hashes.get(u.password)!;
    };
    await seedUsers(new UsersRepo(database.db), [...demoSeedUsers(), ...extra], hashOf);
    await seedDemoRecipients(database.db);
  } finally {
    await database.close();
  }
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const env = options.env ?? process.env;
  const base = options.basePort ?? Number(env.CLUSTER_PORT ?? 5100);
  const count = options.instances ?? 3;
  const work = mkdtempSync(path.join(os.tmpdir(), 'portal-cluster-'));
  const closers: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const close of closers.reverse()) await close().catch((err) => console.error(err));
    closers.length = 0;
    rmSync(work, { recursive: true, force: true });
  };
  try {
    const b1 = await startB1Mock({ port: base + 10, host: '127.0.0.1', accountReferenceDate: chileTodayIso() });
    closers.push(() => b1.close());
    options.prepareErp?.(b1);
    const webpay = await startWebpayMock({ port: base + 11, host: '127.0.0.1' });
    closers.push(() => webpay.close());
    const khipu = await startKhipuMock({ port: base + 12, host: '127.0.0.1', notifyRetry: { initialDelayMs: 10_000, maxDelayMs: 10 * 60_000 } });
    closers.push(() => khipu.close());
    const s3 = await startS3Mock({ port: base + 13 });
    closers.push(() => s3.close());
    const database = await clusterDatabase(env, base + 50);
    closers.push(() => database.stop());
    await seedOnce(database.url, options.extraUsers ?? []);

    const proxyUrl = `http://127.0.0.1:${base}`;
    const shared: Record<string, string> = {
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      // one secret: a session opened through one instance is good on every other
      JWT_SECRET: randomBytes(48).toString('base64url'),
      PUBLIC_URL: proxyUrl,
      B1_URL: b1.url, B1_COMPANY: 'SBODEMOCL', B1_USER: 'manager', B1_PASSWORD: 'manager',
      WEBPAY_BASE_URL: webpay.url, WEBPAY_COMMERCE_CODE: webpay.commerceCode, WEBPAY_API_KEY: webpay.apiKey,
      KHIPU_BASE_URL: khipu.url, KHIPU_API_KEY: khipu.apiKey, KHIPU_SECRET: khipu.secret, KHIPU_RECEIVER_ID: String(khipu.receiverId),
      FILE_STORAGE: 's3', S3_ENDPOINT: s3.url, S3_BUCKET: s3.bucket, S3_REGION: s3.region, S3_ACCESS_KEY_ID: s3.accessKeyId, S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      LOG_LEVEL: 'warn',
      ...options.instanceEnv,
    };

    const instances: Instance[] = Array.from({ length: count }, (_, i) => {
      const name = `i${i + 1}`;
      const port = base + 1 + i;
      const dataDir = path.join(work, name);
      mkdirSync(dataDir, { recursive: true });
      const instance: Instance = {
        name,
        port,
        url: `http://127.0.0.1:${port}`,
        log: [],
        async start() {
          const child = spawn(process.execPath, startArgs(), {
            cwd: PROJECT_ROOT,
            env: { ...process.env, ...shared, PORT: String(port), INSTANCE_ID: name, DATA_DIR: dataDir },
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          const keep = (d: Buffer) => {
            instance.log.push(String(d));
            if (instance.log.length > 400) instance.log.shift();
          };
          child.stdout!.on('data', keep);
          child.stderr!.on('data', keep);
          instance.child = child;
          await waitReady(`${instance.url}/api/ready`, child, instance.log);
        },
        async stop(signal = 'SIGTERM') {
          const child = instance.child;
          if (!child || child.exitCode !== null || child.signalCode !== null) return;
          await new Promise<void>((resolve) => {
            const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
            child.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
            child.kill(signal);
          });
        },
      };
      return instance;
    });
    closers.push(async () => {
      await Promise.all(instances.map((i) => i.stop()));
    });
    // one after the other: each start migrates under the advisory lock anyway, and 2 cores start one faster
    for (const instance of instances) await instance.start();

    const proxy = await startProxy({ dir: work, port: base, backends: instances.map((i) => ({ name: i.name, port: i.port })) });
    closers.push(() => proxy.stop());
    for (const instance of instances) await proxy.waitFor(instance.name);

    return {
      url: proxyUrl,
      proxy,
      instances,
      b1,
      webpay,
      khipu,
      database,
      demoLogins: [...DEMO_ACCOUNTS.map((a) => ({ rut: a.rut, password: a.password, note: a.note })), ...demoPeopleLogins(), ...demoRepLogins()],
      stop: stopAll,
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

/**
 * A rolling restart of one instance: out of the proxy (no new requests; those it has are answered), SIGTERM (its
 * graceful close), started again, back in once its own /api/ready answers and HAProxy's checks see it UP. With
 * `drain: false`, SIGTERM alone: the proxy learns of it from the instance's 503s and failed connections.
 */
export async function restartInstance(cluster: Cluster, instance: Instance, { drain = true } = {}): Promise<void> {
  if (drain) await cluster.proxy.drain(instance.name);
  await instance.stop('SIGTERM');
  await instance.start();
  if (drain) await cluster.proxy.ready(instance.name);
  await cluster.proxy.waitFor(instance.name);
}
