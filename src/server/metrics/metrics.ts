// Prometheus metrics for the wholesaler's IT (GET /metrics, README "Métricas"): request latency per route, the ERP's
// latency and errors per operation, the outbox (depth, oldest pending job, tries and failures), payment outcomes by
// provider and the catalogue snapshot's age. One registry per app (prom-client). The request hot path pays one
// observation on a series its route found once (latencyHistogram.ts); the database is read only when the metrics are
// scraped (three small grouped queries).
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/connect';
import type { ErpExchange } from '../erp/serviceLayer';
import type { AttemptReport } from '../jobs/outbox';
import { LatencyHistogram, type LatencySeries } from './latencyHistogram';
import { MetricsRepo } from './metrics.repo';

/** Seconds: from a fast cached answer to the ERP's 10 s timeout. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface MetricsSources {
  db: Db;
  /** When the catalogue snapshot served now was read from the ERP (ms since the epoch), undefined before the first. */
  catalogReadAt?: () => number | undefined;
  /** On a cluster (PostgreSQL): whether this instance holds the catalogue reader's lease, and the ERP reads it made as holder. */
  catalogReader?: () => { holder: boolean; reads: number };
  now?: () => number;
}

export class PortalMetrics {
  readonly registry = new Registry();
  private readonly httpDuration: LatencyHistogram;
  private readonly erpDuration: Histogram<'operation' | 'outcome'>;
  private readonly erpErrors: Counter<'operation' | 'code'>;
  private readonly jobAttempts: Counter<'kind' | 'outcome'>;
  private readonly jobFailures: Counter<'kind' | 'failure'>;

  constructor(sources: MetricsSources, options: { processMetrics?: boolean } = {}) {
    const registers = [this.registry];
    const now = sources.now ?? Date.now;
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry });

    this.httpDuration = new LatencyHistogram(
      'portal_http_request_duration_seconds',
      'Tiempo de respuesta de la API por ruta (patrón), método y clase de estado',
      LATENCY_BUCKETS,
      this.registry,
    );
    this.erpDuration = new Histogram({
      name: 'portal_erp_request_duration_seconds',
      help: 'Tiempo de cada llamada al Service Layer de SAP B1 por operación (conjunto de entidades) y resultado',
      labelNames: ['operation', 'outcome'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.erpErrors = new Counter({
      name: 'portal_erp_errors_total',
      help: 'Llamadas al ERP fallidas por operación y código (ERP_UNAVAILABLE, ERP_TIMEOUT, ERP_REJECTED…)',
      labelNames: ['operation', 'code'],
      registers,
    });
    this.jobAttempts = new Counter({
      name: 'portal_outbox_attempts_total',
      help: 'Intentos de trabajos de la cola por tipo y resultado (done, retry, waiting, failed), en este proceso',
      labelNames: ['kind', 'outcome'],
      registers,
    });
    this.jobFailures = new Counter({
      name: 'portal_outbox_job_failures_total',
      help: 'Trabajos que fallaron definitivamente por tipo y motivo (exhausted, rejected), en este proceso',
      labelNames: ['kind', 'failure'],
      registers,
    });

    const repo = new MetricsRepo(sources.db);
    new Gauge({
      name: 'portal_outbox_jobs',
      help: 'Trabajos de la cola pendientes y fallidos por tipo y estado (toda la base de datos)',
      labelNames: ['kind', 'status'],
      registers,
      async collect() {
        this.reset();
        const rows = await repo.outboxJobs();
        for (const r of rows) this.set({ kind: r.kind, status: r.status }, Number(r.n));
      },
    });
    new Gauge({
      name: 'portal_outbox_oldest_pending_age_seconds',
      help: 'Antigüedad del trabajo pendiente más antiguo por tipo (0 sin pendientes)',
      labelNames: ['kind'],
      registers,
      async collect() {
        this.reset();
        const rows = await repo.oldestPendingAges();
        for (const r of rows) this.set({ kind: r.kind }, Math.max(0, Number(r.age ?? 0)));
      },
    });
    new Gauge({
      name: 'portal_payment_outcomes',
      help: 'Pagos con resultado aplicado por proveedor y resultado (PAID, REJECTED, ABORTED, EXPIRED), y abiertos (CREATED), en toda la base de datos',
      labelNames: ['provider', 'outcome'],
      registers,
      async collect() {
        this.reset();
        const rows = await repo.paymentStates();
        for (const r of rows) this.set({ provider: r.provider, outcome: r.state }, Number(r.n));
      },
    });
    const catalogReadAt = sources.catalogReadAt;
    new Gauge({
      name: 'portal_catalog_snapshot_age_seconds',
      help: 'Antigüedad de la lectura del ERP del catálogo que se sirve (sin valor antes de la primera)',
      registers,
      collect() {
        this.reset();
        const readAt = catalogReadAt?.();
        if (readAt !== undefined) this.set(Math.max(0, (now() - readAt) / 1000));
      },
    });
    const catalogReader = sources.catalogReader;
    if (catalogReader) {
      new Gauge({
        name: 'portal_catalog_reader_holder',
        help: 'En un clúster sobre PostgreSQL: 1 si esta instancia lee el catálogo del ERP para todas (tiene el turno), 0 si no',
        registers,
        collect() {
          this.set(catalogReader().holder ? 1 : 0);
        },
      });
      new Gauge({
        name: 'portal_catalog_reader_erp_reads',
        help: 'Lecturas del catálogo al ERP que esta instancia hizo como lectora del clúster desde que inició',
        registers,
        collect() {
          this.set(catalogReader().reads);
        },
      });
    }
  }

  /**
   * The timer of one route pattern and method, made when the route is registered: its series per status class are
   * found on first use and kept, so timing an answer is one observation (the hot path).
   */
  requestTimer(route: string, method: string): (status: number, ms: number) => void {
    const byClass: (LatencySeries | undefined)[] = [];
    return (status, ms) => {
      const statusClass = Math.floor(status / 100);
      const series = (byClass[statusClass] ??= this.httpDuration.seriesOf({ route, method, status_class: `${statusClass}xx` }));
      series.observe(ms / 1000);
    };
  }

  /** An answer no route matched, timed as route 'unmatched' (its series looked up per call). */
  observeUnmatched(method: string, status: number, ms: number): void {
    this.httpDuration.seriesOf({ route: 'unmatched', method, status_class: `${Math.floor(status / 100)}xx` }).observe(ms / 1000);
  }

  /** One exchange with the ERP. */
  observeErp(exchange: ErpExchange): void {
    this.erpDuration.observe({ operation: exchange.operation, outcome: exchange.error ? 'error' : 'ok' }, exchange.ms / 1000);
    if (exchange.error) this.erpErrors.inc({ operation: exchange.operation, code: exchange.error });
  }

  /** One try of an outbox job. */
  observeAttempt(report: AttemptReport): void {
    this.jobAttempts.inc({ kind: report.kind, outcome: report.outcome });
    if (report.outcome === 'failed') this.jobFailures.inc({ kind: report.kind, failure: report.failure ?? 'unknown' });
  }

  /** The text a Prometheus server scrapes. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
