import pg from 'pg';
import type { Browser, Response } from 'playwright-core';
import { launch, newPage } from '../e2e/browser';
import { addFromDetail, chooseDispatch, eventually, login, payWithApprovedVisa, toSummary } from '../e2e/journeys';
import { startCluster, type Cluster } from './cluster';

// A buyer pays by card through the proxy while the instance that served them dies: the instance that created the
// WebPay transaction is killed (kill -9) while the buyer is on WebPay's card form; WebPay's return comes back through
// the proxy to another instance, which finishes the purchase. Exactly one ERP order and one ERP payment.

const BASE = Number(process.env.CLUSTER_TEST_PORT ?? 5120);
/** WebPay's return_url under PUBLIC_URL (webpay.service.ts's WEBPAY_RETURN_PATH; that module is too heavy to load here). */
const WEBPAY_RETURN_PATH = '/api/payments/webpay/return';
const BUYER = { rut: '77.345.678-K', cardCode: 'C77345678' };

let cluster: Cluster;
let browser: Browser;

beforeAll(async () => {
  cluster = await startCluster({ basePort: BASE, instanceEnv: { LOGIN_MAX_PER_ADDRESS: '1000' } });
  process.env.E2E_URL = cluster.url;
  browser = await launch();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await cluster?.stop();
});

/** Which instance answered each request to the portal, in order: 'POST /api/orders → i2'. */
function servedBy(responses: Response[]): Array<{ what: string; instance: string }> {
  return responses.map((r) => ({ what: `${r.request().method()} ${new URL(r.url()).pathname}`, instance: r.headers()['x-portal-instance'] ?? '' }));
}

it('a card purchase survives kill -9 of the instance serving the buyer: PAID, one ERP order, one ERP payment', async () => {
  const { context, page } = await newPage(browser);
  const responses: Response[] = [];
  page.on('response', (r) => {
    if (r.url().startsWith(cluster.url)) responses.push(r);
  });
  await login(page, BUYER.rut);
  await addFromDetail(page, 'POL-1001', { S: 1 });
  await toSummary(page);
  await chooseDispatch(page);
  await page.getByRole('radio', { name: 'WebPay Plus' }).check();
  await page.getByRole('button', { name: 'Ir a Pagar' }).click();
  await page.getByRole('heading', { name: 'Webpay Plus (simulador de integración)' }).waitFor({ timeout: 30_000 });

  // on WebPay's card form: the order exists, its transaction too; the instance that made the transaction dies
  const served = servedBy(responses);
  const orderBy = served.find((s) => s.what === 'POST /api/orders')?.instance;
  const paymentBy = served.find((s) => s.what === 'POST /api/user/tbk/create')?.instance;
  expect(orderBy).toMatch(/^i\d$/);
  expect(paymentBy).toMatch(/^i\d$/);
  const victim = cluster.instances.find((i) => i.name === paymentBy)!;
  const before = responses.length;
  await victim.stop('SIGKILL');

  await payWithApprovedVisa(page);
  await page.getByText('Gracias por Comprar!!').first().waitFor({ timeout: 30_000 });
  const state = page.locator('dt', { hasText: /^Estado del Pedido$/ }).locator('xpath=following-sibling::dd[1]');
  expect((await state.textContent())?.trim()).toBe('Confirmado');
  const number = ((await page.locator('dt', { hasText: /^Número de Orden$/ }).locator('xpath=following-sibling::dd[1]').textContent()) ?? '').trim();
  expect(number).toMatch(/^OC\d+$/);

  // everything after the kill was answered by the instances still alive, WebPay's return included (the SPA's
  // hashed assets are left out: Chromium serves them from its cache with the headers of their first answer)
  const after = servedBy(responses.slice(before)).filter((s) => !s.what.includes(' /assets/'));
  expect(after.length).toBeGreaterThan(0);
  expect(after.filter((s) => s.instance === victim.name)).toEqual([]);
  expect(after.every((s) => /^i\d$/.test(s.instance))).toBe(true);
  const status5xx = responses.slice(before).filter((r) => r.status() >= 500).length;

  // the ERP: exactly one sales order and one incoming payment for the order (the outbox sends them shortly)
  const erpOrders = () => cluster.b1.data.Orders.filter((o) => o.CardCode === BUYER.cardCode && o.NumAtCard === number).length;
  const erpPayments = () => cluster.b1.data.IncomingPayments.filter((p) => p.CardCode === BUYER.cardCode && p.CounterReference === number).length;
  await eventually(async () => erpOrders(), 1, 30_000);
  await eventually(async () => erpPayments(), 1, 30_000);
  // and still one a moment later (no second delivery from a retry)
  await new Promise((resolve) => setTimeout(resolve, 3000));
  expect([erpOrders(), erpPayments()]).toEqual([1, 1]);
  // the portal's own record: the order confirmed, its one payment paid
  const db = new pg.Client({ connectionString: cluster.database.url });
  await db.connect();
  const rows = (
    await db.query<{ order_state: string; state: string }>(
      'select o.order_state, p.state from orders o join payments p on p.order_id = o.id where o.purchase_order_number = $1',
      [number],
    )
  ).rows;
  await db.end();
  expect(rows).toEqual([{ order_state: 'CONFIRMED', state: 'PAID' }]);

  // WebPay's return (the card form posts token_ws to PUBLIC_URL, the proxy) reached a live instance
  const returnBy = after.find((s) => s.what.endsWith(` ${WEBPAY_RETURN_PATH}`))?.instance;
  expect(returnBy).toMatch(/^i\d$/);
  console.log(
    `kill -9 purchase: 1 attempted, 1 completed, 0 failed; order ${number} made by ${orderBy}, WebPay transaction by ${paymentBy} (killed with kill -9), ` +
      `return served by ${returnBy}; ERP orders ${erpOrders()}, ERP payments ${erpPayments()}, duplicates 0; 5xx after the kill ${status5xx}`,
  );
  await context.close();
});
