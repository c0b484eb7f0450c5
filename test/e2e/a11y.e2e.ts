import { writeFileSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { DESKTOP, focused, PHONE, seriousFindings, settle, type Finding } from './a11y';
import { baseUrl, launch } from './browser';
import { addFromDetail, emptyCart } from './journeys';

// R-A11Y-1: every screen and dialog of each role (visitor, buyer, admin) at 1280 and 375 px has no serious or critical
// axe finding. One browser; one tab per role, logged in once (the session lives in the tab's session storage); each
// screen is opened once and scanned at both widths. The buyer is the one demo buyer no other browser test uses
// (76.345.678-1, whose orders need the ERP's approval): its cart is touched here only. A11Y_REPORT=<file> writes every
// finding (to compare the findings before and after a change).

let browser: Browser;
const contexts: BrowserContext[] = [];
const report: Record<string, Record<string, Finding[]>> = { desktop: {}, phone: {} };

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  if (process.env.A11Y_REPORT) writeFileSync(process.env.A11Y_REPORT, JSON.stringify(report, null, 2));
  for (const context of contexts) await context.close();
  await browser?.close();
});

/** The walk's own address: its logins do not count against the other files' login limit. */
const WALK = { 'x-forwarded-for': '203.0.113.61' };

async function tab(): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: DESKTOP, locale: 'es-CL', extraHTTPHeaders: WALK });
  contexts.push(context);
  return context.newPage();
}

const BUYER = '76.345.678-1';
const ADMIN = '11.111.111-1';

/** One logged-in tab per account, shared by the tests of this file. */
const tabs = new Map<string, Promise<Page>>();
function loggedIn(rut: string, password: string): Promise<Page> {
  if (!tabs.has(rut)) tabs.set(rut, tab().then(async (page) => (await logIn(page, rut, password), page)));
  return tabs.get(rut)!;
}

async function logIn(page: Page, rut: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Rut Empresa').fill(rut);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Acceder' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

interface Screen {
  name: string;
  /** Brings the screen or dialog up (at 1280 px unless `phoneOnly`). */
  open: (page: Page) => Promise<void>;
  /** Puts the page back after a dialog or menu. */
  close?: (page: Page) => Promise<void>;
  phoneOnly?: boolean;
}

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name }).waitFor();
const go = (path: string, title: string | RegExp) => async (page: Page) => {
  await page.goto(path);
  await heading(page, title);
};
const escape = async (page: Page) => {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').or(page.getByRole('menu')).first().waitFor({ state: 'hidden' });
};

/** Opens each screen, scans it at 1280 and at 375 px, and collects what is serious or critical. */
async function walk(page: Page, role: string, screens: Screen[]) {
  const failures: string[] = [];
  for (const screen of screens) {
    const started = Date.now();
    await page.setViewportSize(screen.phoneOnly ? PHONE : DESKTOP);
    await screen.open(page);
    for (const [width, viewport] of screen.phoneOnly ? ([['phone', PHONE]] as const) : ([['desktop', DESKTOP], ['phone', PHONE]] as const)) {
      await page.setViewportSize(viewport);
      const t0 = Date.now();
      await settle(page);
      const t1 = Date.now();
      const findings = await seriousFindings(page);
      if (process.env.A11Y_REPORT) console.log(`  ${width} settle ${t1 - t0} axe ${Date.now() - t1}`);
      report[width][`${role}: ${screen.name}`] = findings;
      for (const f of findings) failures.push(`${role} · ${screen.name} · ${viewport.width} px · ${f.rule} (${f.impact}, ${f.nodes})\n    ${f.where.join('\n    ')}`);
    }
    await screen.close?.(page);
    if (process.env.A11Y_REPORT) console.log(`${role} · ${screen.name}: ${Date.now() - started} ms`);
  }
  expect(failures).toEqual([]);
}

describe('axe: no serious or critical finding on any screen, at 1280 and 375 px', () => {
  jest.setTimeout(240_000);
  it('visitor', async () => {
    const page = await tab();
    await walk(page, 'visitor', [
      { name: 'login', open: go('/login', 'Ingreso clientes') },
      { name: 'customer creation request', open: go('/user/user-creation-req', /.+/) },
      { name: 'session expired', open: go('/session-expired', /.+/) },
      { name: 'payment redirect without a payment', open: go('/payment', /.+/) },
      { name: 'payment verification without a token', open: go('/payment-verification', /.+/) },
      { name: 'transfer return without a payment', open: go('/return', /.+/) },
      {
        name: 'blocked buyer home',
        open: async (p) => {
          await logIn(p, '78.901.234-2', 'Demo1234');
          await heading(p, 'Home');
        },
      },
    ]);
  });

  it('buyer', async () => {
    const page = await loggedIn(BUYER, 'Demo1234');
    await walk(page, 'buyer', [
      { name: 'home', open: go('/', 'Home') },
      {
        name: 'account menu',
        open: async (p) => {
          await p.getByRole('button', { name: 'Mi cuenta' }).click();
          await p.getByRole('menu').waitFor();
        },
        close: escape,
      },
      {
        name: 'phone menu drawer',
        phoneOnly: true,
        open: async (p) => {
          await p.getByRole('button', { name: 'Abrir menú' }).click();
          await p.getByRole('navigation', { name: 'Menú principal' }).waitFor();
        },
        close: escape,
      },
      { name: 'catalogue', open: go('/user/catalog', 'Catalogo') },
      {
        name: 'catalogue with a category open',
        open: async (p) => {
          await p.getByRole('button', { name: 'POLERAS' }).click();
          await p.getByRole('region', { name: 'Subcategorías de POLERAS' }).waitFor();
        },
      },
      {
        name: 'catalogue list',
        open: async (p) => {
          await p.getByRole('region', { name: 'Subcategorías de POLERAS' }).getByRole('button', { name: 'MANGA CORTA' }).click();
          await heading(p, 'Catalogo - Lista Productos');
        },
      },
      {
        name: 'search suggestions',
        open: async (p) => {
          await p.getByRole('searchbox', { name: 'Buscar productos' }).fill('polera');
          await p.getByRole('listbox', { name: 'Productos encontrados' }).waitFor();
        },
      },
      {
        name: 'search results',
        open: async (p) => {
          await p.getByRole('searchbox', { name: 'Buscar productos' }).press('Enter');
          await heading(p, 'Resultado de Busqueda');
        },
      },
      { name: 'product detail', open: go('/user/product-detail/POL-1001', /Polera/) },
      {
        name: 'product added (toast)',
        open: async (p) => {
          await p.getByLabel('Cantidad talla S').fill('1');
          await p.getByRole('button', { name: 'Agregar al Carro' }).click();
          await p.getByText('Producto(s) agregados!!').first().waitFor();
        },
      },
      {
        name: 'cart drawer',
        open: async (p) => {
          await p.getByRole('button', { name: /^Carro de compras/ }).click();
          await p.getByRole('dialog', { name: /^Carro/ }).getByText('Cantidad: 1').waitFor();
        },
        close: escape,
      },
      { name: 'cart detail', open: go('/user/cart-detail', 'Carro') },
      {
        name: 'order summary',
        open: async (p) => {
          await p.getByRole('button', { name: 'Continuar la compra' }).click();
          await heading(p, 'Finalizar compra');
        },
      },
      {
        name: 'reserve confirm dialog',
        open: async (p) => {
          await p.goto('/user/cart-detail');
          await p.getByRole('button', { name: 'Realizar Reserva' }).click();
          await heading(p, 'Finalizar reserva');
          await p.getByRole('radio', { name: 'Retiro en tienda' }).check();
          await p.getByRole('button', { name: 'Reservar', exact: true }).click();
          await p.getByRole('dialog', { name: 'Deseas realizar la reserva?' }).waitFor();
        },
        close: async (p) => {
          await p.getByRole('button', { name: 'No reservar' }).click();
          await p.getByRole('dialog').waitFor({ state: 'hidden' });
        },
      },
      { name: 'pending payments', open: go('/user/pending-payments', 'Pagos Pendientes') },
      {
        name: 'pending payments, choosing how to pay',
        open: async (p) => {
          await p.getByRole('checkbox', { name: /Seleccionar|Select/ }).nth(1).check();
          await p.getByRole('button', { name: 'ir a Pagar' }).click();
          await p.getByRole('radiogroup').waitFor();
        },
      },
      // the cuenta corriente (docs/account.md): the header, the open items, the netted payment's panel
      { name: 'cuenta corriente', open: go('/user/account', 'Cuenta corriente') },
      {
        name: 'cuenta corriente, a document chosen to pay',
        open: async (p) => {
          await p.getByRole('checkbox', { name: /^Seleccionar Factura electrónica N°/, disabled: false }).first().check();
          const pay = p.getByRole('region', { name: 'Pagar documentos seleccionados' });
          // the server's lines and total, or its refusal in words
          await pay.getByRole('table', { name: 'Detalle del pago' }).or(pay.getByRole('alert')).first().waitFor();
        },
      },
      {
        // the demo always has an invoice inside its 8-day window (its documents are dated from today)
        name: 'cuenta corriente, the claim dialog',
        open: async (p) => {
          await p.getByRole('button', { name: /^Reclamar Factura electrónica N° / }).first().click();
          await p.getByRole('dialog', { name: /^Reclamar Factura electrónica N° / }).getByRole('radiogroup').waitFor();
        },
        close: escape,
      },
      { name: 'purchase history', open: go('/user/purchase-history', /Historial/) },
      {
        name: 'purchase detail dialog',
        open: async (p) => {
          await p.getByRole('button', { name: /^Ver detalle del pedido/ }).first().click();
          await p.getByRole('dialog', { name: 'Detalle de Pedido' }).getByRole('table').waitFor();
        },
        close: escape,
      },
      { name: 'quick order', open: go('/user/quick-order', 'Pedido rápido') },
      {
        name: 'quick order with validated lines',
        open: async (p) => {
          // validated only: nothing goes to the cart
          await p.getByRole('textbox', { name: 'Líneas del pedido' }).fill('POL-1001-M;2\nNOEXISTE-1;1\nPOL-1001;L;1');
          await p.getByRole('button', { name: 'Validar' }).click();
          await p.getByRole('list', { name: /^Líneas del pedido rápido/ }).getByText('El sku NOEXISTE-1 no existe en el catálogo').waitFor();
        },
      },
      // R-MYORD-1 (an order's detail is walked by operations.e2e.ts, which makes one)
      { name: 'my orders', open: go('/user/orders', 'Mis pedidos') },
      // the company's screens of its administrator (R-CO-3; the approval's flow is walked by company-approval.e2e.ts)
      { name: 'company people', open: go('/user/company/people', 'Personas de la empresa') },
      {
        name: 'add a person dialog',
        open: async (p) => {
          await p.getByRole('button', { name: 'Agregar persona' }).click();
          await p.getByRole('dialog', { name: 'Agregar persona' }).waitFor();
        },
        close: escape,
      },
      { name: 'orders waiting for approval', open: go('/user/company/approvals', 'Por aprobar') },
      { name: 'profile', open: go('/profile', 'Información Usuario') },
      {
        name: 'company data dialog',
        open: async (p) => {
          await p.getByRole('button', { name: 'Editar Datos Empresa' }).click();
          await p.getByRole('dialog', { name: 'Editar Datos Empresa' }).waitFor();
        },
        close: escape,
      },
      {
        name: 'profile addresses',
        open: async (p) => {
          await p.getByRole('tab', { name: 'Direcciones' }).click();
          await p.getByRole('tabpanel', { name: 'Direcciones' }).waitFor();
        },
      },
      {
        name: 'address dialog',
        open: async (p) => {
          await p.getByRole('button', { name: /^Editar Dirección 1/ }).first().click();
          await p.getByRole('dialog').waitFor();
        },
        close: escape,
      },
      {
        name: 'profile loyalty',
        open: async (p) => {
          await p.getByRole('tab', { name: 'Programa Fidelización' }).click();
          await p.getByRole('tabpanel', { name: 'Programa Fidelización' }).waitFor();
        },
      },
      { name: 'change password', open: go('/change-password', /contraseña/i) },
    ]);
  });

  it('sales rep', async () => {
    const page = await tab();
    await page.goto('/login');
    await page.getByLabel('Rut Empresa').fill('14.680.357-1');
    await page.getByLabel('Contraseña', { exact: true }).fill('Demo1234');
    await page.getByRole('button', { name: 'Acceder' }).click();
    await page.waitForURL((url) => url.pathname === '/rep/customers');
    await walk(page, 'rep', [
      { name: 'Mis clientes', open: go('/rep/customers', 'Mis clientes') },
      {
        name: 'representing a blocked customer: the banner and the catalogue',
        open: async (p) => {
          await p.getByRole('searchbox', { name: 'Buscar cliente' }).fill('78.456');
          await p.getByRole('button', { name: 'Representar a Distribuidora Norte Grande Ltda.' }).click();
          await p.waitForURL((url) => url.pathname === '/user/catalog');
          await p.getByText(/^Cliente bloqueado/).waitFor();
          await heading(p, 'Catalogo');
        },
      },
      { name: 'Mis pedidos del vendedor', open: go('/rep/orders', 'Mis pedidos del vendedor') },
      { name: 'a payment link that does not exist', open: go('/pagar/no-existe-este-link-de-pago-aaaaaaaaaaaaaaaaaaaaaa', /.+/) },
    ]);
  });

  it('admin', async () => {
    const page = await loggedIn(ADMIN, 'Admin1234');
    const firstIn = (p: Page, grid: string, name: RegExp) => p.getByRole('grid', { name: grid }).or(p.getByRole('list', { name: grid })).getByRole('button', { name }).first();
    await walk(page, 'admin', [
      { name: 'home', open: go('/', 'Home') },
      { name: 'products', open: go('/admin/product', /Productos/) },
      {
        name: 'product update',
        open: async (p) => {
          await firstIn(p, 'Productos', /^Editar /).click();
          await heading(p, /.+/);
          await p.waitForURL('**/admin/product/update/**');
        },
      },
      { name: 'users', open: go('/admin/user', /Usuarios/) },
      {
        name: 'delete user confirm dialog',
        open: async (p) => {
          await firstIn(p, 'Usuarios', /^Eliminar /).click();
          await p.getByRole('dialog', { name: /^Deseas eliminar el usuario/ }).waitFor();
        },
        close: async (p) => {
          await p.getByRole('button', { name: 'No eliminar' }).click();
          await p.getByRole('dialog').waitFor({ state: 'hidden' });
        },
      },
      {
        name: 'user update',
        open: async (p) => {
          await firstIn(p, 'Usuarios', /^Editar /).click();
          await p.waitForURL('**/admin/user/update/*');
          await heading(p, /.+/);
        },
      },
      { name: 'user create', open: go('/admin/user/add', /.+/) },
      { name: 'notification recipients', open: go('/admin/email', /.+/) },
      {
        name: 'notification update',
        open: async (p) => {
          await firstIn(p, 'Notificaciones', /^Editar /).click();
          await p.waitForURL('**/admin/email-update/*');
          await heading(p, /.+/);
        },
      },
      { name: 'notification create', open: go('/admin/email-add', /.+/) },
      { name: 'banners', open: go('/admin/banner', /Banner/) },
      {
        name: 'banner update',
        open: async (p) => {
          await firstIn(p, 'Banners', /^Editar banner/).click();
          await p.waitForURL('**/admin/banner-update/*');
          await heading(p, /.+/);
        },
      },
      { name: 'banner create', open: go('/admin/banner-add', /.+/) },
      // R-ADM-ORD-2 (an order's detail and a change's before/after are walked by operations.e2e.ts, which makes them)
      { name: 'orders', open: go('/admin/orders', 'Pedidos') },
      { name: 'ERP jobs', open: go('/admin/jobs', 'Trabajos ERP') },
      { name: 'audit', open: go('/admin/audit', 'Auditoría') },
    ]);
  });
});

/** Everything a user reads or acts on in `scope` is in view at 375 px: not cut off, not beyond the screen's edge. */
async function outOfView(page: Page, scope: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const width = document.documentElement.clientWidth;
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > width) problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth} px)`);
    for (const root of document.querySelectorAll(selector)) {
      for (const el of root.querySelectorAll<HTMLElement>('dd, button, a, input, [role="checkbox"], td')) {
        const box = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        if (style.display === 'none' || style.visibility === 'hidden' || el.closest('[aria-hidden="true"]')) continue;
        const label = `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
        if (box.width === 0 || box.height === 0) problems.push(`${label} has no size`);
        else if (box.left < 0 || box.right > width + 0.5) problems.push(`${label} reaches ${Math.round(box.left)}…${Math.round(box.right)} px`);
        else if (el.scrollWidth > el.clientWidth + 1 && style.overflow === 'hidden') problems.push(`${label} is cut off`);
      }
    }
    return problems;
  }, scope);
}

describe('375 px: every grid is a list of cards with every field and action in view', () => {
  const cards = async (page: Page, name: string) => {
    const list = page.getByRole('list', { name, exact: true });
    await list.getByRole('listitem').first().waitFor();
    expect(await page.getByRole('grid').count()).toBe(0);
    await settle(page);
    return list;
  };

  it('buyer: catalogue list, search results, pending payments, cuenta corriente, purchase history, the product sizes', async () => {
    const page = await loggedIn(BUYER, 'Demo1234');
    await page.setViewportSize(PHONE);
    const problems: Record<string, string[]> = {};

    await page.goto('/user/catalog-detail'); // the category chosen by the walk is in session storage
    const catalogue = await cards(page, 'Productos del catálogo');
    const first = catalogue.getByRole('listitem').first();
    for (const field of ['Stock', 'Precio lista', 'Género']) await first.getByText(field, { exact: true }).waitFor();
    await first.getByRole('link', { name: /^Ver producto / }).waitFor();
    problems.catalogue = await outOfView(page, 'main ul');

    await page.getByRole('searchbox', { name: 'Buscar productos' }).fill('polera');
    await page.getByRole('searchbox', { name: 'Buscar productos' }).press('Enter');
    await heading(page, 'Resultado de Busqueda');
    const results = await cards(page, 'Resultado de Busqueda');
    await results.getByRole('listitem').first().getByText('Stock', { exact: true }).waitFor();
    problems.search = await outOfView(page, 'main ul');

    await page.goto('/user/pending-payments');
    const pending = await cards(page, 'Documentos pendientes de pago');
    const invoice = pending.getByRole('listitem').first();
    for (const field of ['Fecha', 'Total Bruto', 'Saldo a Pagar']) await invoice.getByText(field, { exact: false }).first().waitFor();
    await invoice.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'ir a Pagar' }).waitFor();
    expect(await page.getByRole('button', { name: 'ir a Pagar' }).isEnabled()).toBe(true);
    problems.pending = await outOfView(page, 'main ul');

    await page.goto('/user/account');
    const account = await cards(page, 'Documentos abiertos de la cuenta corriente');
    const document = account.getByRole('listitem').first();
    for (const field of ['Vencimiento', 'Saldo', 'Estado']) await document.getByText(field, { exact: true }).first().waitFor();
    await document.getByRole('button', { name: /^Descargar PDF de / }).waitFor();
    problems.account = await outOfView(page, 'main ul');

    await page.goto('/user/purchase-history');
    const history = await cards(page, 'Pedidos realizados');
    const order = history.getByRole('listitem').first();
    for (const field of ['Estado', 'Fecha', 'Tipo Retiro']) await order.getByText(field, { exact: false }).first().waitFor();
    await order.getByRole('button', { name: /^Ver detalle del pedido/ }).waitFor();
    problems.history = await outOfView(page, 'main ul');
    // its detail: one card per line (no table wider than the popup)
    await order.getByRole('button', { name: /^Ver detalle del pedido/ }).click();
    const detail = page.getByRole('dialog', { name: 'Detalle de Pedido' });
    await detail.getByRole('list', { name: 'Detalle de Pedido' }).getByRole('listitem').first().waitFor();
    expect(await detail.getByRole('table').count()).toBe(0);
    await settle(page);
    problems.historyDetail = await outOfView(page, '[role="dialog"] ul');
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });

    await page.goto('/user/product-detail/POL-1001');
    const sizes = page.getByRole('table', { name: 'Tallas disponibles' });
    await sizes.waitFor();
    for (const header of ['Talla', 'Stock', 'P. Distrib.', 'Cantidad']) expect(await sizes.getByRole('columnheader', { name: header, exact: true }).isVisible()).toBe(true);
    await settle(page);
    problems.sizes = await outOfView(page, 'table[aria-label="Tallas disponibles"]');

    await page.setViewportSize(DESKTOP);
    expect(problems).toEqual({ catalogue: [], search: [], pending: [], account: [], history: [], historyDetail: [], sizes: [] });
  });

  it('admin: products, users, notification recipients, banners', async () => {
    const page = await loggedIn(ADMIN, 'Admin1234');
    await page.setViewportSize(PHONE);
    const problems: Record<string, string[]> = {};
    const screens: [string, string, RegExp][] = [
      ['/admin/product', 'Productos', /^Editar /],
      ['/admin/user', 'Usuarios', /^Eliminar /],
      ['/admin/email', 'Notificaciones', /^Eliminar notificación/],
      ['/admin/banner', 'Banners', /^Eliminar banner/],
    ];
    for (const [path, name, action] of screens) {
      await page.goto(path);
      const list = await cards(page, name);
      await list.getByRole('listitem').first().getByRole('button', { name: action }).waitFor();
      problems[name] = await outOfView(page, 'main ul');
    }
    await page.setViewportSize(DESKTOP);
    expect(problems).toEqual({ Productos: [], Usuarios: [], Notificaciones: [], Banners: [] });
  });
});

describe('focus', () => {
  /** Presses Tab (or Shift+Tab) until `target` has the focus; the focus is never on <body> on the way. */
  async function tabTo(page: Page, target: Locator, back = false) {
    await target.waitFor();
    for (let i = 0; i < 80; i++) {
      if (await target.evaluate((el) => el === document.activeElement)) return;
      await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
      expect(await focused(page)).not.toBe('BODY');
    }
    throw new Error(`Tab never reached ${target.toString()}`);
  }

  /** After an action the focus settles on something: never <body>. */
  async function focusSettlesOn(page: Page, expected: RegExp) {
    let last = '';
    for (const until = Date.now() + 10_000; Date.now() < until; ) {
      last = await focused(page);
      if (expected.test(last)) return;
      await page.waitForTimeout(100);
    }
    expect(last).toMatch(expected);
  }

  /** Waits (up to 10 s) until `check` answers true. */
  async function eventuallyTrue(check: () => Promise<boolean>) {
    for (const until = Date.now() + 10_000; Date.now() < until; ) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await check()).toBe(true);
  }

  it('a credit purchase with the keyboard alone: the focus is never left on <body>', async () => {
    const page = await tab();
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Ingreso clientes' }).waitFor();
    // the first Tab stop is the skip link; it takes the focus to the page's heading
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatch(/Saltar al contenido/);
    await page.keyboard.press('Enter');
    await focusSettlesOn(page, /^h1 .*Ingreso clientes/);

    await tabTo(page, page.getByLabel('Rut Empresa'));
    await page.keyboard.type(BUYER);
    await tabTo(page, page.getByLabel('Contraseña', { exact: true }));
    await page.keyboard.type('Demo1234');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/');
    await focusSettlesOn(page, /^h1 .*Home/); // after login

    await tabTo(page, page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Catálogo' }), true);
    await page.keyboard.press('Enter');
    await focusSettlesOn(page, /^h1 .*Catalogo/);
    await tabTo(page, page.getByRole('button', { name: 'POLERAS' }));
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('button', { name: 'Ver todo POLERAS' }));
    await page.keyboard.press('Enter');
    await focusSettlesOn(page, /^h1 .*Catalogo - Lista Productos/); // after 'Ver todo'

    await tabTo(page, page.getByRole('link', { name: /^Ver producto / }).first());
    await page.keyboard.press('Enter');
    await page.waitForURL('**/user/product-detail/**');
    await focusSettlesOn(page, /^h1 /);
    await tabTo(page, page.getByRole('table', { name: 'Tallas disponibles' }).locator('input:not([disabled])').first());
    await page.keyboard.type('1');
    await tabTo(page, page.getByRole('button', { name: 'Agregar al Carro' }));
    await page.keyboard.press('Enter');
    await page.getByText('Producto(s) agregados!!').first().waitFor();
    await focusSettlesOn(page, /Agregar al Carro/);

    // the cart drawer: opened from the top bar, closed with Escape back onto its button, opened again, 'Ver Carro'
    const cartButton = page.getByRole('button', { name: /^Carro de compras, [1-9]/ });
    await tabTo(page, cartButton, true);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: /^Carro/ }).waitFor();
    await focusSettlesOn(page, /./);
    await page.keyboard.press('Escape');
    await focusSettlesOn(page, /Carro de compras, /);
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('dialog', { name: /^Carro/ }).getByRole('link', { name: 'Ver Carro' }));
    await page.keyboard.press('Enter');
    await focusSettlesOn(page, /^h1 .*Carro/);

    await tabTo(page, page.getByRole('button', { name: 'Continuar la compra' }));
    await page.keyboard.press('Enter');
    await focusSettlesOn(page, /^h1 .*Finalizar compra/); // after 'Continuar la compra'

    await tabTo(page, page.getByRole('radio', { name: 'Despacho' }));
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('radio', { name: 'Retiro en tienda' }).isChecked()).toBe(true);
    await tabTo(page, page.getByRole('radio', { name: 'Transferencia bancaria (Khipu)' }));
    const credit = page.getByRole('radio', { name: 'Línea de crédito' });
    for (let i = 0; i < 5 && !(await credit.isChecked()); i++) await page.keyboard.press('ArrowDown');
    expect(await credit.isChecked()).toBe(true);
    await tabTo(page, page.getByRole('button', { name: 'Ir a Pagar' }));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
    await focusSettlesOn(page, /^h1 .*Home/); // after the purchase
  });

  it('dialogs give the focus back to what opened them; a confirmation starts on its safe choice', async () => {
    const page = await loggedIn(ADMIN, 'Admin1234');
    await page.setViewportSize(DESKTOP);
    await page.goto('/admin/user');
    const remove = page.getByRole('grid', { name: 'Usuarios' }).getByRole('button', { name: /^Eliminar / }).first();
    const name = await remove.getAttribute('aria-label');
    await remove.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /^Deseas eliminar el usuario/ });
    await dialog.waitFor();
    await focusSettlesOn(page, /^button .*No eliminar/);
    await page.keyboard.press('Escape');
    await focusSettlesOn(page, new RegExp(`^button .*${name}`));
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await focusSettlesOn(page, /^button .*No eliminar/);
    await page.keyboard.press('Enter'); // the safe choice
    await dialog.waitFor({ state: 'hidden' });
    await focusSettlesOn(page, new RegExp(`^button .*${name}`));
    await page.getByText('Usuario no eliminado').or(page.getByText(/no eliminado/i)).first().waitFor();

    const buyer = await loggedIn(BUYER, 'Demo1234');
    await buyer.setViewportSize(DESKTOP);
    await buyer.goto('/user/purchase-history');
    const eye = buyer.getByRole('button', { name: /^Ver detalle del pedido/ }).first();
    await eye.focus();
    await buyer.keyboard.press('Enter');
    await buyer.getByRole('dialog', { name: 'Detalle de Pedido' }).waitFor();
    await buyer.keyboard.press('Escape');
    await focusSettlesOn(buyer, /^button .*Ver detalle del pedido/);
  });
  /** Whether `locator` has the keyboard focus. */
  const hasFocus = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);
  /** Whether all of `locator` is within the window's height (seen without scrolling). */
  const inView = (locator: Locator) => locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });

  it('375 px, the cart: Enter again on plus steps again (the focus stays on it); a deleted line hands the focus on', async () => {
    const page = await tab();
    await page.setViewportSize(PHONE);
    await logIn(page, BUYER, 'Demo1234');
    await emptyCart(page);
    await addFromDetail(page, 'POL-1001', { S: 1, M: 1 });
    await page.goto('/user/cart-detail');
    await heading(page, 'Carro');
    const quantity = page.getByRole('spinbutton', { name: 'Cantidad Polera Básica Algodón Blanco talla S' });
    const plus = page.getByRole('button', { name: 'Sumar una unidad de Polera Básica Algodón Blanco talla S' });
    await plus.focus();
    for (const expected of ['2', '3']) {
      await page.keyboard.press('Enter');
      expect(await hasFocus(plus)).toBe(true); // held while it saves, not disabled: the focus stays
      await eventuallyTrue(async () => (await quantity.inputValue()) === expected && (await plus.getAttribute('aria-disabled')) === null);
      expect(await hasFocus(plus)).toBe(true);
    }
    // the trash of the first line: the next line's trash gets the focus, then the heading once the cart is empty
    await page.getByRole('button', { name: 'Eliminar Polera Básica Algodón Blanco talla S' }).focus();
    await page.keyboard.press('Enter');
    await focusSettlesOn(page, /^button Eliminar Polera Básica Algodón Blanco talla M/);
    await page.keyboard.press('Enter');
    await focusSettlesOn(page, /^h1 .*Carro/);
  });

  it('375 px, the order summary: a refused Ir a Pagar or Reservar brings the first field in error into view with the focus', async () => {
    const page = await tab();
    await page.setViewportSize(PHONE);
    await logIn(page, BUYER, 'Demo1234');
    await emptyCart(page);
    await addFromDetail(page, 'POL-1001', { S: 1 });
    const address = page.getByRole('combobox', { name: 'Dirección de despacho' });
    const error = page.getByText('Debe seleccionar una dirección o retiro en tienda');
    for (const [cartButton, submit] of [['Continuar la compra', 'Ir a Pagar'], ['Realizar Reserva', 'Reservar']]) {
      await page.goto('/user/cart-detail');
      await page.getByRole('button', { name: cartButton }).click();
      await page.waitForURL('**/user/sumary-order');
      const button = page.getByRole('button', { name: submit, exact: true });
      await eventuallyTrue(() => button.isEnabled());
      await button.focus(); // scrolls it into view: the address field is far above it on a phone
      expect(await inView(address)).toBe(false);
      await page.keyboard.press('Enter');
      await eventuallyTrue(() => hasFocus(address));
      await error.waitFor();
      // the field and its error are on screen, not ~1000 px above
      await eventuallyTrue(async () => (await inView(address)) && (await inView(error)));
    }
  });

  it("375 px, pending payments: 'ir a Pagar' puts the focus on the payment method; 'Volver' gives it back", async () => {
    const page = await loggedIn(BUYER, 'Demo1234');
    await page.setViewportSize(PHONE);
    await page.goto('/user/pending-payments');
    const invoice = page.getByRole('list', { name: 'Documentos pendientes de pago' }).getByRole('listitem').first();
    await invoice.getByRole('checkbox').check();
    const goToPay = page.getByRole('button', { name: 'ir a Pagar' });
    await goToPay.focus();
    await page.keyboard.press('Enter');
    await eventuallyTrue(() => hasFocus(page.getByRole('radiogroup', { name: 'Medio de pago' }).getByRole('radio', { checked: true })));
    await page.getByRole('button', { name: 'Volver' }).focus();
    await page.keyboard.press('Enter');
    await eventuallyTrue(() => hasFocus(goToPay));
  });

  it("a confirmed Eliminar of a notification recipient puts the focus on the page's heading at once", async () => {
    const page = await loggedIn(ADMIN, 'Admin1234');
    await page.setViewportSize(PHONE);
    type Recipient = { id: number; name: string; lastName: string; email: string; section: string };
    // the admin API with this tab's session, to put the deleted recipient back (other files need them)
    const api = <T,>(method: string, path: string, body?: object) =>
      page.evaluate(
        async ({ method, path, body }) => {
          const token = (sessionStorage.getItem('tokens') ?? '').replace(/^"|"$/g, '');
          const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
          const res = await fetch(path, { method, headers: { authorization: token, 'x-xsrf-token': xsrf, 'content-type': 'application/json' }, body: body && JSON.stringify(body) });
          if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}`);
          return res.json();
        },
        { method, path, body },
      ) as Promise<T>;
    await page.goto('/admin/email');
    const list = page.getByRole('list', { name: 'Notificaciones' });
    await list.getByRole('listitem').first().waitFor();
    const before = await api<Recipient[]>('GET', '/api/admin/admin-emails');
    try {
      await list.getByRole('button', { name: /^Eliminar / }).first().focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: /^Deseas eliminar/ });
      await dialog.getByRole('button', { name: 'Eliminar', exact: true }).click();
      await eventuallyTrue(async () => (await list.getByRole('listitem').count()) === before.length - 1);
      // the opener left with its card: the heading has the focus within a few frames, not 1.5 s later
      await page.waitForTimeout(150);
      expect(await focused(page)).toMatch(/^h1 /);
    } finally {
      const now = await api<Recipient[]>('GET', '/api/admin/admin-emails');
      for (const { name, lastName, email, section } of before.filter((r) => !now.some((n) => n.id === r.id))) {
        await api('POST', '/api/admin/admin-emails', { name, lastName, email, section });
      }
    }
  });
});
