// Child process of orders.bench.ts: the SAP B1 Service Layer stand-in at 0 ms latency, in a process of its own so the
// portal's figures (CPU, RSS) are the portal's only. One business partner per bench buyer (a copy of the demo's Gold
// credit buyer with its own CardCode and rut, a credit line no bench run exhausts) and stock no bench run sells out.
// Prints one JSON line: the Service Layer URL and the sellable sizes.
import { startB1Mock } from '@mocks/b1/server';
import { benchBuyers, benchErpData } from './orders-buyers';

const BUYERS = Number(process.env.BENCH_BUYERS ?? 50);
const CATALOGUE_SIZE = Number(process.env.BENCH_CATALOGUE_SIZE ?? 0);

async function main() {
  const b1 = await startB1Mock({ latencyMs: 0, catalogueSize: CATALOGUE_SIZE, approvalCardCodes: [] });
  const skus = benchErpData(b1.data, benchBuyers(BUYERS));
  process.stdout.write(`${JSON.stringify({ url: b1.url, skus })}\n`);
  const stop = async () => {
    await b1.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('disconnect', () => void stop());
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
