// Goal (docs/size-grid.md): a 200-line colour × size grid added to the cart end to end in under 300 ms on the
// embedded database (PGlite). Prints the figures; asserts nothing.
//
// The B1 stand-in runs in a process of its own (0 ms latency, BENCH_CATALOGUE_SIZE generated items beside the demo
// ones, default 20 000, in models of BENCH_MODEL_COLOURS colours, default 50) and the portal in this one, built as
// main.ts builds it on PGlite in a temporary folder, with the catalogue warmed; the demo buyer (Gold, 6 % loyalty)
// calls it over loopback HTTP. The grid is the first generated model: its colours as rows, their sizes as columns.
// Each round, with an empty cart:
//   open-grid   GET the product detail of the model (every colour with its sizes, stock and prices) as the grid opens;
//   fill+add    fillCurve of one unit of each size × 1 pack per colour over the detail's colours (what the screen does),
//               then the grid's ONE request, POST /api/user/cart/bulk with the first 200 cells: the "end to end" add;
//   add-200     the POST /api/user/cart/bulk alone.
// Rounds alternate the order of the measures; the summary is the median and the range over BENCH_ROUNDS (default 9).
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { ProductDetail } from '@shared/api/erp';
import { evenCurve, fillCurve } from '@shared/curves';
import { DEMO_ACCOUNTS } from '@mocks/demo/accounts';
import { buildApp } from '@server/app';
import { openDatabase } from '@server/db/connect';
import { seedUsers } from '@server/db/seed';
import { ErpService } from '@server/erp/erp.service';
import { ServiceLayerClient } from '@server/erp/serviceLayer';
import { createMailer } from '@server/integrations/mailer';
import { UsersRepo } from '@server/users/users.repo';
import { startStandIn } from './b1-standin';
import { benchConfig } from './benchConfig';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const CATALOGUE_SIZE = Number(process.env.BENCH_CATALOGUE_SIZE ?? 20_000);
const MODEL_COLOURS = Number(process.env.BENCH_MODEL_COLOURS ?? 50);
const GRID_LINES = 200;
const XSRF = 'bench';

const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

async function main() {
  console.log(`load average at start: ${load()} (2 cores shared: figures are noisy)`);
  const standIn = await startStandIn({ catalogueSize: CATALOGUE_SIZE, latency: '0ms', rowLatencyMs: 0, maxPageSize: 1000, modelColours: MODEL_COLOURS });
  const work = mkdtempSync(path.join(tmpdir(), 'size-grid-bench-'));
  const database = await openDatabase({ dataDir: path.join(work, 'pglite') });
  await database.migrate();
  await seedUsers(new UsersRepo(database.db), DEMO_ACCOUNTS);
  const erp = new ErpService(new ServiceLayerClient({ baseUrl: standIn.url, company: 'SBODEMOCL', user: 'manager', password: 'manager', timeoutMs: 10_000 }));
  const app = await buildApp({
    config: benchConfig({ login: { maxPerAddress: 10_000, maxPerRut: 10_000, window: '1 minute' } }),
    database,
    erp,
    filesDir: path.join(work, 'files'),
    privateFilesDir: path.join(work, 'private'),
    mailer: createMailer({ from: 'Bench <no-reply@bench.cl>', outboxDir: path.join(work, 'outbox') }),
    worker: { autoStart: false },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  await app.catalog.refresh();

  const headers = { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF };
  const login = await fetch(`${base}/api/security/login`, {
    method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ username: '76123456-0', password: 'Demo1234' }),
  });
  const { token, id } = (await login.json()) as { token: string; id: number };
  const auth = { ...headers, authorization: token };
  const clearCart = () => fetch(`${base}/api/user/cart/clear-cart/${id}`, { method: 'DELETE', headers: auth });

  // the first generated model with enough cells in stock for a 200-line grid
  const records = erp.catalogueItemsRead()!.records;
  const byModel = new Map<string, typeof records>();
  for (const r of records) if (r.model?.startsWith('GEN-M')) byModel.set(r.model, [...(byModel.get(r.model) ?? []), r]);
  const [model, cells] = [...byModel].find(([, rs]) => rs.filter((r) => r.stock > 0).length >= GRID_LINES) ?? [];
  if (!model || !cells) throw new Error(`no generated model has ${GRID_LINES} sizes in stock (BENCH_MODEL_COLOURS ${MODEL_COLOURS})`);
  const style = cells[0]!.style;

  const openGrid = async (): Promise<ProductDetail> => {
    const res = await fetch(`${base}/api/user/b1/products-detail/${style}`, { headers: auth });
    if (res.status !== 200) throw new Error(`detail: ${res.status}`);
    return (await res.json()) as ProductDetail;
  };
  const detail = await openGrid();
  const colours = detail.colores ?? [];
  const bulk = async (items: { sku: string; quantity: number }[]) => {
    const res = await fetch(`${base}/api/user/cart/bulk`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ items }) });
    const body = (await res.json()) as { added: number; clamped: number };
    if (res.status !== 200 || body.added + body.clamped !== items.length) throw new Error(`bulk: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
  };
  const gridLines = (d: ProductDetail) => {
    const rows = (d.colores ?? []).map((c) => ({ key: c.sku, color: c.color, cells: c.relacionados.map((v) => ({ sku: v.sku, talla: v.talla, stock: v.stock })) }));
    const sizes = [...new Set(rows.flatMap((r) => r.cells.map((c) => c.talla)))];
    const filled = fillCurve(evenCurve(sizes).sizes, Object.fromEntries(rows.map((r) => [r.key, 1])), rows);
    return Object.entries(filled.quantities).filter(([, q]) => q > 0).slice(0, GRID_LINES).map(([sku, quantity]) => ({ sku, quantity }));
  };
  const lines = gridLines(detail);
  if (lines.length !== GRID_LINES) throw new Error(`the grid has ${lines.length} lines, not ${GRID_LINES}`);

  const measures: Record<string, () => Promise<void>> = {
    'open-grid': async () => {
      await openGrid();
    },
    'fill+add': async () => {
      await bulk(gridLines(detail));
    },
    'add-200': async () => {
      await bulk(lines);
    },
  };
  const names = Object.keys(measures);
  const times: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (const name of names) {
    await clearCart();
    await measures[name]!();
  }
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 ? [...names].reverse() : names;
    for (const name of order) {
      await clearCart();
      const started = performance.now();
      await measures[name]!();
      times[name]!.push(performance.now() - started);
    }
  }

  console.log(`grid: model ${model}, ${colours.length} colours, ${GRID_LINES} lines; catalogue ${records.length} sellable sizes; ${ROUNDS} rounds; load average at end: ${load()}`);
  console.log('measure          median ms   min–max ms');
  for (const name of names) {
    const xs = times[name]!;
    console.log(`${name.padEnd(16)} ${median(xs).toFixed(1).padStart(9)}   ${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)}`);
  }
  await app.close();
  standIn.stop();
  rmSync(work, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
