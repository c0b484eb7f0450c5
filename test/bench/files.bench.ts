// GET /files/… from the disk store and from the database store (bytea chunks; PGlite, or PostgreSQL with
// BENCH_DATABASE_URL) against a bare Fastify route serving the same bytes from memory: a 100 KB image (200), its
// revalidation (If-None-Match → 304) and a 1 MB file (200, four chunks). Prints the figures; asserts nothing.
//
// Each round measures every case on the three servers one after the other, rotating which server goes first; each
// ratio is taken within its round (the machine's load drifts between rounds): the figures are the median of the
// rounds' ratios and their range. BENCH_SECONDS per case (5), BENCH_ROUNDS (3), BENCH_CONNECTIONS (20). The portal logs
// at info to /dev/null unless BENCH_LOG_LEVEL says otherwise.
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

type Server = 'bare' | 'disk' | 'database_store';
type Case = 'small200' | 'small304' | 'large200';
interface Target {
  database: string;
  sizes: Record<'small' | 'large', number>;
  bare: Record<'small' | 'large', string>;
  disk: Record<'small' | 'large', string>;
  database_store: Record<'small' | 'large', string>;
}

async function startServer(): Promise<{ target: Target; stop: () => void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'files-server.ts')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`el servidor del benchmark terminó (${code})`)));
  });
  return { target: JSON.parse(line) as Target, stop: () => child.kill('SIGTERM') };
}

interface Measure {
  rps: number;
  p99: number;
  errors: number;
}

async function measure(url: string, headers: Record<string, string>, expect: 200 | 304, duration = DURATION): Promise<Measure> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration, headers });
  const expected = expect === 200 ? result['2xx'] : result['3xx'];
  const answered = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.timeouts + (answered - expected) };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

async function main() {
  console.log(`carga al empezar: ${load()}; ${ROUNDS} rondas × 3 casos × 3 servidores × ${DURATION} s, ${CONNECTIONS} conexiones; log del portal: ${process.env.BENCH_LOG_LEVEL ?? 'info'}`);
  const { target, stop } = await startServer();
  try {
    console.log(`almacenamiento en base de datos: ${target.database}; archivos de ${target.sizes.small} y ${target.sizes.large} bytes`);
    const servers: Server[] = ['bare', 'disk', 'database_store'];
    const etag = async (url: string) => {
      const res = await fetch(url);
      await res.arrayBuffer();
      return res.headers.get('etag') ?? '';
    };
    const cases: Record<Case, (s: Server) => Promise<Measure>> = {
      small200: (s) => measure(target[s].small, {}, 200),
      small304: async (s) => measure(target[s].small, { 'if-none-match': await etag(target[s].small) }, 304),
      large200: (s) => measure(target[s].large, {}, 200),
    };
    for (const s of servers) await measure(target[s].small, {}, 200, 2); // warm-up
    const rows: Array<Record<Case, Record<Server, Measure>>> = [];
    for (let round = 0; round < ROUNDS; round++) {
      const order = [...servers.slice(round % 3), ...servers.slice(0, round % 3)];
      const row = {} as Record<Case, Record<Server, Measure>>;
      console.log(`ronda ${round + 1} (orden ${order.join(', ')}; carga ${load()}):`);
      for (const c of Object.keys(cases) as Case[]) {
        row[c] = {} as Record<Server, Measure>;
        for (const s of order) row[c][s] = await cases[c](s);
        const f = (m: Measure) => `${m.rps.toFixed(0)} req/s (p99 ${m.p99} ms${m.errors ? `, errores ${m.errors}` : ''})`;
        console.log(`  ${c}: bare ${f(row[c].bare)}, disco ${f(row[c].disk)}, base ${f(row[c].database_store)}`);
      }
      rows.push(row);
    }
    const summary = (xs: number[]) => `${median(xs).toFixed(2)} [${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)}]`;
    console.log(`razón portal / bare, mediana [mín–máx] de ${ROUNDS} rondas; req/s del portal, mediana:`);
    for (const c of Object.keys(cases) as Case[]) {
      for (const s of ['disk', 'database_store'] as const) {
        console.log(`  ${c} ${s === 'disk' ? 'disco' : `base (${target.database})`}: ${summary(rows.map((r) => r[c][s].rps / r[c].bare.rps))}; ${median(rows.map((r) => r[c][s].rps)).toFixed(0)} req/s (bare ${median(rows.map((r) => r[c].bare.rps)).toFixed(0)})`);
      }
    }
    console.log(`carga al terminar: ${load()}`);
  } finally {
    stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
