import type { AdminUserPage, AdminUserRow } from '@shared/api/adminUsers';
import type { SalesEmployee } from '@shared/api/erp';
import { CSV_MAX_ROWS } from '@shared/api/lists';
import { COMPANY_ROLE_LABELS } from '@shared/companyRoles';
import { REP_SCOPE_LABELS } from '@shared/roles';
import { USER_MSG, USER_TYPE_LABELS, type UserListQuery } from '@shared/schemas/users';
import type { Db } from '../db/connect';
import type { UserRow } from '../db/schema';
import type { CsvColumn } from '../http/csv';
import { assertExportable, foldText, pageWindow } from '../http/listQuery';
import type { SessionUser } from '../plugins/auth';
import { CompanyNames } from '../profile/companyNames';
import { UserListRepo, type UserListFilter } from './userList.repo';
import { toAdminUser } from './users.service';

// 'Usuarios' page by page (GET /api/admin/users/list): search by rut, e-mail, name or company name, filters by role,
// state, company and role inside it, sort by any column, and each buyer's company (its rut, role inside it and its ERP
// name: CompanyNames, batched reads kept a few minutes).

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
  { header: 'Nombre', value: (u) => u.fullName },
  { header: 'Rut empresa', value: (u) => u.companyRut },
  { header: 'Rol en la empresa', value: (u) => (u.companyRole ? COMPANY_ROLE_LABELS[u.companyRole] : '') },
  { header: 'Límite mensual', value: (u) => u.monthlyLimit },
  { header: 'Código empleado de ventas', value: (u) => u.salesPersonCode },
  { header: 'Empleado de ventas', value: (u) => u.salesPersonName },
  { header: 'Clientes del vendedor', value: (u) => (u.repScope ? REP_SCOPE_LABELS[u.repScope] : '') },
];

/** How long the ERP's sales employees' names are kept for the list (they change rarely; a page is not an ERP trip). */
export const SALES_PERSON_NAMES_MS = 60_000;

export class AdminUserList {
  private readonly repo: UserListRepo;

  private employees: { at: number; names: Map<number, string> } | null = null;

  constructor(
    private readonly deps: {
      db: Db;
      companies: CompanyNames;
      /** The ERP's sales employees (every one, active or not), for the names of the reps' employees. */
      salesPersons?: () => Promise<readonly SalesEmployee[]>;
      now?: () => number;
    },
  ) {
    this.repo = new UserListRepo(deps.db);
  }

  /** The names of the ERP's sales employees by code, kept SALES_PERSON_NAMES_MS; empty when the ERP does not answer. */
  private async employeeNames(rows: readonly UserRow[]): Promise<Map<number, string>> {
    if (!this.deps.salesPersons || !rows.some((u) => u.userType === 'VENDEDOR')) return new Map();
    const now = (this.deps.now ?? Date.now)();
    if (this.employees && now - this.employees.at < SALES_PERSON_NAMES_MS) return this.employees.names;
    try {
      const names = new Map((await this.deps.salesPersons()).map((e) => [e.code, e.name]));
      this.employees = { at: now, names };
      return names;
    } catch {
      // the list still answers; the names are missing until the ERP answers again
      return this.employees?.names ?? new Map();
    }
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
      const nameOf = (u: UserRow) => names.get(CompanyNames.rutKey(u.companyRut))?.name ?? '';
      const sign = query.dir === 'asc' ? 1 : -1;
      all.sort((a, b) => sign * nameOf(a).localeCompare(nameOf(b), 'es', { sensitivity: 'base' }) || a.id - b.id);
      rows = all.slice(window.offset, window.offset + window.limit);
    } else {
      rows = await this.repo.page(filter, query.sort, query.dir, window);
      names = await this.namesOf(rows);
    }
    const employees = await this.employeeNames(rows);
    return {
      total,
      rows: rows.map((u) => {
        const company = u.userType === 'USER' ? names.get(CompanyNames.rutKey(u.companyRut)) : undefined;
        return {
          ...toAdminUser(u),
          cardCode: company?.cardCode ?? null,
          companyName: company?.name ?? null,
          salesPersonName: u.userType === 'VENDEDOR' && u.salesPersonCode !== null ? (employees.get(u.salesPersonCode) ?? null) : null,
          mustChangePassword: u.mustChangePassword,
          createdAt: u.createdAt.toISOString(),
        };
      }),
    };
  }

  /** The ERP companies of the buyers among `rows` (staff have none). */
  private namesOf(rows: readonly UserRow[]) {
    return this.deps.companies.ofRuts(rows.filter((u) => u.userType === 'USER').map((u) => u.companyRut));
  }

  private async filterOf(actor: SessionUser, query: UserListQuery): Promise<UserListFilter> {
    const text = query.q?.trim();
    return {
      // an ADMIN keeps only buyers and sales reps (users.service.ts: mayManage)
      onlyBuyers: actor.role !== 'SUPERADMIN',
      role: query.role,
      state: query.state,
      company: query.company,
      companyRole: query.companyRole,
      ...(query.q ? { text, companyRuts: await this.companiesNamed(text ?? '') } : {}),
    };
  }

  /** The companies (their ruts) whose ERP name contains `q` (accents and case aside). */
  private async companiesNamed(q: string): Promise<string[]> {
    const text = foldText(q);
    if (text.length < 2) return [];
    const companies = await this.repo.companyRuts();
    const names = await this.deps.companies.ofRuts(companies);
    return companies.filter((rut) => {
      const ref = names.get(CompanyNames.rutKey(rut));
      return ref ? foldText(ref.name).includes(text) : false;
    });
  }
}
