import { mkdirSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Download } from 'playwright-core';
import { seriousFindings, settle } from './a11y';
import { launch, newPage } from './browser';
import { eventually, login, outboxMails } from './journeys';

// 'Lista de precios' (docs/linesheet.md) in Chromium at 1280 px against the built portal: the Gold buyer 76.123.456-0
// opens it from the menu, downloads the whole catalogue as Excel (read back: the header the quick order reads, a row
// per size with numbers) and a category as PDF (a PDF of its pages); a screenshot of the screen while a sheet is built
// is kept in .tmp for a person to look at.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const BUYER = '76.123.456-0';
const SHOTS = process.env.E2E_SHOTS_DIR ?? path.resolve(__dirname, '../../.tmp');

async function bytesOf(download: Download): Promise<Buffer> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('lista de precios', () => {
  it('downloads the catalogue as Excel and a category as PDF, with the progress shown meanwhile', async () => {
    const { context, page } = await newPage(browser, { width: 1280, height: 900 });
    await login(page, BUYER);
    await page.getByRole('link', { name: 'Lista de precios' }).first().click();
    await page.getByRole('heading', { name: 'Lista de precios', level: 1 }).waitFor();
    await settle(page);
    expect(await seriousFindings(page)).toEqual([]);

    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar Excel' }).click()]);
    expect(xlsx.suggestedFilename()).toMatch(/^lista-de-precios-76123456-0-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await bytesOf(xlsx)) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(String(sheet.getCell('A2').value)).toMatch(/^Precios válidos al \d{2}-\d{2}-\d{4}\. Precio sugerido: precio neto × 2,2, redondeado a \$990/);
    const header = (sheet.getRow(3).values as unknown[]).slice(1);
    expect(header).toEqual(['Foto', 'Estilo', 'Nombre', 'Color', 'Talla', 'Código', 'Stock', 'Por llegar', 'Precio lista', 'Su precio', 'Precio sugerido', 'Cantidad a pedir']);
    const first = sheet.getRow(4);
    expect(typeof first.getCell(9).value).toBe('number');
    expect(first.getCell(10).value as number).toBeLessThanOrEqual(first.getCell(9).value as number);
    expect(String(first.getCell(11).value)).toMatch(/990$/);
    await page.getByText(/^Lista de precios descargada: lista-de-precios-/).first().waitFor();

    // a category, as PDF; the answer is held back a moment so the progress can be seen and photographed
    await page.getByRole('radio', { name: 'Una categoría' }).check();
    const category = page.getByLabel('Categoría', { exact: true });
    await page.waitForFunction(() => document.querySelectorAll('#linesheet-category option').length > 1);
    const chosen = await category.locator('option').nth(1).textContent();
    await category.selectOption(chosen!);
    await page.route('**/api/user/linesheet?*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar PDF' }).click();
    await page.getByText('Generando lista de precios…').first().waitFor();
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'linesheet-1280.png'), fullPage: true });
    const pdf = await downloading;
    expect(pdf.suggestedFilename()).toMatch(/^lista-de-precios-76123456-0-\d{4}-\d{2}-\d{2}\.pdf$/);
    const bytes = await bytesOf(pdf);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(Number(/\/Type \/Pages\s*\/Count (\d+)/.exec(bytes.toString('latin1'))?.[1])).toBeGreaterThanOrEqual(1);
    await context.close();
  });

  it('an admin sends a customer their sheet by mail: one mail, with the file attached', async () => {
    const { context, page } = await newPage(browser, { width: 1280, height: 900 });
    await login(page, '22.222.222-2', 'Admin1234');
    await page.getByRole('link', { name: 'Enviar lista de precios' }).click();
    await page.getByRole('heading', { name: 'Enviar lista de precios', level: 1 }).waitFor();
    // a bad e-mail is said on its field and nothing is sent
    await page.getByLabel('Rut del cliente').fill(BUYER);
    await page.getByLabel('E-mail de destino').fill('compras@');
    await page.getByRole('button', { name: 'Enviar lista de precios' }).click();
    await page.getByText('El e-mail no es correcto').waitFor();
    await page.getByLabel('E-mail de destino').fill('compras.e2e@losandes.cl');
    await page.getByRole('radio', { name: 'Una búsqueda' }).check();
    await page.getByLabel('Buscar (nombre o código)').fill('polera');
    await page.getByRole('radio', { name: 'PDF con fotos' }).check();
    await page.getByLabel('Mensaje para el cliente (opcional)').fill('Las poleras de la temporada');
    await settle(page);
    expect(await seriousFindings(page)).toEqual([]);
    await page.getByRole('button', { name: 'Enviar lista de precios' }).click();
    const done = page.getByRole('status').filter({ hasText: 'Lista de precios enviada a compras.e2e@losandes.cl' });
    await done.waitFor();
    const filename = /lista-de-precios-76123456-0-\d{4}-\d{2}-\d{2}\.pdf/.exec((await done.textContent()) ?? '')![0];
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'linesheet-send-1280.png'), fullPage: true });
    const mails = () => outboxMails().filter((m) => m.text.includes('compras.e2e@losandes.cl') && m.text.includes(filename));
    await eventually(async () => mails().length, 1);
    expect(mails()[0]!.text).toContain('Content-Disposition: attachment');
    await context.close();
  });

  it('fits a phone (375 px): the scopes in a column, no sideways scroll, no serious axe finding', async () => {
    const { context, page } = await newPage(browser, { width: 375, height: 800 });
    await login(page, BUYER);
    await page.goto('/user/linesheet');
    await page.getByRole('heading', { name: 'Lista de precios', level: 1 }).waitFor();
    await page.getByRole('radio', { name: 'Una búsqueda' }).check();
    await page.getByLabel('Buscar (nombre o código)').fill('polera');
    await settle(page);
    expect(await seriousFindings(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'linesheet-375.png'), fullPage: true });
    await context.close();
  });
});
