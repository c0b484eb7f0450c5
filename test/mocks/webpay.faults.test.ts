// The WebPay stand-in's fault switches: WEBPAY_STANDIN_* variables, setFaults / faults(), slow commit and status,
// "WebPay slow for a while" that ends by itself, and the status-before-commit switch.
import {
  parseWebpayFaultBody, startWebpayMock, WEBPAY_API_PREFIX, WEBPAY_INTEGRATION_API_KEY, WEBPAY_INTEGRATION_COMMERCE_CODE,
  webpayFaultsFromEnv, type WebpayMock,
} from '@mocks/webpay/server';

const KEYS = { 'Tbk-Api-Key-Id': WEBPAY_INTEGRATION_COMMERCE_CODE, 'Tbk-Api-Key-Secret': WEBPAY_INTEGRATION_API_KEY, 'Content-Type': 'application/json' };
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('WEBPAY_STANDIN_* variables', () => {
  it('read every switch', () => {
    const env = {
      WEBPAY_STANDIN_PORT: '8095',
      WEBPAY_STANDIN_LATENCY: '8s',
      WEBPAY_STANDIN_ERROR_RATE: '0.25',
      WEBPAY_STANDIN_REFUSE: 'no',
      WEBPAY_STANDIN_HANG: 'off',
      WEBPAY_STANDIN_LOSE_ANSWER: 'true',
      WEBPAY_STANDIN_COMMIT_DELAY: '20s',
      WEBPAY_STANDIN_STATUS_DELAY: '1.5s',
      WEBPAY_STANDIN_STATUS_BEFORE_COMMIT: 'misleading',
    };
    expect(webpayFaultsFromEnv(env)).toEqual({
      change: {
        latencyMs: 8000, errorRate: 0.25, refuse: false, hang: false, loseAnswer: true, commitDelayMs: 20_000, statusDelayMs: 1500,
        statusBeforeCommit: 'misleading',
      },
      forMs: undefined,
    });
  });

  it('refuse values that do not fit, in Spanish', () => {
    expect(() => webpayFaultsFromEnv({ WEBPAY_STANDIN_LATENCY: 'lento' })).toThrow('WEBPAY_STANDIN_LATENCY inválido: «lento»; se espera una duración con unidad');
    expect(() => webpayFaultsFromEnv({ WEBPAY_STANDIN_STATUS_BEFORE_COMMIT: 'authorized' })).toThrow('se espera uno de: initialized, misleading');
    expect(() => parseWebpayFaultBody({ slow: true })).toThrow('Falla desconocida para el sustituto de WebPay: «slow»');
  });
});

describe('WebPay stand-in switches', () => {
  let mock: WebpayMock;
  let seq = 0;
  const api = (method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<Response> =>
    fetch(`${mock.url}${WEBPAY_API_PREFIX}${path}`, { method, headers: KEYS, body: body === undefined ? undefined : JSON.stringify(body), signal });
  const create = async (): Promise<string> => {
    seq += 1;
    const res = await api('POST', '/transactions', { buy_order: `OCF${seq}`, session_id: `s${seq}`, amount: 1000, return_url: 'https://tienda.example.cl/retorno' });
    expect(res.status).toBe(200);
    return ((await res.json()) as { token: string }).token;
  };

  beforeAll(async () => { mock = await startWebpayMock(); });
  afterEach(() => mock.resetFaults());
  afterAll(async () => { await mock.close(); });

  it('faults() shows the switches; setLatency and setBehaviour are switches too', () => {
    expect(mock.faults()).toEqual({
      latencyMs: 0, errorRate: 0, refuse: false, hang: false, loseAnswer: false, commitDelayMs: 0, statusDelayMs: 0, statusBeforeCommit: 'initialized',
    });
    mock.setLatency(20);
    mock.setBehaviour({ statusBeforeCommit: 'misleading' });
    expect(mock.faults()).toMatchObject({ latencyMs: 20, statusBeforeCommit: 'misleading' });
  });

  it('"WebPay slow for a while": the API answers late until the time is up', async () => {
    mock.setFaults({ latencyMs: 300, forMs: 500 });
    let started = Date.now();
    await create();
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
    await sleep(550);
    started = Date.now();
    await create();
    expect(Date.now() - started).toBeLessThan(250);
  });

  it('a slow commit is carried out after its delay even when the merchant gave up', async () => {
    const token = await create();
    mock.pay(token, 'visa');
    mock.setFaults({ commitDelayMs: 300 });
    await expect(api('PUT', `/transactions/${token}`, undefined, AbortSignal.timeout(100))).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(mock.transaction(token)?.commits).toBe(0);
    await sleep(350);
    expect(mock.transaction(token)).toMatchObject({ commits: 1, status: 'AUTHORIZED' });
    mock.setFaults({ commitDelayMs: 0 });
    expect((await api('PUT', `/transactions/${token}`)).status).toBe(422);
  });

  it('a slow status answers late; status-before-commit can mislead', async () => {
    const token = await create();
    mock.pay(token, 'visa');
    mock.setFaults({ statusDelayMs: 200, statusBeforeCommit: 'misleading' });
    const started = Date.now();
    const res = await api('GET', `/transactions/${token}`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(((await res.json()) as { status: string }).status).toBe('AUTHORIZED');
    mock.resetFaults();
    expect(((await (await api('GET', `/transactions/${token}`)).json()) as { status: string }).status).toBe('INITIALIZED');
  });

  it('refuse for a while: the API is down, the card form is not', async () => {
    mock.setFaults({ refuse: true, forMs: 300 });
    await expect(api('POST', '/transactions', {})).rejects.toThrow('fetch failed');
    expect((await fetch(`${mock.url}/webpayserver/initTransaction`)).status).toBe(400);
    await sleep(350);
    await create();
  });
});
