// Goal: GET /api/user/b1/products-detail/:sku ≥ 0.8× a bare Fastify route serving the same bytes. The portal
// (20,000-item catalogue, the B1 stand-in in its own process at 50 ms per request, stock kept 5 s per style) against a
// bare route answering each sku's bytes as the portal sent them (security headers included), both gzip, the same
// client cycling over 50 styles and sending both the same request: what Chromium sends with the SPA's fetch (token,
// anti-forgery cookie).
// Prints the figures; asserts nothing.
//
// The portal runs as `npm start` runs it, bundled with the start script's options (shippedPortal.ts); the bare route
// shares its process. Each round measures both, alternating which goes first; each ratio is taken within its round; the figures are the
// median of the rounds and their range. Right before each measured run its side is asked for every sku once, all at
// once: the portal's stock of a style is kept 5 s, so after the bare side's run every style is cold again, and the
// load client's connections walk the skus in step (each waiting on the same style's ERP read in turn, 50 × 50 ms), so
// without it the portal's run would measure that walk, not the server; what a cold style costs is printed instead
// (the first pass: every style's ERP read at once). The ERP reads of styles' stock during the runs are counted (the cache's
// misses and background refreshes). BENCH_SECONDS (8), BENCH_ROUNDS (3), BENCH_CONNECTIONS (20), BENCH_DETAIL_SKUS
// (50), BENCH_LOG_LEVEL (info, to /dev/null; 'off'), BENCH_B1_LATENCY (50ms), BENCH_STOCK_TTL_MS (5000), BENCH_CPU_PROF (a
// folder: the server process, portal and bare alike, runs under --cpu-prof at a 100 µs interval and writes its profile
// there on exit).
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { BROWSER_HEADERS, XSRF_COOKIE_HEADER } from './browserHeaders';
import { cpuMs } from './procStats';
import { portalDescription, serverArgs } from './shippedPortal';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const CPU_PROF = process.env.BENCH_CPU_PROF;

interface Target {
  portal: string;
  bare: string;
  token: string;
  skus: string[];
  gzipBytes: number;
  stockTtlMs: number;
}

interface Measure {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU of the server process per answer (µs): steadier than req/s on a shared machine. */
  cpuUs: number;
}

const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

async function main() {
  console.log(`carga al empezar: ${load()} (máquina compartida: cifras con ruido); ${ROUNDS} rondas × ${DURATION} s, ${CONNECTIONS} conexiones; portal ${portalDescription()}`);
  const child = spawn(process.execPath, await serverArgs('detail-server.ts', { extra: CPU_PROF ? ['--cpu-prof', '--cpu-prof-interval=100', `--cpu-prof-dir=${CPU_PROF}`] : [] }), { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  const nextLine = () =>
    new Promise<string>((resolve, reject) => {
      const exited = (code: number | null) => reject(new Error(`el servidor del benchmark terminó (${code})`));
      child.once('exit', exited);
      lines.once('line', (line) => {
        child.off('exit', exited);
        resolve(line);
      });
    });
  const target = JSON.parse(await nextLine()) as Target;
  const styleReads = async () => {
    child.stdin!.write('\n');
    return (JSON.parse(await nextLine()) as { styleReads: number }).styleReads;
  };
  try {
    const measure = async (base: string, prefix: string, headers: Record<string, string>, duration = DURATION): Promise<Measure> => {
      const cpuBefore = cpuMs(child.pid!);
      const result = await autocannon({
        url: base,
        connections: CONNECTIONS,
        duration,
        headers,
        requests: target.skus.map((sku) => ({ method: 'GET', path: `${prefix}${sku}` })),
      });
      const cpuUs = ((cpuMs(child.pid!) - cpuBefore) * 1000) / Math.max(1, result.requests.total);
      return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx, cpuUs };
    };
    const portalHeaders = { ...BROWSER_HEADERS, authorization: target.token, cookie: XSRF_COOKIE_HEADER };
    // every sku once, all at once; the ms it took (for the portal: the ERP reads of the styles gone cold)
    const prime = async (base: string, prefix: string, headers: Record<string, string>) => {
      const started = performance.now();
      await Promise.all(target.skus.map(async (sku) => (await fetch(`${base}${prefix}${sku}`, { headers })).arrayBuffer()));
      return performance.now() - started;
    };
    let coldMs = 0;
    const portal = async () => {
      coldMs = await prime(target.portal, '/api/user/b1/products-detail/', portalHeaders);
      return measure(target.portal, '/api/user/b1/products-detail/', portalHeaders);
    };
    // the bare server gets the very same request (token and cookie included, which it ignores): reading a request is
    // every server's work; checking what it carries is the portal's
    const bare = async () => {
      await prime(target.bare, '/bare/', portalHeaders);
      return measure(target.bare, '/bare/', portalHeaders);
    };
    console.log(`detalle de ${target.skus.length} estilos, ${target.gzipBytes} bytes gzip el primero; stock guardado ${target.stockTtlMs / 1000} s por estilo`);
    await bare();
    await portal(); // warm-up
    const rows: Array<{ bare: Measure; portal: Measure; reads: number; coldMs: number }> = [];
    for (let round = 0; round < ROUNDS; round++) {
      const portalFirst = round % 2 === 1;
      const before = await styleReads();
      let b: Measure;
      let p: Measure;
      if (portalFirst) {
        p = await portal();
        b = await bare();
      } else {
        b = await bare();
        p = await portal();
      }
      const reads = (await styleReads()) - before;
      rows.push({ bare: b, portal: p, reads, coldMs });
      const f = (m: Measure) => `${m.rps.toFixed(0)} req/s (p50 ${m.p50} ms, p99 ${m.p99} ms, CPU/respuesta ${m.cpuUs.toFixed(1)} µs${m.errors ? `, errores ${m.errors}` : ''})`;
      console.log(`ronda ${round + 1} (${portalFirst ? 'portal primero' : 'bare primero'}; carga ${load()}): bare ${f(b)}, portal ${f(p)} → ${(p.rps / b.rps).toFixed(2)}; lecturas de stock al ERP en la ronda: ${reads}; primer pase del portal ${coldMs.toFixed(0)} ms`);
    }
    const ratios = rows.map((r) => r.portal.rps / r.bare.rps);
    console.log(`razón portal / bare, mediana [mín–máx] de ${ROUNDS} rondas: ${median(ratios).toFixed(2)} [${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}] (objetivo ≥ 0,8)`);
    console.log(`  primer pase del portal antes de cada ronda (${target.skus.length} estilos a la vez, con su stock vencido): mediana ${median(rows.map((r) => r.coldMs)).toFixed(0)} ms [${Math.min(...rows.map((r) => r.coldMs)).toFixed(0)}–${Math.max(...rows.map((r) => r.coldMs)).toFixed(0)}]`);
    console.log(`  portal: mediana ${median(rows.map((r) => r.portal.rps)).toFixed(0)} req/s, p50 ${median(rows.map((r) => r.portal.p50))} ms; bare: ${median(rows.map((r) => r.bare.rps)).toFixed(0)} req/s`);
    const cpuRatios = rows.map((r) => r.bare.cpuUs / r.portal.cpuUs);
    console.log(
      `  CPU del servidor por respuesta: portal ${median(rows.map((r) => r.portal.cpuUs)).toFixed(1)} µs, bare ${median(rows.map((r) => r.bare.cpuUs)).toFixed(1)} µs; ` +
        `bare / portal ${median(cpuRatios).toFixed(2)} [${Math.min(...cpuRatios).toFixed(2)}–${Math.max(...cpuRatios).toFixed(2)}] (la razón que el servidor daría con la CPU como único límite)`,
    );
    console.log(`carga al terminar: ${load()}`);
  } finally {
    child.kill('SIGTERM');
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
