import ExcelJS from 'exceljs';
import type { Browser, Download, Page } from 'playwright-core';
import type { AccountSummary } from '../../src/shared/api/account';
import { seriousFindings, settle } from './a11y';
import { launch, newPage } from './browser';
import { erpGet } from './erp';
import { login } from './journeys';

// The cuenta corriente's statement in the browser (docs/account.md, "Statement and documents screens"): Importadora
// Aconcagua's Administrador (a finance person: logs in with the company's rut, 76.345.678-1) opens the statement of the
// last 12 months, downloads its Excel and finds there the closing balance the screen shows, which is also the balance
// of the summary (B1's CurrentAccountBalance); then opens a document from a movement and downloads its legal PDF.

const RUT = '76.345.678-1';
const CARD_CODE = 'C76345678';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** '$1.071.000' or '-$12.000' → 1071000 / -12000 (whole pesos). */
const pesos = (text: string | null) => {
  const digits = (text ?? '').replace(/[^\d-]/g, '');
  return Number(digits.includes('-') ? `-${digits.replace(/-/g, '')}` : digits);
};

/** The value beside a label of a detail screen's facts (components/FactList: a dt and its dd). */
const fact = (page: Page, label: string) => page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');

/** The bytes of a download the browser made. */
async function bytesOf(download: Download): Promise<Buffer> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** GET /api/user/account/summary with the tab's session, as the Cuenta corriente screen reads it. */
const summaryOf = (page: Page) =>
  page.evaluate(async () => {
    const token = (sessionStorage.getItem('tokens') ?? '').replace(/^"|"$/g, '');
    const res = await fetch('/api/user/account/summary', { headers: { authorization: token } });
    if (!res.ok) throw new Error(`summary answered ${res.status}`);
    return (await res.json()) as AccountSummary;
  });

/** The last number in the row of the workbook whose text says 'Saldo final', and whether every amount is a number. */
function closingOf(workbook: ExcelJS.Workbook): number | undefined {
  let closing: number | undefined;
  workbook.eachSheet((sheet) => {
    sheet.eachRow((row) => {
      const values = (row.values as unknown[]).slice(1);
      if (!values.some((v) => typeof v === 'string' && /saldo final/i.test(v))) return;
      const numbers = values.map((v) => (v && typeof v === 'object' && 'result' in v ? (v as { result: unknown }).result : v)).filter((v): v is number => typeof v === 'number');
      if (numbers.length) closing = numbers.at(-1);
    });
  });
  return closing;
}

describe('Estado de cuenta', () => {
  it('the last 12 months reconcile: the screen, the Excel and the summary say the same closing balance', async () => {
    const { context, page } = await newPage(browser);
    await login(page, RUT);
    await page.goto('/user/account/statement');
    await page.getByRole('heading', { level: 1, name: 'Estado de cuenta' }).waitFor();

    await page.getByRole('group', { name: 'Períodos frecuentes' }).getByRole('button', { name: 'Últimos 12 meses' }).click();
    const movements = page.getByRole('table', { name: 'Movimientos' });
    await movements.getByRole('link').first().waitFor({ timeout: 20_000 });
    // the period the form shows is the one the summary's title names
    const from = await page.getByLabel('Desde').inputValue();
    const to = await page.getByLabel('Hasta').inputValue();
    await page.getByRole('heading', { name: `Resumen del período ${from.split('-').reverse().join('-')} al ${to.split('-').reverse().join('-')}` }).waitFor();

    const onScreen = pesos(await fact(page, 'Saldo final').textContent());
    const opening = pesos(await fact(page, 'Saldo inicial').textContent());
    const debit = pesos(await fact(page, 'Total cargos').textContent());
    const credit = pesos(await fact(page, 'Total abonos').textContent());
    expect(onScreen).toBe(opening + debit - credit);

    // the period ends today: its closing balance is what the company owes now, as the summary and B1 say
    const summary = await summaryOf(page);
    expect(summary.balance).toBe(onScreen);
    const partner = await erpGet<{ CurrentAccountBalance: number }>(`BusinessPartners('${CARD_CODE}')`);
    expect(Math.round(partner.CurrentAccountBalance)).toBe(onScreen);

    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar Excel' }).click()]);
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await bytesOf(xlsx)) as unknown as ArrayBuffer);
    expect(closingOf(workbook)).toBe(onScreen);

    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar PDF' }).click()]);
    expect((await bytesOf(pdf)).subarray(0, 4).toString('latin1')).toBe('%PDF');
    await context.close();
  });

  it("a movement's document opens its page, and its legal PDF downloads", async () => {
    const { context, page } = await newPage(browser);
    await login(page, RUT);
    await page.goto('/user/account/statement');
    await page.getByRole('button', { name: 'Últimos 12 meses' }).click();
    const invoice = page.getByRole('table', { name: 'Movimientos' }).getByRole('link', { name: /^Factura electrónica N° \d+$/ }).first();
    await invoice.waitFor({ timeout: 20_000 });
    const title = (await invoice.textContent())!.trim();
    await invoice.click();
    await page.waitForURL(/\/user\/account\/documents\/invoice\/\d+$/);
    // the document, or the screen's error in words (said by the test rather than a bare timeout)
    const heading = page.getByRole('heading', { level: 1, name: title });
    await heading.or(page.getByRole('alert')).first().waitFor({ timeout: 20_000 });
    if (!(await heading.isVisible())) throw new Error(`el documento ${title} no se mostró: ${await page.getByRole('alert').first().textContent()}`);
    await page.getByRole('heading', { name: 'Datos del documento' }).waitFor();
    expect(await fact(page, 'Tipo').textContent()).toBe('Factura electrónica (33)');
    await page.getByRole('heading', { name: 'Cadena del documento' }).waitFor();
    await settle(page);
    expect(await seriousFindings(page)).toEqual([]);

    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar PDF' }).click()]);
    expect((await bytesOf(pdf)).subarray(0, 4).toString('latin1')).toBe('%PDF');

    // the way back leads to the statement it came from
    await page.getByRole('link', { name: 'Volver al estado de cuenta' }).click();
    await page.waitForURL('**/user/account/statement');
    await context.close();
  });

  it("at 375 px the movements are cards with nothing wider than the phone; another company's document is not found", async () => {
    const { context, page } = await newPage(browser, { width: 375, height: 800 });
    await login(page, RUT);
    await page.goto('/user/account/statement');
    const cards = page.getByRole('list', { name: 'Movimientos' });
    await cards.getByRole('listitem').first().waitFor({ timeout: 20_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await settle(page);
    expect(await seriousFindings(page)).toEqual([]);

    await page.goto('/user/account/documents/invoice/1');
    await page.getByRole('heading', { level: 1, name: 'Documento no encontrado' }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('button', { name: 'Descargar PDF' }).count()).toBe(0);
    await context.close();
  });
});
