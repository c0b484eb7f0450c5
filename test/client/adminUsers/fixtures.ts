import type { AdminUser } from '@shared/api/adminUsers';

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
