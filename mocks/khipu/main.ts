// Manual run: npx tsx mocks/khipu/main.ts  (port from KHIPU_MOCK_PORT, default 8091; KHIPU_MOCK_HOST, default 127.0.0.1;
// KHIPU_MOCK_API_KEY / KHIPU_MOCK_SECRET override the demo credentials; KHIPU_MOCK_VERIFY_DELAY_MS, default 1000;
// the fault switches from KHIPU_STANDIN_*, as in the portal's embedded mode: docs/fault-switches.md).
import { khipuFaultsFromEnv, startKhipuMock } from './server';

const port = Number(process.env.KHIPU_MOCK_PORT ?? 8091);
const verifyDelay = Number(process.env.KHIPU_MOCK_VERIFY_DELAY_MS ?? 1000);
const envFaults = khipuFaultsFromEnv(process.env);
const mock = await startKhipuMock({
  port,
  host: process.env.KHIPU_MOCK_HOST ?? '127.0.0.1',
  apiKey: process.env.KHIPU_MOCK_API_KEY || undefined,
  secret: process.env.KHIPU_MOCK_SECRET || undefined,
  verifyDelayMs: Number.isFinite(verifyDelay) && verifyDelay >= 0 ? verifyDelay : 1000,
});
mock.setFaults({ ...envFaults.change, forMs: envFaults.forMs });
console.log(`Khipu v3 stand-in at ${mock.url} (KHIPU_BASE_URL=${mock.url} KHIPU_API_KEY=${mock.apiKey} KHIPU_SECRET=${mock.secret}, receiver ${mock.receiverId})`);
console.log(`Faults: ${JSON.stringify(mock.faultState())}`);

const stop = async (): Promise<void> => {
  await mock.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
