import type { AdminUserPage, AdminUserRow } from '@shared/api/adminUsers';
import { CSV_MAX_ROWS } from '@shared/api/lists';
import { USER_MSG, USER_TYPE_LABELS, type UserListQuery } from '@shared/schemas/users';
import type { Db } from '../db/connect';
import type { UserRow } from '../db/schema';
import type { CsvColumn } from '../http/csv';
import { assertExportable, foldText, pageWindow } from '../http/listQuery';
import type { SessionUser } from '../plugins/auth';
import { CompanyNames } from '../profile/companyNames';
import { UserListRepo, type UserListFilter } from './userList.repo';
import { toAdminUser } from './users.service';

// 'Usuarios' page by page (GET /api/admin/users/list): search by rut, e-mail or company name, filters by role and state,
// sort by any column, and the buyer's company from the ERP (CompanyNames: batched reads, kept a few minutes).

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
  private readonly repo: UserListRepo;

  constructor(private readonly deps: { db: Db; companies: CompanyNames }) {
    this.repo = new UserListRepo(deps.db);
  }

  async page(actor: SessionUser, query: UserListQuery): Promise<AdminUserPage> {
    const { rows, total } = await this.select(actor, query, false);
    return { rows, total, page: query.page, pageSize: query.pageSize };
  }

  async exportRows(actor: SessionUser, query: UserListQuery): Promise<AdminUserRow[]> {
    return (await this.select(actor, query, true)).rows;
  }

  private async select(actor: SessionUser, query: UserListQuery, csv: boolean): Promise<{ rows: AdminUserRow[]; total: number }> {
    const filter = await this.filterOf(actor, query);
    const total = await this.repo.count(filter);
    if (csv) assertExportable(total);
    const window = pageWindow(query, csv);
    let rows: UserRow[];
    let names: Map<string, { cardCode: string; name: string } | null>;
    if (query.sort === 'companyName') {
      const all = await this.repo.firstById(filter, CSV_MAX_ROWS);
      names = await this.namesOf(all);
      const nameOf = (u: UserRow) => names.get(CompanyNames.rutKey(u.username))?.name ?? '';
      const sign = query.dir === 'asc' ? 1 : -1;
      all.sort((a, b) => sign * nameOf(a).localeCompare(nameOf(b), 'es', { sensitivity: 'base' }) || a.id - b.id);
      rows = all.slice(window.offset, window.offset + window.limit);
    } else {
      rows = await this.repo.page(filter, query.sort, query.dir, window);
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

  private async filterOf(actor: SessionUser, query: UserListQuery): Promise<UserListFilter> {
    const text = query.q?.trim();
    return {
      // an ADMIN keeps only buyers (users.service.ts: mayManage)
      onlyBuyers: actor.role !== 'SUPERADMIN',
      role: query.role,
      state: query.state,
      ...(query.q ? { text, usernames: await this.usernamesNamed(text ?? '') } : {}),
    };
  }

  /** The buyers whose ERP company name contains `q` (accents and case aside). */
  private async usernamesNamed(q: string): Promise<string[]> {
    const text = foldText(q);
    if (text.length < 2) return [];
    const buyers = await this.repo.buyerUsernames();
    const names = await this.deps.companies.ofRuts(buyers);
    return buyers.filter((username) => {
      const ref = names.get(CompanyNames.rutKey(username));
      return ref ? foldText(ref.name).includes(text) : false;
    });
  }
}
