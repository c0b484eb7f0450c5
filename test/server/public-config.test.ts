import Fastify from 'fastify';
import type { PublicConfigResponse } from '@shared/api/publicConfig';
import type { KhipuCreateResponse, WebpayCreateResponse } from '@shared/api/payments';
import { publicUrlWarnings } from '@server/publicConfig/publicUrl';
import publicConfigRoutes from '@server/publicConfig/publicConfig.routes';
import { call, createTestApp, type TestApp } from './helpers';
import { BUYER_RUT, buyerOf, orderOf, post, type Buyer } from './payments-fixtures';

// PUBLIC_URL is the only address the payment providers send the buyer back to and notify; the SPA reads it from
// GET /api/public-config; start-up warns when it cannot work.

const PUBLIC_URL = 'https://portal.ejemplo.cl';
/** Another origin, as a buyer on the server's address or a forged request would bring. */
const ELSEWHERE = { host: 'otro.example:8443', 'x-forwarded-host': 'otro.example', 'x-forwarded-proto': 'http', origin: 'http://otro.example' };

let t: TestApp;
let buyer: Buyer;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: PUBLIC_URL }, { worker: { autoStart: false } });
  buyer = await buyerOf(t, BUYER_RUT);
}, 60_000);
afterAll(() => t.close());

describe('GET /api/public-config', () => {
  it('answers the public URL without a session, cacheable by the browser, whatever Host the request came with', async () => {
    for (const headers of [{}, ELSEWHERE]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/public-config', headers });
      expect(res.statusCode).toBe(200);
      expect(res.json<PublicConfigResponse>()).toEqual({ publicUrl: PUBLIC_URL });
      expect(res.headers['cache-control']).toBe('private, max-age=300');
    }
  });

  it('never ends in a slash', async () => {
    const bare = Fastify();
    await bare.register(publicConfigRoutes, { publicUrl: `${PUBLIC_URL}/` });
    expect((await bare.inject({ method: 'GET', url: '/api/public-config' })).json()).toEqual({ publicUrl: PUBLIC_URL });
    await bare.close();
  });
});

describe("the payment providers' return and notification URLs", () => {
  it('WebPay: return_url from PUBLIC_URL, not from the Host of the request', async () => {
    const order = await orderOf(t, buyer, 'WEBPAY');
    const res = await call(t.app, { method: 'POST', url: '/api/user/tbk/create', token: buyer.token, headers: ELSEWHERE, payload: { buy_order: order.purchaseOrderNumber, return_url: 'http://otro.example/x' } });
    expect(res.statusCode).toBe(200);
    const created = res.json<WebpayCreateResponse>();
    expect(t.webpay.transaction(created.token)!.returnUrl).toBe(`${PUBLIC_URL}/api/payments/webpay/return`);
  });

  it('Khipu: return, cancel and notify URLs from PUBLIC_URL, not from the Host of the request', async () => {
    const order = await orderOf(t, buyer, 'KHIPU');
    const res = await call(t.app, { method: 'POST', url: '/api/user/khipu/payments', token: buyer.token, headers: ELSEWHERE, payload: { orderReference: order.purchaseOrderNumber } });
    expect(res.statusCode).toBe(200);
    const created = res.json<KhipuCreateResponse>();
    const payment = t.khipu.payment(created.payment_id)!;
    const back = `${PUBLIC_URL}/return?paymentId=${encodeURIComponent(created.transaction_id)}`;
    expect(payment).toMatchObject({ return_url: back, cancel_url: `${back}&cancel=1`, notify_url: `${PUBLIC_URL}/api/payments/khipu/notify` });
    expect(JSON.stringify(payment)).not.toContain('otro.example');
  });

  it('invoices paid by card return to PUBLIC_URL too', async () => {
    const res = await post(t, '/api/user/tbk/create', buyer.token, { invoices: [13] });
    expect(res.statusCode).toBe(200);
    expect(t.webpay.transaction(res.json<WebpayCreateResponse>().token)!.returnUrl).toBe(`${PUBLIC_URL}/api/payments/webpay/return`);
  });
});

describe('the start-up warnings about PUBLIC_URL', () => {
  it('the default outside the embedded mode: the providers cannot reach it', () => {
    const [warning, ...rest] = publicUrlWarnings({ publicUrl: 'http://localhost:3000', port: 3000, embedded: false });
    expect(warning).toMatch(/^PUBLIC_URL no está definida y se usa http:\/\/localhost:3000: WebPay y Khipu devolverán al comprador/);
    expect(rest).toEqual([expect.stringMatching(/^PUBLIC_URL \(http:\/\/localhost:3000\) no usa https: /)]);
  });

  it('any mode without https', () => {
    const embedded = publicUrlWarnings({ publicUrl: 'http://localhost:3000', port: 3000, embedded: true });
    expect(embedded).toHaveLength(1);
    expect(embedded[0]).toContain('no usa https');
    expect(embedded[0]).toContain('la cookie no es Secure');
    expect(publicUrlWarnings({ publicUrl: 'http://portal.ejemplo.cl', port: 3000, embedded: false })).toEqual([expect.stringContaining('no usa https')]);
  });

  it('none for an https address', () => {
    expect(publicUrlWarnings({ publicUrl: PUBLIC_URL, port: 3000, embedded: false })).toEqual([]);
    expect(publicUrlWarnings({ publicUrl: PUBLIC_URL, port: 3000, embedded: true })).toEqual([]);
  });
});
