import type { Browser } from 'playwright-core';
import { checkDigit, formatRut } from '@shared/rut';
import { baseUrl, launch } from './browser';
import { eventually, login, choose, selectOptions } from './journeys';

// A sales rep (VENDEDOR) created in Usuarios (docs/sales-reps.md): an ADMIN picks one of the ERP's active sales
// employees (the inactive Rosa Gallardo, code 3, is not offered) and a scope, sees the rep in the list, and the rep
// logs in (first replacing the admin's password, as every new user).

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** Logins of this file come from their own address (the login limit counts per address). */
const OFFICE = { 'x-forwarded-for': '203.0.113.31' };
const ADMIN = '22.222.222-2';
const ADMIN_PASSWORD = 'Admin1234';
const EMPLOYEE = 'Empleado de ventas (ERP)';
const SCOPE = 'Clientes que atiende';

/** A rut no demo account uses (bodies 60 000 000 … 69 999 999), different on every call. */
let rutSeq = 0;
const newRut = () => {
  const body = 60_000_000 + ((Date.now() + rutSeq++ * 7919) % 10_000_000);
  return formatRut(`${body}${checkDigit(String(body))}`);
};

async function newPage(width = 1280, height = 800) {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width, height }, locale: 'es-CL', extraHTTPHeaders: OFFICE });
  return { context, page: await context.newPage() };
}

describe('a sales rep created in Usuarios', () => {
  it('an ADMIN creates a rep with an active ERP sales employee and all customers; the list shows it; the rep logs in', async () => {
    const rut = newRut();
    const password = 'Vende2026';
    const { context, page } = await newPage();
    await login(page, ADMIN, ADMIN_PASSWORD);
    await page.goto('/admin/user/add');
    await page.getByRole('heading', { name: 'Creación de Usuario' }).waitFor();
    await choose(page, page.getByRole('combobox', { name: 'Role' }), 'Vendedor');
    // the ERP's active sales employees only: Rosa Gallardo (inactive) is not there
    const employee = page.getByRole('combobox', { name: EMPLOYEE });
    await page.getByText('Solo los empleados de ventas activos en el ERP').waitFor({ timeout: 20_000 });
    expect(await selectOptions(page, employee)).toEqual(['Seleccionar', '1 · Carolina Ibáñez Rojas', '2 · Martín Saavedra Pino']);
    expect(await page.getByLabel('Empresa a la que pertenece (rut)').count()).toBe(0);

    await page.getByLabel('Rut de la persona').fill(rut.replace(/[.-]/g, ''));
    await page.getByLabel('Nombre y apellidos').fill('Tomás Rivas Fuentes');
    await choose(page, page.getByRole('combobox', { name: SCOPE }), 'Todos los clientes');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirmar Password', { exact: true }).fill(password);
    await page.getByLabel('Email', { exact: true }).fill('tomas.rivas@portal.cl');
    await page.getByLabel('Dirección', { exact: true }).fill('Av. Apoquindo 3000, Las Condes');
    await page.getByLabel('Teléfono Móvil', { exact: true }).fill('981234599');
    await choose(page, page.getByRole('combobox', { name: 'Estado' }), 'Activo');

    // no sales employee chosen: the Spanish message on the field, nothing sent
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Seleccione el empleado de ventas del ERP').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    await choose(page, employee, '2 · Martín Saavedra Pino');
    await page.getByRole('button', { name: 'Guardar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Deseas crear el usuario?' });
    await dialog.getByRole('button', { name: 'Crear', exact: true }).click();
    await page.getByText('Creado!', { exact: true }).first().waitFor({ timeout: 20_000 });
    await page.waitForURL('**/admin/user');

    const grid = page.getByRole('grid', { name: 'Usuarios' });
    await page.getByRole('searchbox', { name: 'Buscar', exact: true }).fill(rut);
    const rows = () =>
      grid
        .getByRole('row')
        .filter({ has: page.getByRole('gridcell') })
        .evaluateAll((rs) => rs.map((r) => [...r.querySelectorAll('[role="gridcell"]')].map((c) => (c.textContent ?? '').trim()).slice(0, 10)));
    await eventually(rows, [[rut, 'Tomás Rivas Fuentes', 'tomas.rivas@portal.cl', '-', 'Vendedor', 'Activo', '-', '-', '2 · Martín Saavedra Pino', 'Todos los clientes']], 20_000);
    await context.close();

    // on a phone the list is cards, the rep's employee and scope on its card
    const phone = await newPage(375, 812);
    await login(phone.page, ADMIN, ADMIN_PASSWORD);
    await phone.page.goto('/admin/user');
    await phone.page.getByRole('searchbox', { name: 'Buscar', exact: true }).fill(rut);
    const card = phone.page.getByRole('listitem', { name: rut, exact: true });
    await card.waitFor({ timeout: 20_000 });
    for (const text of ['Vendedor', '2 · Martín Saavedra Pino', 'Todos los clientes']) expect(await card.getByText(text, { exact: true }).count()).toBe(1);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await phone.context.close();

    // the new rep replaces the admin's password first, then logs in as a VENDEDOR
    const rep = await newPage();
    await rep.page.goto('/login');
    await rep.page.getByLabel('Rut Empresa').fill(rut);
    await rep.page.getByLabel('Contraseña', { exact: true }).fill(password);
    await rep.page.getByRole('button', { name: 'Acceder' }).click();
    await rep.page.waitForURL('**/change-password');
    await rep.page.getByLabel('Contraseña actual').fill(password);
    await rep.page.getByLabel('Nueva contraseña').fill('Propia2026v');
    await rep.page.getByLabel('Confirmar contraseña').fill('Propia2026v');
    await rep.page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await rep.page.getByRole('dialog', { name: 'Deseas cambiar la contraseña?' }).getByRole('button', { name: 'Cambiar', exact: true }).click();
    await rep.page.waitForURL('**/login');
    await rep.page.getByRole('button', { name: 'Acceder' }).waitFor(); // the login page has loaded: no navigation under way
    // a rep lands on 'Mis clientes'
    await login(rep.page, rut, 'Propia2026v', '/rep/customers');
    expect(await rep.page.evaluate(() => sessionStorage.getItem('role'))).toBe('VENDEDOR');
    await rep.context.close();
  }, 150_000);
});
