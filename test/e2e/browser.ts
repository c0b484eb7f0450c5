import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

// Debian's Chromium; flags keep it off the network this machine does not have.
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

export const baseUrl = () => {
  const url = process.env.E2E_URL;
  if (!url) throw new Error('E2E_URL no está definido (globalSetup)');
  return url;
};

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS });
}

export async function newPage(browser: Browser, viewport = { width: 1280, height: 800 }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport, locale: 'es-CL' });
  const page = await context.newPage();
  return { context, page };
}
