// What stock por llegar adds to the catalogue's reads of the ERP (docs/incoming.md): the item mirror over the B1 stand-in
// with 20,000 generated items and about 2,000 open purchase-order lines (`purchaseOrderLines`), on loopback in this
// process, the portal's page size (1,000) and six pages at once. Per round: a full read (items and open purchase
// orders), the same items alone and the purchase orders alone, then a read by change after one purchase order moved.
// Prints requests and times; asserts nothing. BENCH_ROUNDS (5), BENCH_ITEMS (20000), BENCH_PO_LINES (2000),
// BENCH_ROW_LATENCY (µs per row the stand-in waits, default 0: as a fast Service Layer).
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { startB1Mock } from '@mocks/b1/server';
import { ItemMirror } from '@server/erp/itemMirror';
import { CATALOGUE_ITEM_SELECT, SELLABLE_ITEMS_FILTER } from '@server/erp/mapping';
import { OPEN_PURCHASE_ORDERS_FILTER, PURCHASE_ORDER_SELECT } from '@server/erp/purchaseOrders';
import { ServiceLayerClient } from '@server/erp/serviceLayer';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 20_000);
const PO_LINES = Number(process.env.BENCH_PO_LINES ?? 2_000);
const ROW_LATENCY_MS = Number(process.env.BENCH_ROW_LATENCY ?? 0) / 1000;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const show = (xs: number[]) => `${median(xs).toFixed(0)} ms [${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}]`;
const paging = { pageSize: 1000, concurrency: 6 };

async function main() {
  const b1 = await startB1Mock({ catalogueSize: ITEMS, purchaseOrderLines: PO_LINES, rowLatencyMs: ROW_LATENCY_MS, host: '127.0.0.1' });
  const sl = new ServiceLayerClient({ baseUrl: b1.url, company: 'SBODEMOCL', user: 'manager', password: 'manager', timeoutMs: 60_000 });
  const open = b1.purchaseOrders().filter((po) => po.DocumentStatus === 'bost_Open');
  const lines = open.reduce((n, po) => n + po.DocumentLines.filter((l) => l.LineStatus === 'bost_Open').length, 0);
  console.log(`carga al empezar: ${loadavg().map((l) => l.toFixed(2)).join(' ')}; ${ROUNDS} rondas; ${b1.data.Items.length} ítems, ${open.length} órdenes de compra abiertas con ${lines} líneas abiertas; latencia por fila ${ROW_LATENCY_MS * 1000} µs`);
  const full: number[] = [];
  const itemsOnly: number[] = [];
  const purchasesOnly: number[] = [];
  const delta: number[] = [];
  let fullRequests: Record<string, number> = {};
  let deltaRequests: Record<string, number> = {};
  try {
    for (let round = 0; round < ROUNDS; round++) {
      let started = performance.now();
      await sl.getAll('Items', { select: CATALOGUE_ITEM_SELECT, filter: SELLABLE_ITEMS_FILTER, orderby: 'ItemCode' }, paging);
      itemsOnly.push(performance.now() - started);
      started = performance.now();
      await sl.getAll('PurchaseOrders', { select: PURCHASE_ORDER_SELECT, filter: OPEN_PURCHASE_ORDERS_FILTER }, paging);
      purchasesOnly.push(performance.now() - started);

      const mirror = new ItemMirror(sl, paging);
      b1.resetRequests();
      started = performance.now();
      await mirror.sync();
      full.push(performance.now() - started);
      fullRequests = b1.requests();

      // one purchase order's first open line a week later: the next read is by change
      const po = open[round % open.length]!;
      const line = po.DocumentLines.find((l) => l.LineStatus === 'bost_Open')!;
      b1.movePurchaseOrder(po.DocEntry, { lineNum: line.LineNum, shipDate: new Date(new Date(String(line.ShipDate).slice(0, 10)).getTime() + 7 * 86_400_000).toISOString().slice(0, 10) });
      b1.resetRequests();
      started = performance.now();
      const set = await mirror.sync();
      delta.push(performance.now() - started);
      deltaRequests = b1.requests();
      if (set.last.kind !== 'delta') throw new Error('se esperaba una lectura por cambio');
    }
  } finally {
    await b1.close();
  }
  const tally = (r: Record<string, number>) => Object.entries(r).filter(([k]) => k.startsWith('GET ')).map(([k, v]) => `${k} ${v}`).join(', ');
  console.log(`lectura completa del catálogo (ítems y órdenes de compra abiertas, en paralelo): ${show(full)}; pedidos al ERP: ${tally(fullRequests)}`);
  console.log(`  solo los ítems: ${show(itemsOnly)}; solo las órdenes de compra abiertas: ${show(purchasesOnly)}`);
  console.log(`lectura por cambio tras mover una orden de compra: ${show(delta)}; pedidos al ERP: ${tally(deltaRequests)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
