import type { Browser, Page } from 'playwright-core';
import { launch, newPage } from './browser';
import { login, loginRep } from './journeys';

// A sales rep in the browser (docs/sales-reps.md), at 1280 and 375 px: Carolina Ibáñez (13.579.246-2, her assigned
// customers) logs in to 'Mis clientes', finds Comercial Los Andes, represents it (the banner across the screens, the
// catalogue with the customer's own prices), and ends with 'Terminar', back at her customers.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const CAROLINA = '13.579.246-2';
const ANDES = 'Comercial Los Andes SpA';

const representButtons = (page: Page) => page.getByRole('button', { name: /^Representar a / });

/**
 * The sizes of a product as its detail shows them to the session: sku, size and prices, row by row. The stock column
 * is left out: the other browser tests buy the same product meanwhile.
 */
async function sizesOf(page: Page, sku: string): Promise<string[][]> {
  await page.goto(`/user/product-detail/${sku}`);
  const table = page.getByRole('table', { name: 'Tallas disponibles' });
  await table.getByRole('columnheader', { name: 'P. Distrib.', exact: true }).waitFor();
  const headers = await table.getByRole('columnheader').allTextContents();
  // the stock moves with other journeys (their orders, the stock they set in the ERP), and the quantity column's controls
  // with it ('Avísame cuando llegue' under a size at 0): the prices are what is compared
  const left = [headers.indexOf('Stock'), headers.indexOf('Cantidad')];
  expect(left.every((i) => i >= 0)).toBe(true);
  const rows = await table.locator('tbody tr').all();
  return Promise.all(rows.map(async (row) => (await row.getByRole('cell').allTextContents()).filter((_, i) => !left.includes(i))));
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 800 },
]) {
  describe(`a rep at ${viewport.width} px`, () => {
    it('finds a customer in Mis clientes, represents it, sees its catalogue and prices, and ends', async () => {
      const { context, page } = await newPage(browser, viewport);
      await loginRep(page, CAROLINA);
      await page.getByRole('heading', { name: 'Mis clientes' }).waitFor();
      await representButtons(page).first().waitFor();
      expect(await representButtons(page).count()).toBe(5);

      await page.getByRole('searchbox', { name: 'Buscar cliente' }).fill('andes');
      await page.waitForFunction(() => document.querySelectorAll('button[aria-label^="Representar a "]').length === 1);
      await page.getByRole('button', { name: `Representar a ${ANDES}` }).click();

      const banner = page.getByRole('region', { name: 'Cliente atendido' });
      await banner.getByText(`Atendiendo a ${ANDES} (76.123.456-0)`).waitFor();
      await page.waitForURL((url) => url.pathname === '/user/catalog');
      await page.getByRole('heading', { name: 'Catalogo', exact: true }).waitFor();
      // the banner is in the page's flow: it does not cover the screen's heading
      const bannerBox = (await banner.boundingBox())!;
      const headingBox = (await page.getByRole('heading', { name: 'Catalogo', exact: true }).boundingBox())!;
      expect(headingBox.y).toBeGreaterThanOrEqual(bannerBox.y + bannerBox.height);
      expect(bannerBox.width).toBeLessThanOrEqual(viewport.width);

      if (viewport.width >= 600) {
        // the customer's own prices: what Comercial Los Andes sees when it logs in itself
        const asRep = await sizesOf(page, 'POL-1001');
        await banner.waitFor();
        const buyer = await newPage(browser, viewport);
        await login(buyer.page, '76.123.456-0');
        expect(await sizesOf(buyer.page, 'POL-1001')).toEqual(asRep);
        await buyer.context.close();
      }

      await banner.getByRole('button', { name: `Terminar la atención de ${ANDES}` }).click();
      await page.waitForURL((url) => url.pathname === '/rep/customers');
      await page.getByRole('heading', { name: 'Mis clientes' }).waitFor();
      expect(await page.getByRole('region', { name: 'Cliente atendido' }).count()).toBe(0);
      await context.close();
    });
  });
}
