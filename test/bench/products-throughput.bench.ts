// Issue target: GET /api/user/b1/products on a 20,000-item catalogue keeps at least half the throughput of a
// bare Fastify route serving the same bytes. Prints the figures; asserts nothing.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 20;

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
  const child = spawn('npx', ['tsx', path.join(import.meta.dirname, 'products-server.ts')], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, LOG_LEVEL: 'silent' } });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`el servidor del benchmark terminó (${code})`)));
  });
  return { target: JSON.parse(line) as Target, stop: () => child.kill('SIGTERM') };
}

async function measure(url: string, headers: Record<string, string>) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function main() {
  const { target, stop } = await startServer();
  try {
    const gzip = { 'accept-encoding': 'gzip' };
    console.log(`catálogo: ${target.styles} estilos; respuesta ${(target.jsonBytes / 1024).toFixed(0)} kB JSON, ${(target.gzipBytes / 1024).toFixed(0)} kB gzip; carga desde el ERP ${target.loadMs} ms`);
    await measure(target.bare, gzip); // warm-up both
    const bare = await measure(target.bare, gzip);
    const portal = await measure(target.portal, { ...gzip, authorization: target.token });
    const revalidate = await measure(target.portal, { ...gzip, authorization: target.token, 'if-none-match': await etagOf(target) });
    console.log(`bare Fastify (mismos bytes):            ${bare.rps.toFixed(0)} req/s, p99 ${bare.p99} ms, errores ${bare.errors}`);
    console.log(`GET /api/user/b1/products (sesión):     ${portal.rps.toFixed(0)} req/s, p99 ${portal.p99} ms, errores ${portal.errors}`);
    console.log(`  con If-None-Match (304):              ${revalidate.rps.toFixed(0)} req/s`);
    console.log(`razón portal / bare: ${(portal.rps / bare.rps).toFixed(2)} (objetivo ≥ 0,5)`);
  } finally {
    stop();
  }
}

async function etagOf(target: Target): Promise<string> {
  const res = await fetch(target.portal, { headers: { authorization: target.token } });
  return res.headers.get('etag') ?? '';
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
