// The one start-up switch that reaches into mocks/: with no external system configured, the portal
// runs on the protocol-faithful stand-ins and seeds the demo accounts. Nothing else in src/server imports mocks/.
import { startB1Mock, type B1Mock } from '@mocks/b1/server';
import { DEMO_ACCOUNTS } from '@mocks/demo/accounts';
import { startKhipuMock, type KhipuMock } from '@mocks/khipu/server';
import { startWebpayMock, type WebpayMock } from '@mocks/webpay/server';
import type { SeedUser } from './db/seed';

/** A fixed loopback port for a stand-in (`B1_STANDIN_PORT`…), so a person or a browser test can look inside it; 0 = any. */
export function standInPort(name: string): number {
  const port = Number(process.env[name] ?? 0);
  return Number.isInteger(port) && port > 0 && port < 65536 ? port : 0;
}

function envMs(name: string): number {
  const ms = Number(process.env[name] ?? 0);
  return Number.isFinite(ms) && ms > 0 ? ms : 0;
}

/** The SAP B1 Service Layer stand-in on a loopback port, with its demo company. */
export async function startB1StandIn(): Promise<{ url: string; company: string; user: string; password: string; close(): Promise<void> }> {
  const mock: B1Mock = await startB1Mock({ port: standInPort('B1_STANDIN_PORT'), host: '127.0.0.1' });
  return { url: mock.url, company: 'SBODEMOCL', user: 'manager', password: 'manager', close: () => mock.close() };
}

/** The WebPay Plus stand-in (card form included) on a loopback port, with Transbank's public integration keys. */
export async function startWebpayStandIn(): Promise<{ url: string; commerceCode: string; apiKey: string; close(): Promise<void> }> {
  const mock: WebpayMock = await startWebpayMock({ port: standInPort('WEBPAY_STANDIN_PORT'), host: '127.0.0.1' });
  return { url: mock.url, commerceCode: mock.commerceCode, apiKey: mock.apiKey, close: () => mock.close() };
}

/**
 * The Khipu v3 stand-in (payer page and signed notifications) on a loopback port. Its notifications retry every
 * 10 s at first (Khipu waits longer), so a portal that was still starting gets them soon.
 */
export async function startKhipuStandIn(): Promise<{ url: string; apiKey: string; secret: string; receiverId: number; close(): Promise<void> }> {
  const mock: KhipuMock = await startKhipuMock({
    port: standInPort('KHIPU_STANDIN_PORT'),
    host: '127.0.0.1',
    // KHIPU_STANDIN_NOTIFY_DELAY_MS postpones the first notification, e.g. to watch the reconciler settle a payment.
    notifyRetry: { firstDelayMs: envMs('KHIPU_STANDIN_NOTIFY_DELAY_MS'), initialDelayMs: 10_000, maxDelayMs: 10 * 60_000 },
  });
  return { url: mock.url, apiKey: mock.apiKey, secret: mock.secret, receiverId: mock.receiverId, close: () => mock.close() };
}

export interface EmbeddedServices {
  demoUsers: SeedUser[];
  /** Printed at start-up so a person can try the portal at once. */
  demoLogins: { rut: string; password: string; note: string }[];
  close(): Promise<void>;
}

export async function startEmbeddedServices(): Promise<EmbeddedServices> {
  return {
    demoUsers: DEMO_ACCOUNTS.map((a) => ({
      rut: a.rut,
      password: a.password,
      role: a.role,
      enabled: a.enabled,
      mustChangePassword: a.mustChangePassword,
      email: a.email,
      address: a.address,
      cellphone: a.cellphone,
    })),
    demoLogins: DEMO_ACCOUNTS.map((a) => ({ rut: a.rut, password: a.password, note: a.note })),
    close: async () => {},
  };
}
