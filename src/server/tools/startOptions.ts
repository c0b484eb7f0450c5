// The Node options `npm start` runs the built portal with (package.json's start script, the one place they are
// written): the browser tests, the QA scenarios and the orders bench start the portal with the same ones.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../paths';

/** The server bundle `npm start` runs (tools/buildServer.ts writes it), relative to the project. */
export const SERVER_BUNDLE = 'dist/server/main.mjs';

export function startNodeOptions(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const command = new RegExp(`\\bnode ((?:--\\S+ )*)${SERVER_BUNDLE.replace(/[./]/g, '\\$&')}`);
  const options = command.exec(pkg.scripts.start ?? '')?.[1] ?? '';
  return options.split(' ').filter(Boolean);
}

/** Node's arguments for the portal as `npm start` runs it: its options, then the bundle. */
export function startArgs(): string[] {
  return [...startNodeOptions(), SERVER_BUNDLE];
}
