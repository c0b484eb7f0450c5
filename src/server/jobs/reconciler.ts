// The payment reconciler: a buyer who pays and closes the tab never brings the browser back,
// and a notification may be lost, so the server itself looks at every payment still waiting for its outcome once it
// is older than a minute, and asks its provider: WebPay commits a paid transaction (or tells it can no longer be
// paid), Khipu tells a final state (or the charge has expired). It applies outcomes through the same conditional
// update as the return page and the notification, so running it beside them (or on several instances) is harmless.
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider } from '@shared/payments';
import type { PaymentRow } from '../db/schema';
import type { PaymentRepo } from '../payments/payments.repo';

export interface ReconcilerOptions {
  repo: PaymentRepo;
  /** How each provider settles one payment (commit/status, get/expire). */
  handlers: Record<PaymentProvider, (payment: PaymentRow) => Promise<void>>;
  /** Pause between runs. Default 30 000 ms. */
  intervalMs?: number;
  /** Payments younger than this are left to the browser's return and the notification. Default 60 000 ms. */
  minAgeMs?: number;
  /** Payments looked at per run. Default 100. */
  batch?: number;
  /** Also run on every pass: cancels card/transfer orders whose payment never started (answers how many). */
  sweepAbandonedOrders?: () => Promise<number>;
  logger?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

export interface ReconcileReport {
  checked: number;
  failed: number;
}

export class PaymentReconciler {
  private readonly intervalMs: number;
  private readonly minAgeMs: number;
  private readonly batch: number;
  private timer?: NodeJS.Timeout;
  private running?: Promise<ReconcileReport>;
  private stopped = true;

  constructor(private readonly opts: ReconcilerOptions) {
    this.intervalMs = opts.intervalMs ?? 30_000;
    this.minAgeMs = opts.minAgeMs ?? 60_000;
    this.batch = opts.batch ?? 100;
  }

  get started(): boolean {
    return !this.stopped;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(this.intervalMs);
  }

  /** Stops the timer and waits for a run in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** One pass over the unfinished payments older than the minimum age. Concurrent calls share one pass. */
  runOnce(options: { minAgeMs?: number } = {}): Promise<ReconcileReport> {
    this.running ??= this.pass(options.minAgeMs ?? this.minAgeMs).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.runOnce()
        .catch((err: unknown) => this.opts.logger?.error({ err }, 'conciliador de pagos: no se pudo leer los pagos'))
        .finally(() => this.schedule(this.intervalMs));
    }, ms);
    this.timer.unref?.();
  }

  private async pass(minAgeMs: number): Promise<ReconcileReport> {
    const open = await this.opts.repo.unfinished(minAgeMs, this.batch);
    let failed = 0;
    for (const payment of open) {
      try {
        await this.opts.handlers[payment.provider](payment);
      } catch (err) {
        failed += 1;
        this.opts.logger?.warn({ err, paymentId: payment.id, provider: payment.provider }, 'conciliador de pagos: se reintentará');
      }
    }
    if (this.opts.sweepAbandonedOrders) {
      try {
        const canceled = await this.opts.sweepAbandonedOrders();
        if (canceled > 0) this.opts.logger?.info({ canceled }, 'pedidos cuyo pago nunca comenzó: anulados, sus productos vuelven al carro');
      } catch (err) {
        failed += 1;
        this.opts.logger?.warn({ err }, 'conciliador de pagos: no se pudo revisar los pedidos sin pago');
      }
    }
    return { checked: open.length, failed };
  }
}
