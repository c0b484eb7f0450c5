// HTTP face of the SAP Business One Service Layer stand-in (v1, under /b1s/v1): login sessions with
// an idle timeout (B1SESSION / ROUTEID cookies), OData reads, creation / PATCH / DELETE / actions
// through the store, SL error bodies, the approval procedure's answer, and the test knobs (latency,
// injected faults, slow creates, lost answers, approval decisions, the journal of accepted creates).
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { FaultSwitches, type FaultChange, type FaultState } from '../faults';
import { buildDemoData } from './data';
import { B1Error, badRequest, errorBody, notFound, notSupported, sessionError } from './errors';
import { nextLink, parseQueryOptions, parseResourcePath, project, runQuery, validateProperties } from './odata';
import { B1_FAULT_SPEC, defaultB1Faults, type B1Faults } from './faults';
import { B1Store, ENTITY_SETS, type ApprovalOutcome, type JournalEntry } from './store';
import type { B1ApprovalRequest, B1Data, B1Document, B1PurchaseOrder } from './types';

export type { B1ApprovalRequest, B1Data, B1Document, B1PurchaseOrder } from './types';
export type { ApprovalOutcome, JournalEntry } from './store';
export type { ApprovalDecision, B1Faults } from './faults';
export { B1_FAULT_SPEC, b1FaultsFromEnv, parseB1FaultBody } from './faults';

export interface B1MockOptions {
  /** 0 = random, default 0. */
  port?: number;
  /** Default '127.0.0.1'. */
  host?: string;
  /** Default 'SBODEMOCL'. */
  company?: string;
  /** Default 'manager'. */
  user?: string;
  /** Default 'manager'. */
  password?: string;
  /** Idle timeout, default 30 (fractions allowed, for tests). */
  sessionTimeoutMinutes?: number;
  /** Start value of the latencyMs switch. */
  latencyMs?: number;
  /** Extra generated Items beyond the demo catalogue, e.g. 20000. */
  catalogueSize?: number;
  /** Colours per generated model (default 1), e.g. 40 for a grid of 40 colours (`B1_MOCK_MODEL_COLOURS`). */
  modelColours?: number;
  /**
   * Largest page the stand-in answers (default 1000): a bigger `Prefer: odata.maxpagesize` (or 0, "no paging") gets
   * pages of this size, `Preference-Applied` saying so, and a nextLink. SL pages by the size the installation sets;
   * a client must follow what it is given, not what it asked for.
   */
  maxPageSize?: number;
  /**
   * Time per row of a collection page (ms, fractions allowed; default 0), after `latencyMs`: a page of 1000 Items
   * with prices and warehouse lines costs the ERP more than a page of 20. Changed later with `setRowLatency`.
   */
  rowLatencyMs?: number;
  /**
   * The "today" the seeded documents are dated from ('YYYY-MM-DD'; default data.ts's REFERENCE_DATE). A test of what
   * depends on the real date (the 8-day claim window, days overdue) passes today's date.
   */
  referenceDate?: string;
  /**
   * The "today" only the demo company's account documents are dated from (default: referenceDate): the embedded demo
   * passes the real day, so its cuenta corriente shows an invoice due in 3 days and one inside its claim window.
   */
  accountReferenceDate?: string;
  /** Extra invoices of the demo company's account (for the statement bench); default 0. */
  accountExtraDocuments?: number;
  /**
   * The "today" the purchase orders (incoming goods) are dated from ('YYYY-MM-DD'; default: today in Chile when the
   * stand-in starts): next season 5–9 weeks later, restocks 10–20 days, the rest 7–60 days. Tests pass a fixed date.
   */
  purchaseReferenceDate?: string;
  /** At most this many generated Items on order (open purchase order lines of a generated catalogue); see data.ts. */
  purchaseOrderLines?: number;
  /** Start values of the fault switches (what resetFaults() returns to). */
  faults?: Partial<B1Faults>;
  /**
   * Stand-in convenience, not SL (default false): a POST Orders repeating an Order's CardCode + NumAtCard, or a POST
   * IncomingPayments repeating a payment's CardCode + CounterReference, answers 201 with the existing document and
   * creates nothing. Real B1 (and the default) creates a second document.
   */
  dedupeReferences?: boolean;
  /**
   * CardCodes whose sales orders hit the company's approval procedure: POST Orders makes a Draft and an
   * ApprovalRequests row and answers -2028. Default [APPROVAL_CARDCODE], the demo buyer that needs approval.
   * Start value of the approvalCardCodes switch.
   */
  approvalCardCodes?: string[];
}

export interface B1Mock {
  /** e.g. 'http://127.0.0.1:41234/b1s/v1' */
  url: string;
  close(): Promise<void>;
  /**
   * Sets some fault switches: permanently, or with `forMs` / `until` for a while, after which each returns to its
   * permanent value by itself (`setFaults({ refuse: true, forMs: 120_000 })`: the ERP is down for 2 minutes).
   */
  setFaults(f: FaultChange<B1Faults>): void;
  /** The switches in force now. */
  faults(): B1Faults;
  /** The switches in force and the time-boxed ones with their end. */
  faultState(): FaultState<B1Faults>;
  /** Every switch back to the start options. */
  resetFaults(): void;
  /** Same as setFaults({ latencyMs: ms }). */
  setLatency(ms: number): void;
  /** The time per row of a collection page (ms), see `rowLatencyMs`. */
  setRowLatency(ms: number): void;
  /**
   * Changes an Item as a user of B1 would (the same merge as PATCH Items('code')), which moves its UpdateDate and
   * UpdateTime to now; e.g. `updateItem('POL-1001-M', { Valid: 'tNO' })` or a new ItemPrices row.
   */
  updateItem(itemCode: string, change: Record<string, unknown>): void;
  expireAllSessions(): void;
  /** Replaces the CardCodes under the approval procedure ([] = none); same as setFaults({ approvalCardCodes }). */
  setApprovalCardCodes(codes: string[]): void;
  /** Approves the Draft `draftDocEntry` (as PATCH ApprovalRequests(Code) with ardApproved) and adds it as an Order. */
  approveDraft(draftDocEntry: number, remarks?: string): ApprovalOutcome;
  /** Rejects the Draft `draftDocEntry` (ardNotApproved): no Order is made. */
  rejectDraft(draftDocEntry: number, remarks?: string): B1ApprovalRequest;
  /** Every document B1 committed (by a POST or by an approval), in order; independent of the entity tables. */
  journal: JournalEntry[];
  /** Empties the journal (the same array stays in `journal`). */
  resetJournal(): void;
  /** The live in-memory entity store, for test assertions. */
  data: B1Data;
  /**
   * Invoices a sales order as B1's billing would: an Invoice based on its open lines (BaseType 17, BaseEntry, BaseLine),
   * its own DocNum series and the next DTE folio; the order's lines close. `order`: its DocEntry, or its NumAtCard (the
   * portal's order number). Throws a B1Error (404 no such order, -10 already closed).
   */
  invoiceOrder(order: number | string): B1Document;
  /**
   * How many requests the stand-in answered since it started (or `resetRequests`), by method and entity set
   * ('GET Items', 'POST Orders', 'POST Login'…): what the portal's instances asked of the ERP. Also read over HTTP at
   * `GET /standin/requests` (outside the Service Layer's root), for a test whose portals run in other processes.
   */
  requests(): Record<string, number>;
  resetRequests(): void;
  /** The purchase orders (incoming goods), live. */
  purchaseOrders(): B1PurchaseOrder[];
  /**
   * The wholesaler's buyer moves a purchase order in B1 (a PATCH PurchaseOrders(n)): line `lineNum` (every open line
   * when none is named) to `shipDate` ('YYYY-MM-DD' or 'YYYYMMDD') and/or cut to `quantity`; its stamps move, the
   * Items' Ordered follow. Throws a B1Error (404 no such order; −10 closed, a date that is none, a cut below what
   * was already received).
   */
  movePurchaseOrder(docEntry: number, change: { lineNum?: number; shipDate?: string; quantity?: number }): B1PurchaseOrder;
  /**
   * Goods arrive: line `lineNum`'s remaining quantity (every open line's when none is named) goes to InStock, the line
   * closes; Ordered falls; the Items' stamps do not move (a stock movement). Throws a B1Error (404, −10 closed).
   */
  receivePurchaseOrder(docEntry: number, lineNum?: number): B1PurchaseOrder;
}

/**
 * Entity sets whose POST creates a business document B1 may take long to commit (postDelayMs, loseAnswerRate); a
 * PATCH BusinessPartners carrying ContactEmployees is treated the same way.
 */
const CREATING_SETS = new Set(['Orders', 'IncomingPayments']);
/** What SL answers when the document it just added went to an approval procedure (it cannot read an Order back). */
const APPROVAL_ANSWER = notFound();

const ROOT = '/b1s/v1';
const SL_VERSION = '1000190';
const DEFAULT_PAGE_SIZE = 20;
const DEFAULT_MAX_PAGE_SIZE = 1000;
const JSON_TYPE = 'application/json;odata=minimalmetadata;streaming=true;charset=utf-8';

function cookie(req: FastifyRequest, name: string): string | undefined {
  const header = req.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

function preferences(req: FastifyRequest): { maxPageSize?: number; noContent: boolean } {
  const raw = req.headers.prefer;
  const list = (Array.isArray(raw) ? raw.join(',') : raw ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const out: { maxPageSize?: number; noContent: boolean } = { noContent: false };
  for (const p of list) {
    const m = /^odata\.maxpagesize\s*=\s*(\d+)$/i.exec(p);
    if (m) out.maxPageSize = Number(m[1]);
    else if (p.toLowerCase() === 'return-no-content') out.noContent = true;
  }
  return out;
}

function sendJson(reply: FastifyReply, status: number, body: unknown): FastifyReply {
  return reply.code(status).header('content-type', JSON_TYPE).header('DataServiceVersion', '3.0').send(JSON.stringify(body));
}

function sendError(reply: FastifyReply, err: unknown): FastifyReply {
  if (err instanceof B1Error) return sendJson(reply, err.status, err.body());
  return sendJson(reply, 500, errorBody(-1, `Internal error: ${err instanceof Error ? err.message : String(err)}`));
}

function parseBody(raw: unknown): unknown {
  if (typeof raw !== 'string' || raw.trim() === '') throw badRequest('The request body is empty; a JSON object is expected');
  try {
    return JSON.parse(raw);
  } catch (e) {
    throw badRequest(`Invalid JSON in the request body: ${(e as Error).message}`);
  }
}

export async function startB1Mock(opts: B1MockOptions = {}): Promise<B1Mock> {
  const company = opts.company ?? 'SBODEMOCL';
  const user = opts.user ?? 'manager';
  const password = opts.password ?? 'manager';
  const timeoutMs = (opts.sessionTimeoutMinutes ?? 30) * 60_000;
  const maxPageSize = Math.max(1, opts.maxPageSize ?? DEFAULT_MAX_PAGE_SIZE);
  let rowLatencyMs = Math.max(0, opts.rowLatencyMs ?? 0);
  const data = buildDemoData({ catalogueSize: opts.catalogueSize, modelColours: opts.modelColours, company, referenceDate: opts.referenceDate,
    accountReferenceDate: opts.accountReferenceDate, accountExtraDocuments: opts.accountExtraDocuments,
    purchaseReferenceDate: opts.purchaseReferenceDate, purchaseOrderLines: opts.purchaseOrderLines });
  const initial: B1Faults = {
    ...defaultB1Faults(),
    ...(opts.latencyMs !== undefined ? { latencyMs: opts.latencyMs } : {}),
    ...(opts.approvalCardCodes !== undefined ? { approvalCardCodes: [...opts.approvalCardCodes] } : {}),
    ...Object.fromEntries(Object.entries(opts.faults ?? {}).filter(([, v]) => v !== undefined)),
  };
  let errorDebt = 0;
  let loseDebt = 0;
  const switches = new FaultSwitches(B1_FAULT_SPEC, initial, Date.now, () => { errorDebt = 0; loseDebt = 0; });
  const store = new B1Store(data, {
    dedupeReferences: opts.dedupeReferences ?? false,
    approvalCardCodes: initial.approvalCardCodes,
  });
  /** Timers of the stand-in's own approval decisions (approvalDecision 'approve' / 'reject'). */
  const decisionTimers = new Set<NodeJS.Timeout>();
  /** Timers of the automatic invoices (autoInvoiceAfterMs). */
  const invoiceTimers = new Set<NodeJS.Timeout>();
  store.onCommit = (entry) => {
    const after = switches.get('autoInvoiceAfterMs');
    if (entry.set !== 'Orders' || after <= 0) return;
    const timer = setTimeout(() => {
      invoiceTimers.delete(timer);
      try {
        store.invoiceOrder(entry.docEntry);
      } catch {
        // closed or cancelled meanwhile: nothing to invoice
      }
    }, after);
    invoiceTimers.add(timer);
  };
  const invoiceOrder = (order: number | string): B1Document => {
    const docEntry = typeof order === 'number' ? order : store.orderByReference(order)?.DocEntry;
    if (docEntry === undefined) throw notFound();
    return store.invoiceOrder(docEntry);
  };
  /** Whether the answer of the create just committed is lost (loseAnswerRate, spread evenly). */
  const loseThisAnswer = (): boolean => {
    const rate = switches.get('loseAnswerRate');
    if (rate <= 0) return false;
    loseDebt += Math.min(1, rate);
    if (loseDebt < 1 - 1e-9) return false;
    loseDebt -= 1;
    return true;
  };
  /** B1SESSION id → last use (ms). */
  const sessions = new Map<string, number>();

  const app = Fastify({ logger: false, forceCloseConnections: true, bodyLimit: 16 * 1024 * 1024 });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  app.server.on('connection', (socket) => { if (switches.get('refuse')) socket.destroy(); });

  const tally = new Map<string, number>();
  app.addHook('onRequest', async (req, reply) => {
    const entity = /^\/b1s\/v1\/([A-Za-z0-9_]+)/.exec(req.url)?.[1];
    if (entity) tally.set(`${req.method} ${entity}`, (tally.get(`${req.method} ${entity}`) ?? 0) + 1);
    if (switches.get('refuse')) { reply.hijack(); req.raw.socket.destroy(); return; }
    if (switches.get('hang')) { reply.hijack(); return; }
    const latency = switches.get('latencyMs');
    if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));
    const errorRate = switches.get('errorRate');
    if (errorRate > 0) {
      errorDebt += Math.min(1, errorRate);
      if (errorDebt >= 1 - 1e-9) {
        errorDebt -= 1;
        return sendJson(reply, 500, errorBody(-1, 'Internal server error (injected fault)'));
      }
    }
  });

  app.setErrorHandler((err, _req, reply) => {
    const status = (err as { statusCode?: number }).statusCode ?? 500;
    return sendJson(reply, status, errorBody(status >= 500 ? -1 : -1000, err instanceof Error ? err.message : String(err)));
  });
  app.setNotFoundHandler((_req, reply) => sendJson(reply, 404, errorBody(-1, 'Unrecognized resource path.')));
  app.get('/standin/requests', async () => Object.fromEntries(tally));

  /** With approvalDecision 'approve' / 'reject', the stand-in decides a new Draft by itself after the set delay. */
  const decideLater = (draftDocEntry: number): void => {
    const decision = switches.get('approvalDecision');
    if (decision === 'manual') return;
    const timer = setTimeout(() => {
      decisionTimers.delete(timer);
      try {
        store.decideDraft(draftDocEntry, decision === 'approve' ? 'ardApproved' : 'ardNotApproved', 'Decisión automática del sustituto');
      } catch {
        // decided meanwhile by a person or a test: theirs stands
      }
    }, switches.get('approvalDecisionDelayMs'));
    decisionTimers.add(timer);
  };

  const checkSession = (req: FastifyRequest): void => {
    const id = cookie(req, 'B1SESSION');
    const last = id ? sessions.get(id) : undefined;
    if (!id || last === undefined || switches.get('expireSessions') || Date.now() - last > timeoutMs) {
      if (id) sessions.delete(id);
      throw sessionError();
    }
    sessions.set(id, Date.now());
  };

  const login = (req: FastifyRequest, reply: FastifyReply): FastifyReply => {
    const body = parseBody(req.body) as Record<string, unknown> | null;
    if (!body || typeof body !== 'object') throw badRequest('The request body must be a JSON object');
    if (body.CompanyDB !== company) {
      throw new B1Error(401, -304, `Fail to get DB Credentials from the SLD server; CompanyDB '${String(body.CompanyDB)}' not found`);
    }
    if (body.UserName !== user || body.Password !== password) throw new B1Error(401, 100000027, 'Login failed');
    const id = randomUUID();
    sessions.set(id, Date.now());
    reply.header('set-cookie', [`B1SESSION=${id};HttpOnly;`, 'ROUTEID=.node1; path=/b1s']);
    return sendJson(reply, 200, {
      'odata.metadata': `${ROOT}/$metadata#B1Sessions/@Element`,
      SessionId: id, Version: SL_VERSION, SessionTimeout: opts.sessionTimeoutMinutes ?? 30,
    });
  };

  const handle = async (req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const url = req.url;
    const q = url.indexOf('?');
    let path: string;
    try {
      path = decodeURIComponent(url.slice(ROOT.length + 1, q < 0 ? undefined : q));
    } catch {
      throw badRequest('Malformed URL');
    }
    const params = new URLSearchParams(q < 0 ? '' : url.slice(q + 1));
    const method = req.method;

    if (path === 'Login') {
      if (method !== 'POST') throw notSupported();
      return login(req, reply);
    }
    if (path === 'Logout') {
      if (method !== 'POST') throw notSupported();
      const id = cookie(req, 'B1SESSION');
      if (id) sessions.delete(id);
      return reply.code(204).send();
    }
    checkSession(req);

    const res = parseResourcePath(path);
    if (!res || !ENTITY_SETS[res.set]) return sendJson(reply, 404, errorBody(-1, 'Unrecognized resource path.'));
    const { set, key, tail } = res;
    const def = ENTITY_SETS[set];
    const prefer = preferences(req);

    if (method === 'GET') {
      if (key === undefined && tail === '$count') {
        const options = parseQueryOptions(params);
        validateProperties(options, store.knownProperties(set), def.typeName);
        const { count } = runQuery(store.rows(set), { filter: options.filter, inlinecount: false }, 0);
        return reply.code(200).header('content-type', 'text/plain;charset=utf-8').send(String(count));
      }
      if (set === 'Attachments2' && typeof key === 'number' && tail === '$value') {
        // filename='DTE_33_10401.pdf' (quoted, as SL takes it)
        const raw = params.get('filename');
        const file = store.attachmentFile(key, raw === null ? undefined : raw.replace(/^'(.*)'$/s, '$1').replace(/''/g, "'"));
        return reply.code(200).header('content-type', file.contentType).send(file.body);
      }
      if (tail !== undefined) throw notSupported();
      const options = parseQueryOptions(params);
      validateProperties(options, store.knownProperties(set), def.typeName);
      if (key !== undefined) {
        const row = store.find(set, key);
        return sendJson(reply, 200, { 'odata.metadata': `${ROOT}/$metadata#${set}/@Element`, ...project(row, options.select) });
      }
      // 0 asks for no paging; above the installation's largest page, that page
      const asked = prefer.maxPageSize ?? DEFAULT_PAGE_SIZE;
      const pageSize = asked === 0 || asked > maxPageSize ? maxPageSize : asked;
      if (prefer.maxPageSize !== undefined) reply.header('Preference-Applied', `odata.maxpagesize=${pageSize}`);
      // a filter naming keys reads them through the key index, as a database would; otherwise the set is walked
      const byKey = store.rowsByKeyFilter(set, options.filter);
      const sorted = byKey ? undefined : store.sortedRows(set, options.orderby);
      const order = sorted ?? (options.orderby?.length ? undefined : store.rows(set));
      const marks = !byKey && order && options.skip ? store.pageMarks(set, order, `${params.get('$filter') ?? ''}&${params.get('$orderby') ?? ''}`) : undefined;
      const result = runQuery(byKey ?? store.rows(set), options, pageSize, sorted, marks);
      const rowsDelay = rowLatencyMs * result.page.length;
      if (rowsDelay > 0) await new Promise((resolve) => setTimeout(resolve, rowsDelay));
      const body: Record<string, unknown> = { 'odata.metadata': `${ROOT}/$metadata#${set}` };
      if (options.inlinecount) body['odata.count'] = result.count;
      body.value = result.page.map((r) => project(r, options.select));
      if (result.next) body['odata.nextLink'] = nextLink(`${ROOT}/${set}`, params, result.next);
      return sendJson(reply, 200, body);
    }

    if (method === 'POST') {
      if (key !== undefined && tail !== undefined) {
        store.action(set, key, tail);
        return reply.code(204).send();
      }
      if (key !== undefined || tail !== undefined) throw notSupported();
      const body = parseBody(req.body);
      const creating = CREATING_SETS.has(set);
      // B1 works on the create for a while and commits at the end, whether or not its client is still there.
      const postDelayMs = switches.get('postDelayMs');
      if (creating && postDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, postDelayMs));
      store.setApprovalCardCodes(switches.get('approvalCardCodes'));
      const { entity, created, approval } = store.create(set, body);
      if (approval) decideLater(approval.draft.DocEntry);
      if (creating && created && loseThisAnswer()) {
        reply.hijack();
        req.raw.socket.destroy();
        return reply;
      }
      // An approval procedure made a Draft: SL cannot read the new Order back and answers -2028 (nothing was refused).
      if (approval && !prefer.noContent) return sendJson(reply, APPROVAL_ANSWER.status, APPROVAL_ANSWER.body());
      const keyValue = (entity as Record<string, unknown>)[def.keys[0]];
      // The Location is built from the new object's key: after an approval procedure, the Draft's DocEntry under the
      // set posted to (Orders(n) names the Draft's number, not an Order), so only a look-up tells what was made.
      reply.header('Location', `${ROOT}/${set}(${def.numericKey ? keyValue : `'${String(keyValue).replace(/'/g, "''")}'`})`);
      if (prefer.noContent) return reply.header('Preference-Applied', 'return-no-content').code(204).send();
      return sendJson(reply, 201, { 'odata.metadata': `${ROOT}/$metadata#${set}/@Element`, ...entity });
    }

    if (method === 'PATCH') {
      if (key === undefined || tail !== undefined) throw notSupported();
      const replace = String(req.headers['b1s-replacecollectionsonpatch'] ?? '').toLowerCase() === 'true';
      const body = parseBody(req.body);
      // Contact persons sent to a business partner are a create too: slow, and its answer may be lost after the commit.
      const creating = set === 'BusinessPartners' && typeof body === 'object' && body !== null && 'ContactEmployees' in body;
      const postDelayMs = switches.get('postDelayMs');
      if (creating && postDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, postDelayMs));
      store.patch(set, key, body, replace);
      if (creating && loseThisAnswer()) {
        reply.hijack();
        req.raw.socket.destroy();
        return reply;
      }
      return reply.code(204).send();
    }

    if (method === 'DELETE') {
      if (key === undefined || tail !== undefined) throw notSupported();
      store.remove(set, key);
      return reply.code(204).send();
    }
    throw notSupported();
  };

  app.route({
    method: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'],
    url: `${ROOT}/*`,
    handler: async (req, reply) => {
      try {
        return await handle(req, reply);
      } catch (err) {
        return sendError(reply, err);
      }
    },
  });

  const host = opts.host ?? '127.0.0.1';
  await app.listen({ port: opts.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port ?? 0;

  return {
    url: `http://${host}:${port}${ROOT}`,
    data,
    close: async () => {
      for (const t of decisionTimers) clearTimeout(t);
      decisionTimers.clear();
      for (const t of invoiceTimers) clearTimeout(t);
      invoiceTimers.clear();
      await app.close();
    },
    setFaults: (f) => switches.set(f),
    faults: () => switches.current(),
    faultState: () => switches.state(),
    resetFaults: () => switches.reset(),
    setLatency: (ms) => switches.set({ latencyMs: ms }),
    setRowLatency: (ms) => { rowLatencyMs = Math.max(0, ms); },
    updateItem: (itemCode, change) => store.patch('Items', itemCode, change, false),
    expireAllSessions: () => { sessions.clear(); },
    setApprovalCardCodes: (codes) => switches.set({ approvalCardCodes: [...codes] }),
    approveDraft: (draftDocEntry, remarks) => store.decideDraft(draftDocEntry, 'ardApproved', remarks ?? null),
    rejectDraft: (draftDocEntry, remarks) => store.decideDraft(draftDocEntry, 'ardNotApproved', remarks ?? null).request,
    journal: store.journal,
    resetJournal: () => { store.resetJournal(); },
    invoiceOrder,
    requests: () => Object.fromEntries(tally),
    resetRequests: () => tally.clear(),
    purchaseOrders: () => data.PurchaseOrders,
    movePurchaseOrder: (docEntry, change) => store.movePurchaseOrder(docEntry, change),
    receivePurchaseOrder: (docEntry, lineNum) => store.receivePurchaseOrder(docEntry, lineNum),
  };
}
