import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { parseScenario, serializeScenario, type ErpExpectation, type ScenarioFile } from '@client/app/scenario/format';
import { stateAt } from '@client/app/scenario/replay';
import { rootReducer } from '@client/app/store';
// every feature's slice in the root reducer (the store is built per route), so the final state has all of them
import '@client/app/allFeatures';
import { stopAndExport as exportFromPanel, startRecording } from './panel';
import { startPortal, serviceLayer, type RunningPortal } from './portal';
import { valueAt } from './compare';
import type { LiveDeclarations, LiveScenario, PayerChoice } from './payer';

// Records the shipped scenarios for real: the built SPA in Chromium, against the embedded portal started with the
// recorder on (portal.ts). Each journey is recorded with the panel itself ('Grabar escenario' … 'Detener grabación',
// 'Exportar'), then the file gets its declarations (demo account, the final state subset to check, the ERP documents
// read from the B1 stand-in) and is written to test/scenarios/<name>.json.
//
//   npm run scenarios:record              every journey
//   npm run scenarios:record -- reserve   only the named ones

const here = path.dirname(fileURLToPath(import.meta.url));

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

const VISA = 'VISA crédito 4051 8856 0044 6623 (aprobada)';
const MASTERCARD = 'MASTERCARD crédito 5186 0595 5959 0568 (rechazada)';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

export interface Journey {
  name: string;
  description: string;
  rut: string;
  password: string;
  cardCode?: string;
  /** Dotted paths of the final state the runner checks. */
  statePaths: string[];
  /** The ERP document it leaves: Orders by the order number in the final state, or IncomingPayments. */
  erp?: 'order' | 'payment';
  /** What the payer does at each visit to WebPay's or Khipu's page (live mode acts it, payer.ts). */
  payer?: PayerChoice[];
  /** Dotted paths of the final state whose values are the same on any portal: live mode checks them. */
  liveStatePaths?: string[];
  /** The incoming payment the portal posts for the money: its CounterReference and amount (and card) in the final state. */
  erpPayment?: { reference?: string; amount: string; card?: string };
  /** The path of the order number whose sales order must not be in the ERP (rejected, aborted). */
  noErpOrder?: string;
  run(page: Page): Promise<void>;
}

async function loginHere(page: Page, rut: string, password: string) {
  await page.getByLabel('Rut Empresa').fill(rut);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Acceder' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/** To a product detail by the SPA's own navigation (the search box), adds sizes. */
async function addFromDetail(page: Page, sku: string, sizes: Record<string, number>) {
  await page.goto(`/user/product-detail/${sku}`);
  for (const [size, quantity] of Object.entries(sizes)) await page.getByLabel(`Cantidad talla ${size}`).fill(String(quantity));
  await page.getByRole('button', { name: 'Agregar al Carro' }).click();
  await page.getByText('Producto(s) agregados!!').first().waitFor();
}

async function toSummary(page: Page) {
  await page.goto('/user/cart-detail');
  await page.getByRole('button', { name: 'Continuar la compra' }).click();
  await page.waitForURL('**/user/sumary-order');
}

async function chooseDispatch(page: Page) {
  await page.getByRole('combobox', { name: 'Dirección de despacho' }).click();
  await page.getByRole('option').first().click();
  await page.getByRole('combobox', { name: 'Transporte' }).click();
  await page.getByRole('option', { name: 'Starken' }).click();
}

async function payByCard(page: Page, choice: (page: Page) => Promise<void>) {
  await addFromDetail(page, 'POL-1001', { S: 1 });
  await toSummary(page);
  await chooseDispatch(page);
  await page.getByRole('radio', { name: 'WebPay Plus' }).check();
  await page.getByRole('button', { name: 'Ir a Pagar' }).click();
  await page.getByRole('heading', { name: 'Webpay Plus (simulador de integración)' }).waitFor({ timeout: 20_000 });
  await choice(page);
  await page.waitForURL('**/payment-verification**');
}

/** What a card payment's result page shows that is the same on any portal (not the order number, token or dates). */
const CARD_RESULT_PATHS = [
  'payments.verification.status',
  'payments.verification.result.status',
  'payments.verification.result.state',
  'payments.verification.result.purpose',
  'payments.verification.result.orderState',
  'payments.verification.result.amount',
  'payments.verification.result.card_number',
  'payments.verification.result.response_code',
];

const BUYER = { rut: '76.123.456-0', password: 'Demo1234', cardCode: 'C76123456' };
const CARD_BUYER = { rut: '77.345.678-K', password: 'Demo1234', cardCode: 'C77345678' };

export const JOURNEYS: Journey[] = [
  {
    name: 'reserve',
    description: 'Comprador con crédito (Gold) reserva una talla: la reserva queda enviada para aprobación y el ERP tiene la reserva RE…',
    ...BUYER,
    statePaths: ['checkout.status', 'checkout.order', 'cart.count', 'message'],
    erp: 'order',
    async run(page) {
      await addFromDetail(page, 'POL-1001', { S: 1 });
      await page.goto('/user/cart-detail');
      await page.getByRole('button', { name: 'Realizar Reserva' }).click();
      await page.waitForURL('**/user/sumary-order');
      await chooseDispatch(page);
      await page.getByRole('button', { name: 'Reservar', exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Reservar', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByText('Reserva enviada para aprobación!!').first().waitFor();
    },
  },
  {
    name: 'credit-purchase',
    description: 'Compra con línea de crédito y retiro en tienda: Gracias por Comprar!!, pedido OC… en el ERP (forma de pago 5)',
    ...BUYER,
    statePaths: ['checkout.status', 'checkout.order', 'cart.count'],
    erp: 'order',
    async run(page) {
      await addFromDetail(page, 'POL-1001', { L: 2 });
      await toSummary(page);
      await page.getByRole('radio', { name: 'Retiro en tienda' }).check();
      await page.getByRole('radio', { name: 'Línea de crédito' }).check();
      await page.getByRole('button', { name: 'Ir a Pagar' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByText('Gracias por Comprar!!').first().waitFor();
    },
  },
  {
    name: 'cheque-purchase',
    description: 'Comprador con condición Cheque adjunta la foto del cheque y compra: pedido OC… en el ERP (forma de pago 1)',
    rut: '76.234.567-6',
    password: 'Demo1234',
    cardCode: 'C76234567',
    statePaths: ['checkout.status', 'checkout.order', 'cart.count'],
    erp: 'order',
    async run(page) {
      await addFromDetail(page, 'POL-1001', { M: 1 });
      await toSummary(page);
      await chooseDispatch(page);
      await page.getByRole('radio', { name: 'Cheque' }).check();
      await page.getByLabel('Adjuntar foto del cheque').setInputFiles({ name: 'cheque.png', mimeType: 'image/png', buffer: PNG });
      await page.getByRole('button', { name: 'Ir a Pagar' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByText('Gracias por Comprar!!').first().waitFor();
    },
  },
  {
    name: 'card-approved',
    description: 'Pago con tarjeta aprobado (VISA) en WebPay: vuelta a /payment-verification, pedido confirmado, OC… en el ERP',
    ...CARD_BUYER,
    statePaths: ['payments.verification', 'cart.count'],
    erp: 'order',
    payer: [{ provider: 'WEBPAY', choice: 'visa' }],
    liveStatePaths: [...CARD_RESULT_PATHS, 'cart.count'],
    erpPayment: { reference: 'payments.settled.buyOrder', amount: 'payments.verification.result.amount', card: 'payments.verification.result.card_number' },
    async run(page) {
      await payByCard(page, async (p) => {
        await p.getByLabel(VISA).check();
        await p.getByRole('button', { name: 'Pagar', exact: true }).click();
      });
      await page.getByText('Gracias por Comprar!!').first().waitFor({ timeout: 20_000 });
    },
  },
  {
    name: 'card-rejected',
    description: 'Pago con tarjeta rechazado (MASTERCARD): Pago no realizado, pedido cancelado',
    ...CARD_BUYER,
    statePaths: ['payments.verification', 'cart.count'],
    payer: [{ provider: 'WEBPAY', choice: 'mastercard' }],
    liveStatePaths: [...CARD_RESULT_PATHS, 'cart.count'],
    noErpOrder: 'payments.verification.result.buy_order',
    async run(page) {
      await payByCard(page, async (p) => {
        await p.getByLabel(MASTERCARD).check();
        await p.getByRole('button', { name: 'Pagar', exact: true }).click();
      });
      await page.getByText('Pago no realizado').first().waitFor({ timeout: 20_000 });
    },
  },
  {
    name: 'card-aborted',
    description: 'El comprador anula en WebPay (Anular compra): No se realizo la compra, pedido cancelado',
    ...CARD_BUYER,
    statePaths: ['payments.verification', 'cart.count'],
    payer: [{ provider: 'WEBPAY', choice: 'abort' }],
    liveStatePaths: [...CARD_RESULT_PATHS, 'payments.verification.result.vci', 'cart.count'],
    noErpOrder: 'payments.verification.result.buy_order',
    async run(page) {
      await payByCard(page, (p) => p.getByRole('button', { name: 'Anular compra' }).click());
      await page.getByText('No se realizo la compra').first().waitFor({ timeout: 20_000 });
    },
  },
  {
    name: 'transfer-polling',
    description: 'Transferencia con Khipu: la página de retorno consulta cada 10 segundos hasta que Khipu dice pagado; OC… en el ERP',
    rut: '79.012.345-K',
    password: 'Demo1234',
    cardCode: 'C79012345',
    statePaths: ['payments.transfer', 'cart.count'],
    erp: 'order',
    payer: [{ provider: 'KHIPU', choice: 'pay' }],
    liveStatePaths: [
      'payments.transfer.status',
      'payments.transfer.payment.status',
      'payments.transfer.payment.status_detail',
      'payments.transfer.payment.state',
      'payments.transfer.payment.orderState',
      'payments.transfer.payment.amount',
      'payments.transfer.polls',
      'payments.transfer.failures',
      'payments.transfer.cancelled',
      'cart.count',
    ],
    erpPayment: { reference: 'payments.settled.order.purchaseOrderNumber', amount: 'payments.transfer.payment.amount' },
    async run(page) {
      await addFromDetail(page, 'POL-1001', { M: 2 });
      await toSummary(page);
      await chooseDispatch(page);
      await page.getByRole('radio', { name: 'Transferencia bancaria (Khipu)' }).check();
      await page.getByRole('button', { name: 'Ir a Pagar' }).click();
      await page.getByRole('heading', { name: /Khipu \(simulador\)/ }).waitFor({ timeout: 20_000 });
      await page.getByRole('button', { name: 'Pagar', exact: true }).click();
      await page.waitForURL('**/return**');
      await page.getByText('Gracias por su Comprar!!').first().waitFor({ timeout: 45_000 });
    },
  },
  {
    name: 'pending-invoices-card',
    description: 'Pago de dos facturas pendientes con tarjeta (VISA): Pago de facturas realizado!!, pago recibido en el ERP',
    ...BUYER,
    statePaths: ['payments.verification'],
    erp: 'payment',
    payer: [{ provider: 'WEBPAY', choice: 'visa' }],
    liveStatePaths: CARD_RESULT_PATHS,
    erpPayment: { amount: 'payments.verification.result.amount', card: 'payments.verification.result.card_number' },
    async run(page) {
      await page.goto('/user/pending-payments');
      await page.getByRole('heading', { name: 'Pagos Pendientes' }).waitFor();
      const rows = page.getByRole('row').filter({ has: page.getByRole('checkbox') }).filter({ hasNotText: 'Folio' });
      await rows.first().waitFor();
      await rows.nth(0).getByRole('checkbox').check();
      await rows.nth(1).getByRole('checkbox').check();
      await page.getByRole('button', { name: 'ir a Pagar' }).click();
      await page.getByRole('radio', { name: 'WebPay Plus' }).check();
      await page.getByRole('button', { name: 'Pagar', exact: true }).click();
      await page.getByRole('heading', { name: 'Webpay Plus (simulador de integración)' }).waitFor({ timeout: 20_000 });
      await page.getByLabel(VISA).check();
      await page.getByRole('button', { name: 'Pagar', exact: true }).click();
      await page.waitForURL('**/payment-verification**');
      await page.getByText('Pago de facturas realizado!!').first().waitFor({ timeout: 20_000 });
    },
  },
  {
    name: 'blocked-buyer',
    description: 'Comprador bloqueado por morosidad: ve el aviso, el carro tachado y Agregar al Carro deshabilitado',
    rut: '78.456.789-3',
    password: 'Demo1234',
    statePaths: ['session.isAuthenticated', 'session.isUser', 'session.profile'],
    async run(page) {
      await page.getByText('Bloqueado para comprar, contactar ejecutiva(o)').first().waitFor();
      await page.goto('/user/product-detail/POL-1001');
      await page.getByRole('button', { name: 'Agregar al Carro' }).waitFor();
      if (!(await page.getByRole('button', { name: 'Agregar al Carro' }).isDisabled())) throw new Error('Agregar al Carro habilitado para un bloqueado');
    },
  },
  {
    name: 'admin-product-update',
    description: 'Un administrador actualiza la imagen principal de CAM-5003: Actualizado!',
    rut: '22.222.222-2',
    password: 'Admin1234',
    statePaths: ['session.isAdmin'],
    async run(page) {
      await page.goto('/admin/product');
      await page.getByRole('heading', { name: 'Administración Productos' }).waitFor();
      await page.getByLabel('Buscar por Sku').fill('CAM-5003');
      await page.getByRole('grid', { name: 'Productos' }).getByRole('button', { name: 'Editar CAM-5003' }).click();
      await page.waitForURL('**/admin/product/update/**');
      await page.getByRole('heading', { name: 'Actualizar Producto' }).waitFor();
      await page.getByLabel('Imagen principal', { exact: true }).setInputFiles({ name: 'frente.png', mimeType: 'image/png', buffer: PNG });
      await page.getByText('Archivo elegido: frente.png').waitFor();
      await page.getByRole('button', { name: 'Actualizar', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Desea actualizar el producto?' });
      await dialog.getByRole('button', { name: 'Actualizar', exact: true }).click();
      await page.waitForURL('**/admin/product');
    },
  },
];

/** The first dotted path of the state holding an order number ('OC000012', 'RE000003'). */
function findOrderNumber(state: unknown, prefix = '', depth = 0): { path: string; value: string } | null {
  if (typeof state === 'string') return /^(OC|RE)\d{6}$/.test(state) ? { path: prefix, value: state } : null;
  if (!state || typeof state !== 'object' || depth > 8) return null;
  for (const [key, value] of Object.entries(state)) {
    const found = findOrderNumber(value, prefix ? `${prefix}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * The declarations only live mode reads, from the journey and the recording's final state: the payer's choices, the
 * final values that are the same on any portal, the incoming payment the portal posts (by CounterReference, with the
 * amount charged and the card) and the sales order a rejected or aborted payment must not leave.
 */
export function liveDeclarations(journey: Journey, final: unknown): { payer?: PayerChoice[]; liveState?: Record<string, unknown>; erp?: ErpExpectation[]; erpAbsent?: NonNullable<LiveDeclarations['expect']>['erpAbsent'] } {
  const out: ReturnType<typeof liveDeclarations> = {};
  if (journey.payer) out.payer = journey.payer;
  if (journey.liveStatePaths) out.liveState = Object.fromEntries(journey.liveStatePaths.map((p) => [p, valueAt(final, p) ?? null]));
  if (journey.erpPayment && journey.cardCode) {
    const { reference, amount, card } = journey.erpPayment;
    const fields: Record<string, unknown> = { 'PaymentCreditCards.0.CreditSum': valueAt(final, amount) };
    if (card) fields['PaymentCreditCards.0.CreditCardNumber'] = valueAt(final, card);
    out.erp = [{ entity: 'IncomingPayments', cardCode: journey.cardCode, ...(reference ? { reference: { fromState: reference } } : {}), fields }];
  }
  if (journey.noErpOrder && journey.cardCode) out.erpAbsent = [{ entity: 'Orders', cardCode: journey.cardCode, reference: { fromState: journey.noErpOrder } }];
  return out;
}

async function declare(scenario: ScenarioFile, journey: Journey, portal: RunningPortal): Promise<LiveScenario> {
  const final = stateAt(scenario, scenario.steps.length, rootReducer as never);
  const state: Record<string, unknown> = {};
  for (const p of journey.statePaths) {
    const keys = p.split('.');
    let node = state;
    keys.slice(0, -1).forEach((k) => {
      node[k] ??= {};
      node = node[k] as Record<string, unknown>;
    });
    node[keys.at(-1)!] = valueAt(final, p) ?? null;
  }
  const erp: ErpExpectation[] = [];
  const erpGet = serviceLayer(portal.b1Url);
  if (journey.erp === 'order' && journey.cardCode) {
    const number = findOrderNumber({ checkout: (final as Record<string, unknown>).checkout, payments: (final as Record<string, unknown>).payments });
    if (number) {
      // the ERP job runs after the answer: wait for the document
      for (let i = 0; i < 60; i += 1) {
        const filter = encodeURIComponent(`CardCode eq '${journey.cardCode}' and NumAtCard eq '${number.value}'`);
        const [doc] = (await erpGet<{ value: { DocTotal: number; U_FormaPago: string | null; U_TipoVenta: string | null }[] }>(`Orders?$filter=${filter}`)).value;
        if (doc) {
          erp.push({ entity: 'Orders', cardCode: journey.cardCode, reference: { fromState: number.path }, fields: { DocTotal: doc.DocTotal, U_FormaPago: doc.U_FormaPago, U_TipoVenta: doc.U_TipoVenta } });
          break;
        }
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  }
  const live = liveDeclarations(journey, final);
  erp.push(...(live.erp ?? []));
  return {
    ...scenario,
    name: journey.name,
    description: journey.description,
    account: { rut: journey.rut },
    ...(live.payer ? { payer: live.payer } : {}),
    expect: { state, ...(erp.length ? { erp } : {}), ...(live.erpAbsent ? { erpAbsent: live.erpAbsent } : {}), ...(live.liveState ? { liveState: live.liveState } : {}) },
    // the card session id is drawn at random for each payment
    ignore: ['*.session_id'],
  };
}

async function recordJourney(browser: Browser, portal: RunningPortal, journey: Journey): Promise<ScenarioFile> {
  const context = await browser.newContext({ baseURL: portal.url, viewport: { width: 1280, height: 800 }, locale: 'es-CL', acceptDownloads: true });
  const page = await context.newPage();
  try {
    // the login page is a page of its own without the panel's button: the recording starts on a page of the SPA and
    // goes on across the login page
    await page.goto('/session-expired');
    await startRecording(page, journey.name);
    await page.getByRole('link', { name: 'Volver a ingresar' }).click();
    await page.waitForURL('**/login');
    await loginHere(page, journey.rut, journey.password);
    await journey.run(page);
    // the last saga steps (a toast, a cart refresh) land
    await page.waitForTimeout(1500);
    return await declare(parseScenario(await exportFromPanel(page)), journey, portal);
  } finally {
    await context.close();
  }
}

async function main() {
  const only = process.argv.slice(2);
  const journeys = only.length ? JOURNEYS.filter((j) => only.includes(j.name)) : JOURNEYS;
  const portal = await startPortal();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS });
  try {
    for (const journey of journeys) {
      const started = Date.now();
      const scenario = await recordJourney(browser, portal, journey);
      const file = path.join(here, `${journey.name}.json`);
      writeFileSync(file, serializeScenario(scenario as ScenarioFile));
      console.log(`✓ ${journey.name}: ${scenario.steps.length} pasos, ${Math.round((Date.now() - started) / 1000)} s → ${path.relative(process.cwd(), file)}`);
    }
  } finally {
    await browser.close();
    await portal.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
