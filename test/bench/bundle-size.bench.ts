// What the browser downloads for a route, from the built SPA (run `npm run build` first): the bytes the server sends,
// i.e. the .gz and .br copies the build writes beside every file (a file without a copy is sent as it is), in kB of
// 1000 bytes. The entry is index.html's module script, modulepreload links and stylesheets; a route adds its lazy
// chunks (found by name in dist/client/assets) and every chunk those import statically, followed through the built
// files themselves. A logged-in route also loads the top bar's search box, cart and account menu. /login is a page of
// its own (login.html): its script, style sheet and their static imports.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../../dist/client');
const assets = path.join(dist, 'assets');
const TARGET_LOGIN_GZIP_KB = 120;

if (!existsSync(path.join(dist, 'index.html'))) {
  console.log('dist/client/index.html no existe: ejecute `npm run build` primero.');
  process.exit(0);
}

/** A page's own files: its module script, modulepreload links and stylesheets. */
function pageFiles(page: string): string[] {
  const html = readFileSync(path.join(dist, page), 'utf8');
  return [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="(?:modulepreload|stylesheet)"[^>]*\bhref)="\/assets\/([^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
}
const entryFiles = pageFiles('index.html');

interface Sizes {
  raw: number;
  gzip: number;
  br: number;
  /** The build wrote the copies (false: computed here, the build is older than its compression step). */
  copies: boolean;
}

const sizes = new Map<string, Sizes>();
function sizeOf(file: string): Sizes {
  let s = sizes.get(file);
  if (!s) {
    const full = path.join(assets, file);
    const raw = statSync(full).size;
    const copy = (ext: string) => (existsSync(`${full}.${ext}`) ? statSync(`${full}.${ext}`).size : null);
    const gz = copy('gz');
    const br = copy('br');
    const copies = existsSync(path.join(dist, 'index.html.gz'));
    s = copies
      ? { raw, gzip: gz ?? raw, br: br ?? raw, copies }
      : { raw, gzip: gzipSync(readFileSync(full), { level: 9 }).length, br: brotliCompressSync(readFileSync(full)).length, copies };
    sizes.set(file, s);
  }
  return s;
}

/** Chunks a chunk imports statically (`import ... from "./x.js"`, `import "./x.js"`), not `import("./x.js")`. */
function staticImports(file: string): string[] {
  if (!file.endsWith('.js')) return [];
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

const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const total = (set: Iterable<string>) => {
  const t = { raw: 0, gzip: 0, br: 0 };
  for (const f of set) {
    const s = sizeOf(f);
    t.raw += s.raw;
    t.gzip += s.gzip;
    t.br += s.br;
  }
  return t;
};

const entry = closure(entryFiles);
const LOGGED_IN_SHELL = ['SearchBox', 'CartControls', 'AccountMenu'];

function report(label: string, screens: string[]) {
  const set = closure([...entryFiles, ...screens.map(chunk)]);
  const own = [...set].filter((f) => !entry.has(f));
  const all = total(set);
  const added = total(own);
  console.log(
    `${label.padEnd(22)} gzip ${kb(all.gzip).padStart(6)} kB  br ${kb(all.br).padStart(6)} kB  (raw ${kb(all.raw)} kB; entry + ${own.length} chunks: gzip ${kb(added.gzip)} kB, br ${kb(added.br)} kB)`,
  );
  return all;
}

const e = total(entry);
console.log(`entry (${entry.size} files): gzip ${kb(e.gzip)} kB, br ${kb(e.br)} kB, raw ${kb(e.raw)} kB`);
console.log(`  largest: ${[...entry].sort((a, b) => sizeOf(b).gzip - sizeOf(a).gzip).slice(0, 6).map((f) => `${f} ${kb(sizeOf(f).gzip)}`).join(', ')}`);
// /login is a page of its own (login.html): its files and what they import, nothing of the SPA's entry
const loginFiles = closure(pageFiles('login.html'));
const login = total(loginFiles);
console.log(
  `${'/login (login.html)'.padEnd(22)} gzip ${kb(login.gzip).padStart(6)} kB  br ${kb(login.br).padStart(6)} kB  (raw ${kb(login.raw)} kB; ${loginFiles.size} files: ${[...loginFiles].join(', ')})`,
);
report('/ (home, buyer)', ['HomeScreen', ...LOGGED_IN_SHELL]);
report('/user/catalog (buyer)', ['CatalogScreen', ...LOGGED_IN_SHELL]);
report('/user/catalog-detail', ['CatalogDetailScreen', ...LOGGED_IN_SHELL]);
if (![...sizes.values()].every((s) => s.copies)) console.log('(the build has no .gz/.br copies: sizes computed here at gzip 9 and brotli 11)');
console.log(`/login gzip ${kb(login.gzip)} kB: ${login.gzip / 1000 <= TARGET_LOGIN_GZIP_KB ? 'within' : 'ABOVE'} the ${TARGET_LOGIN_GZIP_KB} kB target`);
