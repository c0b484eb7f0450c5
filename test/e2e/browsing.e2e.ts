import type { Browser, Page } from 'playwright-core';
import { launch, newPage } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function loginAs(page: Page, rut: string, password = 'Demo1234') {
  await page.goto('/login');
  await page.getByLabel('Rut Empresa').fill(rut);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Acceder' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

describe('browsing the catalogue (R-CAT-1, R-SRCH-2, R-PROD-1)', () => {
  it('home → catalogue → a category → the list → a product with its sizes', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, '76.123.456-0');
    await page.getByRole('heading', { name: 'OFERTAS' }).waitFor();
    await page.getByRole('tab', { name: 'Mujer' }).waitFor();
    await page.getByRole('tab', { name: 'Hombre' }).click();

    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Catálogo' }).click();
    await page.getByRole('heading', { name: 'Catalogo', exact: true }).waitFor();
    await page.getByRole('button', { name: 'POLERAS' }).click();
    await page.getByRole('region', { name: 'Subcategorías de POLERAS' }).getByRole('button', { name: 'MANGA CORTA' }).click();
    await page.waitForURL('**/user/catalog-detail');
    await page.getByRole('heading', { name: 'Catalogo - Lista Productos' }).waitFor();
    expect(await page.evaluate(() => [sessionStorage.getItem('category'), sessionStorage.getItem('scategory')])).toEqual(['POLERAS', 'MANGA CORTA']);

    const grid = page.getByRole('grid', { name: 'Productos del catálogo' });
    const firstLink = grid.getByRole('link', { name: /^Ver producto / }).first();
    await firstLink.waitFor();
    await firstLink.click();
    await page.waitForURL('**/user/product-detail/**');
    const sizes = page.getByRole('table', { name: 'Tallas disponibles' });
    await sizes.waitFor();
    for (const header of ['Sku', 'Talla', 'Stock', 'Precio lista', 'P. Distrib.', 'Cantidad']) {
      await sizes.getByRole('columnheader', { name: header, exact: true }).waitFor();
    }
    await page.getByRole('heading', { name: 'Especificaciones y Composición' }).waitFor();
    expect(await page.getByRole('button', { name: 'Agregar al Carro' }).isEnabled()).toBe(true);
    await context.close();
  });

  it('search: polera in the top bar, Enter, the results, then a detail', async () => {
    const { context, page } = await newPage(browser, { width: 375, height: 740 });
    await loginAs(page, '76.123.456-0');
    const box = page.getByRole('searchbox', { name: 'Buscar productos' });
    await box.fill('polera');
    await page.getByRole('listbox', { name: 'Productos encontrados' }).waitFor();
    await box.press('Enter');
    await page.waitForURL('**/user/search-product');
    await page.getByRole('heading', { name: 'Resultado de Busqueda' }).waitFor();
    // a phone shows the results as cards (R-A11Y-2)
    const list = page.getByRole('list', { name: 'Resultado de Busqueda' });
    const first = list.getByRole('listitem').first().getByRole('link').first();
    await first.waitFor();
    expect((await first.textContent())?.toLowerCase()).toContain('polera');
    await first.click();
    await page.waitForURL('**/user/product-detail/**');
    await page.getByRole('table', { name: 'Tallas disponibles' }).waitFor();
    await context.close();
  });

  it('a blocked buyer sees the warning, the crossed-out cart and a disabled Agregar al Carro', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, '78.456.789-3');
    await page.getByText('Bloqueado para comprar, contactar ejecutiva(o)').first().waitFor();
    await page.getByRole('img', { name: 'Carro bloqueado' }).waitFor();
    expect(await page.getByRole('button', { name: 'Carro de compras' }).count()).toBe(0);
    await page.goto('/user/product-detail/POL-1001');
    await page.getByRole('table', { name: 'Tallas disponibles' }).waitFor();
    expect(await page.getByRole('button', { name: 'Agregar al Carro' }).isDisabled()).toBe(true);
    await context.close();
  });
});
