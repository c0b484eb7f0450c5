import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { seriousFindings, settle } from './a11y';
import { launch, newPage } from './browser';
import { erpGet, erpPatch } from './erp';
import { eventually, login, outboxMails } from './journeys';

// 'Avísame cuando llegue' (docs/stock-alerts.md) in Chromium on a phone (375 px), against the portal and the B1
// stand-in: the buyer 76.123.456-0 subscribes to POL-1001-XL (0 on hand, nothing coming) and CHA-3003-XS (0 on hand,
// 60 arriving) from their product details; the wholesaler's warehouse receives XL in SAP; the watcher (every 2 s here)
// mails the buyer exactly once; the profile lists the alerts and removes one after a confirmation; the mail's link is
// opened (it only asks) and its button removes the other.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});

const BUYER = '76.123.456-0';
const SHOTS = process.env.E2E_SHOTS_DIR ?? path.resolve(__dirname, '../../.tmp');
const XL = 'POL-1001-XL';

interface ErpItem {
  ItemWarehouseInfoCollection: { WarehouseCode: string; InStock: number; Committed: number }[];
}

/** The stock of XL in every warehouse, as the wholesaler's staff would enter a count in SAP. */
async function setStock(units: number) {
  const item = await erpGet<ErpItem>(`Items('${XL}')`);
  await erpPatch(`Items('${XL}')`, { ItemWarehouseInfoCollection: item.ItemWarehouseInfoCollection.map((w) => ({ WarehouseCode: w.WarehouseCode, InStock: units + w.Committed })) });
}

afterAll(async () => {
  // the other browser tests find XL sold out as the demo has it
  await setStock(0).catch(() => undefined);
  await browser?.close();
});

const stockMails = () => outboxMails().filter((m) => m.name.includes('STOCK_BACK'));

describe('Avísame cuando llegue', () => {
  it('subscribes at 375 px, the ERP restocks, exactly one mail arrives; the profile removes one alert, the mail\'s link the other', async () => {
    const { context, page } = await newPage(browser, { width: 375, height: 800 });
    await login(page, BUYER);
    expect(stockMails()).toEqual([]);

    // POL-1001: XL is sold out, with nothing coming
    await page.goto('/user/product-detail/POL-1001');
    const sizes = page.getByRole('table', { name: 'Tallas disponibles' });
    const xl = sizes.getByRole('row').filter({ has: page.getByRole('cell', { name: 'XL', exact: true }) });
    const m = sizes.getByRole('row').filter({ has: page.getByRole('cell', { name: 'M', exact: true }) });
    await expect(m.getByRole('button', { name: /^Avísame cuando llegue/ }).count()).resolves.toBe(0);
    const button = xl.getByRole('button', { name: /^Avísame cuando llegue la talla XL de / });
    await button.focus();
    const posted = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/user/stock-alerts');
    await page.keyboard.press('Enter');
    expect((await posted).postDataJSON()).toEqual({ sku: XL });
    await xl.getByText('Te avisaremos').waitFor();
    await page.getByText('Te avisaremos por correo cuando la talla XL vuelva a tener stock').first().waitFor();
    // nothing wider than the phone
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(375);
    await settle(page);
    expect(await seriousFindings(page)).toEqual([]);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'avisame-cuando-llegue-375.png'), fullPage: true });

    // CHA-3003: XS is sold out, 60 arriving
    await page.goto('/user/product-detail/CHA-3003');
    const xs = page.getByRole('table', { name: 'Tallas disponibles' }).getByRole('row').filter({ has: page.getByRole('cell', { name: 'XS', exact: true }) });
    await xs.getByRole('button', { name: /^Avísame cuando llegue la talla XS de / }).click();
    await xs.getByText('Te avisaremos').waitFor();

    // the profile lists both, newest first
    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'Avisos de stock' });
    const rows = section.getByRole('listitem');
    await eventually(() => rows.count(), 2);
    await expect(rows.nth(0).textContent()).resolves.toMatch(/talla XS|Talla XS/);
    await expect(rows.nth(1).textContent()).resolves.toMatch(/Talla XL.*Esperando stock/);
    await settle(page);
    expect(await seriousFindings(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'avisos-de-stock-375.png'), fullPage: true });

    // 'Quitar' asks first; confirmed, the XS alert goes
    await rows.nth(0).getByRole('button', { name: /^Quitar el aviso de .* talla XS$/ }).click();
    const dialog = page.getByRole('dialog', { name: /^¿Quitar el aviso de .* talla XS\?$/ });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Quitar' }).click();
    await eventually(() => rows.count(), 1);
    await expect(rows.nth(0).textContent()).resolves.toMatch(/Talla XL/);

    // the warehouse receives 30 XL in SAP: the watcher mails once, and only once
    await setStock(30);
    await eventually(async () => stockMails().length, 1, 20_000);
    const text = stockMails()[0]!.text.replace(/=\r?\n/g, '');
    expect(text).toContain('/user/product-detail/POL-1001');
    expect(text).toContain('/api/public/stock-alerts/unsubscribe?token=');
    expect(text).not.toContain('CHA-3003');
    await new Promise((r) => setTimeout(r, 5_000)); // two more passes
    expect(stockMails()).toHaveLength(1);
    await page.reload();
    await eventually(async () => (await rows.nth(0).textContent())?.includes('Avisado el') ?? false, true);
    await expect(rows.nth(0).textContent()).resolves.toContain('seguimos atentos si se agota');

    // the mail's link, followed as a person would: opening it (as a mail scanner would too) only asks
    // (the message as sent: its parts may be quoted-printable, where '=' is written '=3D')
    const link = new URL(/(https?:\/\/\S+\/api\/public\/stock-alerts\/unsubscribe\?token=[\w-]+)/.exec(text.replace(/=3D/g, '='))![1]!);
    expect(link.searchParams.get('token')).toMatch(/^[\w-]{22}$/);
    const mailbox = await context.newPage();
    await mailbox.goto(link.pathname + link.search);
    await mailbox.getByText(/Te avisamos por correo cuando .* talla XL vuelve a tener stock/).waitFor();
    await mailbox.reload();
    const remove = mailbox.getByRole('button', { name: 'Quitar este aviso' });
    await remove.waitFor();
    await page.reload();
    await eventually(() => rows.count(), 1);
    // the button posts the token (no session, no anti-forgery header) and the page says it is done
    await remove.click();
    await mailbox.getByText(/^Listo: ya no te avisaremos de .* talla XL$/).waitFor();
    await mailbox.screenshot({ path: path.join(SHOTS, 'aviso-quitado-375.png'), fullPage: true });
    await mailbox.goto(link.pathname + link.search);
    await mailbox.getByText(/^Este aviso ya estaba quitado/).waitFor();
    await expect(mailbox.getByRole('button', { name: 'Quitar este aviso' }).count()).resolves.toBe(0);
    await page.reload();
    await section.getByText(/No tienes avisos de stock/).waitFor();
    await expect(rows.count()).resolves.toBe(0);
    await context.close();
  });
});
