import type { Browser, Page } from 'playwright-core';
import { baseUrl, launch, newPage } from './browser';
import { loginRep } from './journeys';

// 'Mis pedidos del vendedor' in the browser (docs/sales-reps.md): Carolina Ibáñez (13.579.246-2, clientes asignados)
// writes an order for Comercial Los Andes (C76123456) through the API, as representing it in the portal does, then
// finds it in her orders and opens its timeline, at a desk (1280 px) and on a phone (375 px).

const CAROLINA = '13.579.246-2';
const XSRF = 'e2e-rep-orders';

let browser: Browser;
let number: string;

/** The API as the SPA calls it: the anti-forgery cookie and header, and the session's token when given. */
async function api<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      cookie: `XSRF-TOKEN=${XSRF}`,
      'x-xsrf-token': XSRF,
      ...(token ? { authorization: token } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Carolina represents Comercial Los Andes, orders one garment on its credit line and sends it to the ERP. */
async function repOrder(): Promise<string> {
  const session = await api<{ token: string; id: number }>('POST', '/api/security/login', undefined, { username: CAROLINA, password: 'Demo1234' });
  const { token } = await api<{ token: string }>('POST', '/api/rep/represent/C76123456', session.token, {});
  const profile = await api<{ despacho: { iddespacho: string }[]; factura: { idfactura: string }[] }>('GET', `/api/user/b1/profile/${session.id}`, token);
  await api('DELETE', `/api/user/cart/clear-cart/${session.id}`, token);
  await api('POST', '/api/user/cart', token, { sku: 'POL-1003-M', quantity: 1 });
  const order = await api<{ purchaseOrderNumber: string }>('POST', '/api/orders', token, {
    orderType: 'ONLINE',
    tipoEntrega: 'entrega',
    deliveryAddress: profile.despacho[0]!.iddespacho,
    deliveryTransport: '0002',
    invoiceAddress: profile.factura[0]!.idfactura,
    paymentMethod: 'CREDIT',
  });
  await api('POST', '/api/user/b1/ov', token, { orderReference: order.purchaseOrderNumber });
  await api('POST', '/api/rep/represent/end', token, {});
  return order.purchaseOrderNumber;
}

beforeAll(async () => {
  browser = await launch();
  number = await repOrder();
}, 60_000);
afterAll(() => browser?.close());

async function opensTheTimeline(page: Page) {
  await page.goto('/rep/orders');
  await page.getByRole('heading', { level: 1, name: 'Mis pedidos del vendedor' }).waitFor();
  await page.getByRole('link', { name: `Ver pedido ${number}` }).first().click();
  await page.getByRole('heading', { level: 1, name: `Pedido ${number}` }).waitFor();
  await page.getByText('Tomado por', { exact: true }).waitFor();
  const timeline = page.getByRole('list', { name: 'Historial' });
  await timeline.getByText(`Pedido creado (${number})`).waitFor();
  await timeline.getByText(/^Ingresado en el ERP: DocNum/).waitFor();
  // read-only: the timeline links to no job
  expect(await timeline.getByRole('link').count()).toBe(0);
}

describe('Mis pedidos del vendedor', () => {
  it('lists the order Carolina wrote and opens its timeline (1280 px)', async () => {
    const { context, page } = await newPage(browser);
    await loginRep(page, CAROLINA);
    await page.goto('/rep/orders');
    const grid = page.getByRole('grid', { name: 'Pedidos de mis clientes' });
    await grid.getByRole('row').filter({ hasText: number }).filter({ hasText: 'Comercial Los Andes' }).waitFor();
    await opensTheTimeline(page);
    await context.close();
  });

  it('shows the orders as cards and opens the timeline on a phone (375 px)', async () => {
    const { context, page } = await newPage(browser, { width: 375, height: 800 });
    await loginRep(page, CAROLINA);
    await page.goto('/rep/orders');
    await page.getByRole('list', { name: 'Pedidos de mis clientes' }).getByRole('listitem').filter({ hasText: number }).waitFor();
    expect(await page.getByRole('grid').count()).toBe(0);
    await opensTheTimeline(page);
    await context.close();
  });
});
