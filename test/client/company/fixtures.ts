import type { CompanyPerson } from '@shared/api/companyPeople';

export const companyLogin: CompanyPerson = {
  id: 12,
  rut: '76.123.456-0',
  name: 'Rodrigo Fuentes Alarcón',
  email: 'compras@textilandino.cl',
  phone: '912345678',
  role: 'ADMINISTRADOR',
  monthlyLimit: null,
  active: true,
  contactCode: 1,
  companyLogin: true,
  createdAt: '2026-01-05T12:00:00.000Z',
};

export const camila: CompanyPerson = {
  id: 20,
  rut: '18.901.234-9',
  name: 'Camila Rojas Pizarro',
  email: 'camila.rojas@textilandino.cl',
  phone: '987654321',
  role: 'COMPRADOR',
  monthlyLimit: 300_000,
  active: true,
  contactCode: 2,
  companyLogin: false,
  createdAt: '2026-01-05T12:00:00.000Z',
};

export const felipe: CompanyPerson = { ...camila, id: 22, rut: '16.789.012-1', name: 'Felipe Contreras Díaz', email: 'felipe@textilandino.cl', role: 'FINANZAS', monthlyLimit: null, contactCode: 4 };
