import { mkdirSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, PHONE, seriousFindings, settle } from './a11y';
import { launch, newPage } from './browser';
import { emptyCart, eventually, login } from './journeys';

// Saved lists (docs/saved-lists.md) in Chromium against the portal: the Gold buyer 76.123.456-0 saves the 'Polera
// Básica Algodón' (POL-1001) from its product detail into a new list, opens the list from the menu, sets quantities per
// size, adds the list to the cart in one request and sees the cart; shared, Camila (Comprador of the same company)
// reads it but does not change it; on a phone the pages fit and work, and a search result (a card) is saved too. Screenshots in .tmp (looked at by a
// person; not compared).

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const BUYER = '76.123.456-0';
const CAMILA = '18.901.234-9';
const STYLE = 'POL-1001';
const LIST = 'Temporada verano';
const SHOTS = process.env.E2E_SHOTS_DIR ?? path.resolve(__dirname, '../../.tmp');

/** The buyer's cart lines through the API, with the tab's own session. */
function cartLines(page: Page): Promise<Array<{ sku: string; quantity: number }>> {
  return page.evaluate(async () => {
    const headers = { Authorization: sessionStorage.getItem('tokens') ?? '' };
    const id = sessionStorage.getItem('idUser');
    const res = await fetch(`/api/user/cart/find-by-userid/${id}`, { headers });
    const body = (await res.json()) as { items: Array<{ sku: string; quantity: number }> };
    return body.items.map(({ sku, quantity }) => ({ sku, quantity }));
  });
}

/** A size's quantity input on a list's page. */
const quantityOf = (page: Page, size: string) => page.getByRole('textbox', { name: new RegExp(`^Cantidad de .+ talla ${size}$`) });

describe('saved lists', () => {
  it('saves a style from the product detail into a new list, sets quantities and adds the list to the cart once', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await login(page, BUYER);
    await emptyCart(page);
    await page.goto(`/user/product-detail/${STYLE}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // the product's own 'Guardar en lista' (the grid's colours have theirs too)
    await page.getByRole('button', { name: /^Guardar en lista / }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: 'O crea una nueva' }).check();
    await dialog.getByRole('textbox', { name: 'Nombre de la nueva lista' }).fill(LIST);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText(`Guardado en la lista ${LIST}`).first().waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // the menu's entry, then the list
    await page.getByRole('link', { name: 'Listas guardadas' }).click();
    await page.getByRole('link', { name: `Abrir la lista ${LIST}` }).click();
    await page.getByRole('heading', { level: 1, name: LIST }).waitFor();
    const saves: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes('/api/user/saved-lists/')) saves.push(r.postData() ?? '');
    });
    await quantityOf(page, 'S').fill('2');
    await quantityOf(page, 'M').fill('3');
    await quantityOf(page, 'M').press('Tab');
    await eventually(async () => saves.length, 2);
    await settle(page);
    expect(await seriousFindings(page)).toEqual([]);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'lista-guardada-1280.png'), fullPage: true });

    const toCart: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/to-cart')) toCart.push(r.headers()['idempotency-key'] ?? '');
    });
    await page.getByRole('button', { name: 'Agregar al carro' }).click();
    const result = page.getByRole('status').filter({ hasText: 'productos agregados al carro' });
    await result.waitFor();
    expect(toCart).toHaveLength(1);
    expect(toCart[0]).toMatch(/.+/);
    await result.getByRole('link', { name: 'Ver carro' }).click();
    await page.waitForURL((url) => url.pathname === '/user/cart-detail');
    await eventually(async () => (await cartLines(page)).sort((a, b) => a.sku.localeCompare(b.sku)), [
      { sku: 'POL-1001-M', quantity: 3 },
      { sku: 'POL-1001-S', quantity: 2 },
    ]);

    // the list's line sheet: 'Lista de precios' opens the sheet's choice on this list, and the Excel holds its style only
    await page.goto('/user/listas');
    await page.getByRole('link', { name: `Abrir la lista ${LIST}` }).click();
    await page.getByRole('heading', { level: 1, name: LIST }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Lista de precios' }).click();
    await page.getByRole('heading', { name: 'Lista de precios', level: 1 }).waitFor();
    expect(await page.getByRole('radio', { name: 'Una lista guardada' }).isChecked()).toBe(true);
    await eventually(async () => (await page.getByLabel('Lista guardada').locator('option:checked').textContent())?.trim(), LIST);
    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar Excel' }).click()]);
    const chunks: Buffer[] = [];
    for await (const chunk of await xlsx.createReadStream()) chunks.push(chunk as Buffer);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const styles = new Set<string>();
    book.worksheets[0]!.eachRow((row, n) => {
      if (n > 3) styles.add(String(row.getCell(2).value));
    });
    expect([...styles]).toEqual([STYLE]);
    await context.close();
  });

  it('shared with the company, a colleague reads it (owner shown) and may not change it', async () => {
    const owner = await newPage(browser, DESKTOP);
    await login(owner.page, BUYER);
    await owner.page.goto('/user/listas');
    // the switch shows what the server holds: on once it answered
    const share = owner.page.getByRole('switch', { name: `Compartir la lista ${LIST} con mi empresa` });
    await share.click();
    await owner.page.getByText('La lista se comparte con las personas de tu empresa').first().waitFor();
    await expect(share.isChecked()).resolves.toBe(true);
    await owner.context.close();

    const { context, page } = await newPage(browser, DESKTOP);
    await login(page, CAMILA);
    await page.goto('/user/listas');
    await settle(page);
    expect(await seriousFindings(page)).toEqual([]);
    await page.getByRole('link', { name: `Abrir la lista ${LIST}` }).click();
    await page.getByText(/solo quien la creó puede modificarla/).waitFor();
    await expect(quantityOf(page, 'S').isDisabled()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: /^Quitar/ }).count()).resolves.toBe(0);
    await context.close();
  });

  it('on a phone (375 px) the lists and the list page fit the screen, the list goes to the cart, and a search result is saved into it', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await login(page, BUYER);
    await emptyCart(page);
    await page.goto('/user/listas');
    const open = page.getByRole('link', { name: `Abrir la lista ${LIST}` });
    await open.waitFor();
    await settle(page);
    expect(await seriousFindings(page)).toEqual([]);
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(PHONE.width);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'listas-guardadas-375.png'), fullPage: true });
    await open.click();
    await page.getByRole('heading', { level: 1, name: LIST }).waitFor();
    await expect(quantityOf(page, 'S').inputValue()).resolves.toBe('2');
    // nothing wider than the screen
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(PHONE.width);
    await quantityOf(page, 'L').fill('1');
    await quantityOf(page, 'L').press('Enter');
    const button = page.getByRole('button', { name: 'Agregar al carro' });
    const box = await button.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width && box.height >= 44).toBe(true);
    await button.click();
    await page.getByRole('status').filter({ hasText: 'productos agregados al carro' }).waitFor();
    await settle(page);
    expect(await seriousFindings(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'lista-guardada-375.png'), fullPage: true });
    await eventually(async () => (await cartLines(page)).find((l) => l.sku === 'POL-1001-L')?.quantity, 1);

    // the search results (cards on a phone) save a style into the same list
    const search = page.getByRole('searchbox', { name: 'Buscar productos' });
    await search.fill('polera');
    await page.getByRole('listbox', { name: 'Productos encontrados' }).waitFor();
    await search.press('Enter');
    await page.waitForURL('**/user/search-product');
    const results = page.getByRole('list', { name: 'Resultado de Busqueda' });
    const save = results.getByRole('button', { name: /^Guardar en lista / }).nth(1);
    await save.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: LIST }).check();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText(`Guardado en la lista ${LIST}`).first().waitFor();
    await page.goto('/user/listas');
    await page.getByText(/^Estilos: 2 ·/).waitFor();
    await context.close();
  });
});
