// A typed client of the SAP Business One Service Layer (docs/protocols.md, SAP B1). It knows the protocol only:
// session cookies, re-login on an expired session, OData paging, timeouts and the error body. It works the same against
// a real B1 and against the stand-in in mocks/b1: only the base URL and credentials differ.
import { ErpError, ERP_MESSAGES, errorFromNetwork, errorFromResponse } from './errors';
import { fromFetch, undiciTransport, type ExchangeReply, type FetchLike, type Transport } from './transport';
import { queryString, type ODataQuery } from './odata';

export interface ServiceLayerOptions {
  /** Root of the Service Layer, e.g. `https://b1.example.cl:50000/b1s/v1`. */
  baseUrl: string;
  company: string;
  user: string;
  password: string;
  /** Limit of every request, login included; a hung ERP never hangs the portal. Default 10 000 ms. */
  timeoutMs?: number;
  /** Replaces undici's request with a fetch (tests, instrumentation); see transport.ts. */
  fetch?: FetchLike;
  /** false accepts a self-signed certificate (last resort; prefer `ca`). Ignored when `fetch` is given. */
  rejectUnauthorized?: boolean;
  /** Extra CA (PEM) to trust for the ERP's certificate. Ignored when `fetch` is given. */
  ca?: string;
  /** A pino/Fastify-style logger for the few events worth a line (re-login). */
  log?: { warn(obj: object, msg: string): void };
}

export interface RequestOptions {
  /** Overrides the client's timeout for this call (e.g. a short readiness ping). */
  timeoutMs?: number;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface GetAllOptions extends RequestOptions {
  /** Rows per page asked with `Prefer: odata.maxpagesize=N`. Default 100. The ERP may answer smaller pages. */
  pageSize?: number;
  /** Safety stop against an ERP that never stops sending next links. Default 10 000 pages. */
  maxPages?: number;
  /**
   * Pages read at once (default 1: one after another, following next links). Above 1, the first page also asks for
   * the total (`$inlinecount=allpages`, v2 `$count=true`); the rest are then read as `$skip`/`$top` windows of the
   * page size the ERP answered with, this many at a time. A query with its own `$top`/`$skip`, or an ERP that sends no
   * total, is read one page after another.
   */
  concurrency?: number;
}

/** An OData collection as v1 (`odata.nextLink`) or v2 (`@odata.nextLink`) sends it. */
export interface ODataCollection<T> {
  value: T[];
  'odata.nextLink'?: string;
  '@odata.nextLink'?: string;
  'odata.count'?: string | number;
  '@odata.count'?: number;
}

interface Session {
  /** `B1SESSION=...; ROUTEID=...` as sent back to the ERP. */
  cookie: string;
  id: string;
  /** Idle timeout in minutes, as the ERP announced it. */
  timeoutMinutes?: number;
}

interface Answer {
  status: number;
  body: unknown;
  /** A file's bytes and Content-Type (`getFile`). */
  file?: ErpFile;
}

/** A file the ERP answered (an attachment's `$value`). */
export interface ErpFile {
  bytes: Buffer;
  contentType: string;
}

/** One HTTP exchange with the ERP, as the observers see it (metrics). */
export interface ErpExchange {
  method: string;
  /** The entity set and action, without keys or query: 'Orders', 'BusinessPartners', 'Orders/Cancel', 'Login'. */
  operation: string;
  /** The HTTP status, or null when no answer came (refused, timeout). */
  status: number | null;
  /** ErpError code of a failed exchange ('ERP_TIMEOUT', 'ERP_UNAVAILABLE', 'ERP_REJECTED'…), null when it answered 2xx. */
  error: string | null;
  ms: number;
}

export type ErpExchangeObserver = (exchange: ErpExchange) => void;

/** 'Orders(12)/Cancel?$select=…' → 'Orders/Cancel': low-cardinality names of what was asked. */
export function operationOf(baseUrl: string, url: string): string {
  const rest = url.startsWith(baseUrl) ? url.slice(baseUrl.length) : url.replace(/^https?:\/\/[^/]+/, '');
  const path = rest.split('?', 1)[0]!.replace(/^\/+/, '');
  const segments = path.split('/').map((segment) => segment.replace(/\(.*\)$/, ''));
  return segments.every((segment) => /^[A-Za-z_][\w]{0,60}$/.test(segment)) && segments.length <= 3 ? segments.join('/') : 'other';
}

/** `B1SESSION` and `ROUTEID` from the Set-Cookie headers (by hand: `name=value` before the first `;`). */
export function parseSessionCookies(setCookies: readonly string[]): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const header of setCookies) {
    const pair = header.split(';', 1)[0];
    const eq = pair.indexOf('=');
    if (eq <= 0) continue;
    const name = pair.slice(0, eq).trim();
    if (name === 'B1SESSION' || name === 'ROUTEID') cookies[name] = pair.slice(eq + 1).trim();
  }
  return cookies;
}

export class ServiceLayerClient {
  readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly transport: Transport;
  private session: Session | null = null;
  private loginInFlight: Promise<Session> | null = null;
  private logins = 0;
  private readonly observers: ErpExchangeObserver[] = [];

  constructor(private readonly options: ServiceLayerOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.transport = options.fetch ? fromFetch(options.fetch) : undiciTransport({ rejectUnauthorized: options.rejectUnauthorized, ca: options.ca });
  }

  /** How many logins this client has made (one per session; observability and tests). */
  get loginCount(): number {
    return this.logins;
  }

  get hasSession(): boolean {
    return this.session !== null;
  }

  /** Tells `observer` about every exchange with the ERP, login included (metrics); answers the function that stops it. */
  observe(observer: ErpExchangeObserver): () => void {
    this.observers.push(observer);
    return () => {
      const i = this.observers.indexOf(observer);
      if (i >= 0) this.observers.splice(i, 1);
    };
  }

  /** `GET path?query` → the parsed JSON (an entity, or a collection object). */
  async get<T>(path: string, query?: ODataQuery, options: RequestOptions = {}): Promise<T> {
    return (await this.send('GET', this.url(path, query), undefined, options)) as T;
  }

  /**
   * Every row of a collection: following next links page after page, or (`concurrency` > 1) in `$skip` windows read
   * in parallel. Rows come in the collection's order. Like any paging by `$skip`, a collection that changes while it
   * is read may repeat or miss a row at a page boundary: callers that need every row once dedupe by key and read
   * again later.
   */
  async getAll<T>(path: string, query?: ODataQuery, options: GetAllOptions = {}): Promise<T[]> {
    const { pageSize = 100, maxPages = 10_000, concurrency = 1, ...request } = options;
    const headers = { ...request.headers, Prefer: `odata.maxpagesize=${pageSize}` };
    const parallel = concurrency > 1 && query?.top === undefined && query?.skip === undefined;
    if (!parallel) return this.readPages<T>(path, this.url(path, query), { ...request, headers }, { pages: 0, maxPages });

    // One controller for the whole read: the first failure stops the other windows.
    const abort = new AbortController();
    const signal = request.signal ? AbortSignal.any([request.signal, abort.signal]) : abort.signal;
    const call = { ...request, headers, signal };
    const budget = { pages: 1, maxPages };
    // v1's $inlinecount unless the base URL says v2 (OData v4: $count=true)
    const counted = /\/b1s\/v2(\/|$)/.test(this.baseUrl) ? { ...query, extra: { ...query?.extra, $count: 'true' } } : { ...query, inlinecount: true };
    const firstUrl = this.url(path, counted);
    const first = await this.page<T>(firstUrl, path, call);
    const firstLink = first['odata.nextLink'] ?? first['@odata.nextLink'];
    if (!firstLink) return first.value;
    const total = Number(first['odata.count'] ?? first['@odata.count']);
    const size = first.value.length;
    if (!Number.isSafeInteger(total) || size === 0) {
      // no total to plan windows with: the rest one page after another
      const rest = await this.readPages<T>(path, this.resolveNextLink(firstLink, firstUrl), call, budget);
      return [...first.value, ...rest];
    }
    // Windows of the ERP's page size after the first page; the last one has no $top and follows next links to the
    // end, so rows added meanwhile are read too.
    const starts: number[] = [];
    for (let skip = size; skip < total; skip += size) starts.push(skip);
    if (starts.length + 1 > maxPages) {
      throw new ErpError({ status: 503, code: 'ERP_BAD_RESPONSE', message: ERP_MESSAGES.badResponse, erpMessage: `${path}: ${total} rows need more than ${maxPages} pages` });
    }
    const windows: T[][] = new Array(starts.length);
    let next = 0;
    const worker = async () => {
      while (next < starts.length) {
        const i = next++;
        const last = i === starts.length - 1;
        const url = this.url(path, { ...query, skip: starts[i], ...(last ? {} : { top: size }) });
        windows[i] = await this.readPages<T>(path, url, call, budget);
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(concurrency, starts.length) }, worker));
    } catch (error) {
      abort.abort();
      throw error;
    }
    return [first.value, ...windows].flat();
  }

  /** The rows from `url` on, following next links; `budget` counts pages across the windows of one read. */
  private async readPages<T>(path: string, url: string, request: RequestOptions, budget: { pages: number; maxPages: number }): Promise<T[]> {
    const rows: T[] = [];
    const seen = new Set<string>();
    let next: string | undefined = url;
    while (next) {
      if (budget.pages >= budget.maxPages || seen.has(next)) {
        throw new ErpError({ status: 503, code: 'ERP_BAD_RESPONSE', message: ERP_MESSAGES.badResponse, erpMessage: `paging did not end at ${next}` });
      }
      seen.add(next);
      budget.pages++;
      const body: ODataCollection<T> = await this.page<T>(next, path, request);
      for (const row of body.value) rows.push(row);
      const link: string | undefined = body['odata.nextLink'] ?? body['@odata.nextLink'];
      next = link ? this.resolveNextLink(link, url) : undefined;
    }
    return rows;
  }

  private async page<T>(url: string, path: string, request: RequestOptions): Promise<ODataCollection<T>> {
    const body = (await this.send('GET', url, undefined, request)) as ODataCollection<T> | null;
    if (!body || !Array.isArray(body.value)) {
      throw new ErpError({ status: 503, code: 'ERP_BAD_RESPONSE', message: ERP_MESSAGES.badResponse, erpMessage: `no collection at ${path}` });
    }
    return body;
  }

  /** `GET path?query` of a file (an attachment's `$value`): its bytes and Content-Type. */
  async getFile(path: string, query?: ODataQuery, options: RequestOptions = {}): Promise<ErpFile> {
    const answer = await this.send('GET', this.url(path, query), undefined, { ...options, binary: true }) as ErpFile | undefined;
    if (!answer?.bytes) {
      throw new ErpError({ status: 503, code: 'ERP_BAD_RESPONSE', message: ERP_MESSAGES.badResponse, erpMessage: `no file at ${path}` });
    }
    return answer;
  }

  /** `POST path` → the created entity (201), or undefined when the ERP answers 204. */
  async post<T = unknown>(path: string, body: unknown, options: RequestOptions & { returnNoContent?: boolean } = {}): Promise<T | undefined> {
    const headers = options.returnNoContent ? { ...options.headers, Prefer: 'return-no-content' } : options.headers;
    return (await this.send('POST', this.url(path), body, { ...options, headers })) as T | undefined;
  }

  /**
   * `PATCH path` (204): omitted fields keep their values. Collections (BPAddresses, DocumentLines) are merged line
   * by line unless `replaceCollections` asks the ERP to replace them (`B1S-ReplaceCollectionsOnPatch`).
   */
  async patch(path: string, body: unknown, options: RequestOptions & { replaceCollections?: boolean } = {}): Promise<void> {
    const headers = options.replaceCollections ? { ...options.headers, 'B1S-ReplaceCollectionsOnPatch': 'true' } : options.headers;
    await this.send('PATCH', this.url(path), body, { ...options, headers });
  }

  /** Logs in now (otherwise the first call does). Concurrent callers share one login. */
  async login(): Promise<void> {
    await this.ensureSession();
  }

  /** Ends the ERP session (204). Best effort: the session is forgotten even if the ERP cannot be reached. */
  async logout(): Promise<void> {
    const session = this.session;
    this.session = null;
    if (!session) return;
    try {
      await this.raw('POST', `${this.baseUrl}/Logout`, undefined, { Cookie: session.cookie }, {});
    } catch {
      // An unreachable ERP ends the session by its own idle timeout.
    }
  }

  // --- internals ---

  private url(path: string, query?: ODataQuery): string {
    const qs = queryString(query);
    const clean = path.replace(/^\/+/, '');
    return `${this.baseUrl}/${clean}${qs ? (clean.includes('?') ? '&' : '?') + qs : ''}`;
  }

  /**
   * v1 sends `Items?$skip=20` (relative to the root) or `/b1s/v1/Items?$skip=20`; v2 may send an absolute URL.
   * All are re-rooted on our base URL (the ERP may sit behind a proxy), and any query option of the first request
   * that the link dropped ($filter, $select...) is carried over.
   */
  private resolveNextLink(link: string, first: string): string {
    const rooted = /\/b1s\/v\d+\/(.*)$/s.exec(link);
    const tail = rooted ? rooted[1] : link.replace(/^\/+/, '');
    const [linkPath, linkQuery = ''] = tail.split(/\?(.*)/s, 2);
    const parts = linkQuery ? linkQuery.split('&') : [];
    const names = new Set(parts.map((part) => decodeURIComponent(part.split('=', 1)[0])));
    const firstQuery = first.includes('?') ? first.slice(first.indexOf('?') + 1).split('&') : [];
    for (const part of firstQuery) {
      const name = decodeURIComponent(part.split('=', 1)[0]);
      if (!names.has(name)) parts.push(part);
    }
    return `${this.baseUrl}/${linkPath}${parts.length ? `?${parts.join('&')}` : ''}`;
  }

  /** A call with the session cookie; on 401 (expired session, code 301) logs in again once and replays. */
  private async send(method: string, url: string, body: unknown, options: RequestOptions & { binary?: boolean }): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      const session = await this.ensureSession();
      const answer = await this.raw(method, url, body, { ...options.headers, Cookie: session.cookie }, options);
      if (answer.status !== 401) return this.result(answer);
      // Forget the session only if no concurrent call replaced it already, so a burst of 401s shares one login.
      if (this.session === session) this.session = null;
      // A brand-new session refused too: report it instead of looping.
      if (attempt >= 1) throw errorFromResponse(401, answer.body);
      this.options.log?.warn({ erp: 'b1', url }, 'B1 session expired, logging in again');
    }
  }

  private result(answer: Answer): unknown {
    if (answer.status >= 200 && answer.status < 300) return answer.file ?? answer.body;
    throw errorFromResponse(answer.status, answer.body);
  }

  private ensureSession(): Promise<Session> {
    if (this.session) return Promise.resolve(this.session);
    this.loginInFlight ??= this.doLogin().finally(() => {
      this.loginInFlight = null;
    });
    return this.loginInFlight;
  }

  private async doLogin(): Promise<Session> {
    const { company, user, password } = this.options;
    const answer = await this.raw('POST', `${this.baseUrl}/Login`, { CompanyDB: company, UserName: user, Password: password }, {}, {});
    this.logins++;
    // 401: wrong user, password or company (the portal's configuration, never the buyer's fault) → ERP_AUTH, 503.
    if (answer.status !== 200) throw errorFromResponse(answer.status, answer.body);
    const body = (answer.body ?? {}) as { SessionId?: string; SessionTimeout?: number };
    const cookies = parseSessionCookies(answer.setCookies ?? []);
    const id = cookies.B1SESSION ?? body.SessionId;
    if (!id) {
      throw new ErpError({ status: 503, code: 'ERP_BAD_RESPONSE', message: ERP_MESSAGES.badResponse, erpMessage: 'login answered without a session' });
    }
    const cookie = [`B1SESSION=${id}`, cookies.ROUTEID !== undefined ? `ROUTEID=${cookies.ROUTEID}` : ''].filter(Boolean).join('; ');
    this.session = { cookie, id, timeoutMinutes: body.SessionTimeout };
    return this.session;
  }

  /** `exchange`, timed for the observers when there are any. */
  private async raw(
    method: string,
    url: string,
    body: unknown,
    headers: Record<string, string>,
    options: RequestOptions & { binary?: boolean },
  ): Promise<Answer & { setCookies?: string[] }> {
    if (this.observers.length === 0) return this.exchange(method, url, body, headers, options);
    const started = performance.now();
    const tell = (status: number | null, error: string | null) => {
      const report: ErpExchange = { method, operation: operationOf(this.baseUrl, url), status, error, ms: performance.now() - started };
      for (const observer of this.observers) observer(report);
    };
    try {
      const answer = await this.exchange(method, url, body, headers, options);
      tell(answer.status, answer.status >= 200 && answer.status < 300 ? null : errorFromResponse(answer.status, answer.body).code);
      return answer;
    } catch (error) {
      tell(error instanceof ErpError ? (error.upstreamStatus ?? null) : null, error instanceof ErpError ? error.code : 'ERP_UNAVAILABLE');
      throw error;
    }
  }

  /** One HTTP exchange under the timeout; JSON in and out; network failures become ErpError. */
  private async exchange(
    method: string,
    url: string,
    body: unknown,
    headers: Record<string, string>,
    options: RequestOptions & { binary?: boolean },
  ): Promise<Answer & { setCookies?: string[] }> {
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
    let reply: ExchangeReply;
    try {
      reply = await this.transport(url, {
        method,
        headers: { Accept: options.binary ? '*/*' : 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
        ...(options.binary ? { binary: true } : {}),
      });
    } catch (error) {
      throw errorFromNetwork(error, timeoutMs);
    }
    const { status, text, setCookies } = reply;
    if (reply.bytes) return { status, body: undefined, setCookies, file: { bytes: reply.bytes, contentType: reply.contentType ?? 'application/octet-stream' } };
    if (!text) return { status, body: undefined, setCookies };
    try {
      return { status, body: JSON.parse(text), setCookies };
    } catch {
      if (status >= 200 && status < 300) {
        throw new ErpError({ status: 503, code: 'ERP_BAD_RESPONSE', message: ERP_MESSAGES.badResponse, erpMessage: text.slice(0, 200), upstreamStatus: status });
      }
      return { status, body: text, setCookies }; // an HTML error page from a proxy: mapped by status
    }
  }
}
