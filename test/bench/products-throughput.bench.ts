// Issue targets: GET /api/user/b1/products on a 20,000-item catalogue against a bare Fastify route serving the same
// bytes, both as a full answer (200, gzip) and revalidated (If-None-Match → 304). Prints the figures; asserts nothing.
//
// The portal logs at info (production's default) to /dev/null unless BENCH_LOG_LEVEL says otherwise ('off': no
// logger). Each round measures the four cases one after the other, the bare server and the portal alternating which
// goes first, and each ratio is taken within its round (the machine's load drifts between rounds): the figures are the
// median of the rounds' ratios and their range. BENCH_SECONDS per case (8), BENCH_ROUNDS (3), BENCH_CONNECTIONS (20).
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

interface Target {
  portal: string;
  bare: string;
  token: string;
  styles: number;
  jsonBytes: number;
  gzipBytes: number;
  loadMs: number;
}

async function startServer(): Promise<{ target: Target; stop: () => void }> {
  // node itself with tsx's loader (not `npx tsx`, whose grandchild a SIGTERM to npx does not reach: the bench never ended)
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'products-server.ts')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`el servidor del benchmark terminó (${code})`)));
  });
  return { target: JSON.parse(line) as Target, stop: () => child.kill('SIGTERM') };
}

interface Measure {
  rps: number;
  p99: number;
  /** Connection errors and timeouts, plus answers of another status than the one expected. */
  errors: number;
}

async function measure(url: string, headers: Record<string, string>, expect: 200 | 304, duration = DURATION): Promise<Measure> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration, headers });
  const expected = expect === 200 ? result['2xx'] : result['3xx'];
  const answered = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.timeouts + (answered - expected) };
}

async function etagOf(url: string, headers: Record<string, string>): Promise<string> {
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  return res.headers.get('etag') ?? '';
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

async function main() {
  console.log(`carga al empezar: ${load()}; ${ROUNDS} rondas de 4 casos × ${DURATION} s, ${CONNECTIONS} conexiones; log del portal: ${process.env.BENCH_LOG_LEVEL ?? 'info'}`);
  const { target, stop } = await startServer();
  try {
    const gzip = { 'accept-encoding': 'gzip' };
    const portalHeaders = { ...gzip, authorization: target.token };
    const portal304 = { ...portalHeaders, 'if-none-match': await etagOf(target.portal, portalHeaders) };
    const bare304 = { ...gzip, 'if-none-match': await etagOf(target.bare, gzip) };
    console.log(`catálogo: ${target.styles} estilos; respuesta ${(target.jsonBytes / 1024).toFixed(0)} kB JSON, ${(target.gzipBytes / 1024).toFixed(0)} kB gzip; carga desde el ERP ${target.loadMs} ms`);
    // warm-up, both servers, both paths
    for (const [url, headers, status] of [[target.bare, gzip, 200], [target.portal, portalHeaders, 200], [target.bare, bare304, 304], [target.portal, portal304, 304]] as const) {
      await measure(url, headers, status, 2);
    }
    const rows: Array<Record<'bare200' | 'portal200' | 'bare304' | 'portal304', Measure>> = [];
    for (let round = 0; round < ROUNDS; round++) {
      const portalFirst = round % 2 === 1;
      const pair = async (bare: () => Promise<Measure>, portal: () => Promise<Measure>) => {
        if (portalFirst) {
          const p = await portal();
          return [await bare(), p] as const;
        }
        const b = await bare();
        return [b, await portal()] as const;
      };
      const [bare200, portal200] = await pair(() => measure(target.bare, gzip, 200), () => measure(target.portal, portalHeaders, 200));
      const [b304, p304] = await pair(() => measure(target.bare, bare304, 304), () => measure(target.portal, portal304, 304));
      rows.push({ bare200, portal200, bare304: b304, portal304: p304 });
      const f = (m: Measure) => `${m.rps.toFixed(0)} req/s (p99 ${m.p99} ms${m.errors ? `, errores ${m.errors}` : ''})`;
      console.log(`ronda ${round + 1} (${portalFirst ? 'portal primero' : 'bare primero'}; carga ${load()}):`);
      console.log(`  200: bare ${f(bare200)}, portal ${f(portal200)} → ${(portal200.rps / bare200.rps).toFixed(2)}`);
      console.log(`  304: bare ${f(b304)}, portal ${f(p304)} → ${(p304.rps / b304.rps).toFixed(2)}`);
    }
    const ratios = (p: 'portal200' | 'portal304', b: 'bare200' | 'bare304') => rows.map((r) => r[p].rps / r[b].rps);
    const summary = (xs: number[]) => `${median(xs).toFixed(2)} [${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)}]`;
    console.log(`razón portal / bare, mediana [mín–máx] de ${ROUNDS} rondas:`);
    console.log(`  GET /api/user/b1/products 200 (gzip):            ${summary(ratios('portal200', 'bare200'))} (objetivo ≥ 0,5)`);
    console.log(`  GET /api/user/b1/products 304 (If-None-Match):   ${summary(ratios('portal304', 'bare304'))} (objetivo ≥ 0,8)`);
    console.log(`  portal req/s, mediana: 200 ${median(rows.map((r) => r.portal200.rps)).toFixed(0)}, 304 ${median(rows.map((r) => r.portal304.rps)).toFixed(0)}; bare: 200 ${median(rows.map((r) => r.bare200.rps)).toFixed(0)}, 304 ${median(rows.map((r) => r.bare304.rps)).toFixed(0)}`);
    console.log(`carga al terminar: ${load()}`);
  } finally {
    stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
