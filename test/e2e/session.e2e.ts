import type { Browser, Page } from 'playwright-core';
import { launch, newPage } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function loginAs(page: Page, rut: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Rut Empresa').fill(rut);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Acceder' }).click();
}

describe('login journeys (R-AUTH-2)', () => {
  it('sends anonymous visitors to /login and formats the rut as it is typed', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/user/catalog');
    await page.waitForURL('**/login');
    await page.getByLabel('Rut Empresa').pressSequentially('761234560');
    expect(await page.getByLabel('Rut Empresa').inputValue()).toBe('76.123.456-0');
    await page.getByRole('button', { name: 'Acceder' }).click();
    await page.getByText('La password es requerida').waitFor();
    await context.close();
  });

  it('lands a buyer on home with the buyer sidebar, and logout returns to /login', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, '76.123.456-0', 'Demo1234');
    await page.waitForURL((url) => url.pathname === '/');
    const nav = page.getByRole('navigation', { name: 'Menú principal' });
    await nav.getByRole('link', { name: 'Pagos pendientes' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Administración Productos' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Carro de compras' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('role'))).toBe('USER');

    await page.getByRole('button', { name: 'Mi cuenta' }).click();
    await page.getByRole('menuitem', { name: 'Mi perfil' }).waitFor();
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await page.waitForURL('**/login');
    // the login page, a page of its own, is loaded
    await page.getByRole('button', { name: 'Acceder' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('tokens'))).toBeNull();
    await context.close();
  });

  it('lands an admin on the admin sidebar, without cart or profile link', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, '22.222.222-2', 'Admin1234');
    await page.waitForURL((url) => url.pathname === '/');
    const nav = page.getByRole('navigation', { name: 'Menú principal' });
    for (const name of ['Administración Productos', 'Administración Usuarios', 'Administración Notificaciones', 'Administración Banner']) {
      await nav.getByRole('link', { name }).waitFor();
    }
    expect(await page.getByRole('button', { name: 'Carro de compras' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Mi cuenta' }).click();
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Mi perfil' }).count()).toBe(0);
    await context.close();
  });

  it('tells an inactive user to contact the executive and keeps no session', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, '79.567.890-5', 'Demo1234');
    await page.getByText('Usuario inactivo, comunicarse con ejecutivo(a)').waitFor();
    // spec: logged out and sent home, where the guard sends a visitor to /login: the login page stays
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => sessionStorage.getItem('tokens'))).toBeNull();
    // the form keeps the rut tried, not the password
    expect(await page.getByRole('textbox', { name: 'Rut Empresa' }).inputValue()).toBe('79.567.890-5');
    expect(await page.getByLabel('Contraseña', { exact: true }).inputValue()).toBe('');
    await context.close();
  });

  it('shows the spec message for a wrong password', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, '76.123.456-0', 'Equivocada1');
    await page.getByText('Usuario o password erronea').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('forces the password change, declines once, then changes it and logs in with the new one', async () => {
    const { context, page } = await newPage(browser, { width: 375, height: 740 });
    await loginAs(page, '76.678.901-3', 'Demo1234');
    await page.waitForURL('**/change-password');
    await page.getByRole('heading', { name: 'Cambio de contraseña' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('tokens'))).toBeNull();

    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await page.getByText('Contraseña actual es requerida').waitFor();
    await page.getByText('Debe indicar la nueva contraseña').waitFor();

    await page.getByLabel('Contraseña actual').fill('Demo1234');
    await page.getByLabel('Nueva contraseña').fill('minuscula1');
    await page.getByLabel('Confirmar contraseña').fill('otra');
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await page.getByText('La nueva contraseña debe contener Una letra Mayuscula y una Minuscula').waitFor();
    await page.getByText('La contraseña no coinciden').waitFor();

    await page.getByLabel('Nueva contraseña').fill('Maule2026x');
    await page.getByLabel('Confirmar contraseña').fill('Maule2026x');
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    const dialog = page.getByRole('dialog', { name: 'Deseas cambiar la contraseña?' });
    await dialog.getByRole('button', { name: 'No cambiar' }).click();
    await page.getByText('Cambio no realizado').waitFor();

    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await dialog.getByRole('button', { name: 'Cambiar', exact: true }).click();
    await page.waitForURL('**/login');
    // the login page (a page load of its own) says what the SPA's toast said
    await page.getByRole('status').filter({ hasText: 'Contraseña actualizada, ingresa con tu nueva contraseña' }).waitFor();
    await loginAs(page, '76.678.901-3', 'Maule2026x');
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});

// Decision D22: the login page draws the anonymous shell with its own style sheet, the SPA with MUI. Going from an
// anonymous page of the SPA to the login page must not move the logo, the menu, the bars or the sidebar's link.
describe("the login page's shell matches the SPA's anonymous shell", () => {
  type Box = { x: number; y: number; width: number; height: number } | null;
  interface Shell {
    header: { x: number; y: number; width: number; height: number; background: string } | null;
    logo: Box;
    menu: Box;
    footer: { height: number; background: string } | null;
    footerArt: Box;
    customerRequest: Box;
  }

  async function shellOf(page: Page, path: string): Promise<Shell> {
    await page.goto(path);
    await page.locator('footer img').waitFor();
    await page.getByRole('heading', { level: 1 }).waitFor();
    return page.evaluate(() => {
      const box = (el: Element | null | undefined) => {
        if (!el || !(el as HTMLElement).checkVisibility()) return null;
        const r = el.getBoundingClientRect();
        return { x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width), height: Math.round(r.height) };
      };
      const header = document.querySelector('header');
      const footer = document.querySelector('footer');
      const onScreen = (el: Element | undefined) => (el && el.getBoundingClientRect().right > 0 ? el : null);
      return {
        header: header && { ...box(header)!, background: getComputedStyle(header).backgroundColor },
        logo: box(document.querySelector('a[aria-label="Ir al inicio"] img')),
        menu: box(document.querySelector('button[aria-label="Abrir menú"]')),
        footer: footer && { height: Math.round(footer.getBoundingClientRect().height), background: getComputedStyle(footer).backgroundColor },
        footerArt: box(document.querySelector('footer img')) && { ...box(document.querySelector('footer img'))!, y: 0 },
        // the sidebar's link where a sidebar is shown (a closed drawer on a phone is off screen)
        customerRequest: box(onScreen([...document.querySelectorAll('nav a')].find((a) => a.textContent?.includes('Solicitud creación de cliente')))),
      };
    });
  }

  it.each([
    ['phone', 375],
    ['tablet', 700],
    ['desktop', 1366],
  ])('on a %s (%i px)', async (_name, width) => {
    const { context, page } = await newPage(browser, { width, height: 800 });
    const spa = await shellOf(page, '/session-expired');
    const login = await shellOf(page, '/login');
    expect(login).toEqual(spa);
    expect(login.logo).not.toBeNull();
    if (width <= 600) expect(login.menu).not.toBeNull();
    else expect(login.customerRequest).not.toBeNull();
    await context.close();
  });
});
