// Manual run: npx tsx mocks/b1/main.ts  (port from B1_MOCK_PORT, default 50000; B1_MOCK_CATALOGUE_SIZE adds Items,
// e.g. 100000; B1_MOCK_MODEL_COLOURS makes generated models of that many colours; B1_MOCK_MAX_PAGE_SIZE caps a page (default 1000); B1_MOCK_ROW_LATENCY adds ms per row of a page, e.g.
// 0.2; B1_MOCK_ACCOUNT_DOCUMENTS adds that many invoices to the demo company's account year, e.g. 1000; B1_MOCK_PURCHASE_ORDER_LINES caps the generated
// Items' open purchase order lines, e.g. 2000; B1_MOCK_PURCHASE_DATE dates the purchase orders from that day instead of today; the fault switches from
// B1_STANDIN_*, as in the portal's embedded mode: docs/fault-switches.md).
import { b1FaultsFromEnv, startB1Mock } from './server';

const port = Number(process.env.B1_MOCK_PORT ?? 50000);
const catalogueSize = Number(process.env.B1_MOCK_CATALOGUE_SIZE ?? 0);
const maxPageSize = process.env.B1_MOCK_MAX_PAGE_SIZE ? Number(process.env.B1_MOCK_MAX_PAGE_SIZE) : undefined;
const rowLatencyMs = Number(process.env.B1_MOCK_ROW_LATENCY ?? 0);
const accountExtraDocuments = Number(process.env.B1_MOCK_ACCOUNT_DOCUMENTS ?? 0);
const purchaseOrderLines = process.env.B1_MOCK_PURCHASE_ORDER_LINES ? Number(process.env.B1_MOCK_PURCHASE_ORDER_LINES) : undefined;
const envFaults = b1FaultsFromEnv(process.env);
const mock = await startB1Mock({
  port, host: process.env.B1_MOCK_HOST ?? '127.0.0.1', catalogueSize, modelColours: Number(process.env.B1_MOCK_MODEL_COLOURS ?? 1), maxPageSize, rowLatencyMs,
  accountExtraDocuments, purchaseOrderLines, purchaseReferenceDate: process.env.B1_MOCK_PURCHASE_DATE || undefined,
});
mock.setFaults({ ...envFaults.change, forMs: envFaults.forMs });
console.log(`SAP B1 Service Layer stand-in at ${mock.url} (company SBODEMOCL, user manager / manager, ${mock.data.Items.length} items)`);
console.log(`Faults: ${JSON.stringify(mock.faultState())}`);

const stop = async (): Promise<void> => {
  await mock.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
