import type { Browser, Page } from 'playwright-core';
import { launch, newPage } from './browser';
import { eventually, incomingPayments, login, payWithApprovedVisa, pendingInvoiceRows } from './journeys';

// The roles inside a buying company, in the browser (docs/company-people.md): a Finanzas person (Matías Navarro,
// 17.901.234-0, of 78.901.234-2) logs in with the personal rut, pays a pending invoice of the company by card and
// is offered no cart; a Comprador (Camila Rojas, 18.901.234-9, of 76.123.456-0) is offered no pending invoices.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menú principal' });

describe('Finanzas', () => {
  it('pays an invoice of the company by card, has no cart, and is told the cart is not for the role', async () => {
    const { context, page } = await newPage(browser);
    await login(page, '17.901.234-0');
    await menu(page).getByRole('link', { name: 'Pagos pendientes' }).waitFor();
    expect(await menu(page).getByRole('link', { name: 'Pedido rápido' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /carro/i }).count()).toBe(0);

    await page.goto('/user/pending-payments');
    await page.getByRole('heading', { name: 'Pagos Pendientes' }).waitFor();
    const rows = pendingInvoiceRows(page);
    await rows.first().waitFor();
    const count = await rows.count();
    const before = (await incomingPayments('C78901234')).length;
    await rows.nth(0).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'ir a Pagar' }).click();
    await page.getByRole('button', { name: 'Pagar', exact: true }).click();
    await payWithApprovedVisa(page);
    await page.getByText('Pago de facturas realizado!!').first().waitFor({ timeout: 20_000 });
    await eventually(async () => (await incomingPayments('C78901234')).length, before + 1, 15_000);
    expect((await incomingPayments('C78901234')).at(-1)!.PaymentInvoices).toHaveLength(1);
    await page.goto('/user/pending-payments');
    await eventually(() => pendingInvoiceRows(page).count(), count - 1, 15_000);

    await page.goto('/user/cart-detail');
    await page.getByRole('status').filter({ hasText: 'Su rol en la empresa no permite comprar' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Carro' }).count()).toBe(0);
    await context.close();
  });
});

describe('Comprador', () => {
  it('is offered ordering and no pending invoices', async () => {
    const { context, page } = await newPage(browser, { width: 375, height: 800 });
    await login(page, '18.901.234-9');
    await page.goto('/user/pending-payments');
    await page.getByRole('status').filter({ hasText: 'Su rol en la empresa no permite ver ni pagar facturas' }).waitFor();
    await page.goto('/user/quick-order');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'Su rol en la empresa' }).count()).toBe(0);
    await context.close();
  });
});
