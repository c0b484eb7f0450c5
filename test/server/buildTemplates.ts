// Run once per Jest run by test/server/globalSetup.ts, under tsx (which knows the path aliases that a Jest
// globalSetup does not): builds what every server test file would otherwise build for itself, with the server's own
// code. Usage: tsx test/server/buildTemplates.ts <folder>. Writes into <folder>:
//   demo-hashes.json  the demo accounts' argon2 hashes (rut -> hash), made by the server's hashPassword;
//   pglite.tar        (without TEST_DATABASE_URL) a PGlite data folder with every migration applied, as dumpDataDir makes it;
// and prints one JSON line {"pgTemplate": name} (with TEST_DATABASE_URL: a migrated PostgreSQL database that test
// files clone with CREATE DATABASE … TEMPLATE, and that globalTeardown drops).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { DEMO_ACCOUNTS } from '@mocks/demo/accounts';
import { openDatabase } from '@server/db/connect';
import { hashPassword } from '@server/security/passwords';

/** Name prefix of the PostgreSQL templates; the name carries its creation time (seconds) so stale ones can be dropped. */
const PG_TEMPLATE_PREFIX = 'portal_tpl_';
/** A template older than this is left from a run that was killed before its teardown. */
const STALE_AFTER_S = 12 * 3600;

async function demoHashes(folder: string): Promise<void> {
  const hashes: Record<string, string> = {};
  for (const account of DEMO_ACCOUNTS) hashes[account.rut] = await hashPassword(account.password);
  writeFileSync(path.join(folder, 'demo-hashes.json'), JSON.stringify(hashes));
}

/** Migrates a PGlite data folder with the server's openDatabase, then dumps it as one tar that loadDataDir reads. */
async function pgliteTemplate(folder: string): Promise<void> {
  const dataDir = mkdtempSync(path.join(folder, 'pglite-'));
  const database = await openDatabase({ dataDir });
  await database.migrate();
  await database.close();
  const client = await PGlite.create(path.join(dataDir, 'db')); // dumpDataDir before the start has finished never answers
  const tar = await client.dumpDataDir('none');
  await client.close();
  writeFileSync(path.join(folder, 'pglite.tar'), Buffer.from(await tar.arrayBuffer()));
  rmSync(dataDir, { recursive: true, force: true });
}

/** Creates and migrates `portal_tpl_<seconds>_<random>`, and closes it to connections (a template is cloned only while nobody is connected). */
async function postgresTemplate(adminUrl: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const name = `${PG_TEMPLATE_PREFIX}${now}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname like '${PG_TEMPLATE_PREFIX}%'`);
    for (const { datname } of rows) {
      const created = Number(datname.slice(PG_TEMPLATE_PREFIX.length).split('_')[0]);
      if (Number.isFinite(created) && now - created > STALE_AFTER_S) await admin.query(`drop database if exists ${datname} with (force)`);
    }
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  const again = new pg.Client({ connectionString: adminUrl });
  await again.connect();
  await again.query(`alter database ${name} allow_connections false`);
  await again.end();
  return name;
}

async function main() {
  // Node does not wait for a pending WebAssembly compilation (PGlite's start): without a timer it may exit half-way, status 0.
  const keepAlive = setInterval(() => undefined, 1000);
  const folder = process.argv[2];
  if (!folder) throw new Error('usage: buildTemplates.ts <folder>');
  const adminUrl = process.env.TEST_DATABASE_URL;
  const [pgTemplate] = await Promise.all([adminUrl ? postgresTemplate(adminUrl) : pgliteTemplate(folder).then(() => undefined), demoHashes(folder)]);
  process.stdout.write(`${JSON.stringify({ pgTemplate })}\n`);
  clearInterval(keepAlive);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
