import { ORDER_STORY_TEXT } from '@client/components/orderStory/orderStoryTexts';

// Texts of 'Pedidos' of the admin area (not fixed by the spec). State, payment and ERP labels are the shared ones
// (src/shared/orderTracking.ts, src/shared/erpStatus.ts), as in the CSV.
export const ADMIN_ORDERS_TEXT = {
  // the order's story, shared with 'Mis pedidos del vendedor'
  ...ORDER_STORY_TEXT,
  title: 'Pedidos',
  grid: 'Pedidos del portal',
  empty: 'No hay pedidos con estos filtros',
  loadFailed: 'No se pudieron cargar los pedidos',
  filters: 'Filtros de pedidos',
  search: 'Buscar',
  searchPlaceholder: 'N° de pedido, rut, empresa, persona o vendedor',
  state: 'Estado',
  orderType: 'Tipo',
  paymentMethod: 'Forma de pago',
  paymentStatus: 'Estado del pago',
  erpStatus: 'Estado en el ERP',
  incoming: 'Por llegar',
  incomingLabels: { CON: 'Con productos por llegar', MOVIDOS: 'Con llegada movida por el ERP' },


  backToOrders: 'Volver a Pedidos',




  colField: 'Campo',
  colValue: 'Valor',

  cheque: 'Foto del cheque',
  showCheque: 'Ver foto del cheque',
  chequeLoading: 'Cargando la foto del cheque',
  chequeAlt: 'Foto del cheque del pedido {number}',
  chequeDownload: 'Descargar la foto',
  chequeFailed: 'No se pudo cargar la foto del cheque',
  chequeIsFile: 'El archivo no es una imagen: descárguelo para verlo',

  jobs: 'Trabajos ERP y correos',
  noJobs: 'El pedido no tiene trabajos',
  colJob: 'N°',
  colJobKind: 'Tipo',
  colJobStatus: 'Estado',
  colJobAttempts: 'Intentos',
  colJobError: 'Último error',
  colJobAction: 'Acción',
  retryJob: 'Reintentar',
  retryJobLabel: 'Reintentar el trabajo {id}',
  retryTitle: '¿Reintentar el trabajo {id}?',
  retryText: 'Se pondrá de nuevo en la cola y se intentará ahora. Hágalo solo si la causa de la falla ya se corrigió.',
  retryConfirm: 'Reintentar',
  retryDecline: 'Cancelar',
  viewJob: 'Ver trabajo {id}',


} as const;
