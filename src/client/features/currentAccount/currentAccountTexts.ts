import { PROVIDER_NAMES } from '@shared/payments';

// The texts of 'Cuenta corriente' (/user/account): the header, the open items, the netted payment and the claim. The
// states, buckets and the ceded text are the shared ones (src/shared/accountRules.ts, ACCOUNT_MSG).
export const CURRENT_ACCOUNT_TEXT = {
  title: 'Cuenta corriente',
  grid: 'Documentos abiertos de la cuenta corriente',
  empty: 'No hay documentos abiertos',
  emptyFiltered: 'Ningún documento coincide con los filtros',
  loadFailed: 'No se pudo cargar la cuenta corriente',
  summaryFailed: 'No se pudo cargar el resumen de la cuenta',
  retry: 'Reintentar',
  loading: 'Cargando',
  statementLink: 'Ver estado de cuenta',

  summaryLabel: 'Resumen de la cuenta',
  balance: 'Saldo',
  overdue: 'Vencido',
  notDue: 'Por vencer',
  creditLimit: 'Cupo',
  available: 'Disponible',
  bucketsLabel: 'Antigüedad de la deuda',
  bucketChip: '{label}: {count} · {amount}',

  filters: 'Filtros de documentos',
  search: 'Buscar por folio',
  searchPlaceholder: 'Folio',
  bucket: 'Antigüedad',
  state: 'Estado',

  colType: 'Tipo',
  colFolio: 'Folio',
  colIssue: 'Emisión',
  colReception: 'Recepción',
  colDue: 'Vencimiento',
  colTotal: 'Total',
  colPaid: 'Pagado',
  colBalance: 'Saldo',
  colDaysOverdue: 'Días vencida',
  colState: 'Estado',
  colActions: 'Acciones',
  typeCode: '{name} ({code})',
  folioOf: '{name} N° {folio}',
  noFolio: 'Sin folio',
  view: 'Ver',
  viewLabel: 'Ver {document}',
  pdf: 'PDF',
  pdfLabel: 'Descargar PDF de {document}',
  xml: 'XML',
  xmlLabel: 'Descargar XML de {document}',
  claim: 'Reclamar',
  claimLabel: 'Reclamar {document}',
  claimDaysLeft: 'Quedan {days} días para reclamar (hasta el {deadline})',
  claimLastDay: 'Hoy es el último día para reclamar',
  downloadFailed: 'No se pudo descargar el archivo: {message}',

  notSelectableInProcess: 'Tiene un pago en proceso: espere a que el ERP lo registre',

  payTitle: 'Pagar documentos seleccionados',
  paySelected: '{count} documentos seleccionados',
  payOneSelected: '1 documento seleccionado',
  payNothing: 'Seleccione facturas o notas de débito para pagar; puede aplicar notas de crédito abiertas.',
  payLines: 'Detalle del pago',
  payDocument: 'Documento',
  payAmount: 'Monto',
  payCredit: 'Nota de crédito aplicada',
  payTotal: 'Total a pagar',
  payCredits: 'Notas de crédito aplicadas',
  payComputing: 'Calculando el total',
  partial: 'Pagar un monto parcial',
  partialAmount: 'Monto a pagar (pesos)',
  partialHelp: 'Entre $1 y el saldo de la factura ({balance})',
  partialTooMuch: 'El monto no puede superar el saldo de la factura ({balance})',
  paymentMethod: 'Medio de pago',
  webpay: `Tarjeta (${PROVIDER_NAMES.WEBPAY})`,
  khipu: `Transferencia bancaria (${PROVIDER_NAMES.KHIPU})`,
  pay: 'Pagar',
  clearSelection: 'Quitar selección',

  claimTitle: 'Reclamar {document}',
  claimReason: 'Motivo del reclamo',
  claimText: 'Detalle del reclamo',
  claimFiles: 'Adjuntar fotos o archivos (imágenes o PDF, hasta 5 de 10 MB)',
  claimRemoveFile: 'Quitar {name}',
  claimTooManyFiles: 'Puede adjuntar hasta 5 archivos',
  claimFileType: 'El archivo {name} no es una imagen ni un PDF',
  claimFileSize: 'El archivo {name} supera los 10 MB',
  claimSending: 'Enviando el reclamo',
  claimSend: 'Enviar reclamo',
  claimCancel: 'Cancelar',
  claimDone: 'Reclamo registrado',
  claimSii: 'El reclamo legal se registra en el SII (Registro de Reclamos de la factura electrónica).',
  claimSiiLink: 'Ir al sitio del SII',
} as const;

export const CLAIM_REASON_LABELS = {
  CONTENIDO: 'Reclamo al contenido de la factura',
  FALTA_PARCIAL: 'Falta parcial de mercaderías',
  FALTA_TOTAL: 'Falta total de mercaderías',
} as const;

/** Where the buyer registers the legal claim. */
export const SII_URL = 'https://www.sii.cl';

/** Claim attachments: up to 5 files of at most 10 MB, images or PDF. */
export const CLAIM_FILES = { max: 5, maxBytes: 10 * 1024 * 1024, accept: 'image/*,application/pdf' } as const;

/** The state filter's choices (the list's chips say the state with its days: 'Vence en 3 días'). */
export const STATE_FILTER_LABELS = {
  CEDIDA: 'Cedida',
  PAGO_EN_PROCESO: 'Pago en proceso',
  EN_RECLAMO: 'En reclamo',
  VENCIDA: 'Vencida',
  VENCE: 'Vence pronto',
  AL_DIA: 'Al día',
} as const;
