import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { CompanyRole } from '@shared/companyRoles';
import type { DbOrTx, Tx } from '../db/connect';
import { users, type UserRow } from '../db/schema';

/** First key of the per-company transaction lock (the second is the hash of the company's rut). */
const COMPANY_PEOPLE_LOCK = 7_002;

/** What the company's administrator changes on a person. */
export type PersonChanges = Partial<Pick<UserRow, 'companyRole' | 'monthlyLimit' | 'fullName' | 'cellphone' | 'enabled'>>;

/** The people of a buying company: the portal users whose company is its rut (docs/company-people.md). */
export class PeopleRepo {
  constructor(private readonly db: DbOrTx) {}

  /** The company's people (its own login included), oldest first. */
  async list(companyRut: string): Promise<UserRow[]> {
    return this.db
      .select()
      .from(users)
      .where(and(eq(users.companyRut, companyRut), eq(users.userType, 'USER')))
      .orderBy(asc(users.id));
  }

  /** The person with this e-mail in the company (case-insensitive), if any. */
  async byEmail(companyRut: string, email: string, q: DbOrTx = this.db): Promise<UserRow | undefined> {
    const [row] = await q
      .select()
      .from(users)
      .where(and(eq(users.companyRut, companyRut), sql`lower(${users.email}) = lower(${email})`))
      .limit(1);
    return row;
  }

  /**
   * Changes to one company's people run one at a time (a transaction lock per company): two administrators demoting
   * or deactivating each other at once cannot both succeed, and other companies are not held up.
   */
  async lockCompany(tx: Tx, companyRut: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${COMPANY_PEOPLE_LOCK}, hashtext(${companyRut}))`);
  }

  /** Whether the company has an active Administrador other than `exceptId`. */
  async anotherActiveAdministrator(tx: DbOrTx, companyRut: string, exceptId: number): Promise<boolean> {
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyRut, companyRut), eq(users.userType, 'USER'), eq(users.companyRole, 'ADMINISTRADOR' satisfies CompanyRole), eq(users.enabled, true), ne(users.id, exceptId)))
      .limit(1);
    return rows.length > 0;
  }

  /** A change of a person; `revokeTokens` raises the token version, so the person's sessions end. */
  async update(tx: Tx, id: number, changes: PersonChanges, revokeTokens: boolean): Promise<UserRow> {
    const [row] = await tx
      .update(users)
      .set({ ...changes, ...(revokeTokens ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}) })
      .where(eq(users.id, id))
      .returning();
    return row!;
  }
}
