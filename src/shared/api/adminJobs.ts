// The outbox as administrators see it (GET /api/admin/jobs, POST /api/admin/jobs/:id/retry): the work for the ERP and
// the mailer, so that a job that failed is seen and re-driven, never silently dropped.

export type JobStatus = 'pending' | 'done' | 'failed';
/** Why a failed job failed: the ERP kept failing ('exhausted', re-driven by itself when the ERP is back) or refused it. */
export type JobFailure = 'exhausted' | 'rejected';

export interface AdminJob {
  id: number;
  /** 'erp.order', 'erp.payment', 'erp.payInvoices', 'mail'… */
  kind: string;
  /** What it is about: 'erp.order:OC000123'. */
  key: string;
  status: JobStatus;
  failure: JobFailure | null;
  attempts: number;
  lastError: string | null;
  /** When a pending job runs next (ISO). */
  nextAttemptAt: string;
  /** A create sent to the ERP whose answer is not known yet (ISO), or null. */
  postedAt: string | null;
  createdAt: string;
  doneAt: string | null;
}

export interface AdminJobList {
  rows: AdminJob[];
  total: number;
  page: number;
  pageSize: number;
}

/** POST /api/admin/jobs/:id/retry. */
export interface RetryJobResponse {
  job: AdminJob;
  message: string;
}
