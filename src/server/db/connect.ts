import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { MIGRATIONS_DIR, SERVER_DIR } from '../paths';
import * as schema from './schema';

/** The one database type the code sees, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction of `Db`: repositories take `DbOrTx` so a caller can group writes in one transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** The rows of a raw `execute` (PGlite and node-postgres both answer `{rows}`). */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the generated migrations (idempotent). */
  migrate(): Promise<void>;
  /**
   * Runs `work` holding the start-up lock: on PostgreSQL a session-level advisory lock (STARTUP_LOCK_KEY) that every
   * instance takes for the start-up steps after the migrations (first users, demo content, file imports), so instances
   * started together take turns and each finds what the one before it wrote; on PGlite (one process) one after the other.
   */
  startupLock<T>(work: () => Promise<T>): Promise<T>;
  /** A trivial query, for the readiness check. */
  ping(): Promise<void>;
  /**
   * PostgreSQL only: `LISTEN channel` on a connection of its own, calling `onNotify` with each payload; reconnects
   * when the connection drops (a notification sent meanwhile is lost: listeners also poll). Answers the stop.
   */
  listen?(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * LISTEN on a dedicated client (a pooled connection is handed to others between queries, and its LISTEN with it).
 * A dropped (or refused) connection is opened again after `retryMs`; the answer stops listening and closes it.
 */
async function listenOn(url: string, channel: string, onNotify: (payload: string) => void, retryMs = 1000): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`canal de LISTEN inválido: ${channel}`);
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const schedule = () => {
    if (stopped) return;
    retry = setTimeout(() => void open().catch(() => undefined), retryMs);
    retry.unref?.();
  };
  const open = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    const lost = () => {
      if (stopped || client !== c) return;
      client = undefined;
      c.end().catch(() => undefined);
      schedule();
    };
    c.on('error', lost);
    c.on('end', lost);
    client = c;
    try {
      await c.connect();
      await c.query(`listen ${channel}`);
    } catch (error) {
      lost();
      throw error;
    }
  };
  // a first connection that fails is tried again like a dropped one: listening is never a reason not to start
  await open().catch(() => undefined);
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const c = client;
    client = undefined;
    await c?.end().catch(() => undefined);
  };
}

/**
 * The key of the session-level advisory lock that migrations run under on PostgreSQL (any fixed bigint; this one is
 * the bytes of 'portalmg'). Every instance of the portal uses the same key, so only one of them migrates at a time.
 */
export const MIGRATION_LOCK_KEY = '8101820098839080295';

/**
 * The key of the start-up lock (the bytes of 'portalsu'): the steps that write into a database the migrations have
 * just made (the first SUPERADMIN, the demo users, content and recipients, files copied into the database or S3) run
 * under it, one instance at a time (startup.ts). Taken after the migrations and released before listening.
 */
export const STARTUP_LOCK_KEY = '8101820098839081845';

/**
 * Runs `work` on one dedicated client of the pool holding the session-level advisory lock `key` (a session-level lock
 * belongs to its connection, so the lock, the work and the unlock share it). Should anything fail, the connection is
 * discarded, which ends its session and the lock with it; a process that dies releases it the same way.
 */
async function underAdvisoryLock<T>(pool: pg.Pool, key: string, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let discard = false;
  try {
    await client.query('select pg_advisory_lock($1::bigint)', [key]);
    try {
      return await work(client);
    } finally {
      await client.query('select pg_advisory_unlock($1::bigint)', [key]).catch(() => {
        discard = true;
      });
    }
  } catch (error) {
    discard = true; // a connection that failed half-way is not handed back to the pool
    throw error;
  } finally {
    client.release(discard);
  }
}

/**
 * Applies the migrations on PostgreSQL holding `pg_advisory_lock(MIGRATION_LOCK_KEY)`: several instances starting
 * together on an empty database would otherwise run the same `CREATE TYPE` at once, and all but one fail. The migrator
 * runs on the client that holds the lock; whoever waited finds the migrations recorded and applies nothing.
 */
function migrateUnderLock(pool: pg.Pool): Promise<void> {
  return underAdvisoryLock(pool, MIGRATION_LOCK_KEY, (client) => migratePg(drizzlePg({ client, schema }) as never, { migrationsFolder: MIGRATIONS_DIR }));
}

/** One after the other inside this process: each call of the answer starts when the calls before it have ended. */
export function oneAtATime(): <T>(work: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const run = last.catch(() => undefined).then(work);
    last = run;
    return run;
  };
}

/**
 * PGlite's server settings (`-c name=value` at start), chosen for a small resident set: PGlite is one backend in this
 * process, and PostgreSQL's default of 128 MB of shared buffers for a shared server sits in its WebAssembly memory.
 * Measured with the orders bench (docs/orders-performance.md#4-memory): 16 MB takes about 140 MB off the resident
 * set and orders are as fast; work_mem, temp_buffers, maintenance_work_mem and wal_buffers are taken only when needed
 * and change nothing measurable, so they keep their defaults. `openDatabase({ pglite: { settings } })` adds or replaces.
 */
export const PGLITE_SETTINGS: Readonly<Record<string, string>> = {
  shared_buffers: '16MB',
};

/** Options of the embedded database (PGlite) only. */
export interface PgliteOptions {
  /** Server settings added to (or replacing) PGLITE_SETTINGS. */
  settings?: Record<string, string>;
}

/**
 * Creates PGlite's data folder (initdb) in a child process that exits when done: the memory initdb takes stays with
 * the process that ran it, and the server should not carry it for its whole life.
 */
function initdbInChildProcess(dir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(SERVER_DIR, 'db', 'pgliteInitdb.mjs'), dir], { stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`no se pudo crear la base de datos PGlite en ${dir} (initdb terminó con ${signal ?? code})`)),
    );
  });
}

/** PGlite's start parameters: its own defaults plus the settings. */
function pgliteStartParams(defaults: readonly string[], settings: Record<string, string>): string[] {
  return [...defaults, ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`])];
}

/**
 * Opens PostgreSQL when a URL is given, otherwise PGlite: in `dataDir/db`, or in memory with `memory: true`.
 * PGlite is single-process: only one server may open a data folder at a time.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  memory?: boolean;
  /** Told when PostgreSQL drops an idle pooled connection (a restart, a failover, an administrator). */
  onIdleError?: (error: Error) => void;
  pglite?: PgliteOptions;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection that PostgreSQL closes is an 'error' event of the pool: without a listener it would end the
    // process. The pool discards that connection and opens a new one on the next query; a request in flight gets the
    // error as usual.
    pool.on('error', (error) => (opts.onIdleError ?? ((e) => console.warn(`PostgreSQL cerró una conexión inactiva: ${e.message}`)))(error));
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateUnderLock(pool),
      // the lock's client only holds the lock: the work uses the pool as any other query does
      startupLock: (work) => underAdvisoryLock(pool, STARTUP_LOCK_KEY, () => work()),
      ping: async () => void (await pool.query('select 1')),
      listen: (channel, onNotify) => listenOn(opts.databaseUrl!, channel, onNotify),
      close: () => pool.end(),
    };
  }
  // PGlite and its driver are loaded only here: a server on PostgreSQL does not carry them (about 45 MB)
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  let dir: string | undefined;
  if (!opts.memory) {
    dir = path.join(opts.dataDir ?? './data', 'db');
    mkdirSync(path.dirname(dir), { recursive: true });
    if (!existsSync(path.join(dir, 'PG_VERSION'))) await initdbInChildProcess(dir);
  }
  const options = { startParams: pgliteStartParams(PGlite.defaultStartParams, { ...PGLITE_SETTINGS, ...opts.pglite?.settings }) };
  const client = dir ? new PGlite(dir, options) : new PGlite(options);
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  // PGlite lives in this one process: calls of migrate() run one after the other (the next one finds nothing to do),
  // and so do the start-up steps.
  const migrations = oneAtATime();
  return {
    db,
    kind: 'pglite',
    migrate: () => migrations(() => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR })),
    startupLock: oneAtATime(),
    ping: async () => void (await client.query('select 1')),
    close: () => client.close(),
  };
}
