import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

// The QA scenario panel driven as a person would (Playwright), shared by the recording script and the browser test.

/** Opens the panel from its discreet button (it stays closed while a journey runs, so it covers nothing). */
export async function openPanel(page: Page) {
  const region = page.getByRole('region', { name: 'Escenarios QA' });
  if (!(await region.isVisible())) await page.getByRole('button', { name: 'Escenarios QA' }).click();
  await region.waitFor();
  return region;
}

export async function startRecording(page: Page, name: string) {
  const panel = await openPanel(page);
  await panel.getByLabel('Nombre del escenario').fill(name);
  await panel.getByRole('button', { name: 'Grabar escenario' }).click();
  await panel.getByText(/^Grabando/).waitFor();
  await panel.getByRole('button', { name: 'Cerrar' }).click();
}

/** 'Detener grabación' and 'Exportar': the downloaded file's text. */
export async function stopAndExport(page: Page): Promise<string> {
  const panel = await openPanel(page);
  await panel.getByRole('button', { name: 'Detener grabación' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Exportar' }).click()]);
  return readFileSync(await download.path(), 'utf8');
}
