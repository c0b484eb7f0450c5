// The demo accounts the schedules use: four buyers that can order (three with a credit line), the administrator
// who re-drives failed jobs through the admin API, two people of 76.123.456-0: a Comprador whose every order
// waits for the company's approval (limit 0) and the Aprobador who decides on them, and a sales rep who orders for
// two of the companies. Every portal database of the
// harness is seeded with these, in this order, so a user has the same id in all of them.
import { DEMO_ACCOUNTS } from '@mocks/demo/accounts';
import { DEMO_PEOPLE } from '@mocks/demo/people';
import { demoSeedUsers } from '@mocks/demo/seedList';
import type { Database } from '@server/db/connect';
import { seedUsers } from '@server/db/seed';
import { UsersRepo } from '@server/users/users.repo';

export const BUYER_RUTS = ['76.123.456-0', '76.234.567-6', '77.345.678-K', '79.012.345-K'] as const;
/** Buyers with a credit line (the one with limit 0 buys by card or reserves). */
export const CREDIT_BUYERS: ReadonlySet<string> = new Set(['76.123.456-0', '76.234.567-6', '79.012.345-K']);
export const ADMIN_RUT = '11.111.111-1';
/** The Comprador of 76.123.456-0 (seeded with limit 0: every order of theirs waits for the company) and its Aprobador. */
export const COMPANY_BUYER_RUT = '18.901.234-9';
export const COMPANY_APPROVER_RUT = '12.456.789-0';
/**
 * A sales rep (clientes asignados: sales employee 1 in the ERP) and the customers of theirs they order for: the
 * company logins 76.123.456-0 and 76.234.567-6 shop in the same schedules, each from its own cart.
 */
export const REP_RUT = '13.579.246-2';
export const REP_SALES_PERSON_CODE = 1;
export const REP_CUSTOMERS = ['C76123456', 'C76234567'] as const;

const ACCOUNT_RUTS = new Set<string>([ADMIN_RUT, ...BUYER_RUTS]);
const PEOPLE_RUTS = new Set<string>([COMPANY_BUYER_RUT, COMPANY_APPROVER_RUT, REP_RUT]);
// as the demo seeds them (the company login linked to its Administrador contact), the accounts first, then the people
const SEEDED = demoSeedUsers()
  .filter((u) => ACCOUNT_RUTS.has(u.rut) || PEOPLE_RUTS.has(u.rut))
  .map((u) => (u.rut === COMPANY_BUYER_RUT ? { ...u, monthlyLimit: 0 } : u));

/** The ERP CardCode of a buyer's rut. */
export function cardCodeOf(rut: string): string {
  const person = DEMO_PEOPLE.find((p) => p.rut === rut);
  if (person) return person.cardCode;
  const account = DEMO_ACCOUNTS.find((a) => a.rut === rut);
  if (!account?.erp) throw new Error(`no ERP side for ${rut}`);
  return account.erp.cardCode;
}

export function passwordOf(rut: string): string {
  if (rut === REP_RUT) return 'Demo1234';
  const person = DEMO_PEOPLE.find((p) => p.rut === rut);
  if (person) return person.password;
  const account = DEMO_ACCOUNTS.find((a) => a.rut === rut);
  if (!account) throw new Error(`no demo account ${rut}`);
  return account.password;
}

export async function seedChaosUsers(database: Database): Promise<void> {
  await seedUsers(new UsersRepo(database.db), SEEDED);
}
