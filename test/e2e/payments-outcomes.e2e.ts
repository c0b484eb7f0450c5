import type { Browser, Page } from 'playwright-core';
import { launch, newPage } from './browser';
import { addFromDetail, cartBadge, chooseDispatch, eventually, expectText, login, portalOrders, toSummary } from './journeys';

// What the buyer sees once a card (WebPay Plus stand-in) or transfer (Khipu stand-in) payment leaves the happy path:
// Back from the provider, a rejected card tried again, a transfer the payer rejects. Each state comes from the server.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const CARD_BUYER = { rut: '77.345.678-K', cardCode: 'C77345678' };
const TRANSFER_BUYER = { rut: '79.012.345-K', cardCode: 'C79012345' };

const VISA = 'VISA crédito 4051 8856 0044 6623 (aprobada)';
const MASTERCARD = 'MASTERCARD crédito 5186 0595 5959 0568 (rechazada)';
const WEBPAY_FORM = 'Webpay Plus (simulador de integración)';

/** Order summary → 'Ir a Pagar' with WebPay Plus → the stand-in's card form. */
async function payByCard(page: Page) {
  await addFromDetail(page, 'POL-1001', { S: 1 });
  await toSummary(page);
  await chooseDispatch(page);
  await page.getByRole('radio', { name: 'WebPay Plus' }).check();
  await page.getByRole('button', { name: 'Ir a Pagar' }).click();
  await page.getByRole('heading', { name: WEBPAY_FORM }).waitFor({ timeout: 20_000 });
}

/** The card form: a card, then Pagar; back on the result page. */
async function payWith(page: Page, card: string) {
  await page.getByLabel(card).check();
  await page.getByRole('button', { name: 'Pagar', exact: true }).click();
  await page.waitForURL('**/payment-verification**');
}

/** A field of a payment's description list: its value next to the label. */
const field = (page: Page, label: string) => page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
const fieldText = async (page: Page, label: string) => ((await field(page, label).textContent()) ?? '').trim();
const nextSteps = (page: Page) => page.getByRole('group', { name: 'Siguientes pasos' });
const badgeCount = async (page: Page) => Number(((await cartBadge(page).textContent()) ?? '').replace(/\D/g, '') || '0');

describe('Back from the WebPay card form', () => {
  it('lands on the state of the payment (not the form again) with the order’s real state; Anular then ends it', async () => {
    const { context, page } = await newPage(browser);
    await login(page, CARD_BUYER.rut);
    await payByCard(page);

    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Estado de tu pago' }).waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).pathname).toBe('/payment');
    const open = page.getByText(/^El pago del pedido OC\d{6} aún no se completa: puedes volver a pagarlo o anularlo\.$/);
    await open.waitFor({ timeout: 20_000 });
    const number = await fieldText(page, 'Número de Orden');
    expect(number).toMatch(/^OC\d{6}$/);
    expect(await fieldText(page, 'Estado del Pedido')).toBe('En proceso');
    expect(await fieldText(page, 'Estado del Pago')).toBe('Pendiente de pago');
    await nextSteps(page).getByRole('button', { name: 'Volver a pagar' }).waitFor();
    // the page stays: nothing posts the form again
    await page.waitForTimeout(1_500);
    expect(new URL(page.url()).pathname).toBe('/payment');
    expect(await page.getByRole('heading', { name: WEBPAY_FORM }).count()).toBe(0);

    // Anular, after its confirmation: WebPay's own abort return, decided by the server
    await nextSteps(page).getByRole('button', { name: 'Anular' }).click();
    const dialog = page.getByRole('dialog', { name: '¿Anular el pago?' });
    await dialog.getByText(`Se anulará el pago del pedido ${number} y sus productos volverán a tu carro.`).waitFor();
    await dialog.getByRole('button', { name: 'Anular pago' }).click();
    await page.waitForURL('**/payment-verification**');
    await page.getByText('No se realizo la compra').first().waitFor({ timeout: 20_000 });
    expect(await fieldText(page, 'Número de Orden')).toBe(number);
    expect(await fieldText(page, 'Estado del Pedido')).toBe('Cancelado');
    await nextSteps(page).getByRole('button', { name: 'Intentar nuevamente' }).waitFor();
    await nextSteps(page).getByRole('button', { name: 'Volver al carro' }).waitFor();
    await eventually(async () => (await badgeCount(page)) > 0, true);

    // a later visit of /payment has nothing to send and no payment in progress
    await page.goto('/payment');
    await page.getByText('No hay un pago en curso.').waitFor({ timeout: 20_000 });
    expect(await page.getByRole('heading', { name: WEBPAY_FORM }).count()).toBe(0);
    await context.close();
  });
});

describe('a rejected card, then Intentar nuevamente', () => {
  it('MASTERCARD rejected, then VISA: Confirmado, exactly one ERP sales order for the new order, the cart empty', async () => {
    const { context, page } = await newPage(browser);
    await login(page, CARD_BUYER.rut);
    await payByCard(page);
    await payWith(page, MASTERCARD);
    await page.getByText('Pago no realizado').first().waitFor({ timeout: 20_000 });
    const rejected = await fieldText(page, 'Número de Orden');
    expect(await fieldText(page, 'Estado')).toBe('Rechazada');
    expect(await fieldText(page, 'Estado del Pedido')).toBe('Cancelado');
    await page.getByText(`Pago rechazado: el pedido ${rejected} fue anulado y sus productos volvieron a tu carro.`).waitFor();

    await nextSteps(page).getByRole('button', { name: 'Intentar nuevamente' }).click();
    await page.getByRole('heading', { name: WEBPAY_FORM }).waitFor({ timeout: 20_000 });
    await payWith(page, VISA);
    await page.getByText('Gracias por Comprar!!').first().waitFor({ timeout: 20_000 });
    expect(await fieldText(page, 'Estado del Pedido')).toBe('Confirmado');
    expect(await fieldText(page, 'Estado')).toBe('Autorizada');
    const paid = await fieldText(page, 'Número de Orden');
    expect(paid).toMatch(/^OC\d{6}$/);
    expect(paid).not.toBe(rejected);
    await nextSteps(page).getByRole('link', { name: 'Ver mi pedido' }).waitFor();

    await eventually(async () => (await portalOrders(CARD_BUYER.cardCode, 'OC')).filter((o) => o.NumAtCard === paid).map((o) => o.U_FormaPago), ['4'], 15_000);
    expect((await portalOrders(CARD_BUYER.cardCode, 'OC')).filter((o) => o.NumAtCard === rejected)).toHaveLength(0);
    await expectText(cartBadge(page), '0');
    await page.goto('/user/cart-detail');
    await page.getByText('El carro está vacío').first().waitFor({ timeout: 20_000 });
    // still exactly one, once the ERP work has settled
    expect((await portalOrders(CARD_BUYER.cardCode, 'OC')).filter((o) => o.NumAtCard === paid)).toHaveLength(1);
    await context.close();
  });
});

describe('a transfer the payer rejects at Khipu', () => {
  it('rechazado in Spanish, Intentar nuevamente and Volver al carro, the lines back in the cart', async () => {
    const { context, page } = await newPage(browser);
    await login(page, TRANSFER_BUYER.rut);
    await addFromDetail(page, 'POL-1001', { M: 2 });
    await toSummary(page);
    await chooseDispatch(page);
    expect(await page.getByRole('radio', { name: 'Transferencia bancaria (Khipu)' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Ir a Pagar' }).click();
    await page.getByRole('heading', { name: /Khipu \(simulador\)/ }).waitFor({ timeout: 20_000 });

    await page.getByRole('button', { name: 'Rechazar el pago' }).click();
    await page.waitForURL('**/return**');
    await page.getByText('Pago no realizado').first().waitFor({ timeout: 30_000 });
    const number = await fieldText(page, 'Número de Orden');
    expect(number).toMatch(/^OC\d{6}$/);
    await page.getByText(`Pago rechazado: el pedido ${number} fue anulado y sus productos volvieron a tu carro.`).waitFor();
    expect(await fieldText(page, 'Detalle del estado')).toBe('Rechazado por el pagador');
    await nextSteps(page).getByRole('button', { name: 'Intentar nuevamente' }).waitFor();
    await eventually(async () => (await badgeCount(page)) > 0, true, 15_000);

    await nextSteps(page).getByRole('button', { name: 'Volver al carro' }).click();
    await page.waitForURL((url) => url.pathname === '/user/cart-detail');
    await page.getByRole('button', { name: /^Eliminar .* talla M$/ }).first().waitFor({ timeout: 20_000 });
    expect((await portalOrders(TRANSFER_BUYER.cardCode, 'OC')).filter((o) => o.NumAtCard === number)).toHaveLength(0);
    await context.close();
  });
});
