// `npm run bench`: runs every test/bench/*.bench.ts in turn; each prints its own figures.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const dir = import.meta.dirname;
const only = process.argv[2];
for (const file of readdirSync(dir).filter((f) => f.endsWith('.bench.ts')).sort()) {
  if (only && !file.includes(only)) continue;
  console.log(`\n### ${file}`);
  execFileSync('npx', ['tsx', path.join(dir, file)], { stdio: 'inherit' });
}
