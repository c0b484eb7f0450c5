// `npm start` runs this first: it builds the SPA when dist/client is missing or older than its sources, and bundles
// the API server into dist/server (tools/buildServer.ts; about a second), which `npm start` then runs on plain Node.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../paths';
import { buildServer } from './buildServer';

const root = PROJECT_ROOT;
const index = path.join(root, 'dist/client/index.html');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = ['src/client', 'src/shared', 'vite.config.ts'].map((p) => path.join(root, p)).filter(existsSync);
const builtAt = existsSync(index) ? statSync(index).mtimeMs : 0;
const changedAt = Math.max(...sources.map((p) => (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs)));

if (changedAt > builtAt) {
  console.log('Compilando la SPA (vite build)…');
  // Always a production build, whoever runs it (a test runner sets NODE_ENV=test, which would give React's development
  // build and the Redux DevTools connection): the same bundle `npm start` serves.
  execSync('npx vite build --logLevel warn', { stdio: 'inherit', cwd: root, env: { ...process.env, NODE_ENV: 'production' } });
}

await buildServer();
