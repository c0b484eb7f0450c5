import { connect } from 'node:net';
import { call, createTestApp, login, type TestApp } from './helpers';

// What a malformed request gets, wherever it is stopped: yup's rules declared without a message of their own (its
// defaults, set in Spanish by src/shared/yup.ts), a body that is not an object, a URL that does not decode, and what
// Node's HTTP parser refuses before Fastify sees the request. Always `{status, message}` in Spanish, never a 5xx.

let t: TestApp;
let buyer: string;

beforeAll(async () => {
  t = await createTestApp({}, {}, undefined, {}, { listen: true });
  buyer = (await login(t.app, '76123456-0', 'Demo1234')).token;
}, 60_000);
afterAll(() => t.close());

/** yup's English defaults ('must be', 'is a required field', 'cannot be null', 'field must have'…). */
const ENGLISH = /\b(must|field|cannot|this|required|type|least|most|characters|items)\b/i;
const BODY_SHAPE = 'El cuerpo de la solicitud debe ser un objeto JSON con los campos de la operación.';

describe('a body that is not an object', () => {
  it.each([
    ['null', 'null', 'application/json'],
    ['a list', '[]', 'application/json'],
    ['a number', '42', 'application/json'],
    ['a string', '"hola"', 'application/json'],
    ['plain text', 'hola', 'text/plain'],
  ])('%s is a Spanish 400 saying what the body must be', async (_name, payload, type) => {
    const res = await call(t.app, { method: 'POST', url: '/api/user/b1/update-profile', token: buyer, headers: { 'content-type': type }, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, message: BODY_SHAPE });
  });

  it('no body at all on a route that takes one is refused the same way', async () => {
    const res = await call(t.app, { method: 'POST', url: '/api/orders', token: buyer });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, message: BODY_SHAPE });
  });
});

describe("rules declared without a message speak Spanish and name the field in 'fields'", () => {
  const profile = { giro: 'Confección', mail: 'compras@confsur.cl', telefono: '+56 2 2345 6789', businessPartner: 'C76123456', direcciones: [] };

  it.each([
    ['a text over its length', { ...profile, giro: 'x'.repeat(10_000) }, 'giro', 'Debe tener como máximo 100 caracteres'],
    ['a list over its size', { ...profile, direcciones: Array.from({ length: 21 }, () => ({})) }, 'direcciones', 'Debe tener como máximo 20 elementos'],
    ['a list that is a string', { ...profile, direcciones: 'x' }, 'direcciones', 'Debe ser una lista'],
    ['a null element', { ...profile, direcciones: [null] }, 'direcciones[0]', 'Campo obligatorio'],
    ['a missing field', { giro: 'Confección', mail: 'compras@confsur.cl', telefono: '+56 2 2345 6789' }, 'businessPartner', 'Campo obligatorio'],
  ])('%s', async (_name, payload, field, message) => {
    const res = await call(t.app, { method: 'POST', url: '/api/user/b1/update-profile', token: buyer, payload });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ message: string; fields: Record<string, string> }>();
    expect(body.fields[field]).toBe(message);
    for (const text of [body.message, ...Object.values(body.fields)]) expect(text).not.toMatch(ENGLISH);
  });

  it('an object or a list where a text goes is a type error on that field, not a crash of its trim', async () => {
    for (const username of [{}, ['76123456-0']]) {
      const res = await call(t.app, { method: 'POST', url: '/api/security/login', payload: { username, password: 'Demo1234' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ username: 'Debe ser un texto' });
    }
  });

  it('a null size in a curve is that size\'s error, not a failed repetition check', async () => {
    const res = await call(t.app, { method: 'POST', url: '/api/user/curves', token: buyer, payload: { name: 'c', sizes: [null] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ 'sizes[0]': 'Campo obligatorio' });
  });
});

describe('refused before a route is found, or by the HTTP parser', () => {
  it('a URL that does not decode is a Spanish 400 that does not repeat the URL', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/user/orders/%E0%A4%A', token: buyer });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 400, message: 'La dirección de la solicitud no es válida' });
  });

  /** Writes raw bytes to the listening portal and reads until it closes the connection. */
  async function raw(request: string): Promise<string> {
    const { port } = new URL(t.url!);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.end(request));
      let answer = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (answer += chunk));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    });
  }

  const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as unknown;

  it('headers too large are a Spanish 431', async () => {
    const answer = await raw(`GET /api/public-config HTTP/1.1\r\nHost: x\r\nAuthorization: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer.startsWith('HTTP/1.1 431 ')).toBe(true);
    expect(bodyOf(answer)).toEqual({ status: 431, message: 'Los encabezados de la solicitud son demasiado grandes' });
  });

  it.each([
    ['a header line without a colon', 'GET /api/public-config HTTP/1.1\r\nHost: x\r\nmalo\r\n\r\n'],
    ['a Content-Length that is not a number', 'POST /api/security/login HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n'],
  ])('%s is a Spanish 400', async (_name, request) => {
    const answer = await raw(request);
    expect(answer.startsWith('HTTP/1.1 400 ')).toBe(true);
    expect(bodyOf(answer)).toEqual({ status: 400, message: 'La solicitud HTTP está mal formada' });
  });
});

describe('the WebPay return', () => {
  it('ignores a token no WebPay would send (too long) and copies nothing of it into the redirect', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webpay/return',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token_ws=${'a'.repeat(100_000)}`,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/payment-verification');
  });
});
