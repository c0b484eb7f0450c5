import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launch, newPage } from './browser';
import { invoiceReceivedToday } from './erp';
import { eventually, incomingPayments, login, outboxMails, payWithApprovedVisa } from './journeys';

// 'Cuenta corriente' end to end, as the finance person of Importadora Aconcagua (76.345.678-1, C76345678) uses it: the
// header and the aging buckets, a ceded invoice that cannot be paid through the portal, and two invoices less the
// open credit note paid by card, which the ERP stand-in receives as ONE IncomingPayments with three PaymentInvoices.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const ACCOUNT = { rut: '76.345.678-1', cardCode: 'C76345678' };
const GRID = 'Documentos abiertos de la cuenta corriente';
const CEDED = /Cedida a Factoring Andes S\.A\. \(76\.?555\.?444-3\): pague directamente al cesionario/;

/** The grid's data rows (the header row left out). */
const dataRows = (page: Page) => page.getByRole('grid', { name: GRID }).getByRole('row').filter({ has: page.getByRole('gridcell') });

async function openAccount(page: Page) {
  await login(page, ACCOUNT.rut);
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Cuenta corriente' }).click();
  await page.waitForURL('**/user/account');
  await page.getByRole('heading', { level: 1, name: 'Cuenta corriente' }).waitFor();
  await dataRows(page).first().waitFor({ timeout: 20_000 });
}

/** A bucket chip's count, from its name ('31–60 días: 2 · $476.000'). */
async function chipCount(chip: Locator): Promise<number> {
  const name = (await chip.textContent()) ?? '';
  return Number(/: (\d+) ·/.exec(name)?.[1] ?? NaN);
}

/**
 * The claims recipient ('Reclamo Factura' in Correos de notificación): the one set, else one set now through the admin
 * API, as an admin would. Its e-mail.
 */
async function claimsRecipient(context: BrowserContext): Promise<string> {
  await context.request.get('/api/security/xsrf');
  const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const res = await context.request.post('/api/security/login', { headers: { 'x-xsrf-token': xsrf }, data: { username: '11.111.111-1', password: 'Admin1234' } });
  const { token } = (await res.json()) as { token: string };
  const headers = { authorization: token, 'x-xsrf-token': xsrf };
  const recipients = (await (await context.request.get('/api/admin/admin-emails', { headers })).json()) as { email: string; section: string }[];
  const set = recipients.find((r) => r.section === 'ACCOUNT_CLAIM');
  if (set) return set.email;
  const email = 'reclamos@textil-andino.test';
  const saved = await context.request.post('/api/admin/admin-emails', { headers, data: { name: 'Cobranzas', lastName: 'Reclamos', email, section: 'ACCOUNT_CLAIM' } });
  expect([saved.status(), await saved.text()]).toEqual([200, expect.anything()]);
  return email;
}

/** A one-page PDF: the server checks a claim file by its content. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

interface PaymentInvoiceLine {
  DocEntry: number;
  SumApplied: number;
  InvoiceType: string;
}

describe('cuenta corriente', () => {
  jest.setTimeout(120_000);

  it('the header figures and the aging buckets; a bucket chip shows that bucket only', async () => {
    const { context, page } = await newPage(browser);
    await openAccount(page);
    const header = page.getByRole('region', { name: 'Resumen de la cuenta' });
    for (const label of ['Saldo', 'Vencido', 'Por vencer', 'Cupo', 'Disponible']) {
      expect(await header.locator('dt', { hasText: new RegExp(`^${label}$`) }).count()).toBe(1);
    }
    expect(await header.locator('dd').first().textContent()).toMatch(/^\$[\d.]+$/);
    const chips = header.getByRole('group', { name: 'Antigüedad de la deuda' }).getByRole('button');
    expect(await chips.count()).toBe(5);
    const overdue = chips.filter({ hasText: /^Más de 90 días:/ });
    const count = await chipCount(overdue);
    expect(count).toBeGreaterThan(0);
    await overdue.click();
    expect(await overdue.getAttribute('aria-pressed')).toBe('true');
    await eventually(() => dataRows(page).count(), count, 15_000);
    await context.close();
  });

  it('a ceded invoice cannot be selected and says to pay the cesionario', async () => {
    const { context, page } = await newPage(browser);
    await openAccount(page);
    const ceded = dataRows(page).filter({ hasText: CEDED });
    expect(await ceded.count()).toBe(1);
    expect(await ceded.getByRole('checkbox').isDisabled()).toBe(true);
    expect(await ceded.getByText('Cedida', { exact: true }).count()).toBe(1);
    await context.close();
  });

  it('pays two invoices less the open credit note by card: ONE payment in the ERP with three PaymentInvoices lines', async () => {
    const { context, page } = await newPage(browser);
    await openAccount(page);
    const before = (await incomingPayments(ACCOUNT.cardCode)).length;
    // the documents not yet due: none is split in installments, so each is one line of the payment
    const notDue = page.getByRole('region', { name: 'Resumen de la cuenta' }).getByRole('button', { name: /^Por vencer:/ });
    const count = await chipCount(notDue);
    await notDue.click();
    // the bucket lists what is owed, as many rows as its chip counts (a credit note to apply is in no bucket)
    await eventually(() => dataRows(page).count(), count, 15_000);

    const invoices = dataRows(page)
      .filter({ hasText: 'Factura electrónica (33)' })
      .filter({ hasNotText: CEDED })
      .filter({ has: page.getByRole('checkbox', { disabled: false }) });
    expect(await invoices.count()).toBeGreaterThanOrEqual(2);
    const folioOf = async (row: Locator) => /N° (\d+)/.exec((await row.getByRole('gridcell').nth(1).textContent()) ?? '')?.[1] ?? '';
    const folios = [await folioOf(invoices.nth(0)), await folioOf(invoices.nth(1))];
    const rowOfFolio = (folio: string) => dataRows(page).filter({ has: page.getByRole('gridcell', { name: new RegExp(`N° ${folio}$`) }) });
    for (const folio of folios) expect(await rowOfFolio(folio).count()).toBe(1);
    await invoices.nth(0).getByRole('checkbox').check();
    await invoices.nth(1).getByRole('checkbox').check();
    // the chip pressed again shows every open item; what was ticked stays ticked
    await notDue.click();
    expect(await notDue.getAttribute('aria-pressed')).toBe('false');
    const credit = dataRows(page).filter({ hasText: 'Nota de crédito electrónica (61)' }).first();
    await credit.waitFor({ timeout: 15_000 });
    for (const folio of folios) expect(await rowOfFolio(folio).getByRole('checkbox').isChecked()).toBe(true);
    await credit.getByRole('checkbox').check();

    // the server prices the selection: three lines, the credit note as a deduction
    const pay = page.getByRole('region', { name: 'Pagar documentos seleccionados' });
    const lines = pay.getByRole('table', { name: 'Detalle del pago' });
    await eventually(() => lines.locator('tbody tr').count(), 3, 15_000);
    expect(await lines.getByText('Nota de crédito aplicada').count()).toBe(1);
    const total = ((await pay.getByRole('status', { name: 'Total a pagar' }).textContent()) ?? '').trim();
    expect(total).toMatch(/^\$[\d.]+$/);

    await pay.getByRole('radio', { name: /Tarjeta/ }).check();
    await pay.getByRole('button', { name: 'Pagar', exact: true }).click();
    await payWithApprovedVisa(page);
    await page.getByText('Pago de facturas realizado!!').first().waitFor({ timeout: 20_000 });

    await eventually(async () => (await incomingPayments(ACCOUNT.cardCode)).length, before + 1, 20_000);
    const payment = (await incomingPayments(ACCOUNT.cardCode)).at(-1)!;
    const paid = payment.PaymentInvoices as unknown as PaymentInvoiceLine[];
    expect(paid).toHaveLength(3);
    expect(paid.map((line) => line.InvoiceType).sort()).toEqual(['it_CredItnote', 'it_Invoice', 'it_Invoice']);
    // what the card charged is what the screen said
    const charged = paid.reduce((sum, line) => sum + (line.InvoiceType === 'it_CredItnote' ? -Math.abs(line.SumApplied) : line.SumApplied), 0);
    expect(`$${charged.toLocaleString('es-CL')}`).toBe(total);

    // back on the account, the two invoices paid are no longer open, or wait for the ERP as 'Pago en proceso' (the
    // server keeps the ERP's open documents a few seconds: the page is read again until it shows the payment)
    const settled = async () => {
      await page.goto('/user/account');
      await dataRows(page).first().waitFor({ timeout: 20_000 });
      for (const folio of folios) {
        const row = rowOfFolio(folio);
        if ((await row.count()) > 0 && (await row.getByText('Pago en proceso').count()) === 0) return false;
      }
      return true;
    };
    await eventually(settled, true, 20_000);
    await context.close();
  });

  it('claims an invoice inside its 8-day window: the SII notice, a file, the row En reclamo, the mail to the claims recipient', async () => {
    const { context, page } = await newPage(browser);
    const recipient = await claimsRecipient(context);
    // an invoice of its own, received today: the demo's claimable invoice stays for the other browser tests
    const folio = String(await invoiceReceivedToday(ACCOUNT.cardCode));
    await openAccount(page);
    await page.getByRole('searchbox', { name: 'Buscar por folio' }).fill(folio);
    const claimButton = page.getByRole('grid', { name: GRID }).getByRole('button', { name: `Reclamar Factura electrónica N° ${folio}` });
    await claimButton.waitFor({ timeout: 15_000 });
    await claimButton.click();
    const dialog = page.getByRole('dialog', { name: `Reclamar Factura electrónica N° ${folio}` });
    await dialog.waitFor();
    expect(await dialog.getByRole('link', { name: 'Registrar el reclamo en el SII' }).getAttribute('href')).toBe('https://www.sii.cl');
    expect(await dialog.getByText(/Quedan \d+ días para reclamar|Hoy es el último día para reclamar/).count()).toBe(1);
    await dialog.getByRole('radio', { name: 'Falta parcial de mercaderías' }).check();
    await dialog.getByRole('textbox', { name: 'Detalle del reclamo' }).fill('Faltan 12 poleras en la caja 3 del despacho');
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'guia-firmada.pdf', mimeType: 'application/pdf', buffer: PDF });
    await dialog.getByText('guia-firmada.pdf').waitFor();
    await dialog.getByRole('button', { name: 'Enviar reclamo' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 15_000 });
    await page.getByText(`Reclamo de la factura ${folio} registrado.`, { exact: false }).first().waitFor();

    const row = dataRows(page).filter({ has: page.getByRole('gridcell', { name: new RegExp(`N° ${folio}$`) }) });
    await row.getByText('En reclamo', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: /^Reclamar/ }).count()).toBe(0);
    await eventually(() => Promise.resolve(outboxMails().some((mail) => mail.text.includes(recipient) && mail.text.includes(folio))), true, 15_000);
    await context.close();
  });
});
