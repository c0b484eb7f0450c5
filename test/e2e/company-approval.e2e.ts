import type { Browser, Page } from 'playwright-core';
import { DEMO_PEOPLE } from '@mocks/demo/people';
import { launch, newPage } from './browser';
import { addFromDetail, cartBadge, emptyCart, eventually, expectText, login, portalOrders } from './journeys';

// A Comprador's order over her monthly limit waits for the company (Camila Rojas, limit $300.000); the Aprobador
// (Patricia Muñoz) approves it in Mi empresa: Por aprobar and the ERP holds it with Camila as its contact person; a
// rejected one is back in Camila's cart.

const CAMILA = '18.901.234-9';
const PATRICIA = '12.456.789-0';
const camilaContact = DEMO_PEOPLE.find((p) => p.rut === CAMILA)!.internalCode;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** Camila orders what her cart holds (credit line unless told), store pickup: the order waits; answers its number. */
async function orderThatWaits(page: Page, method = 'Línea de crédito'): Promise<string> {
  await page.goto('/user/cart-detail');
  await page.getByRole('button', { name: 'Continuar la compra' }).click();
  await page.waitForURL('**/user/sumary-order');
  await page.getByRole('radio', { name: 'Retiro en tienda' }).check();
  await page.getByRole('radio', { name: method }).check();
  await page.getByRole('button', { name: 'Ir a Pagar' }).click();
  await page.waitForURL('**/user/orders');
  const toast = page.getByText(/Tu pedido quedó esperando la aprobación de la empresa: el pedido (OC\d+)/).first();
  await toast.waitFor();
  const number = /OC\d+/.exec((await toast.textContent()) ?? '')![0];
  await expectText(cartBadge(page), '0');
  return number;
}

/** Patricia opens the order from the menu's Por aprobar. */
async function openToDecide(page: Page, number: string) {
  await page.getByRole('link', { name: 'Mi empresa: Por aprobar' }).click();
  await page.waitForURL('**/user/company/approvals');
  await page.getByRole('link', { name: `Ver pedido ${number}` }).click();
  await page.getByRole('heading', { level: 1, name: `Pedido ${number} por aprobar` }).waitFor();
  await page.getByText('Camila Rojas Pizarro').first().waitFor();
}

describe('approval by the buying company', () => {
  it('an order over the Comprador’s limit waits; the Aprobador approves it and the ERP holds it with ContactPersonCode', async () => {
    const buyer = await newPage(browser);
    await login(buyer.page, CAMILA);
    await emptyCart(buyer.page);
    await addFromDetail(buyer.page, 'POL-1001', { S: 10, M: 10, L: 10 });
    const number = await orderThatWaits(buyer.page);
    // Mis pedidos: the order and its step
    await buyer.page.goto(`/user/orders/${number}`);
    await buyer.page.getByText('Esperando aprobación de la empresa').first().waitFor();
    expect((await portalOrders('C76123456', 'OC')).some((o) => o.NumAtCard === number)).toBe(false);

    const approver = await newPage(browser);
    await login(approver.page, PATRICIA);
    await openToDecide(approver.page, number);
    await approver.page.getByRole('button', { name: 'Aprobar', exact: true }).click();
    const confirm = approver.page.getByRole('dialog', { name: `¿Aprobar el pedido ${number}?` });
    await confirm.getByText('Pedido de Camila Rojas Pizarro por').waitFor();
    await confirm.getByRole('button', { name: 'Aprobar', exact: true }).click();
    await approver.page.waitForURL('**/user/company/approvals');
    await approver.page.getByText(`Pedido ${number} aprobado y enviado al ERP`).first().waitFor();

    // the ERP holds it once, with Camila as the contact person
    await eventually(async () => (await portalOrders('C76123456', 'OC')).filter((o) => o.NumAtCard === number).length, 1, 20_000);
    const [sale] = (await portalOrders('C76123456', 'OC')).filter((o) => o.NumAtCard === number) as Array<{ ContactPersonCode?: number; DocumentLines: { ItemCode: string; Quantity: number }[] }>;
    expect(sale!.ContactPersonCode).toBe(camilaContact);
    expect(sale!.DocumentLines.map((l) => [l.ItemCode, l.Quantity]).sort()).toEqual([['POL-1001-L', 10], ['POL-1001-M', 10], ['POL-1001-S', 10]]);
    await buyer.page.goto(`/user/orders/${number}`);
    await buyer.page.getByText('Aprobado por la empresa').first().waitFor();
    await buyer.context.close();
    await approver.context.close();
  });

  it('a rejected order is back in the Comprador’s cart, with the reason required', async () => {
    const buyer = await newPage(browser);
    await login(buyer.page, CAMILA);
    await emptyCart(buyer.page);
    // the month's orders are over the limit already: even one garment waits
    await addFromDetail(buyer.page, 'POL-1001', { M: 1 });
    const number = await orderThatWaits(buyer.page);

    const approver = await newPage(browser, { width: 375, height: 800 });
    await login(approver.page, PATRICIA);
    await approver.page.goto('/user/company/approvals');
    await approver.page.getByRole('link', { name: `Ver pedido ${number}` }).click();
    await approver.page.getByRole('button', { name: 'Rechazar', exact: true }).click();
    const dialog = approver.page.getByRole('dialog', { name: `Rechazar el pedido ${number}` });
    await dialog.getByRole('button', { name: 'Rechazar pedido' }).click();
    await dialog.getByText('Indique el motivo del rechazo').waitFor();
    await dialog.getByRole('textbox', { name: 'Motivo del rechazo' }).fill('Esperemos la próxima temporada');
    await dialog.getByRole('button', { name: 'Rechazar pedido' }).click();
    await approver.page.getByText(`Pedido ${number} rechazado: sus productos volvieron al carro del comprador`).first().waitFor();
    expect(await approver.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await buyer.page.goto(`/user/orders/${number}`);
    await buyer.page.getByText('Rechazado por la empresa').first().waitFor();
    await buyer.page.goto('/user/cart-detail');
    await expectText(cartBadge(buyer.page), '1');
    expect((await portalOrders('C76123456', 'OC')).some((o) => o.NumAtCard === number)).toBe(false);
    await buyer.context.close();
    await approver.context.close();
  });

  it("a card order waits, then the buyer pays it from Mis pedidos once approved ('Pagar')", async () => {
    const buyer = await newPage(browser);
    await login(buyer.page, CAMILA);
    await emptyCart(buyer.page);
    await addFromDetail(buyer.page, 'POL-1001', { S: 1 });
    const number = await orderThatWaits(buyer.page, 'WebPay Plus');
    await buyer.page.goto(`/user/orders/${number}`);
    await buyer.page.getByText('Esperando aprobación de la empresa').first().waitFor();
    expect(await buyer.page.getByRole('button', { name: 'Pagar', exact: true }).count()).toBe(0);

    const approver = await newPage(browser);
    await login(approver.page, PATRICIA);
    await openToDecide(approver.page, number);
    await approver.page.getByRole('button', { name: 'Aprobar', exact: true }).click();
    await approver.page.getByRole('dialog', { name: `¿Aprobar el pedido ${number}?` }).getByRole('button', { name: 'Aprobar', exact: true }).click();
    await approver.page.getByText(`Pedido ${number} aprobado: el comprador recibirá un correo para pagarlo`).first().waitFor();

    await buyer.page.goto(`/user/orders/${number}`);
    await buyer.page.getByText('Aprobado por la empresa').first().waitFor();
    await buyer.page.getByRole('button', { name: 'Pagar', exact: true }).click();
    await buyer.page.getByRole('heading', { name: 'Webpay Plus (simulador de integración)' }).waitFor({ timeout: 20_000 });
    await buyer.page.getByLabel('VISA crédito 4051 8856 0044 6623 (aprobada)').check();
    await buyer.page.getByRole('button', { name: 'Pagar', exact: true }).click();
    await buyer.page.waitForURL('**/payment-verification**');
    await buyer.page.getByText('Gracias por Comprar!!').first().waitFor({ timeout: 20_000 });
    await eventually(async () => (await portalOrders('C76123456', 'OC')).filter((o) => o.NumAtCard === number).map((o) => o.U_FormaPago), ['4'], 15_000);
    await buyer.context.close();
    await approver.context.close();
  });
});
