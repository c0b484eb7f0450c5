import { JOB_KIND_LABELS } from '@shared/schemas/adminJobs';

// Texts of 'Trabajos ERP' (not fixed by the spec). Kind, status and failure names are the shared ones
// (src/shared/schemas/adminJobs.ts), as in the CSV and the alert mail.
export const ADMIN_JOBS_TEXT = {
  title: 'Trabajos ERP',
  grid: 'Trabajos',
  empty: 'No hay trabajos con estos filtros',
  loadFailed: 'No se pudieron cargar los trabajos',
  retry: 'Reintentar',
  search: 'Buscar por clave',
  searchPlaceholder: 'OC000042',
  filters: 'Filtros de trabajos',
  status: 'Estado',
  kind: 'Tipo',
  failure: 'Motivo de falla',
  statusOpen: 'Pendientes y fallidos',

  colId: 'N°',
  colKind: 'Tipo',
  colKey: 'Clave',
  colStatus: 'Estado',
  colAttempts: 'Intentos',
  colLastError: 'Último error',
  colCreatedAt: 'Creado',
  colLastAttemptAt: 'Último intento',
  colNextAttemptAt: 'Próximo intento',
  colOrder: 'Pedido',
  viewJob: 'Ver trabajo {id}',

  summary: 'Resumen de trabajos',
  summaryFailed: 'Fallidos: {n}',
  summaryPending: 'Pendientes: {n}',
  summaryWaiting: 'En espera: {n}',
  summaryOldest: 'Pendiente más antiguo: {at}',

  retrySelected: 'Reintentar ({n})',
  retryManyTitle: '¿Reintentar {n} trabajo(s) fallido(s)?',
  retryOneTitle: '¿Reintentar el trabajo {id}?',
  retryText: 'Se pondrán de nuevo en la cola y se intentarán ahora. Hágalo solo si la causa de la falla ya se corrigió.',
  retryConfirm: 'Reintentar',
  retryDecline: 'Cancelar',

  detailTitle: 'Trabajo {id}',
  detailLoadFailed: 'No se pudo cargar el trabajo',
  invalidJob: 'Trabajo inválido: la dirección no nombra un trabajo',
  backToJobs: 'Volver a Trabajos ERP',
  events: 'Intentos',
  eventsGrid: 'Intentos del trabajo',
  noEvents: 'El trabajo aún no se ha intentado',
  colAttempt: 'Intento',
  colEvent: 'Resultado',
  colMessage: 'Mensaje',
  colStartedAt: 'Inicio',
  colAt: 'Fin',
  fieldKind: 'Tipo',
  fieldKey: 'Clave',
  fieldStatus: 'Estado',
  fieldAttempts: 'Intentos',
  fieldLastError: 'Último error',
  fieldCreatedAt: 'Creado',
  fieldNextAttemptAt: 'Próximo intento',
  fieldLastAttemptAt: 'Último intento',
  fieldDoneAt: 'Terminado',
  fieldPostedAt: 'Enviado al ERP sin respuesta conocida',
  fieldOrder: 'Pedido',
  loading: 'Cargando',
} as const;

/** The outcome of one try, in Spanish. */
export const JOB_EVENT_LABELS = {
  done: 'Hecho',
  retry: 'Falló, se reintentará',
  waiting: 'En espera',
  failed: 'Falló definitivamente',
  requeued: 'Reencolado',
} as const;

/** A kind's Spanish name, or the kind itself when it has none. */
export const jobKindLabel = (kind: string) => JOB_KIND_LABELS[kind] ?? kind;
