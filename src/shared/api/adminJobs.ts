// The outbox as administrators see it ('Trabajos ERP'): the work for the ERP and the mailer, so that a job that failed
// is seen and re-driven, never silently dropped.
//
// GET /api/admin/jobs — query (jobListQuerySchema in src/shared/schemas/adminJobs.ts), all optional:
//   status         pending | waiting | failed | done | open   (pending: every pending job, waiting ones included;
//                  waiting: pending jobs whose last try was told to look again later, an ERP approval or an unknown
//                  create settling; open: pending and failed)
//   kind           erp.order | erp.payment | erp.payInvoices | mail
//   failure        exhausted | rejected
//   q              the job's key contains ('OC000042', 'mail:CHEQUE')
//   from, to       creation date, 'YYYY-MM-DD', both included
//   sort           id | kind | key | status | attempts | createdAt | nextAttemptAt | doneAt | lastAttemptAt (default id)
//   dir            asc | desc (default desc)
//   page, pageSize 0-based page, 1..200 rows (default 0, 50)
//   format         csv
// → AdminJobList
// GET  /api/admin/jobs/summary   → JobsSummary (the admin shell's badge: `failed`)
// GET  /api/admin/jobs/:id       → AdminJobDetail (the job and every try of it)
// POST /api/admin/jobs/:id/retry → RetryJobResponse (404 unknown, 409 not failed); audited
// POST /api/admin/jobs/retry     {ids: number[]} (1..100) → RetryJobsResponse; each job re-driven is audited

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
  /** Pending, and its last try said to look again later (an ERP approval, a create whose outcome is settling). */
  waiting: boolean;
  attempts: number;
  lastError: string | null;
  /** When a pending job runs next (ISO). */
  nextAttemptAt: string;
  /** A create sent to the ERP whose answer is not known yet (ISO), or null. */
  postedAt: string | null;
  createdAt: string;
  doneAt: string | null;
  /** When it was last tried (ISO), or null when never. */
  lastAttemptAt: string | null;
  /** The portal order the job is about (from its key), for a link to the order; null for others (invoice payments…). */
  orderNumber: string | null;
}

export interface AdminJobList {
  rows: AdminJob[];
  total: number;
  page: number;
  pageSize: number;
}

/** What one try of a job (or a re-queue of it) came to: outbox_events. */
export type JobEventKind = 'done' | 'retry' | 'waiting' | 'failed' | 'requeued';

export interface JobEvent {
  id: number;
  /** The try's number (1 on the first try after a (re)queue); 0 for a re-queue. */
  attempt: number;
  event: JobEventKind;
  /** For 'failed': why. */
  failure: JobFailure | null;
  /** The error or reason of the try, or who re-queued it and why. */
  message: string | null;
  /** When the try started (ISO); null for a re-queue. */
  startedAt: string | null;
  /** When it ended (ISO). */
  at: string;
}

export interface AdminJobDetail {
  job: AdminJob;
  /** Oldest first. */
  events: JobEvent[];
}

/** POST /api/admin/jobs/:id/retry. */
export interface RetryJobResponse {
  job: AdminJob;
  message: string;
}

export interface RetryJobsRequest {
  ids: number[];
}

/** POST /api/admin/jobs/retry: what became of each id (in the order given). */
export interface RetryJobsResponse {
  results: { id: number; outcome: 'requeued' | 'notFailed' | 'notFound' }[];
  /** How many were queued again. */
  requeued: number;
  message: string;
}

/** GET /api/admin/jobs/summary: counts for the admin shell (a badge when `failed` > 0). */
export interface JobsSummary {
  failed: number;
  pending: number;
  waiting: number;
  /** Creation time of the oldest pending job (ISO), or null. */
  oldestPendingAt: string | null;
}
