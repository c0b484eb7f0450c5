import type { Browser } from 'playwright-core';
import { launch, newPage } from './browser';

// The built SPA is a production build: it must never hand its store (tokens, passwords in actions) to the Redux
// DevTools extension, even when the extension is installed.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** Stands in for the extension before any script of the page runs; every call to it is recorded on window. */
function installExtensionStubs() {
  const w = window as unknown as Record<string, unknown>;
  const calls: string[] = [];
  w.__devtoolsCalls = calls;
  const compose =
    (...args: unknown[]) =>
    (...fns: unknown[]) => {
      calls.push('compose');
      // behave like compose, so a store built with it would still work
      const all = [...args, ...fns].filter((f): f is (x: unknown) => unknown => typeof f === 'function');
      return (x: unknown) => all.reduceRight((acc, f) => f(acc), x);
    };
  w.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__ = (...args: unknown[]) => {
    calls.push('__REDUX_DEVTOOLS_EXTENSION_COMPOSE__');
    return compose(...args);
  };
  w.__REDUX_DEVTOOLS_EXTENSION__ = () => {
    calls.push('__REDUX_DEVTOOLS_EXTENSION__');
    return (next: unknown) => next;
  };
  w.__REDUX_DEVTOOLS_EXTENSION__ = Object.assign(w.__REDUX_DEVTOOLS_EXTENSION__ as object, {
    connect: () => {
      calls.push('connect');
      return { init: () => undefined, send: () => undefined, subscribe: () => () => undefined, unsubscribe: () => undefined };
    },
  });
}

describe('Redux DevTools in the production build', () => {
  it('a login and the user creation form never call the DevTools extension', async () => {
    const { context, page } = await newPage(browser);
    await page.addInitScript(installExtensionStubs);
    await page.goto('/login');
    // the stubs are in place before the SPA's scripts
    expect(await page.evaluate(() => typeof (window as unknown as Record<string, unknown>).__REDUX_DEVTOOLS_EXTENSION_COMPOSE__)).toBe('function');

    await page.getByLabel('Rut Empresa').fill('22.222.222-2');
    await page.getByLabel('Contraseña', { exact: true }).fill('Admin1234');
    await page.getByRole('button', { name: 'Acceder' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Administración Usuarios' }).click();
    await page.getByRole('link', { name: 'Crear' }).click();
    await page.getByLabel('Password', { exact: true }).fill('Clave2025');

    expect(await page.evaluate(() => (window as unknown as { __devtoolsCalls: string[] }).__devtoolsCalls)).toEqual([]);
    await context.close();
  });
});
