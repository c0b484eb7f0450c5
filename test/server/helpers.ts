import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { startB1Mock, type B1Mock, type B1MockOptions } from '../../mocks/b1/server';
import { DEMO_ACCOUNTS } from '../../mocks/demo/accounts';
import { ErpService } from '../../src/server/erp/erpService';
import { ServiceLayerClient } from '../../src/server/erp/serviceLayer';
import { buildApp, type AppDeps } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/server/db/connect';
import { seedUsers } from '../../src/server/db/seed';
import { UsersRepo } from '../../src/server/security/usersRepo';

/**
 * A database for one test file: in-memory PGlite by default; with TEST_DATABASE_URL (a PostgreSQL
 * server), a fresh database created for the file and dropped when it closes.
 */
export async function openTestDatabase(): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({ memory: true });
    await database.migrate();
    return database;
  }
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  await database.migrate();
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

export const TEST_SECRET = new TextEncoder().encode('test-secret-test-secret-test-secret-0123');

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  users: UsersRepo;
  b1: B1Mock;
  close(): Promise<void>;
}

/** The API on a fresh database with the demo users. */
export async function createTestApp(
  overrides: Partial<AppDeps['config']> = {},
  deps: Partial<AppDeps> = {},
  beforeReady?: (app: FastifyInstance) => void,
  b1Options: B1MockOptions = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const b1 = await startB1Mock(b1Options);
  const erp = new ErpService(new ServiceLayerClient({ baseUrl: b1.url, company: 'SBODEMOCL', user: 'manager', password: 'manager', timeoutMs: 3000 }));
  const users = new UsersRepo(database.db);
  await seedUsers(
    users,
    DEMO_ACCOUNTS.map((a) => ({ ...a, rut: a.rut })),
  );
  const app = await buildApp({
    config: {
      jwtSecret: TEST_SECRET,
      tokenTtl: 3600,
      publicUrl: 'http://localhost:3000',
      clientDir: '/nonexistent',
      brandName: 'Textil Andino',
      login: { maxPerAddress: 1000, maxPerRut: 1000, window: '15 minutes' },
      ...overrides,
    },
    database,
    erp,
    ...deps,
  });
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    users,
    b1,
    close: async () => {
      await app.close();
      await b1.close();
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
  return res.json() as { token: string; id: number; type: string; userActive: boolean; changePassword: boolean };
}
