import { rmSync } from 'node:fs';
import pg from 'pg';

// Drops what globalSetup.ts built: the PostgreSQL template database and the folder of the PGlite template and hashes.
export default async function globalTeardown() {
  const template = process.env.PORTAL_TEST_PG_TEMPLATE;
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (template && adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`drop database if exists ${template} with (force)`);
    } finally {
      await admin.end();
    }
  }
  const folder = process.env.PORTAL_TEST_TEMPLATES;
  if (folder) rmSync(folder, { recursive: true, force: true });
}
