import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { formatRut } from '@shared/rut';
import type { Db, DbOrTx, Tx } from '../db/connect';
import { orders, payments, users, type NewUser, type UserRow } from '../db/schema';

/** Key of the transaction lock that serializes changes to existing users. */
const USER_CHANGES_LOCK = 7_001;

/** The fields an admin changes on a user. */
export type UserChanges = Partial<
  Pick<UserRow, 'email' | 'address' | 'cellphone' | 'enabled' | 'userType' | 'passwordHash' | 'mustChangePassword' | 'fullName' | 'salesPersonCode' | 'repScope'>
>;

/** Usernames are kept as formatted ruts; any writing of the same rut finds the same user. */
export const normalizeUsername = (username: string) => formatRut(username.trim());

/** The row a new user is stored as: the username normalised; a buyer (USER) given no company is its own company's login. */
function withCompany(user: NewUser): NewUser {
  const username = normalizeUsername(user.username);
  const companyRut = user.companyRut ? normalizeUsername(user.companyRut) : (user.userType ?? 'USER') === 'USER' ? username : '';
  return { ...user, username, companyRut };
}

export class UsersRepo {
  constructor(private readonly db: Db) {}

  /** Runs `work` in one transaction of this repo's database. */
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** Every user by id, or only the buyers and the sales reps (USER, VENDEDOR: what an ADMIN manages). */
  async list(onlyBuyers: boolean): Promise<UserRow[]> {
    return this.db
      .select()
      .from(users)
      .where(onlyBuyers ? inArray(users.userType, ['USER', 'VENDEDOR']) : undefined)
      .orderBy(asc(users.id));
  }

  async findByUsername(username: string, q: DbOrTx = this.db): Promise<UserRow | undefined> {
    const [row] = await q.select().from(users).where(eq(users.username, normalizeUsername(username))).limit(1);
    return row;
  }

  /** The person of a company with this e-mail (case aside), if any. */
  async findByCompanyEmail(companyRut: string, email: string, q: DbOrTx = this.db): Promise<UserRow | undefined> {
    const [row] = await q
      .select()
      .from(users)
      .where(and(eq(users.companyRut, normalizeUsername(companyRut)), sql`lower(${users.email}) = lower(${email})`))
      .limit(1);
    return row;
  }

  async findById(id: number, q: DbOrTx = this.db): Promise<UserRow | undefined> {
    const [row] = await q.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(users);
    return row?.n ?? 0;
  }

  /** A new user; a buyer (USER) given no company is its own company's login (its rut is the company's). */
  async insert(user: NewUser, q: DbOrTx = this.db): Promise<UserRow> {
    const [row] = await q.insert(users).values(withCompany(user)).returning();
    return row!;
  }

  /**
   * A new user unless one with that username exists (insert … on conflict do nothing): the start-up seeds, which a
   * second instance may run on a database the first one has just seeded. Answers the new row, or undefined.
   */
  async insertIfAbsent(user: NewUser, q: DbOrTx = this.db): Promise<UserRow | undefined> {
    const [row] = await q.insert(users).values(withCompany(user)).onConflictDoNothing({ target: users.username }).returning();
    return row;
  }

  /** New password: clears the must-change flag and revokes every token issued before. */
  async setPassword(id: number, passwordHash: string): Promise<void> {
    await this.db
      .update(users)
      .set({ passwordHash, mustChangePassword: false, tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, id));
  }

  /** An admin's change of a user; `revokeTokens` raises the token version, so the user's sessions end. */
  async update(tx: Tx, id: number, changes: UserChanges, revokeTokens: boolean): Promise<UserRow> {
    // a company login made an admin acts for no company; an admin made a buyer is its own company's login again
    const company =
      changes.userType === undefined ? {} : { companyRut: changes.userType === 'USER' ? sql`case when ${users.companyRut} = '' then ${users.username} else ${users.companyRut} end` : sql`''` };
    const [row] = await tx
      .update(users)
      .set({ ...changes, ...company, ...(revokeTokens ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}) })
      .where(eq(users.id, id))
      .returning();
    return row!;
  }

  async delete(tx: Tx, id: number): Promise<void> {
    await tx.delete(users).where(eq(users.id, id));
  }

  /** Whether the user has orders or payments (its history keeps it). */
  async hasHistory(tx: Tx, userId: number): Promise<boolean> {
    const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId)).limit(1);
    if (order) return true;
    const [payment] = await tx.select({ id: payments.id }).from(payments).where(eq(payments.userId, userId)).limit(1);
    return Boolean(payment);
  }

  /** Whether an enabled SUPERADMIN other than `exceptId` exists. */
  async anotherEnabledSuperadmin(tx: Tx, exceptId: number): Promise<boolean> {
    const others = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.userType, 'SUPERADMIN'), eq(users.enabled, true), ne(users.id, exceptId)))
      .limit(1);
    return others.length > 0;
  }

  /**
   * Admin changes to existing users run one at a time (they are rare): two admins demoting or deleting the last two
   * SUPERADMINs at once cannot both succeed, and no two transactions wait on each other's rows.
   */
  async lockChanges(tx: Tx): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${USER_CHANGES_LOCK})`);
  }
}
