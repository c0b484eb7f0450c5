// The WebPay Plus stand-in against Transbank's REST v1.2: keys, field limits, error bodies, the card form and the
// return of each case, one-time commit, expiry, status fields, refunds, and the test knobs.
import http from 'node:http';
import {
  startWebpayMock,
  WEBPAY_API_PREFIX,
  WEBPAY_INTEGRATION_API_KEY,
  WEBPAY_INTEGRATION_COMMERCE_CODE,
  type WebpayMock,
  type WebpayMockOptions,
} from '@mocks/webpay/server';

const KEYS = { 'Tbk-Api-Key-Id': WEBPAY_INTEGRATION_COMMERCE_CODE, 'Tbk-Api-Key-Secret': WEBPAY_INTEGRATION_API_KEY };

interface Answer { status: number; body: Record<string, unknown> }

function apiOf(m: WebpayMock) {
  return async (method: string, path: string, body?: unknown, headers: Record<string, string> = KEYS): Promise<Answer> => {
    const res = await fetch(`${m.url}${WEBPAY_API_PREFIX}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  };
}

/** Posts a urlencoded form to a page of the stand-in and answers status, headers and HTML. */
async function postForm(m: WebpayMock, path: string, fields: Record<string, string>): Promise<{ status: number; html: string; location: string | null }> {
  const res = await fetch(`${m.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  return { status: res.status, html: await res.text(), location: res.headers.get('location') };
}

/** The hidden inputs of the first form in a page. */
function hiddenFields(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) out[m[1]] = m[2];
  return out;
}

function formAction(html: string, id: string): string | undefined {
  return new RegExp(`<form id="${id}" method="post" action="([^"]+)"`).exec(html)?.[1];
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

const RETURN_URL = 'https://tienda.example.cl/api/payments/webpay/return';
let seq = 0;
const order = (extra: Record<string, unknown> = {}) => ({
  buy_order: `OC${String(++seq).padStart(6, '0')}`,
  session_id: `sess-${seq}`,
  amount: 12345,
  return_url: RETURN_URL,
  ...extra,
});

describe('WebPay Plus stand-in: API', () => {
  let mock: WebpayMock;
  let api: ReturnType<typeof apiOf>;

  beforeAll(async () => {
    mock = await startWebpayMock();
    api = apiOf(mock);
  });
  afterAll(async () => { await mock.close(); });

  const create = async (extra: Record<string, unknown> = {}): Promise<string> => {
    const res = await api('POST', '/transactions', order(extra));
    expect(res.status).toBe(200);
    return res.body.token as string;
  };

  it('create answers a 64-char token and the form URL', async () => {
    const res = await api('POST', '/transactions', order());
    expect(res.status).toBe(200);
    expect(res.body.token).toMatch(/^[0-9a-f]{64}$/);
    expect(res.body.url).toBe(`${mock.url}/webpayserver/initTransaction`);
  });

  it.each([
    ['no keys', {}],
    ['wrong secret', { 'Tbk-Api-Key-Id': WEBPAY_INTEGRATION_COMMERCE_CODE, 'Tbk-Api-Key-Secret': 'x' }],
    ['wrong commerce code', { 'Tbk-Api-Key-Id': '597055555540', 'Tbk-Api-Key-Secret': WEBPAY_INTEGRATION_API_KEY }],
  ])('401 Not Authorized with %s', async (_name, headers) => {
    for (const [method, path] of [['POST', '/transactions'], ['GET', `/transactions/${'a'.repeat(64)}`]]) {
      const res = await api(method, path, method === 'POST' ? order() : undefined, headers as Record<string, string>);
      expect(res).toEqual({ status: 401, body: { error_message: 'Not Authorized' } });
    }
  });

  it('field limits: buy_order ≤ 26 and its alphabet, session_id ≤ 61, return_url ≤ 256, amount a positive integer', async () => {
    expect((await api('POST', '/transactions', order({ buy_order: 'A'.repeat(26) }))).status).toBe(200);
    expect((await api('POST', '/transactions', order({ buy_order: 'OC|_=&%.,~:/?[+!@()>-1' }))).status).toBe(200);
    expect((await api('POST', '/transactions', order({ session_id: 's'.repeat(61) }))).status).toBe(200);
    const long256 = `https://t.cl/${'x'.repeat(256 - 'https://t.cl/'.length)}`;
    expect(long256).toHaveLength(256);
    expect((await api('POST', '/transactions', order({ return_url: long256 }))).status).toBe(200);

    const bad: Array<[Record<string, unknown>, string]> = [
      [{ buy_order: 'A'.repeat(27) }, 'buy_order'],
      [{ buy_order: 'OC 1' }, 'buy_order'],
      [{ buy_order: 'OC#1' }, 'buy_order'],
      [{ buy_order: '' }, 'buy_order'],
      [{ session_id: 's'.repeat(62) }, 'session_id'],
      [{ return_url: `${long256}x` }, 'return_url'],
      [{ return_url: 'ftp://t.cl/x' }, 'return_url'],
      [{ amount: 0 }, 'amount'],
      [{ amount: -5 }, 'amount'],
      [{ amount: 10.5 }, 'amount'],
      [{ amount: '1000' }, 'amount'],
    ];
    for (const [extra, field] of bad) {
      expect(await api('POST', '/transactions', order(extra))).toEqual({ status: 422, body: { error_message: `Invalid value for parameter: ${field}` } });
    }
  });

  it('400 for a missing field or a body that is not JSON', async () => {
    const { amount: _a, ...noAmount } = order();
    expect(await api('POST', '/transactions', noAmount)).toEqual({ status: 400, body: { error_message: 'amount is required!' } });
    const bad = await api('POST', '/transactions', '{"buy_order":');
    expect(bad.status).toBe(400);
    expect(typeof bad.body.error_message).toBe('string');
  });

  it('404 for an unknown token, 422 for something that is not a token, 405 for a wrong method', async () => {
    expect(await api('PUT', `/transactions/${'b'.repeat(64)}`)).toEqual({ status: 404, body: { error_message: 'Transaction not found' } });
    expect(await api('GET', `/transactions/${'b'.repeat(64)}`)).toEqual({ status: 404, body: { error_message: 'Transaction not found' } });
    expect(await api('PUT', '/transactions/undefined')).toEqual({ status: 422, body: { error_message: 'Invalid value for parameter: token' } });
    const token = await create();
    expect((await api('POST', `/transactions/${token}`, {})).status).toBe(405);
  });

  it('status of a fresh transaction is INITIALIZED; commit before paying is 422', async () => {
    const token = await create();
    const st = await api('GET', `/transactions/${token}`);
    expect(st.status).toBe(200);
    expect(st.body).toMatchObject({ amount: 12345, status: 'INITIALIZED', installments_number: 0 });
    expect(st.body.accounting_date).toMatch(/^\d{4}$/);
    const commit = await api('PUT', `/transactions/${token}`);
    expect(commit.status).toBe(422);
    expect(commit.body.error_message).toMatch(/^Invalid status '0' for transaction while authorizing/);
  });

  it('VISA: approved; commit once answers the transaction object; a second commit is 422; status keeps answering', async () => {
    const token = await create({ amount: 50000 });
    const tx = mock.transaction(token)!;
    const ret = mock.pay(token, 'visa');
    expect(ret).toMatchObject({ kind: 'normal', method: 'POST', url: RETURN_URL, params: { token_ws: token } });

    const commit = await api('PUT', `/transactions/${token}`);
    expect(commit.status).toBe(200);
    expect(commit.body).toEqual({
      vci: 'TSY',
      amount: 50000,
      status: 'AUTHORIZED',
      buy_order: tx.buyOrder,
      session_id: tx.sessionId,
      card_detail: { card_number: '6623' },
      accounting_date: expect.stringMatching(/^\d{4}$/),
      transaction_date: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      authorization_code: '1213',
      payment_type_code: 'VN',
      response_code: 0,
      installments_number: 0,
    });
    const again = await api('PUT', `/transactions/${token}`);
    expect(again.status).toBe(422);
    expect(again.body.error_message).toMatch(/for transaction while authorizing/);
    const status = await api('GET', `/transactions/${token}`);
    expect(status).toEqual({ status: 200, body: commit.body });
  });

  it('MASTERCARD is rejected: commit answers FAILED with response_code -1', async () => {
    const token = await create();
    mock.pay(token, 'mastercard');
    const commit = await api('PUT', `/transactions/${token}`);
    expect(commit.status).toBe(200);
    expect(commit.body).toMatchObject({ status: 'FAILED', response_code: -1, card_detail: { card_number: '0568' }, payment_type_code: 'VN' });
  });

  it('Redcompra debit is VD; credit with installments is S2 / SI / VC', async () => {
    const debit = await create();
    mock.pay(debit, 'debit', { installments: 6 });
    expect((await api('PUT', `/transactions/${debit}`)).body).toMatchObject({
      status: 'AUTHORIZED', payment_type_code: 'VD', installments_number: 0, card_detail: { card_number: '7763' },
    });
    for (const [n, code] of [[2, 'S2'], [3, 'SI'], [6, 'VC']] as const) {
      const token = await create({ amount: 60000 });
      mock.pay(token, 'visa', { installments: n });
      expect((await api('PUT', `/transactions/${token}`)).body).toMatchObject({
        payment_type_code: code, installments_number: n, installments_amount: 60000 / n,
      });
    }
  });

  it('an aborted payment cannot be committed (422)', async () => {
    const token = await create();
    const ret = mock.pay(token, 'abort');
    expect(ret.params).toEqual({ TBK_TOKEN: token, TBK_ORDEN_COMPRA: mock.transaction(token)!.buyOrder, TBK_ID_SESION: mock.transaction(token)!.sessionId });
    const commit = await api('PUT', `/transactions/${token}`);
    expect(commit.status).toBe(422);
    expect(commit.body.error_message).toMatch(/^Invalid status '10'/);
  });

  it('refunds: a full one right after commit is REVERSED; partial ones are NULLIFIED down to the balance', async () => {
    const a = await create({ amount: 10000 });
    mock.pay(a, 'visa');
    await api('PUT', `/transactions/${a}`);
    expect(await api('POST', `/transactions/${a}/refunds`, { amount: 10000 })).toEqual({ status: 200, body: { type: 'REVERSED' } });
    expect((await api('GET', `/transactions/${a}`)).body.status).toBe('REVERSED');
    expect((await api('POST', `/transactions/${a}/refunds`, { amount: 1 })).status).toBe(422);

    const b = await create({ amount: 10000 });
    mock.pay(b, 'visa');
    await api('PUT', `/transactions/${b}`);
    const partial = await api('POST', `/transactions/${b}/refunds`, { amount: 4000 });
    expect(partial.status).toBe(200);
    expect(partial.body).toEqual({
      type: 'NULLIFIED', authorization_code: expect.stringMatching(/^\d{6}$/), authorization_date: expect.any(String),
      nullified_amount: 4000, balance: 6000, response_code: 0,
    });
    expect((await api('GET', `/transactions/${b}`)).body).toMatchObject({ status: 'PARTIALLY_NULLIFIED', balance: 6000 });
    expect(await api('POST', `/transactions/${b}/refunds`, { amount: 7000 })).toEqual({ status: 422, body: { error_message: 'Amount to refund is bigger than authorized' } });
    expect((await api('POST', `/transactions/${b}/refunds`, { amount: 6000 })).body).toMatchObject({ type: 'NULLIFIED', balance: 0 });
    expect((await api('GET', `/transactions/${b}`)).body).toMatchObject({ status: 'NULLIFIED', balance: 0 });
  });

  it('refunds need a committed, authorized transaction and a positive integer amount', async () => {
    const token = await create();
    expect((await api('POST', `/transactions/${token}/refunds`, { amount: 100 })).status).toBe(422);
    mock.pay(token, 'mastercard');
    await api('PUT', `/transactions/${token}`);
    expect((await api('POST', `/transactions/${token}/refunds`, { amount: 100 })).status).toBe(422);
    expect((await api('POST', `/transactions/${token}/refunds`, {})).body).toEqual({ error_message: 'amount is required!' });
    expect((await api('POST', `/transactions/${token}/refunds`, { amount: -1 })).body).toEqual({ error_message: 'Invalid value for parameter: amount' });
  });
});

describe('WebPay Plus stand-in: card form and returns', () => {
  let mock: WebpayMock;
  let api: ReturnType<typeof apiOf>;

  beforeAll(async () => {
    mock = await startWebpayMock();
    api = apiOf(mock);
  });
  afterAll(async () => { await mock.close(); });
  afterEach(() => {
    mock.setTiming({ tokenLifetimeMs: 300_000, formTimeoutMs: 300_000, commitWindowMs: 300_000, returnMethod: 'POST' });
  });

  const create = async (extra: Record<string, unknown> = {}): Promise<{ token: string; url: string }> =>
    (await api('POST', '/transactions', order(extra))).body as { token: string; url: string };

  it('the form accepts the auto-posted token_ws (POST) and GET, with labelled cards, installments, Pagar and Anular compra', async () => {
    const { token, url } = await create();
    const posted = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `token_ws=${token}` });
    expect(posted.status).toBe(200);
    const html = await posted.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('$12.345');
    for (const text of ['VISA crédito 4051 8856 0044 6623', 'MASTERCARD crédito 5186 0595 5959 0568', 'Redcompra débito 4051 8842 3993 7763']) {
      expect(html).toContain(text);
    }
    expect(html).toMatch(/<label for="installments">Cuotas/);
    expect(html).toMatch(/<button type="submit" class="primary">Pagar<\/button>/);
    expect(html).toMatch(/<button type="submit" class="secondary">Anular compra<\/button>/);
    const viaGet = await fetch(`${url}?token_ws=${token}`);
    expect(viaGet.status).toBe(200);
    expect(await viaGet.text()).toContain('Pagar');
  });

  it('unknown or missing token_ws shows an error page', async () => {
    expect((await postForm(mock, '/webpayserver/initTransaction', { token_ws: 'c'.repeat(64) })).status).toBe(404);
    expect((await postForm(mock, '/webpayserver/initTransaction', {})).status).toBe(400);
  });

  it('paying on the form auto-posts token_ws to return_url; the commit then works once', async () => {
    const { token } = await create();
    await postForm(mock, '/webpayserver/initTransaction', { token_ws: token });
    const paid = await postForm(mock, '/webpayserver/pay', { token_ws: token, card: 'visa', installments: '0' });
    expect(paid.status).toBe(200);
    expect(formAction(paid.html, 'tbk-return')).toBe(RETURN_URL);
    expect(paid.html).toContain("document.getElementById('tbk-return').submit()");
    expect(hiddenFields(paid.html)).toEqual({ token_ws: token });
    expect((await api('PUT', `/transactions/${token}`)).body.status).toBe('AUTHORIZED');
    expect((await api('PUT', `/transactions/${token}`)).status).toBe(422);
  });

  it("'Anular compra' returns TBK_TOKEN, TBK_ORDEN_COMPRA and TBK_ID_SESION, without token_ws", async () => {
    const { token } = await create();
    const tx = mock.transaction(token)!;
    await postForm(mock, '/webpayserver/initTransaction', { token_ws: token });
    const aborted = await postForm(mock, '/webpayserver/abort', { token_ws: token });
    expect(formAction(aborted.html, 'tbk-return')).toBe(RETURN_URL);
    expect(hiddenFields(aborted.html)).toEqual({ TBK_TOKEN: token, TBK_ORDEN_COMPRA: tx.buyOrder, TBK_ID_SESION: tx.sessionId });
  });

  it('the form times out: TBK_ORDEN_COMPRA and TBK_ID_SESION only; paying late is refused; commit is 422', async () => {
    mock.setTiming({ formTimeoutMs: 60 });
    const { token, url } = await create();
    const tx = mock.transaction(token)!;
    const form = await (await fetch(`${url}?token_ws=${token}`)).text();
    expect(form).toContain(`/webpayserver/timeout?token_ws=${token}`);
    // Too early: the timeout page shows the form again.
    expect((await (await fetch(`${mock.url}/webpayserver/timeout?token_ws=${token}`)).text())).toContain('Pagar');
    await sleep(90);
    const late = await postForm(mock, '/webpayserver/pay', { token_ws: token, card: 'visa' });
    expect(hiddenFields(late.html)).toEqual({ TBK_ORDEN_COMPRA: tx.buyOrder, TBK_ID_SESION: tx.sessionId });
    const timedOut = await (await fetch(`${mock.url}/webpayserver/timeout?token_ws=${token}`)).text();
    expect(formAction(timedOut, 'tbk-return')).toBe(RETURN_URL);
    expect(hiddenFields(timedOut)).toEqual({ TBK_ORDEN_COMPRA: tx.buyOrder, TBK_ID_SESION: tx.sessionId });
    const commit = await api('PUT', `/transactions/${token}`);
    expect(commit).toEqual({ status: 422, body: { error_message: 'Transaction has an invalid finished state: aborted' } });
  });

  it('the error page sends back token_ws and TBK_TOKEN (with order and session) when the payer clicks Volver', async () => {
    const { token } = await create();
    const tx = mock.transaction(token)!;
    await postForm(mock, '/webpayserver/initTransaction', { token_ws: token });
    const err = await postForm(mock, '/webpayserver/error', { token_ws: token });
    expect(err.html).not.toContain('.submit()');
    expect(err.html).toMatch(/<form method="post" action="https:\/\/tienda\.example\.cl[^"]*">/);
    expect(err.html).toContain('Volver al comercio');
    expect(hiddenFields(err.html)).toEqual({ token_ws: token, TBK_TOKEN: token, TBK_ORDEN_COMPRA: tx.buyOrder, TBK_ID_SESION: tx.sessionId });
    expect((await api('PUT', `/transactions/${token}`)).status).toBe(422);
  });

  it('opening the form again after paying shows the error page (token_ws and TBK_TOKEN), and the payment stays committable', async () => {
    const { token } = await create();
    mock.pay(token, 'visa');
    const again = await postForm(mock, '/webpayserver/initTransaction', { token_ws: token });
    expect(Object.keys(hiddenFields(again.html)).sort()).toEqual(['TBK_ID_SESION', 'TBK_ORDEN_COMPRA', 'TBK_TOKEN', 'token_ws']);
    expect((await api('PUT', `/transactions/${token}`)).status).toBe(200);
  });

  it('a token not used within its lifetime expires: the form refuses it and commit is 422', async () => {
    mock.setTiming({ tokenLifetimeMs: 40 });
    const { token } = await create();
    await sleep(70);
    const page = await postForm(mock, '/webpayserver/initTransaction', { token_ws: token });
    expect(page.html).toContain('expiró');
    expect(() => mock.pay(token, 'visa')).toThrow(/cannot be paid/);
    expect((await api('PUT', `/transactions/${token}`)).status).toBe(422);
  });

  it('a payment never committed within the commit window is reversed: commit 422 "invalid finished state", status stays INITIALIZED', async () => {
    mock.setTiming({ commitWindowMs: 40 });
    const { token } = await create();
    mock.pay(token, 'visa');
    await sleep(70);
    expect(await api('PUT', `/transactions/${token}`)).toEqual({ status: 422, body: { error_message: 'Transaction has an invalid finished state: aborted' } });
    const status = await api('GET', `/transactions/${token}`);
    expect(status.body).toMatchObject({ status: 'INITIALIZED', amount: 12345 });
    expect(status.body).not.toHaveProperty('response_code');
    expect(status.body).not.toHaveProperty('authorization_code');
    expect(mock.transaction(token)).toMatchObject({ phase: 'reversed', commits: 0, commitAttempts: 1 });
  });

  it('GET returns: a 303 to return_url with the parameters in the query (its own query kept)', async () => {
    mock.setTiming({ returnMethod: 'GET' });
    const { token } = await create({ return_url: `${RETURN_URL}?canal=web` });
    await postForm(mock, '/webpayserver/initTransaction', { token_ws: token });
    const paid = await postForm(mock, '/webpayserver/pay', { token_ws: token, card: 'debit' });
    expect(paid.status).toBe(303);
    const location = new URL(paid.location!);
    expect(`${location.origin}${location.pathname}`).toBe(RETURN_URL);
    expect(Object.fromEntries(location.searchParams)).toEqual({ canal: 'web', token_ws: token });
  });

  it('followReturn delivers each case to the merchant by POST form or GET query', async () => {
    const seen: Array<{ method: string; url: string; body: string; type?: string }> = [];
    const merchant = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => { body += c.toString(); });
      req.on('end', () => {
        seen.push({ method: req.method ?? '', url: req.url ?? '', body, type: req.headers['content-type'] });
        res.writeHead(302, { location: '/pedido' }).end();
      });
    });
    await new Promise<void>((r) => merchant.listen(0, '127.0.0.1', r));
    const port = (merchant.address() as { port: number }).port;
    try {
      const returnUrl = `http://127.0.0.1:${port}/webpay/retorno`;
      const { token: a } = await create({ return_url: returnUrl });
      const res = await mock.followReturn(mock.pay(a, 'visa'));
      expect(res.status).toBe(302);
      expect(seen[0]).toEqual({ method: 'POST', url: '/webpay/retorno', body: `token_ws=${a}`, type: 'application/x-www-form-urlencoded' });

      const { token: b } = await create({ return_url: returnUrl });
      const tx = mock.transaction(b)!;
      await mock.followReturn(mock.pay(b, 'timeout', { method: 'GET' }));
      expect(seen[1].method).toBe('GET');
      expect(Object.fromEntries(new URL(seen[1].url, returnUrl).searchParams)).toEqual({ TBK_ORDEN_COMPRA: tx.buyOrder, TBK_ID_SESION: tx.sessionId });
    } finally {
      await new Promise<void>((r) => merchant.close(() => r()));
    }
  });
});

describe('WebPay Plus stand-in: approved, then another return', () => {
  let mock: WebpayMock;
  let api: ReturnType<typeof apiOf>;

  beforeAll(async () => {
    mock = await startWebpayMock();
    api = apiOf(mock);
  });
  afterAll(async () => { await mock.close(); });
  afterEach(() => { mock.setBehaviour({ voucherPage: false, statusBeforeCommit: 'initialized' }); });

  const create = async (extra: Record<string, unknown> = {}): Promise<string> => ((await api('POST', '/transactions', order(extra))).body.token as string);

  it.each([
    ['aborted', ['TBK_ID_SESION', 'TBK_ORDEN_COMPRA', 'TBK_TOKEN']],
    ['timeout', ['TBK_ID_SESION', 'TBK_ORDEN_COMPRA']],
    ['error', ['TBK_ID_SESION', 'TBK_ORDEN_COMPRA', 'TBK_TOKEN', 'token_ws']],
  ] as const)('pay(…, {returnAs: %s}): that return, and the payment stays paid and committable', async (returnAs, keys) => {
    const token = await create();
    const ret = mock.pay(token, 'visa', { returnAs });
    expect(ret.kind).toBe(returnAs);
    expect(Object.keys(ret.params).sort()).toEqual(keys);
    expect(mock.transaction(token)!.phase).toBe('paid');
    expect((await api('GET', `/transactions/${token}`)).body).toMatchObject({ status: 'INITIALIZED' });
    const commit = await api('PUT', `/transactions/${token}`);
    expect(commit).toMatchObject({ status: 200, body: { status: 'AUTHORIZED', response_code: 0, authorization_code: '1213' } });
  });

  it('the form\'s test tools: "show the voucher" makes Pagar stop on the voucher; its "Anular compra" sends the abort return of an approved payment', async () => {
    const token = await create();
    const tx = mock.transaction(token)!;
    const form = await postForm(mock, '/webpayserver/initTransaction', { token_ws: token });
    expect(form.html).toContain('<input type="checkbox" name="voucher" value="1" form="pago">');
    expect(form.html).toContain('Mostrar el comprobante antes de volver');
    const voucher = await postForm(mock, '/webpayserver/pay', { token_ws: token, card: 'visa', installments: '0', voucher: '1' });
    expect(voucher.html).toContain('<h1>Pago aprobado</h1>');
    expect(voucher.html).not.toContain('.submit()');
    expect(voucher.html).toMatch(/<form id="voucher-abort" method="post" action="\/webpayserver\/voucher\/abort">/);
    expect(voucher.html).toMatch(/<button type="submit" class="secondary">Anular compra<\/button>/);
    expect(tx.phase).toBe('paid');
    const aborted = await postForm(mock, '/webpayserver/voucher/abort', { token_ws: token });
    expect(formAction(aborted.html, 'tbk-return')).toBe(RETURN_URL);
    expect(hiddenFields(aborted.html)).toEqual({ TBK_TOKEN: token, TBK_ORDEN_COMPRA: tx.buyOrder, TBK_ID_SESION: tx.sessionId });
    expect(tx.returns.map((r) => r.kind)).toEqual(['aborted']);
    // what the payer approved can still be committed
    expect((await api('PUT', `/transactions/${token}`)).body).toMatchObject({ status: 'AUTHORIZED', response_code: 0 });
    // the voucher of a committed payment is gone
    expect((await postForm(mock, '/webpayserver/voucher/abort', { token_ws: token })).html).toContain('ya fue procesada');
  });

  it('voucherPage: every Pagar stops on the voucher; "Volver al comercio" sends token_ws; a rejected card says so', async () => {
    mock.setBehaviour({ voucherPage: true });
    const token = await create();
    await postForm(mock, '/webpayserver/initTransaction', { token_ws: token });
    const voucher = await postForm(mock, '/webpayserver/pay', { token_ws: token, card: 'mastercard' });
    expect(voucher.html).toContain('<h1>Pago rechazado</h1>');
    const back = await postForm(mock, '/webpayserver/voucher/continue', { token_ws: token });
    expect(hiddenFields(back.html)).toEqual({ token_ws: token });
    expect((await api('PUT', `/transactions/${token}`)).body).toMatchObject({ status: 'FAILED', response_code: -1 });
  });

  it("statusBeforeCommit 'misleading': before any commit status says AUTHORIZED and response_code 0, without authorization code or card; a commit still decides", async () => {
    mock.setBehaviour({ statusBeforeCommit: 'misleading' });
    const fresh = await create();
    expect((await api('GET', `/transactions/${fresh}`)).body).toMatchObject({ status: 'AUTHORIZED', response_code: 0, vci: 'ABO' });

    const aborted = await create();
    mock.pay(aborted, 'abort');
    expect((await api('PUT', `/transactions/${aborted}`)).status).toBe(422);
    const status = (await api('GET', `/transactions/${aborted}`)).body;
    expect(status).toMatchObject({ status: 'AUTHORIZED', response_code: 0, vci: 'ABO' });
    expect(status).not.toHaveProperty('authorization_code');
    expect(status).not.toHaveProperty('card_detail');

    const rejected = await create();
    mock.pay(rejected, 'mastercard');
    expect((await api('GET', `/transactions/${rejected}`)).body).toMatchObject({ status: 'AUTHORIZED', response_code: 0, vci: 'TSY' });
    expect((await api('PUT', `/transactions/${rejected}`)).body).toMatchObject({ status: 'FAILED', response_code: -1 });
    expect((await api('GET', `/transactions/${rejected}`)).body).toMatchObject({ status: 'FAILED', response_code: -1 });
  });

  it('commitAttempts counts every commit that arrived, commits only the successful one and later ones on a committed token', async () => {
    const token = await create();
    await api('PUT', `/transactions/${token}`);
    mock.pay(token, 'visa');
    await api('PUT', `/transactions/${token}`);
    expect(mock.transaction(token)).toMatchObject({ commitAttempts: 2, commits: 1, phase: 'committed' });
  });
});

describe('WebPay Plus stand-in: knobs', () => {
  let mock: WebpayMock;
  let api: ReturnType<typeof apiOf>;
  let clock = Date.UTC(2025, 0, 15, 15, 0, 0);
  const options: WebpayMockOptions = { now: () => clock };

  beforeAll(async () => {
    mock = await startWebpayMock(options);
    api = apiOf(mock);
  });
  afterAll(async () => { await mock.close(); });
  afterEach(() => {
    mock.setFaults({ errorRate: 0, refuse: false, hang: false, loseAnswer: false });
    mock.setLatency(0);
  });

  it('loseAnswer: the commit is carried out, but the connection drops instead of the answer', async () => {
    const { token } = (await api('POST', '/transactions', order())).body as { token: string };
    mock.pay(token, 'visa');
    mock.setFaults({ loseAnswer: true });
    await expect(api('PUT', `/transactions/${token}`)).rejects.toThrow('fetch failed');
    mock.setFaults({ loseAnswer: false });
    expect(mock.transaction(token)).toMatchObject({ phase: 'committed', status: 'AUTHORIZED', commits: 1 });
    expect((await api('GET', `/transactions/${token}`)).body).toMatchObject({ status: 'AUTHORIZED', response_code: 0, authorization_code: '1213' });
  });

  it('status answers for 7 days, then 422', async () => {
    const { token } = (await api('POST', '/transactions', order())).body as { token: string };
    mock.pay(token, 'visa');
    await api('PUT', `/transactions/${token}`);
    clock += 7 * 24 * 3_600_000 - 1000;
    expect((await api('GET', `/transactions/${token}`)).status).toBe(200);
    clock += 2000;
    expect(await api('GET', `/transactions/${token}`)).toEqual({
      status: 422, body: { error_message: 'The transactions date has passed max time (7 days) to recover the status' },
    });
  });

  it('a full refund after the reversal window is a nullification', async () => {
    const { token } = (await api('POST', '/transactions', order({ amount: 3000 }))).body as { token: string };
    mock.pay(token, 'visa');
    await api('PUT', `/transactions/${token}`);
    clock += 3 * 3_600_000 + 1;
    expect((await api('POST', `/transactions/${token}/refunds`, { amount: 3000 })).body).toMatchObject({ type: 'NULLIFIED', balance: 0 });
  });

  it('accounting_date is the Chilean day (MMDD)', async () => {
    clock = Date.UTC(2025, 2, 1, 2, 30); // 1 March 02:30 UTC = 28 February in Santiago
    const { token } = (await api('POST', '/transactions', order())).body as { token: string };
    expect((await api('GET', `/transactions/${token}`)).body.accounting_date).toBe('0228');
  });

  it('errorRate answers 500 with an error_message; only the API is affected', async () => {
    mock.setFaults({ errorRate: 1 });
    expect(await api('POST', '/transactions', order())).toEqual({ status: 500, body: { error_message: 'Internal server error (injected fault)' } });
    expect((await fetch(`${mock.url}/webpayserver/initTransaction?token_ws=${'d'.repeat(64)}`)).status).toBe(404);
    mock.setFaults({ errorRate: 0.5 });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await api('GET', `/transactions/${'d'.repeat(64)}`)).status);
    expect(statuses).toEqual([404, 500, 404, 500]);
  });

  it('hang never answers; refuse drops the connection; latency delays', async () => {
    mock.setFaults({ hang: true });
    await expect(fetch(`${mock.apiUrl}/transactions`, { method: 'POST', headers: KEYS, body: '{}', signal: AbortSignal.timeout(150) }))
      .rejects.toMatchObject({ name: 'TimeoutError' });
    mock.setFaults({ hang: false, refuse: true });
    await expect(fetch(`${mock.apiUrl}/transactions`, { method: 'POST', headers: KEYS, body: '{}' })).rejects.toThrow('fetch failed');
    mock.setFaults({ refuse: false });
    mock.setLatency(120);
    const started = Date.now();
    expect((await api('POST', '/transactions', order())).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(110);
  });
});
