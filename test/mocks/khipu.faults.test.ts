// The Khipu stand-in's fault switches: KHIPU_STANDIN_* variables (and the older KHIPU_STANDIN_NOTIFY_DELAY_MS),
// setFaults / faults(), notifications late, failing or not sent, slow verification, and an outage that ends by itself.
import http from 'node:http';
import { INJECTED_NOTIFY_FAILURE, khipuFaultsFromEnv, parseKhipuFaultBody, startKhipuMock, type KhipuMock } from '@mocks/khipu/server';

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('KHIPU_STANDIN_* variables', () => {
  it('read every switch', () => {
    const env = {
      KHIPU_STANDIN_PORT: '8096',
      KHIPU_STANDIN_LATENCY: '2s',
      KHIPU_STANDIN_ERROR_RATE: '100%',
      KHIPU_STANDIN_REFUSE: '0',
      KHIPU_STANDIN_HANG: 'no',
      KHIPU_STANDIN_VERIFY_DELAY: '30s',
      KHIPU_STANDIN_NOTIFY_DELAY: '10m',
      KHIPU_STANDIN_NOTIFY_FAIL_ATTEMPTS: '3',
      KHIPU_STANDIN_NOTIFY_DROP: 'sí',
      KHIPU_STANDIN_FAULTS_FOR: '1h',
    };
    expect(khipuFaultsFromEnv(env)).toEqual({
      change: {
        latencyMs: 2000, errorRate: 1, refuse: false, hang: false, verifyDelayMs: 30_000, notifyDelayMs: 600_000, notifyFailAttempts: 3,
        notifyDrop: true,
      },
      forMs: 3_600_000,
    });
  });

  it('KHIPU_STANDIN_NOTIFY_DELAY_MS, the older name, takes ms (or a duration); the new name wins', () => {
    expect(khipuFaultsFromEnv({ KHIPU_STANDIN_NOTIFY_DELAY_MS: '600000' }).change).toEqual({ notifyDelayMs: 600_000 });
    expect(khipuFaultsFromEnv({ KHIPU_STANDIN_NOTIFY_DELAY_MS: '5s' }).change).toEqual({ notifyDelayMs: 5000 });
    expect(khipuFaultsFromEnv({ KHIPU_STANDIN_NOTIFY_DELAY_MS: '1', KHIPU_STANDIN_NOTIFY_DELAY: '2m' }).change).toEqual({ notifyDelayMs: 120_000 });
  });

  it('refuse values that do not fit, in Spanish', () => {
    expect(() => khipuFaultsFromEnv({ KHIPU_STANDIN_NOTIFY_FAIL_ATTEMPTS: 'muchos' })).toThrow('KHIPU_STANDIN_NOTIFY_FAIL_ATTEMPTS inválido: «muchos»; se espera un número entero');
    expect(() => khipuFaultsFromEnv({ KHIPU_STANDIN_NOTIFY_DELAY_MS: 'tarde' })).toThrow('KHIPU_STANDIN_NOTIFY_DELAY_MS inválido: «tarde»');
    expect(() => parseKhipuFaultBody({ notifyLate: true })).toThrow('Falla desconocida para el sustituto de Khipu: «notifyLate»');
  });
});

/** A merchant endpoint that answers 200 and records when each notification arrived. */
async function startMerchant(): Promise<{ url: string; received: number[]; close(): Promise<void> }> {
  const received: number[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push(Date.now());
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}/notify`,
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe('Khipu stand-in switches', () => {
  let mock: KhipuMock;
  let merchant: Awaited<ReturnType<typeof startMerchant>>;
  let seq = 0;
  const api = (method: string, path: string, body?: unknown): Promise<Response> =>
    fetch(`${mock.url}${path}`, { method, headers: { 'x-api-key': mock.apiKey, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const create = async (): Promise<string> => {
    seq += 1;
    const res = await api('POST', '/v3/payments', { amount: 1000, currency: 'CLP', subject: `Pedido ${seq}`, transaction_id: `OC${seq}`, notify_url: merchant.url });
    expect(res.status).toBe(200);
    return ((await res.json()) as { payment_id: string }).payment_id;
  };

  beforeAll(async () => {
    merchant = await startMerchant();
    mock = await startKhipuMock({ verifyDelayMs: 10, notifyRetry: { initialDelayMs: 50, factor: 1 } });
  });
  afterEach(() => mock.resetFaults());
  afterAll(async () => {
    await mock.close();
    await merchant.close();
  });

  it('faults() shows the switches, verifyDelayMs among them', () => {
    expect(mock.faults()).toEqual({
      latencyMs: 0, errorRate: 0, refuse: false, hang: false, verifyDelayMs: 10, notifyDelayMs: 0, notifyFailAttempts: 0, notifyDrop: false,
    });
    mock.setVerification({ verifyDelayMs: 20 });
    expect(mock.faults().verifyDelayMs).toBe(20);
  });

  it('notifies late', async () => {
    mock.setFaults({ notifyDelayMs: 300 });
    const id = await create();
    const before = merchant.received.length;
    const paidAt = Date.now();
    await mock.pay(id);
    await sleep(150);
    expect(merchant.received.length).toBe(before);
    const attempts = await mock.waitForNotification(id, 2000);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]!.at - paidAt).toBeGreaterThanOrEqual(290);
  });

  it('notifications fail a number of times, then get through on the retry schedule', async () => {
    mock.setFaults({ notifyFailAttempts: 2 });
    const id = await create();
    await mock.pay(id);
    const attempts = await mock.waitForNotification(id, 2000);
    expect(attempts.map((a) => [a.attempt, a.delivered, a.error])).toEqual([
      [1, false, INJECTED_NOTIFY_FAILURE],
      [2, false, INJECTED_NOTIFY_FAILURE],
      [3, true, undefined],
    ]);
  });

  it('notifications not sent: the merchant only learns by reading the payment', async () => {
    mock.setFaults({ notifyDrop: true });
    const id = await create();
    const before = merchant.received.length;
    await mock.pay(id);
    expect(await mock.waitForNotification(id, 500)).toEqual([]);
    await sleep(100);
    expect(merchant.received.length).toBe(before);
    expect(((await (await api('GET', `/v3/payments/${id}`)).json()) as { status: string }).status).toBe('done');
  });

  it('Khipu down for a while, then it answers by itself; pages stay up', async () => {
    const id = await create();
    mock.setFaults({ hang: true, forMs: 300 });
    await expect(fetch(`${mock.url}/v3/banks`, { headers: { 'x-api-key': mock.apiKey }, signal: AbortSignal.timeout(100) })).rejects.toMatchObject({ name: 'TimeoutError' });
    expect((await fetch(`${mock.url}/payment/info/${id}`)).status).toBe(200);
    await sleep(350);
    expect((await api('GET', '/v3/banks')).status).toBe(200);
  });
});
