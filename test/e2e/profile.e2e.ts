import type { Browser, Page } from 'playwright-core';
import { launch, newPage } from './browser';

// Only this buyer: the other accounts belong to other journeys.
const RUT = '76.234.567-6';
const PASSWORD = 'Demo1234';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function loginAndOpenProfile(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Rut Empresa').fill(RUT);
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Acceder' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('button', { name: 'Mi cuenta' }).click();
  await page.getByRole('menuitem', { name: 'Mi perfil' }).click();
  await page.waitForURL('**/profile');
  await page.getByRole('heading', { level: 1, name: 'Información Usuario' }).waitFor();
}

/** The value next to a label of the company data. */
const companyValue = (page: Page, label: string) =>
  page.getByRole('tabpanel', { name: 'Datos Empresa' }).locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');

describe('buyer profile (R-PROF-2)', () => {
  it('shows the four tabs with the ERP data', async () => {
    const { context, page } = await newPage(browser);
    await loginAndOpenProfile(page);
    const tabs = page.getByRole('tablist', { name: 'Secciones del perfil' }).getByRole('tab');
    expect(await tabs.allTextContents()).toEqual(['Datos Empresa', 'Financieros', 'Direcciones', 'Programa Fidelización']);
    expect(await companyValue(page, 'RUT').textContent()).toBe('76.234.567-6');
    expect(await companyValue(page, 'Razón Social').textContent()).toBe('Textiles Pacífico Ltda.');

    await page.getByRole('tab', { name: 'Financieros' }).click();
    const financial = page.getByRole('tabpanel', { name: 'Financieros' });
    await financial.getByText('Condición de Pago').waitFor();
    await financial.getByText('Cheque', { exact: true }).waitFor();
    await financial.getByText('$5.000.000', { exact: true }).waitFor();

    await page.getByRole('tab', { name: 'Direcciones' }).click();
    const addresses = page.getByRole('tabpanel', { name: 'Direcciones' });
    await addresses.getByText('Dirección 1: Av. Brasil 2350, Valparaíso, Valparaíso, Chile').waitFor();
    await addresses.getByText('Dirección 1: Camino La Pólvora 400, Valparaíso, Valparaíso, Chile').waitFor();

    await page.getByRole('tab', { name: 'Programa Fidelización' }).click();
    const loyalty = page.getByRole('tabpanel', { name: 'Programa Fidelización' });
    await loyalty.getByRole('img', { name: '2 de 5 estrellas' }).waitFor();
    await loyalty.getByText('Categoria Actual: Silver').waitFor();
    await context.close();
  });

  it('rejects a bad e-mail, then saves a new phone that survives a reload (375 px wide)', async () => {
    const { context, page } = await newPage(browser, { width: 375, height: 740 });
    await loginAndOpenProfile(page);
    // nothing wider than the phone's screen
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.getByRole('button', { name: 'Editar Datos Empresa' }).click();
    let dialog = page.getByRole('dialog', { name: 'Editar Datos Empresa' });
    await dialog.getByLabel('Email').fill('no-es-correo');
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    await dialog.getByText('El email no tiene el formato correcto').waitFor();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const phone = `9${String(Date.now()).slice(-8)}`;
    await page.getByRole('button', { name: 'Editar Datos Empresa' }).click();
    dialog = page.getByRole('dialog', { name: 'Editar Datos Empresa' });
    await dialog.getByLabel('Teléfono').fill(phone);
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await companyValue(page, 'Teléfono').textContent()).toBe(phone);

    await page.getByRole('button', { name: 'Guardar Cambios' }).click();
    await page.getByText('Perfil Modicado!!').waitFor();

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Información Usuario' }).waitFor();
    expect(await companyValue(page, 'Teléfono').textContent()).toBe(phone);
    expect(await companyValue(page, 'Email').textContent()).toBe('compras@textilespacificolt.cl');
    await context.close();
  });
});
