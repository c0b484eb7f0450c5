// `npm run cluster:load`: the buyers of test/cluster/buyers.ts against a cluster started with
// `CLUSTER_BUYERS=50 npm run cluster` (its URL, buyers and items read from the file it wrote), for LOAD_SECONDS (30),
// with LOAD_BUYERS of them (all). Prints one line of figures; restart or kill instances meanwhile to watch it.
import { readFileSync } from 'node:fs';
import { benchBuyers } from '../bench/orders-buyers';
import { closeAgent, LOAD_INFO_FILE, openSessions, quantile, runBuyers } from './buyers';

async function main() {
  const info = JSON.parse(readFileSync(LOAD_INFO_FILE, 'utf8')) as { url: string; buyers: number; skus: string[] };
  const count = Math.min(info.buyers, Number(process.env.LOAD_BUYERS ?? info.buyers));
  const seconds = Number(process.env.LOAD_SECONDS ?? 30);
  const sessions = await openSessions(info.url, benchBuyers(count));
  const figures = await runBuyers(info.url, sessions, info.skus, new Promise((resolve) => setTimeout(resolve, seconds * 1000)));
  const ms = figures.purchases.map((p) => p.ms);
  console.log(
    `${count} compradores, ${seconds} s en ${info.url}: compras intentadas ${figures.attempted}, completas ${figures.completed}, fallidas ${figures.failed}; ` +
      `5xx ${figures.status5xx.length}, sin respuesta ${figures.noAnswer}, claves reenviadas ${figures.resent}; ` +
      `compra p50 ${quantile(ms, 0.5).toFixed(0)} ms, p95 ${quantile(ms, 0.95).toFixed(0)} ms` +
      (figures.firstFailure ? `; primera falla: ${figures.firstFailure}` : '') +
      (Object.keys(figures.reasons).length ? `; detalle: ${JSON.stringify(figures.reasons)}` : ''),
  );
  closeAgent();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
