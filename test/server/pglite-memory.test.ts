import childProcess from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, PGLITE_SETTINGS, rowsOf, type Database } from '@server/db/connect';

// PGlite's footprint (docs/orders-performance.md#4-memory): its server settings, and initdb in a child process so the server
// never carries the memory initdb takes. PGlite only, whatever TEST_DATABASE_URL says.

const show = async (database: Database, name: string) => rowsOf<Record<string, string>>(await database.db.execute(sql.raw(`show ${name}`)))[0]![name];

describe('PGlite settings', () => {
  it('start with PGLITE_SETTINGS (shared_buffers 16MB), and a setting given adds to them or replaces one', async () => {
    expect(PGLITE_SETTINGS).toEqual({ shared_buffers: '16MB' });
    const database = await openDatabase({ memory: true, pglite: { settings: { work_mem: '1MB' } } });
    try {
      expect(await show(database, 'shared_buffers')).toBe('16MB');
      expect(await show(database, 'work_mem')).toBe('1MB');
    } finally {
      await database.close();
    }
  }, 60_000);
});

describe('a PGlite data folder', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'pglite-memory-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is created by a child process (initdb) the first time, and opened directly afterwards', async () => {
    const spawn = jest.spyOn(childProcess, 'spawn');
    try {
      const first = await openDatabase({ dataDir });
      expect(spawn).toHaveBeenCalledTimes(1);
      expect(spawn.mock.calls[0]![0]).toBe(process.execPath);
      expect(spawn.mock.calls[0]![1]).toEqual([expect.stringMatching(/pgliteInitdb\.mjs$/), path.join(dataDir, 'db')]);
      expect(existsSync(path.join(dataDir, 'db', 'PG_VERSION'))).toBe(true);
      await first.migrate();
      await first.db.execute(sql`create table kept (n int)`);
      await first.db.execute(sql`insert into kept values (42)`);
      expect(await show(first, 'shared_buffers')).toBe('16MB');
      await first.close();

      const again = await openDatabase({ dataDir });
      expect(spawn).toHaveBeenCalledTimes(1); // no second initdb
      expect(rowsOf<{ n: number }>(await again.db.execute(sql`select n from kept`))).toEqual([{ n: 42 }]);
      await again.close();
    } finally {
      spawn.mockRestore();
    }
  }, 120_000);
});
