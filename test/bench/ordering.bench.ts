// Goals (docs/ordering.md): a 200-line grid added to the cart end to end in under 300 ms on the embedded
// database (PGlite), and a 2 000-line quick-order file validated in under a second on the server. Prints the figures;
// asserts nothing.
//
// The B1 stand-in runs in a process of its own (0 ms latency, BENCH_CATALOGUE_SIZE generated items beside the demo
// ones, default 20 000) and the portal in this one, built as main.ts builds it on PGlite in a temporary folder, with the
// catalogue warmed; the demo buyer (Gold, 6 % loyalty) calls it over loopback HTTP. Each round, with an empty cart:
//   bulk-200     POST /api/user/cart/bulk with 200 sizes (1 unit each): the grid's one request;
//   singles-200  the same 200 sizes as 200 POST /api/user/cart one after another: what one request per size costs;
//   validate-200 POST /api/user/quick-order/validate with 200 lines (stock and prices read from the ERP now);
//   file-2000    POST /api/user/quick-order/file with a 2 000-line CSV (the catalogue's copy), and the same as XLSX.
// Rounds alternate the order of the measures; the summary is the median and the range over BENCH_ROUNDS (default 9).
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import writeXlsxFile from 'write-excel-file/node';
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
const GRID_LINES = 200;
const FILE_LINES = 2000;
const XSRF = 'bench';

const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

async function main() {
  console.log(`load average at start: ${load()} (2 cores shared: figures are noisy)`);
  const standIn = await startStandIn({ catalogueSize: CATALOGUE_SIZE, latency: '0ms', rowLatencyMs: 0, maxPageSize: 1000 });
  const work = mkdtempSync(path.join(tmpdir(), 'ordering-bench-'));
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
  const json = (url: string, body: unknown) => fetch(`${base}${url}`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const clearCart = () => fetch(`${base}/api/user/cart/clear-cart/${id}`, { method: 'DELETE', headers: auth });

  const records = erp.catalogueItemsRead()!.records.filter((r) => r.stock > 10);
  const grid = records.slice(0, GRID_LINES).map((r) => ({ sku: r.itemCode, quantity: 1 }));
  const fileCodes = records.slice(0, FILE_LINES).map((r) => r.itemCode);
  const csv = Buffer.from(`sku;cantidad\n${fileCodes.map((c, i) => `${c};${(i % 5) + 1}`).join('\n')}\n`);
  const xlsx = await writeXlsxFile([[{ value: 'sku' }, { value: 'cantidad' }], ...fileCodes.map((c, i) => [{ value: c }, { value: (i % 5) + 1, type: Number }])]).toBuffer();
  const upload = (name: string, bytes: Buffer) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    return fetch(`${base}/api/user/quick-order/file`, { method: 'POST', headers: auth, body: form });
  };

  const measures: Record<string, () => Promise<void>> = {
    'bulk-200': async () => {
      const res = await json('/api/user/cart/bulk', { items: grid });
      const body = (await res.json()) as { added: number };
      if (res.status !== 200 || body.added !== GRID_LINES) throw new Error(`bulk: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
    },
    'singles-200': async () => {
      for (const line of grid) {
        const res = await json('/api/user/cart', line);
        if (res.status !== 201) throw new Error(`single: ${res.status} ${await res.text()}`);
      }
    },
    'validate-200': async () => {
      const res = await json('/api/user/quick-order/validate', { lines: grid.map((g, i) => ({ row: i + 1, sku: g.sku, quantity: '1' })) });
      if (res.status !== 200) throw new Error(`validate: ${res.status}`);
      await res.arrayBuffer();
    },
    'file-2000-csv': async () => {
      const res = await upload('pedido.csv', csv);
      const body = (await res.json()) as { lines: unknown[] };
      if (res.status !== 200 || body.lines.length !== FILE_LINES) throw new Error(`csv: ${res.status}`);
    },
    'file-2000-xlsx': async () => {
      const res = await upload('pedido.xlsx', xlsx);
      const body = (await res.json()) as { lines: unknown[] };
      if (res.status !== 200 || body.lines.length !== FILE_LINES) throw new Error(`xlsx: ${res.status}`);
    },
  };
  const names = Object.keys(measures);
  const times: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));

  // warm-up (JIT, prepared statements, connections)
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

  console.log(`catalogue: ${erp.catalogueItemsRead()!.records.length} sellable sizes; ${ROUNDS} rounds; load average at end: ${load()}`);
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
