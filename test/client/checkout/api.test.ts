import { configureHttp } from '@client/api/http';
import { confirmOrder, createOrder, findRecipient, payCheque, submitReserve } from '@client/features/checkout/api';
import { callsTo, chequePhoto, json, KEY, mockApi, reserveOrder, reserveRecipient, reserveRequest, accepted } from './fixtures';

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test-xsrf; path=/';
  configureHttp({ getToken: () => 'jwt-buyer', onSessionExpired: () => undefined });
});

describe('checkout calls (R-CHK-1, R-CHK-5)', () => {
  it('recipient of a section: the record, or null when the server has none (404)', async () => {
    mockApi({ 'GET /api/user/sendmail/section/RESERVE': () => json(200, reserveRecipient) });
    await expect(findRecipient('RESERVE')).resolves.toEqual(reserveRecipient);
    await expect(findRecipient('CHEQUE')).resolves.toBeNull();
  });

  it('recipient lookup failing otherwise: the error {status, message}', async () => {
    mockApi({ 'GET /api/user/sendmail/section/RESERVE': () => json(500, { status: 500, message: 'Internal server error' }) });
    await expect(findRecipient('RESERVE')).rejects.toMatchObject({ status: 500, message: 'Internal server error' });
  });

  it('pay-cheque is multipart: numberOrder, fileName and the photo, without a JSON content type', async () => {
    const fetchMock = mockApi({ 'POST /api/user/pay-cheque': () => json(200, { message: 'Cheque enviado a Textil Andino!!' }) });
    const photo = chequePhoto();
    await expect(payCheque('OC000043', photo)).resolves.toEqual({ message: 'Cheque enviado a Textil Andino!!' });
    const [, init] = callsTo(fetchMock, 'POST', '/api/user/pay-cheque')[0];
    const body = init.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('numberOrder')).toBe('OC000043');
    expect(body.get('fileName')).toBe('cheque-4711.jpg');
    expect((body.get('chequeImgFile') as File).name).toBe('cheque-4711.jpg');
    const headers = init.headers as Record<string, string>;
    expect(headers['Content-Type']).toBeUndefined();
    expect(headers.Authorization).toBe('jwt-buyer');
    expect(headers['X-XSRF-TOKEN']).toBe('test-xsrf');
  });

  it('the order: the choices as JSON with the attempt’s Idempotency-Key, the token and the anti-forgery header', async () => {
    const fetchMock = mockApi({ 'POST /api/orders': () => json(201, reserveOrder) });
    await expect(createOrder(reserveRequest, KEY)).resolves.toEqual(reserveOrder);
    const [, init] = callsTo(fetchMock, 'POST', '/api/orders')[0];
    expect(JSON.parse(String(init.body))).toEqual(reserveRequest);
    expect(init.headers).toMatchObject({ 'Idempotency-Key': KEY, Authorization: 'jwt-buyer', 'X-XSRF-TOKEN': 'test-xsrf', 'Content-Type': 'application/json' });
  });

  it('reserve and state: paths and bodies; a 202 answer is a result, not an error', async () => {
    const pending = { ...accepted(reserveOrder), pending: true, message: 'Pedido RE000007 recibido' };
    const fetchMock = mockApi({
      'POST /api/user/b1/reserve': () => json(202, pending),
      'POST /api/orders/update/state/order': () => json(200, accepted(reserveOrder)),
    });
    await expect(submitReserve('RE000007')).resolves.toEqual(pending);
    await confirmOrder(7, 'RE000007');
    expect(JSON.parse(String(callsTo(fetchMock, 'POST', '/api/user/b1/reserve')[0][1].body))).toEqual({ orderReference: 'RE000007' });
    expect(JSON.parse(String(callsTo(fetchMock, 'POST', '/api/orders/update/state/order')[0][1].body))).toEqual({ id: 7, numOc: 'RE000007', state: 'CONFIRMED' });
  });
});
