import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq, notLike, sql } from 'drizzle-orm';
import { demoSeedUsers } from '@mocks/demo/seedList';
import { loadConfig, type Config } from '@server/config';
import { openDatabase, rowsOf, type Database } from '@server/db/connect';
import { THUMB_FOLDER } from '@server/linesheet/thumbnails';
import { banners, notificationRecipients, productContent, storedFiles, users } from '@server/db/schema';
import { DEMO_RECIPIENTS } from '@server/notifications/recipients.repo';
import { startPortal, type StartedPortal } from '@server/startup';
import { emptyPgDatabases } from './helpers';
import { freePort } from '../ports';

// Every step the process runs before it listens (src/server/startup.ts, which main.ts calls) is safe with several
// instances starting at once on one empty PostgreSQL database: all of them come up, the first SUPERADMIN (or the demo
// users, content and recipients) is created once, files left on disk are copied once, and nothing is logged as an
// error. With TEST_DATABASE_URL: ten rounds of three instances started together (each with its own pool, as separate
// processes have), in the configured mode (ADMIN_RUT / ADMIN_PASSWORD) and with the embedded mode's demo data, plus
// one round of three real processes. Without it: the PGlite path, the same sequence twice in a row on one data folder.

const adminUrl = process.env.TEST_DATABASE_URL;
const ADMIN_RUT = '11.111.111-1';
const ROUNDS = 10;
const INSTANCES = 3;
const repo = path.resolve(__dirname, '../..');

const EXPECTED_WARNINGS = ['No se encontró la SPA compilada'];

/** One instance's log, as JSON lines. */
class LogLines {
  readonly lines: { level: number; msg?: string; [k: string]: unknown }[] = [];
  write(line: string): void {
    this.lines.push(JSON.parse(line));
  }
  /**
   * Lines at error level or above, and warnings other than the one every test start gives (no SPA built), as short
   * texts for a readable failure.
   */
  problems(): string[] {
    return this.lines
      .filter((l) => l.level >= 50 || (l.level >= 40 && !EXPECTED_WARNINGS.some((w) => l.msg?.startsWith(w))))
      .map((l) => `${l.level} ${l.msg} ${JSON.stringify(l.err ?? '')}`);
  }
  withMessage(msg: string) {
    return this.lines.filter((l) => l.msg === msg);
  }
}

const folders: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'startup-instances-'));
  folders.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** The configuration main.ts would read from this environment (a secret given, so nothing is written for it). */
function configOf(env: Record<string, string>): Config {
  return loadConfig({ JWT_SECRET: 'startup-instances-secret-0123456789abcdef', CLIENT_DIR: '/nonexistent', LOG_LEVEL: 'info', PORT: '3000', PUBLIC_URL: 'https://portal.example', ...env });
}

/** Starts one instance as main.ts does, then listens on a loopback port and answers /api/ready. */
async function bringUp(config: Config, log: LogLines): Promise<StartedPortal & { ready: number }> {
  const portal = await startPortal(config, { logStream: log });
  await portal.app.listen({ port: 0, host: '127.0.0.1' });
  const address = portal.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const ready = (await fetch(`http://127.0.0.1:${port}/api/ready`)).status;
  await portal.warmUp;
  return { ...portal, ready };
}

/** Counts of what the start-up writes. */
async function counts(database: Database) {
  const one = async (q: Promise<{ n: number }[]>) => Number((await q)[0]?.n ?? 0);
  const { db } = database;
  return {
    users: await one(db.select({ n: count() }).from(users)),
    superAdmins: await one(db.select({ n: count() }).from(users).where(eq(users.userType, 'SUPERADMIN'))),
    content: await one(db.select({ n: count() }).from(productContent)),
    banners: await one(db.select({ n: count() }).from(banners)),
    recipients: await one(db.select({ n: count() }).from(notificationRecipients)),
    // what the start-up stores (the line sheet's thumbnails are made afterwards by the outbox's jobs, as a worker gets to them)
    files: await one(db.select({ n: count() }).from(storedFiles).where(notLike(storedFiles.key, `${THUMB_FOLDER}/%`))),
    leftOnDisk: await one(db.select({ n: count() }).from(storedFiles).where(eq(storedFiles.key, 'products/LEFT_ON_DISK.svg'))),
  };
}

/** A file an earlier version kept on disk, in an instance's DATA_DIR/files: copied into the database at start. */
function fileLeftOnDisk(dir: string): void {
  mkdirSync(path.join(dir, 'files', 'products'), { recursive: true });
  writeFileSync(path.join(dir, 'files', 'products', 'LEFT_ON_DISK.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
}

if (adminUrl) {
  describe('start-up of three instances at once on one empty PostgreSQL database', () => {
    const databases = emptyPgDatabases(adminUrl, 'startup_inst');
    const freshDatabase = () => databases.create();
    const dropDatabase = (url: string) => databases.drop(url);
    const figures: string[] = [];

    afterAll(async () => {
      await databases.dropAll();
      if (figures.length) console.log(`start-up on PostgreSQL:\n${figures.join('\n')}`);
    }, 60_000);

    /**
     * `instances` start-ups of `configOf(env)` at the same moment on a fresh database (each its own pool and DATA_DIR,
     * with a file left on disk); answers how many came up, what each logged, the counts and the slowest start (ms).
     */
    async function round(instances: number, env: Record<string, string>, embedded: boolean) {
      const url = await freshDatabase();
      const logs = Array.from({ length: instances }, () => new LogLines());
      const started = Date.now();
      const results = await Promise.allSettled(
        logs.map((log) => {
          const dir = dataDir();
          fileLeftOnDisk(dir);
          const config = configOf({ DATABASE_URL: url, DATA_DIR: dir, ...env });
          return bringUp(embedded ? { ...config, embedded: true } : config, log);
        }),
      );
      const ms = Date.now() - started;
      const up = results.filter((r) => r.status === 'fulfilled' && r.value.ready === 200).length;
      const failures = results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
      const check = await openDatabase({ databaseUrl: url, onIdleError: () => undefined });
      const found = await counts(check);
      await check.close();
      for (const r of results) if (r.status === 'fulfilled') await r.value.app.close();
      await dropDatabase(url);
      return { up, failures, logs, found, ms };
    }

    it(`configured mode (ADMIN_RUT/ADMIN_PASSWORD): ${ROUNDS} rounds, every instance comes up and the first SUPERADMIN is created once`, async () => {
      let up = 0;
      const times: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const r = await round(INSTANCES, { ADMIN_RUT, ADMIN_PASSWORD: 'Primera-Clave-1' }, false);
        expect(r.failures).toEqual([]);
        expect(r.up).toBe(INSTANCES);
        expect(r.found).toMatchObject({ users: 1, superAdmins: 1, content: 0, banners: 0, recipients: 0, leftOnDisk: 1 });
        for (const log of r.logs) expect(log.problems()).toEqual([]);
        up += r.up;
        times.push(r.ms);
      }
      figures.push(`configured mode: ${up} of ${ROUNDS * INSTANCES} instances came up; three at once ${Math.min(...times)}–${Math.max(...times)} ms`);
    }, 300_000);

    it(`embedded mode's demo data: ${ROUNDS} rounds, every instance comes up and the demo users, content and recipients are seeded once`, async () => {
      let up = 0;
      const times: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const r = await round(INSTANCES, {}, true);
        expect(r.failures).toEqual([]);
        expect(r.up).toBe(INSTANCES);
        for (const log of r.logs) expect(log.problems()).toEqual([]);
        // one instance seeded the content and the recipients, and said so; the others found them
        const seeded = r.logs.flatMap((log) => log.withMessage('contenido de demostración creado'));
        expect(seeded).toHaveLength(1);
        expect(r.logs.flatMap((log) => log.withMessage('destinatarios de notificación de demostración creados'))).toHaveLength(1);
        const { styles, files } = seeded[0] as unknown as { styles: number; files: number };
        expect(r.found).toMatchObject({
          users: demoSeedUsers().length,
          superAdmins: demoSeedUsers().filter((u) => u.role === 'SUPERADMIN').length,
          content: styles,
          banners: 1,
          recipients: DEMO_RECIPIENTS.length,
          // the demo files, and the one left on disk, once
          files: files + 1,
          leftOnDisk: 1,
        });
        up += r.up;
        times.push(r.ms);
      }
      figures.push(`embedded mode on PostgreSQL: ${up} of ${ROUNDS * INSTANCES} instances came up; three at once ${Math.min(...times)}–${Math.max(...times)} ms`);
    }, 600_000);

    it('one instance alone and three at once: the start-up time (configured mode)', async () => {
      const env = { ADMIN_RUT, ADMIN_PASSWORD: 'Primera-Clave-1' };
      const alone: number[] = [];
      const three: number[] = [];
      for (let i = 0; i < 3; i++) {
        const one = await round(1, env, false);
        expect(one.up).toBe(1);
        alone.push(one.ms);
        const many = await round(INSTANCES, env, false);
        expect(many.up).toBe(INSTANCES);
        three.push(many.ms);
      }
      figures.push(`start-up, fresh database, to /api/ready: one instance ${alone.join(', ')} ms; three at once (the slowest) ${three.join(', ')} ms`);
    }, 300_000);

    it('three real processes (src/server/main.ts) started together on one empty database all answer /api/ready', async () => {
      const url = await freshDatabase();
      const children: { proc: ChildProcess; port: number; out: string; exit?: number | null }[] = [];
      try {
        for (let i = 0; i < INSTANCES; i++) {
          const port = await freePort();
          const proc = spawn(process.execPath, ['--import', 'tsx', path.join(repo, 'src/server/main.ts')], {
            cwd: repo,
            env: {
              ...process.env,
              DATABASE_URL: url,
              ADMIN_RUT,
              ADMIN_PASSWORD: 'Primera-Clave-1',
              PORT: String(port),
              HOST: '127.0.0.1',
              PUBLIC_URL: 'https://portal.example',
              JWT_SECRET: 'startup-instances-secret-0123456789abcdef',
              DATA_DIR: dataDir(),
              CLIENT_DIR: '/nonexistent',
              LOG_LEVEL: 'warn',
            },
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          const child: (typeof children)[number] = { proc, port, out: '' };
          proc.stdout!.on('data', (chunk: Buffer) => (child.out += chunk.toString('utf8')));
          proc.stderr!.on('data', (chunk: Buffer) => (child.out += chunk.toString('utf8')));
          proc.once('exit', (code) => (child.exit = code));
          children.push(child);
        }
        const started = Date.now();
        const readyAt = await Promise.all(
          children.map(async (child) => {
            for (;;) {
              if (child.exit !== undefined) throw new Error(`an instance exited (${child.exit}): ${child.out}`);
              const status = await fetch(`http://127.0.0.1:${child.port}/api/ready`).then(
                (r) => r.status,
                () => 0,
              );
              if (status === 200) return Date.now() - started;
              if (Date.now() - started > 90_000) throw new Error(`an instance was not ready in 90 s: ${child.out}`);
              await new Promise((resolve) => setTimeout(resolve, 200));
            }
          }),
        );
        for (const child of children) {
          expect(child.exit).toBeUndefined();
          expect(child.out).toContain('Portal listo en');
          // no error logged (LOG_LEVEL=warn: the log lines are the JSON ones; the missing SPA is the one warning)
          const logged = child.out.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as { level: number; msg: string });
          expect(logged.filter((l) => l.level >= 50 || !EXPECTED_WARNINGS.some((w) => l.msg.startsWith(w)))).toEqual([]);
        }
        const check = await openDatabase({ databaseUrl: url, onIdleError: () => undefined });
        expect(await counts(check)).toMatchObject({ users: 1, superAdmins: 1 });
        await check.close();
        figures.push(`three processes (tsx src/server/main.ts) at once: /api/ready after ${readyAt.join(', ')} ms`);
      } finally {
        await Promise.all(
          children.map(
            (child) =>
              new Promise<void>((resolve) => {
                if (child.exit !== undefined) return resolve();
                child.proc.once('exit', () => resolve());
                child.proc.kill('SIGTERM');
              }),
          ),
        );
        await dropDatabase(url);
      }
    }, 120_000);
  });
} else {
  describe('start-up on PGlite (one process): the same sequence twice in a row', () => {
    async function twice(env: Record<string, string>, embedded: boolean) {
      const dir = dataDir();
      fileLeftOnDisk(dir);
      const config = configOf({ DATA_DIR: dir, ...env });
      const runs = [];
      for (let i = 0; i < 2; i++) {
        const log = new LogLines();
        const portal = await bringUp(embedded ? config : { ...config, embedded: false }, log);
        try {
          expect(portal.database.kind).toBe('pglite');
          expect(portal.ready).toBe(200);
          expect(log.problems()).toEqual([]);
          runs.push({ log, found: await counts(portal.database) });
        } finally {
          await portal.app.close();
        }
      }
      return runs;
    }

    it('embedded mode: the demo users, content and recipients once; the second start finds them and adds nothing', async () => {
      const [first, second] = await twice({}, true);
      const seeded = first!.log.withMessage('contenido de demostración creado');
      expect(seeded).toHaveLength(1);
      expect(first!.log.withMessage('destinatarios de notificación de demostración creados')).toHaveLength(1);
      expect(first!.found).toMatchObject({
        users: demoSeedUsers().length,
        content: (seeded[0] as unknown as { styles: number }).styles,
        banners: 1,
        recipients: DEMO_RECIPIENTS.length,
      });
      expect(second!.log.withMessage('contenido de demostración creado')).toEqual([]);
      expect(second!.log.withMessage('destinatarios de notificación de demostración creados')).toEqual([]);
      expect(second!.found).toEqual(first!.found);
    }, 120_000);

    it('configured mode: the first SUPERADMIN once; the second start finds it', async () => {
      const [first, second] = await twice({ ADMIN_RUT, ADMIN_PASSWORD: 'Primera-Clave-1' }, false);
      expect(first!.found).toMatchObject({ users: 1, superAdmins: 1 });
      expect(second!.found).toEqual(first!.found);
    }, 120_000);

    it('the start-up lock runs its work one after the other inside the process', async () => {
      const database = await openDatabase({ memory: true });
      const order: string[] = [];
      const step = (name: string, ms: number) => () =>
        new Promise<string>((resolve) =>
          setTimeout(() => {
            order.push(name);
            resolve(name);
          }, ms),
        );
      const answers = await Promise.all([database.startupLock(step('slow', 30)), database.startupLock(step('fast', 1))]);
      expect(answers).toEqual(['slow', 'fast']);
      expect(order).toEqual(['slow', 'fast']);
      // a failed step does not stop the next one
      await expect(database.startupLock(() => Promise.reject(new Error('falla')))).rejects.toThrow('falla');
      expect(await database.startupLock(async () => rowsOf<{ n: number }>(await database.db.execute(sql`select 1 as n`))[0]!.n)).toBe(1);
      await database.close();
    }, 60_000);
  });
}
