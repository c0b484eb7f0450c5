import * as yup from '../yup';
import { listQueryFields, oneOfOptional } from './lists';

// Query, path parameters and bodies of the admin jobs API, validated the same way on both sides.

export const JOB_MSG = {
  status: 'Estado de trabajo inválido',
  kind: 'Tipo de trabajo inválido',
  failure: 'Motivo de falla inválido',
  page: 'Página inválida',
  pageSize: 'Tamaño de página inválido',
  jobId: 'Identificador de trabajo inválido',
  ids: 'Indique entre 1 y 100 trabajos',
  notFound: 'Trabajo no encontrado',
  notFailed: 'El trabajo no está fallido: no hay nada que reintentar',
  requeued: 'Trabajo {id} reencolado: se intentará nuevamente ahora',
  requeuedMany: '{count} de {total} trabajos reencolados: se intentarán nuevamente ahora',
} as const;

/** pending (waiting ones included), waiting (pending and told to look again later), failed, done; open = pending and failed. */
export const JOB_STATUS_FILTERS = ['pending', 'waiting', 'failed', 'done', 'open'] as const;
export type JobStatusFilter = (typeof JOB_STATUS_FILTERS)[number];
export const JOB_SORTS = ['id', 'kind', 'key', 'status', 'attempts', 'createdAt', 'nextAttemptAt', 'doneAt', 'lastAttemptAt'] as const;

/** Spanish names of the job kinds and statuses (filters, the CSV, the alert mail). */
export const JOB_KIND_LABELS: Record<string, string> = {
  'erp.order': 'Pedido al ERP',
  'erp.payment': 'Pago de pedido al ERP',
  'erp.payInvoices': 'Pago de facturas al ERP',
  'erp.contactActive': 'Persona de contacto del ERP (activa o no)',
  mail: 'Correo',
  thumbnail: 'Miniatura de la lista de precios',
};
export const JOB_STATUS_LABELS: Record<'pending' | 'waiting' | 'failed' | 'done', string> = {
  pending: 'Pendiente',
  waiting: 'En espera',
  failed: 'Fallido',
  done: 'Hecho',
};
export const JOB_FAILURE_LABELS: Record<'exhausted' | 'rejected', string> = {
  exhausted: 'Agotó sus intentos',
  rejected: 'Rechazado',
};

export const jobListQuerySchema = yup.object({
  ...listQueryFields(JOB_SORTS, { sort: 'id', dir: 'desc' }),
  status: oneOfOptional(JOB_STATUS_FILTERS, JOB_MSG.status),
  kind: yup.string().trim().max(50, JOB_MSG.kind).matches(/^[\w.]*$/, JOB_MSG.kind).optional(),
  failure: oneOfOptional(['exhausted', 'rejected'] as const, JOB_MSG.failure),
});
export type JobListQuery = yup.InferType<typeof jobListQuerySchema>;

const jobId = yup.number().typeError(JOB_MSG.jobId).required(JOB_MSG.jobId).integer(JOB_MSG.jobId).positive(JOB_MSG.jobId).max(2 ** 31 - 1, JOB_MSG.jobId);

export const jobIdParamsSchema = yup.object({ id: jobId });

/** POST /api/admin/jobs/retry. */
export const retryJobsSchema = yup.object({
  ids: yup.array(jobId).typeError(JOB_MSG.ids).min(1, JOB_MSG.ids).max(100, JOB_MSG.ids).required(JOB_MSG.ids),
});
export type RetryJobsForm = yup.InferType<typeof retryJobsSchema>;
