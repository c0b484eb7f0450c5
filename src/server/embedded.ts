// The one start-up switch that reaches into mocks/: with no external system configured, the portal
// runs on the protocol-faithful stand-ins and seeds the demo accounts. Nothing else in src/server imports mocks/.
import { startB1Mock, type B1Mock } from '../../mocks/b1/server';
import { DEMO_ACCOUNTS } from '../../mocks/demo/accounts';
import type { SeedUser } from './db/seed';

/** A fixed loopback port for a stand-in (`B1_STANDIN_PORT`…), so a person or a browser test can look inside it; 0 = any. */
export function standInPort(name: string): number {
  const port = Number(process.env[name] ?? 0);
  return Number.isInteger(port) && port > 0 && port < 65536 ? port : 0;
}

/** The SAP B1 Service Layer stand-in on a loopback port, with its demo company. */
export async function startB1StandIn(): Promise<{ url: string; company: string; user: string; password: string; close(): Promise<void> }> {
  const mock: B1Mock = await startB1Mock({ port: standInPort('B1_STANDIN_PORT'), host: '127.0.0.1' });
  return { url: mock.url, company: 'SBODEMOCL', user: 'manager', password: 'manager', close: () => mock.close() };
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
