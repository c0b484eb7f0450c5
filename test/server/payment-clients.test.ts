// The server's payment clients against the stand-ins on loopback: the transbank-sdk wrapper (whole cycle, typed
// errors, return parameters) and the Khipu v3 client (calls, errors, notification signature with the public vector).
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startKhipuMock, type KhipuMock } from '@mocks/khipu/server';
import { startWebpayMock, type WebpayMock } from '@mocks/webpay/server';
import {
  KhipuClient,
  KhipuError,
  isKhipuPaid,
  khipuOptionsFromEnv,
  parseKhipuAmount,
  parseKhipuNotification,
  parseKhipuSignatureHeader,
  verifyNotificationSignature,
  type KhipuFetch,
} from '@server/integrations/khipu';
import {
  WEBPAY_INTEGRATION,
  WebpayClient,
  WebpayError,
  isWebpayApproved,
  parseWebpayReturn,
  webpayMatchesOrder,
  webpayOptionsFromEnv,
} from '@server/integrations/webpay';
import { PROJECT_ROOT } from './paths';

/** Khipu's public test vector (docs/protocols.md, Khipu): secret, header and the byte-exact body. */
const VECTOR = {
  secret: '1a4cbbbeb8bdb7e1d73572b9cc43ce4ce18f79d9',
  header: 't=1711965600393,s=rq08YUGSaWa1D0RAwhMnJTRHMNmY4ToCn2Gd6G9LaDg=',
  body: String.raw`{"payment_id":"zfxnocsow6mz","receiver_id":990939,"subject":"TEST_COBRO","amount":"1000.0000","discount":"0.0000","currency":"CLP","receipt_url":"https:\/\/s3.amazonaws.com\/staging.notifications.khipu.com\/CPKH-1804240956-zfxnocsow6mz.pdf","bank":"DemoBank","bank_id":"Bawdf","payer_name":"Cobrador de desarrollo #990.939","payer_email":"test@khipu.com","personal_identifier":"44.444.444-4","bank_account_number":"000000000000444444444","out_of_date_conciliation":false,"transaction_id":"15f836bd-e8a7-4d12-b2f1-56403012b555","authorizer_operation_code":"AUT-20240418-0001","responsible_user_email":"test@khipu.com","payment_method":"simplified_transfer","conciliation_date":"2024-04-18T13:56:54.859Z"}`,
};

async function closedPortUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((r) => server.close(() => r()));
  return `http://127.0.0.1:${port}`;
}

async function caught(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('WebpayClient (transbank-sdk) against the WebPay stand-in', () => {
  let mock: WebpayMock;
  let client: WebpayClient;
  let seq = 0;
  const input = (extra: Partial<{ buyOrder: string; sessionId: string; amount: number; returnUrl: string }> = {}) => ({
    buyOrder: `OC${String(++seq).padStart(6, '0')}`,
    sessionId: `user-7-${seq}`,
    amount: 45990,
    returnUrl: 'http://127.0.0.1:3000/api/payments/webpay/return',
    ...extra,
  });

  beforeAll(async () => {
    mock = await startWebpayMock();
    client = new WebpayClient({ baseUrl: mock.url, timeoutMs: 2000 });
  });
  afterAll(async () => { await mock.close(); });
  afterEach(() => {
    mock.setFaults({ errorRate: 0, refuse: false, hang: false });
  });

  it('defaults to the public integration credentials; reads WEBPAY_* from the environment', () => {
    expect(new WebpayClient().baseUrl).toBe('https://webpay3gint.transbank.cl');
    expect(mock.commerceCode).toBe(WEBPAY_INTEGRATION.commerceCode);
    expect(mock.apiKey).toBe(WEBPAY_INTEGRATION.apiKey);
    expect(webpayOptionsFromEnv({})).toEqual({
      baseUrl: undefined, commerceCode: '597055555532', apiKey: WEBPAY_INTEGRATION.apiKey, timeoutMs: undefined,
    });
    expect(webpayOptionsFromEnv({ WEBPAY_BASE_URL: 'https://webpay3g.transbank.cl', WEBPAY_COMMERCE_CODE: '597012345678', WEBPAY_API_KEY: 'k', WEBPAY_TIMEOUT_MS: '5000' }))
      .toEqual({ baseUrl: 'https://webpay3g.transbank.cl', commerceCode: '597012345678', apiKey: 'k', timeoutMs: 5000 });
  });

  it('create → pay → commit: approved, matching the order; status answers the same', async () => {
    const order = input();
    const created = await client.create(order);
    expect(created.token).toHaveLength(64);
    expect(created.url).toBe(`${mock.url}/webpayserver/initTransaction`);
    const ret = mock.pay(created.token, 'visa', { installments: 3 });
    const back = parseWebpayReturn(ret.params);
    expect(back).toEqual({ kind: 'normal', token: created.token });

    const tx = await client.commit(created.token);
    expect(isWebpayApproved(tx)).toBe(true);
    expect(webpayMatchesOrder(tx, { buyOrder: order.buyOrder, amount: order.amount })).toBe(true);
    expect(webpayMatchesOrder(tx, { buyOrder: order.buyOrder, amount: order.amount + 1 })).toBe(false);
    expect(tx).toMatchObject({ card_detail: { card_number: '6623' }, payment_type_code: 'SI', installments_number: 3, authorization_code: '1213' });
    expect(await client.status(created.token)).toEqual(tx);
  });

  it('a rejected card commits as not approved', async () => {
    const { token } = await client.create(input());
    mock.pay(token, 'mastercard');
    const tx = await client.commit(token);
    expect(tx.status).toBe('FAILED');
    expect(isWebpayApproved(tx)).toBe(false);
    expect(isWebpayApproved({ response_code: 0, status: 'FAILED' })).toBe(false);
  });

  it('refund: whole amount right after commit is REVERSED; a partial one NULLIFIED with the balance', async () => {
    const a = await client.create(input({ amount: 1000 }));
    mock.pay(a.token, 'debit');
    await client.commit(a.token);
    expect(await client.refund(a.token, 1000)).toEqual({ type: 'REVERSED' });

    const b = await client.create(input({ amount: 1000 }));
    mock.pay(b.token, 'visa');
    await client.commit(b.token);
    expect(await client.refund(b.token, 300)).toMatchObject({ type: 'NULLIFIED', nullified_amount: 300, balance: 700, response_code: 0 });
  });

  it('a second commit is a WebpayError 422 with Transbank\'s message', async () => {
    const { token } = await client.create(input());
    mock.pay(token, 'visa');
    await client.commit(token);
    const error = await caught(() => client.commit(token));
    expect(error).toBeInstanceOf(WebpayError);
    expect(error).toMatchObject({ name: 'WebpayError', status: 422, code: 'WEBPAY_REJECTED', operation: 'commit', retryable: false });
    expect((error as Error).message).toMatch(/^Invalid status '\d+' for transaction while authorizing/);
  });

  it('aborted, timed-out and error returns are classified and their commits refused', async () => {
    const a = await client.create(input());
    const aborted = parseWebpayReturn(mock.pay(a.token, 'abort').params);
    expect(aborted).toMatchObject({ kind: 'aborted', token: a.token });
    expect(await caught(() => client.commit(a.token))).toMatchObject({ status: 422, code: 'WEBPAY_REJECTED' });

    const t = await client.create(input());
    const tRet = mock.pay(t.token, 'timeout', { method: 'GET' });
    expect(parseWebpayReturn(new URL(tRet.href).searchParams)).toEqual({
      kind: 'timeout', buyOrder: mock.transaction(t.token)!.buyOrder, sessionId: mock.transaction(t.token)!.sessionId,
    });
    expect(await caught(() => client.commit(t.token))).toMatchObject({ status: 422, message: 'Transaction has an invalid finished state: aborted' });

    const e = await client.create(input());
    expect(parseWebpayReturn(mock.pay(e.token, 'error').params)).toMatchObject({ kind: 'error', token: e.token, tbkToken: e.token });
    expect(parseWebpayReturn({})).toEqual({ kind: 'invalid' });
    expect(parseWebpayReturn({ token_ws: ['x'] })).toEqual({ kind: 'normal', token: 'x' });
  });

  it('maps 401, 404, 500, a hang, a refused connection and the SDK\'s own argument checks', async () => {
    const wrongKey = new WebpayClient({ baseUrl: mock.url, apiKey: 'otra' });
    expect(await caught(() => wrongKey.create(input()))).toMatchObject({ status: 401, code: 'WEBPAY_AUTH', message: 'Not Authorized', operation: 'create' });

    expect(await caught(() => client.status('f'.repeat(64)))).toMatchObject({ status: 404, code: 'WEBPAY_NOT_FOUND', message: 'Transaction not found' });

    mock.setFaults({ errorRate: 1 });
    const fault = await caught(() => client.create(input()));
    expect(fault).toMatchObject({ status: 500, code: 'WEBPAY_UNAVAILABLE', retryable: true });
    mock.setFaults({ errorRate: 0, hang: true });
    const quick = new WebpayClient({ baseUrl: mock.url, timeoutMs: 200 });
    expect(await caught(() => quick.create(input()))).toMatchObject({ status: 0, code: 'WEBPAY_TIMEOUT', retryable: true });
    mock.setFaults({ hang: false });

    const nowhere = new WebpayClient({ baseUrl: await closedPortUrl(), timeoutMs: 2000 });
    expect(await caught(() => nowhere.status('f'.repeat(64)))).toMatchObject({ status: 0, code: 'WEBPAY_UNAVAILABLE', retryable: true });

    expect(await caught(() => client.create(input({ buyOrder: 'X'.repeat(27) })))).toMatchObject({
      status: 0, code: 'WEBPAY_INVALID_REQUEST', message: expect.stringContaining('buyOrder'),
    });
    expect(await caught(() => client.create(input({ amount: 0 })))).toMatchObject({ status: 422, code: 'WEBPAY_REJECTED', message: 'Invalid value for parameter: amount' });
  });

  it('accepts a base URL given with a trailing slash or with the API prefix', async () => {
    for (const baseUrl of [`${mock.url}/`, `${mock.url}/rswebpaytransaction/api/webpay/v1.2`]) {
      const c = new WebpayClient({ baseUrl });
      expect(c.baseUrl).toBe(mock.url);
      expect((await c.create(input())).token).toHaveLength(64);
    }
  });

  it('loads under native ESM (tsx), where the CommonJS SDK only exposes a default export', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'webpay-esm-'));
    const script = path.join(dir, 'check.mts');
    writeFileSync(script, `
import { WebpayClient } from ${JSON.stringify(path.join(PROJECT_ROOT, 'src/server/integrations/webpay.ts'))};
const c = new WebpayClient({ baseUrl: ${JSON.stringify(mock.url)} });
const created = await c.create({ buyOrder: 'ESM1', sessionId: 's', amount: 990, returnUrl: 'http://127.0.0.1/r' });
console.log(created.token.length);
`);
    try {
      const out = await new Promise<string>((resolve, reject) => {
        execFile(path.join(PROJECT_ROOT, 'node_modules/.bin/tsx'), [script], { cwd: PROJECT_ROOT, timeout: 30_000 }, (err, stdout, stderr) =>
          err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(stdout));
      });
      expect(out.trim()).toBe('64');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 40_000);
});

describe('KhipuClient against the Khipu stand-in', () => {
  let mock: KhipuMock;
  let client: KhipuClient;

  beforeAll(async () => {
    mock = await startKhipuMock({ verifyDelayMs: 5, notifyRetry: { initialDelayMs: 20, factor: 2, maxAttempts: 4 } });
    client = new KhipuClient({ baseUrl: mock.url, apiKey: mock.apiKey, timeoutMs: 2000 });
  });
  afterAll(async () => { await mock.close(); });
  afterEach(() => {
    mock.setFaults({ errorRate: 0, refuse: false, hang: false });
  });

  const create = (extra: Record<string, unknown> = {}) =>
    client.createPayment({ amount: 25990, currency: 'CLP', subject: 'Pedido OC000321', transaction_id: 'OC000321', ...extra });

  it('reads KHIPU_* from the environment', () => {
    expect(khipuOptionsFromEnv({})).toEqual({ baseUrl: undefined, apiKey: undefined, secret: undefined, receiverId: undefined });
    expect(khipuOptionsFromEnv({ KHIPU_BASE_URL: 'https://payment-api.khipu.com', KHIPU_API_KEY: 'k', KHIPU_SECRET: 's', KHIPU_RECEIVER_ID: '990939' }))
      .toEqual({ baseUrl: 'https://payment-api.khipu.com', apiKey: 'k', secret: 's', receiverId: 990939 });
    expect(new KhipuClient({ apiKey: 'k' }).baseUrl).toBe('https://payment-api.khipu.com');
  });

  it('createPayment → getPayment → paid; notify_api_version defaults to 3.0 with a notify_url', async () => {
    const created = await create({ notify_url: 'http://127.0.0.1:1/notify' });
    expect(created.payment_id).toMatch(/^[a-z0-9]{12}$/);
    expect(created.payment_url).toBe(`${mock.url}/payment/info/${created.payment_id}`);
    const pending = await client.getPayment(created.payment_id);
    expect(pending).toMatchObject({ status: 'pending', status_detail: 'pending', amount: 25990, transaction_id: 'OC000321', notify_api_version: '3.0', receiver_id: mock.receiverId });
    expect(isKhipuPaid(pending)).toBe(false);
    mock.setNotifyRetry({ maxAttempts: 1 });
    await mock.pay(created.payment_id);
    const done = await client.getPayment(created.payment_id);
    expect(done).toMatchObject({ status: 'done', status_detail: 'normal' });
    expect(isKhipuPaid(done)).toBe(true);
    mock.setNotifyRetry({ maxAttempts: 4 });
  });

  it('rejected payments are done but not paid', async () => {
    const { payment_id } = await create();
    mock.reject(payment_id);
    const p = await client.getPayment(payment_id);
    expect(p).toMatchObject({ status: 'done', status_detail: 'rejected-by-payer' });
    expect(isKhipuPaid(p)).toBe(false);
  });

  it('deletePayment, confirmPayment, refundPayment and getBanks answer their messages', async () => {
    const a = await create();
    expect(await client.deletePayment(a.payment_id)).toEqual({ message: expect.any(String) });
    expect(await caught(() => client.getPayment(a.payment_id))).toMatchObject({ status: 404, code: 'KHIPU_NOT_FOUND' });

    const b = await create({ amount: 5000 });
    await mock.pay(b.payment_id);
    expect(await client.refundPayment(b.payment_id, 1000)).toEqual({ message: expect.any(String) });
    expect(await client.refundPayment(b.payment_id)).toEqual({ message: expect.any(String) });
    expect((await client.getPayment(b.payment_id)).status_detail).toBe('reversed');

    const c = await create();
    await mock.pay(c.payment_id);
    expect(await client.confirmPayment(c.payment_id)).toEqual({ message: expect.any(String) });
    expect(await caught(() => client.confirmPayment(c.payment_id))).toMatchObject({ status: 400, code: 'KHIPU_INVALID_REQUEST' });

    expect((await client.getBanks()).map((bank) => bank.bank_id)).toContain('Bawdf');
  });

  it('amounts sent as 4-decimal strings are parsed', async () => {
    const { payment_id } = await create();
    const stringly: KhipuFetch = async (url, init) => {
      const res = await fetch(url, init);
      const body = (await res.json()) as Record<string, unknown>;
      return new Response(JSON.stringify({ ...body, amount: `${String(body.amount)}.0000` }), { status: res.status });
    };
    const c = new KhipuClient({ baseUrl: mock.url, apiKey: mock.apiKey, fetch: stringly });
    expect((await c.getPayment(payment_id)).amount).toBe(25990);
    expect(parseKhipuAmount('1000.0000')).toBe(1000);
    expect(parseKhipuAmount(1000)).toBe(1000);
    expect(parseKhipuAmount('mil')).toBeNaN();
  });

  it('maps 401, 400 with field errors, 404, 500, a hang and a refused connection to KhipuError', async () => {
    const wrongKey = new KhipuClient({ baseUrl: mock.url, apiKey: 'otra' });
    expect(await caught(() => wrongKey.getBanks())).toMatchObject({ name: 'KhipuError', status: 401, code: 'KHIPU_AUTH' });

    const invalid = await caught(() => create({ subject: '' }));
    expect(invalid).toBeInstanceOf(KhipuError);
    expect(invalid).toMatchObject({ status: 400, code: 'KHIPU_INVALID_REQUEST', errors: [expect.objectContaining({ field: 'subject' })] });

    expect(await caught(() => client.getPayment('zzzzzzzzzzzz'))).toMatchObject({ status: 404, code: 'KHIPU_NOT_FOUND' });

    mock.setFaults({ errorRate: 1 });
    expect(await caught(() => client.getBanks())).toMatchObject({ status: 500, code: 'KHIPU_UNAVAILABLE', retryable: true });
    mock.setFaults({ errorRate: 0, hang: true });
    const quick = new KhipuClient({ baseUrl: mock.url, apiKey: mock.apiKey, timeoutMs: 150 });
    expect(await caught(() => quick.getBanks())).toMatchObject({ status: 0, code: 'KHIPU_TIMEOUT', retryable: true });
    mock.setFaults({ hang: false });
    const nowhere = new KhipuClient({ baseUrl: await closedPortUrl(), apiKey: 'k' });
    expect(await caught(() => nowhere.getBanks())).toMatchObject({ status: 0, code: 'KHIPU_UNAVAILABLE' });
  });

  it('a notification from the stand-in verifies with the merchant secret and parses', async () => {
    const received: Array<{ ok: boolean; raw: Buffer }> = [];
    const merchant = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks);
        const ok = verifyNotificationSignature(raw, req.headers['x-khipu-signature'], mock.secret, { toleranceMs: 5 * 60_000 });
        received.push({ ok, raw });
        res.writeHead(ok ? 200 : 400).end();
      });
    });
    await new Promise<void>((r) => merchant.listen(0, '127.0.0.1', r));
    try {
      const port = (merchant.address() as { port: number }).port;
      const { payment_id } = await create({ amount: 13500, notify_url: `http://127.0.0.1:${port}/notify` });
      await mock.pay(payment_id);
      const attempts = await mock.waitForNotification(payment_id);
      expect(attempts.map((a) => a.delivered)).toEqual([true]);
      expect(received).toHaveLength(1);
      expect(received[0].ok).toBe(true);
      const n = parseKhipuNotification(received[0].raw);
      expect(n).toMatchObject({ payment_id, amount: 13500, receiver_id: mock.receiverId, transaction_id: 'OC000321' });
      expect(verifyNotificationSignature(received[0].raw, attempts[0].signature, 'otro-secreto')).toBe(false);
    } finally {
      await new Promise<void>((r) => merchant.close(() => r()));
    }
  });
});

describe('verifyNotificationSignature', () => {
  it("accepts Khipu's public test vector, as a string and as bytes", () => {
    expect(verifyNotificationSignature(VECTOR.body, VECTOR.header, VECTOR.secret)).toBe(true);
    expect(verifyNotificationSignature(Buffer.from(VECTOR.body, 'utf8'), VECTOR.header, VECTOR.secret)).toBe(true);
    expect(verifyNotificationSignature(VECTOR.body, [VECTOR.header], VECTOR.secret)).toBe(true);
  });

  it('rejects a tampered or re-serialised body, another secret or another timestamp', () => {
    expect(verifyNotificationSignature(VECTOR.body.replace('"1000.0000"', '"9000.0000"'), VECTOR.header, VECTOR.secret)).toBe(false);
    expect(verifyNotificationSignature(`${VECTOR.body}\n`, VECTOR.header, VECTOR.secret)).toBe(false);
    // JSON.stringify drops the escaped slashes: the signature covers the raw bytes, not the data.
    expect(verifyNotificationSignature(JSON.stringify(JSON.parse(VECTOR.body)), VECTOR.header, VECTOR.secret)).toBe(false);
    expect(verifyNotificationSignature(VECTOR.body, VECTOR.header, 'x'.repeat(40))).toBe(false);
    expect(verifyNotificationSignature(VECTOR.body, VECTOR.header, '')).toBe(false);
    expect(verifyNotificationSignature(VECTOR.body, VECTOR.header.replace('t=1711965600393', 't=1711965600394'), VECTOR.secret)).toBe(false);
  });

  it('reads the header with its parts in any order and with spaces; malformed headers fail', () => {
    const [t, s] = VECTOR.header.split(',');
    expect(verifyNotificationSignature(VECTOR.body, `${s}, ${t}`, VECTOR.secret)).toBe(true);
    expect(parseKhipuSignatureHeader(VECTOR.header)).toEqual({ timestamp: '1711965600393', signature: 'rq08YUGSaWa1D0RAwhMnJTRHMNmY4ToCn2Gd6G9LaDg=' });
    for (const bad of [undefined, null, '', t, s, 'garbage', 't=abc,s=rq08', `t=1711965600393,s=${'!'.repeat(44)}`, 't=1711965600393,s=AAAA']) {
      expect(verifyNotificationSignature(VECTOR.body, bad, VECTOR.secret)).toBe(false);
    }
  });

  it('optionally refuses old timestamps', () => {
    const t = 1711965600393;
    expect(verifyNotificationSignature(VECTOR.body, VECTOR.header, VECTOR.secret, { toleranceMs: 300_000, now: t + 60_000 })).toBe(true);
    expect(verifyNotificationSignature(VECTOR.body, VECTOR.header, VECTOR.secret, { toleranceMs: 300_000, now: t + 600_000 })).toBe(false);
    expect(verifyNotificationSignature(VECTOR.body, VECTOR.header, VECTOR.secret, { toleranceMs: 300_000 })).toBe(false);
  });

  it('parses the vector as a notification with amount and receiver_id as numbers', () => {
    expect(parseKhipuNotification(VECTOR.body)).toMatchObject({
      payment_id: 'zfxnocsow6mz', receiver_id: 990939, amount: 1000, currency: 'CLP',
      receipt_url: 'https://s3.amazonaws.com/staging.notifications.khipu.com/CPKH-1804240956-zfxnocsow6mz.pdf',
    });
    expect(() => parseKhipuNotification('{"nope":1}')).toThrow(KhipuError);
    expect(() => parseKhipuNotification('not json')).toThrow(KhipuError);
  });
});
