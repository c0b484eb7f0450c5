// Texts of 'Mis pedidos del vendedor' (not fixed by the spec). Columns, states and the detail's sections are the admin's
// 'Pedidos' ones (src/client/features/adminOrders/adminOrdersTexts.ts): the same list and story, read-only.
export const REP_ORDERS_TEXT = {
  title: 'Mis pedidos del vendedor',
  grid: 'Pedidos de mis clientes',
  empty: 'No hay pedidos de sus clientes con estos filtros',
  loadFailed: 'No se pudieron cargar los pedidos',
  filters: 'Filtros de pedidos',
  search: 'Buscar',
  searchPlaceholder: 'N° de pedido, rut o cliente',
  state: 'Estado',
  backToOrders: 'Volver a Mis pedidos',
} as const;
