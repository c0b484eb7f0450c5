// Goals: GET /api/user/b1/products against a bare Fastify route serving the same bytes, both as a full answer
// (200, gzip) and revalidated (If-None-Match → 304), on catalogues of 1,000, 5,000 and 20,000 ERP items. Prints the
// figures; asserts nothing.
//
// "The same bytes": the bare route sends the portal's answer byte for byte, security headers included (checked before
// each size is measured: every header but Date, and the body); a bare route without them (`bare-min`, only the body's
// own headers) is measured too and its ratio printed beside, because the load generator itself parses every header and
// a shorter answer is cheaper on its side as well.
//
// The portal runs as shipped: bundled and on plain Node with the start script's options, as `npm start` runs it
// (shippedPortal.ts; the bare servers share its process, so they run the same way); it logs at info (production's default) to /dev/null unless BENCH_LOG_LEVEL says otherwise
// ('off': no logger), and the catalogue keeps its default cache life (a refresh from the ERP during a run is part of
// the figure). Every request carries what the SPA sends: the token, the anti-forgery cookie, Accept and a browser's
// Accept-Encoding. Each catalogue size gets its own server process. Each round measures 200 and then 304 on the three
// servers, in BENCH_SLICES short slices per server interleaved (bare, portal, bare-min, then rotated: the first round
// starts with bare, the second with the portal…), so a change in the machine's load falls on all three alike; each
// ratio is taken within its round, and the figures are the median of the rounds' ratios and their range. Beside the
// ratios, the server process's CPU time (user + system, from /proc) per answer of each server: the three share the
// process and only one is loaded at a time, so a slice's CPU is its server's; it moves less with the machine's
// neighbours than the answers per second do.
// BENCH_SIZES (1000,5000,20000), BENCH_SECONDS per server and case (5), BENCH_SLICES (5), BENCH_ROUNDS (3),
// BENCH_CONNECTIONS (50).
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { BROWSER_HEADERS, XSRF_COOKIE_HEADER } from './browserHeaders';
import { portalDescription, serverArgs } from './shippedPortal';
import { cpuMs } from './procStats';

const SIZES = (process.env.BENCH_SIZES ?? '1000,5000,20000').split(',').map(Number).filter((n) => n > 0);
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SLICES = Math.max(1, Number(process.env.BENCH_SLICES ?? 5));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** The goal of each ratio (docs/performance.md). */
const GOAL = 0.8;

interface Target {
  portal: string;
  bare: string;
  bareMin: string;
  token: string;
  styles: number;
  jsonBytes: number;
  gzipBytes: number;
  loadMs: number;
}

async function startServer(size: number): Promise<{ target: Target; pid: number; stop: () => Promise<void> }> {
  // node itself (not `npx tsx`, whose grandchild a SIGTERM to npx does not reach: the bench never ended)
  const child = spawn(process.execPath, await serverArgs('products-server.ts'), {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, BENCH_CATALOGUE_SIZE: String(size) },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    void exited.then(() => reject(new Error('el servidor del benchmark terminó antes de empezar')));
  });
  return {
    target: JSON.parse(line) as Target,
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

interface Measure {
  rps: number;
  /** The server process's CPU per answer, µs. */
  cpuUs: number;
  p99: number;
  /** Connection errors and timeouts, plus answers of another status than the one expected. */
  errors: number;
}

interface Slice {
  requests: number;
  cpuUs: number;
  seconds: number;
  p99: number;
  errors: number;
}

async function slice(pid: number, url: string, headers: Record<string, string>, expect: 200 | 304, duration: number): Promise<Slice> {
  const cpuBefore = cpuMs(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration, headers });
  const cpuUs = (cpuMs(pid) - cpuBefore) * 1000;
  const expected = expect === 200 ? result['2xx'] : result['3xx'];
  const answered = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
  return { requests: expected, cpuUs, seconds: result.duration, p99: result.latency.p99, errors: result.errors + result.timeouts + (answered - expected) };
}

/** Slices of one server put together: answers per second over their time, the worst p99, every error. */
function merged(slices: Slice[]): Measure {
  const seconds = slices.reduce((a, x) => a + x.seconds, 0);
  return {
    rps: slices.reduce((a, x) => a + x.requests, 0) / seconds,
    cpuUs: slices.reduce((a, x) => a + x.cpuUs, 0) / slices.reduce((a, x) => a + x.requests, 0),
    p99: Math.max(...slices.map((x) => x.p99)),
    errors: slices.reduce((a, x) => a + x.errors, 0),
  };
}

async function measure(pid: number, url: string, headers: Record<string, string>, expect: 200 | 304, duration = DURATION): Promise<Measure> {
  return merged([await slice(pid, url, headers, expect, duration)]);
}

async function etagOf(url: string, headers: Record<string, string>): Promise<string> {
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  return res.headers.get('etag') ?? '';
}

/** How the portal's answer differs from the bare one (headers but Date, and the body), or nothing. */
async function differences(portal: string, portalHeaders: Record<string, string>, bare: string, bareHeaders: Record<string, string>): Promise<string[]> {
  const get = async (url: string, headers: Record<string, string>) => {
    // fetch would decompress the body: node's own http client gives the bytes as sent
    return new Promise<{ headers: Record<string, unknown>; body: Buffer; status: number }>((resolve, reject) => {
      request(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks), status: res.statusCode ?? 0 }));
      })
        .on('error', reject)
        .end();
    });
  };
  const [p, b] = [await get(portal, portalHeaders), await get(bare, bareHeaders)];
  const out: string[] = [];
  if (p.status !== b.status) out.push(`estado ${p.status} ≠ ${b.status}`);
  for (const name of new Set([...Object.keys(p.headers), ...Object.keys(b.headers)])) {
    if (name === 'date') continue;
    if (JSON.stringify(p.headers[name]) !== JSON.stringify(b.headers[name])) out.push(`${name}: ${String(p.headers[name])} ≠ ${String(b.headers[name])}`);
  }
  if (!p.body.equals(b.body)) out.push('cuerpo distinto');
  return out;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
const summary = (xs: number[]) => `${median(xs).toFixed(2)} [${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)}]`;
const f = (m: Measure) => `${m.rps.toFixed(0)} req/s (p99 ${m.p99} ms${m.errors ? `, errores ${m.errors}` : ''})`;

type Row = Record<'bare200' | 'portal200' | 'bareMin200' | 'bare304' | 'portal304' | 'bareMin304', Measure>;

async function benchSize(size: number): Promise<{ size: number; target: Target; rows: Row[] }> {
  const { target, pid, stop } = await startServer(size);
  try {
    const browser = BROWSER_HEADERS;
    const portalHeaders = { ...browser, authorization: target.token, cookie: XSRF_COOKIE_HEADER };
    // the very same request to every server (the bare ones ignore the token and the cookie)
    const bareHeaders = { ...portalHeaders };
    const portal304 = { ...portalHeaders, 'if-none-match': await etagOf(target.portal, portalHeaders) };
    const bare304 = { ...bareHeaders, 'if-none-match': await etagOf(target.bare, bareHeaders) };
    console.log(
      `\n${size} artículos: ${target.styles} estilos; respuesta ${(target.jsonBytes / 1024).toFixed(0)} kB JSON, ${(target.gzipBytes / 1024).toFixed(0)} kB gzip; carga desde el ERP ${target.loadMs} ms`,
    );
    for (const [label, p, b] of [['200', portalHeaders, bareHeaders], ['304', portal304, bare304]] as const) {
      const diff = await differences(target.portal, p, target.bare, b);
      console.log(diff.length ? `  ¡${label}: el portal y bare no envían los mismos bytes! ${diff.join('; ')}` : `  ${label}: portal y bare envían los mismos bytes (salvo Date)`);
    }
    // warm-up, every server, both paths
    for (const [url, headers, status] of [
      [target.bare, bareHeaders, 200], [target.portal, portalHeaders, 200], [target.bareMin, bareHeaders, 200],
      [target.bare, bare304, 304], [target.portal, portal304, 304], [target.bareMin, bare304, 304],
    ] as const) {
      await measure(pid, url, headers, status, 2);
    }
    const rows: Row[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // interleaved slices: bare, portal, bare-min rotated by round and by slice
      const interleaved = async (status: 200 | 304, bare: Record<string, string>, portal: Record<string, string>) => {
        const servers = [
          { url: target.bare, headers: bare, slices: [] as Slice[] },
          { url: target.portal, headers: portal, slices: [] as Slice[] },
          { url: target.bareMin, headers: bare, slices: [] as Slice[] },
        ];
        for (let i = 0; i < SLICES; i++) {
          for (let k = 0; k < servers.length; k++) {
            const server = servers[(round + i + k) % servers.length]!;
            server.slices.push(await slice(pid, server.url, server.headers, status, DURATION / SLICES));
          }
        }
        return servers.map((x) => merged(x.slices)) as [Measure, Measure, Measure];
      };
      const [bare200, portal200, bareMin200] = await interleaved(200, bareHeaders, portalHeaders);
      const [b304, p304, bareMin304] = await interleaved(304, bare304, portal304);
      rows.push({ bare200, portal200, bareMin200, bare304: b304, portal304: p304, bareMin304 });
      console.log(`ronda ${round + 1} (empieza ${['bare', 'el portal', 'bare-min'][round % 3]}; carga ${load()}):`);
      console.log(`  200: bare ${f(bare200)}, portal ${f(portal200)} → ${(portal200.rps / bare200.rps).toFixed(2)}; bare-min ${f(bareMin200)}; ${cpu(portal200, bare200)}`);
      console.log(`  304: bare ${f(b304)}, portal ${f(p304)} → ${(p304.rps / b304.rps).toFixed(2)}; bare-min ${f(bareMin304)}; ${cpu(p304, b304)}`);
    }
    return { size, target, rows };
  } finally {
    await stop();
  }
}

/** 'CPU/respuesta portal 31.2 µs, bare 27.0 µs' */
const cpu = (portal: Measure, bare: Measure) => `CPU/respuesta portal ${portal.cpuUs.toFixed(1)} µs, bare ${bare.cpuUs.toFixed(1)} µs`;

async function main() {
  console.log(
    `carga al empezar: ${load()}; tamaños ${SIZES.join(', ')}; ${ROUNDS} rondas; por ronda, 200 y 304 en 3 servidores × ${DURATION} s en ${SLICES} tramos intercalados; ${CONNECTIONS} conexiones; log del portal: ${process.env.BENCH_LOG_LEVEL ?? 'info'}; portal ${portalDescription()}`,
  );
  const results = [];
  for (const size of SIZES) results.push(await benchSize(size));
  console.log(`\nrazón portal / bare, mediana [mín–máx] de ${ROUNDS} rondas (objetivo ≥ ${GOAL}); req/s medianos portal / bare:`);
  for (const { size, rows } of results) {
    const ratios = (p: keyof Row, b: keyof Row) => rows.map((r) => r[p].rps / r[b].rps);
    const rps = (k: keyof Row) => median(rows.map((r) => r[k].rps)).toFixed(0);
    for (const status of ['200', '304'] as const) {
      const [p, b, m] = [`portal${status}`, `bare${status}`, `bareMin${status}`] as const;
      const what = status === '200' ? '200 gzip        ' : '304 If-None-Match';
      console.log(
        `  GET /api/user/b1/products, ${String(size).padStart(6)} artículos, ${what}: ${summary(ratios(p, b))}  (${rps(p)} / ${rps(b)} req/s); frente a bare-min ${summary(ratios(p, m))} (${rps(m)} req/s)`,
      );
      const cpuOf = (k: keyof Row) => median(rows.map((r) => r[k].cpuUs)).toFixed(1);
      console.log(`    CPU del servidor por respuesta, mediana: portal ${cpuOf(p)} µs, bare ${cpuOf(b)} µs, bare-min ${cpuOf(m)} µs`);
    }
  }
  console.log(`carga al terminar: ${load()}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
