// The Node options `npm start` runs the built portal with (package.json's start script, the one place they are
// written): the browser tests, the QA scenarios and the orders bench start the portal with the same ones.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../paths';

export function startNodeOptions(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const options = /\bnode ((?:--\S+ )*)dist\/server\/main\.mjs/.exec(pkg.scripts.start ?? '')?.[1] ?? '';
  return options.split(' ').filter(Boolean);
}
