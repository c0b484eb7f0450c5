// The Khipu v3 stand-in against Khipu's published v3 protocol: x-api-key, create validation and error bodies, the GET
// view, delete / confirm / refunds, the payer page and its returns, signed notifications (of paid and failed payments)
// and their retries, and the test knobs that send chosen notifications or change Khipu's own record.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import { startKhipuMock, type KhipuMock } from '@mocks/khipu/server';

interface Answer { status: number; body: Record<string, unknown> }

function apiOf(m: KhipuMock) {
  return async (method: string, path: string, body?: unknown, apiKey: string | null = m.apiKey): Promise<Answer> => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (apiKey !== null) headers['x-api-key'] = apiKey;
    const res = await fetch(`${m.url}${path}`, {
      method, headers, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  };
}

/** A merchant endpoint that records every notification (raw body and headers) and answers the next scripted status. */
async function startMerchant(statuses: number[] = []): Promise<{
  url: string;
  received: Array<{ raw: string; signature: string; type?: string; at: number }>;
  close(): Promise<void>;
}> {
  const received: Array<{ raw: string; signature: string; type?: string; at: number }> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ raw: Buffer.concat(chunks).toString('utf8'), signature: String(req.headers['x-khipu-signature'] ?? ''), type: req.headers['content-type'], at: Date.now() });
      res.writeHead(statuses.shift() ?? 200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/api/payments/khipu/notify`,
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

function checkSignature(raw: string, header: string, secret: string): boolean {
  const m = /^t=(\d+),s=(.+)$/.exec(header);
  if (!m) return false;
  return createHmac('sha256', secret).update(`${m[1]}.${raw}`).digest('base64') === m[2];
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

const payment = (extra: Record<string, unknown> = {}) => ({
  amount: 25990,
  currency: 'CLP',
  subject: 'Pedido OC000123',
  transaction_id: 'OC000123',
  return_url: 'https://tienda.example.cl/pago/khipu/retorno',
  cancel_url: 'https://tienda.example.cl/pago/khipu/cancelado',
  ...extra,
});

describe('Khipu v3 stand-in: API', () => {
  let mock: KhipuMock;
  let api: ReturnType<typeof apiOf>;

  beforeAll(async () => {
    mock = await startKhipuMock({ verifyDelayMs: 10 });
    api = apiOf(mock);
  });
  afterAll(async () => { await mock.close(); });

  const create = async (extra: Record<string, unknown> = {}): Promise<string> => {
    const res = await api('POST', '/v3/payments', payment(extra));
    expect(res.status).toBe(200);
    return res.body.payment_id as string;
  };

  it('401 with a missing or wrong x-api-key', async () => {
    for (const key of [null, 'otra-clave']) {
      const res = await api('POST', '/v3/payments', payment(), key);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ status: 401, message: expect.any(String) });
      expect((await api('GET', '/v3/banks', undefined, key)).status).toBe(401);
    }
  });

  it('create answers a 12-char id and the payer URLs', async () => {
    const res = await api('POST', '/v3/payments', payment());
    expect(res.status).toBe(200);
    const id = res.body.payment_id as string;
    expect(id).toMatch(/^[a-z0-9]{12}$/);
    expect(res.body).toEqual({
      payment_id: id,
      payment_url: `${mock.url}/payment/info/${id}`,
      simplified_transfer_url: `${mock.url}/payment/simplified/${id}`,
      transfer_url: `${mock.url}/payment/manual/${id}`,
      app_url: `khipu:///pos/${id}`,
      ready_for_terminal: false,
    });
  });

  it('GET answers the create fields plus status, status_detail and the rest of the v3 payment', async () => {
    const id = await create({ body: 'Detalle del pedido', custom: '<xml/>', notify_url: 'https://tienda.example.cl/n', notify_api_version: '3.0' });
    const res = await api('GET', `/v3/payments/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      payment_id: id, subject: 'Pedido OC000123', amount: 25990, currency: 'CLP', status: 'pending', status_detail: 'pending',
      transaction_id: 'OC000123', body: 'Detalle del pedido', custom: '<xml/>', receiver_id: mock.receiverId,
      return_url: 'https://tienda.example.cl/pago/khipu/retorno', cancel_url: 'https://tienda.example.cl/pago/khipu/cancelado',
      notify_url: 'https://tienda.example.cl/n', notify_api_version: '3.0', funds_source: '', payment_method: 'not_available',
    });
    for (const field of ['notification_token', 'conciliation_date', 'receipt_url', 'expires_date', 'bank', 'bank_id', 'payer_name',
      'payer_email', 'personal_identifier', 'bank_account_number', 'out_of_date_conciliation', 'responsible_user_email',
      'send_reminders', 'send_email', 'attachment_urls', 'picture_url', 'payment_url', 'simplified_transfer_url', 'transfer_url', 'app_url']) {
      expect(res.body).toHaveProperty(field);
    }
  });

  it('validation errors answer 400 {status, message, errors[{field, message}]}', async () => {
    const res = await api('POST', '/v3/payments', { currency: 'CLP' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 400, message: expect.any(String) });
    const fields = (res.body.errors as Array<{ field: string }>).map((e) => e.field).sort();
    expect(fields).toEqual(['amount', 'subject']);

    const cases: Array<[Record<string, unknown>, string]> = [
      [{ subject: 's'.repeat(256) }, 'subject'],
      [{ amount: 1000.5 }, 'amount'],
      [{ amount: -1 }, 'amount'],
      [{ amount: 'mil' }, 'amount'],
      [{ currency: 'XYZ' }, 'currency'],
      [{ notify_api_version: '1.3' }, 'notify_api_version'],
      [{ return_url: 'notaurl' }, 'return_url'],
      [{ expires_date: '2001-01-01T00:00:00Z' }, 'expires_date'],
      [{ send_email: true }, 'payer_email'],
    ];
    for (const [extra, field] of cases) {
      const bad = await api('POST', '/v3/payments', payment(extra));
      expect(bad.status).toBe(400);
      expect((bad.body.errors as Array<{ field: string }>).map((e) => e.field)).toContain(field);
    }
    expect((await api('POST', '/v3/payments', payment({ subject: 's'.repeat(255) }))).status).toBe(200);
    expect((await api('POST', '/v3/payments', payment({ amount: '1000.0000' }))).status).toBe(200);
    const malformed = await api('POST', '/v3/payments', '{"amount":');
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toBeUndefined();
  });

  it('404 {status, message} for an unknown payment', async () => {
    for (const [method, path] of [['GET', '/v3/payments/zzzzzzzzzzzz'], ['DELETE', '/v3/payments/zzzzzzzzzzzz'], ['POST', '/v3/payments/zzzzzzzzzzzz/confirm']]) {
      const res = await api(method, path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ status: 404, message: expect.any(String) });
    }
  });

  it('delete works on pending payments only', async () => {
    const id = await create();
    const del = await api('DELETE', `/v3/payments/${id}`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ message: expect.any(String) });
    expect((await api('GET', `/v3/payments/${id}`)).status).toBe(404);
    const paid = await create();
    await mock.pay(paid);
    expect((await api('DELETE', `/v3/payments/${paid}`)).status).toBe(400);
  });

  it('pay moves pending → verifying → done/normal with the bank data and conciliation date', async () => {
    const id = await create();
    mock.setVerification({ verifyDelayMs: 60 });
    try {
      const paying = mock.pay(id);
      await sleep(15);
      expect((await api('GET', `/v3/payments/${id}`)).body).toMatchObject({ status: 'verifying', status_detail: 'pending' });
      const done = await paying;
      expect(done).toMatchObject({ status: 'done', status_detail: 'normal', bank: 'DemoBank', bank_id: 'Bawdf', payment_method: 'simplified_transfer' });
      const got = (await api('GET', `/v3/payments/${id}`)).body;
      expect(got.conciliation_date).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(got.receipt_url).toBe(`${mock.url}/payment/receipt/${id}`);
    } finally {
      mock.setVerification({ verifyDelayMs: 10 });
    }
  });

  it('reject gives done/rejected-by-payer (or marked-as-abuse); abandon changes nothing', async () => {
    const a = await create();
    expect(mock.reject(a)).toMatchObject({ status: 'done', status_detail: 'rejected-by-payer', receipt_url: '' });
    const b = await create();
    expect(mock.reject(b, { abuse: true })).toMatchObject({ status: 'done', status_detail: 'marked-as-abuse' });
    const c = await create();
    expect(mock.abandon(c)).toBe('https://tienda.example.cl/pago/khipu/cancelado');
    expect(mock.payment(c)).toMatchObject({ status: 'pending' });
  });

  it('confirm works once on a done payment; refunds go down to reversed and stop after confirm', async () => {
    const id = await create({ amount: 10000 });
    expect((await api('POST', `/v3/payments/${id}/confirm`)).status).toBe(400);
    await mock.pay(id);
    expect(await api('POST', `/v3/payments/${id}/refunds`, { amount: 20000 })).toMatchObject({ status: 400 });
    expect(await api('POST', `/v3/payments/${id}/refunds`, { amount: 4000 })).toEqual({ status: 200, body: { message: expect.any(String) } });
    expect(mock.payment(id)).toMatchObject({ status_detail: 'normal' });
    expect((await api('POST', `/v3/payments/${id}/refunds`)).status).toBe(200);
    expect(mock.payment(id)).toMatchObject({ status: 'done', status_detail: 'reversed' });

    const other = await create();
    await mock.pay(other);
    expect(await api('POST', `/v3/payments/${other}/confirm`)).toEqual({ status: 200, body: { message: expect.any(String) } });
    expect((await api('POST', `/v3/payments/${other}/confirm`)).status).toBe(400);
    expect((await api('POST', `/v3/payments/${other}/refunds`, { amount: 100 })).status).toBe(400);
  });

  it('banks lists the demo banks', async () => {
    const res = await api('GET', '/v3/banks');
    expect(res.status).toBe(200);
    expect(res.body.banks).toEqual(expect.arrayContaining([
      expect.objectContaining({ bank_id: 'Bawdf', name: 'DemoBank', message: expect.any(String), min_amount: expect.any(Number), type: 'Persona', parent: '', logo_url: expect.any(String) }),
    ]));
  });

  it('errorRate answers 500 {status, message}; hang never answers', async () => {
    mock.setFaults({ errorRate: 1 });
    expect(await api('GET', '/v3/banks')).toEqual({ status: 500, body: { status: 500, message: expect.any(String) } });
    mock.setFaults({ errorRate: 0, hang: true });
    await expect(fetch(`${mock.url}/v3/banks`, { headers: { 'x-api-key': mock.apiKey }, signal: AbortSignal.timeout(100) }))
      .rejects.toMatchObject({ name: 'TimeoutError' });
    mock.setFaults({ hang: false });
    expect((await api('GET', '/v3/banks')).status).toBe(200);
  });
});

describe('Khipu v3 stand-in: payer page', () => {
  let mock: KhipuMock;
  let api: ReturnType<typeof apiOf>;

  beforeAll(async () => {
    mock = await startKhipuMock({ verifyDelayMs: 10 });
    api = apiOf(mock);
  });
  afterAll(async () => { await mock.close(); });

  const createUrl = async (extra: Record<string, unknown> = {}): Promise<{ id: string; url: string }> => {
    const res = await api('POST', '/v3/payments', payment(extra));
    return { id: res.body.payment_id as string, url: res.body.payment_url as string };
  };
  const press = (id: string, action: string, fields: Record<string, string> = {}) =>
    fetch(`${mock.url}/payment/${id}/${action}`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString(), redirect: 'manual',
    });

  it('shows the charge in Spanish with a labelled bank choice and the Pagar / Rechazar / Abandonar buttons', async () => {
    const { url } = await createUrl();
    const res = await fetch(url);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('$25.990');
    expect(html).toContain('Pedido OC000123');
    expect(html).toMatch(/<label for="bank_id">Banco<\/label>/);
    expect(html).toContain('>Pagar</button>');
    expect(html).toContain('>Rechazar el pago</button>');
    expect(html).toContain('>Abandonar y volver al comercio</button>');
  });

  it('Pagar goes to return_url as it was given (Khipu adds nothing) and the payment is verified', async () => {
    const { id } = await createUrl();
    const res = await press(id, 'pay', { bank_id: 'Bawdg' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('https://tienda.example.cl/pago/khipu/retorno');
    expect(mock.payment(id)).toMatchObject({ status: 'verifying', bank_id: 'Bawdg' });
    await sleep(40);
    expect(mock.payment(id)).toMatchObject({ status: 'done', status_detail: 'normal' });
    expect(await (await fetch(`${mock.url}/payment/info/${id}`)).text()).toContain('ya está pagado');
  });

  it('Rechazar goes to cancel_url with the payment done/rejected-by-payer; Abandonar leaves it pending', async () => {
    const a = await createUrl();
    const rejected = await press(a.id, 'reject');
    expect(rejected.status).toBe(303);
    expect(rejected.headers.get('location')).toBe('https://tienda.example.cl/pago/khipu/cancelado');
    expect(mock.payment(a.id)).toMatchObject({ status: 'done', status_detail: 'rejected-by-payer' });
    const b = await createUrl();
    const left = await press(b.id, 'abandon');
    expect(left.headers.get('location')).toBe('https://tienda.example.cl/pago/khipu/cancelado');
    expect(mock.payment(b.id)).toMatchObject({ status: 'pending' });
  });

  it('without return_url the payer sees a verifying page; unknown payments are 404', async () => {
    const { id } = await createUrl({ return_url: undefined, cancel_url: undefined });
    const res = await press(id, 'pay');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('verificando');
    expect((await fetch(`${mock.url}/payment/info/zzzzzzzzzzzz`)).status).toBe(404);
  });
});

describe('Khipu v3 stand-in: notifications', () => {
  let mock: KhipuMock;
  let api: ReturnType<typeof apiOf>;

  beforeAll(async () => {
    mock = await startKhipuMock({ verifyDelayMs: 5, notifyRetry: { initialDelayMs: 30, factor: 2, maxAttempts: 5, attemptTimeoutMs: 500 } });
    api = apiOf(mock);
  });
  afterAll(async () => { await mock.close(); });

  const create = async (notifyUrl: string, extra: Record<string, unknown> = {}): Promise<string> =>
    (await api('POST', '/v3/payments', payment({ notify_url: notifyUrl, notify_api_version: '3.0', ...extra }))).body.payment_id as string;

  it('on completion POSTs the payment to notify_url signed with t=<ms>,s=base64(HMAC-SHA256(secret, t.rawBody))', async () => {
    const merchant = await startMerchant();
    try {
      const id = await create(merchant.url, { amount: 1000, payer_email: 'compras@cliente.cl' });
      await mock.pay(id);
      const attempts = await mock.waitForNotification(id);
      expect(attempts).toHaveLength(1);
      expect(attempts[0]).toMatchObject({ attempt: 1, status: 200, delivered: true, url: merchant.url });
      expect(merchant.received).toHaveLength(1);
      const { raw, signature, type } = merchant.received[0];
      expect(type).toBe('application/json');
      expect(signature).toMatch(/^t=\d{13},s=[A-Za-z0-9+/]+=*$/);
      expect(checkSignature(raw, signature, mock.secret)).toBe(true);
      expect(checkSignature(raw, signature, 'otro-secreto')).toBe(false);
      expect(checkSignature(`${raw} `, signature, mock.secret)).toBe(false);
      // Byte-exact body as Khipu writes it: escaped slashes, amount as a 4-decimal string.
      expect(raw).toContain(`"receipt_url":"${mock.url.replace(/\//g, '\\/')}\\/payment\\/receipt\\/${id}"`);
      const body = JSON.parse(raw) as Record<string, unknown>;
      expect(body).toMatchObject({
        payment_id: id, receiver_id: mock.receiverId, subject: 'Pedido OC000123', amount: '1000.0000', discount: '0.0000', currency: 'CLP',
        transaction_id: 'OC000123', payer_email: 'compras@cliente.cl', payment_method: 'simplified_transfer', out_of_date_conciliation: false,
      });
      expect(Object.keys(body)).toEqual(['payment_id', 'receiver_id', 'subject', 'amount', 'discount', 'currency', 'receipt_url', 'bank', 'bank_id',
        'payer_name', 'payer_email', 'personal_identifier', 'bank_account_number', 'out_of_date_conciliation', 'transaction_id',
        'authorizer_operation_code', 'responsible_user_email', 'payment_method', 'conciliation_date']);
    } finally {
      await merchant.close();
    }
  });

  it('retries with growing delays until the merchant answers 200, each attempt freshly signed', async () => {
    const merchant = await startMerchant([500, 503]);
    try {
      const id = await create(merchant.url);
      await mock.pay(id);
      const attempts = await mock.waitForNotification(id, 3000);
      expect(attempts.map((a) => [a.attempt, a.status, a.delivered])).toEqual([[1, 500, false], [2, 503, false], [3, 200, true]]);
      for (const r of merchant.received) expect(checkSignature(r.raw, r.signature, mock.secret)).toBe(true);
      const gap1 = merchant.received[1].at - merchant.received[0].at;
      const gap2 = merchant.received[2].at - merchant.received[1].at;
      expect(gap1).toBeGreaterThanOrEqual(25);
      expect(gap2).toBeGreaterThanOrEqual(55);
    } finally {
      await merchant.close();
    }
  });

  it('gives up after maxAttempts; unreachable endpoints count as failed attempts', async () => {
    mock.setNotifyRetry({ initialDelayMs: 5, factor: 1, maxAttempts: 3 });
    try {
      const merchant = await startMerchant([500, 500, 500, 500]);
      const closedUrl = merchant.url;
      await merchant.close();
      const id = await create(closedUrl);
      await mock.pay(id);
      const attempts = await mock.waitForNotification(id, 3000);
      expect(attempts).toHaveLength(3);
      expect(attempts.every((a) => !a.delivered && a.error !== undefined)).toBe(true);
    } finally {
      mock.setNotifyRetry({ initialDelayMs: 30, factor: 2, maxAttempts: 5 });
    }
  });

  it('a payment the payer rejects (or marks as abuse) is notified too, with the same signed body; none without notify_url', async () => {
    const merchant = await startMerchant();
    try {
      const a = await create(merchant.url);
      expect(mock.reject(a)).toMatchObject({ status: 'done', status_detail: 'rejected-by-payer' });
      const abused = await create(merchant.url);
      mock.reject(abused, { abuse: true });
      const b = (await api('POST', '/v3/payments', payment())).body.payment_id as string;
      await mock.pay(b);
      expect((await mock.waitForNotification(a)).map((n) => n.delivered)).toEqual([true]);
      expect((await mock.waitForNotification(abused)).map((n) => n.delivered)).toEqual([true]);
      await sleep(30);
      expect(mock.notifications(b)).toEqual([]);
      expect(merchant.received).toHaveLength(2);
      for (const r of merchant.received) expect(checkSignature(r.raw, r.signature, mock.secret)).toBe(true);
      const bodies = merchant.received.map((r) => JSON.parse(r.raw) as Record<string, unknown>);
      expect(bodies.map((x) => x.payment_id).sort()).toEqual([a, abused].sort());
      expect(bodies[0]).toMatchObject({ receiver_id: mock.receiverId, amount: '25990.0000', currency: 'CLP', transaction_id: 'OC000123', receipt_url: '' });
      expect(Object.keys(bodies[0]!)).toContain('conciliation_date');
    } finally {
      await merchant.close();
    }
  });

  it('the payer page\'s Rechazar also notifies', async () => {
    const merchant = await startMerchant();
    try {
      const id = await create(merchant.url);
      const res = await fetch(`${mock.url}/payment/${id}/reject`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '', redirect: 'manual' });
      expect(res.status).toBe(303);
      expect((await mock.waitForNotification(id)).map((n) => [n.status, n.delivered])).toEqual([[200, true]]);
      expect(JSON.parse(merchant.received[0]!.raw)).toMatchObject({ payment_id: id });
    } finally {
      await merchant.close();
    }
  });

  it('notify() sends one chosen notification now: another timestamp, secret, fields or raw body; never retried', async () => {
    const merchant = await startMerchant([200, 200, 200, 200, 500]);
    try {
      const id = await create(merchant.url, { amount: 1000 });
      const stale = Date.now() - 30 * 24 * 3_600_000;
      const first = await mock.notify(id, { timestampMs: stale });
      expect(first).toMatchObject({ paymentId: id, attempt: 1, status: 200, delivered: true, manual: true, url: merchant.url });
      expect(first.signature).toBe(`t=${stale},s=${createHmac('sha256', mock.secret).update(`${stale}.${first.body}`).digest('base64')}`);
      expect(JSON.parse(first.body)).toMatchObject({ payment_id: id, amount: '1000.0000', receiver_id: mock.receiverId });

      const forged = await mock.notify(id, { secret: 'no-es-el-secreto' });
      expect(checkSignature(forged.body, forged.signature, mock.secret)).toBe(false);
      expect(checkSignature(forged.body, forged.signature, 'no-es-el-secreto')).toBe(true);

      const altered = await mock.notify(id, { bodyOverride: { amount: '1.0000', receiver_id: 42 } });
      expect(JSON.parse(altered.body)).toMatchObject({ payment_id: id, amount: '1.0000', receiver_id: 42 });
      expect(checkSignature(altered.body, altered.signature, mock.secret)).toBe(true);

      const raw = await mock.notify(id, { rawBody: '{"payment_id":"x"}' });
      expect(raw.body).toBe('{"payment_id":"x"}');

      const refused = await mock.notify(id);
      expect(refused).toMatchObject({ status: 500, delivered: false });
      await sleep(60);
      expect(merchant.received).toHaveLength(5); // no retry of a manual one
      expect(mock.notifications(id).every((n) => n.manual)).toBe(true);
      expect(mock.payment(id)).toMatchObject({ status: 'pending' }); // sending changes nothing at Khipu
    } finally {
      await merchant.close();
    }
  });

  it('alter() changes Khipu\'s own record: GET and the notification carry it', async () => {
    const merchant = await startMerchant();
    try {
      const id = await create(merchant.url, { amount: 5000 });
      expect(mock.alter(id, { amount: 4000, receiver_id: 77, currency: 'USD' })).toMatchObject({ amount: 4000, receiver_id: 77, currency: 'USD' });
      expect((await api('GET', `/v3/payments/${id}`)).body).toMatchObject({ amount: 4000, receiver_id: 77, currency: 'USD' });
      const sent = await mock.notify(id);
      expect(JSON.parse(sent.body)).toMatchObject({ amount: '4000.0000', receiver_id: 77, currency: 'USD' });
      expect(mock.alter(id, { amount: 5000, receiver_id: undefined, currency: 'CLP', status: 'done', status_detail: 'marked-paid-by-receiver' }))
        .toMatchObject({ amount: 5000, receiver_id: mock.receiverId, currency: 'CLP', status: 'done', status_detail: 'marked-paid-by-receiver' });
    } finally {
      await merchant.close();
    }
  });

  it('autoVerify off keeps the payment verifying until complete()', async () => {
    const merchant = await startMerchant();
    mock.setVerification({ autoVerify: false });
    try {
      const id = await create(merchant.url);
      expect(await mock.pay(id)).toMatchObject({ status: 'verifying' });
      await sleep(20);
      expect(mock.payment(id)).toMatchObject({ status: 'verifying' });
      expect(merchant.received).toHaveLength(0);
      expect(mock.complete(id)).toMatchObject({ status: 'done', status_detail: 'normal' });
      expect(await mock.waitForNotification(id)).toHaveLength(1);
    } finally {
      mock.setVerification({ autoVerify: true });
      await merchant.close();
    }
  });
});

describe('Khipu v3 stand-in: expiry', () => {
  it('an expired charge cannot be paid', async () => {
    let clock = Date.UTC(2025, 5, 1, 12, 0, 0);
    const mock = await startKhipuMock({ now: () => clock, verifyDelayMs: 1 });
    try {
      const api = apiOf(mock);
      const res = await api('POST', '/v3/payments', payment({ expires_date: new Date(clock + 60_000).toISOString() }));
      const id = res.body.payment_id as string;
      clock += 61_000;
      expect(await (await fetch(res.body.payment_url as string)).text()).toContain('expiró');
      await expect(mock.pay(id)).rejects.toThrow(/expiró/);
      expect(mock.payment(id)).toMatchObject({ status: 'pending' });
    } finally {
      await mock.close();
    }
  });
});
