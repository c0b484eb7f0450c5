// Nothing about an order or a payment is dropped: an ERP job that ran out of tries while the ERP was down stays in the
// outbox as failed ('exhausted'), and this re-driver queues it again once the ERP answers (a cheap look every interval,
// a ping only when there is something to re-drive). Jobs the ERP refused ('rejected') are left to the staff, who can
// retry them by hand (POST /api/admin/jobs/:id/retry). Running it on several instances is harmless: the update that
// re-queues is one statement.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connect';
import type { OutboxWorker } from './outbox';
import type { Outbox } from './outbox.repo';
import { OutboxRepo } from './outbox.repo';
import { PeriodicJob } from './periodic';

export interface RedriverOptions {
  db: Db;
  outbox: Outbox;
  worker: OutboxWorker;
  /** The job kinds that talk to the ERP. */
  kinds: readonly string[];
  /** Whether the ERP answers now. */
  erpHealthy: () => Promise<boolean>;
  /** Pause between looks. Default 60 000 ms. */
  intervalMs?: number;
  logger?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

export class ErpRedriver extends PeriodicJob<number> {
  private readonly jobs: OutboxRepo;

  constructor(private readonly opts: RedriverOptions) {
    super(opts.intervalMs ?? 60_000, (err) => opts.logger?.error({ err }, 'outbox: no se pudo revisar los trabajos agotados'));
    this.jobs = new OutboxRepo(opts.db);
  }

  /** One look (`runOnce`): when exhausted ERP jobs exist and the ERP answers, they are queued again. Answers how many. */
  protected async pass(): Promise<number> {
    const { kinds } = this.opts;
    if (kinds.length === 0) return 0;
    if (!(await this.jobs.exhaustedCount(kinds))) return 0;
    if (!(await this.opts.erpHealthy())) return 0;
    const requeued = await this.opts.outbox.redriveExhausted(kinds);
    if (requeued > 0) {
      this.opts.logger?.info({ requeued }, 'outbox: el ERP volvió, se reintentan los trabajos agotados');
      this.opts.worker.kick();
    }
    return requeued;
  }
}
