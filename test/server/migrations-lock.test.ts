import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { MIGRATION_LOCK_KEY, openDatabase, rowsOf, type Database } from '@server/db/connect';
import { outbox } from '@server/db/schema';
import { Outbox } from '@server/jobs/outbox.repo';
import { emptyPgDatabases } from './helpers';
import { MIGRATIONS_DIR } from './paths';

// Two instances starting together on an empty database must both come up: the migrations run one at a time (an
// advisory lock on PostgreSQL, one after the other inside the process on PGlite) and each is recorded once.
// With TEST_DATABASE_URL the PostgreSQL cases run on fresh databases made for them; without it, the PGlite ones.

const adminUrl = process.env.TEST_DATABASE_URL;
const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: { when: number; tag: string }[] };
const expectedMigrations = journal.entries.map((e) => e.when).sort((a, b) => a - b);

/** The migrations drizzle recorded, by their folder time. */
async function recorded(database: Database): Promise<number[]> {
  const rows = rowsOf<{ created_at: string | number }>(await database.db.execute(sql`select created_at from drizzle.__drizzle_migrations order by created_at`));
  return rows.map((r) => Number(r.created_at));
}

/** The schema is there and usable: enums, tables and the outbox's unique key. */
async function expectWorkingSchema(database: Database): Promise<void> {
  const jobs = new Outbox(database.db);
  const first = await jobs.enqueue(database.db, { kind: 'mail', payload: { n: 1 }, dedupeKey: 'migrations-lock' });
  const again = await jobs.enqueue(database.db, { kind: 'mail', payload: { n: 2 }, dedupeKey: 'migrations-lock' });
  expect(first.created).toBe(true);
  expect(again).toMatchObject({ id: first.id, created: false });
  const rows = await database.db.select().from(outbox).where(eq(outbox.dedupeKey, 'migrations-lock'));
  expect(rows).toEqual([expect.objectContaining({ status: 'pending', kind: 'mail' })]);
}

if (adminUrl) {
  describe('migrations on PostgreSQL', () => {
    const databases = emptyPgDatabases(adminUrl, 'portal_migr');
    const { admin } = databases;
    const freshDatabase = () => databases.create();

    /** Advisory locks with the migration key held on that database right now. */
    const heldLocks = (url: string) =>
      admin(async (c) => {
        const key = BigInt(MIGRATION_LOCK_KEY);
        const hi = Number(key >> 32n);
        const lo = Number(key & 0xffffffffn);
        const res = await c.query(
          `select count(*)::int as n from pg_locks where locktype = 'advisory' and granted and database = (select oid from pg_database where datname = current_database())
             and classid::bigint = $1 and objid::bigint = $2`,
          [hi, lo],
        );
        return res.rows[0].n as number;
      }, url);

    afterAll(async () => {
      await databases.dropAll();
    }, 60_000);

    it('two instances migrating one empty database at once both succeed and each migration is applied once (several rounds)', async () => {
      for (let round = 0; round < 4; round++) {
        const url = await freshDatabase();
        const one = await openDatabase({ databaseUrl: url });
        const two = await openDatabase({ databaseUrl: url });
        try {
          const results = await Promise.allSettled([one.migrate(), two.migrate()]);
          expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok']);
          expect(await recorded(one)).toEqual(expectedMigrations);
          await expectWorkingSchema(two);
          // the lock went back with its connection: nobody holds it any more
          expect(await heldLocks(url)).toBe(0);
          // a third start later finds nothing to do
          await one.migrate();
          expect(await recorded(two)).toEqual(expectedMigrations);
        } finally {
          await one.close();
          await two.close();
        }
      }
    }, 120_000);

    it('waits for the lock another instance holds, then finds the work done', async () => {
      const url = await freshDatabase();
      const holder = new pg.Client({ connectionString: url });
      await holder.connect();
      const database = await openDatabase({ databaseUrl: url });
      try {
        await holder.query('select pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
        let finished = false;
        const running = database.migrate().then(() => {
          finished = true;
        });
        await new Promise((resolve) => setTimeout(resolve, 400));
        expect(finished).toBe(false);
        const schemas = await holder.query(`select count(*)::int as n from information_schema.schemata where schema_name = 'drizzle'`);
        expect(schemas.rows[0].n).toBe(0); // nothing ran while the lock was held elsewhere
        await holder.query('select pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY]);
        await running;
        expect(await recorded(database)).toEqual(expectedMigrations);
        await expectWorkingSchema(database);
      } finally {
        await holder.end();
        await database.close();
      }
    }, 60_000);

    it('an idle pooled connection that PostgreSQL cuts is reported, not fatal: the next query opens a new one', async () => {
      const url = await freshDatabase();
      const cut: Error[] = [];
      const database = await openDatabase({ databaseUrl: url, onIdleError: (error) => cut.push(error) });
      try {
        await database.ping(); // one connection, now idle in the pool
        const name = new URL(url).pathname.slice(1);
        await admin((c) => c.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]));
        for (let i = 0; i < 50 && cut.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 100));
        expect(cut.map((e) => (e as Error & { code?: string }).code)).toEqual(['57P01']);
        await expect(database.ping()).resolves.toBeUndefined();
      } finally {
        await database.close();
      }
    }, 60_000);
  });
} else {
  describe('migrations on PGlite', () => {
    it('two migrate() calls at once on one database both succeed and each migration is applied once', async () => {
      const database = await openDatabase({ memory: true });
      try {
        const results = await Promise.allSettled([database.migrate(), database.migrate(), database.migrate()]);
        expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
        expect(await recorded(database)).toEqual(expectedMigrations);
        await expectWorkingSchema(database);
        await database.migrate();
        expect(await recorded(database)).toEqual(expectedMigrations);
      } finally {
        await database.close();
      }
    }, 60_000);
  });
}
