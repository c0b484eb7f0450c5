import type { RepSessionInfo } from '@shared/api/reps';
import { randomBytes } from 'node:crypto';
import { checkDigit, formatRut } from '@shared/rut';
import { existsSync, openAsBlob, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { startB1Mock, type B1Mock, type B1MockOptions } from '@mocks/b1/server';
import { demoSeedUsers } from '@mocks/demo/seedList';
import { startKhipuMock, type KhipuMock, type KhipuMockOptions } from '@mocks/khipu/server';
import { startWebpayMock, type WebpayMock, type WebpayMockOptions } from '@mocks/webpay/server';
import { KhipuClient } from '@server/integrations/khipu';
import { WebpayClient } from '@server/integrations/webpay';
import type { PaymentProviders } from '@server/payments/area';
import { ErpService, type ErpCreatePolicy } from '@server/erp/erp.service';
import { ServiceLayerClient } from '@server/erp/serviceLayer';
import { buildApp, type AppDeps } from '@server/app';
import { oneAtATime, openDatabase, type Database, type Db } from '@server/db/connect';
import * as schema from '@server/db/schema';
import { seedUsers, type SeedUser } from '@server/db/seed';
import { MIGRATIONS_DIR } from '@server/paths';
import { hashPassword } from '@server/security/passwords';
import { UsersRepo } from '@server/users/users.repo';
import { freePort } from '../ports';

/** What test/server/globalSetup.ts built for this run (see docs/testing.md), or nothing when it did not run. */
const templates = process.env.PORTAL_TEST_TEMPLATES;
const pgliteTemplate = templates && path.join(templates, 'pglite.tar');

/** In-memory PGlite loaded from the run's migrated template, wrapped as openDatabase wraps a PGlite. */
async function openPgliteFromTemplate(tar: string): Promise<Database> {
  const client = await PGlite.create({ loadDataDir: await openAsBlob(tar) });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }), // finds every migration applied
    startupLock: oneAtATime(),
    ping: async () => void (await client.query('select 1')),
    close: () => client.close(),
  };
}

/**
 * A database for one test file: in-memory PGlite by default; with TEST_DATABASE_URL (a PostgreSQL
 * server), a fresh database created for the file and dropped when it closes. Both start migrated: a copy of the
 * run's template when globalSetup made one, otherwise migrated here.
 */
export async function openTestDatabase(): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    if (pgliteTemplate && existsSync(pgliteTemplate)) return openPgliteFromTemplate(pgliteTemplate);
    const database = await openDatabase({ memory: true });
    await database.migrate();
    return database;
  }
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const pgTemplate = process.env.PORTAL_TEST_PG_TEMPLATE;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(pgTemplate ? `create database ${name} template ${pgTemplate}` : `create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // the file's database is dropped WITH (FORCE) at close: a pooled connection still idle then is cut, which is expected
  const database = await openDatabase({ databaseUrl: url.toString(), onIdleError: () => undefined });
  if (!pgTemplate) await database.migrate();
  const close = database.close;
  database.close = async () => {
    await close();
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
  return database;
}

/**
 * Fresh, empty PostgreSQL databases (no migrations, no template) on the server of `adminUrl`, named
 * `<prefix>_<random>`, for the tests of what happens on an empty database. `admin` runs a query on the server (or on
 * `url`); `dropAll` drops those still there (an afterAll).
 */
export function emptyPgDatabases(adminUrl: string, prefix: string) {
  const created = new Set<string>();
  async function admin<T>(run: (client: pg.Client) => Promise<T>, url = adminUrl): Promise<T> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  }
  const drop = async (name: string) => {
    await admin((c) => c.query(`drop database if exists ${name} with (force)`));
    created.delete(name);
  };
  return {
    admin,
    /** A new empty database; answers its URL. */
    async create(): Promise<string> {
      const name = `${prefix}_${randomBytes(6).toString('hex')}`;
      await admin((c) => c.query(`create database ${name}`));
      created.add(name);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return url.toString();
    },
    /** Drops the database of `url` (its connections cut). */
    drop: (url: string) => drop(new URL(url).pathname.slice(1)),
    async dropAll(): Promise<void> {
      for (const name of [...created]) await drop(name);
    },
  };
}

export const TEST_SECRET = new TextEncoder().encode('test-secret-test-secret-test-secret-0123');

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  users: UsersRepo;
  b1: B1Mock;
  /** The ERP service the app uses. */
  erp: ErpService;
  /** The WebPay Plus stand-in the app's payments use. */
  webpay: WebpayMock;
  /** The Khipu stand-in the app's payments use. */
  khipu: KhipuMock;
  /** With `listen: true`: the app's own URL (also its PUBLIC_URL, so providers' returns and notifications reach it). */
  url?: string;
  close(): Promise<void>;
}

export interface TestAppExtras {
  webpay?: WebpayMockOptions;
  khipu?: KhipuMockOptions;
  /** Settings of the payments area beside the clients (the reconciler is not started unless `reconciler.autoStart`). */
  payments?: Partial<Omit<PaymentProviders, 'webpay' | 'khipu'>>;
  /** Listen on a loopback port and use it as PUBLIC_URL (WebPay returns and Khipu notifications over real HTTP). */
  listen?: boolean;
  /** The ERP client's timeout (default 3 000 ms) and create policy (settle time, look-ups meanwhile, approval polling). */
  erp?: { timeoutMs?: number } & Partial<ErpCreatePolicy>;
}

/** The demo accounts' hashes made once for the run by globalSetup (rut -> argon2 hash), read once per file. */
let demoHashes: Record<string, string> | undefined;

/** A demo account's hash: globalSetup's when there is one, otherwise hashed now as the server does. */
async function demoPasswordHash(user: SeedUser): Promise<string> {
  const file = templates && path.join(templates, 'demo-hashes.json');
  demoHashes ??= file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
  return demoHashes[user.rut] ?? hashPassword(user.password);
}

/** The API on a fresh database with the demo users. */
export async function createTestApp(
  overrides: Partial<AppDeps['config']> = {},
  deps: Partial<AppDeps> = {},
  beforeReady?: (app: FastifyInstance) => void,
  b1Options: B1MockOptions = {},
  extras: TestAppExtras = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const b1 = await startB1Mock(b1Options);
  const webpay = await startWebpayMock(extras.webpay);
  const khipu = await startKhipuMock(extras.khipu);
  const port = extras.listen ? await freePort() : undefined;
  const url = port ? `http://127.0.0.1:${port}` : undefined;
  const { timeoutMs = 3000, ...createPolicy } = extras.erp ?? {};
  const erp = new ErpService(new ServiceLayerClient({ baseUrl: b1.url, company: 'SBODEMOCL', user: 'manager', password: 'manager', timeoutMs }), createPolicy);
  const users = new UsersRepo(database.db);
  await seedUsers(
    users,
    demoSeedUsers(),
    demoPasswordHash,
  );
  const app = await buildApp({
    config: {
      jwtSecret: TEST_SECRET,
      tokenTtl: 3600,
      publicUrl: 'http://localhost:3000',
      clientDir: '/nonexistent',
      brandName: 'Textil Andino',
      login: { maxPerAddress: 1000, maxPerRut: 1000, window: '15 minutes' },
      ...(url ? { publicUrl: url } : {}),
      ...overrides,
    },
    database,
    erp,
    payments: {
      webpay: new WebpayClient({ baseUrl: webpay.url, commerceCode: webpay.commerceCode, apiKey: webpay.apiKey, timeoutMs: 5000 }),
      khipu: new KhipuClient({ baseUrl: khipu.url, apiKey: khipu.apiKey, timeoutMs: 5000 }),
      khipuSecret: khipu.secret,
      khipuReceiverId: khipu.receiverId,
      ...extras.payments,
      reconciler: { autoStart: false, ...extras.payments?.reconciler },
    },
    ...deps,
  });
  beforeReady?.(app);
  await app.ready();
  if (port) await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    database,
    users,
    b1,
    erp,
    webpay,
    khipu,
    url,
    close: async () => {
      await app.close();
      await b1.close();
      await webpay.close();
      await khipu.close();
    },
  };
}

const XSRF = 'test-xsrf-token';

/** inject() as the SPA calls: with the anti-forgery cookie and header, and a token when given. */
export function call(app: FastifyInstance, opts: InjectOptions & { token?: string }) {
  const { token, headers, ...rest } = opts;
  return app.inject({
    ...rest,
    cookies: { 'XSRF-TOKEN': XSRF, ...(rest.cookies ?? {}) },
    headers: { 'x-xsrf-token': XSRF, ...(token ? { authorization: token } : {}), ...(headers ?? {}) },
  });
}

export async function login(app: FastifyInstance, username: string, password: string) {
  const res = await call(app, { method: 'POST', url: '/api/security/login', payload: { username, password } });
  return res.json() as { token: string; id: number; type: string; userActive: boolean; changePassword: boolean; rep: RepSessionInfo | null };
}

/** Fresh valid ruts, formatted with dots ('30.000.001-K' style), from `start` up: one sequence per test file. */
export function rutSequence(start: number): () => string {
  let next = start;
  return () => {
    const body = String(++next);
    return formatRut(body + checkDigit(body));
  };
}
