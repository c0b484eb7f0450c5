import type { CustomerRequestFields } from '@shared/api/customerRequest';

/** A complete, valid request as the form sends it (ruts without dots). */
export const requestFields: CustomerRequestFields = {
  companyName: 'Comercial Los Andes SpA',
  rutCompany: '76123456-0',
  addressCompany: 'Av. Brasil 2350',
  region: 'Valparaíso',
  city: 'Valparaíso',
  commune: 'Valparaíso',
  telephone: '322123456',
  cellphone: '12345678',
  giro: 'Venta de vestuario',
  legalRepresentative: 'María González',
  rutLegalRepresentative: '12345678-5',
  emailRepresentative: 'maria@losandes.cl',
  nameContactCompany: 'Juan Pérez',
  rutContactCompany: '11111111-1',
  cargoContactCompany: 'Jefe de compras',
  telephoneContactCompany: '322654321',
  cellphoneContactCompany: '87654321',
  emailContactCompany: 'juan@losandes.cl',
  codeTax: '1234',
  passwordTax: 'Secreta 1',
};

/** What the visitor types in each labelled field (ruts without format: the field formats them). */
export const typed: [label: string, value: string][] = [
  ['Razón Social', 'Comercial Los Andes SpA'],
  ['Rut Empresa', '761234560'],
  ['Giro', 'Venta de vestuario'],
  ['Dirección', 'Av. Brasil 2350'],
  ['Región', 'Valparaíso'],
  ['Ciudad', 'Valparaíso'],
  ['Comuna', 'Valparaíso'],
  ['Teléfono', '322123456'],
  ['Teléfono Móvil', '12345678'],
  ['Representante Legal', 'María González'],
  ['Rut Representante Legal', '123456785'],
  ['Email Representante Legal', 'maria@losandes.cl'],
  ['Nombre Contacto', 'Juan Pérez'],
  ['Rut Contacto', '111111111'],
  ['Cargo Contacto', 'Jefe de compras'],
  ['Teléfono Contacto', '322654321'],
  ['Teléfono Móvil Contacto', '87654321'],
  ['Email Contacto', 'juan@losandes.cl'],
  ['Código tributario', '1234'],
  ['Clave tributaria', 'Secreta 1'],
];
