// The line sheet (docs/linesheet.md): build time of 200 and 2,000 styles with pictures, XLSX and PDF, in two cases:
// - cold, the thumbnails missing: the first build renders them from the pictures, the second reads them from the file
//   store; the p95 of the catalogue API (GET /api/user/b1/catalog/products) quiet and while three sheets are built;
// - as deployed: the pictures stored with their thumbnail jobs (as an admin's upload and the demo seed queue them), the
//   outbox worker making them in the background; how long the jobs take and the catalogue API's p50/p95 meanwhile
//   against quiet, then the first PDF once they ran.
// The server's peak RSS while building. Goal: 2,000 styles in < 20 s. Prints the figures; asserts nothing.
//
// The portal runs in a child process (this file, BENCH_ROLE=server) on a B1 stand-in whose generated catalogue has
// exactly the styles asked (GEN-00001 …, four or five sizes each), each with a garment SVG in the file store as the
// demo's pictures; the sheet is the search 'GEN-' (every generated style). The parent reads the answers as a browser
// would (streamed, counted, thrown away) and the child's RSS from /proc.
// BENCH_LINESHEET_PICTURES=jpeg: each picture an 800 px JPEG (as an admin uploads them) instead of the demo's SVG.
// BENCH_LINESHEET_STYLES (200,2000), BENCH_LATENCY_SECONDS (4), BENCH_LINESHEET_CASES (cold,background).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { buildGeneratedCatalogue } from '@mocks/b1/catalogue';
import { startB1Mock } from '@mocks/b1/server';
import { DEMO_ACCOUNTS } from '@mocks/demo/accounts';
import { buildApp } from '@server/app';
import { productContent } from '@server/db/schema';
import { openDatabase } from '@server/db/connect';
import { seedUsers } from '@server/db/seed';
import { garmentSvg } from '@server/demo/garments';
import { ErpService } from '@server/erp/erp.service';
import { THUMBNAIL_JOB, enqueueThumbnails } from '@server/linesheet/thumbnailJob';
import { ServiceLayerClient } from '@server/erp/serviceLayer';
import { UsersRepo } from '@server/users/users.repo';
import { benchConfig } from './benchConfig';

const STYLE_COUNTS = (process.env.BENCH_LINESHEET_STYLES ?? '200,2000').split(',').map(Number);
const LATENCY_SECONDS = Number(process.env.BENCH_LATENCY_SECONDS ?? 4);
const PICTURES = process.env.BENCH_LINESHEET_PICTURES === 'jpeg' ? 'jpeg' : 'svg';
const CASES = (process.env.BENCH_LINESHEET_CASES ?? 'cold,background').split(',');

/** Items of the generated catalogue that make exactly `styles` styles. */
function itemsFor(styles: number): number {
  const all = buildGeneratedCatalogue(styles * 6);
  const next = `GEN-${String(styles + 1).padStart(5, '0')}`;
  const at = all.findIndex((i) => i.U_Estilo === next);
  return at < 0 ? all.length : at;
}

/** BENCH_ROLE=server: the portal on a catalogue of BENCH_ITEMS generated items, each style with a garment SVG. */
async function serverProcess() {
  const b1 = await startB1Mock({ catalogueSize: Number(process.env.BENCH_ITEMS) });
  const database = await openDatabase({ memory: true });
  await database.migrate();
  await seedUsers(new UsersRepo(database.db), DEMO_ACCOUNTS.filter((a) => a.rut === '76.123.456-0'));
  const erp = new ErpService(new ServiceLayerClient({ baseUrl: b1.url, company: 'SBODEMOCL', user: 'manager', password: 'manager', timeoutMs: 60_000 }));
  const app = await buildApp({
    config: benchConfig(),
    database,
    erp,
    logger: { level: 'warn', file: '/dev/null' },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  await app.catalog.refresh();
  const records = erp.catalogueItemsRead()!.records;
  const firstOf = new Map<string, (typeof records)[number]>();
  for (const r of records) if (r.style.startsWith('GEN-') && !firstOf.has(r.style)) firstOf.set(r.style, r);
  const rows: { sku: string; name: string; mainUrlImage: string }[] = [];
  for (const [style, r] of firstOf) {
    const svg = Buffer.from(garmentSvg(r, 'front'));
    const url =
      PICTURES === 'jpeg'
        ? await app.files.put(`products/${style}.jpg`, await sharp(svg, { density: 96 }).flatten({ background: '#ffffff' }).jpeg({ quality: 85 }).toBuffer(), 'image/jpeg')
        : await app.files.put(`products/${style}.svg`, svg, 'image/svg+xml');
    rows.push({ sku: style, name: r.styleName, mainUrlImage: url });
  }
  for (let i = 0; i < rows.length; i += 500) await database.db.insert(productContent).values(rows.slice(i, i + 500));
  await app.catalog.refresh();
  const xsrf = 'bench';
  const login = await app.inject({ method: 'POST', url: '/api/security/login', payload: { username: '76123456-0', password: 'Demo1234' }, cookies: { 'XSRF-TOKEN': xsrf }, headers: { 'x-xsrf-token': xsrf } });
  const address = app.server.address() as { port: number };
  process.stdout.write(`${JSON.stringify({ base: `http://127.0.0.1:${address.port}`, token: login.json().token, styles: firstOf.size })}\n`);
  // SIGUSR2: the pictures' thumbnail jobs queued as a store of the pictures queues them, the worker (started with the
  // app, as deployed) runs them; a line with how long they took once none is pending.
  process.on('SIGUSR2', () => {
    void (async () => {
      const started = performance.now();
      const queued = await enqueueThumbnails(app.outbox, database.db, rows.map((r) => ({ sku: r.sku, mainUrlImage: r.mainUrlImage })));
      app.worker.kick();
      for (;;) {
        const { total } = await app.outbox.list({ status: 'pending', kinds: [THUMBNAIL_JOB], limit: 1 });
        if (total === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const failed = (await app.outbox.list({ status: 'failed', kinds: [THUMBNAIL_JOB], limit: 1 })).total;
      process.stdout.write(`${JSON.stringify({ queued, failed, seconds: (performance.now() - started) / 1000 })}\n`);
    })();
  });
  process.on('SIGTERM', async () => {
    await app.close();
    await b1.close();
    process.exit(0);
  });
}

interface Server {
  base: string;
  token: string;
  styles: number;
  pid: number;
  /** The child's next line on stdout. */
  nextLine: () => Promise<string>;
  stop: () => Promise<void>;
}

async function startServer(styles: number): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, BENCH_ROLE: 'server', BENCH_ITEMS: String(itemsFor(styles)) } });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines: string[] = [];
  const waiting: Array<(line: string) => void> = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const waiter = waiting.shift();
    if (waiter) waiter(line);
    else lines.push(line);
  });
  const nextLine = () =>
    new Promise<string>((resolve, reject) => {
      const line = lines.shift();
      if (line !== undefined) return resolve(line);
      waiting.push(resolve);
      void exited.then(() => reject(new Error('el portal terminó')));
    });
  const line = await nextLine();
  return {
    ...(JSON.parse(line) as { base: string; token: string; styles: number }),
    pid: child.pid!,
    nextLine,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** One sheet read to its end: seconds, bytes, styles (X-Estilos). */
async function sheet(server: Server, format: 'xlsx' | 'pdf') {
  const started = performance.now();
  const res = await fetch(`${server.base}/api/user/linesheet?format=${format}&alcance=BUSQUEDA&q=GEN-`, { headers: { authorization: server.token } });
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.byteLength;
  return { seconds: (performance.now() - started) / 1000, bytes, styles: Number(res.headers.get('x-estilos')), estimate: Number(res.headers.get('x-tamano-estimado')) };
}

/** Runs `work` while sampling the child's RSS every 50 ms: what it answers, and the peak. */
async function sampled<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peakMb: number; beforeMb: number }> {
  const beforeMb = rssMb(pid);
  let peakMb = beforeMb;
  const timer = setInterval(() => (peakMb = Math.max(peakMb, rssMb(pid))), 50);
  try {
    const result = await work();
    return { result, peakMb: Math.max(peakMb, rssMb(pid)), beforeMb };
  } finally {
    clearInterval(timer);
  }
}

/** Latencies (ms) of the catalogue list, 4 callers at a time, for `seconds` or until `until` settles. */
async function catalogueLatencies(server: Server, seconds: number, until?: Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  let done = false;
  void until?.finally(() => (done = true));
  const deadline = performance.now() + seconds * 1000;
  const caller = async () => {
    while (!done && performance.now() < deadline) {
      const t0 = performance.now();
      const res = await fetch(`${server.base}/api/user/b1/catalog/products`, { headers: { authorization: server.token, 'accept-encoding': 'gzip' } });
      await res.arrayBuffer();
      times.push(performance.now() - t0);
    }
  };
  await Promise.all([caller(), caller(), caller(), caller()]);
  return times;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`;

/** Thumbnails missing: the first build renders them, the second reads them; then three sheets at once. */
async function coldCase(server: Server, count: number) {
  console.log(`\n${server.styles} estilos con foto ${PICTURES === 'jpeg' ? 'JPEG de 800 px' : 'SVG'}, miniaturas ausentes (en frío); RSS del portal en reposo ${rssMb(server.pid).toFixed(0)} MB`);
  for (const format of ['xlsx', 'pdf'] as const) {
    for (const round of ['primera', 'segunda'] as const) {
      const { result, peakMb, beforeMb } = await sampled(server.pid, () => sheet(server, format));
      console.log(
        `  ${format.toUpperCase()} ${round} vez: ${result.seconds.toFixed(2)} s, ${kb(result.bytes)} (estimado ${kb(result.estimate)}), ${result.styles} estilos; RSS ${beforeMb.toFixed(0)} → pico ${peakMb.toFixed(0)} MB`,
      );
    }
  }
  if (count === Math.max(...STYLE_COUNTS)) {
    const quiet = await catalogueLatencies(server, LATENCY_SECONDS);
    const builds = sampled(server.pid, () => Promise.all([sheet(server, 'pdf'), sheet(server, 'pdf'), sheet(server, 'xlsx')]));
    const busy = await catalogueLatencies(server, 120, builds);
    const { result, peakMb } = await builds;
    console.log(`  catálogo (GET /api/user/b1/catalog/products, 4 a la vez) en reposo: p50 ${pct(quiet, 50).toFixed(1)} ms, p95 ${pct(quiet, 95).toFixed(1)} ms (${quiet.length} pedidos)`);
    console.log(
      `  mientras se generan 3 listas a la vez (2 PDF + 1 XLSX, ${result.map((r) => `${r.seconds.toFixed(1)} s`).join(', ')}): p50 ${pct(busy, 50).toFixed(1)} ms, p95 ${pct(busy, 95).toFixed(1)} ms, máx ${Math.max(...busy).toFixed(0)} ms (${busy.length} pedidos); RSS pico ${peakMb.toFixed(0)} MB`,
    );
  }
}

/** As deployed: the thumbnail jobs of the stored pictures run in the background, then the first sheet. */
async function backgroundCase(server: Server) {
  console.log(`\n${server.styles} estilos con foto ${PICTURES === 'jpeg' ? 'JPEG de 800 px' : 'SVG'}, miniaturas hechas en segundo plano por la cola (como en producción); RSS en reposo ${rssMb(server.pid).toFixed(0)} MB`);
  const quiet = await catalogueLatencies(server, LATENCY_SECONDS);
  process.kill(server.pid, 'SIGUSR2');
  const jobs = sampled(server.pid, async () => JSON.parse(await server.nextLine()) as { queued: number; failed: number; seconds: number });
  const busy = await catalogueLatencies(server, 600, jobs);
  const { result, peakMb, beforeMb } = await jobs;
  console.log(`  trabajos 'thumbnail': ${result.queued} encolados, ${result.failed} fallidos, todos hechos en ${result.seconds.toFixed(1)} s; RSS ${beforeMb.toFixed(0)} → pico ${peakMb.toFixed(0)} MB`);
  console.log(`  catálogo (4 a la vez) en reposo: p50 ${pct(quiet, 50).toFixed(1)} ms, p95 ${pct(quiet, 95).toFixed(1)} ms (${quiet.length} pedidos)`);
  console.log(`  catálogo mientras corren los trabajos: p50 ${pct(busy, 50).toFixed(1)} ms, p95 ${pct(busy, 95).toFixed(1)} ms, máx ${Math.max(...busy).toFixed(0)} ms (${busy.length} pedidos)`);
  for (const round of ['primera', 'segunda'] as const) {
    const built = await sampled(server.pid, () => sheet(server, 'pdf'));
    console.log(`  PDF ${round} vez tras los trabajos: ${built.result.seconds.toFixed(2)} s, ${kb(built.result.bytes)}, ${built.result.styles} estilos; RSS ${built.beforeMb.toFixed(0)} → pico ${built.peakMb.toFixed(0)} MB`);
  }
}

async function main() {
  for (const count of STYLE_COUNTS) {
    for (const which of CASES) {
      const server = await startServer(count);
      try {
        if (which === 'background') await backgroundCase(server);
        else await coldCase(server, count);
      } finally {
        await server.stop();
      }
    }
  }
}

(process.env.BENCH_ROLE === 'server' ? serverProcess() : main()).catch((err) => {
  console.error(err);
  process.exit(1);
});
