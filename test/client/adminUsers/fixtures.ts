import type { AdminUser, AdminUserPage, AdminUserRow } from '@shared/api/adminUsers';

export const buyer: AdminUser = {
  id: 5,
  username: '76.123.456-0',
  email: 'compras@losandes.cl',
  address: 'Av. Brasil 2350, Valparaíso',
  cellphone: '12345678',
  enabled: true,
  userType: 'USER',
};

export const inactiveBuyer: AdminUser = {
  id: 6,
  username: '12.345.678-5',
  email: 'pagos@pacifico.cl',
  address: 'Calle Larga 12, Quilpué',
  cellphone: '87654321',
  enabled: false,
  userType: 'USER',
};

export const admin: AdminUser = {
  id: 2,
  username: '22.222.222-2',
  email: 'admin@textilandino.cl',
  address: 'Casa matriz',
  cellphone: '99998888',
  enabled: true,
  userType: 'ADMIN',
};

/** A user as GET /admin/users/list answers it: with its ERP customer and company (null for staff). */
export function userRow(user: AdminUser, companyName: string | null = null, createdAt = '2026-01-05T13:00:00.000Z'): AdminUserRow {
  const buyerCode = user.userType === 'USER' ? `C${user.username.replace(/\D/g, '').slice(0, 8)}` : null;
  return { ...user, cardCode: companyName === null ? null : buyerCode, companyName, mustChangePassword: false, createdAt };
}

/** One page of GET /admin/users/list. */
export const userPage = (rows: AdminUserRow[], total = rows.length, page = 0, pageSize = 10): AdminUserPage => ({ rows, total, page, pageSize });
