import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { seriousFindings, settle } from './a11y';
import { launch, newPage } from './browser';
import { erpGet, erpPatch } from './erp';
import { cartBadge, emptyCart, eventually, expectText, login, outboxMails } from './journeys';

// Stock por llegar (docs/incoming.md), in Chromium against the portal and the B1 stand-in's purchase orders: the Gold
// buyer 76.123.456-0 sees what arrives of CHA-3003's XS (none on hand, 60 on a purchase order), pre-orders 10 from the
// product detail, finds them under 'Por llegar' in the cart, buys them on credit all together, and Mis pedidos says when
// they arrive; the ERP's sales order carries the line's ShipDate; then the wholesaler moves the purchase order in SAP and
// the buyer gets one mail and sees the new date. Then 'Próxima temporada' on a phone (a screenshot in .tmp, looked at by
// a person).

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const BUYER = '76.123.456-0';
const SHOTS = process.env.E2E_SHOTS_DIR ?? path.resolve(__dirname, '../../.tmp');
/** '15-ene', '3-feb' (with the year only when far away). */
const DAY = String.raw`\d{1,2}-[a-z]{3,4}(-\d{4})?`;

describe('stock por llegar', () => {
  it('a sold-out size shows what arrives, is pre-ordered from the detail, kept apart in the cart, bought all together on credit, and dated in Mis pedidos', async () => {
    const { context, page } = await newPage(browser, { width: 1280, height: 900 });
    await login(page, BUYER);
    await emptyCart(page);

    await page.goto('/user/product-detail/CHA-3003');
    const sizes = page.getByRole('table', { name: 'Tallas disponibles' });
    const xs = sizes.getByRole('row').filter({ has: page.getByRole('cell', { name: 'XS', exact: true }) });
    await expect(xs.textContent()).resolves.toMatch(new RegExp(`Llegan 60 el ${DAY}`));
    // no stock on hand: no quantity, the pre-order instead
    await expect(xs.getByRole('spinbutton').count()).resolves.toBe(0);
    await xs.getByRole('button', { name: /^Pedir por llegar .* talla XS$/ }).click();

    const dialog = page.getByRole('dialog', { name: /^Pedir por llegar: .* talla XS$/ });
    await dialog.waitFor();
    await settle(page);
    expect(await seriousFindings(page)).toEqual([]);
    await dialog.getByRole('textbox', { name: 'Cantidad por llegar' }).fill('75');
    await expect(dialog.getByRole('textbox', { name: 'Cantidad por llegar' }).inputValue()).resolves.toBe('60');
    await dialog.getByText('Solo llegan 60 unidades de esta talla').waitFor();
    await dialog.getByRole('textbox', { name: 'Cantidad por llegar' }).fill('10');
    const posted = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/user/cart/bulk');
    await dialog.getByRole('button', { name: 'Pedir por llegar', exact: true }).click();
    const request = await posted;
    expect(request.postDataJSON()).toEqual({ items: [{ sku: 'CHA-3003-XS', quantity: 10, porLlegar: true }], clampToStock: true });
    expect(request.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    await page.getByText(new RegExp(`^Se agregaron 10 por llegar de .* talla XS \\(llegan el ${DAY}\\)$`)).first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expectText(cartBadge(page), '1');

    // the cart: apart under 'Por llegar', with its date
    await page.goto('/user/cart-detail');
    await page.getByRole('heading', { name: 'Por llegar', level: 2 }).waitFor();
    const line = page.getByRole('list', { name: 'Productos del carro (por llegar)' }).getByRole('listitem');
    await expect(line.count()).resolves.toBe(1);
    await expect(line.textContent()).resolves.toMatch(new RegExp(`Llega el ${DAY}`));
    await expect(line.getByRole('spinbutton').getAttribute('max')).resolves.toBe('60');
    await settle(page);
    expect(await seriousFindings(page)).toEqual([]);

    // the summary: the shipping choice, no card or transfer, the credit line
    await page.getByRole('button', { name: 'Continuar la compra' }).click();
    await page.waitForURL('**/user/sumary-order');
    await page.getByRole('radio', { name: 'Retiro en tienda' }).check();
    await expect(page.getByRole('radio', { name: 'WebPay Plus' }).isDisabled()).resolves.toBe(true);
    await expect(page.getByRole('radio', { name: 'Transferencia bancaria (Khipu)' }).isDisabled()).resolves.toBe(true);
    await page.getByText(/^Los pedidos con productos por llegar se pagan al facturar/).waitFor();
    await page.getByRole('radio', { name: 'Línea de crédito' }).check();
    await page.getByRole('radio', { name: new RegExp(`^Todo junto, cuando llegue lo último \\(${DAY}\\)$`) }).check();
    await settle(page);
    expect(await seriousFindings(page)).toEqual([]);
    const created = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/orders');
    await page.getByRole('button', { name: 'Ir a Pagar' }).click();
    const order = (await (await created).json()) as { purchaseOrderNumber: string; envioPorLlegar?: string; orderProducts: Array<{ sku: string; llegada?: string | null }> };
    expect(order.envioPorLlegar).toBe('JUNTO');
    expect(order.orderProducts.map((l) => [l.sku, Boolean(l.llegada)])).toEqual([['CHA-3003-XS', true]]);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Gracias por Comprar!!').first().waitFor();
    await expectText(cartBadge(page), '0');

    // Mis pedidos: the line says when it arrives
    await page.goto(`/user/orders/${order.purchaseOrderNumber}`);
    const lines = page.getByRole('table', { name: 'Productos' });
    await lines.waitFor();
    await expect(lines.getByRole('row').filter({ hasText: 'CHA-3003-XS' }).textContent()).resolves.toMatch(new RegExp(`Llega el ${DAY}`));

    // the ERP's sales order: the pre-order line, and (all together) the order, ship on the arrival
    const promised = order.orderProducts[0]!.llegada!;
    const [erpOrder] = await erpGet<{ value: { DocDueDate: string; DocumentLines: { ItemCode: string; ShipDate: string }[] }[] }>(
      `Orders?$filter=NumAtCard eq '${order.purchaseOrderNumber}'&$select=DocDueDate,DocumentLines`,
    ).then((r) => r.value);
    expect(erpOrder!.DocumentLines.map((l) => [l.ItemCode, l.ShipDate.slice(0, 10)])).toEqual([['CHA-3003-XS', promised]]);
    expect(erpOrder!.DocDueDate.slice(0, 10)).toBe(promised);

    // the supplier is late: the wholesaler moves the purchase order's line three weeks in SAP; the buyer is mailed once
    // and Mis pedidos shows the new date
    const before = new Set(outboxMails().map((m) => m.name));
    const purchases = await erpGet<{ value: { DocEntry: number; DocumentLines: { LineNum: number; ItemCode: string; ShipDate: string; LineStatus: string }[] }[] }>(
      "PurchaseOrders?$filter=DocumentStatus eq 'bost_Open'&$select=DocEntry,DocumentLines",
    );
    const po = purchases.value.find((p) => p.DocumentLines.some((l) => l.ItemCode === 'CHA-3003-XS' && l.LineStatus === 'bost_Open'))!;
    const poLine = po.DocumentLines.find((l) => l.ItemCode === 'CHA-3003-XS')!;
    const later = new Date(Date.parse(`${poLine.ShipDate.slice(0, 10)}T12:00:00Z`) + 21 * 86_400_000).toISOString().slice(0, 10);
    await erpPatch(`PurchaseOrders(${po.DocEntry})`, { DocumentLines: [{ LineNum: poLine.LineNum, ShipDate: later }] });
    const mail = () => outboxMails().filter((m) => !before.has(m.name) && m.text.includes(order.purchaseOrderNumber) && /cambi=C3=B3 la llegada|cambió la llegada/.test(m.text));
    await eventually(async () => mail().length, 1, 30_000);
    const text = mail()[0]!.text.replace(/=\r?\n/g, '');
    expect(text).toContain(`ahora llega el ${later.split('-').reverse().join('-')}`);
    await page.reload();
    await lines.waitFor();
    await page.getByText(new RegExp(`^Cambió la fecha de llegada: ahora llega el ${DAY}$`)).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'por-llegar-movido-1280.png'), fullPage: true });
    await page.goto('/user/orders');
    await page.getByRole('row').filter({ hasText: order.purchaseOrderNumber }).getByText('Llegada cambiada').waitFor();
    // one mail for the move, however many passes the watch made since
    await page.waitForTimeout(3_000);
    expect(mail()).toHaveLength(1);
    await context.close();
  });

  it("'Próxima temporada' on a phone: the styles only on their way, each with its arrival window", async () => {
    const { context, page } = await newPage(browser, { width: 375, height: 800 });
    await login(page, BUYER);
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.getByRole('link', { name: 'Próxima temporada' }).click();
    await page.waitForURL('**/user/proxima-temporada');
    await page.getByRole('heading', { level: 1, name: 'Próxima temporada' }).waitFor();
    await page.getByText('Estilos que aún no llegan: resérvalos ahora y se despachan al llegar.').waitFor();
    const cards = page.getByRole('list', { name: 'Próxima temporada' }).getByRole('listitem');
    await cards.first().waitFor();
    // the stand-in's next season: styles with nothing on hand and a purchase order on the way
    expect(await cards.count()).toBeGreaterThan(0);
    // each with its arrival: one date, or the window from its sizes' first arrival to their last
    for (const text of await cards.allTextContents()) expect(text).toMatch(new RegExp(`Llega (el ${DAY}|entre el ${DAY} y el ${DAY})`));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await settle(page);
    expect(await seriousFindings(page)).toEqual([]);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'proxima-temporada-375.png'), fullPage: true });

    // a season style's detail on the phone: its sizes say what arrives and offer the pre-order, nothing scrolls sideways
    await cards.first().getByRole('link').click();
    const sizes = page.getByRole('table', { name: 'Tallas disponibles' });
    await sizes.waitFor();
    expect(await sizes.getByRole('button', { name: /^Pedir por llegar / }).count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await sizes.screenshot({ path: path.join(SHOTS, 'por-llegar-tallas-375.png') });
    await page.getByRole('button', { name: 'Por color y talla' }).click();
    const grid = page.getByRole('table', { name: /^Cantidades por color y talla/ });
    await grid.waitFor();
    expect(await grid.getByRole('button', { name: /^Pedir por llegar / }).count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await grid.screenshot({ path: path.join(SHOTS, 'por-llegar-grilla-375.png') });
    await settle(page);
    expect(await seriousFindings(page)).toEqual([]);
    await context.close();
  });
});
