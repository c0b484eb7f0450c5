import type { Browser, BrowserContext } from 'playwright-core';
import { launch, newPage } from './browser';
import { addFromDetail, cartBadge, chooseDispatch, emptyCart, eventually, expectText, expectValue, login, outboxMails, portalOrders } from './journeys';

// Cart, order summary and orders (R-CART-3, R-CHK-5, R-PAY-CRED-1, R-PAY-CHQ-1). Each journey uses its own buyer.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

// A 1×1 PNG: a real image by its content, as the server checks.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');






/** Calls the API as an admin (with the anti-forgery cookie and header), as the admin screens will. */
async function adminApi(context: BrowserContext) {
  await context.request.get('/api/security/xsrf');
  const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const login = await context.request.post('/api/security/login', {
    headers: { 'x-xsrf-token': xsrf },
    data: { username: '11.111.111-1', password: 'Admin1234' },
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: token, 'x-xsrf-token': xsrf };
  return {
    list: async () => (await (await context.request.get('/api/admin/admin-emails', { headers })).json()) as { id: number; name: string; lastName: string; email: string; section: string }[],
    remove: (id: number) => context.request.delete(`/api/admin/admin-emails/${id}`, { headers }),
    create: (body: object) => context.request.post('/api/admin/admin-emails', { headers, data: body }),
  };
}


/** The ERP orders in `now` that were not in `before`: what this test created, whatever other files did. */
function without<T extends { DocEntry: number }>(now: T[], before: T[]): T[] {
  const seen = new Set(before.map((o) => o.DocEntry));
  return now.filter((o) => !seen.has(o.DocEntry));
}

describe('cart and orders', () => {
  it('a buyer adds sizes, changes quantities in the cart and reserves: the ERP holds one reservation with the discounts', async () => {
    const earlier = await portalOrders('C76123456', 'RE'); // other files may have used this buyer
    const { context, page } = await newPage(browser);
    await login(page, '76.123.456-0');
    await emptyCart(page); // other files' journeys may have left lines in this demo buyer's cart
    await addFromDetail(page, 'POL-1001', { S: 2, M: 3 });
    await expectText(cartBadge(page), '2');

    await cartBadge(page).click();
    const drawer = page.getByRole('dialog', { name: 'Carro (2)' });
    await drawer.getByText('Cantidad: 3').waitFor();
    await drawer.getByRole('link', { name: 'Ver Carro' }).click();
    await page.waitForURL('**/user/cart-detail');
    await page.getByText('2 Productos', { exact: true }).waitFor(); // not the live region's 'Carro de compras: 2 Productos'

    // plus on S (2 → 3), type 4 on M
    await page.getByRole('button', { name: 'Sumar una unidad de Polera Básica Algodón Blanco talla S' }).click();
    await expectValue(page.getByLabel('Cantidad Polera Básica Algodón Blanco talla S'), '3');
    const m = page.getByLabel('Cantidad Polera Básica Algodón Blanco talla M');
    await m.fill('4');
    await m.blur();
    // Gold buyer, 6 %: 10 990 → 10 331; 7 units → 72 317; IVA 13 740; total 86 057
    const summary = page.getByRole('region', { name: 'Resumen de la compra' });
    await summary.getByText('$72.317').first().waitFor();
    await summary.getByText('$13.740').waitFor();
    await summary.getByText('$86.057').waitFor();

    await page.getByRole('button', { name: 'Realizar Reserva' }).click();
    await page.waitForURL('**/user/sumary-order');
    await chooseDispatch(page);
    await page.getByRole('button', { name: 'Reservar', exact: true }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('Deseas realizar la reserva?').waitFor();
    await confirm.getByRole('button', { name: 'Reservar', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Reserva enviada para aprobación!!').first().waitFor();
    await expectText(cartBadge(page), '0');

    const reservations = without(await portalOrders('C76123456', 'RE'), earlier);
    expect(reservations).toHaveLength(1);
    const [reserve] = reservations;
    expect(reserve.U_TipoVenta).toBe('Reserva');
    expect(reserve.U_FormaPago).toBeNull();
    expect(reserve.DocumentLines.map((l) => [l.ItemCode, l.Quantity, l.UnitPrice, l.DiscountPercent])).toEqual([
      ['POL-1001-S', 3, 10331, 0],
      ['POL-1001-M', 4, 10331, 0],
    ]);
    // the notification is queued (202) and written by the outbox worker a moment later
    await eventually(async () => outboxMails().some((m) => m.name.includes(`RESERVE-${reserve.NumAtCard}`)), true, 15_000);
    await context.close();
  });

  it('the same buyer buys on its credit line with store pickup', async () => {
    const earlier = await portalOrders('C76123456', 'OC');
    const { context, page } = await newPage(browser);
    await login(page, '76.123.456-0');
    await emptyCart(page); // other files' journeys may have left lines in this demo buyer's cart
    await addFromDetail(page, 'POL-1001', { L: 2 });
    await page.goto('/user/cart-detail');
    await page.getByRole('button', { name: 'Continuar la compra' }).click();
    await page.waitForURL('**/user/sumary-order');
    await page.getByRole('radio', { name: 'Retiro en tienda' }).check();
    await page.getByRole('radio', { name: 'Línea de crédito' }).check();
    await page.getByRole('button', { name: 'Ir a Pagar' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Gracias por Comprar!!').first().waitFor();
    await expectText(cartBadge(page), '0');

    const sales = without(await portalOrders('C76123456', 'OC'), earlier);
    expect(sales).toHaveLength(1);
    expect(sales[0].U_FormaPago).toBe('5');
    expect(sales[0].U_TipoVenta).toBe('Normal');
    expect(sales[0].DocumentLines.map((l) => [l.ItemCode, l.Quantity])).toEqual([['POL-1001-L', 2]]);
    await context.close();
  });

  it('a buyer with payment condition Cheque uploads the photo: too large is refused, a real one goes by mail (375 px)', async () => {
    const { context, page } = await newPage(browser, { width: 375, height: 800 });
    await login(page, '76.234.567-6');
    await addFromDetail(page, 'POL-1001', { M: 1 });
    await page.goto('/user/cart-detail');
    await page.getByRole('button', { name: 'Continuar la compra' }).click();
    await page.waitForURL('**/user/sumary-order');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await chooseDispatch(page);
    await page.getByRole('radio', { name: 'Cheque' }).check();
    const picker = page.getByLabel('Adjuntar foto del cheque');
    await picker.setInputFiles({ name: 'grande.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024 * 1024 + 10, 1) });
    await page.getByText('El archivo grande.png excede el tamaño maximo 2MB').waitFor();
    await picker.setInputFiles({ name: 'cheque.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Ir a Pagar' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Gracias por Comprar!!').first().waitFor();

    const [sale] = await portalOrders('C76234567', 'OC');
    expect(sale.U_FormaPago).toBe('1');
    // the mail is queued and written by the outbox worker a moment later
    const chequeMail = () => outboxMails().find((m) => m.name.includes(`CHEQUE-${sale.NumAtCard}`))?.text ?? '';
    const whole = (text: string) => text.includes(`filename=Cheque_${sale.NumAtCard}.png`) && text.includes(PNG.toString('base64').slice(0, 40));
    await eventually(async () => whole(chequeMail()), true, 15_000);
    await context.close();
  });

  it('without a RESERVE recipient the reservation stops with the message and nothing reaches the ERP', async () => {
    const { context, page } = await newPage(browser);
    const admin = await adminApi(context);
    const recipient = (await admin.list()).find((r) => r.section === 'RESERVE')!;
    expect((await admin.remove(recipient.id)).ok()).toBe(true);
    try {
      await login(page, '79.012.345-K');
      await addFromDetail(page, 'POL-1001', { S: 1 });
      await page.goto('/user/cart-detail');
      await page.getByRole('button', { name: 'Realizar Reserva' }).click();
      await chooseDispatch(page);
      await page.getByRole('button', { name: 'Reservar', exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Reservar', exact: true }).click();
      await page.getByText('No existe correo para notificar a Textil Andino').first().waitFor();
      expect(new URL(page.url()).pathname).toBe('/user/sumary-order');
      expect(await portalOrders('C79012345', 'RE')).toHaveLength(0);
    } finally {
      const { name, lastName, email, section } = recipient;
      expect((await admin.create({ name, lastName, email, section })).ok()).toBe(true);
      await context.close();
    }
  });
});
