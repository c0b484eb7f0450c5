import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { demoOpenWarning, isLoopbackHost, type Config } from './config';
import { openDatabase, type Database } from './db/connect';
import { ensureFirstSuperAdmin, seedUsers } from './db/seed';
import { seedDemoContentOnStart } from './demo/startup';
import { registerFaultControl, startB1StandIn, startEmbeddedServices, startKhipuStandIn, startWebpayStandIn, type EmbeddedServices } from './embedded';
import { ErpService } from './erp/erp.service';
import { KhipuClient } from './integrations/khipu';
import { createMailer } from './integrations/mailer';
import { WebpayClient } from './integrations/webpay';
import { seedDemoRecipients } from './notifications/recipients.repo';
import { publicUrlWarnings } from './publicConfig/publicUrl';
import { ServiceLayerClient } from './erp/serviceLayer';
import { UsersRepo } from './users/users.repo';

/** A portal started up to the point of listening (what main.ts runs before `listen`). */
export interface StartedPortal {
  app: FastifyInstance;
  database: Database;
  /** The catalogue's warm-up started before listening (it never fails: a failure is logged). */
  warmUp: Promise<void>;
  /** The lines main.ts prints once the portal listens. */
  readyLines(): string[];
}

export interface StartOptions {
  /** Where the log lines go (tests collect them); absent: standard output, as main.ts has it. */
  logStream?: { write(line: string): void };
}

/**
 * Everything the process does before it listens, in order: open and migrate the database, the first users, the
 * stand-ins when nothing external is configured, the app, the demo content and recipients, the warnings, the
 * catalogue's warm-up. Safe with any number of instances starting at once on one PostgreSQL database: the migrations
 * run under their advisory lock, and every step that writes into the database after them (the first SUPERADMIN or the
 * demo users, files left on disk copied into the database or S3, the demo content and recipients) under the start-up
 * lock (`database.startupLock`), each written so that an instance finding it done does nothing (docs/scale-out.md).
 */
export async function startPortal(config: Config, options: StartOptions = {}): Promise<StartedPortal> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const users = new UsersRepo(database.db);

  let embedded: EmbeddedServices | undefined;
  if (config.embedded) {
    const services = await startEmbeddedServices();
    embedded = services;
    await database.startupLock(() => seedUsers(users, services.demoUsers));
  } else {
    await database.startupLock(() => ensureFirstSuperAdmin(users, config.adminRut, config.adminPassword));
  }

  // The ERP: the configured Service Layer, or the stand-in on a loopback port.
  const standIn = config.b1 ? undefined : await startB1StandIn();
  const b1 = config.b1 ?? standIn!;
  const erp = new ErpService(
    new ServiceLayerClient({ baseUrl: b1.url, company: b1.company, user: b1.user, password: b1.password, timeoutMs: config.erp.timeoutMs }),
    {
      settleMs: config.erp.settleMs,
      approvalPollMs: config.erp.approvalPollMs,
      items: { pageSize: config.catalog.pageSize, concurrency: config.catalog.concurrency, fullReloadMs: config.catalog.fullReloadMs },
    },
  );

  // The payment providers: the configured ones, or their stand-ins on loopback ports (card form and payer page included).
  const webpayStandIn = config.webpay.baseUrl ? undefined : await startWebpayStandIn();
  const webpay = new WebpayClient(
    webpayStandIn
      ? { baseUrl: webpayStandIn.url, commerceCode: webpayStandIn.commerceCode, apiKey: webpayStandIn.apiKey, timeoutMs: config.webpay.timeoutMs }
      : config.webpay,
  );
  const khipuStandIn = config.khipu.baseUrl ? undefined : await startKhipuStandIn();
  const khipuSettings = khipuStandIn
    ? { baseUrl: khipuStandIn.url, apiKey: khipuStandIn.apiKey, secret: khipuStandIn.secret, receiverId: khipuStandIn.receiverId }
    : { baseUrl: config.khipu.baseUrl!, apiKey: config.khipu.apiKey!, secret: config.khipu.secret!, receiverId: config.khipu.receiverId };
  const khipu = new KhipuClient({ baseUrl: khipuSettings.baseUrl, apiKey: khipuSettings.apiKey });

  const app = await buildApp({
    // on the stand-in, the statement names the wholesaler of its DTEs unless ISSUER_RUT names another
    config: standIn && !config.issuer.rut ? { ...config, issuer: standIn.issuer } : config,
    database,
    erp,
    storage: config.storage,
    filesDir: path.join(config.dataDir, 'files'),
    // Never under files/: that folder is served at /files/.
    privateFilesDir: path.join(config.dataDir, 'private'),
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox') }),
    logger: options.logStream ? { level: config.logLevel, stream: options.logStream } : { level: config.logLevel },
    erpJobs: { redriveIntervalMs: config.erp.redriveIntervalMs },
    worker: { maxAttempts: config.outboxMaxAttempts },
    catalogMaxAgeMs: config.catalog.refreshMs,
    catalog: { maxAgeMs: config.catalog.maxAgeMs, stockTtlMs: config.catalog.stockTtlMs },
    operations: { alertMailTo: config.alertMailTo, metricsToken: config.metricsToken, processMetrics: true, invoicesTtlMs: config.invoicesTtlMs },
    account: { alertsIntervalMs: config.accountAlertsIntervalMs },
    incomingWatch: { intervalMs: config.incomingWatchIntervalMs },
    stockAlerts: { intervalMs: config.stockAlertsIntervalMs },
    payments: {
      webpay,
      khipu,
      khipuSecret: khipuSettings.secret,
      khipuReceiverId: khipuSettings.receiverId,
      reconciler: { intervalMs: config.reconcilerIntervalMs, minAgeMs: config.reconcilerMinAgeMs },
      khipuNotifyWindowMs: config.khipuNotifyWindowMs,
      paymentLinkTtlMs: config.paymentLinkTtlMs,
    },
  });
  // QA's fault switches of the stand-ins (/api/dev/faults, loopback only): embedded mode only.
  await registerFaultControl(app, { embedded: config.embedded, standIns: [standIn, webpayStandIn, khipuStandIn] });
  app.addHook('onClose', async () => {
    await embedded?.close();
    await standIn?.close();
    await webpayStandIn?.close();
    await khipuStandIn?.close();
  });
  // The demo catalogue's pictures, sheets, offers and banners, once, on an empty embedded database.
  if (config.embedded && standIn) await database.startupLock(() => seedDemoContentOnStart(app, { db: database.db, erp, brand: config.brandName }));
  // One notification recipient per section (example addresses), once, on an empty embedded database.
  if (config.embedded) {
    const seeded = await database.startupLock(() => seedDemoRecipients(database.db));
    if (seeded) app.log.info({ seeded }, 'destinatarios de notificación de demostración creados');
  }
  // A PUBLIC_URL that does not fit breaks the payment providers' returns and notifications: said before listening.
  for (const warning of publicUrlWarnings({ publicUrl: config.publicUrl, port: config.port, embedded: config.embedded })) {
    app.log.warn({ publicUrl: config.publicUrl }, warning);
  }
  // Warm the catalogue so the first buyer does not wait for the ERP.
  const warmUp = app.catalog.refresh().then(
    () => undefined,
    (err: unknown) => app.log.warn({ err }, 'catálogo no disponible al iniciar'),
  );

  const readyLines = () => {
    const lines = [
      `\nPortal listo en ${config.publicUrl}  (base de datos: ${database.kind === 'pglite' ? `PGlite en ${config.dataDir}` : 'PostgreSQL'}; ERP: ${standIn ? 'sustituto local de SAP B1' : b1.url})`,
      `Correo: ${app.mailer.kind === 'smtp' ? 'servidor SMTP configurado' : `archivos .eml en ${app.mailer.outboxDir}`}`,
      `Pagos: WebPay ${webpayStandIn ? `sustituto local en ${webpayStandIn.url}` : webpay.baseUrl}; Khipu ${khipuStandIn ? `sustituto local en ${khipuStandIn.url}` : khipu.baseUrl}`,
    ];
    if (embedded) {
      lines.push('Usuarios de demostración (rut / contraseña):');
      for (const l of embedded.demoLogins) lines.push(`  ${l.rut.padEnd(13)} ${l.password.padEnd(10)} ${l.note}`);
      if (!isLoopbackHost(config.host)) lines.push(demoOpenWarning(config.host));
    }
    return lines;
  };
  return { app, database, warmUp, readyLines };
}
