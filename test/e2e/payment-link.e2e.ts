import type { Browser } from 'playwright-core';
import { decodedBody } from '../server/mail-fixtures';
import { baseUrl, launch, newPage } from './browser';
import { eventually, outboxMails, portalOrders } from './journeys';

// The payment link (docs/sales-reps.md#payment-link): a sales rep (Carolina, 13.579.246-2) represents Comercial Los
// Andes (C76123456) and places a card order through the API, then sends the payment link; the customer opens the
// mailed link in a fresh browser without logging in, pays by card on the WebPay stand-in and sees the payment received;
// the link opened again says it was used. At 1280 and 375 px.

const REP = '13.579.246-2';
const CUSTOMER = 'C76123456';
const VISA = 'VISA crédito 4051 8856 0044 6623 (aprobada)';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** The API as the SPA calls it: the anti-forgery cookie and header, the session token. */
async function apiClient() {
  const first = await fetch(`${baseUrl()}/api/security/xsrf`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1] ?? '';
  let token = '';
  const call = async <T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> => {
    const res = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: {
        cookie: `XSRF-TOKEN=${xsrf}`,
        'x-xsrf-token': decodeURIComponent(xsrf),
        ...(token ? { authorization: token } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
  return {
    call,
    setToken: (next: string) => {
      token = next;
    },
  };
}

/** The rep represents the customer, orders 2 × POL-1001-M paid by card and sends the link; answers the mailed link. */
async function repSendsLink(): Promise<{ number: string; link: string }> {
  const api = await apiClient();
  const session = await api.call<{ token: string; id: number }>('POST', '/api/security/login', { username: REP, password: 'Demo1234' });
  api.setToken(session.token);
  const represented = await api.call<{ token: string }>('POST', `/api/rep/represent/${CUSTOMER}`, {});
  api.setToken(represented.token);
  await api.call('DELETE', `/api/user/cart/clear-cart/${session.id}`);
  await api.call('POST', '/api/user/cart', { sku: 'POL-1001-M', quantity: 2 });
  const profile = await api.call<{ despacho: { iddespacho: string }[]; factura: { idfactura: string; predeterminado: string }[] }>('GET', `/api/user/b1/profile/${session.id}`);
  const transports = await api.call<{ idTransporte: string }[]>('GET', '/api/user/b1/tipo-transport');
  const order = await api.call<{ id: number; purchaseOrderNumber: string }>('POST', '/api/orders', {
    orderType: 'ONLINE',
    tipoEntrega: 'entrega',
    deliveryAddress: profile.despacho[0]!.iddespacho,
    deliveryTransport: transports[0]!.idTransporte,
    invoiceAddress: (profile.factura.find((f) => f.predeterminado === 'Y') ?? profile.factura[0]!).idfactura,
    paymentMethod: 'WEBPAY',
  });
  const sent = await api.call<{ state: string; sentTo: string }>('POST', `/api/orders/${order.id}/payment-link`, {}, { 'idempotency-key': `e2e-link-${order.id}` });
  expect(sent.state).toBe('OPEN');
  let link = '';
  await eventually(async () => {
    const mail = outboxMails().find((m) => decodedBody(m.text).includes(order.purchaseOrderNumber) && /\/pagar\//.test(decodedBody(m.text)));
    link = mail ? (/https?:\/\/\S+\/pagar\/[\w-]{43}/.exec(decodedBody(mail.text))?.[0] ?? '') : '';
    return link !== '';
  }, true, 15_000);
  return { number: order.purchaseOrderNumber, link };
}

describe('the payment link a rep sends', () => {
  it.each([
    [1280, 800],
    [375, 740],
  ])('the customer pays it by card without logging in, and it cannot be used again (%i px)', async (width, height) => {
    const { number, link } = await repSendsLink();
    const path = new URL(link).pathname;
    const { context, page } = await newPage(browser, { width, height });
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: `Pago del pedido ${number}` }).waitFor();
    await page.getByText('Comercial Los Andes SpA').waitFor();
    await page.getByRole('button', { name: 'Pagar con tarjeta' }).click();
    await page.getByRole('heading', { name: 'Webpay Plus (simulador de integración)' }).waitFor({ timeout: 20_000 });
    await page.getByLabel(VISA).check();
    await page.getByRole('button', { name: 'Pagar', exact: true }).click();
    await page.waitForURL((url) => url.pathname === path && url.searchParams.get('resultado') === '1', { timeout: 20_000 });
    await page.getByText(`Pago recibido: el pedido ${number} quedó confirmado. ¡Gracias!`).waitFor({ timeout: 20_000 });
    // nothing on the page needs more width than the screen
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await page.goto(path);
    await page.getByRole('alert').filter({ hasText: 'Este link de pago ya fue usado' }).waitFor();
    expect(await page.getByRole('button', { name: 'Pagar con tarjeta' }).count()).toBe(0);

    await eventually(async () => (await portalOrders(CUSTOMER, 'OC')).filter((o) => o.NumAtCard === number).length, 1, 15_000);
    await context.close();
  });
});
