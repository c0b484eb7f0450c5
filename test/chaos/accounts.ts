// The demo accounts the schedules use: four buyers that can order (three with a credit line) and the administrator
// who re-drives failed jobs through the admin API. Every portal database of the harness is seeded with these, in this
// order, so a user has the same id in all of them.
import { DEMO_ACCOUNTS } from '@mocks/demo/accounts';
import type { Database } from '@server/db/connect';
import { seedUsers } from '@server/db/seed';
import { UsersRepo } from '@server/users/users.repo';

export const BUYER_RUTS = ['76.123.456-0', '76.234.567-6', '77.345.678-K', '79.012.345-K'] as const;
/** Buyers with a credit line (the one with limit 0 buys by card or reserves). */
export const CREDIT_BUYERS: ReadonlySet<string> = new Set(['76.123.456-0', '76.234.567-6', '79.012.345-K']);
export const ADMIN_RUT = '11.111.111-1';

const SEEDED = DEMO_ACCOUNTS.filter((a) => a.rut === ADMIN_RUT || (BUYER_RUTS as readonly string[]).includes(a.rut));

/** The ERP CardCode of a buyer's rut. */
export function cardCodeOf(rut: string): string {
  const account = DEMO_ACCOUNTS.find((a) => a.rut === rut);
  if (!account?.erp) throw new Error(`no ERP side for ${rut}`);
  return account.erp.cardCode;
}

export function passwordOf(rut: string): string {
  const account = DEMO_ACCOUNTS.find((a) => a.rut === rut);
  if (!account) throw new Error(`no demo account ${rut}`);
  return account.password;
}

export async function seedChaosUsers(database: Database): Promise<void> {
  await seedUsers(new UsersRepo(database.db), SEEDED);
}
