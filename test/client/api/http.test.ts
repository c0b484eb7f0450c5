import { configureHttp, http, HttpError, KEYED_RESEND_DELAYS_MS, toApiError } from '@client/api/http';

type FetchArgs = [string, RequestInit];
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: jest.Mock<Promise<Response>, FetchArgs>;
const onSessionExpired = jest.fn();
let token: string | null = null;

const setCookie = (value: string | null) => {
  document.cookie = value === null ? 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/' : `XSRF-TOKEN=${value}; path=/`;
};
const headersOf = (call: FetchArgs) => call[1].headers as Record<string, string>;

beforeEach(() => {
  fetchMock = jest.fn<Promise<Response>, FetchArgs>();
  global.fetch = fetchMock as unknown as typeof fetch;
  token = null;
  onSessionExpired.mockReset();
  configureHttp({ getToken: () => token, onSessionExpired });
  setCookie(null);
});

describe('http client', () => {
  it('GETs from the API base with the bare token and no anti-forgery header', async () => {
    token = 'jwt-1';
    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));
    await expect(http.get('/user/cart/count-cart/12')).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/user/cart/count-cart/12');
    expect(init.method).toBe('GET');
    expect(headersOf(fetchMock.mock.calls[0]).Authorization).toBe('jwt-1');
    expect(headersOf(fetchMock.mock.calls[0])['X-XSRF-TOKEN']).toBeUndefined();
  });

  it('sends JSON with the XSRF-TOKEN cookie echoed in X-XSRF-TOKEN', async () => {
    setCookie('abc123');
    fetchMock.mockResolvedValueOnce(json(200, { id: 5 }));
    await http.post('/orders', { a: 1 });
    const [, init] = fetchMock.mock.calls[0];
    expect(init.body).toBe('{"a":1}');
    expect(headersOf(fetchMock.mock.calls[0])).toMatchObject({ 'Content-Type': 'application/json', 'X-XSRF-TOKEN': 'abc123' });
  });

  it('sends a call’s extra headers (Idempotency-Key) beside its own, which a caller cannot replace', async () => {
    token = 'jwt-1';
    setCookie('abc123');
    fetchMock.mockResolvedValueOnce(json(201, { id: 5 }));
    await http.post('/orders', { a: 1 }, { headers: { 'Idempotency-Key': 'k-1', Authorization: 'other' } });
    expect(headersOf(fetchMock.mock.calls[0])).toEqual({
      Accept: 'application/json',
      'Idempotency-Key': 'k-1',
      Authorization: 'jwt-1',
      'Content-Type': 'application/json',
      'X-XSRF-TOKEN': 'abc123',
    });
  });

  it('asks /security/xsrf for the cookie first when it is missing', async () => {
    fetchMock.mockImplementationOnce(async () => {
      setCookie('fresh');
      return new Response(null, { status: 204 });
    });
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(http.delete('/user/cart/3')).resolves.toBeUndefined();
    expect(fetchMock.mock.calls.map(([url, init]) => `${init.method} ${url}`)).toEqual(['GET /api/security/xsrf', 'DELETE /api/user/cart/3']);
    expect(headersOf(fetchMock.mock.calls[1])['X-XSRF-TOKEN']).toBe('fresh');
  });

  it('sends FormData as is, letting the browser set the multipart type', async () => {
    setCookie('abc');
    fetchMock.mockResolvedValueOnce(json(200, {}));
    const form = new FormData();
    form.append('numberOrder', 'OC000001');
    await http.post('/user/pay-cheque', form);
    expect(fetchMock.mock.calls[0][1].body).toBe(form);
    expect(headersOf(fetchMock.mock.calls[0])['Content-Type']).toBeUndefined();
  });

  it('never sends the token when auth is false', async () => {
    token = 'jwt-1';
    setCookie('abc');
    fetchMock.mockResolvedValueOnce(json(200, {}));
    await http.post('/security/login', { username: '76123456-0', password: 'x' }, { auth: false });
    expect(headersOf(fetchMock.mock.calls[0]).Authorization).toBeUndefined();
  });

  it('turns an error answer into {status, message, fields} from the server body', async () => {
    setCookie('abc');
    fetchMock.mockResolvedValueOnce(json(400, { status: 400, message: 'Hay datos inválidos en la solicitud', fields: { password: 'Debe indicar la nueva contraseña' } }));
    const error = await http.post('/security/change-password', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(toApiError(error)).toEqual({ status: 400, message: 'Hay datos inválidos en la solicitud', fields: { password: 'Debe indicar la nueva contraseña' } });
  });

  it("keeps the server's code and order standing of an error (a 5xx at 'Ir a Pagar'), and drops ones of another shape", async () => {
    setCookie('abc');
    const order = { created: true, purchaseOrderNumber: 'OC000123', orderState: 'PROCESS', paymentStarted: false };
    fetchMock.mockResolvedValueOnce(json(503, { status: 503, message: 'Tu pedido OC000123 quedó creado', code: 'ERP_UNAVAILABLE', order }));
    const error = await http.post('/user/tbk/create', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(toApiError(error)).toEqual({ status: 503, message: 'Tu pedido OC000123 quedó creado', code: 'ERP_UNAVAILABLE', order });

    fetchMock.mockResolvedValueOnce(json(503, { status: 503, message: 'x', code: 'OTHER', order: 'yes' }));
    expect(toApiError(await http.post('/orders', {}).catch((e: unknown) => e))).toEqual({ status: 503, message: 'x' });
  });

  it("defaults to 'Unknown error!' when the body says nothing", async () => {
    fetchMock.mockResolvedValueOnce(new Response('', { status: 502 }));
    await expect(http.get('/user/home')).rejects.toMatchObject({ status: 502, message: 'Unknown error!' });
  });

  it('uses a plain-text body as the message', async () => {
    fetchMock.mockResolvedValueOnce(new Response('Servicio no disponible', { status: 503, headers: { 'content-type': 'text/plain' } }));
    await expect(http.get('/user/home')).rejects.toMatchObject({ status: 503, message: 'Servicio no disponible' });
  });

  it('reports a network failure as status 0 with the client error text', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(http.get('/user/home')).rejects.toMatchObject({ status: 0, message: 'Failed to fetch' });
  });

  it('ends the session on a 401 to an authenticated call, not to an anonymous one', async () => {
    token = 'jwt-old';
    fetchMock.mockResolvedValueOnce(json(401, { status: 401, message: 'Debe iniciar sesión' }));
    await expect(http.get('/user/b1/profile/12')).rejects.toMatchObject({ status: 401 });
    expect(onSessionExpired).toHaveBeenCalledTimes(1);

    setCookie('abc');
    fetchMock.mockResolvedValueOnce(json(401, { status: 401, message: 'Usuario o password erronea' }));
    await expect(http.post('/security/login', {}, { auth: false })).rejects.toMatchObject({ message: 'Usuario o password erronea' });
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });
});

describe('a keyed create the proxy or a dying instance failed is sent again with its key', () => {
  const keyed = { headers: { 'Idempotency-Key': 'k-7' } };
  const keysSent = () => fetchMock.mock.calls.map((c) => headersOf(c)['Idempotency-Key']);
  /** HAProxy's own error page: no instance gave an answer. */
  const proxyPage = (status: number) =>
    new Response(`<html><body><h1>${status} Service Unavailable</h1>No server is available to handle this request.</body></html>`, { status, headers: { 'content-type': 'text/html' } });
  beforeEach(() => {
    jest.useFakeTimers();
    setCookie('abc123');
  });
  afterEach(() => jest.useRealTimers());

  /** Runs `promise` while the pauses between resends pass; answers how it settled. */
  async function settle<T>(promise: Promise<T>) {
    const outcome = promise.then((value) => ({ value }), (error: unknown) => ({ error }));
    await jest.advanceTimersByTimeAsync(KEYED_RESEND_DELAYS_MS.reduce((a, b) => a + b, 0) + 100);
    return outcome;
  }

  it.each([502, 503, 504])('a %s, then the answer: the same key twice, the answer is the call’s', async (status) => {
    fetchMock.mockResolvedValueOnce(proxyPage(status)).mockResolvedValueOnce(json(201, { id: 9 }));
    expect(await settle(http.post('/orders', { a: 1 }, keyed))).toEqual({ value: { id: 9 } });
    expect(keysSent()).toEqual(['k-7', 'k-7']);
    expect(fetchMock.mock.calls[1]![1].body).toBe('{"a":1}');
  });

  it('no answer (the connection failed), then the answer: sent again with the same key', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(json(200, { added: 3 }));
    expect(await settle(http.post('/user/cart/bulk', { items: [] }, keyed))).toEqual({ value: { added: 3 } });
    expect(keysSent()).toEqual(['k-7', 'k-7']);
  });

  it('a closing instance’s 503 (Fastify’s own body, not the portal’s {status, message}) is sent again too', async () => {
    fetchMock.mockResolvedValueOnce(json(503, { error: 'Service Unavailable', message: 'Service Unavailable', statusCode: 503 })).mockResolvedValueOnce(json(201, { id: 9 }));
    expect(await settle(http.post('/orders', {}, keyed))).toEqual({ value: { id: 9 } });
    expect(keysSent()).toEqual(['k-7', 'k-7']);
  });

  it(`at most ${KEYED_RESEND_DELAYS_MS.length} resends: then the last failure is the call's (its outcome unknown, the key kept by the saga)`, async () => {
    fetchMock.mockImplementation(async () => proxyPage(503));
    const outcome = await settle(http.post('/orders', {}, keyed));
    expect(outcome).toEqual({ error: expect.objectContaining({ status: 503 }) });
    expect(fetchMock).toHaveBeenCalledTimes(1 + KEYED_RESEND_DELAYS_MS.length);
  });

  it('the portal’s own 503 ({status, message}: the ERP is down) is an answer: not sent again', async () => {
    fetchMock.mockResolvedValueOnce(json(503, { status: 503, message: 'El ERP no está disponible', code: 'ERP_UNAVAILABLE' }));
    expect(await settle(http.post('/orders', {}, keyed))).toEqual({ error: expect.objectContaining({ status: 503, code: 'ERP_UNAVAILABLE' }) });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a 500, a 4xx or a 409 is an answer: not sent again', async () => {
    for (const status of [500, 422, 409]) {
      fetchMock.mockReset();
      fetchMock.mockResolvedValueOnce(json(status, { status, message: 'no' }));
      expect(await settle(http.post('/orders', {}, keyed))).toEqual({ error: expect.objectContaining({ status }) });
      expect(fetchMock).toHaveBeenCalledTimes(1);
    }
  });

  it('without a key nothing is sent again: a 503 or a lost connection is the call’s at once', async () => {
    fetchMock.mockResolvedValueOnce(proxyPage(503));
    expect(await settle(http.post('/security/login', {}))).toEqual({ error: expect.objectContaining({ status: 503 }) });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await settle(http.post('/user/b1/ov', {}))).toEqual({ error: expect.objectContaining({ status: 0 }) });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('an abort (the saga gave up or was cancelled) ends the resends', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation(async (_url, init) => {
      if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
      return proxyPage(503);
    });
    const promise = http.post('/orders', {}, { ...keyed, signal: controller.signal });
    await jest.advanceTimersByTimeAsync(10);
    controller.abort();
    expect(await settle(promise)).toEqual({ error: expect.objectContaining({ status: 0 }) });
    // the first send, then the one the abort cut short: no more
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('toApiError', () => {
  it('normalizes anything thrown', () => {
    expect(toApiError(new Error('boom'))).toEqual({ status: 0, message: 'boom' });
    expect(toApiError('x')).toEqual({ status: 0, message: 'Unknown error!' });
    expect(toApiError({ status: 404, message: 'Not found' })).toEqual({ status: 404, message: 'Not found' });
  });
});
