import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { CompanyRole } from '@shared/companyRoles';
import type { Role } from '@shared/roles';
import type { UserListQuery } from '@shared/schemas/users';
import type { Db } from '../db/connect';
import { users, type UserRow } from '../db/schema';
import { containsPattern } from '../http/listQuery';

/** The users an admin's list shows: who the admin may see, the filters, and the text searched. */
export interface UserListFilter {
  /** An ADMIN keeps only buyers and sales reps (users.service.ts: mayManage). */
  onlyBuyers: boolean;
  role?: Role;
  state?: 'active' | 'inactive';
  /** One company's people: its rut in any writing. */
  company?: string;
  companyRole?: CompanyRole;
  /**
   * Searched in the e-mail, the person's name, the user's or the company's rut written in any way, and as one of
   * `companyRuts` (the companies whose ERP name matched).
   */
  text?: string;
  companyRuts?: readonly string[];
}

/** A rut column without dots and dashes, upper case: how a rut in any writing is compared. */
const compactColumn = (column: SQL | typeof users.username | typeof users.companyRut) => sql`replace(replace(upper(${column}), '.', ''), '-', '')`;
const compactText = (text: string) => text.toUpperCase().replace(/[.\-\s]/g, '');

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
  fullName: sql`lower(${users.fullName})`,
  companyRut: sql`${users.companyRut}`,
  companyRole: sql`(case when ${users.userType} = 'USER' then ${users.companyRole}::text end)`,
  salesPersonCode: sql`(case when ${users.userType} = 'VENDEDOR' then ${users.salesPersonCode} end)`,
  repScope: sql`(case when ${users.userType} = 'VENDEDOR' then ${users.repScope}::text end)`,
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

  /** The rut of every buyer's company. */
  async companyRuts(): Promise<string[]> {
    return (await this.db.selectDistinct({ rut: users.companyRut }).from(users).where(eq(users.userType, 'USER'))).map((b) => b.rut);
  }

  private where(filter: UserListFilter): SQL | undefined {
    const where: SQL[] = [];
    if (filter.onlyBuyers) where.push(inArray(users.userType, ['USER', 'VENDEDOR']));
    if (filter.role) where.push(eq(users.userType, filter.role));
    if (filter.state) where.push(eq(users.enabled, filter.state === 'active'));
    if (filter.company) where.push(sql`${compactColumn(users.companyRut)} = ${compactText(filter.company)}`);
    if (filter.companyRole) where.push(and(eq(users.userType, 'USER'), eq(users.companyRole, filter.companyRole))!);
    if (filter.text !== undefined) {
      const any: SQL[] = [ilike(users.email, containsPattern(filter.text)), ilike(users.fullName, containsPattern(filter.text))];
      const compact = compactText(filter.text);
      if (/^[0-9K]{2,}$/.test(compact)) {
        for (const rut of [users.username, users.companyRut]) any.push(sql`${compactColumn(rut)} like ${containsPattern(compact)}`);
      }
      if (filter.companyRuts?.length) any.push(inArray(users.companyRut, [...filter.companyRuts]));
      where.push(or(...any)!);
    }
    return where.length ? and(...where) : undefined;
  }
}
