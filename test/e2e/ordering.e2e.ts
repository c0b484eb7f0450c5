import type { Browser } from 'playwright-core';
import { launch, newPage } from './browser';
import { erpPost } from './erp';
import { cartBadge, emptyCart, expectText, login } from './journeys';

// Ordering power (docs/ordering.md): a quick-order file with errors fixed and added to the cart in one
// request, and a reorder from the purchase history after a price went up. The buyer (76.234.567-6, Silver) is also the
// cheque order's buyer of orders.e2e.ts: each journey here leaves its cart empty.

const BUYER = { rut: '76.234.567-6', cardCode: 'C76234567' };

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());


describe('ordering power', () => {
  jest.setTimeout(120_000);

  it('a quick-order file with errors: the unknown sku fixed, a quantity changed, all added to the cart in one request', async () => {
    const { context, page } = await newPage(browser);
    try {
      await login(page, BUYER.rut);
      await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Pedido rápido' }).click();
      await page.getByRole('heading', { level: 1, name: 'Pedido rápido' }).waitFor();

      // a CSV as a spreadsheet saves it: BOM, ';', a header, an unknown sku and a repeated size
      const csv = '\uFEFFsku;cantidad\nPOL-1001-M;2\nNOEXISTE-1;3\nPOL-1001-L;1\nPOL-1001-M;1\n';
      const bulk: string[] = [];
      page.on('request', (r) => {
        if (r.url().endsWith('/api/user/cart/bulk')) bulk.push(r.method());
      });
      await page.getByLabel('Archivo CSV o XLSX del pedido').setInputFiles({ name: 'pedido.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      const lines = page.getByRole('list', { name: /^Líneas del pedido rápido/ });
      await lines.getByText('El sku NOEXISTE-1 no existe en el catálogo').waitFor();
      // rows 2 and 5 are the same size: one line of 3
      const merged = lines.getByRole('listitem', { name: /^Línea 2, 5:/ });
      await merged.getByText('Se sumaron las líneas 2 y 5').waitFor();
      await expectText(page.getByRole('button', { name: /^Agregar al carro/ }), 'Agregar al carro (2 líneas)');

      // fix the unknown sku, change a quantity, validate again
      await page.getByLabel('Sku o estilo de la línea 3').fill('POL-1001-S');
      await page.getByLabel('Cantidad de la línea 4').fill('2');
      await page.getByRole('button', { name: 'Validar de nuevo' }).click();
      await lines.getByRole('listitem', { name: /^Línea 3:/ }).getByText('Lista').waitFor();
      const add = page.getByRole('button', { name: 'Agregar al carro (3 líneas)' });
      await add.click();
      await page.getByText('3 de 3 productos agregados al carro').first().waitFor();
      expect(bulk).toEqual(['POST']);
      await expectText(cartBadge(page), '3');

      await page.getByRole('link', { name: 'Ver carro' }).click();
      await page.waitForURL('**/user/cart-detail');
      const cart = page.getByRole('list', { name: 'Productos del carro' });
      await cart.getByRole('listitem').first().waitFor();
      expect(await page.getByLabel('Cantidad Polera Básica Algodón Blanco talla M').inputValue()).toBe('3');
      expect(await page.getByLabel('Cantidad Polera Básica Algodón Blanco talla S').inputValue()).toBe('3');
      expect(await page.getByLabel('Cantidad Polera Básica Algodón Blanco talla L').inputValue()).toBe('2');
      expect(await cart.getByRole('listitem').count()).toBe(3);
    } finally {
      await emptyCart(page);
      await context.close();
    }
  });

  it("'Volver a comprar' a purchase-history order whose price went up: what changed, then the cart at today's price", async () => {
    // a sales order taken by a sales rep in SAP at a price lower than today's
    const order = await erpPost<{ DocEntry: number; DocNum: number }>('Orders', {
      CardCode: BUYER.cardCode,
      DocDueDate: new Date().toISOString().slice(0, 10),
      NumAtCard: 'EJ-E2E-REORDER',
      DocumentLines: [{ ItemCode: 'POL-1001-M', Quantity: 2, UnitPrice: 1000 }],
    });
    const { context, page } = await newPage(browser);
    try {
      await login(page, BUYER.rut);
      await page.goto('/user/purchase-history');
      const grid = page.getByRole('grid', { name: 'Pedidos realizados' });
      await grid.waitFor();
      await grid.getByRole('button', { name: `Volver a comprar el pedido ${order.DocNum}` }).click();

      const dialog = page.getByRole('dialog', { name: 'Volver a comprar' });
      await dialog.waitFor();
      const change = dialog.getByRole('listitem');
      await change.getByText('Precio subió', { exact: true }).waitFor();
      await change.getByText(/^El precio subió de \$1\.000 a \$[\d.]+$/).waitFor();
      await dialog.getByRole('button', { name: 'Ver carro' }).click();
      await page.waitForURL('**/user/cart-detail');
      await expectText(cartBadge(page), '1');
      expect(await page.getByLabel('Cantidad Polera Básica Algodón Blanco talla M').inputValue()).toBe('2');
    } finally {
      await emptyCart(page);
      await context.close();
    }
  });
});
