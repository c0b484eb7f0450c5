// The scenario runner's payer (test/scenarios/payer.ts) against the WebPay and Khipu stand-ins' own pages: it opens
// the page as the SPA sends the browser there, makes the choice, and follows the provider back to the merchant exactly
// as a browser would (WebPay's auto-submitted return form, Khipu's 303). The merchant here is a small HTTP server that
// answers the return like the portal does (303 to its result page). The full live run against a portal:
// `npm run scenarios -- --live …` (docs/scenarios.md).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { KHIPU_DEMO_API_KEY, startKhipuMock, type KhipuMock } from '@mocks/khipu/server';
import { startWebpayMock, WEBPAY_INTEGRATION_API_KEY, WEBPAY_INTEGRATION_COMMERCE_CODE, type WebpayMock } from '@mocks/webpay/server';
import type { ScenarioStep } from '@client/app/scenario/format';
import { actAsPayer, fromLiveUrl, inferChoices, providerReturns } from '../scenarios/payer';

let webpay: WebpayMock;
let khipu: KhipuMock;
let merchant: http.Server;
let merchantUrl: string;
/** What reached the merchant: method, path and the form fields of a POST. */
const arrivals: { method: string; path: string; body: string }[] = [];

beforeAll(async () => {
  webpay = await startWebpayMock();
  khipu = await startKhipuMock({ autoVerify: false });
  merchant = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', merchantUrl);
      arrivals.push({ method: req.method ?? '', path: `${url.pathname}${url.search}`, body });
      if (url.pathname === '/api/payments/webpay/return') {
        const params = new URLSearchParams(req.method === 'POST' ? body : url.search);
        const query = new URLSearchParams();
        if (params.get('token_ws')) query.set('token_ws', params.get('token_ws')!);
        else query.set('TBK_TOKEN', params.get('TBK_TOKEN') ?? '');
        if (params.get('TBK_ORDEN_COMPRA')) query.set('TBK_ORDEN_COMPRA', params.get('TBK_ORDEN_COMPRA')!);
        res.writeHead(303, { location: `/payment-verification?${query}` }).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>SPA</title>');
    });
  });
  await new Promise<void>((resolve) => merchant.listen(0, '127.0.0.1', resolve));
  merchantUrl = `http://127.0.0.1:${(merchant.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await webpay.close();
  await khipu.close();
  await new Promise((resolve) => merchant.close(resolve));
});

const isMerchantPage = (u: URL) => u.origin === merchantUrl && !u.pathname.startsWith('/api/');

async function cardTransaction(buyOrder: string) {
  const res = await fetch(`${webpay.url}/rswebpaytransaction/api/webpay/v1.2/transactions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'Tbk-Api-Key-Id': WEBPAY_INTEGRATION_COMMERCE_CODE, 'Tbk-Api-Key-Secret': WEBPAY_INTEGRATION_API_KEY },
    body: JSON.stringify({ buy_order: buyOrder, session_id: 'S1', amount: 12816, return_url: `${merchantUrl}/api/payments/webpay/return` }),
  });
  return (await res.json()) as { token: string; url: string };
}

describe('scenario payer against the WebPay stand-in', () => {
  it.each([
    ['visa', 'AUTHORIZED'],
    ['mastercard', 'FAILED'],
  ])('pays with %s and comes back with token_ws, as the browser does', async (card, status) => {
    const tx = await cardTransaction(`OC-${card}`);
    const { url, hops } = await actAsPayer({ provider: 'WEBPAY', url: tx.url, token: tx.token }, { provider: 'WEBPAY', choice: card }, isMerchantPage);
    expect(`${url.pathname}${url.search}`).toBe(`/payment-verification?token_ws=${tx.token}`);
    expect(hops.map((h) => h.split(' ')[0])).toEqual(['POST', 'POST', 'POST', 'GET']);
    expect(arrivals.find((a) => a.method === 'POST' && a.body === `token_ws=${tx.token}`)).toBeDefined();
    // the payment is the stand-in's: a commit tells what the payer did
    const commit = await fetch(`${webpay.url}/rswebpaytransaction/api/webpay/v1.2/transactions/${tx.token}`, {
      method: 'PUT',
      headers: { 'Tbk-Api-Key-Id': WEBPAY_INTEGRATION_COMMERCE_CODE, 'Tbk-Api-Key-Secret': WEBPAY_INTEGRATION_API_KEY },
    });
    expect(((await commit.json()) as { status: string }).status).toBe(status);
  });

  it("'Anular compra' comes back with TBK_TOKEN and TBK_ORDEN_COMPRA", async () => {
    const tx = await cardTransaction('OC-abort');
    const { url } = await actAsPayer({ provider: 'WEBPAY', url: tx.url, token: tx.token }, { provider: 'WEBPAY', choice: 'abort' }, isMerchantPage);
    expect(url.searchParams.get('TBK_TOKEN')).toBe(tx.token);
    expect(url.searchParams.get('TBK_ORDEN_COMPRA')).toBe('OC-abort');
    expect(url.searchParams.has('token_ws')).toBe(false);
  });

  it('says what is missing when the page has no such card', async () => {
    const tx = await cardTransaction('OC-amex');
    await expect(actAsPayer({ provider: 'WEBPAY', url: tx.url, token: tx.token }, { provider: 'WEBPAY', choice: 'amex' }, isMerchantPage)).rejects.toThrow(/no está el botón|no ofrece la tarjeta/);
  });
});

describe('scenario payer against the Khipu stand-in', () => {
  it("pays at the payer page and follows the 303 to return_url; 'reject' goes to cancel_url", async () => {
    for (const [choice, expected] of [
      ['pay', '/return?paymentId=PP1'],
      ['reject', '/return?paymentId=PP2&cancel=1'],
    ] as const) {
      const back = `${merchantUrl}/return?paymentId=${choice === 'pay' ? 'PP1' : 'PP2'}`;
      const res = await fetch(`${khipu.url}/v3/payments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': KHIPU_DEMO_API_KEY },
        body: JSON.stringify({ amount: 23541, currency: 'CLP', subject: 'Pedido', return_url: back, cancel_url: `${back}&cancel=1` }),
      });
      const created = (await res.json()) as { payment_id: string; payment_url: string };
      const { url } = await actAsPayer({ provider: 'KHIPU', url: created.payment_url }, { provider: 'KHIPU', choice }, isMerchantPage);
      expect(`${url.pathname}${url.search}`).toBe(expected);
      expect(khipu.payment(created.payment_id)?.status).toBe(choice === 'pay' ? 'verifying' : 'done');
    }
  });
});

describe('what the payer chose, from a recording', () => {
  const redirect = (provider: string): ScenarioStep => ({ kind: 'action', t: 1, source: 'saga', action: { type: 'payments/providerRedirectReady', payload: { provider } } });
  const sent: ScenarioStep = { kind: 'action', t: 2, source: 'ui', action: { type: 'payments/providerRedirectSent' } };
  const load = (url: string): ScenarioStep => ({ kind: 'load', t: 3, url, state: {} });
  const answer = (path: string, body: unknown): ScenarioStep => ({ kind: 'api', t: 4, method: 'PUT', path, status: 200, body });

  it('reads the card from the committed payment, an abort from the return URL, a Khipu payment from its return', () => {
    const steps = [
      redirect('WEBPAY'),
      sent,
      load('/payment-verification?token_ws=[oculto]'),
      answer('/user/tbk/confirm/[oculto]', { status: 'FAILED', card_number: '0568', installments_number: 0 }),
      redirect('WEBPAY'),
      sent,
      load('/payment-verification?TBK_TOKEN=[oculto]&TBK_ORDEN_COMPRA=OC1'),
      redirect('KHIPU'),
      sent,
      load('/return?paymentId=PP1'),
    ];
    expect(inferChoices(steps)).toEqual([
      { provider: 'WEBPAY', choice: 'mastercard' },
      { provider: 'WEBPAY', choice: 'abort' },
      { provider: 'KHIPU', choice: 'pay' },
    ]);
    expect([...providerReturns(steps)]).toEqual([2, 6, 9]);
  });

  it("puts the live URL's values where the recording had its URL's (hidden tokens, Khipu's transaction id)", () => {
    const recorded = new URL('http://p/payment-verification?TBK_TOKEN=[oculto]&TBK_ORDEN_COMPRA=OC000006');
    const live = new URL('http://p/payment-verification?TBK_TOKEN=abc&TBK_ORDEN_COMPRA=OC000002');
    const action = { type: 'payments/cardReturnOpened', payload: { tokenWs: null, tbkToken: '[oculto]', tbkOrder: 'OC000006' } };
    expect(fromLiveUrl(action, recorded, live).payload).toEqual({ tokenWs: null, tbkToken: 'abc', tbkOrder: 'OC000002' });
    const both = new URL('http://p/x?token_ws=[oculto]&TBK_TOKEN=[oculto]');
    const liveBoth = new URL('http://p/x?token_ws=t1&TBK_TOKEN=t2');
    expect(fromLiveUrl({ type: 'a', payload: { tokenWs: '[oculto]', tbkToken: '[oculto]' } }, both, liveBoth).payload).toEqual({ tokenWs: 't1', tbkToken: 't2' });
  });
});
