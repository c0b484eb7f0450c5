import Chip from '@mui/material/Chip';
import type { AdminJob } from '@shared/api/adminJobs';
import { JOB_FAILURE_LABELS, JOB_STATUS_LABELS } from '@shared/schemas/adminJobs';

// An outbox job's state as 'Trabajos ERP' and an order's detail show it: Pendiente, En espera, Hecho, or Fallido with
// its reason.

export function jobStatusLabel(job: Pick<AdminJob, 'status' | 'waiting' | 'failure'>): string {
  if (job.status === 'failed') return job.failure ? `${JOB_STATUS_LABELS.failed}: ${JOB_FAILURE_LABELS[job.failure]}` : JOB_STATUS_LABELS.failed;
  if (job.status === 'pending' && job.waiting) return JOB_STATUS_LABELS.waiting;
  return JOB_STATUS_LABELS[job.status];
}

const colorOf = (job: Pick<AdminJob, 'status' | 'waiting'>) =>
  job.status === 'failed' ? 'error' : job.status === 'done' ? 'success' : job.waiting ? 'warning' : 'info';

export function JobStatusChip({ job }: { job: Pick<AdminJob, 'status' | 'waiting' | 'failure'> }) {
  return <Chip size="small" variant={job.status === 'done' ? 'outlined' : 'filled'} color={colorOf(job)} label={jobStatusLabel(job)} />;
}
