import { execSync } from 'node:child_process';
import path from 'node:path';

// The instances run the built portal (dist/, as `npm start` does): built first when it is stale or missing.
export default function globalSetup() {
  execSync('npx tsx src/server/tools/prepareStart.ts', { cwd: path.resolve(__dirname, '../..'), stdio: 'inherit' });
}
