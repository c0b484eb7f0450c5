import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

// Once per Jest run of the server project: the migrated database template that each test file clones instead of
// migrating, and the demo accounts' argon2 hashes that createTestApp seeds with instead of hashing (see
// docs/testing.md). buildTemplates.ts does the work under tsx, with the server's own openDatabase and hashPassword
// (a globalSetup is loaded without Jest's moduleNameMapper, so it cannot import through the @server/* aliases).
// The workers inherit the two variables below; test/server/helpers.ts falls back to migrating and hashing without them.

export default async function globalSetup() {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'portal-server-tests-'));
  process.env.PORTAL_TEST_TEMPLATES = folder;
  const { stdout } = await promisify(execFile)(process.execPath, [require.resolve('tsx/cli'), path.join(__dirname, 'buildTemplates.ts'), folder], {
    cwd: path.resolve(__dirname, '../..'),
    env: process.env,
    maxBuffer: 1 << 20,
  });
  const { pgTemplate } = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as { pgTemplate?: string };
  if (pgTemplate) process.env.PORTAL_TEST_PG_TEMPLATE = pgTemplate;
}
