import type { AdminUser, AdminUserPage, AdminUserRow } from '@shared/api/adminUsers';

export const buyer: AdminUser = {
  id: 5,
  username: '76.123.456-0',
  email: 'compras@losandes.cl',
  address: 'Av. Brasil 2350, Valparaíso',
  cellphone: '12345678',
  enabled: true,
  userType: 'USER',
  companyRut: '76.123.456-0',
  companyRole: 'ADMINISTRADOR',
  fullName: 'Rodrigo Fuentes Alarcón',
  monthlyLimit: null,
  salesPersonCode: null,
  repScope: null,
};

export const inactiveBuyer: AdminUser = {
  id: 6,
  username: '12.345.678-5',
  email: 'pagos@pacifico.cl',
  address: 'Calle Larga 12, Quilpué',
  cellphone: '87654321',
  enabled: false,
  userType: 'USER',
  companyRut: '12.345.678-5',
  companyRole: 'ADMINISTRADOR',
  fullName: '',
  monthlyLimit: null,
  salesPersonCode: null,
  repScope: null,
};

export const admin: AdminUser = {
  id: 2,
  username: '22.222.222-2',
  email: 'admin@textilandino.cl',
  address: 'Casa matriz',
  cellphone: '99998888',
  enabled: true,
  userType: 'ADMIN',
  companyRut: '',
  companyRole: null,
  fullName: '',
  monthlyLimit: null,
  salesPersonCode: null,
  repScope: null,
};

/** A person of 76.123.456-0 with her own login: a Comprador with a monthly limit. */
export const person: AdminUser = {
  id: 31,
  username: '18.901.234-9',
  email: 'camila.rojas@losandes.cl',
  address: '',
  cellphone: '912345678',
  enabled: true,
  userType: 'USER',
  companyRut: '76.123.456-0',
  companyRole: 'COMPRADOR',
  fullName: 'Camila Rojas Pizarro',
  monthlyLimit: 300_000,
  salesPersonCode: null,
  repScope: null,
};

/** A sales rep (VENDEDOR): no company, an ERP sales employee and a scope. */
export const rep: AdminUser = {
  id: 40,
  username: '14.680.357-1',
  email: 'martin.saavedra@portal.cl',
  address: 'Av. Apoquindo 3000, Las Condes',
  cellphone: '981234502',
  enabled: true,
  userType: 'VENDEDOR',
  companyRut: '',
  companyRole: null,
  fullName: 'Martín Saavedra Pino',
  monthlyLimit: null,
  salesPersonCode: 2,
  repScope: 'TODOS',
};

/** The ERP's active sales employees as GET /admin/sales-persons answers them. */
export const activeSalesPersons = [
  { code: 1, name: 'Carolina Ibáñez Rojas', email: 'carolina.ibanez@portal.cl', mobile: '981234501', active: true },
  { code: 2, name: 'Martín Saavedra Pino', email: 'martin.saavedra@portal.cl', mobile: '981234502', active: true },
];

/** A user as GET /admin/users/list answers it: with its ERP customer and company (null for staff). */
export function userRow(user: AdminUser, companyName: string | null = null, createdAt = '2026-01-05T13:00:00.000Z'): AdminUserRow {
  const buyerCode = user.userType === 'USER' ? `C${user.username.replace(/\D/g, '').slice(0, 8)}` : null;
  const salesPersonName = activeSalesPersons.find((e) => e.code === user.salesPersonCode)?.name ?? null;
  return { ...user, cardCode: companyName === null ? null : buyerCode, companyName, salesPersonName, mustChangePassword: false, createdAt };
}

/** One page of GET /admin/users/list. */
export const userPage = (rows: AdminUserRow[], total = rows.length, page = 0, pageSize = 10): AdminUserPage => ({ rows, total, page, pageSize });
