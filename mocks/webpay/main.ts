// Manual run: npx tsx mocks/webpay/main.ts  (port from WEBPAY_MOCK_PORT, default 8090; WEBPAY_MOCK_HOST, default 127.0.0.1;
// WEBPAY_MOCK_RETURN_METHOD=GET for GET returns; WEBPAY_MOCK_FORM_TIMEOUT_MS shortens the card form's timeout;
// WEBPAY_MOCK_STATUS_BEFORE_COMMIT=misleading makes status look authorized before any commit; WEBPAY_MOCK_VOUCHER=1
// shows the voucher, with "Anular compra", after paying; the fault switches from WEBPAY_STANDIN_*, as in the portal's
// embedded mode: docs/fault-switches.md).
import { startWebpayMock, webpayFaultsFromEnv } from './server';

const port = Number(process.env.WEBPAY_MOCK_PORT ?? 8090);
const formTimeout = Number(process.env.WEBPAY_MOCK_FORM_TIMEOUT_MS ?? 0);
const envFaults = webpayFaultsFromEnv(process.env);
const mock = await startWebpayMock({
  port,
  host: process.env.WEBPAY_MOCK_HOST ?? '127.0.0.1',
  returnMethod: process.env.WEBPAY_MOCK_RETURN_METHOD === 'GET' ? 'GET' : 'POST',
  formTimeoutMs: formTimeout > 0 ? formTimeout : undefined,
  statusBeforeCommit: process.env.WEBPAY_MOCK_STATUS_BEFORE_COMMIT === 'misleading' ? 'misleading' : 'initialized',
  voucherPage: process.env.WEBPAY_MOCK_VOUCHER === '1',
});
mock.setFaults({ ...envFaults.change, forMs: envFaults.forMs });
console.log(`WebPay Plus stand-in at ${mock.url} (WEBPAY_BASE_URL=${mock.url}, commerce code ${mock.commerceCode}, integration API key)`);
console.log(`Faults: ${JSON.stringify(mock.faultState())}`);

const stop = async (): Promise<void> => {
  await mock.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
