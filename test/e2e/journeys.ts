// Steps the buyer journeys share: log in, add sizes from a product detail, reach the order summary, read the ERP.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { erpGet, type ErpOrder } from './erp';

/** Logs in from /login and waits for the landing page: '/' for a buyer, 'Mis clientes' for a sales rep. */
export async function login(page: Page, rut: string, password = 'Demo1234', landing = '/') {
  // a page sent to /login a moment ago may still be loading it: navigating again would abort that load
  if (new URL(page.url()).pathname !== '/login') await page.goto('/login');
  await page.getByRole('button', { name: 'Acceder' }).waitFor();
  await page.getByLabel('Rut Empresa').fill(rut);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Acceder' }).click();
  await page.waitForURL((url) => url.pathname === landing);
}

/** A sales rep's login: they land on 'Mis clientes'. */
export const loginRep = (page: Page, rut: string) => login(page, rut, 'Demo1234', '/rep/customers');

/** Empties the buyer's cart through the API, as 'Vaciar' would (the tab's session token and anti-forgery cookie). */
export async function emptyCart(page: Page) {
  await page.evaluate(async () => {
    const token = sessionStorage.getItem('tokens') ?? '';
    const id = sessionStorage.getItem('id') ?? sessionStorage.getItem('idUser') ?? '';
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '';
    const res = await fetch(`/api/user/cart/clear-cart/${id}`, { method: 'DELETE', headers: { authorization: token.replace(/^"|"$/g, ''), 'x-xsrf-token': decodeURIComponent(xsrf) } });
    if (!res.ok) throw new Error(`clear-cart answered ${res.status}`);
  });
}

/** Adds sizes of a style from its product detail: {S: 2, M: 3}. */
export async function addFromDetail(page: Page, sku: string, sizes: Record<string, number>) {
  await page.goto(`/user/product-detail/${sku}`);
  for (const [size, quantity] of Object.entries(sizes)) await page.getByLabel(`Cantidad talla ${size}`).fill(String(quantity));
  await page.getByRole('button', { name: 'Agregar al Carro' }).click();
  await page.getByText('Producto(s) agregados!!').first().waitFor();
}

export const cartBadge = (page: Page) => page.getByRole('button', { name: 'Carro de compras' });

/** From the cart detail to the order summary ('Continuar la compra'). */
export async function toSummary(page: Page) {
  await page.goto('/user/cart-detail');
  await page.getByRole('button', { name: 'Continuar la compra' }).click();
  await page.waitForURL('**/user/sumary-order');
}

export async function chooseDispatch(page: Page) {
  await page.getByRole('combobox', { name: 'Dirección de despacho' }).click();
  await page.getByRole('option').first().click();
  await page.getByRole('combobox', { name: 'Transporte' }).click();
  await page.getByRole('option', { name: 'Starken' }).click();
}

/** The customer's ERP sales orders that the portal created (NumAtCard OC…/RE…). */
export async function portalOrders(cardCode: string, prefix: 'OC' | 'RE'): Promise<ErpOrder[]> {
  const filter = encodeURIComponent(`CardCode eq '${cardCode}'`);
  const all = (await erpGet<{ value: ErpOrder[] }>(`Orders?$filter=${filter}`)).value;
  return all.filter((o) => o.NumAtCard?.startsWith(prefix));
}

export interface ErpIncomingPayment {
  DocEntry: number;
  CardCode: string;
  CounterReference: string | null;
  PaymentInvoices: { DocEntry: number; SumApplied: number }[];
  PaymentCreditCards: { CreditCard: number; PaymentMethodCode: number | null; CreditSum: number }[];
}

export async function incomingPayments(cardCode: string): Promise<ErpIncomingPayment[]> {
  const filter = encodeURIComponent(`CardCode eq '${cardCode}'`);
  return (await erpGet<{ value: ErpIncomingPayment[] }>(`IncomingPayments?$filter=${filter}`)).value;
}

export function outboxMails(): { name: string; text: string }[] {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  try {
    return readdirSync(dir).map((name) => ({ name, text: readFileSync(path.join(dir, name), 'utf8') }));
  } catch {
    return [];
  }
}

/** Waits until `read` gives `expected` (the UI and the ERP update after round trips). */
export async function eventually<T>(read: () => Promise<T>, expected: T, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  let last: T | undefined;
  while (Date.now() < until) {
    last = await read();
    if (JSON.stringify(last) === JSON.stringify(expected)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  expect(last).toEqual(expected);
}

export const expectText = (locator: Locator, text: string) => eventually(async () => (await locator.textContent())?.trim(), text);
export const expectValue = (locator: Locator, value: string) => eventually(() => locator.inputValue(), value);

/** The rows of 'Pagos Pendientes' that are invoices (a checkbox each; not the header row). */
export const pendingInvoiceRows = (page: Page) => page.getByRole('row').filter({ has: page.getByRole('checkbox') }).filter({ hasNotText: 'Folio' });

/** On the WebPay stand-in's form: pays with the VISA card it approves, back to the portal's verification page. */
export async function payWithApprovedVisa(page: Page) {
  await page.getByRole('heading', { name: 'Webpay Plus (simulador de integración)' }).waitFor({ timeout: 20_000 });
  await page.getByLabel('VISA crédito 4051 8856 0044 6623 (aprobada)').check();
  await page.getByRole('button', { name: 'Pagar', exact: true }).click();
  await page.waitForURL('**/payment-verification**');
}

/** The options of an MUI select, read from its open list and closed again. */
export async function selectOptions(page: Page, combobox: Locator): Promise<string[]> {
  await combobox.click();
  const listbox = page.getByRole('listbox');
  await listbox.waitFor();
  const options = (await listbox.getByRole('option').allTextContents()).map((t) => t.trim());
  await page.keyboard.press('Escape');
  await listbox.waitFor({ state: 'hidden' });
  return options;
}

/** Chooses an option of an MUI select by its exact text. */
export async function choose(page: Page, combobox: Locator, option: string) {
  await combobox.click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
}
