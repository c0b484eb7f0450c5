import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { khipuOptionsFromEnv } from './integrations/khipu';
import { webpayOptionsFromEnv } from './integrations/webpay';
import type { StorageKind, StorageOptions } from './storage/stores';
import { DTE_PROVIDERS, type DteProviderName } from './account/dteProvider';

// Every setting comes from the environment; an empty environment is the embedded default
// (PGlite in DATA_DIR, the stand-ins for B1/WebPay/Khipu, a file outbox for mail).

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Absent: PGlite in dataDir/db. Present: PostgreSQL. */
  databaseUrl?: string;
  jwtSecret: Uint8Array;
  /** Token lifetime in seconds. */
  tokenTtl: number;
  brandName: string;
  publicUrl: string;
  /**
   * Which proxies may set X-Forwarded-For (the client address the login and request limits count): 'loopback' by
   * default; a list of addresses/CIDRs or a hop count behind a load balancer.
   */
  trustProxy: string | number;
  adminRut?: string;
  adminPassword?: string;
  logLevel: string;
  /** Answers slower than this (ms) are logged as slow (warn); fast ones are not logged at info. */
  logSlowMs: number;
  /** QA environments only: QA_SCENARIO_RECORDER=on lets a production build of the SPA offer the scenario recorder. */
  scenarioRecorder: boolean;
  /** Folder with the built SPA (index.html); absent folder = API only. */
  clientDir: string;
  /** true when no external system is configured: stand-ins and demo data. */
  embedded: boolean;
  /** Serve the OpenAPI description at /api/docs/openapi.json (every mode; OPENAPI=off turns it off). It describes, it grants nothing. */
  openApi: boolean;
  b1?: { url: string; company: string; user: string; password: string };
  /** Absent: each mail is written as an .eml file in dataDir/outbox. Present: smtp(s)://user:pass@host:port. */
  smtpUrl?: string;
  /** The From of every mail: '"Textil Andino" <no-responder@textilandino.example>' unless MAIL_FROM says otherwise. */
  mailFrom: string;
  login: { maxPerAddress: number; maxPerRut: number; window: string };
  /** WebPay Plus (Transbank). No baseUrl: the stand-in on a loopback port (main.ts via embedded.ts). */
  webpay: { baseUrl?: string; commerceCode: string; apiKey: string; timeoutMs?: number };
  /** Khipu v3. No baseUrl: the stand-in, whose own key, secret and receiver are used. */
  khipu: { baseUrl?: string; apiKey?: string; secret?: string; receiverId?: number };
  /**
   * How long the ERP's "this customer's sales employee is N" is reused when checking a sales rep's scope (ms): a
   * reassignment in the ERP reaches a rep's session within it (docs/sales-reps.md). Default 30 s.
   */
  repScopeCacheMs?: number;
  /** How often the payment reconciler looks at unfinished payments (ms). */
  reconcilerIntervalMs: number;
  /** How long a payment is left to its buyer before the reconciler looks at it (ms). */
  reconcilerMinAgeMs: number;
  /** How far (past or future) a signed Khipu notification's timestamp may be from now to be read at all (ms). */
  khipuNotifyWindowMs: number;
  /** How long a sales rep's payment link can be used (PAYMENT_LINK_TTL, default 48h); its order waits that long. */
  paymentLinkTtlMs: number;
  /**
   * The ERP's timing (ms): `timeoutMs` of each Service Layer call; `settleMs`, how long B1 may still be finishing a create
   * whose answer never came (retries only look it up meanwhile); `approvalPollMs`, how often a draft waiting for the ERP's
   * approval is looked at; `redriveIntervalMs`, how often failed ERP jobs are re-driven once the ERP answers again.
   */
  erp: { timeoutMs: number; settleMs: number; approvalPollMs: number; redriveIntervalMs: number };
  /** Tries of an outbox job before it is failed for good (OUTBOX_MAX_ATTEMPTS; 25, about 2 hours of backoff). */
  outboxMaxAttempts: number;
  /**
   * Where uploaded files live (FILE_STORAGE): 'disk' (DATA_DIR/files and DATA_DIR/private; the embedded default),
   * 'database' (the default with DATABASE_URL: every instance serves every upload) or 's3' (the default with S3_BUCKET).
   */
  storage: StorageOptions;
  /**
   * The catalogue snapshot (docs/architecture.md, catalogue): `refreshMs` its soft age (a background refresh by
   * change), `maxAgeMs` its hard age (never served older), `fullReloadMs` how often every item is read again,
   * `stockTtlMs` how old the product detail's stock may be; `pageSize` and `concurrency` how the ERP's items are paged.
   */
  catalog: { refreshMs: number; maxAgeMs: number; fullReloadMs: number; stockTtlMs: number; pageSize: number; concurrency: number };
  /** ALERT_MAIL_TO: who gets the alert mail of an outbox job that failed for good ('a@x.cl, b@x.cl'); absent: no alert mail. */
  alertMailTo?: string;
  /** How long the ERP invoices read for 'Facturado N°' are kept per customer (ERP_INVOICES_TTL; 60 s). */
  invoicesTtlMs: number;
  /** METRICS_TOKEN: a caller of /metrics that is not on this machine must send it as `Authorization: Bearer <token>`. */
  metricsToken?: string;
  /**
   * DTE_PROVIDER: where the legal PDF/XML of a DTE and its SII state (reception, cesión, claims) are read
   * (src/server/account/dteProvider.ts). 'b1' (default): the ERP's attachments and user-defined fields.
   */
  dteProvider: DteProviderName;
  /** ACCOUNT_ALERTS_INTERVAL: how often the account's mail alerts look at the companies' open documents (default 4h). */
  accountAlertsIntervalMs: number;
  /** INCOMING_WATCH_INTERVAL: how often pre-order lines are checked against what arrives now (docs/incoming.md; default 5m). */
  incomingWatchIntervalMs: number;
  /** STOCK_ALERTS_INTERVAL: how often the sizes buyers wait for are read for stock again (docs/stock-alerts.md; default 10m). */
  stockAlertsIntervalMs: number;
  /** The wholesaler's own data printed on the statement of account (ISSUER_NAME, ISSUER_RUT, ISSUER_ADDRESS, ISSUER_EMAIL, ISSUER_PHONE). */
  issuer: { name: string; rut: string; address: string; email: string; phone: string };
  /**
   * INSTANCE_ID: a name for this process behind a load balancer, sent back as the `x-portal-instance` header of every
   * answer (which instance served a request); absent: no header.
   */
  instanceId?: string;
}

/** The wholesaler's data on the statement: ISSUER_* (the name defaults to the brand; the rest, to nothing). */
export function issuerFromEnv(env: NodeJS.ProcessEnv, brandName: string): Config['issuer'] {
  const text = (name: string) => env[name]?.trim() ?? '';
  return { name: text('ISSUER_NAME') || brandName, rut: text('ISSUER_RUT'), address: text('ISSUER_ADDRESS'), email: text('ISSUER_EMAIL'), phone: text('ISSUER_PHONE') };
}

/** DTE_PROVIDER: one of DTE_PROVIDERS; absent or empty: 'b1'. */
export function dteProviderFromEnv(value: string | undefined): DteProviderName {
  const name = value?.trim().toLowerCase() || 'b1';
  if (!(DTE_PROVIDERS as readonly string[]).includes(name)) throw new Error(`DTE_PROVIDER inválido: ${value} (uno de: ${DTE_PROVIDERS.join(', ')})`);
  return name as DteProviderName;
}

/** A whole number between min and max; absent or empty: the fallback. */
function wholeNumber(value: string | undefined, name: string, fallback: number, min: number, max: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value.trim());
  if (!/^\d+$/.test(value.trim()) || n < min || n > max) throw new Error(`${name} inválido: ${value} (un entero entre ${min} y ${max})`);
  return n;
}

/** '8h', '30m', '3600' (seconds) -> seconds. */
export function parseDuration(value: string): number {
  const match = /^(\d+)\s*([smhd]?)$/.exec(value.trim());
  if (!match) throw new Error(`TOKEN_TTL inválido: ${value}`);
  const n = Number(match[1]);
  const unit = { '': 1, s: 1, m: 60, h: 3600, d: 86400 }[match[2] as '' | 's' | 'm' | 'h' | 'd'];
  return n * unit;
}

/** The JWT secret: from the environment, or generated once and kept in the data folder. */
function loadSecret(env: NodeJS.ProcessEnv, dataDir: string): Uint8Array {
  if (env.JWT_SECRET) {
    if (env.JWT_SECRET.length < 32) throw new Error('JWT_SECRET debe tener al menos 32 caracteres');
    return new TextEncoder().encode(env.JWT_SECRET);
  }
  const file = path.join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

/** SMTP_URL must name an SMTP server; anything else is a typo that would lose mail. */
function parseSmtpUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('SMTP_URL inválido: debe ser smtp://usuario:clave@servidor:puerto o smtps://…');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new Error('SMTP_URL inválido: debe comenzar con smtp:// o smtps://');
  if (!url.hostname) throw new Error('SMTP_URL inválido: falta el servidor');
  return value;
}

/** '"Textil Andino" <no-responder@textilandino.example>': the brand as the sender's name, on a reserved example domain. */
export function defaultMailFrom(brandName: string): string {
  const slug = brandName.normalize('NFD').toLowerCase().replace(/[^a-z0-9]+/g, '') || 'portal';
  return `"${brandName.replace(/["\\\r\n]/g, '')}" <no-responder@${slug}.example>`;
}

/** WEBPAY_* and KHIPU_*: a real provider needs its credentials; none given = the stand-in with its own. */
function paymentProviders(env: NodeJS.ProcessEnv): Pick<Config, 'webpay' | 'khipu'> {
  const webpay = webpayOptionsFromEnv(env);
  const khipu = khipuOptionsFromEnv(env);
  for (const [name, value] of [['WEBPAY_BASE_URL', webpay.baseUrl], ['KHIPU_BASE_URL', khipu.baseUrl]] as const) {
    if (value && !/^https?:\/\/[^/]/.test(value)) throw new Error(`${name} inválido: debe comenzar con https:// (o http://)`);
  }
  if (khipu.baseUrl && (!khipu.apiKey || !khipu.secret)) throw new Error('Con KHIPU_BASE_URL deben indicarse KHIPU_API_KEY y KHIPU_SECRET');
  if (env.KHIPU_RECEIVER_ID && khipu.receiverId === undefined) throw new Error(`KHIPU_RECEIVER_ID inválido: ${env.KHIPU_RECEIVER_ID}`);
  return {
    webpay: { baseUrl: webpay.baseUrl, commerceCode: webpay.commerceCode!, apiKey: webpay.apiKey!, timeoutMs: webpay.timeoutMs },
    khipu,
  };
}

/** A whole number of 1 or more (OUTBOX_MAX_ATTEMPTS). Throws in Spanish. */
export function positiveInteger(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} inválido: ${value}`);
  return n;
}

/** A positive duration setting ('2m', '30s', or seconds) in ms: RECONCILER_INTERVAL, ERP_SETTLE_TIME, … */
function durationMs(value: string | undefined, name: string, fallback: string): number {
  let seconds: number;
  try {
    seconds = parseDuration(value ?? fallback);
  } catch {
    seconds = 0;
  }
  if (seconds < 1) throw new Error(`${name} inválido: ${value}`);
  return seconds * 1000;
}

function catalogConfig(env: NodeJS.ProcessEnv): Config['catalog'] {
  const catalog = {
    refreshMs: durationMs(env.CATALOG_REFRESH, 'CATALOG_REFRESH', '60s'),
    maxAgeMs: durationMs(env.CATALOG_MAX_AGE, 'CATALOG_MAX_AGE', '15m'),
    fullReloadMs: durationMs(env.CATALOG_FULL_RELOAD, 'CATALOG_FULL_RELOAD', '5m'),
    stockTtlMs: durationMs(env.CATALOG_STOCK_TTL, 'CATALOG_STOCK_TTL', '5s'),
    pageSize: wholeNumber(env.B1_PAGE_SIZE, 'B1_PAGE_SIZE', 1000, 1, 10_000),
    concurrency: wholeNumber(env.B1_PARALLEL_PAGES, 'B1_PARALLEL_PAGES', 6, 1, 32),
  };
  if (catalog.maxAgeMs <= catalog.refreshMs) throw new Error(`CATALOG_MAX_AGE (${env.CATALOG_MAX_AGE}) debe ser mayor que CATALOG_REFRESH`);
  return catalog;
}

/** A whole number of milliseconds (0 or more); absent or empty: the fallback. */
function millis(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  if (!/^\d+$/.test(value.trim())) throw new Error(`${name} inválido: ${value} (milisegundos, p. ej. 1000)`);
  return Number(value.trim());
}

const STORAGE_KINDS: readonly StorageKind[] = ['disk', 'database', 's3'];

/** FILE_STORAGE and S3_*: an explicit kind, else S3 when a bucket is named, else the database when there is PostgreSQL. */
export function storageFromEnv(env: NodeJS.ProcessEnv): StorageOptions {
  const named = env.FILE_STORAGE?.trim().toLowerCase();
  if (named && !STORAGE_KINDS.includes(named as StorageKind)) throw new Error(`FILE_STORAGE inválido: ${env.FILE_STORAGE} (disk, database o s3)`);
  const bucket = env.S3_BUCKET?.trim();
  const kind = (named as StorageKind | undefined) ?? (bucket ? 's3' : env.DATABASE_URL ? 'database' : 'disk');
  if (kind !== 's3') return { kind };
  if (!bucket) throw new Error('FILE_STORAGE=s3 necesita S3_BUCKET');
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  if (endpoint && !/^https?:\/\/[^/]/.test(endpoint)) throw new Error(`S3_ENDPOINT inválido: debe comenzar con https:// (o http://)`);
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim() || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) throw new Error('S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY van juntos (o ninguno: credenciales del entorno de AWS)');
  const pathStyle = env.S3_FORCE_PATH_STYLE?.trim().toLowerCase();
  if (pathStyle && !['true', 'false', '1', '0'].includes(pathStyle)) throw new Error(`S3_FORCE_PATH_STYLE inválido: ${env.S3_FORCE_PATH_STYLE} (true o false)`);
  return {
    kind,
    s3: {
      endpoint,
      bucket,
      region: env.S3_REGION?.trim() || 'us-east-1',
      accessKeyId,
      secretAccessKey,
      forcePathStyle: pathStyle ? pathStyle === 'true' || pathStyle === '1' : Boolean(endpoint),
    },
  };
}

const MAILBOX = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** ALERT_MAIL_TO: one or more addresses separated by ',' or ';' (joined with ', '); a wrong one stops the start. */
export function alertMailToFromEnv(value: string | undefined): string | undefined {
  const parts = (value ?? '').split(/[,;]/).map((p) => p.trim()).filter(Boolean);
  if (parts.length === 0) return undefined;
  const wrong = parts.find((p) => !MAILBOX.test(p) || p.length > 254);
  if (wrong) throw new Error(`ALERT_MAIL_TO inválido: «${wrong}» no es una dirección de correo`);
  return parts.join(', ');
}

/** METRICS_TOKEN: at least 16 characters (it guards /metrics from callers that are not on this machine). */
export function metricsTokenFromEnv(value: string | undefined): string | undefined {
  const token = value?.trim();
  if (!token) return undefined;
  if (token.length < 16) throw new Error('METRICS_TOKEN debe tener al menos 16 caracteres');
  return token;
}

/** True for an address only this machine can reach: `localhost`, 127.0.0.0/8 or `::1`. */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

/** What the embedded default prints when HOST opens it to the network: the demo passwords above are public. */
export function demoOpenWarning(host: string): string {
  return [
    `ATENCIÓN: el portal escucha en ${host} (HOST), no solo en este equipo. Las contraseñas de demostración de arriba son`,
    'públicas: cualquiera en la red puede ingresar como superadministrador. Para usarlo en una red, configure',
    'DATABASE_URL (sin usuarios de demostración) o quite HOST para escuchar solo en 127.0.0.1.',
  ].join('\n');
}

/** INSTANCE_ID: 1–64 letters, digits and `. _ -` (it goes into a header as it is); absent or empty: none. */
export function instanceIdFromEnv(value: string | undefined): string | undefined {
  const id = value?.trim();
  if (!id) return undefined;
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(id)) throw new Error(`INSTANCE_ID inválido: ${value} (hasta 64 letras, dígitos, '.', '_' o '-')`);
  return id;
}

/** QA_SCENARIO_RECORDER=on (any case), nothing else, turns the scenario recorder on. */
export const scenarioRecorderFromEnv = (env: NodeJS.ProcessEnv) => env.QA_SCENARIO_RECORDER?.trim().toLowerCase() === 'on';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT inválido: ${env.PORT}`);
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const b1 = env.B1_URL
    ? { url: env.B1_URL, company: env.B1_COMPANY ?? '', user: env.B1_USER ?? '', password: env.B1_PASSWORD ?? '' }
    : undefined;
  const brandName = env.BRAND_NAME ?? 'Textil Andino';
  return {
    port,
    // The embedded default prints demo logins whose passwords are public: it answers this machine only unless HOST
    // opens it. With a database of its own (production) it listens on every interface, as a container expects.
    host: env.HOST?.trim() || (env.DATABASE_URL ? '0.0.0.0' : '127.0.0.1'),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: loadSecret(env, dataDir),
    tokenTtl: parseDuration(env.TOKEN_TTL ?? '8h'),
    brandName,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    trustProxy: /^\d+$/.test(env.TRUST_PROXY ?? '') ? Number(env.TRUST_PROXY) : (env.TRUST_PROXY?.trim() || 'loopback'),
    adminRut: env.ADMIN_RUT || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    logSlowMs: millis(env.LOG_SLOW_MS, 'LOG_SLOW_MS', 1000),
    scenarioRecorder: scenarioRecorderFromEnv(env),
    clientDir: path.resolve(env.CLIENT_DIR ?? './dist/client'),
    embedded: !env.DATABASE_URL,
    openApi: env.OPENAPI?.trim().toLowerCase() !== 'off',
    b1,
    smtpUrl: parseSmtpUrl(env.SMTP_URL),
    mailFrom: env.MAIL_FROM?.trim() || defaultMailFrom(brandName),
    login: {
      maxPerAddress: Number(env.LOGIN_MAX_PER_ADDRESS ?? 30),
      maxPerRut: Number(env.LOGIN_MAX_PER_RUT ?? 10),
      window: env.LOGIN_WINDOW ?? '15 minutes',
    },
    ...paymentProviders(env),
    repScopeCacheMs: durationMs(env.REP_SCOPE_CACHE, 'REP_SCOPE_CACHE', '30s'),
    reconcilerIntervalMs: durationMs(env.RECONCILER_INTERVAL, 'RECONCILER_INTERVAL', '30s'),
    reconcilerMinAgeMs: durationMs(env.RECONCILER_MIN_AGE, 'RECONCILER_MIN_AGE', '60s'),
    khipuNotifyWindowMs: durationMs(env.KHIPU_NOTIFY_WINDOW, 'KHIPU_NOTIFY_WINDOW', '15m'),
    paymentLinkTtlMs: durationMs(env.PAYMENT_LINK_TTL, 'PAYMENT_LINK_TTL', '48h'),
    erp: {
      timeoutMs: durationMs(env.B1_TIMEOUT, 'B1_TIMEOUT', '10s'),
      settleMs: durationMs(env.ERP_SETTLE_TIME, 'ERP_SETTLE_TIME', '3m'),
      approvalPollMs: durationMs(env.ERP_APPROVAL_POLL, 'ERP_APPROVAL_POLL', '5m'),
      redriveIntervalMs: durationMs(env.ERP_REDRIVE_INTERVAL, 'ERP_REDRIVE_INTERVAL', '1m'),
    },
    outboxMaxAttempts: positiveInteger(env.OUTBOX_MAX_ATTEMPTS, 'OUTBOX_MAX_ATTEMPTS', 25),
    storage: storageFromEnv(env),
    catalog: catalogConfig(env),
    alertMailTo: alertMailToFromEnv(env.ALERT_MAIL_TO),
    invoicesTtlMs: durationMs(env.ERP_INVOICES_TTL, 'ERP_INVOICES_TTL', '60s'),
    metricsToken: metricsTokenFromEnv(env.METRICS_TOKEN),
    dteProvider: dteProviderFromEnv(env.DTE_PROVIDER),
    accountAlertsIntervalMs: durationMs(env.ACCOUNT_ALERTS_INTERVAL, 'ACCOUNT_ALERTS_INTERVAL', '4h'),
    incomingWatchIntervalMs: durationMs(env.INCOMING_WATCH_INTERVAL, 'INCOMING_WATCH_INTERVAL', '5m'),
    stockAlertsIntervalMs: durationMs(env.STOCK_ALERTS_INTERVAL, 'STOCK_ALERTS_INTERVAL', '10m'),
    issuer: issuerFromEnv(env, brandName),
    instanceId: instanceIdFromEnv(env.INSTANCE_ID),
  };
}
