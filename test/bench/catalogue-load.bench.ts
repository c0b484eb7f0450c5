// Goal: the catalogue loads from the ERP in ≤ 10 s at 100k items. The real code path (CatalogService over
// ErpService's item mirror over ServiceLayerClient, over HTTP) against the B1 stand-in in its own process, with a delay
// per request and per row of a page, and the page size the stand-in enforces. Prints the figures; asserts nothing.
//
// Per size: BENCH_ROUNDS (3) cold loads with fresh services (full read + snapshot build), median and range; then the
// refresh by change made visible: some items change in the ERP, a read after the soft age (2 s here, no long cache
// life) is answered at once from the current snapshot while one background refresh merges the change, and the time
// until the snapshot shows it is printed, with the event loop's longest stall meanwhile. At 20k, the old way (pages of
// 100, one after another) once, for comparison.
// BENCH_CATALOGUE_SIZES (20000,100000), BENCH_B1_LATENCY (50ms per request), BENCH_B1_ROW_LATENCY (0.25 ms per row),
// BENCH_B1_MAX_PAGE (1000), BENCH_PAGE_SIZE (1000), BENCH_PARALLEL (6).
import { loadavg } from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { CatalogService } from '@server/catalog/catalog.service';
import { ContentRepo } from '@server/catalog/content.repo';
import { openDatabase, type Database } from '@server/db/connect';
import { ErpService } from '@server/erp/erp.service';
import { entity } from '@server/erp/odata';
import { ServiceLayerClient } from '@server/erp/serviceLayer';
import { startStandIn } from './b1-standin';

const SIZES = (process.env.BENCH_CATALOGUE_SIZES ?? '20000,100000').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const LATENCY = process.env.BENCH_B1_LATENCY ?? '50ms';
const ROW_LATENCY = Number(process.env.BENCH_B1_ROW_LATENCY ?? 0.25);
const MAX_PAGE = Number(process.env.BENCH_B1_MAX_PAGE ?? 1000);
const PAGE_SIZE = Number(process.env.BENCH_PAGE_SIZE ?? 1000);
const PARALLEL = Number(process.env.BENCH_PARALLEL ?? 6);
const SOFT_AGE_MS = 2000;

const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const summary = (xs: number[]) => `${(median(xs) / 1000).toFixed(2)} s [${(Math.min(...xs) / 1000).toFixed(2)}–${(Math.max(...xs) / 1000).toFixed(2)}]`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function services(url: string, database: Database, items: { pageSize: number; concurrency: number }) {
  const sl = new ServiceLayerClient({ baseUrl: url, company: 'SBODEMOCL', user: 'manager', password: 'manager', timeoutMs: 60_000 });
  const erp = new ErpService(sl, { items: { ...items, fullReloadMs: 60 * 60_000 } });
  const catalog = new CatalogService(erp, new ContentRepo(database.db), { refreshMs: SOFT_AGE_MS, maxAgeMs: 10 * 60_000 });
  return { sl, erp, catalog };
}

async function coldLoad(url: string, database: Database, items: { pageSize: number; concurrency: number }) {
  const { sl, erp, catalog } = services(url, database, items);
  await sl.login(); // the session is not the catalogue's cost
  const cpu = process.cpuUsage();
  const started = performance.now();
  const snapshot = await catalog.snapshot();
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000;
  const read = erp.catalogueItemsRead()!;
  return { ms, cpuMs, readMs: read.last.ms, rows: read.records.length, styles: snapshot.listPriceOf.size, erp, catalog, sl, snapshot };
}

async function benchSize(size: number, database: Database) {
  const perPage = `${LATENCY} + ${ROW_LATENCY} ms/fila (página de ${Math.min(PAGE_SIZE, MAX_PAGE)}: ${(Number.parseFloat(LATENCY) + ROW_LATENCY * Math.min(PAGE_SIZE, MAX_PAGE)).toFixed(0)} ms)`;
  console.log(`\n${size.toLocaleString('es-CL')} ítems generados; sustituto de B1 en su propio proceso: demora por página ${perPage}, página máxima ${MAX_PAGE}; carga ${load()}`);
  const standIn = await startStandIn({ catalogueSize: size, latency: LATENCY, rowLatencyMs: ROW_LATENCY, maxPageSize: MAX_PAGE });
  try {
    if (size <= 20_000) {
      const old = await coldLoad(standIn.url, database, { pageSize: 100, concurrency: 1 });
      console.log(`  antes (páginas de 100, una tras otra): ${(old.ms / 1000).toFixed(2)} s (${old.rows} ítems)`);
    }
    const times: number[] = [];
    let last: Awaited<ReturnType<typeof coldLoad>> | undefined;
    for (let round = 0; round < ROUNDS; round++) {
      last = await coldLoad(standIn.url, database, { pageSize: PAGE_SIZE, concurrency: PARALLEL });
      times.push(last.ms);
      console.log(`  ronda ${round + 1}: ${(last.ms / 1000).toFixed(2)} s (lectura del ERP ${(last.readMs / 1000).toFixed(2)} s, CPU del portal ${(last.cpuMs / 1000).toFixed(2)} s; ${last.rows} ítems, ${last.styles} estilos; carga ${load()})`);
    }
    console.log(`  carga completa (páginas de ${PAGE_SIZE}, ${PARALLEL} a la vez), mediana [mín–máx] de ${ROUNDS}: ${summary(times)} (objetivo ≤ 10 s a 100k)`);

    // Refresh by change, made visible: 3 styles change price in the ERP (a B1 user edits them).
    // (the snapshot as loaded: a read now would already start a refresh, its data being older than the soft age)
    const { sl, erp, catalog, snapshot } = last!;
    const styles = ['GEN-00001', 'GEN-00002', 'GEN-00003'];
    const codes = [...snapshot.styleOf].filter(([code, style]) => code !== style && styles.includes(style)).map(([code]) => code);
    const newPrice = 99_990 + Math.floor(Math.random() * 9) * 1000;
    for (const code of codes) await sl.patch(entity('Items', code), { ItemPrices: [{ PriceList: 1, Price: newPrice }] });
    await sleep(SOFT_AGE_MS + 10);
    // the event loop's longest stall while the refresh runs (the snapshot is rebuilt synchronously)
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const cpu = process.cpuUsage();
    const started = performance.now();
    const stale = await catalog.snapshot();
    const answeredMs = performance.now() - started;
    const staleAge = Date.now() - stale.readAt;
    let seen = stale;
    while (seen.listPriceOf.get(styles[0]!) !== newPrice) {
      await sleep(5);
      seen = await catalog.snapshot();
    }
    const visibleMs = performance.now() - started;
    delay.disable();
    const used = process.cpuUsage(cpu);
    const read = erp.catalogueItemsRead()!;
    console.log(
      `  refresco por cambio: ${codes.length} ítems cambiados en el ERP; la lectura después de la edad blanda (${SOFT_AGE_MS / 1000} s) respondió en ` +
        `${answeredMs.toFixed(1)} ms con la foto anterior (edad ${(staleAge / 1000).toFixed(1)} s); el cambio visible a los ${visibleMs.toFixed(0)} ms ` +
        `(lectura por cambio ${read.last.ms} ms, ${read.last.rows} filas; CPU del portal ${((used.user + used.system) / 1000).toFixed(0)} ms); ` +
        `pausa máxima del event loop ${(delay.max / 1e6).toFixed(0)} ms`,
    );
  } finally {
    standIn.stop();
  }
}

async function main() {
  console.log(`carga al empezar: ${load()} (máquina compartida: cifras con ruido)`);
  const database = await openDatabase({ memory: true });
  await database.migrate();
  try {
    for (const size of SIZES) await benchSize(size, database);
  } finally {
    await database.close();
  }
  console.log(`\ncarga al terminar: ${load()}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
