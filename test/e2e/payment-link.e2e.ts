import type { Browser, Page } from 'playwright-core';
import { decodedBody } from '../server/mail-fixtures';
import { launch, newPage } from './browser';
import { addFromDetail, emptyCart, eventually, loginRep, outboxMails, portalOrders } from './journeys';

// The payment link (docs/sales-reps.md#payment-link): a sales rep (Carolina, 13.579.246-2) represents Comercial Los
// Andes (C76123456) in the browser, orders by card and sends the payment link from the screen the checkout opens; the
// customer opens the mailed link in a fresh browser without logging in, pays by card on the WebPay stand-in and sees
// the payment received; the link opened again says it was used. At 1280 and 375 px.

const REP = '13.579.246-2';
const CUSTOMER = 'C76123456';
const VISA = 'VISA crédito 4051 8856 0044 6623 (aprobada)';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/**
 * In the browser: the rep logs in, finds the customer in 'Mis clientes', represents it, fills the size grid, orders
 * with WebPay and, instead of paying, sends the payment link from the screen the checkout opens. Answers the order's
 * number and the mailed link.
 */
async function repSendsLink(page: Page): Promise<{ number: string; link: string }> {
  await loginRep(page, REP);
  await page.getByRole('searchbox', { name: 'Buscar cliente' }).fill('andes');
  await page.waitForFunction(() => document.querySelectorAll('button[aria-label^="Representar a "]').length === 1);
  await page.getByRole('button', { name: 'Representar a Comercial Los Andes SpA' }).click();
  await page.getByRole('region', { name: 'Cliente atendido' }).waitFor();
  await emptyCart(page);
  await addFromDetail(page, 'POL-1001', { M: 2 });
  await page.goto('/user/cart-detail');
  await page.getByRole('button', { name: 'Continuar la compra' }).click();
  await page.waitForURL('**/user/sumary-order');
  await page.getByRole('radio', { name: 'Retiro en tienda' }).check();
  await page.getByRole('radio', { name: 'WebPay Plus' }).check();
  await page.getByRole('button', { name: 'Ir a Pagar' }).click();
  // a rep does not pay: the checkout opens the order's payment link screen
  await page.waitForURL((url) => /^\/user\/orders\/\d+\/payment-link$/.test(url.pathname), { timeout: 20_000 });
  const heading = page.getByRole('heading', { level: 1, name: /^Enviar link de pago / });
  await heading.waitFor();
  const number = (await heading.textContent())!.replace('Enviar link de pago', '').trim();
  await page.getByText(/^El link se enviará a /).waitFor();
  await page.getByRole('button', { name: 'Enviar link de pago' }).click();
  await page.getByRole('status').filter({ hasText: /^Link enviado a .+, vigente hasta / }).waitFor();
  let link = '';
  await eventually(async () => {
    const mail = outboxMails().find((m) => decodedBody(m.text).includes(number) && /\/pagar\//.test(decodedBody(m.text)));
    link = mail ? (/https?:\/\/\S+\/pagar\/[\w-]{43}/.exec(decodedBody(mail.text))?.[0] ?? '') : '';
    return link !== '';
  }, true, 15_000);
  return { number, link };
}

describe('the payment link a rep sends', () => {
  it.each([
    [1280, 800],
    [375, 740],
  ])('the customer pays it by card without logging in, and it cannot be used again (%i px)', async (width, height) => {
    const rep = await newPage(browser, { width, height });
    const { number, link } = await repSendsLink(rep.page);
    await rep.context.close();
    const path = new URL(link).pathname;
    // the customer: a fresh browser, no login
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
