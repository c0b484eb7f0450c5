// Texts of the sales reps' screens (docs/sales-reps.md): 'Mis clientes', 'Representar' and the banner while
// representing. The API's own messages (represented, ended, refused) come with its answers.
export const REPS_TEXT = {
  title: 'Mis clientes',
  grid: 'Clientes',
  empty: 'No tiene clientes asignados',
  emptyFiltered: 'Ningún cliente coincide con la búsqueda',
  loadFailed: 'No se pudieron cargar sus clientes',
  retry: 'Reintentar',
  filters: 'Buscar clientes',
  search: 'Buscar cliente',
  searchPlaceholder: 'Razón social, rut o código',
  scopeAssigned: 'Sus clientes asignados en el ERP',
  scopeAll: 'Todos los clientes del ERP',

  colName: 'Razón social',
  colRut: 'Rut',
  colComuna: 'Comuna',
  colStatus: 'Estado',
  colCredit: 'Crédito aprobado',
  colAvailable: 'Crédito disponible',
  colOverdue: 'Deuda vencida',
  colLastOrder: 'Último pedido',
  colActions: 'Acciones',

  active: 'Activo',
  blocked: 'Bloqueado',
  /** A blocked customer's status with its reasons: 'Bloqueado: Bloqueado por morosidad'. */
  blockedWhy: 'Bloqueado: {reasons}',
  noOrders: 'Sin pedidos',
  /** The last order: 'N° 1234 · 01-03-2026 · $120.000'. */
  lastOrder: 'N° {docNum} · {date} · {total}',

  represent: 'Representar',
  representOf: 'Representar a {name}',
  sendSheet: 'Lista de precios',
  sendSheetTo: 'Enviar lista de precios a {name}',
  representing: 'Atendiendo',

  /** The banner across every screen while representing. */
  banner: 'Atendiendo a {name} ({rut})',
  bannerLabel: 'Cliente atendido',
  /** Under the banner when the represented customer is blocked in the ERP. */
  bannerBlocked: 'Cliente bloqueado ({reasons}): puede armar el carro y cotizar, pero no enviar el pedido.',
  end: 'Terminar',
  endOf: 'Terminar la atención de {name}',
} as const;
