// The one start-up switch that reaches into mocks/: with no external system configured, the portal
// runs on the protocol-faithful stand-ins and seeds the demo accounts. Nothing else in src/server imports mocks/.
import { DEMO_ACCOUNTS } from '../../mocks/demo/accounts';
import type { SeedUser } from './db/seed';

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
