// The alert mail of a job that failed for good (its tries ran out, or the ERP or the mail server refused it), to the
// address the configuration names (ALERT_MAIL_TO), so that a failure is seen the same day. It is an ordinary mail job
// of the outbox, enqueued in the transaction that marks the job failed; its key names the failure's event, so each
// failure is told once however often the job is retried and fails again. The failure of an alert mail itself is
// not alerted (a mail server that is down would otherwise make alerts about alerts).
import { fill } from '@shared/messages';
import { JOB_FAILURE_LABELS, JOB_KIND_LABELS } from '@shared/schemas/adminJobs';
import { enqueueMail } from '../mail/mailJob';
import type { FailureHook } from './outbox';
import type { Outbox } from './outbox.repo';

export const ALERT_KEY_PREFIX = 'mail:ALERT_JOB:';

/** `mail:ALERT_JOB:<job id>:<event id>`: one alert per failure of a job. */
export const jobAlertKey = (jobId: number, eventId: number) => `${ALERT_KEY_PREFIX}${jobId}:${eventId}`;

export const JOB_ALERT_TEXTS = {
  subject: '[{brand}] Trabajo fallido: {kind} {key}',
  intro: 'Un trabajo del portal falló definitivamente y necesita atención.',
  action: 'Revíselo y reintente desde Trabajos ERP: {url}',
} as const;

export interface JobAlertOptions {
  outbox: Outbox;
  /** Where alerts go (ALERT_MAIL_TO, one or more addresses separated by commas). */
  to: string;
  brand: string;
  /** The portal's public URL: the mail links to the admin's jobs screen. */
  publicUrl: string;
  /** Of the Message-ID. */
  mailDomain: string;
}

export function jobFailureAlert(opts: JobAlertOptions): FailureHook {
  return async (tx, job) => {
    if (job.dedupeKey.startsWith(ALERT_KEY_PREFIX)) return;
    const kind = JOB_KIND_LABELS[job.kind] ?? job.kind;
    const url = `${opts.publicUrl.replace(/\/+$/, '')}/admin/jobs?status=failed`;
    const text = [
      JOB_ALERT_TEXTS.intro,
      '',
      `Trabajo: ${job.id} (${kind})`,
      `Clave: ${job.dedupeKey}`,
      `Motivo: ${JOB_FAILURE_LABELS[job.failure]}`,
      `Intentos: ${job.attempts}`,
      `Último error: ${job.error}`,
      '',
      fill(JOB_ALERT_TEXTS.action, { url }),
    ].join('\n');
    await enqueueMail(
      opts.outbox,
      tx,
      jobAlertKey(job.id, job.eventId),
      { to: opts.to, subject: fill(JOB_ALERT_TEXTS.subject, { brand: opts.brand, kind, key: job.dedupeKey }).slice(0, 500), text },
      opts.mailDomain,
    );
  };
}
