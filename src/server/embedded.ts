// The one start-up switch that reaches into mocks/: with no external system configured, the portal
// runs on the protocol-faithful stand-ins and seeds the demo accounts. Nothing else in src/server imports mocks/.
// Each stand-in takes its fault switches from the environment at start (B1_STANDIN_*, WEBPAY_STANDIN_*,
// KHIPU_STANDIN_*; see docs/fault-switches.md), and in the embedded mode QA changes them at run time through
// /api/dev/faults (dev/faultRoutes.ts), which registerFaultControl adds only there.
import type { FastifyInstance } from 'fastify';
import { EMISOR } from '@mocks/b1/dte';
import { b1FaultsFromEnv, parseB1FaultBody, startB1Mock, type B1Mock } from '@mocks/b1/server';
import { DEMO_ACCOUNTS } from '@mocks/demo/accounts';
import { demoPeopleLogins, demoRepLogins, demoSeedUsers } from '@mocks/demo/seedList';
import { FaultInputError, type EnvFaults, type FaultChange, type FaultState } from '@mocks/faults';
import { khipuFaultsFromEnv, parseKhipuFaultBody, startKhipuMock, type KhipuMock } from '@mocks/khipu/server';
import { parseWebpayFaultBody, startWebpayMock, webpayFaultsFromEnv, type WebpayMock } from '@mocks/webpay/server';
import { chileTodayIso } from '@shared/workingDays';
import type { Config } from './config';
import type { SeedUser } from './db/seed';
import faultRoutes, { type FaultControl } from './dev/faultRoutes';

/** A fixed loopback port for a stand-in (`B1_STANDIN_PORT`…), so a person or a browser test can look inside it; 0 = any. */
export function standInPort(name: string, env: NodeJS.ProcessEnv = process.env): number {
  const port = Number(env[name] ?? 0);
  return Number.isInteger(port) && port > 0 && port < 65536 ? port : 0;
}

/** What a stand-in with fault switches offers the control API. */
interface Switchable<T> {
  url: string;
  setFaults(change: FaultChange<T>): void;
  faultState(): FaultState<T>;
  resetFaults(): void;
}

/** The control API's view of a stand-in's switches, with the stand-in's own parser of bodies. */
function faultControl<T>(name: string, label: string, mock: Switchable<T>, parse: (body: unknown) => FaultChange<T>): FaultControl {
  return {
    name,
    label,
    url: mock.url,
    state: () => mock.faultState(),
    prepare: (body) => {
      try {
        const change = parse(body);
        return { apply: () => mock.setFaults(change) };
      } catch (err) {
        if (err instanceof FaultInputError) return { message: err.message };
        throw err;
      }
    },
    reset: () => mock.resetFaults(),
  };
}

/** Spanish answers of the B1 stand-in's actions. */
export const B1_ACTION_MSG = {
  invoiceTarget: 'Indique docEntry (número) o numAtCard (el número del pedido del portal, p. ej. OC000011)',
  invoiced: 'Pedido {docEntry} facturado: factura {docNum}, folio {folio}',
  purchaseOrderTarget: 'Indique docEntry (el número interno de la orden de compra) y, si se quiere, lineNum (número de línea)',
  purchaseOrderChange: 'Indique shipDate (AAAA-MM-DD) o quantity (número entero mayor que cero)',
  notMoved: 'El sustituto de B1 no cambió la orden de compra: {reason}',
  notReceived: 'El sustituto de B1 no recibió la orden de compra: {reason}',
} as const;

/** POST /api/dev/faults/b1/invoice {docEntry} or {numAtCard}: the stand-in invoices the sales order now. */
function invoiceAction(mock: B1Mock) {
  return (body: unknown): { status: number; body: object } => {
    const b = (body && typeof body === 'object' ? body : {}) as { docEntry?: unknown; numAtCard?: unknown };
    const target = Number.isSafeInteger(b.docEntry) && (b.docEntry as number) > 0 ? (b.docEntry as number) : typeof b.numAtCard === 'string' && b.numAtCard.trim() ? b.numAtCard.trim().toUpperCase() : undefined;
    if (target === undefined) return { status: 400, body: { status: 400, message: B1_ACTION_MSG.invoiceTarget } };
    try {
      const invoice = mock.invoiceOrder(target);
      const base = invoice.DocumentLines[0]?.BaseEntry ?? 0;
      const message = B1_ACTION_MSG.invoiced.replace('{docEntry}', String(base)).replace('{docNum}', String(invoice.DocNum)).replace('{folio}', String(invoice.FolioNumber));
      return { status: 201, body: { message, docEntry: invoice.DocEntry, docNum: invoice.DocNum, folioNumber: invoice.FolioNumber, baseEntry: base } };
    } catch (err) {
      const e = err as { status?: number; message?: string };
      const status = e.status === 404 ? 404 : 409;
      return { status, body: { status, message: `El sustituto de B1 no facturó: ${e.message ?? String(err)}` } };
    }
  };
}

/** `{docEntry, lineNum?}` of a purchase order action, or its Spanish 400. */
function purchaseOrderTarget(body: unknown): { docEntry: number; lineNum?: number; b: Record<string, unknown> } | { status: number; body: object } {
  const b = (body && typeof body === 'object' && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const lineOk = b.lineNum === undefined || (Number.isSafeInteger(b.lineNum) && (b.lineNum as number) >= 0);
  if (!Number.isSafeInteger(b.docEntry) || (b.docEntry as number) <= 0 || !lineOk) {
    return { status: 400, body: { status: 400, message: B1_ACTION_MSG.purchaseOrderTarget } };
  }
  return { docEntry: b.docEntry as number, ...(b.lineNum !== undefined ? { lineNum: b.lineNum as number } : {}), b };
}

/** The stand-in refused (404 no such order, 409 a B1 rule): Spanish, with B1's reason. */
function refusal(template: string, err: unknown): { status: number; body: object } {
  const e = err as { status?: number; message?: string };
  if (e.status === undefined) throw err;
  const status = e.status === 404 ? 404 : 409;
  return { status, body: { status, message: template.replace('{reason}', e.message ?? String(err)) } };
}

/**
 * POST /api/dev/faults/b1/purchase-order {docEntry, lineNum?, shipDate?, quantity?}: the wholesaler's buyer moves a
 * purchase order (a supplier is late or ships less), every open line when no lineNum; answers the document.
 * POST …/purchase-order/receive {docEntry, lineNum?}: the goods arrive (to stock, the line closes).
 */
function purchaseOrderActions(mock: B1Mock) {
  return {
    'purchase-order': (body: unknown): { status: number; body: object } => {
      const target = purchaseOrderTarget(body);
      if ('status' in target) return target;
      const { shipDate, quantity } = target.b;
      const dateOk = shipDate === undefined || typeof shipDate === 'string';
      const quantityOk = quantity === undefined || (Number.isSafeInteger(quantity) && (quantity as number) > 0);
      if ((shipDate === undefined && quantity === undefined) || !dateOk || !quantityOk) {
        return { status: 400, body: { status: 400, message: B1_ACTION_MSG.purchaseOrderChange } };
      }
      try {
        const doc = mock.movePurchaseOrder(target.docEntry, {
          lineNum: target.lineNum, ...(shipDate !== undefined ? { shipDate: shipDate as string } : {}), ...(quantity !== undefined ? { quantity: quantity as number } : {}),
        });
        return { status: 200, body: doc };
      } catch (err) {
        return refusal(B1_ACTION_MSG.notMoved, err);
      }
    },
    'purchase-order/receive': (body: unknown): { status: number; body: object } => {
      const target = purchaseOrderTarget(body);
      if ('status' in target) return target;
      try {
        return { status: 200, body: mock.receivePurchaseOrder(target.docEntry, target.lineNum) };
      } catch (err) {
        return refusal(B1_ACTION_MSG.notReceived, err);
      }
    },
  };
}

/** The control API's view of each stand-in given (the portal's own or a test's). */
export function standInFaultControls(standIns: { b1?: B1Mock; webpay?: WebpayMock; khipu?: KhipuMock }): FaultControl[] {
  const out: FaultControl[] = [];
  if (standIns.b1) out.push({ ...faultControl('b1', 'el sustituto de B1', standIns.b1, parseB1FaultBody), actions: { invoice: invoiceAction(standIns.b1), ...purchaseOrderActions(standIns.b1) } });
  if (standIns.webpay) out.push(faultControl('webpay', 'el sustituto de WebPay', standIns.webpay, parseWebpayFaultBody));
  if (standIns.khipu) out.push(faultControl('khipu', 'el sustituto de Khipu', standIns.khipu, parseKhipuFaultBody));
  return out;
}

/** The environment's faults on a stand-in just started (time-boxed from now with <PREFIX>FAULTS_FOR). */
function applyEnvFaults<T>(mock: Switchable<T>, env: EnvFaults<T>): void {
  if (Object.keys(env.change).length > 0) mock.setFaults({ ...env.change, forMs: env.forMs });
}

/**
 * Every stand-in's fault variables (B1_STANDIN_*, WEBPAY_STANDIN_*, KHIPU_STANDIN_*), read and checked at once: a
 * value that does not fit (or an unknown variable under those prefixes) stops the start with a Spanish message.
 */
export function standInFaultsFromEnv(env: NodeJS.ProcessEnv = process.env) {
  try {
    return { b1: b1FaultsFromEnv(env), webpay: webpayFaultsFromEnv(env), khipu: khipuFaultsFromEnv(env) };
  } catch (err) {
    if (err instanceof FaultInputError) throw new Error(`Configuración de fallas de los sustitutos: ${err.message}`, { cause: err });
    throw err;
  }
}

/** The SAP B1 Service Layer stand-in on a loopback port, with its demo company and the B1_STANDIN_* faults. */
export async function startB1StandIn(
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ url: string; company: string; user: string; password: string; issuer: Config['issuer']; faults: FaultControl; close(): Promise<void> }> {
  const envFaults = standInFaultsFromEnv(env).b1;
  // the demo company's account documents are dated from today (Chile): an invoice due in 3 days, one inside its claim window
  const mock: B1Mock = await startB1Mock({ port: standInPort('B1_STANDIN_PORT', env), host: '127.0.0.1', accountReferenceDate: chileTodayIso() });
  applyEnvFaults(mock, envFaults);
  return {
    url: mock.url, company: 'SBODEMOCL', user: 'manager', password: 'manager',
    // the wholesaler that issues the stand-in's DTEs, for the statement of account when ISSUER_* say nothing
    issuer: { name: EMISOR.razonSocial, rut: EMISOR.rut, address: `${EMISOR.direccion}, ${EMISOR.comuna}`, email: 'cobranzas@mayorista-demo.example', phone: '+56 2 2345 6789' },
    faults: standInFaultControls({ b1: mock })[0]!,
    close: () => mock.close(),
  };
}

/** The WebPay Plus stand-in (card form included) on a loopback port, with Transbank's public integration keys. */
export async function startWebpayStandIn(
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ url: string; commerceCode: string; apiKey: string; faults: FaultControl; close(): Promise<void> }> {
  const envFaults = standInFaultsFromEnv(env).webpay;
  const mock: WebpayMock = await startWebpayMock({ port: standInPort('WEBPAY_STANDIN_PORT', env), host: '127.0.0.1' });
  applyEnvFaults(mock, envFaults);
  return {
    url: mock.url, commerceCode: mock.commerceCode, apiKey: mock.apiKey,
    faults: standInFaultControls({ webpay: mock })[0]!,
    close: () => mock.close(),
  };
}

/**
 * The Khipu v3 stand-in (payer page and signed notifications) on a loopback port. Its notifications retry every
 * 10 s at first (Khipu waits longer), so a portal that was still starting gets them soon. KHIPU_STANDIN_NOTIFY_DELAY
 * (or its older name KHIPU_STANDIN_NOTIFY_DELAY_MS) postpones the first one, e.g. to watch the reconciler settle a
 * payment.
 */
export async function startKhipuStandIn(
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ url: string; apiKey: string; secret: string; receiverId: number; faults: FaultControl; close(): Promise<void> }> {
  const envFaults = standInFaultsFromEnv(env).khipu;
  const mock: KhipuMock = await startKhipuMock({
    port: standInPort('KHIPU_STANDIN_PORT', env),
    host: '127.0.0.1',
    notifyRetry: { initialDelayMs: 10_000, maxDelayMs: 10 * 60_000 },
  });
  applyEnvFaults(mock, envFaults);
  return {
    url: mock.url, apiKey: mock.apiKey, secret: mock.secret, receiverId: mock.receiverId,
    faults: standInFaultControls({ khipu: mock })[0]!,
    close: () => mock.close(),
  };
}

/**
 * Adds the control API of the stand-ins' faults (GET/PUT/DELETE /api/dev/faults[/:standIn], loopback callers only)
 * to the portal, only in the embedded mode (no DATABASE_URL), never with NODE_ENV=production, and only for the
 * stand-ins running (a real ERP or provider configured has none). Answers whether it was added. Call before listen.
 */
export async function registerFaultControl(
  app: FastifyInstance,
  options: { embedded: boolean; standIns: Array<{ faults: FaultControl } | FaultControl | undefined>; env?: NodeJS.ProcessEnv },
): Promise<boolean> {
  const env = options.env ?? process.env;
  const controls = options.standIns.flatMap((s) => (!s ? [] : 'faults' in s ? [s.faults] : [s]));
  if (!options.embedded || env.NODE_ENV === 'production' || controls.length === 0) return false;
  await app.register(faultRoutes, { controls });
  app.log.info({ standIns: controls.map((c) => c.name) }, 'fallas a pedido de los sustitutos en /api/dev/faults (solo desde esta máquina)');
  return true;
}

export interface EmbeddedServices {
  demoUsers: SeedUser[];
  /** Printed at start-up so a person can try the portal at once. */
  demoLogins: { rut: string; password: string; note: string }[];
  close(): Promise<void>;
}

export async function startEmbeddedServices(): Promise<EmbeddedServices> {
  return {
    demoUsers: demoSeedUsers(),
    demoLogins: [...DEMO_ACCOUNTS.map((a) => ({ rut: a.rut, password: a.password, note: a.note })), ...demoPeopleLogins(), ...demoRepLogins()],
    close: async () => {},
  };
}
