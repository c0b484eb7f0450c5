import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, launch } from './browser';
import { addFromDetail, chooseDispatch, login, toSummary } from './journeys';

// The built SPA under its Content-Security-Policy (docs/security.md): every main screen, as a buyer and as an admin,
// without a single `securitypolicyviolation` event or CSP error in the console, and the card payment's form POST to
// WebPay (the stand-in) allowed by form-action.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** Their own address (X-Forwarded-For, trusted from loopback): these logins count against nobody else's limit. */
const ADDRESS = { 'x-forwarded-for': '203.0.113.61' };

interface Violation {
  page: string;
  directive: string;
  blocked: string;
  sample?: string;
}

interface Watched {
  context: BrowserContext;
  page: Page;
  /** Violations and console CSP errors on the portal's own pages (the payment providers' pages are not ours). */
  violations: Violation[];
}

async function watchedPage(): Promise<Watched> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1280, height: 800 }, locale: 'es-CL', extraHTTPHeaders: ADDRESS });
  const violations: Violation[] = [];
  const ours = (url: string) => url.startsWith(baseUrl());
  await context.exposeBinding('__cspViolation', ({ frame }, v: Omit<Violation, 'page'>) => {
    if (ours(frame.url())) violations.push({ page: frame.url(), ...v });
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation: (v: object) => void }).__cspViolation({
        directive: e.violatedDirective,
        blocked: e.blockedURI,
        sample: e.sample,
      });
    });
  });
  const page = await context.newPage();
  page.on('console', (msg) => {
    const text = msg.text();
    if (ours(page.url()) && /Content Security Policy|Content-Security-Policy/i.test(text)) violations.push({ page: page.url(), directive: 'console', blocked: text });
  });
  return { context, page, violations };
}

/** Visits a screen and waits for it to settle (its lazy chunk, its data, its images). */
async function visit(w: Watched, path: string, ready?: (page: Page) => Promise<unknown>) {
  await w.page.goto(path);
  if (ready) await ready(w.page);
  await w.page.waitForLoadState('networkidle');
}

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name }).first().waitFor();

describe('Content-Security-Policy of the built SPA', () => {
  it('sends the policy with the SPA', async () => {
    const res = await fetch(`${baseUrl()}/login`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('the watcher sees a violation: an inline script is refused and reported', async () => {
    const w = await watchedPage();
    await visit(w, '/login', (p) => p.getByRole('button', { name: 'Acceder' }).waitFor());
    const ran = await w.page.evaluate(async () => {
      const flag = window as unknown as { inlineRan?: boolean };
      const script = document.createElement('script');
      script.textContent = 'window.inlineRan = true';
      document.body.appendChild(script);
      await new Promise((r) => setTimeout(r, 200));
      return flag.inlineRan === true;
    });
    expect(ran).toBe(false);
    for (let i = 0; i < 20 && w.violations.length === 0; i++) await w.page.waitForTimeout(100);
    expect(w.violations.some((v) => v.directive.startsWith('script-src'))).toBe(true);
    await w.context.close();
  });

  it('public screens: login, change password, customer request, session expired', async () => {
    const w = await watchedPage();
    await visit(w, '/login', (p) => p.getByRole('button', { name: 'Acceder' }).waitFor());
    await visit(w, '/change-password', (p) => p.getByRole('button').first().waitFor());
    await visit(w, '/user/user-creation-req', (p) => p.getByRole('button').first().waitFor());
    await visit(w, '/session-expired', (p) => p.getByRole('button').or(p.getByRole('link')).first().waitFor());
    expect(w.violations).toEqual([]);
    await w.context.close();
  });

  it('buyer: home, catalogue, product detail, search, cart, order summary, payment page and WebPay form, profile, account', async () => {
    const w = await watchedPage();
    await login(w.page, '77.345.678-K');
    await w.page.waitForLoadState('networkidle');
    await visit(w, '/user/catalog', (p) => p.getByRole('main').waitFor());
    await visit(w, '/user/product-detail/POL-1001', (p) => p.getByRole('button', { name: 'Agregar al Carro' }).waitFor());
    await visit(w, '/user/search-product?text=polera', (p) => p.getByRole('main').waitFor());
    await visit(w, '/profile', (p) => p.getByRole('main').waitFor());
    await visit(w, '/user/pending-payments', (p) => p.getByRole('main').waitFor());
    await visit(w, '/user/purchase-history', (p) => p.getByRole('main').waitFor());

    await addFromDetail(w.page, 'POL-1001', { S: 1 });
    await visit(w, '/user/cart-detail', (p) => p.getByRole('button', { name: 'Continuar la compra' }).waitFor());
    await toSummary(w.page);
    await w.page.waitForLoadState('networkidle');
    await chooseDispatch(w.page);
    await w.page.getByRole('radio', { name: 'WebPay Plus' }).check();
    // /payment posts token_ws to WebPay: form-action lets it through
    await w.page.getByRole('button', { name: 'Ir a Pagar' }).click();
    await w.page
      .getByRole('heading', { name: 'Webpay Plus (simulador de integración)' })
      .waitFor({ timeout: 20_000 })
      .catch((e: unknown) => {
        // a form-action refusal leaves the browser on /payment with a violation: say so
        throw new Error(`${String(e)}\nen ${w.page.url()}, violaciones de CSP: ${JSON.stringify(w.violations)}`);
      });
    await w.page.getByLabel('VISA crédito 4051 8856 0044 6623 (aprobada)').check();
    await w.page.getByRole('button', { name: 'Pagar', exact: true }).click();
    await w.page.waitForURL('**/payment-verification**');
    await w.page.getByText('Gracias por Comprar!!').first().waitFor({ timeout: 20_000 });
    await w.page.waitForLoadState('networkidle');
    expect(w.violations).toEqual([]);
    await w.context.close();
  });

  it('admin: products, product update, users, user form, mail recipients, banners, banner form', async () => {
    const w = await watchedPage();
    await login(w.page, '22.222.222-2', 'Admin1234');
    await w.page.waitForLoadState('networkidle');
    await visit(w, '/admin/product', heading('Administración Productos'));
    await w.page.getByLabel('Buscar por Sku').fill('POL-1001');
    await w.page.getByRole('grid', { name: 'Productos' }).getByRole('button', { name: 'Editar POL-1001' }).click();
    await w.page.waitForURL('**/admin/product/update/**');
    await heading('Actualizar Producto')(w.page);
    await w.page.waitForLoadState('networkidle');
    await visit(w, '/admin/user', (p) => p.getByRole('main').waitFor());
    await visit(w, '/admin/user/add', (p) => p.getByRole('main').waitFor());
    await visit(w, '/admin/email', (p) => p.getByRole('main').waitFor());
    await visit(w, '/admin/email-add', (p) => p.getByRole('main').waitFor());
    await visit(w, '/admin/banner', (p) => p.getByRole('main').waitFor());
    await visit(w, '/admin/banner-add', (p) => p.getByRole('main').waitFor());
    expect(w.violations).toEqual([]);
    await w.context.close();
  });
});
