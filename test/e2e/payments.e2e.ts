import type { Browser, Page } from 'playwright-core';
import { launch, newPage } from './browser';
import { addFromDetail, cartBadge, chooseDispatch, eventually, expectText, incomingPayments, login, payWithApprovedVisa, pendingInvoiceRows, portalOrders, toSummary } from './journeys';

// Card (WebPay Plus stand-in) and bank transfer (Khipu stand-in), end to end: the screens, the order's final state
// and the documents in the ERP stand-in. Card journeys use 77.345.678-K, transfers 79.012.345-K, invoices 76.123.456-0.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const CARD_BUYER = { rut: '77.345.678-K', cardCode: 'C77345678' };
const TRANSFER_BUYER = { rut: '79.012.345-K', cardCode: 'C79012345' };

const VISA = 'VISA crédito 4051 8856 0044 6623 (aprobada)';
const MASTERCARD = 'MASTERCARD crédito 5186 0595 5959 0568 (rechazada)';

/** Order summary → 'Ir a Pagar' with WebPay Plus → the stand-in's card form. */
async function payByCard(page: Page) {
  await addFromDetail(page, 'POL-1001', { S: 1 });
  await toSummary(page);
  await chooseDispatch(page);
  await page.getByRole('radio', { name: 'WebPay Plus' }).check();
  await page.getByRole('button', { name: 'Ir a Pagar' }).click();
  await page.getByRole('heading', { name: 'Webpay Plus (simulador de integración)' }).waitFor({ timeout: 20_000 });
}

/** A field of the verification page: its value next to the label. */
const field = (page: Page, label: string) => page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

async function orderNumberShown(page: Page): Promise<string> {
  return ((await field(page, 'Número de Orden').textContent()) ?? '').trim();
}

describe('card payment (WebPay Plus)', () => {
  it('approved with VISA: CONFIRMED, the sale order (forma de pago 4) and the payment in the ERP, the cart emptied', async () => {
    const { context, page } = await newPage(browser);
    await login(page, CARD_BUYER.rut);
    await payByCard(page);
    await page.getByLabel(VISA).check();
    await page.getByRole('button', { name: 'Pagar', exact: true }).click();
    await page.waitForURL('**/payment-verification**');
    await page.getByText('Gracias por Comprar!!').first().waitFor({ timeout: 20_000 });
    expect((await field(page, 'Estado del Pedido').textContent())?.trim()).toBe('Confirmado');
    expect(await field(page, 'Autenticación \\(VCI\\)').textContent()).toContain('Autenticación exitosa');
    expect(await field(page, 'Tipo de Pago').textContent()).toContain('Venta Normal');
    expect((await field(page, 'Número de Tarjeta').textContent())?.trim()).toContain('6623');
    const number = await orderNumberShown(page);
    await expectText(cartBadge(page), '0');

    await eventually(async () => (await portalOrders(CARD_BUYER.cardCode, 'OC')).filter((o) => o.NumAtCard === number).map((o) => o.U_FormaPago), ['4'], 15_000);
    await eventually(
      async () => (await incomingPayments(CARD_BUYER.cardCode)).filter((p) => p.CounterReference === number).map((p) => p.PaymentCreditCards.map((c) => [c.CreditCard, c.PaymentMethodCode])),
      [[[4, 3]]],
      15_000,
    );
    await context.close();
  });

  it('rejected with MASTERCARD: Pago no realizado, the order CANCELED, nothing in the ERP', async () => {
    const { context, page } = await newPage(browser);
    await login(page, CARD_BUYER.rut);
    await payByCard(page);
    await page.getByLabel(MASTERCARD).check();
    await page.getByRole('button', { name: 'Pagar', exact: true }).click();
    await page.waitForURL('**/payment-verification**');
    await page.getByText('Pago no realizado').first().waitFor({ timeout: 20_000 });
    expect((await field(page, 'Estado del Pedido').textContent())?.trim()).toBe('Cancelado');
    const number = await orderNumberShown(page);
    expect((await portalOrders(CARD_BUYER.cardCode, 'OC')).some((o) => o.NumAtCard === number)).toBe(false);
    await context.close();
  });

  it('aborted with Anular compra: No se realizo la compra, vci Anulada Compra, the order CANCELED', async () => {
    const { context, page } = await newPage(browser);
    await login(page, CARD_BUYER.rut);
    await payByCard(page);
    await page.getByRole('button', { name: 'Anular compra' }).click();
    await page.waitForURL('**/payment-verification**');
    await page.getByText('No se realizo la compra').first().waitFor({ timeout: 20_000 });
    expect(await field(page, 'Autenticación \\(VCI\\)').textContent()).toContain('Anulada Compra');
    expect((await field(page, 'Estado del Pedido').textContent())?.trim()).toBe('Cancelado');
    await context.close();
  });
});

describe('bank transfer (Khipu)', () => {
  async function startTransfer(page: Page) {
    await addFromDetail(page, 'POL-1001', { M: 2 });
    await toSummary(page);
    await chooseDispatch(page);
    expect(await page.getByRole('radio', { name: 'Transferencia bancaria (Khipu)' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Ir a Pagar' }).click();
    await page.getByRole('heading', { name: /Khipu \(simulador\)/ }).waitFor({ timeout: 20_000 });
  }

  it('paid: the return page waits for the validation, then shows the payment; CONFIRMED with the ERP documents', async () => {
    const { context, page } = await newPage(browser);
    await login(page, TRANSFER_BUYER.rut);
    const before = (await portalOrders(TRANSFER_BUYER.cardCode, 'OC')).length;
    await startTransfer(page);
    await page.getByRole('button', { name: 'Pagar', exact: true }).click();
    await page.waitForURL('**/return**');
    await page.getByRole('heading', { name: 'Gracias por tu compra' }).waitFor();
    await page.getByText('Esperando validación Khipu...').first().waitFor();
    await page.getByText('Gracias por su Comprar!!').first().waitFor({ timeout: 40_000 });
    for (const label of ['Id de Pago', 'Monto', 'Moneda', 'Estado', 'Número de Orden', 'Forma de pago']) await page.getByText(label, { exact: true }).first().waitFor();
    await page.getByRole('link', { name: 'Comprobante' }).waitFor();
    await expectText(cartBadge(page), '0');
    await eventually(async () => (await portalOrders(TRANSFER_BUYER.cardCode, 'OC')).length, before + 1, 15_000);
    await page.getByRole('button', { name: 'Volver al Home' }).or(page.getByRole('link', { name: 'Volver al Home' })).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('tab closed after paying, before the return: the reconciler completes the order in the ERP', async () => {
    const { context, page } = await newPage(browser);
    await login(page, TRANSFER_BUYER.rut);
    const ordersBefore = (await portalOrders(TRANSFER_BUYER.cardCode, 'OC')).length;
    const paymentsBefore = (await incomingPayments(TRANSFER_BUYER.cardCode)).length;
    await startTransfer(page);
    // the browser never comes back to the portal
    await page.route('**/return**', (route) => route.abort());
    await page.getByRole('button', { name: 'Pagar', exact: true }).click().catch(() => undefined);
    await context.close();

    await eventually(async () => (await portalOrders(TRANSFER_BUYER.cardCode, 'OC')).length, ordersBefore + 1, 40_000);
    await eventually(async () => (await incomingPayments(TRANSFER_BUYER.cardCode)).length, paymentsBefore + 1, 15_000);
  });
});

describe('pending invoices', () => {
  it('pays two selected invoices by card: the ERP registers exactly their balances', async () => {
    const { context, page } = await newPage(browser);
    await login(page, '76.123.456-0');
    await page.goto('/user/pending-payments');
    await page.getByRole('heading', { name: 'Pagos Pendientes' }).waitFor();
    const rows = pendingInvoiceRows(page);
    await rows.first().waitFor();
    const count = await rows.count();
    expect(count).toBeGreaterThanOrEqual(2);
    const payButton = page.getByRole('button', { name: 'ir a Pagar' });
    expect(await payButton.isDisabled()).toBe(true);
    await rows.nth(0).getByRole('checkbox').check();
    await rows.nth(1).getByRole('checkbox').check();
    const before = (await incomingPayments('C76123456')).length;
    await payButton.click();
    expect(await page.getByRole('radio', { name: 'WebPay Plus' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Pagar', exact: true }).click();
    await payWithApprovedVisa(page);
    await page.getByText('Pago de facturas realizado!!').first().waitFor({ timeout: 20_000 });

    await eventually(async () => (await incomingPayments('C76123456')).length, before + 1, 15_000);
    const payment = (await incomingPayments('C76123456')).at(-1)!;
    expect(payment.PaymentInvoices).toHaveLength(2);
    await page.goto('/user/pending-payments');
    await page.getByRole('heading', { name: 'Pagos Pendientes' }).waitFor();
    await eventually(() => pendingInvoiceRows(page).count(), count - 2, 15_000);
    await context.close();
  });
});

describe('purchase history', () => {
  it('lists the orders 10 per page with - for missing documents, and opens the detail of one (375 px)', async () => {
    const { context, page } = await newPage(browser, { width: 375, height: 800 });
    await login(page, '76.123.456-0');
    await page.goto('/user/purchase-history');
    await page.getByRole('heading', { name: 'Historial de Compra' }).waitFor();
    // a phone shows the orders as cards, every field labelled (R-A11Y-2)
    const card = page.getByRole('list', { name: 'Pedidos realizados' }).getByRole('listitem').first();
    for (const label of ['Fecha', 'Tipo Retiro', 'Entrega', 'Estado']) await card.getByText(label, { exact: true }).waitFor();
    const eyes = page.getByRole('button', { name: /^Ver detalle del pedido / });
    await eyes.first().waitFor();
    expect(await eyes.count()).toBeLessThanOrEqual(10);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await eyes.first().click();
    const dialog = page.getByRole('dialog', { name: /Detalle de Pedido/ });
    // a phone shows the order's lines as cards titled by the product, every other column labelled
    const line = dialog.getByRole('list', { name: /Detalle de Pedido/ }).getByRole('listitem').first();
    for (const label of ['N° Linea', 'N° Sku', 'Cantidad', 'Valor Neto']) await line.getByText(label, { exact: true }).waitFor();
    expect(await dialog.getByRole('table').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await context.close();
  });
});
