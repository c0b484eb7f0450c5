import type { Browser, Page, Request, Response } from 'playwright-core';
import { launch, newPage } from './browser';
import { erpGet, type ErpOrder } from './erp';
import { addFromDetail, cartBadge, eventually, expectText, login, toSummary } from './journeys';

// One order per purchase attempt: a double click on 'Ir a Pagar', and an answer lost on its way back to the browser,
// each end in exactly one order of the portal and one document in the ERP stand-in. The credit-line buyer 76.123.456-0.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const BUYER = { rut: '76.123.456-0', cardCode: 'C76123456' };

/** The buyer's ERP documents the portal made (NumAtCard OC…): sales orders and drafts held for an approval. */
async function erpDocuments(): Promise<string[]> {
  const filter = encodeURIComponent(`CardCode eq '${BUYER.cardCode}'`);
  const sets = await Promise.all(['Orders', 'Drafts'].map((set) => erpGet<{ value: ErpOrder[] }>(`${set}?$filter=${filter}`)));
  return sets.flatMap((set) => set.value.map((doc) => doc.NumAtCard ?? '')).filter((number) => number.startsWith('OC'));
}

const isOrderCreate = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/orders';

/** The Idempotency-Key of each creation the page sends. */
function watchOrderCreates(page: Page): (string | undefined)[] {
  const keys: (string | undefined)[] = [];
  page.on('request', (request) => {
    if (isOrderCreate(request)) keys.push(request.headers()['idempotency-key']);
  });
  return keys;
}

/** The next creation that answers with an order (set up before the click). */
const orderAnswer = (page: Page) => page.waitForResponse((response) => isOrderCreate(response.request()) && response.ok(), { timeout: 20_000 });
const orderNumberOf = async (response: Response) => ((await response.json()) as { purchaseOrderNumber: string }).purchaseOrderNumber;

/** The order's answer was the server's replay of the key's first answer, and the buyer is thanked at home: its number. */
async function thanksAfterReplay(page: Page, answer: Promise<Response>): Promise<string> {
  const replay = await answer;
  expect(replay.headers()['idempotent-replayed']).toBe('true');
  const number = await orderNumberOf(replay);
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByText('Gracias por Comprar!!').first().waitFor();
  return number;
}

/** The order summary of a cart with two sizes, store pickup, paid with the credit line. */
async function creditSummary(page: Page) {
  await login(page, BUYER.rut);
  await addFromDetail(page, 'POL-1001', { S: 1, M: 1 });
  await toSummary(page);
  await page.getByRole('radio', { name: 'Retiro en tienda' }).check();
  await page.getByRole('radio', { name: 'Línea de crédito' }).check();
  return page.getByRole('button', { name: 'Ir a Pagar' });
}

/** After the order: the server cart is empty (the badge reads it again after a reload). */
async function expectEmptyCart(page: Page) {
  await expectText(cartBadge(page), '0');
  await page.reload();
  await expectText(cartBadge(page), '0');
}

describe('one order per purchase attempt', () => {
  it('a double click on Ir a Pagar, and one more click, make one order: one ERP document with its number, the cart empty', async () => {
    const { context, page } = await newPage(browser);
    const before = await erpDocuments();
    const button = await creditSummary(page);
    const keys = watchOrderCreates(page);
    const answer = orderAnswer(page);

    await button.dblclick();
    // one more straight away; the button is disabled by then (force: the click is dispatched all the same)
    await button.click({ force: true, timeout: 2_000 }).catch(() => undefined);

    const number = await orderNumberOf(await answer);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Gracias por Comprar!!').first().waitFor();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[A-Za-z0-9._:-]{1,200}$/);
    expect(number).toMatch(/^OC\d{6}$/);
    await eventually(async () => (await erpDocuments()).filter((n) => !before.includes(n)), [number], 15_000);
    await expectEmptyCart(page);
    await context.close();
  });

  /** Lets the first `count` creations reach the server (the order is made, the cart taken) and loses their answers. */
  async function loseAnswers(page: Page, count: number) {
    let lost = 0;
    await page.route('**/api/orders', async (route) => {
      if (lost >= count || route.request().method() !== 'POST') return route.fallback();
      lost += 1;
      await route.fetch();
      await route.abort('connectionreset');
    });
    return () => lost;
  }

  it('one answer of the order lost on its way to the browser: the SPA sends the same key again by itself, one ERP document', async () => {
    const { context, page } = await newPage(browser);
    const before = await erpDocuments();
    const button = await creditSummary(page);
    const keys = watchOrderCreates(page);
    const lost = await loseAnswers(page, 1);

    const answer = orderAnswer(page);
    await button.click();
    // the http client's resend of the keyed create (api/http.ts) got the server's replay of the first answer
    const number = await thanksAfterReplay(page, answer);

    expect(lost()).toBe(1);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    await eventually(async () => (await erpDocuments()).filter((n) => !before.includes(n)), [number], 15_000);
    await expectEmptyCart(page);
    await context.close();
  });

  it('the answer lost to the first send and to every resend: Ir a Pagar again sends the same key and the ERP still gets one document', async () => {
    const { context, page } = await newPage(browser);
    const before = await erpDocuments();
    const button = await creditSummary(page);
    const keys = watchOrderCreates(page);
    // the first send and the http client's 3 resends of it (KEYED_RESEND_DELAYS_MS in src/client/api/http.ts)
    const sends = 4;
    const lost = await loseAnswers(page, sends);

    await button.click();
    // the page saw no answer: the flow failed, the buyer stays on the summary and may press again
    await page.getByRole('alert').filter({ hasText: /\S/ }).first().waitFor({ timeout: 20_000 });
    expect(lost()).toBe(sends);
    expect(new URL(page.url()).pathname).toBe('/user/sumary-order');

    const answer = orderAnswer(page);
    await button.click();
    // the server answered the same key with the order the first creation made
    const number = await thanksAfterReplay(page, answer);

    expect(keys).toHaveLength(sends + 1);
    expect(new Set(keys)).toEqual(new Set([keys[0]]));
    expect(number).toMatch(/^OC\d{6}$/);
    await eventually(async () => (await erpDocuments()).filter((n) => !before.includes(n)), [number], 15_000);
    await expectEmptyCart(page);
    await context.close();
  });
});
