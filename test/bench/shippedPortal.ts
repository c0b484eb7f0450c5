// How a bench runs its server process: as `npm start` runs the portal, so the figures are those of what ships. The
// bench's server file is bundled as main.ts is bundled (tools/buildServer.ts: packages left as imports), once per run,
// and run on plain Node with the start script's Node options. BENCH_PORTAL=tsx runs the sources under tsx's loader
// instead; BENCH_NODE_ARGS replaces the Node options ('' for none, '--max-semi-space-size=8' to try another heap).
import path from 'node:path';
import { PROJECT_ROOT } from '@server/paths';
import { buildServer } from '@server/tools/buildServer';
import { startNodeOptions } from '@server/tools/startOptions';

/** The portal's Node options in the benches. */
export const NODE_ARGS = process.env.BENCH_NODE_ARGS !== undefined ? process.env.BENCH_NODE_ARGS.split(' ').filter(Boolean) : startNodeOptions();
/** 'built' (bundled, plain Node, as `npm start`) or 'tsx' (the sources under tsx). */
export const PORTAL_MODE = process.env.BENCH_PORTAL === 'tsx' ? 'tsx' : 'built';

const bundles = new Map<string, Promise<string>>();
/** `file` (beside this one) bundled as `npm start` bundles main.ts, once per run of the bench. */
function bundled(file: string): Promise<string> {
  let bundle = bundles.get(file);
  if (!bundle) bundles.set(file, (bundle = buildServer(path.relative(PROJECT_ROOT, path.join(import.meta.dirname, file)), 'dist/bench')));
  return bundle;
}

/**
 * Node's arguments for a bench's server `file` (a name beside this module): the portal's options, `extra` (a CPU
 * profile…) and the entry, bundled or under tsx (PORTAL_MODE). `shipped: false` (a stand-in's own process): the
 * sources under tsx, no options.
 */
export async function serverArgs(file: string, opts: { extra?: string[]; shipped?: boolean } = {}): Promise<string[]> {
  const { extra = [], shipped = true } = opts;
  const entry = shipped && PORTAL_MODE === 'built' ? [await bundled(file)] : ['--import', 'tsx', path.join(import.meta.dirname, file)];
  return [...(shipped ? NODE_ARGS : []), ...extra, ...entry];
}

/** 'bundled, plain Node, --optimize-for-size …' for a bench's first line. */
export function portalDescription(): string {
  return `${PORTAL_MODE === 'built' ? 'empaquetado, Node' : 'fuentes con tsx'}${NODE_ARGS.length ? ` con ${NODE_ARGS.join(' ')}` : ''}`;
}
