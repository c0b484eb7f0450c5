import type { CompanyRole } from '@shared/companyRoles';
import type { RepScope, Role } from '@shared/roles';
import { isValidRut } from '@shared/rut';
import { hashPassword } from '../security/passwords';
import type { UsersRepo } from '../users/users.repo';
import type { NewUser } from './schema';

export interface SeedUser {
  rut: string;
  password: string;
  role: Role;
  enabled: boolean;
  mustChangePassword: boolean;
  email: string;
  address: string;
  cellphone: string;
  /** A person of a buying company: the company's rut (default: a buyer is its own company's login), role, limit. */
  companyRut?: string;
  companyRole?: CompanyRole;
  monthlyLimit?: number | null;
  fullName?: string;
  contactCode?: number | null;
  /** A sales rep (VENDEDOR): their ERP sales employee and which customers they may represent. */
  salesPersonCode?: number | null;
  repScope?: RepScope | null;
}

/**
 * Demo users of the embedded default, only into an empty database, in one transaction (a start that dies half-way
 * leaves none, and the next start seeds them all). Returns how many were created. Each is inserted unless its
 * username exists, so a second instance that gets here on a database another one has just seeded creates nothing and
 * fails on nothing; start-up runs it under the start-up lock besides (startup.ts).
 * `passwordHashOf` makes each user's stored hash (default: hashes the password); the server tests pass hashes made
 * once per run, since argon2 is slow by design.
 */
export async function seedUsers(
  users: UsersRepo,
  list: SeedUser[],
  passwordHashOf: (user: SeedUser) => Promise<string> = (u) => hashPassword(u.password),
): Promise<number> {
  if ((await users.count()) > 0) return 0;
  const rows: NewUser[] = [];
  for (const u of list) {
    rows.push({
      username: u.rut,
      passwordHash: await passwordHashOf(u),
      userType: u.role,
      enabled: u.enabled,
      mustChangePassword: u.mustChangePassword,
      email: u.email,
      address: u.address,
      cellphone: u.cellphone,
      companyRut: u.companyRut,
      companyRole: u.companyRole,
      monthlyLimit: u.monthlyLimit ?? null,
      fullName: u.fullName ?? '',
      contactCode: u.contactCode ?? null,
      salesPersonCode: u.salesPersonCode ?? null,
      repScope: u.repScope ?? null,
    });
  }
  return users.transaction(async (tx) => {
    let created = 0;
    for (const row of rows) if (await users.insertIfAbsent(row, tx)) created++;
    return created;
  });
}

/**
 * Production start on an empty database: the first SUPERADMIN comes from ADMIN_RUT / ADMIN_PASSWORD. Answers whether
 * it was created: an instance that finds users (or the same rut, created by another instance a moment before) has
 * nothing to do. Start-up runs it under the start-up lock (startup.ts).
 */
export async function ensureFirstSuperAdmin(users: UsersRepo, rut: string | undefined, password: string | undefined): Promise<boolean> {
  if ((await users.count()) > 0) return false;
  if (!rut || !password) {
    throw new Error('La base de datos no tiene usuarios: define ADMIN_RUT y ADMIN_PASSWORD para crear el primer SUPERADMIN.');
  }
  if (!isValidRut(rut)) throw new Error(`ADMIN_RUT no es un rut válido: ${rut}`);
  if (password.length < 8) throw new Error('ADMIN_PASSWORD debe tener al menos 8 caracteres');
  const created = await users.insertIfAbsent({ username: rut, passwordHash: await hashPassword(password), userType: 'SUPERADMIN', enabled: true, mustChangePassword: true });
  return Boolean(created);
}
