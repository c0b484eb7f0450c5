import os from 'node:os';
import path from 'node:path';
import type { Browser, Page, Request } from 'playwright-core';
import { DESKTOP, PHONE, seriousFindings, settle } from './a11y';
import { launch, newPage } from './browser';
import { eventually, login } from './journeys';

// The colour × size grid of the product detail (docs/size-grid.md), in Chromium against the portal: the Gold buyer
// 76.123.456-0 fills the grid of the 'Polera Básica Algodón' (POL-1001 Blanco, POL-1002 Negro: one model) with a size
// curve and adds it in ONE bulk request; then a grid filled and added with the keyboard alone; then the XXL of POL-1002,
// dearer than its other sizes, priced per size in the grid and charged exactly that in the cart.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const BUYER = '76.123.456-0';
const STYLE = 'POL-1001';

/** The buyer's server cart with the page's own session: empty it, or read its lines. */
async function cartApi(page: Page, action: 'clear' | 'read'): Promise<Array<{ sku: string; quantity: number; priceFinalUnit: number }>> {
  return page.evaluate(async (what) => {
    await fetch('/api/security/xsrf');
    const xsrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.split('=')[1] ?? '');
    const headers = { Authorization: sessionStorage.getItem('tokens') ?? '', 'X-XSRF-TOKEN': xsrf };
    const id = sessionStorage.getItem('idUser');
    if (what === 'clear') {
      const res = await fetch(`/api/user/cart/clear-cart/${id}`, { method: 'DELETE', headers });
      if (res.status >= 300) throw new Error(`clear-cart ${res.status}`);
      return [];
    }
    const res = await fetch(`/api/user/cart/find-by-userid/${id}`, { headers });
    const body = (await res.json()) as { items: Array<{ sku: string; quantity: number; priceFinalUnit: number }> };
    return body.items.map(({ sku, quantity, priceFinalUnit }) => ({ sku, quantity, priceFinalUnit }));
  }, action);
}

const cartWrites = (page: Page) => {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname.startsWith('/api/user/cart')) seen.push(r);
  });
  return seen;
};

/** The stock a cell of the grid shows ('Stock 120'), from its accessible name. */
async function stockOf(page: Page, colour: string, talla: string): Promise<number> {
  const name = await page.getByRole('textbox', { name: new RegExp(`^${colour}, talla ${talla}, stock`) }).getAttribute('aria-label');
  return Number(/stock ([\d.]+),/.exec(name ?? '')?.[1]?.replace(/\./g, '') ?? NaN);
}

/** Pesos of a '$5.631' text. */
const pesos = (text: string | null | undefined) => Number(/\$([\d.]+)/.exec(text ?? '')?.[1]?.replace(/\./g, '') ?? NaN);

/** Where the screenshots of the grid go (looked at by a person; not compared). */
const SHOTS = process.env.E2E_SHOTS_DIR ?? os.tmpdir();

describe('colour × size grid', () => {
  it('a curve and packs per colour fill the grid, short cells are said, and one request adds it all', async () => {
    const { context, page } = await newPage(browser);
    await login(page, BUYER);
    await cartApi(page, 'clear');
    await page.goto(`/user/product-detail/${STYLE}`);
    await page.getByRole('button', { name: 'Por color y talla' }).click();
    const table = page.getByRole('table', { name: 'Cantidades por color y talla' });
    await table.waitFor();
    await expect(table.getByRole('rowheader').allTextContents()).resolves.toEqual(['BlancoPOL-1001', 'NegroPOL-1002', 'Total por talla']);

    await page.getByRole('combobox', { name: 'Curva' }).click();
    await page.getByRole('option', { name: /^Básica S a XL/ }).click();
    await page.getByRole('textbox', { name: 'Curvas de Blanco' }).fill('2');
    await page.getByRole('textbox', { name: 'Curvas de Negro' }).fill('1');
    await page.getByRole('button', { name: 'Aplicar curva' }).click();

    // S:1 M:2 L:2 XL:1 × packs, each clamped to its stock
    const wanted: Record<string, number> = { S: 1, M: 2, L: 2, XL: 1 };
    const expected: Array<{ sku: string; quantity: number }> = [];
    for (const [colour, code, packs] of [['Blanco', 'POL-1001', 2], ['Negro', 'POL-1002', 1]] as const) {
      for (const [talla, ratio] of Object.entries(wanted)) {
        const stock = await stockOf(page, colour, talla);
        const quantity = Math.min(stock, ratio * packs);
        await expect(page.getByRole('textbox', { name: new RegExp(`^${colour}, talla ${talla},`) }).inputValue()).resolves.toBe(quantity ? String(quantity) : '');
        if (quantity) expected.push({ sku: `${code}-${talla}`, quantity });
      }
    }
    // POL-1001 has no XL in stock: the cell is marked and the summary says what could not be filled
    await expect(stockOf(page, 'Blanco', 'XL')).resolves.toBe(0);
    await page.getByText('No alcanzó el stock para toda la curva').waitFor();
    await page.getByText('Blanco talla XL: 0 de 2 (stock 0)').waitFor();

    const writes = cartWrites(page);
    await page.getByRole('button', { name: 'Agregar al Carro' }).click();
    await page.getByText(`${expected.length} de ${expected.length} productos agregados al carro`).first().waitFor();
    expect(writes.map((r) => new URL(r.url()).pathname)).toEqual(['/api/user/cart/bulk']);
    const sent = (writes[0]!.postDataJSON() as { items: Array<{ sku: string; quantity: number }> }).items;
    expect(sent).toEqual(expected);
    const byCode = (lines: Array<{ sku: string; quantity: number }>) => lines.map(({ sku, quantity }) => ({ sku, quantity })).sort((a, b) => a.sku.localeCompare(b.sku));
    await eventually(async () => JSON.stringify(byCode(await cartApi(page, 'read'))), JSON.stringify(byCode(expected)));
    // the cells added are cleared
    await expect(page.getByRole('textbox', { name: /^Blanco, talla S,/ }).inputValue()).resolves.toBe('');
    await cartApi(page, 'clear');
    await context.close();
  });

  it('a size dearer than the others (POL-1002 XXL) shows its own price, and the cart charges it to the peso', async () => {
    const { context, page } = await newPage(browser, { width: 1366, height: 900 });
    await login(page, BUYER);
    await cartApi(page, 'clear');
    await page.goto('/user/product-detail/POL-1002');
    await page.getByRole('button', { name: 'Por color y talla' }).click();
    const table = page.getByRole('table', { name: 'Cantidades por color y talla' });
    await table.waitFor();
    const xxl = page.getByRole('textbox', { name: /^Negro, talla XXL,/ });
    // the price a screen reader hears and the one the cell shows are the same, and above the colour's 'desde'
    const heard = pesos(await xxl.getAttribute('aria-label'));
    const shown = pesos(await page.locator('[data-size-price="POL-1002-XXL"]').textContent());
    const from = pesos(await table.getByRole('row', { name: /^Negro/ }).getByText(/^desde /).textContent());
    expect(heard).toBe(shown);
    expect(shown).toBeGreaterThan(from);
    await page.screenshot({ path: path.join(SHOTS, 'grid-1366.png'), fullPage: true });

    await xxl.fill('1');
    await page.getByRole('button', { name: 'Agregar al Carro' }).click();
    await page.getByText('1 de 1 productos agregados al carro').first().waitFor();
    const lines = await cartApi(page, 'read');
    expect(lines).toEqual([{ sku: 'POL-1002-XXL', quantity: 1, priceFinalUnit: shown }]);
    await cartApi(page, 'clear');
    await context.close();

    // at 375 px: Negro's sizes as rows, XXL saying the same price, nothing wider than the screen
    const phone = await newPage(browser, PHONE);
    await login(phone.page, BUYER);
    await phone.page.goto('/user/product-detail/POL-1002');
    await phone.page.getByRole('button', { name: 'Por color y talla' }).click();
    const rows = phone.page.getByRole('table', { name: 'Cantidades por color y talla: Negro' });
    await rows.waitFor();
    expect(pesos(await rows.getByRole('rowheader', { name: /^XXL/ }).textContent())).toBe(shown);
    expect(pesos(await phone.page.getByRole('textbox', { name: /^Negro, talla XXL,/ }).getAttribute('aria-label'))).toBe(shown);
    await phone.page.getByText(`Tu precio: desde $`).waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await phone.page.screenshot({ path: path.join(SHOTS, 'grid-375.png'), fullPage: true });
    await phone.context.close();
  });

  it('keyboard only: arrows between cells, typing over, Agregar al Carro with Enter', async () => {
    const { context, page } = await newPage(browser);
    await login(page, BUYER);
    await cartApi(page, 'clear');
    await page.goto(`/user/product-detail/${STYLE}`);
    const toggle = page.getByRole('button', { name: 'Por color y talla' });
    await toggle.waitFor();
    await toggle.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('table', { name: 'Cantidades por color y talla' }).waitFor();

    // Tab to the first cell of the grid
    const focusedCell = () => page.evaluate(() => document.activeElement?.getAttribute('data-cell') ?? null);
    for (let i = 0; i < 30 && !(await focusedCell()); i++) await page.keyboard.press('Tab');
    expect(await focusedCell()).toBe('POL-1001|S');
    await page.keyboard.type('9');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.type('3');
    await page.keyboard.press('ArrowDown');
    expect(await focusedCell()).toBe('POL-1002|M');
    await page.keyboard.type('4');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowLeft');
    expect(await focusedCell()).toBe('POL-1001|S');
    await page.keyboard.type('2'); // typing replaces the 9
    await expect(page.getByRole('textbox', { name: /^Blanco, talla S,/ }).inputValue()).resolves.toBe('2');
    await page.getByText('Total: 9 ·').waitFor();

    const writes = cartWrites(page);
    const onAdd = () => page.evaluate(() => document.activeElement?.textContent === 'Agregar al Carro');
    for (let i = 0; i < 40 && !(await onAdd()); i++) await page.keyboard.press('Tab');
    expect(await onAdd()).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByText('3 de 3 productos agregados al carro').first().waitFor();
    expect(writes).toHaveLength(1);
    expect((writes[0]!.postDataJSON() as { items: unknown[] }).items).toEqual([
      { sku: 'POL-1001-S', quantity: 2 },
      { sku: 'POL-1001-M', quantity: 3 },
      { sku: 'POL-1002-M', quantity: 4 },
    ]);
    await cartApi(page, 'clear');
    await context.close();
  });

  it.each([
    ['1280 px', DESKTOP],
    ['375 px', PHONE],
  ])('axe finds nothing serious in the grid filled by a curve at %s', async (_name, viewport) => {
    const { context, page } = await newPage(browser, viewport);
    await login(page, BUYER);
    await page.goto(`/user/product-detail/${STYLE}`);
    await page.getByRole('button', { name: 'Por color y talla' }).click();
    await page.getByRole('heading', { name: 'Pedido por color y talla' }).waitFor();
    if (viewport === PHONE) await page.getByRole('group', { name: 'Color a mostrar' }).waitFor();
    await page.getByRole('combobox', { name: 'Curva' }).click();
    await page.getByRole('option', { name: /^Básica S a XL/ }).click();
    await page.getByRole('textbox', { name: 'Curvas de Blanco' }).fill('2');
    await page.getByRole('button', { name: 'Aplicar curva' }).click();
    await page.getByText('No alcanzó el stock para toda la curva').waitFor();
    await settle(page);
    expect(await seriousFindings(page)).toEqual([]);
    // at 375 px the page does not scroll sideways
    if (viewport === PHONE) expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await context.close();
  });
});
