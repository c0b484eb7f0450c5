import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import type { Browser, Page } from 'playwright-core';
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

  /** Opens 'Pedido rápido' and counts the bulk adds the page sends from then on. */
  async function quickOrder(page: Page): Promise<string[]> {
    await login(page, BUYER.rut);
    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Pedido rápido' }).click();
    await page.getByRole('heading', { level: 1, name: 'Pedido rápido' }).waitFor();
    const bulk: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/user/cart/bulk')) bulk.push(r.method());
    });
    return bulk;
  }
  const status = (page: Page, row: number) =>
    page.getByRole('list', { name: /^Líneas del pedido rápido/ }).getByRole('listitem', { name: new RegExp(`^Línea ${row}:`) }).locator('.MuiChip-label');

  it("Excel's Spanish CSV (Windows-1252, ';', CRLF) is read whole, says so, and nothing is added until the buyer adds", async () => {
    const { context, page } = await newPage(browser);
    try {
      const bulk = await quickOrder(page);
      const csv = 'Código;Descripción;Cantidad\r\nPOL-1001-M;Polera Ñandú algodón;2\r\nPOL-1001-XL;Polera pequeña;1\r\nPOL-1001-S;Diseño;2,5\r\n';
      await page.getByLabel('Archivo CSV o XLSX del pedido').setInputFiles({ name: 'pedido.csv', mimeType: 'text/csv', buffer: iconv.encode(csv, 'windows-1252') });
      await page.getByText('pedido.csv: Archivo leído como Windows-1252 (Excel). Encabezado en la fila 1.').waitFor();
      await expectText(status(page, 2), 'Lista');
      await expectText(status(page, 3), 'Sin stock');
      await expectText(status(page, 4), 'Con error');
      await page.getByText('La cantidad debe ser un número entero: 2,5').waitFor();
      expect(bulk).toEqual([]);
      await expectText(cartBadge(page), '0');

      await page.getByRole('button', { name: 'Agregar al carro (1 línea)' }).click();
      await page.getByText('1 de 1 productos agregados al carro').first().waitFor();
      expect(bulk).toEqual(['POST']);
      await expectText(cartBadge(page), '1');
    } finally {
      await emptyCart(page);
      await context.close();
    }
  });

  it('an XLSX with a merged title above its header is read from the header on, and the screen says where', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Pedido');
    sheet.mergeCells('A1:C1');
    sheet.getCell('A1').value = 'Pedido Comercial Los Andes — marzo';
    sheet.getRow(3).values = ['Código', 'Descripción', 'Cantidad'];
    sheet.getRow(4).values = ['POL-1001-M', 'Polera básica blanca', { formula: '2*3', result: 6 }];
    sheet.getRow(5).values = ['POL-1001-L', 'Polera básica', ' 12 '];
    sheet.getRow(6).values = ['VES-6003-M', 'Vestido', 1];
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const { context, page } = await newPage(browser);
    try {
      const bulk = await quickOrder(page);
      await page.getByLabel('Archivo CSV o XLSX del pedido').setInputFiles({
        name: 'pedido-los-andes.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: xlsx,
      });
      await page.getByText('pedido-los-andes.xlsx: Hoja leída: «Pedido». Encabezado en la fila 3.').waitFor();
      await expectText(status(page, 4), 'Lista');
      await expectText(status(page, 5), 'Lista');
      await expectText(status(page, 6), 'Sin stock');
      expect(await page.getByLabel('Cantidad de la línea 4').inputValue()).toBe('6');
      expect(await page.getByLabel('Cantidad de la línea 5').inputValue()).toBe('12');
      await expectText(page.getByRole('button', { name: /^Agregar al carro/ }), 'Agregar al carro (2 líneas)');
      expect(bulk).toEqual([]);
      await expectText(cartBadge(page), '0');
    } finally {
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
