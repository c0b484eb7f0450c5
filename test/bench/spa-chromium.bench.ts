// The SPA in Debian's Chromium, against the portal serving the built files (test/bench/spa-server.ts):
//  1. first load of /login with an empty cache: bytes on the wire (all, and JS+CSS), first contentful paint, and the
//     time until the login form is on the page ("interactive-ish": its submit button exists), on the machine's own
//     network and with Chromium emulating a slow 4G link (1.6 Mbit/s, 150 ms), rounds alternating which goes first;
//  2. the search box: 200 keystrokes typed into the top bar (words typed and deleted again) on a 20,000-row product list
//     (the list's answer is replaced by 20,000 rows like the ERP's, test/bench/searchItems.ts), each
//     measured in the page by the box's own User Timing (searchTiming.ts): from the key to the commit of its results
//     (React's render and commit of the filtered, windowed list); and the key's own handling (the input event).
// Figures only, no assertion; the machine's load average is printed with them. Needs /usr/bin/chromium.
import { execSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { chromium, type Browser } from 'playwright-core';
import { searchItems } from './searchItems';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const KEYSTROKES = 200;
const SEARCH_ROWS = 20_000;
const TINY_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"/>';
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) * 0.9, uploadThroughput: (750e3 / 8) * 0.9 };

const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))]!;
const spread = (xs: number[], digits = 0) => `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;

async function startPortal(): Promise<{ url: string; stop: () => void }> {
  // node itself with tsx's loader, so the SIGTERM at the end reaches the server
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'spa-server.ts')], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`el servidor terminó (${code})`)));
  });
  return { ...(JSON.parse(line) as { url: string }), stop: () => child.kill('SIGTERM') };
}

interface FirstLoad {
  bytes: number;
  scriptBytes: number;
  requests: number;
  fcp: number;
  ready: number;
}

/** /login in a fresh context (empty cache). */
async function firstLoad(browser: Browser, url: string, slow: boolean): Promise<FirstLoad> {
  const context = await browser.newContext({ baseURL: url, locale: 'es-CL', viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  if (slow) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  }
  // the moment the login form's submit button is on the page
  await page.addInitScript(() => {
    const w = window as unknown as { __formReady?: number };
    new MutationObserver((_, observer) => {
      if (document.querySelector('form button[type=submit]')) {
        w.__formReady = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/login');
  await page.waitForFunction(() => (window as unknown as { __formReady?: number }).__formReady !== undefined, null, { timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  const figures = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const scripts = resources.filter((r) => /\.(js|css)(\?|$)/.test(r.name));
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
    return {
      bytes: nav.transferSize + resources.reduce((s, r) => s + r.transferSize, 0),
      scriptBytes: scripts.reduce((s, r) => s + r.transferSize, 0),
      requests: resources.length + 1,
      fcp,
      ready: (window as unknown as { __formReady: number }).__formReady,
    };
  });
  await context.close();
  return figures;
}

/** The values the search box holds after each keystroke: words typed letter by letter, then deleted back. */
function keystrokes(): string[] {
  const words = ['polera', 'pantalon', 'chaqueta', 'poleron', 'modelo 12', 'calza', 'vestido', 'camisa'];
  const values: string[] = [];
  for (let w = 0; values.length < KEYSTROKES; w += 1) {
    const word = words[w % words.length]!;
    for (let i = 1; i <= word.length; i += 1) values.push(word.slice(0, i));
    for (let i = word.length - 1; i >= 0; i -= 1) values.push(word.slice(0, i));
  }
  return values.slice(0, KEYSTROKES);
}

async function searchKeystrokes(browser: Browser, url: string) {
  const context = await browser.newContext({ baseURL: url, locale: 'es-CL', viewport: { width: 1280, height: 800 } });
  // the product list the search box loads: 20,000 rows, their images a tiny picture
  const rows = JSON.stringify(searchItems(SEARCH_ROWS));
  await context.route('**/api/user/b1/catalog/products', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: rows }));
  await context.route('**/files/products/**', (route) => route.fulfill({ status: 200, contentType: 'image/svg+xml', body: TINY_SVG }));
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Rut Empresa').fill('76.123.456-0');
  await page.getByLabel('Contraseña', { exact: true }).fill('Demo1234');
  await page.getByRole('button', { name: 'Acceder' }).click();
  await page.waitForURL((u) => u.pathname === '/');
  const box = page.getByRole('searchbox', { name: 'Buscar productos' });
  await box.waitFor({ timeout: 60_000 });
  // the first focus loads the product list; a first word shows it is there
  await box.click();
  await box.pressSequentially('polera');
  await page.getByRole('listbox', { name: 'Productos encontrados' }).waitFor({ timeout: 120_000 });
  const total = await page.evaluate(() => document.querySelector('[role=listbox] [role=option]')?.getAttribute('aria-setsize'));
  await box.fill('');

  // plain JavaScript (not a compiled function: tsx would add helpers the page does not have)
  const typing = `(async (values) => {
    const input = document.querySelector('input[aria-label="Buscar productos"]');
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    const measured = () => new Promise((resolve) => {
      const timer = setTimeout(() => resolve(NaN), 5000);
      const observer = new PerformanceObserver((list) => {
        const entry = list.getEntriesByName('search:keystroke').at(-1);
        if (!entry) return;
        clearTimeout(timer);
        observer.disconnect();
        resolve(entry.duration);
      });
      observer.observe({ type: 'measure' });
    });
    const out = [];
    for (const value of values) {
      const done = measured();
      const start = performance.now();
      setValue.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      const handler = performance.now() - start;
      out.push({ value, handler, results: await done });
      // a person's pause between keys
      await new Promise((r) => setTimeout(r, 25));
    }
    return out;
  })(${JSON.stringify(keystrokes())})`;
  const results = (await page.evaluate(typing)) as { value: string; handler: number; results: number }[];
  await context.close();
  return { total, results };
}

async function main() {
  if (!existsSync(CHROMIUM)) {
    console.log(`No está ${CHROMIUM}: instale chromium (apt-get install -y chromium) para este bench.`);
    return;
  }
  execSync('npx tsx src/server/tools/prepareStart.ts', { cwd: ROOT, stdio: 'inherit' });
  console.log(`load average before: ${load()} (2 cores; figures on a busy machine are noisy)`);
  const portal = await startPortal();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  try {
    const runs: Record<'local' | 'slow4g', FirstLoad[]> = { local: [], slow4g: [] };
    await firstLoad(browser, portal.url, false); // warm-up: the server's file cache, Chromium's own start
    for (let round = 0; round < ROUNDS; round += 1) {
      const order: ('local' | 'slow4g')[] = round % 2 === 0 ? ['local', 'slow4g'] : ['slow4g', 'local'];
      for (const kind of order) runs[kind].push(await firstLoad(browser, portal.url, kind === 'slow4g'));
    }
    console.log(`\nfirst load of /login, empty cache, ${ROUNDS} rounds alternating; median (min–max)`);
    for (const kind of ['local', 'slow4g'] as const) {
      const xs = runs[kind];
      console.log(
        `  ${kind === 'local' ? 'loopback      ' : 'slow 4G (emu.)'}  on the wire ${spread(xs.map((x) => x.bytes / 1000), 1)} kB (JS+CSS ${spread(xs.map((x) => x.scriptBytes / 1000), 1)} kB, ${median(xs.map((x) => x.requests))} requests)` +
          `  FCP ${spread(xs.map((x) => x.fcp))} ms  form ready ${spread(xs.map((x) => x.ready))} ms`,
      );
    }

    const { total, results } = await searchKeystrokes(browser, portal.url);
    const toResults = results.map((r) => r.results).filter((x) => Number.isFinite(x));
    const handler = results.map((r) => r.handler);
    console.log(`\nsearch box: ${results.length} keystrokes on ${SEARCH_ROWS} rows (${total} of them match the first word), load average ${load()}`);
    console.log(`  key → its results committed: median ${median(toResults).toFixed(2)} ms, p90 ${quantile(toResults, 0.9).toFixed(2)} ms, worst ${Math.max(...toResults).toFixed(2)} ms` +
      `${toResults.length < results.length ? ` (${results.length - toResults.length} keys without a measure)` : ''}`);
    console.log(`  the key's own handling (input event): median ${median(handler).toFixed(2)} ms, worst ${Math.max(...handler).toFixed(2)} ms`);
    const worst = [...results].sort((a, b) => b.results - a.results).slice(0, 5);
    console.log(`  slowest keys: ${worst.map((r) => `${JSON.stringify(r.value)} ${r.results.toFixed(1)} ms`).join(', ')}`);
    console.log(`  targets: ≤ 2 ms median, ≤ 8 ms worst`);
  } finally {
    await browser.close();
    portal.stop();
  }
  console.log(`\nload average after: ${load()}`);
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 0;
});
