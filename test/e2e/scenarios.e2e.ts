import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launch, newPage } from './browser';
import { openPanel, startRecording, stopAndExport } from '../scenarios/panel';
import { startPortal, type RunningPortal } from '../scenarios/portal';

// The QA scenario panel in the built SPA: absent from the suite's portal (a production build, no opt-in flag); on a
// portal started with QA_SCENARIO_RECORDER=on it records a short journey, exports it, imports it and steps through it,
// keyboard only for the replay.

let browser: Browser;
let portal: RunningPortal;
beforeAll(async () => {
  browser = await launch();
  // the global set-up built the SPA and serves it: this second portal serves the same build
  portal = await startPortal({}, { build: false });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('QA scenario recorder', () => {
  it('is not offered by a production build without the opt-in flag', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/session-expired');
    await page.getByRole('heading', { name: 'Sesión expirada' }).waitFor();
    // the flag is read from GET /api/public-config: give it time to answer
    await page.waitForTimeout(1000);
    expect(await page.getByRole('button', { name: 'Escenarios QA' }).count()).toBe(0);
    await context.close();
  });

  it('records a login, exports it without the password or token, imports it and replays it step by step', async () => {
    const context = await browser.newContext({ baseURL: portal.url, viewport: { width: 1280, height: 800 }, locale: 'es-CL', acceptDownloads: true });
    const page = await context.newPage();
    // the login page (a page of its own, without MUI) has no QA button: the recording starts on a page of the SPA and
    // goes on across the page loads, to the login page and back, as across a payment's redirect
    await page.goto('/session-expired');
    await startRecording(page, 'login-corto');
    await page.getByRole('link', { name: 'Volver a ingresar' }).click();
    await page.waitForURL('**/login');
    await page.getByLabel('Rut Empresa').fill('76.123.456-0');
    await page.getByLabel('Contraseña', { exact: true }).fill('Demo1234');
    await page.getByRole('button', { name: 'Acceder' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Carro de compras' }).waitFor();
    await page.waitForTimeout(800);
    const text = await stopAndExport(page);

    const scenario = JSON.parse(text) as { format: string; version: number; steps: { kind: string; source?: string; action?: { type: string } }[] };
    expect(scenario.format).toBe('portal-mayorista/scenario');
    expect(scenario.version).toBe(1);
    // the first thing done: the login's submit, on the login page's store (after the page loads' 'load' steps)
    const submitted = scenario.steps.findIndex((s) => s.kind === 'action' && s.action?.type === 'session/loginSubmitted');
    expect(scenario.steps.find((s) => s.kind === 'action')).toMatchObject({ source: 'ui', action: { type: 'session/loginSubmitted' } });
    expect(scenario.steps.filter((s) => s.kind === 'load').length).toBeGreaterThanOrEqual(2);
    expect(scenario.steps.some((s) => s.kind === 'api')).toBe(true);
    expect(scenario.steps.some((s) => s.source === 'saga' && s.action?.type === 'session/loginSucceeded')).toBe(true);
    expect(text).not.toContain('Demo1234');
    const token = await page.evaluate(() => sessionStorage.getItem('tokens'));
    expect(token).toBeTruthy();
    expect(text).not.toContain(token!);
    const total = scenario.steps.length;

    // import the exported file under another name
    const dir = mkdtempSync(path.join(os.tmpdir(), 'scenario-e2e-'));
    const file = path.join(dir, 'importado.json');
    writeFileSync(file, JSON.stringify({ ...JSON.parse(text), name: 'importado' }));
    const panel = await openPanel(page);
    await panel.getByLabel('Archivo de escenario').setInputFiles(file);
    await panel.getByText(`Escenario «importado» importado: ${total} pasos`).waitFor();

    // replay: the recorded initial state (nobody logged in: no cart button), then step by step with the keyboard
    await panel.getByRole('button', { name: 'Reproducir escenario' }).click();
    const status = panel.getByRole('status');
    await panel.getByText(`Reproduciendo «importado»: paso 0 de ${total}`).waitFor();
    await page.getByRole('button', { name: 'Carro de compras' }).waitFor({ state: 'detached' });
    await panel.getByRole('button', { name: 'Paso', exact: true }).focus();
    await page.keyboard.press('Enter');
    await panel.getByText(`paso 1 de ${total}`).waitFor();
    await page.keyboard.press('Enter');
    await panel.getByText(`paso 2 de ${total}`).waitFor();
    await panel.getByLabel('Paso número').fill(String(submitted + 1));
    await panel.getByRole('button', { name: 'Ir al paso' }).click();
    await panel.getByText(`paso ${submitted + 1} de ${total}`).waitFor();
    expect(await panel.getByTestId('qa-scenario-step').textContent()).toContain('session/loginSubmitted');

    // jump to the end: logged in again, as recorded
    await panel.getByLabel('Paso número').fill(String(total));
    await page.keyboard.press('Enter');
    await panel.getByText(`paso ${total} de ${total}`).waitFor();
    await page.getByRole('button', { name: 'Carro de compras' }).waitFor();

    // back to step 1, play, pause
    await panel.getByLabel('Paso número').fill('1');
    await panel.getByRole('button', { name: 'Ir al paso' }).click();
    await panel.getByText(`paso 1 de ${total}`).waitFor();
    await panel.getByRole('button', { name: 'Reproducir', exact: true }).click();
    await panel.getByText(`paso 3 de ${total}`).waitFor();
    await panel.getByRole('button', { name: 'Pausa' }).click();
    const paused = await status.textContent();
    await page.waitForTimeout(1500);
    expect(await status.textContent()).toBe(paused);

    await panel.getByRole('button', { name: 'Salir de la reproducción' }).click();
    await panel.getByText('Escenario listo: «importado»').waitFor();
    // the live app is back, still logged in
    await page.getByRole('button', { name: 'Carro de compras' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('region', { name: 'Escenarios QA' }).waitFor({ state: 'detached' });
    await context.close();
  });
});
