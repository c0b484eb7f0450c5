import type { Page, Browser, Request, Response } from 'playwright-core';
import { launch, newPage } from './browser';
import { erpPost } from './erp';
import { emptyCart, eventually, login } from './journeys';

// A cart add counts once (docs/ordering.md, 'One key per action'): the answer of the grid's add, of quick order's add
// and of 'Volver a comprar' lost on its way back to the browser (the server did add), then the same button pressed
// again: the same Idempotency-Key goes, the server answers with the first add (Idempotent-Replayed) and the cart holds
// the units once. Each journey leaves its buyer's cart empty.

const GRID_BUYER = '76.123.456-0';
const REORDER_BUYER = { rut: '76.234.567-6', cardCode: 'C76234567' };

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** The buyer's server cart, read with the page's own session: sku → quantity. */
async function cartOf(page: Page): Promise<Record<string, number>> {
  return page.evaluate(async () => {
    const headers = { Authorization: (sessionStorage.getItem('tokens') ?? '').replace(/^"|"$/g, '') };
    const res = await fetch(`/api/user/cart/find-by-userid/${sessionStorage.getItem('idUser')}`, { headers });
    const body = (await res.json()) as { items: Array<{ sku: string; quantity: number }> };
    return Object.fromEntries(body.items.map(({ sku, quantity }) => [sku, quantity]));
  });
}

/**
 * The SPA's http client sends a keyed create again by itself after no answer, 3 times (KEYED_RESEND_DELAYS_MS in
 * src/client/api/http.ts): a press gets no answer when the first send and its resends all lose theirs.
 */
const SENDS_OF_A_PRESS = 4;

/**
 * Every POST to `path` of the first press reaches the server (the lines go in the cart once: one key) but its answer
 * never reaches the page; the Idempotency-Key of every POST to it is noted. `lost()`: all of that press's answers lost.
 */
async function loseFirstAnswer(page: Page, path: RegExp): Promise<{ keys: (string | undefined)[]; lost: () => boolean }> {
  const keys: (string | undefined)[] = [];
  let lost = 0;
  const matches = (request: Request) => request.method() === 'POST' && path.test(new URL(request.url()).pathname);
  page.on('request', (request) => {
    if (matches(request)) keys.push(request.headers()['idempotency-key']);
  });
  await page.route((url: URL) => path.test(url.pathname), async (route) => {
    if (lost >= SENDS_OF_A_PRESS || !matches(route.request())) return route.fallback();
    lost += 1;
    await route.fetch();
    await route.abort('connectionreset');
  });
  return { keys, lost: () => lost === SENDS_OF_A_PRESS };
}

const answerOf = (page: Page, path: RegExp) =>
  page.waitForResponse((response: Response) => response.request().method() === 'POST' && path.test(new URL(response.url()).pathname) && response.ok(), { timeout: 20_000 });

/** Every send of both presses carried the same key, one the server takes. */
function expectOneKey(keys: (string | undefined)[]) {
  expect(keys).toHaveLength(SENDS_OF_A_PRESS + 1);
  expect(keys[0]).toMatch(/^[A-Za-z0-9._:-]{1,200}$/);
  expect(new Set(keys)).toEqual(new Set([keys[0]]));
}

describe('a cart add whose answer was lost, pressed again, counts once', () => {
  jest.setTimeout(120_000);

  it("the grid's 'Agregar al Carro'", async () => {
    const { context, page } = await newPage(browser);
    try {
      await login(page, GRID_BUYER);
      await emptyCart(page);
      await page.goto('/user/product-detail/POL-1001');
      await page.getByRole('button', { name: 'Por color y talla' }).click();
      await page.getByRole('table', { name: 'Cantidades por color y talla' }).waitFor();
      await page.getByRole('textbox', { name: /^Blanco, talla M,/ }).fill('2');
      await page.getByRole('textbox', { name: /^Blanco, talla L,/ }).fill('3');
      const bulk = /^\/api\/user\/cart\/bulk$/;
      const { keys, lost } = await loseFirstAnswer(page, bulk);

      await page.getByRole('button', { name: 'Agregar al Carro' }).click();
      await eventually(async () => lost(), true);
      // no answer: the cells stay, to be added again
      await eventually(() => page.getByRole('textbox', { name: /^Blanco, talla L,/ }).inputValue(), '3');
      await eventually(() => page.getByRole('button', { name: 'Agregar al Carro' }).isEnabled(), true);

      const answer = answerOf(page, bulk);
      await page.getByRole('button', { name: 'Agregar al Carro' }).click();
      expect((await answer).headers()['idempotent-replayed']).toBe('true');
      await page.getByText('2 de 2 productos agregados al carro').first().waitFor();
      expectOneKey(keys);
      expect(await cartOf(page)).toEqual({ 'POL-1001-M': 2, 'POL-1001-L': 3 });
    } finally {
      await emptyCart(page);
      await context.close();
    }
  });

  it("quick order's 'Agregar al carro'", async () => {
    const { context, page } = await newPage(browser);
    try {
      await login(page, GRID_BUYER);
      await emptyCart(page);
      await page.goto('/user/quick-order');
      await page.getByRole('textbox', { name: 'Líneas del pedido' }).fill('POL-1001-M;2\nPOL-1001-L;3');
      await page.getByRole('button', { name: 'Validar' }).click();
      const add = page.getByRole('button', { name: 'Agregar al carro (2 líneas)' });
      await add.waitFor();
      const bulk = /^\/api\/user\/cart\/bulk$/;
      const { keys, lost } = await loseFirstAnswer(page, bulk);

      await add.click();
      await eventually(async () => lost(), true);
      await eventually(() => add.isEnabled(), true);

      const answer = answerOf(page, bulk);
      await add.click();
      expect((await answer).headers()['idempotent-replayed']).toBe('true');
      await page.getByText('2 de 2 productos agregados al carro').first().waitFor();
      expectOneKey(keys);
      expect(await cartOf(page)).toEqual({ 'POL-1001-M': 2, 'POL-1001-L': 3 });
    } finally {
      await emptyCart(page);
      await context.close();
    }
  });

  it("'Volver a comprar' a purchase-history order", async () => {
    const order = await erpPost<{ DocEntry: number; DocNum: number }>('Orders', {
      CardCode: REORDER_BUYER.cardCode,
      DocDueDate: new Date().toISOString().slice(0, 10),
      NumAtCard: 'EJ-E2E-REORDER-ONCE',
      DocumentLines: [
        { ItemCode: 'POL-1001-M', Quantity: 2 },
        { ItemCode: 'POL-1001-L', Quantity: 3 },
      ],
    });
    const { context, page } = await newPage(browser);
    try {
      await login(page, REORDER_BUYER.rut);
      await emptyCart(page);
      await page.goto('/user/purchase-history');
      const grid = page.getByRole('grid', { name: 'Pedidos realizados' });
      await grid.waitFor();
      const reorder = /^\/api\/user\/b1\/purchase-history\/\d+\/reorder$/;
      const { keys, lost } = await loseFirstAnswer(page, reorder);
      const button = grid.getByRole('button', { name: `Volver a comprar el pedido ${order.DocNum}` });

      await button.click();
      await eventually(async () => lost(), true);
      await eventually(() => button.isEnabled(), true);

      const answer = answerOf(page, reorder);
      await button.click();
      expect((await answer).headers()['idempotent-replayed']).toBe('true');
      expectOneKey(keys);
      await eventually(() => cartOf(page), { 'POL-1001-M': 2, 'POL-1001-L': 3 });
    } finally {
      await emptyCart(page);
      await context.close();
    }
  });
});
