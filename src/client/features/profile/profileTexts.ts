// The texts of the profile screen (R-PROF-2). Those the spec fixes are kept word for word.
export const PROFILE_TEXT = {
  title: 'Información Usuario',
  tabsLabel: 'Secciones del perfil',
  tabCompany: 'Datos Empresa',
  tabFinancial: 'Financieros',
  tabAddresses: 'Direcciones',
  tabLoyalty: 'Programa Fidelización',

  rut: 'RUT',
  companyName: 'Razón Social',
  giro: 'Giro',
  mail: 'Email',
  telefono: 'Teléfono',
  editCompany: 'Editar Datos Empresa',

  paymentCondition: 'Condición de Pago',
  approvedCredit: 'Crédito aprobado',
  creditLimit: 'Límite de crédito',

  billingAddresses: 'Direcciones de facturación',
  dispatchAddresses: 'Direcciones de despacho',
  billingWord: 'facturación',
  dispatchWord: 'despacho',
  noAddresses: 'Sin direcciones registradas',
  editAddress: 'Editar Dirección',
  direccion: 'Dirección',
  comuna: 'Comuna',
  pais: 'País',
  region: 'Región',
  selectCountryFirst: 'Seleccione primero un país',

  currentLevel: 'Categoria Actual',
  loyaltyDiscount: 'Descuento fidelización',

  accept: 'Aceptar',
  cancel: 'Cancelar',
  save: 'Guardar Cambios',
  /** Shown instead of 'Guardar Cambios' to the people of a company who are not its administrator. */
  onlyAdministrator: 'Solo el administrador de la empresa puede modificar estos datos.',
  saving: 'Guardando cambios',
  saved: 'Perfil Modicado!!',
  unsaved: 'Hay cambios sin guardar: se envían con Guardar Cambios.',
  loading: 'Cargando perfil',
  loadFailed: 'No se pudo cargar el perfil.',
  retry: 'Reintentar',

  alertsTitle: 'Mis avisos por correo',
  alertsSwitch: 'Avisos de cuenta corriente por correo (factura nueva, por vencer en 3 días, vencida)',
  alertsHelp: 'Se envían a su correo, una vez por documento. Esta preferencia es solo suya.',
  alertsLoading: 'Cargando sus avisos',
  alertsLoadFailed: 'No se pudo cargar su preferencia de avisos:',
  alertsOn: 'Avisos de cuenta corriente activados',
  alertsOff: 'Avisos de cuenta corriente desactivados',
  alertsSaveFailed: 'No se pudo guardar su preferencia de avisos: {message}',
} as const;

/** 'Dirección n: address, commune, region, country' (R-PROF-2). */
export function addressLine(n: number, a: { direccion: string; comuna: string; region: string; pais: string }): string {
  return `Dirección ${n}: ${[a.direccion, a.comuna, a.region, a.pais].join(', ')}`;
}
