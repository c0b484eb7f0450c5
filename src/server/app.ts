import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { defaultMailFrom, type Config } from './config';
import bannersRoutes from './banners/banners.routes';
import { BannersAdmin } from './banners/banners.service';
import productsRoutes from './products/products.routes';
import { ProductsAdmin } from './products/products.service';
import type { Database } from './db/connect';
import cartRoutes from './cart/cart.routes';
import curvesRoutes from './curves/curves.routes';
import savedListsRoutes from './savedLists/savedLists.routes';
import orderRoutes from './orders/orders.routes';
import quickOrderRoutes from './ordering/quickOrder.routes';
import reorderRoutes from './ordering/reorder.routes';
import approvalsRoutes from './company/approvals.routes';
import { createBuyerMailRenderer } from './mail/buyerMailJob';
import { MAIL_JOB, mailDomainOf, mailJobHandler } from './mail/mailJob';
import mailRoutes from './mail/mail.routes';
import { OrderMailService } from './mail/orderMail.service';
import { sealingKey, withSealedFields } from './mail/sealedFields';
import notificationsRoutes from './notifications/notifications.routes';
import { registerAccountClaims, type AccountClaimsOptions } from './account/claimsArea';
import type { ClaimService } from './account/claims.service';
import type { AccountAlertsJob } from './account/alerts';
import { NotificationsService } from './notifications/notifications.service';
import chequeRoutes from './payments/cheque.routes';
import { ChequeService } from './payments/cheque.service';
import customerRequestRoutes from './customerRequest/customerRequest.routes';
import { CustomerRequestService } from './customerRequest/customerRequest.service';
import adminUsersRoutes from './users/users.routes';
import peopleRoutes from './company/people.routes';
import { ERP_CONTACT_ACTIVE_JOB } from './company/contactActiveJob';
import adminJobsRoutes from './jobs/jobs.routes';
import { AdminJobsService } from './jobs/jobs.service';
import { ErpRedriver } from './jobs/redriver';
import { IncomingWatchJob } from './orders/incomingWatch';
import stockAlertsRoutes from './stockAlerts/stockAlerts.routes';
import { StockAlertsService, unsubscribeKeyOf } from './stockAlerts/stockAlerts.service';
import { StockAlertsWatchJob } from './stockAlerts/stockAlertsWatch';
import { ERP_ORDER_JOB } from './orders/erpOrderJob';
import { ERP_PAY_INVOICES_JOB, ERP_PAYMENT_JOB } from './payments/payments.service';
import type { PrivateFileStore } from './storage/privateFiles';
import { createMailer, type Mailer } from './integrations/mailer';
import { OutboxWorker, type WorkerOptions } from './jobs/outbox';
import { Outbox } from './jobs/outbox.repo';
import { CatalogService, type CatalogOptions } from './catalog/catalog.service';
import catalogRoutes from './catalog/catalog.routes';
import { ContentRepo } from './catalog/content.repo';
import type { ErpCreatePolicy, ErpService } from './erp/erp.service';
import { shareCatalogueReads, type SharedItemSource, type SharedItemsOptions } from './erp/sharedItems';
import { SharedReads } from './catalog/sharedReads.repo';
import historyRoutes from './orders/history.routes';
import { PurchaseHistoryService } from './orders/history.service';
import { OrderRepo } from './orders/orders.repo';
import pendingRoutes from './payments/pending.routes';
import { createPayments, type PaymentProviders, type PaymentsArea } from './payments/area';
import paymentRoutes from './payments/payments.routes';
import type { PaymentReconciler } from './jobs/reconciler';
import { CustomerDirectory } from './profile/customers.service';
import profileRoutes from './profile/profile.routes';
import healthRoutes, { type ReadinessCheck } from './health/health.routes';
import publicConfigRoutes from './publicConfig/publicConfig.routes';
import { BannerRepo } from './banners/banners.repo';
import { HomeService } from './home/home.service';
import homeRoutes from './home/home.routes';
import { lazyChildLoggerFactory, type Leveled } from './http/requestLogger';
import auth from './plugins/auth';
import errors, { clientErrorHandler, frameworkErrors } from './plugins/errors';
import openapi from './plugins/openapi';
import securityHeaders from './plugins/securityHeaders';
import spa from './plugins/spa';
import { apiMethodIndex } from './plugins/methodNotAllowed';
import validation from './plugins/validation';
import xsrf from './plugins/xsrf';
import securityRoutes from './security/security.routes';
import { SecurityService } from './security/security.service';
import { PasswordSetupService } from './security/passwordSetup.service';
import { TokenService } from './security/tokens';
import { RepCustomersService } from './reps/repCustomers.service';
import { RepresentationService } from './reps/representation.service';
import repsRoutes, { auditRepresentedActions } from './reps/reps.routes';
import { UsersRepo } from './users/users.repo';
import type { FileStore } from './storage/fileStore';
import linesheetRoutes, { linesheetSender } from './linesheet/linesheet.routes';
import { LinesheetMailer } from './linesheet/linesheetMail';
import { THUMBNAIL_JOB, thumbnailJobHandler } from './linesheet/thumbnailJob';
import fileRoutes from './storage/storage.routes';
import { openFileStores, type StorageOptions } from './storage/stores';
import type { RouteDeps } from './routeDeps';
import accountRoutes from './account/account.routes';
import { AccountService } from './account/account.service';
import { combineAccountExtras, type AccountExtras } from './account/accountExtras';
import { createDteProvider } from './account/dteProvider';
import { registerOperations, type Operations, type OperationsOptions } from './operations';
import { PortalMetrics } from './metrics/metrics';
import { timeRequests, type AnswerListener } from './metrics/metrics.routes';

declare module 'fastify' {
  interface FastifyInstance {
    catalog: CatalogService;
    home: HomeService;
    /** Uploaded and generated files (images, sheets, banners), served at /files/. */
    files: FileStore;
    /** Work for the ERP and the mailer, written with the state change it follows from. */
    outbox: Outbox;
    /** Delivers the outbox (started on ready unless `worker.autoStart` is false, stopped on close). */
    worker: OutboxWorker;
    /** SMTP or the `.eml` file outbox; the outbox's 'mail' jobs go through it. */
    mailer: Mailer;
    /** Files never served (cheque photos), read back by the server only. */
    privateFiles: PrivateFileStore;
    /** Card and bank-transfer payments (absent when the app is built without payment providers). */
    payments?: PaymentsArea;
    /** Settles payments nobody came back for (started on ready unless `payments.reconciler.autoStart` is false). */
    reconciler?: PaymentReconciler;
    /** Queues again the ERP jobs that ran out of tries once the ERP answers (started with the worker). */
    redriver: ErpRedriver;
    /** Metrics, the ERP company names and invoices of the operations screens (operations.ts). */
    operations: Operations;
    /** Claims on invoices (docs/account.md): its repo answers the account list's claimsOf. */
    accountClaims: ClaimService;
    /** The account's periodic mail alerts. */
    accountAlerts: AccountAlertsJob;
    incomingWatch: IncomingWatchJob;
    /** 'Avísame cuando llegue': mails the sizes that came back (docs/stock-alerts.md). */
    stockAlertsWatch: StockAlertsWatchJob;
  }
}

export interface AppDeps {
  config: Pick<Config, 'jwtSecret' | 'tokenTtl' | 'publicUrl' | 'clientDir' | 'login' | 'brandName'> & Partial<Pick<Config, 'trustProxy' | 'openApi' | 'logSlowMs' | 'scenarioRecorder' | 'repScopeCacheMs' | 'dteProvider' | 'issuer' | 'instanceId'>>;
  database: Database;
  erp: ErpService;
  /** How long the catalogue snapshot (and home's style facts) is served before a background refresh (ms), its soft age. */
  catalogMaxAgeMs?: number;
  /** The catalogue's hard age and the product detail's stock cache (main: CATALOG_MAX_AGE, CATALOG_STOCK_TTL). */
  catalog?: Pick<CatalogOptions, 'maxAgeMs' | 'stockTtlMs'>;
  /**
   * On PostgreSQL, the catalogue's items are read from the ERP by one instance of the cluster for all, and the stock of
   * a style and a company's open items one instance read are served by the others while fresh (docs/scale-out.md): the
   * reader's settings, or false for this instance to read everything itself. Not used on PGlite.
   */
  sharedItems?: false | Pick<SharedItemsOptions, 'leaseMs' | 'refreshMs' | 'instance'>;
  /** Extra readiness checks (the ERP, …) beside the database. */
  readiness?: Record<string, ReadinessCheck>;
  logger?: FastifyServerOptions['logger'];
  /** Where uploaded files live (main: FILE_STORAGE and S3_*). Absent: on local disk (`filesDir`, `privateFilesDir`). */
  storage?: StorageOptions;
  /**
   * Folder of the local file store (main: DATA_DIR/files). Absent: a throwaway temp folder, removed on close. With
   * another storage, the files found there are copied into it once (storage/importDiskFiles.ts).
   */
  filesDir?: string;
  /** Sends the mail jobs (main: SMTP_URL or DATA_DIR/outbox). Absent: `.eml` files in a throwaway temp folder, removed on close. */
  mailer?: Mailer;
  /** Folder of the private file store (main: DATA_DIR/private, never served). Absent: a throwaway temp folder, removed on close; with another storage, as `filesDir`. */
  privateFilesDir?: string;
  /** Outbox worker settings (tests shorten the poll and backoff); `autoStart: false` leaves it stopped. */
  worker?: Partial<Omit<WorkerOptions, 'db'>> & { autoStart?: boolean };
  /** WebPay and Khipu clients and settings (main: WEBPAY_* / KHIPU_* or the stand-ins). Absent: no payment routes. */
  payments?: PaymentProviders;
  /**
   * The ERP jobs' timing: `settleMs`, `lookupFirstMs`, `lookupMaxMs` and `approvalPollMs` change the ERP service's create
   * policy (absent: as the service was built); `redriveIntervalMs` is how often exhausted ERP jobs are re-driven once the
   * ERP answers (default 60 s).
   */
  erpJobs?: Partial<ErpCreatePolicy> & { redriveIntervalMs?: number };
  /** The alert mail of failed jobs (ALERT_MAIL_TO), /metrics (METRICS_TOKEN) and the operations screens' caches. */
  operations?: OperationsOptions;
  /**
   * The buyer's current account (docs/account.md): its clock (`today`, the Chilean day; tests fix it), how long a
   * company's open documents are kept between requests (`cacheMs`), the payments in process and claims (`extras`,
   * tests), and the mail alerts' interval and start.
   */
  account?: AccountClaimsOptions & { cacheMs?: number; extras?: AccountExtras };
  /** The watch of pre-order promises (docs/incoming.md): its pause, and whether it starts on ready (default true). */
  incomingWatch?: { intervalMs?: number; autoStart?: boolean; today?: () => string };
  /** 'Avísame cuando llegue' (docs/stock-alerts.md): the watch's pause, whether it starts on ready (default true), and the clock (tests move it). */
  stockAlerts?: { intervalMs?: number; autoStart?: boolean; now?: () => Date };
}

/**
 * Request bodies are not logged; should one ever reach a log line, its secrets do not: passwords and the customer
 * request's tax password ('Clave tributaria') are censored, at the top and two levels down.
 */
const SECRET_FIELDS = ['password', 'confirmPassword', 'currentPassword', 'passwordTax'];
export const LOG_REDACT = {
  paths: SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
  censor: '[oculto]',
};

function withRedaction(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === true) return { redact: LOG_REDACT };
  if (logger && typeof logger === 'object' && !('redact' in logger)) return { ...logger, redact: LOG_REDACT };
  return logger ?? false;
}

/**
 * Fastify's own lines without the pair it writes for every request ('incoming request', 'request completed') at info;
 * a response that failed while being sent is still logged, and so are Fastify's other warnings.
 */
class QuietRequests extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) super.requestCompleted(error, request, reply);
  }
}

/**
 * One line per answer that matters, written when it is sent: a 5xx (error), an answer slower than `slowMs` (warn), and
 * at debug level every other answer (4xx included) as a compact line; each carries the request id (`reqId`, bound by
 * the request's logger). At the default level (info) a fast answer writes nothing: the hot routes pay two comparisons
 * and a level check, in the onResponse hook that also times the answer (`timeRequests`).
 */
function requestLog(slowMs: number): AnswerListener {
  return (request, reply) => {
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    if (status >= 500) request.log.error({ method: request.method, url: request.url, status, ms: Math.round(ms) }, 'respuesta con error');
    else if (ms > slowMs) request.log.warn({ method: request.method, url: request.url, status, ms: Math.round(ms) }, 'respuesta lenta');
    else if ((request.log as Leveled).isLevelEnabled?.('debug')) request.log.debug({ method: request.method, url: request.url, status, ms: Math.round(ms) }, 'respuesta');
  };
}

/** Text, JSON, JavaScript, XML and SVG: what gains from compression (images, PDFs and fonts are compressed already). */
const COMPRESSIBLE = /^text\/(?!event-stream)|[+/]json(?:;|$)|javascript|[+/]xml(?:;|$)/u;

/** Trusts the nearest `hops` proxies (a hop count behind a load balancer). */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/** Builds the API and SPA server from its dependencies; tests call it and use `inject`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: withRedaction(deps.logger),
    // only trusted proxies may say who the client is (X-Forwarded-For), or the per-address limits could be dodged
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : (config.trustProxy ?? 'loopback'),
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
    // errors met before a route is found, and the HTTP parser's own: `{status, message}` in Spanish as everywhere
    frameworkErrors,
    clientErrorHandler,
    ajv: undefined,
    // no 'incoming request' / 'request completed' pair per request: requestLog writes only what matters
    logController: new QuietRequests(),
    // the request's child logger is made when it writes a line, not for every request (http/requestLogger.ts)
    ...(deps.logger ? { childLoggerFactory: lazyChildLoggerFactory } : {}),
  });

  // INSTANCE_ID: every answer names the instance that gave it (behind a load balancer: which one served a request)
  const instanceId = config.instanceId;
  if (instanceId) {
    app.addHook('onRequest', (_request, reply, done) => {
      reply.header('x-portal-instance', instanceId);
      done();
    });
  }

  // which methods each /api path takes, for the 405 of the not-found handler (spa.ts): recorded as routes are added
  const allowedMethods = apiMethodIndex(app);
  const users = new UsersRepo(database.db);
  const tokens = new TokenService(config.jwtSecret, config.tokenTtl);

  await app.register(securityHeaders, { publicUrl: config.publicUrl, webpayBaseUrl: deps.payments?.webpay.baseUrl, khipuBaseUrl: deps.payments?.khipu.baseUrl });
  await app.register(errors);
  await app.register(validation);
  // request latency per route for /metrics: hooked on every route as it is added, so before any (operations.ts)
  // on PostgreSQL the instances share their ERP reads: the catalogue's one reader (set up with the catalogue, below)
  const sharesErpReads = database.kind === 'postgres' && deps.sharedItems !== false;
  let reader: SharedItemSource | undefined;
  const sharedReads = sharesErpReads ? new SharedReads(database.db) : undefined;
  const metrics = new PortalMetrics(
    {
      db: database.db,
      catalogReadAt: () => catalog.snapshotReadAt(),
      ...(sharesErpReads ? { catalogReader: () => ({ holder: reader?.holdsLease() ?? false, reads: reader?.reads ?? 0 }) } : {}),
    },
    { processMetrics: deps.operations?.processMetrics },
  );
  // the answers no route matched are timed (and logged) by the not-found handler's own hook (spa, below)
  const onUnmatched = timeRequests(app, metrics, deps.logger ? requestLog(config.logSlowMs ?? 1000) : undefined);
  // a GET or HEAD has no body to decompress: no request-decompression hook on them (added before the compress plugin's
  // own onRoute hook, which reads the route's `decompress`)
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (route.decompress === undefined && methods.every((m) => m === 'GET' || m === 'HEAD')) route.decompress = false;
  });
  // gzip or brotli for the SPA's files and JSON answers of 1 kB or more; an answer already compressed (the prepared
  // catalogue bodies) is sent as it is
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'], customTypes: COMPRESSIBLE });
  await app.register(fastifyRateLimit, { global: false });
  // auth first: its onRoute hook gives every route, the anti-forgery cookie's own included, its access guard
  // which customer a sales rep's session acts for, decided on each request (docs/sales-reps.md)
  const representations = new RepresentationService({ db: database.db, erp: deps.erp, users, tokens, scopeCacheMs: config.repScopeCacheMs, sharedReads });
  await app.register(auth, { tokens, users, representations });
  // the API description (config.openApi, on unless OPENAPI=off): after auth, so its own route is guarded; before every route it describes
  if (config.openApi) await app.register(openapi);
  await app.register(xsrf, { secure: config.publicUrl.startsWith('https://') });

  const security = new SecurityService(users, tokens, (userId) => app.forgetSession(userId));
  // the wholesaler's sales reps: the audit of what they do while representing a customer (a hook on every route that
  // changes something, from here on), and representing one
  auditRepresentedActions(app, database.db);
  await app.register(repsRoutes, { representations, customers: new RepCustomersService({ erp: deps.erp }) });
  const passwordSetups = new PasswordSetupService(database.db, users, (userId) => app.forgetSession(userId));
  await app.register(securityRoutes, { security, passwordSetups, limits: config.login, db: database.db });
  const erp = deps.erp;
  const { redriveIntervalMs, ...createPolicy } = deps.erpJobs ?? {};
  const policyChanges = Object.fromEntries(Object.entries(createPolicy).filter(([, value]) => value !== undefined));
  if (Object.keys(policyChanges).length) erp.setCreatePolicy(policyChanges);
  const customers = new CustomerDirectory(erp);
  // on PostgreSQL one instance of the cluster reads the ERP's catalogue for all; the others merge what it wrote and
  // rebuild their snapshot when told (docs/scale-out.md)
  if (sharedReads) {
    reader = shareCatalogueReads(erp, database, {
      refreshMs: deps.catalogMaxAgeMs,
      ...deps.sharedItems,
      rebuild: () => app.catalog.refresh(),
      onError: (err) => app.log.warn({ err }, 'lector compartido del catálogo'),
    });
    const started = reader;
    app.addHook('onReady', () => started.start());
    // before the database closes (onClose hooks may run after it): the lease is given up while the pool still works
    app.addHook('preClose', () => started.stop());
  }
  const catalog = new CatalogService(erp, new ContentRepo(database.db), {
    ...deps.catalog,
    sharedReads,
    refreshMs: deps.catalogMaxAgeMs,
    onError: (err) => app.log.warn({ err }, 'no se pudo refrescar el catálogo desde el ERP'),
  });
  app.decorate('catalog', catalog);
  await app.register(profileRoutes, { erp, customers });
  await app.register(catalogRoutes, { catalog });
  await app.register(historyRoutes, { history: new PurchaseHistoryService({ erp, customers, orders: new OrderRepo(database.db) }) });
  await app.register(pendingRoutes, { erp, customers });
  // the buyer's current account, read side: summary, open items, documents and their files, statement (docs/account.md)
  // what the portal itself knows of the documents (payments in process, claims), filled in as those areas are set up
  const accountParts: Partial<AccountExtras> = {};
  const dte = createDteProvider(config.dteProvider ?? 'b1', erp);
  const account = new AccountService({
    erp, customers, dte,
    issuer: config.issuer ?? { name: config.brandName, rut: '', address: '', email: '', phone: '' },
    today: deps.account?.today,
    cacheMs: deps.account?.cacheMs,
    sharedReads,
    extras: deps.account?.extras ?? combineAccountExtras(accountParts),
  });
  await app.register(accountRoutes, { account });

  // Uploaded files: on disk, in the database or in S3 (storage/stores.ts); public ones served at /files/ by every instance.
  const stores = await openFileStores({ storage: deps.storage, db: database.db, filesDir: deps.filesDir, privateFilesDir: deps.privateFilesDir, log: app.log, exclusive: database.startupLock });
  app.addHook('onClose', stores.close);
  const { files, privateFiles } = stores;
  app.decorate('files', files);
  await app.register(fileRoutes, { files });
  const home = new HomeService(new ContentRepo(database.db), erp, new BannerRepo(database.db), {
    maxAgeMs: deps.catalogMaxAgeMs,
    onError: (err) => app.log.warn({ err }, 'no se pudo refrescar los estilos del ERP para el home'),
  });
  app.decorate('home', home);
  await app.register(homeRoutes, { home });
  const outbox = new Outbox(database.db);
  const { autoStart = true, ...workerOptions } = deps.worker ?? {};
  const worker = new OutboxWorker({ logger: app.log, ...workerOptions, db: database.db });
  app.decorate('outbox', outbox);
  app.decorate('worker', worker);
  // the line sheet's thumbnails, made in the background when a picture is stored (docs/linesheet.md)
  worker.register(THUMBNAIL_JOB, thumbnailJobHandler({ content: new ContentRepo(database.db), files }));
  // Admin: product content and the banner set (their files in `files`, buyers' views refreshed after a save).
  await app.register(productsRoutes, { products: new ProductsAdmin({ db: database.db, content: new ContentRepo(database.db), erp, files, catalog, home, log: app.log, outbox, worker }) });
  await app.register(bannersRoutes, { banners: new BannersAdmin({ db: database.db, banners: new BannerRepo(database.db), files, log: app.log }) });

  const outboxDir = deps.mailer ? undefined : mkdtempSync(path.join(tmpdir(), 'portal-outbox-'));
  if (outboxDir) app.addHook('onClose', async () => rmSync(outboxDir, { recursive: true, force: true }));
  const mailer = deps.mailer ?? createMailer({ from: defaultMailFrom(config.brandName), outboxDir });
  app.addHook('onClose', async () => mailer.close());
  app.decorate('mailer', mailer);
  const mailDomain = mailDomainOf(mailer.from);
  const routeDeps: RouteDeps = { db: database.db, erp, customers, catalog, outbox, worker, brandName: config.brandName, mailDomain };
  await app.register(cartRoutes, routeDeps);
  await app.register(curvesRoutes, routeDeps);
  await app.register(savedListsRoutes, routeDeps);
  await app.register(orderRoutes, routeDeps);
  await app.register(quickOrderRoutes, routeDeps);
  await app.register(reorderRoutes, routeDeps);
  // the line sheet (docs/linesheet.md): its pictures' thumbnails are kept in the public file store; a sheet mailed to a
  // customer waits in the private store for the outbox's mail job
  const sheetSender = linesheetSender({ ...routeDeps, files, publicUrl: config.publicUrl }, app.log);
  const sheetMailer = new LinesheetMailer({
    ...routeDeps,
    sender: sheetSender,
    privateFiles,
    publicUrl: config.publicUrl,
    inRepScope: (user, cardCode) =>
      user.rep ? representations.inScope({ userId: user.id, salesPersonCode: user.rep.salesPersonCode, scope: user.rep.scope }, cardCode) : Promise.resolve(false),
  });
  await app.register(linesheetRoutes, { sender: sheetSender, mailer: sheetMailer, db: database.db });
  if (deps.payments) {
    const area = createPayments({ ...routeDeps, publicUrl: config.publicUrl, sealKey: sealingKey(config.jwtSecret), log: app.log, providers: deps.payments, dte });
    accountParts.documentsInProcess = (cardCode) => area.service.documentsInProcess(cardCode);
    app.decorate('payments', area);
    app.decorate('reconciler', area.reconciler);
    await app.register(paymentRoutes, { area });
    if (deps.payments.reconciler?.autoStart !== false) app.addHook('onReady', async () => area.reconciler.start());
  }
  app.decorate('privateFiles', privateFiles);
  // The outbox's 'mail' jobs: sent through the mailer, the buyer's confirmations rendered as they run (docs/mail.md).
  const sealKey = sealingKey(config.jwtSecret);
  const templates = createBuyerMailRenderer({ db: database.db, erp, brand: config.brandName, log: app.log });
  const sendMail = mailJobHandler({ mailer, files: privateFiles, logger: app.log, templates });
  worker.register(MAIL_JOB, withSealedFields(database.db, sealKey, sendMail, app.log));
  const notifications = new NotificationsService(database.db, config.brandName);
  const orderMail = new OrderMailService({ ...routeDeps, notifications, mailDomain, log: app.log });
  await app.register(notificationsRoutes, { notifications });
  await app.register(mailRoutes, { orderMail });
  await app.register(approvalsRoutes, { ...routeDeps, orderMail });
  await app.register(chequeRoutes, { cheques: new ChequeService(orderMail, privateFiles, new OrderRepo(database.db)) });
  await app.register(customerRequestRoutes, { customerRequests: new CustomerRequestService({ ...routeDeps, notifications, mailDomain, sealKey }), db: database.db });
  // claims on invoices and the account's mail alerts (docs/account.md)
  const claimsArea = await registerAccountClaims(app, { ...routeDeps, notifications, privateFiles, publicUrl: config.publicUrl, dte }, deps.account);
  accountParts.claimsOf = (cardCode) => claimsArea.claims.claims.claimsOf(cardCode);
  app.decorate('accountClaims', claimsArea.claims);
  app.decorate('accountAlerts', claimsArea.alerts);
  await app.register(adminUsersRoutes, { db: database.db, erp, outbox });
  // the people of a buying company, for its Administrador (docs/company-people.md)
  await app.register(peopleRoutes, { ...routeDeps, publicUrl: config.publicUrl, mailDomain, sealKey, forgetSession: (userId) => app.forgetSession(userId) });
  await app.register(adminJobsRoutes, { jobs: new AdminJobsService({ db: database.db, outbox, worker }) });
  // Operations: admin orders and audit, the alert mail of failed jobs, the buyer's orders, /metrics (operations.ts).
  const operations = await registerOperations(app, { ...routeDeps, metrics, publicUrl: config.publicUrl, mailFrom: mailer.from, repScopeCacheMs: config.repScopeCacheMs, sharedReads }, deps.operations);
  app.decorate('operations', operations);
  const redriver = new ErpRedriver({
    db: database.db,
    outbox,
    worker,
    kinds: [ERP_ORDER_JOB, ERP_PAYMENT_JOB, ERP_PAY_INVOICES_JOB, ERP_CONTACT_ACTIVE_JOB],
    erpHealthy: async () => (await erp.ping()) === 'ok',
    intervalMs: redriveIntervalMs,
    logger: app.log,
  });
  app.decorate('redriver', redriver);
  // pre-order lines against what arrives now: a date the ERP moved is flagged and mailed (docs/incoming.md)
  // what every periodic job that mails people through the outbox is given (MailingJobOptions)
  const mailing = { db: database.db, outbox, worker, brandName: config.brandName, mailDomain, publicUrl: config.publicUrl, logger: app.log };
  const incomingWatch = new IncomingWatchJob({ ...mailing, erp, intervalMs: deps.incomingWatch?.intervalMs, today: deps.incomingWatch?.today });
  app.decorate('incomingWatch', incomingWatch);
  // 'Avísame cuando llegue': the buyer's alerts on sizes at 0, and the watch that mails them back (docs/stock-alerts.md)
  const tokenKey = unsubscribeKeyOf(config.jwtSecret);
  const stockAlerts = new StockAlertsService({ db: database.db, erp, customers, tokenKey, now: deps.stockAlerts?.now });
  await app.register(stockAlertsRoutes, { alerts: stockAlerts, brandName: config.brandName });
  const stockAlertsWatch = new StockAlertsWatchJob({ ...mailing, erp, customers, tokenKey, intervalMs: deps.stockAlerts?.intervalMs, now: deps.stockAlerts?.now });
  app.decorate('stockAlertsWatch', stockAlertsWatch);
  if (autoStart) {
    app.addHook('onReady', async () => {
      worker.start();
      redriver.start();
      if (deps.incomingWatch?.autoStart !== false) incomingWatch.start();
      if (deps.stockAlerts?.autoStart !== false) stockAlertsWatch.start();
    });
  }

  const erpReady = async () => {
    if ((await erp.ping()) !== 'ok') throw new Error('ERP no disponible');
  };
  await app.register(healthRoutes, { checks: { database: database.ping, erp: erpReady, ...deps.readiness } });
  await app.register(publicConfigRoutes, { publicUrl: config.publicUrl, scenarioRecorder: config.scenarioRecorder ?? false });

  await app.register(spa, { clientDir: config.clientDir, allowedMethods, onUnmatched });
  app.addHook('onClose', async () => {
    await app.reconciler?.stop();
    await redriver.stop();
    await incomingWatch.stop();
    await stockAlertsWatch.stop();
    await worker.stop();
    await database.close();
  });
  return app;
}
