import type { Browser, Locator, Page } from 'playwright-core';
import { launch, newPage } from './browser';
import { eventually, login } from './journeys';

// The lists' selection, width and paging in Chromium: the phone cards' select-all on Pagos Pendientes (spec:
// "select-all"), the purchase history's columns at 1366 px, and the page links of /admin/product (R-GEN-6: 10 rows per page, up to 7 page links) at desktop and phone
// widths. Nothing is changed: a selection is never paid.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1366, height: 800 };

/** The page buttons' numbers in the list's page links (the arrows and the ellipses left out). */
async function pageNumbers(nav: Locator): Promise<number[]> {
  const labels = await nav.getByRole('button').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''));
  return labels.map((label) => /^(?:Ir a la página|Página) (\d+)/.exec(label)?.[1]).filter((n): n is string => n !== undefined).map(Number);
}

/** The page scrolls sideways: wider than the window. */
const overflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe('Pagos Pendientes on a phone (375 px)', () => {
  it('cards say "Folio" beside the number; select-all ticks every card, is indeterminate with one unticked, and clears them', async () => {
    const { context, page } = await newPage(browser, PHONE);
    try {
      // a buyer whose invoices no other browser test pays (payments.e2e pays 76.123.456-0's): two or more stay pending
      await login(page, '79.012.345-K');
      await page.goto('/user/pending-payments');
      await page.getByRole('heading', { name: 'Pagos Pendientes' }).waitFor();
      const cards = page.getByRole('list', { name: 'Documentos pendientes de pago' });
      await cards.getByRole('listitem').first().waitFor({ timeout: 20_000 });
      expect(await page.getByRole('grid').count()).toBe(0);
      // each card is named by its title, 'Folio 10413' (the label and the number, as the screen shows them)
      const first = cards.getByRole('listitem', { name: /^Folio \d+$/ }).first();
      const title = await first.evaluate((li) => document.getElementById(li.getAttribute('aria-labelledby') ?? '')?.textContent ?? '');
      const folio = title.replace(/^Folio /, '');
      expect(await cards.getByRole('listitem', { name: `Folio ${folio}`, exact: true }).count()).toBe(1);
      const firstBox = first.getByRole('checkbox', { name: `Seleccionar folio ${folio}` });

      const total = page.getByRole('status', { name: 'Total Seleccionado' });
      const selectAll = page.getByRole('checkbox', { name: 'Seleccionar todas las filas' });
      await selectAll.check();
      const deselectAll = page.getByRole('checkbox', { name: 'Deseleccionar todas las filas' });
      expect(await deselectAll.isChecked()).toBe(true);
      const boxes = await cards.getByRole('checkbox').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).checked));
      expect(boxes.length).toBeGreaterThan(1);
      expect(boxes.every(Boolean)).toBe(true);
      expect((await total.textContent())?.trim()).not.toBe('$0');
      expect(await page.getByRole('button', { name: 'ir a Pagar' }).isEnabled()).toBe(true);

      // one unticked: the select-all is indeterminate (neither all nor none), and says it selects all again; read as
      // the page settles (the selection goes through the store and back before the select-all is drawn again)
      const either = page.getByRole('checkbox', { name: /^(Seleccionar|Deseleccionar) todas las filas$/ });
      const selection = async () => ({
        all: await either.isChecked(),
        some: await either.getAttribute('data-indeterminate'),
        ticked: await cards.getByRole('checkbox').evaluateAll((inputs) => inputs.filter((input) => (input as HTMLInputElement).checked).length),
      });
      await firstBox.uncheck();
      await eventually(selection, { all: false, some: 'true', ticked: boxes.length - 1 });
      expect(await selectAll.isChecked()).toBe(false);
      await selectAll.click();
      await eventually(selection, { all: true, some: 'false', ticked: boxes.length });

      await deselectAll.uncheck();
      await eventually(async () => (await total.textContent())?.trim(), '$0');
      expect(await page.getByRole('button', { name: 'ir a Pagar' }).isDisabled()).toBe(true);
      expect(await overflows(page)).toBe(false);
    } finally {
      await context.close();
    }
  });
});

describe('Historial de Compra at 1366 px', () => {
  it('shows every column beside the sidebar, the last one (N° D. T. E.) inside the grid without a sideways scroll', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    try {
      await login(page, '79.012.345-K');
      await page.goto('/user/purchase-history');
      const grid = page.getByRole('grid', { name: 'Pedidos realizados' });
      await grid.getByRole('row').nth(1).waitFor({ timeout: 20_000 });
      const gridBox = (await grid.boundingBox())!;
      const last = (await grid.getByRole('columnheader', { name: 'N° D. T. E.' }).boundingBox())!;
      expect(last.x + last.width).toBeLessThanOrEqual(gridBox.x + gridBox.width);
      expect(await overflows(page)).toBe(false);
    } finally {
      await context.close();
    }
  });
});

describe('/admin/product: 10 rows per page and up to 7 page links', () => {
  async function openProducts(viewport: { width: number; height: number }) {
    const opened = await newPage(browser, viewport);
    await login(opened.page, '22.222.222-2', 'Admin1234');
    await opened.page.goto('/admin/product');
    await opened.page.getByRole('heading', { name: 'Administración Productos' }).waitFor();
    return opened;
  }

  it('at 1366 px: "1–10 de N", at most 7 page buttons, a page link and the keyboard go to their page', async () => {
    const { context, page } = await openProducts(DESKTOP);
    try {
      const grid = page.getByRole('grid', { name: 'Productos' });
      await grid.getByRole('gridcell').first().waitFor({ timeout: 20_000 });
      const range = page.getByText(/^1–10 de \d+$/);
      await range.waitFor();
      const count = Number(/de (\d+)/.exec((await range.textContent()) ?? '')?.[1]);
      expect(count).toBeGreaterThan(30);
      const pages = Math.ceil(count / 10);
      const nav = page.getByRole('navigation', { name: 'Paginación' });
      const shown = await pageNumbers(nav);
      expect(shown.length).toBeLessThanOrEqual(7);
      expect(shown[0]).toBe(1);
      expect(shown.at(-1)).toBe(pages);
      expect(await grid.getByRole('row').filter({ has: page.getByRole('gridcell') }).count()).toBe(10);

      const firstSku = async () => (await grid.getByRole('gridcell').first().textContent())?.trim();
      const page1 = await firstSku();
      await nav.getByRole('button', { name: 'Ir a la página 3' }).click();
      await page.getByText(`21–30 de ${count}`, { exact: true }).waitFor();
      expect(await firstSku()).not.toBe(page1);
      expect(await nav.getByRole('button', { name: 'Página 3, actual' }).getAttribute('aria-current')).toBe('page');
      expect((await pageNumbers(nav)).length).toBeLessThanOrEqual(7);

      // keyboard: Tab from page 3 to the next link, Enter follows it
      await nav.getByRole('button', { name: 'Página 3, actual' }).focus();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Ir a la página 4');
      await page.keyboard.press('Enter');
      await page.getByText(`31–40 de ${count}`, { exact: true }).waitFor();

      await nav.getByRole('button', { name: `Ir a la página ${pages}` }).click();
      await page.getByText(new RegExp(`^${(pages - 1) * 10 + 1}–${count} de ${count}$`)).waitFor();
      expect(await nav.getByRole('button', { name: 'Ir a la página siguiente' }).isDisabled()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('at 375 px: the same page links below the cards, on the screen without sideways scrolling', async () => {
    const { context, page } = await openProducts(PHONE);
    try {
      const cards = page.getByRole('list', { name: 'Productos' });
      await cards.getByRole('listitem').first().waitFor({ timeout: 20_000 });
      expect(await cards.getByRole('listitem').count()).toBe(10);
      const nav = page.getByRole('navigation', { name: 'Paginación' });
      expect((await pageNumbers(nav)).length).toBeLessThanOrEqual(7);
      await nav.getByRole('button', { name: 'Ir a la página 2' }).click();
      await page.getByText(/^11–20 de \d+$/).waitFor();
      const box = await nav.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
      expect(await overflows(page)).toBe(false);
    } finally {
      await context.close();
    }
  });
});
