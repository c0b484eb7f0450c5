// `npm start` and `npm run build` run this: the API server bundled into dist/server (its npm packages stay imports,
// a lazily loaded module stays a chunk of its own), so the portal runs on plain Node without a TypeScript loader in the
// process: about 40 MB less resident memory at rest than under tsx (docs/performance.md).
import { build } from 'esbuild';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PROJECT_ROOT } from '../paths';

/** Bundles `entry` (relative to the project) into `outdir`, as `<name>.mjs`; answers the file's path. */
export async function buildServer(entry = 'src/server/main.ts', outdir = 'dist/server'): Promise<string> {
  const out = path.join(PROJECT_ROOT, outdir);
  await build({
    entryPoints: [path.join(PROJECT_ROOT, entry)],
    outdir: out,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    // tsconfig.json's paths (@server, @shared, @mocks) are read from it
    tsconfig: path.join(PROJECT_ROOT, 'tsconfig.json'),
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  return path.join(out, `${path.basename(entry, path.extname(entry))}.mjs`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [entry, outdir] = process.argv.slice(2);
  await buildServer(entry, outdir);
}
