import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AdminUserPage, AdminUserRow } from '@shared/api/adminUsers';
import { CSV_MAX_ROWS } from '@shared/api/lists';
import { USER_MSG, USER_TYPE_LABELS, type UserListQuery } from '@shared/schemas/users';
import type { Db } from '../db/connect';
import { users, type UserRow } from '../db/schema';
import type { CsvColumn } from '../http/csv';
import { assertExportable, containsPattern, foldText, pageWindow } from '../http/listQuery';
import type { SessionUser } from '../plugins/auth';
import { CompanyNames } from '../profile/companyNames';
import { toAdminUser } from './users.service';

// 'Usuarios' page by page (GET /api/admin/users/list): search by rut, e-mail or company name, filters by role and state,
// sort by any column, and the buyer's company from the ERP (CompanyNames: batched reads, kept a few minutes).

const SORTS: Record<Exclude<UserListQuery['sort'], 'companyName'>, SQL> = {
  id: sql`${users.id}`,
  username: sql`${users.username}`,
  email: sql`lower(${users.email})`,
  address: sql`lower(${users.address})`,
  cellphone: sql`${users.cellphone}`,
  enabled: sql`${users.enabled}`,
  userType: sql`${users.userType}`,
  createdAt: sql`${users.createdAt}`,
};

export const USER_CSV: CsvColumn<AdminUserRow>[] = [
  { header: 'Id', value: (u) => u.id },
  { header: 'Rut', value: (u) => u.username },
  { header: 'Empresa', value: (u) => u.companyName },
  { header: 'Código cliente', value: (u) => u.cardCode },
  { header: 'Email', value: (u) => u.email },
  { header: 'Dirección', value: (u) => u.address },
  { header: 'Teléfono', value: (u) => u.cellphone },
  { header: 'Rol', value: (u) => USER_TYPE_LABELS[u.userType] },
  { header: 'Estado', value: (u) => (u.enabled ? USER_MSG.active : USER_MSG.inactive) },
  { header: 'Debe cambiar contraseña', value: (u) => u.mustChangePassword },
  { header: 'Creado', value: (u) => new Date(u.createdAt) },
];

export class AdminUserList {
  constructor(private readonly deps: { db: Db; companies: CompanyNames }) {}

  async page(actor: SessionUser, query: UserListQuery): Promise<AdminUserPage> {
    const { rows, total } = await this.select(actor, query, false);
    return { rows, total, page: query.page, pageSize: query.pageSize };
  }

  async exportRows(actor: SessionUser, query: UserListQuery): Promise<AdminUserRow[]> {
    return (await this.select(actor, query, true)).rows;
  }

  private async select(actor: SessionUser, query: UserListQuery, csv: boolean): Promise<{ rows: AdminUserRow[]; total: number }> {
    const where = await this.conditions(actor, query);
    const [count] = await this.deps.db.select({ n: sql<number>`count(*)::int` }).from(users).where(where);
    const total = Number(count?.n ?? 0);
    if (csv) assertExportable(total);
    const window = pageWindow(query, csv);
    const order = query.dir === 'asc' ? asc : desc;
    let rows: UserRow[];
    let names: Map<string, { cardCode: string; name: string } | null>;
    if (query.sort === 'companyName') {
      const all = await this.deps.db.select().from(users).where(where).orderBy(asc(users.id)).limit(CSV_MAX_ROWS);
      names = await this.namesOf(all);
      const nameOf = (u: UserRow) => names.get(CompanyNames.rutKey(u.username))?.name ?? '';
      const sign = query.dir === 'asc' ? 1 : -1;
      all.sort((a, b) => sign * nameOf(a).localeCompare(nameOf(b), 'es', { sensitivity: 'base' }) || a.id - b.id);
      rows = all.slice(window.offset, window.offset + window.limit);
    } else {
      rows = await this.deps.db.select().from(users).where(where).orderBy(order(SORTS[query.sort]), order(users.id)).limit(window.limit).offset(window.offset);
      names = await this.namesOf(rows);
    }
    return {
      total,
      rows: rows.map((u) => {
        const company = u.userType === 'USER' ? names.get(CompanyNames.rutKey(u.username)) : undefined;
        return {
          ...toAdminUser(u),
          cardCode: company?.cardCode ?? null,
          companyName: company?.name ?? null,
          mustChangePassword: u.mustChangePassword,
          createdAt: u.createdAt.toISOString(),
        };
      }),
    };
  }

  /** The ERP companies of the buyers among `rows` (staff have none). */
  private namesOf(rows: readonly UserRow[]) {
    return this.deps.companies.ofRuts(rows.filter((u) => u.userType === 'USER').map((u) => u.username));
  }

  private async conditions(actor: SessionUser, query: UserListQuery): Promise<SQL | undefined> {
    const where: SQL[] = [];
    // an ADMIN keeps only buyers (users.service.ts: mayManage)
    if (actor.role !== 'SUPERADMIN') where.push(eq(users.userType, 'USER'));
    if (query.role) where.push(eq(users.userType, query.role));
    if (query.state) where.push(eq(users.enabled, query.state === 'active'));
    if (query.q) {
      const text = query.q.trim();
      const any: SQL[] = [ilike(users.email, containsPattern(text))];
      const compact = text.toUpperCase().replace(/[.\-\s]/g, '');
      if (/^[0-9K]{2,}$/.test(compact)) any.push(sql`replace(replace(upper(${users.username}), '.', ''), '-', '') like ${containsPattern(compact)}`);
      const named = await this.usernamesNamed(text);
      if (named.length) any.push(inArray(users.username, named));
      where.push(or(...any)!);
    }
    return where.length ? and(...where) : undefined;
  }

  /** The buyers whose ERP company name contains `q` (accents and case aside). */
  private async usernamesNamed(q: string): Promise<string[]> {
    const text = foldText(q);
    if (text.length < 2) return [];
    const buyers = await this.deps.db.select({ username: users.username }).from(users).where(eq(users.userType, 'USER'));
    const names = await this.deps.companies.ofRuts(buyers.map((b) => b.username));
    return buyers.filter((b) => {
      const ref = names.get(CompanyNames.rutKey(b.username));
      return ref ? foldText(ref.name).includes(text) : false;
    }).map((b) => b.username);
  }
}
