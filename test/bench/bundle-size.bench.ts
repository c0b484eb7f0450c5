// What the browser downloads for /login and for home, gzip kB (1000 bytes, as Vite reports), from the built SPA (run `npx vite build` first).
// The entry is index.html's module script and modulepreload links; a route adds its lazy chunk (found by name
// in dist/client/assets) and every chunk those import statically, followed through the built files themselves.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../../dist/client');
const assets = path.join(dist, 'assets');
const TARGET_LOGIN_KB = 250;

if (!existsSync(path.join(dist, 'index.html'))) {
  console.log('dist/client/index.html no existe: ejecute `npx vite build` primero.');
  process.exit(0);
}

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const entryFiles = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!);

const gzipKb = new Map<string, number>();
function sizeOf(file: string): number {
  let kb = gzipKb.get(file);
  if (kb === undefined) {
    kb = gzipSync(readFileSync(path.join(assets, file)), { level: 9 }).length / 1000;
    gzipKb.set(file, kb);
  }
  return kb;
}

/** Chunks a chunk imports statically (`import ... from "./x.js"`, `import "./x.js"`), not `import("./x.js")`. */
function staticImports(file: string): string[] {
  const code = readFileSync(path.join(assets, file), 'utf8');
  const found = new Set<string>();
  for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["']\.\/([^"']+\.js)["']/g)) found.add(m[1]!);
  return [...found];
}

function closure(roots: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...staticImports(file));
  }
  return seen;
}

const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
function chunk(name: string): string {
  const file = files.find((f) => f.startsWith(`${name}-`));
  if (!file) throw new Error(`No hay chunk ${name} en dist/client/assets`);
  return file;
}

const entry = closure(entryFiles);
const total = (set: Set<string>) => [...set].reduce((sum, f) => sum + sizeOf(f), 0);
const report = (label: string, screen: string) => {
  const set = closure([...entryFiles, chunk(screen)]);
  const own = [...set].filter((f) => !entry.has(f));
  const kb = total(set);
  console.log(`${label.padEnd(8)} ${kb.toFixed(1).padStart(7)} kB gzip  (entry ${total(entry).toFixed(1)} kB + ${own.length} chunks ${(kb - total(entry)).toFixed(1)} kB: ${own.join(', ')})`);
  return kb;
};

console.log(`entry chunks: ${[...entry].map((f) => `${f} ${sizeOf(f).toFixed(1)} kB`).join(', ')}`);
const login = report('/login', 'LoginScreen');
report('home /', 'HomeScreen');
console.log(`/login ${login < TARGET_LOGIN_KB ? 'within' : 'ABOVE'} the ${TARGET_LOGIN_KB} kB target`);
