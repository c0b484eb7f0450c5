import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Role } from '@shared/roles';
import type { UserListQuery } from '@shared/schemas/users';
import type { Db } from '../db/connect';
import { users, type UserRow } from '../db/schema';
import { containsPattern } from '../http/listQuery';

/** The users an admin's list shows: who the admin may see, the filters, and the text searched. */
export interface UserListFilter {
  /** An ADMIN keeps only buyers (users.service.ts: mayManage). */
  onlyBuyers: boolean;
  role?: Role;
  state?: 'active' | 'inactive';
  /** Searched in the e-mail, in the rut written in any way, and as one of `usernames` (the buyers whose company matched). */
  text?: string;
  usernames?: readonly string[];
}

/** The sortable columns of the list, bar the company (sorted by the service: the name comes from the ERP). */
export type UserListSort = Exclude<UserListQuery['sort'], 'companyName'>;

const SORTS: Record<UserListSort, SQL> = {
  id: sql`${users.id}`,
  username: sql`${users.username}`,
  email: sql`lower(${users.email})`,
  address: sql`lower(${users.address})`,
  cellphone: sql`${users.cellphone}`,
  enabled: sql`${users.enabled}`,
  userType: sql`${users.userType}`,
  createdAt: sql`${users.createdAt}`,
};

/** The SQL of 'Usuarios' page by page. */
export class UserListRepo {
  constructor(private readonly db: Db) {}

  async count(filter: UserListFilter): Promise<number> {
    const [count] = await this.db.select({ n: sql<number>`count(*)::int` }).from(users).where(this.where(filter));
    return Number(count?.n ?? 0);
  }

  /** One page, sorted by a column and then by id. */
  page(filter: UserListFilter, sort: UserListSort, dir: 'asc' | 'desc', window: { limit: number; offset: number }): Promise<UserRow[]> {
    const order = dir === 'asc' ? asc : desc;
    return this.db.select().from(users).where(this.where(filter)).orderBy(order(SORTS[sort]), order(users.id)).limit(window.limit).offset(window.offset);
  }

  /** Up to `limit` of the matching users by id (to be sorted by the service). */
  firstById(filter: UserListFilter, limit: number): Promise<UserRow[]> {
    return this.db.select().from(users).where(this.where(filter)).orderBy(asc(users.id)).limit(limit);
  }

  /** The ruts of every buyer. */
  async buyerUsernames(): Promise<string[]> {
    return (await this.db.select({ username: users.username }).from(users).where(eq(users.userType, 'USER'))).map((b) => b.username);
  }

  private where(filter: UserListFilter): SQL | undefined {
    const where: SQL[] = [];
    if (filter.onlyBuyers) where.push(eq(users.userType, 'USER'));
    if (filter.role) where.push(eq(users.userType, filter.role));
    if (filter.state) where.push(eq(users.enabled, filter.state === 'active'));
    if (filter.text !== undefined) {
      const any: SQL[] = [ilike(users.email, containsPattern(filter.text))];
      const compact = filter.text.toUpperCase().replace(/[.\-\s]/g, '');
      if (/^[0-9K]{2,}$/.test(compact)) any.push(sql`replace(replace(upper(${users.username}), '.', ''), '-', '') like ${containsPattern(compact)}`);
      if (filter.usernames?.length) any.push(inArray(users.username, [...filter.usernames]));
      where.push(or(...any)!);
    }
    return where.length ? and(...where) : undefined;
  }
}
