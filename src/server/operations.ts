// The operations area, wired in one place (app.ts calls it once): the admin's 'Pedidos' and 'Auditoría', the alert
// mail of failed jobs, the buyer's 'Mis pedidos', the sales rep's 'Mis pedidos del vendedor', and the Prometheus metrics. 'Trabajos ERP' and 'Usuarios' keep their
// routes in jobs/ and users/.
import type { FastifyInstance } from 'fastify';
import auditRoutes from './audit/audit.routes';
import { AuditService } from './audit/audit.service';
import type { CatalogService } from './catalog/catalog.service';
import type { SharedReads } from './catalog/sharedReads.repo';
import type { Db } from './db/connect';
import type { ErpService } from './erp/erp.service';
import { jobFailureAlert } from './jobs/jobAlerts';
import type { OutboxWorker } from './jobs/outbox';
import type { Outbox } from './jobs/outbox.repo';
import { mailDomainOf } from './mail/mailJob';
import type { PortalMetrics } from './metrics/metrics';
import metricsRoutes from './metrics/metrics.routes';
import adminOrdersRoutes from './orders/adminOrders.routes';
import { AdminOrdersService } from './orders/adminOrders.service';
import { InvoiceFollowUps } from './orders/invoiceFollowUps';
import userOrdersRoutes from './orders/userOrders.routes';
import { UserOrdersService } from './orders/userOrders.service';
import { CompanyNames } from './profile/companyNames';
import repOrdersRoutes from './reps/repOrders.routes';
import { RepOrdersService } from './reps/repOrders.service';

export interface OperationsOptions {
  /** ALERT_MAIL_TO: who gets the alert mail of a job that failed for good; absent: no alert mails. */
  alertMailTo?: string;
  /** METRICS_TOKEN: lets callers that are not on this machine read /metrics with `Authorization: Bearer <token>`. */
  metricsToken?: string;
  /** Node's own metrics (memory, event loop, GC) beside the portal's: the process sets it (tests leave it off). */
  processMetrics?: boolean;
  /** How long ERP company names and invoices are kept (tests shorten them). */
  companyNamesTtlMs?: number;
  invoicesTtlMs?: number;
}

export interface OperationsDeps {
  db: Db;
  /** Made by buildApp before any route, which times every request (metrics.routes.ts `timeRequests`). */
  metrics: PortalMetrics;
  erp: ErpService;
  catalog: CatalogService;
  outbox: Outbox;
  worker: OutboxWorker;
  brandName: string;
  publicUrl: string;
  mailFrom: string;
  /** How long a sales employee's customers read from the ERP are reused (REP_SCOPE_CACHE; default 30 s). */
  repScopeCacheMs?: number;
  /** On a cluster: the ERP reads one instance made, served by the others while fresh (docs/scale-out.md). */
  sharedReads?: SharedReads;
}

export interface Operations {
  metrics: PortalMetrics;
  companies: CompanyNames;
  invoices: InvoiceFollowUps;
}

export async function registerOperations(app: FastifyInstance, deps: OperationsDeps, options: OperationsOptions = {}): Promise<Operations> {
  const { db, erp, worker } = deps;
  const warn = (what: string) => (err: unknown) => app.log.warn({ err }, what);
  const companies = new CompanyNames(erp, { ttlMs: options.companyNamesTtlMs, onError: warn('no se pudo leer los nombres de empresa del ERP') });
  const invoices = new InvoiceFollowUps(erp, { ttlMs: options.invoicesTtlMs });

  const adminOrders = new AdminOrdersService({ db, companies, invoices, log: app.log });
  await app.register(adminOrdersRoutes, { orders: adminOrders });
  // 'Mis pedidos del vendedor': the admin's list and detail, kept to the rep's orders and customers
  await app.register(repOrdersRoutes, { repOrders: new RepOrdersService({ orders: adminOrders, erp, scopeCacheMs: deps.repScopeCacheMs, sharedReads: deps.sharedReads }) });
  await app.register(auditRoutes, { audit: new AuditService(db, companies) });
  await app.register(userOrdersRoutes, { userOrders: new UserOrdersService({ db, invoices, log: app.log }) });

  if (options.alertMailTo) {
    worker.onFailure(jobFailureAlert({ outbox: deps.outbox, to: options.alertMailTo, brand: deps.brandName, publicUrl: deps.publicUrl, mailDomain: mailDomainOf(deps.mailFrom) }));
  }

  const { metrics } = deps;
  const stopErp = erp.observe((exchange) => metrics.observeErp(exchange));
  const stopWorker = worker.observe((report) => metrics.observeAttempt(report));
  app.addHook('onClose', async () => {
    stopErp();
    stopWorker();
  });
  await app.register(metricsRoutes, { metrics, token: options.metricsToken });
  return { metrics, companies, invoices };
}
