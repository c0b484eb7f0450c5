import type { Browser, Page, Request } from 'playwright-core';
import { baseUrl, launch, newPage } from './browser';
import { chooseDispatch, eventually, login } from './journeys';

// What a buyer reads and pays (R-A11Y-1, buyer clarity), in one journey of the Gold buyer 76.123.456-0 (6 %): the
// product page shows the price the cart charges; 'Agregar al Carro' clears the quantities and its success closes an
// older error toast; the order summary keeps its choices across a reload; with the ERP down (the B1 stand-in's fault
// switch) the summary says so plainly in one alert with a retry, and a 503 at 'Ir a Pagar' says whether the order
// exists; then, at 375 px, the home banner whole and primary buttons at least 44 px tall.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const BUYER = '76.123.456-0';
const STYLE = 'CAL-7002';

/** The stand-ins' fault switches (docs/fault-switches.md): a change, or back to normal. */
async function faults(standIn: 'b1' | 'webpay', change?: object) {
  const res = await fetch(`${baseUrl()}/api/dev/faults/${standIn}`, change ? { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(change) } : { method: 'DELETE' });
  if (!res.ok) throw new Error(`faults ${standIn}: ${res.status} ${await res.text()}`);
}
afterEach(async () => {
  await faults('b1');
  await faults('webpay');
});

/** Empties the buyer's server cart (what other journeys left in it) with the page's own session. */
async function clearCart(page: Page) {
  const status = await page.evaluate(async () => {
    await fetch('/api/security/xsrf');
    const xsrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.split('=')[1] ?? '');
    const res = await fetch(`/api/user/cart/clear-cart/${sessionStorage.getItem('idUser')}`, {
      method: 'DELETE',
      headers: { Authorization: sessionStorage.getItem('tokens') ?? '', 'X-XSRF-TOKEN': xsrf },
    });
    return res.status;
  });
  expect(status).toBeLessThan(300);
}

const pesos = (text: string | null) => Number((/\$([\d.]+)/.exec(text ?? '')?.[1] ?? 'NaN').replace(/\./g, ''));
/** The percent of a badge ('-20%'), 0 when the page has none. */
async function percent(page: Page, label: RegExp): Promise<number> {
  const badge = page.getByLabel(label);
  if ((await badge.count()) === 0) return 0;
  return Number(/(\d+)%/.exec((await badge.textContent()) ?? '')?.[1] ?? 0);
}

const isOrderCreate = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/orders';
/** The order summary's one alert (toasts are outside its region). */
const summaryAlert = (page: Page) => page.getByRole('region', { name: 'Finalizar compra' }).getByRole('alert');

describe('buyer clarity', () => {
  it('the price the cart charges, cleared quantities, choices kept across a reload, the ERP down and a 503 at Ir a Pagar said plainly', async () => {
    const { context, page } = await newPage(browser);
    await login(page, BUYER);
    await clearCart(page);

    // the price the buyer pays: list price less the offer, then less the loyalty discount (the cart's own rule)
    await page.goto(`/user/product-detail/${STYLE}`);
    const pays = page.getByText('Tu precio distribuidor').locator('..');
    await pays.waitFor();
    const list = pesos(await page.locator('span', { hasText: /^Precio lista$/ }).locator('..').textContent());
    const offer = await percent(page, /^Oferta \d+%$/);
    const loyalty = await percent(page, /^Descuento fidelización \d+%$/);
    expect(loyalty).toBe(6);
    const unit = pesos(await pays.textContent());
    expect(unit).toBe(Math.round((list * (100 - offer) * (100 - loyalty)) / 10_000));
    if (offer > 0) expect(unit).not.toBe(Math.round((list * (100 - loyalty)) / 100)); // not the loyalty-only price

    // 'Agregar al Carro': the success closes the older error toast, the quantities are cleared, a second click adds nothing
    await page.getByLabel('Cantidad talla L').fill('-1');
    await page.getByText('Un producto es menor a cero').first().waitFor();
    await page.getByLabel('Cantidad talla S').fill('2');
    await page.getByRole('button', { name: 'Agregar al Carro' }).click();
    await page.getByText('Producto(s) agregados!!').first().waitFor();
    await eventually(() => page.getByText('Un producto es menor a cero').count(), 0);
    expect(await page.getByLabel('Cantidad talla S').inputValue()).toBe('');
    await page.getByRole('button', { name: 'Agregar al Carro' }).click();
    await page.getByText('No hay productos seleccionado').first().waitFor();

    // the cart charges that price for the unit (P. Distrib.), for the 2 units added once
    await page.goto('/user/cart-detail');
    const line = page.getByRole('listitem', { name: new RegExp(`talla S$`) });
    await line.waitFor();
    expect(pesos(await line.locator('dt', { hasText: /^P\. Distrib\.$/ }).locator('xpath=following-sibling::dd[1]').textContent())).toBe(unit);
    expect(await line.getByRole('spinbutton').inputValue()).toBe('2');

    // the order summary keeps address, transport and payment method across a reload, and no amount
    await page.getByRole('button', { name: 'Continuar la compra' }).click();
    await page.waitForURL('**/user/sumary-order');
    await chooseDispatch(page);
    await page.getByRole('radio', { name: 'WebPay Plus' }).check();
    const address = (await page.getByRole('combobox', { name: 'Dirección de despacho' }).textContent())?.trim();
    await page.reload();
    const payButton = page.getByRole('button', { name: 'Ir a Pagar' });
    await eventually(() => payButton.isEnabled(), true);
    expect((await page.getByRole('combobox', { name: 'Dirección de despacho' }).textContent())?.trim()).toBe(address);
    expect((await page.getByRole('combobox', { name: 'Transporte' }).textContent())?.trim()).toBe('Starken');
    expect(await page.getByRole('radio', { name: 'WebPay Plus' }).isChecked()).toBe(true);
    const total = pesos(await page.getByRole('row', { name: /^Total/ }).textContent());
    expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage }))).not.toContain(String(total));

    // the ERP down at opening: one alert, plain words, a retry; nothing lost
    await faults('b1', { refuse: true, for: '1m' });
    await page.reload();
    const alert = summaryAlert(page);
    await alert.waitFor();
    expect(await alert.textContent()).toContain('el ERP, nuestro sistema de stock y precios, no responde en este momento. No se perdió nada');
    expect(await alert.count()).toBe(1);
    expect(await page.getByText('El ERP no está disponible').count()).toBe(0);
    await faults('b1');
    await alert.getByRole('button', { name: 'Reintentar' }).click();
    await eventually(() => payButton.isEnabled(), true);
    expect(await alert.count()).toBe(0);
    expect((await page.getByRole('combobox', { name: 'Transporte' }).textContent())?.trim()).toBe('Starken');

    // a 503 at 'Ir a Pagar' with the ERP down: no order, said so
    const creates: { key?: string; status?: number; body?: { purchaseOrderNumber?: string; order?: { created: boolean } } }[] = [];
    page.on('response', async (response) => {
      if (!isOrderCreate(response.request())) return;
      creates.push({ key: response.request().headers()['idempotency-key'], status: response.status(), body: await response.json().catch(() => undefined) });
    });
    await faults('b1', { refuse: true, for: '1m' });
    await payButton.click();
    await alert.waitFor();
    await eventually(async () => (await alert.textContent())?.startsWith('No se creó tu pedido'), true);
    expect(creates).toEqual([expect.objectContaining({ status: 503, body: expect.objectContaining({ order: { created: false } }) })]);
    // the alert is far from the button: it takes the focus (no toast repeats it)
    expect(await alert.evaluate((el) => el === document.activeElement)).toBe(true);
    await faults('b1');

    // WebPay down: the retry (same Idempotency-Key) makes the order; its payment cannot start: the order exists, unpaid
    await faults('webpay', { refuse: true, for: '1m' });
    await alert.getByRole('button', { name: 'Reintentar' }).click();
    await eventually(async () => /quedó creado y pendiente de pago/.test((await alert.textContent()) ?? ''), true, 15_000);
    const made = creates.find((c) => c.status === 201);
    expect(made?.key).toBe(creates[0]!.key);
    const number = made!.body!.purchaseOrderNumber!;
    expect(await alert.textContent()).toContain(`Tu pedido ${number} quedó creado y pendiente de pago`);
    await faults('webpay');

    // its retry pays that same order: no second order
    await alert.getByRole('button', { name: 'Reintentar' }).click();
    await page.getByRole('heading', { name: 'Webpay Plus (simulador de integración)' }).waitFor({ timeout: 20_000 });
    expect(creates.filter((c) => c.status === 201)).toHaveLength(1);
    await context.close();
  }, 90_000);

  it('at 375 px: the home banner whole with its controls under it; primary actions at least 44 px tall', async () => {
    const { context, page } = await newPage(browser, { width: 375, height: 800 });
    await login(page, BUYER);
    const first = page.getByRole('img', { name: /^Banner 1 de/ });
    await eventually(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), true);
    const box = await first.evaluate((img: HTMLImageElement) => {
      const frame = img.closest('[data-banner-frame]')!.getBoundingClientRect();
      const controls = document.querySelector('[data-banner-controls]')!.getBoundingClientRect();
      return { natural: img.naturalWidth / img.naturalHeight, frame: { left: frame.left, right: frame.right, ratio: frame.width / frame.height, bottom: frame.bottom }, controlsTop: controls.top };
    });
    // the frame has the banner's proportions (contain: nothing cropped), fits the screen, and the controls are below it
    expect(Math.abs(box.frame.ratio - box.natural) / box.natural).toBeLessThan(0.02);
    expect(box.frame.left).toBeGreaterThanOrEqual(0);
    expect(box.frame.right).toBeLessThanOrEqual(375);
    expect(box.controlsTop).toBeGreaterThanOrEqual(box.frame.bottom);

    await page.goto(`/user/product-detail/${STYLE}`);
    const add = page.getByRole('button', { name: 'Agregar al Carro' });
    await add.waitFor();
    expect((await add.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await page.goto('/user/sumary-order');
    const pay = page.getByRole('button', { name: 'Ir a Pagar' });
    await pay.waitFor();
    expect((await pay.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await context.close();
  });
});
