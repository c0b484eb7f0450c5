import { PROVIDER_NAMES } from '@shared/payments';

// The texts of the pending payments and purchase history screens (R-INV-1, R-HIST-1). Those the spec fixes are kept
// word for word.
export const ACCOUNT_TEXT = {
  pendingTitle: 'Pagos Pendientes',
  pendingGrid: 'Documentos pendientes de pago',
  folio: 'Folio',
  fecha: 'Fecha',
  totalBruto: 'Total Bruto',
  saldoaPagar: 'Saldo a Pagar',
  noPending: 'No hay documentos pendientes',
  totalSelected: 'Total Seleccionado',
  goToPay: 'ir a Pagar',
  paymentMethod: 'Medio de pago',
  webpay: PROVIDER_NAMES.WEBPAY,
  khipu: 'Transferencia bancaria (Khipu)',
  back: 'Volver',
  pay: 'Pagar',

  historyTitle: 'Historial de Compra',
  historyGrid: 'Pedidos realizados',
  action: 'Acción',
  numPedido: 'N° Pedido',
  ordenPortal: 'Pedido portal',
  viewPortalOrder: 'Ver el pedido {number} en Mis pedidos',
  tipoRetiro: 'Tipo Retiro',
  entrega: 'Entrega',
  estado: 'Estado',
  numFactura: 'N° Factura',
  numNotaCredito: 'N° Nota crédito',
  dte: 'N° D. T. E.',
  viewDetail: 'Ver detalle del pedido {numPedido}',
  noHistory: 'No hay pedidos registrados',

  detailTitle: 'Detalle de Pedido',
  detailOrder: 'N° Pedido: {numPedido}',
  lineNum: 'N° Linea',
  itemCode: 'N° Sku',
  descripcion: 'Descripcion',
  cantidad: 'Cantidad',
  totalNeto: 'Valor Neto',
  noLines: 'El pedido no tiene líneas',
  loadingDetail: 'Cargando detalle del pedido',
  close: 'Cerrar',

  /** The session has no ERP customer (its profile did not load at login). */
  noCustomer: 'No se pudo identificar al cliente',
  /** Beside the global message (R-INV-4), where the list would be. */
  pendingLoadFailed: 'No se pudieron cargar los documentos pendientes.',
  historyLoadFailed: 'No se pudo cargar el historial de compra.',
  /** In the detail popup, which covers the global message bar. */
  detailLoadFailed: '{message}, intentelo mas tarde (B1)',
  retry: 'Reintentar',
} as const;
