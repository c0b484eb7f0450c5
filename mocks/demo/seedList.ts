// The portal users of the demo: the accounts of DEMO_ACCOUNTS (each buyer company's own login, linked to the
// company's Administrador contact person) and the other people of each company (DEMO_PEOPLE), each with their own
// personal-rut login, role and limit. The embedded default and the server tests seed the same list.
import type { SeedUser } from '@server/db/seed';
import type { CompanyRole } from '@shared/companyRoles';
import { DEMO_ACCOUNTS } from './accounts';
import { DEMO_PEOPLE, PEOPLE_SHOWCASE_CARDCODE, type DemoPerson } from './people';
import { DEMO_SALES_REPS } from './salesReps';

/** A demo user as the seed takes it (src/server/db/seed.ts). */
export type DemoSeedUser = SeedUser;

const ROLE_OF: Record<DemoPerson['role'], CompanyRole> = {
  Administrador: 'ADMINISTRADOR',
  Comprador: 'COMPRADOR',
  Aprobador: 'APROBADOR',
  Finanzas: 'FINANZAS',
};

/** Every demo user: the accounts first (in their order), then the people who are not their company's login. */
export function demoSeedUsers(): DemoSeedUser[] {
  const accounts = DEMO_ACCOUNTS.map((a): DemoSeedUser => {
    const administrator = a.erp ? DEMO_PEOPLE.find((p) => p.cardCode === a.erp!.cardCode && p.role === 'Administrador') : undefined;
    const base = { rut: a.rut, password: a.password, role: a.role, enabled: a.enabled, mustChangePassword: a.mustChangePassword, email: a.email, address: a.address, cellphone: a.cellphone };
    return administrator ? { ...base, companyRut: a.rut, companyRole: 'ADMINISTRADOR', fullName: administrator.name, contactCode: administrator.internalCode } : base;
  });
  const people = DEMO_PEOPLE.filter((p) => p.role !== 'Administrador').map(
    (p): DemoSeedUser => ({
      rut: p.rut,
      password: p.password,
      role: 'USER',
      enabled: true,
      mustChangePassword: false,
      email: p.email,
      address: '',
      cellphone: p.phone,
      companyRut: p.companyRut,
      companyRole: ROLE_OF[p.role],
      monthlyLimit: p.monthlyLimit,
      fullName: p.name,
      contactCode: p.internalCode,
    }),
  );
  const reps = DEMO_SALES_REPS.filter((r) => r.login).map(
    (r): DemoSeedUser => ({
      rut: r.login!.rut,
      password: r.login!.password,
      role: 'VENDEDOR',
      enabled: true,
      mustChangePassword: false,
      email: r.email,
      address: r.office,
      cellphone: r.mobile,
      fullName: r.name,
      salesPersonCode: r.code,
      repScope: r.login!.scope,
    }),
  );
  return [...accounts, ...people, ...reps];
}

/** The demo sales reps' logins printed at start-up (docs/sales-reps.md): one per scope. */
export function demoRepLogins(): { rut: string; password: string; note: string }[] {
  return DEMO_SALES_REPS.filter((r) => r.login).map((r) => ({
    rut: r.login!.rut,
    password: r.login!.password,
    note: `${r.name}, Vendedor (${r.login!.scope === 'TODOS' ? 'todos los clientes' : `clientes asignados: ${r.cardCodes.length}`})`,
  }));
}

/** The demo logins printed at start-up besides the accounts': the people of the company that has one of each role. */
export function demoPeopleLogins(): { rut: string; password: string; note: string }[] {
  return DEMO_PEOPLE.filter((p) => p.cardCode === PEOPLE_SHOWCASE_CARDCODE && p.role !== 'Administrador').map((p) => ({
    rut: p.rut,
    password: p.password,
    note: `${p.name}, ${p.role} de ${p.companyRut}${p.monthlyLimit !== null ? ` (límite mensual $${p.monthlyLimit.toLocaleString('es-CL')})` : ''}`,
  }));
}
