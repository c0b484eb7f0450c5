import * as yup from 'yup';

// Query and path parameters of the admin jobs API, validated the same way on both sides.

export const JOB_MSG = {
  status: 'Estado de trabajo inválido',
  kind: 'Tipo de trabajo inválido',
  page: 'Página inválida',
  pageSize: 'Tamaño de página inválido',
  jobId: 'Identificador de trabajo inválido',
  notFound: 'Trabajo no encontrado',
  notFailed: 'El trabajo no está fallido: no hay nada que reintentar',
  requeued: 'Trabajo {id} reencolado: se intentará nuevamente ahora',
} as const;

export const jobListQuerySchema = yup.object({
  status: yup.string().oneOf(['pending', 'done', 'failed'], JOB_MSG.status).optional(),
  kind: yup.string().trim().max(50, JOB_MSG.kind).matches(/^[\w.]+$/, JOB_MSG.kind).optional(),
  page: yup.number().typeError(JOB_MSG.page).integer(JOB_MSG.page).min(0, JOB_MSG.page).max(100_000, JOB_MSG.page).default(0),
  pageSize: yup.number().typeError(JOB_MSG.pageSize).integer(JOB_MSG.pageSize).min(1, JOB_MSG.pageSize).max(200, JOB_MSG.pageSize).default(50),
});
export type JobListQuery = yup.InferType<typeof jobListQuerySchema>;

export const jobIdParamsSchema = yup.object({
  id: yup.number().typeError(JOB_MSG.jobId).required(JOB_MSG.jobId).integer(JOB_MSG.jobId).positive(JOB_MSG.jobId).max(2 ** 31 - 1, JOB_MSG.jobId),
});
