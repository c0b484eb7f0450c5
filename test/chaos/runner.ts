// Runs one schedule: turns its faults on, lets its buyers shop as browsers do (retrying the same request, with the
// same Idempotency-Key, double clicks, a tab closed before the card return), kills and restarts the child process
// when the schedule says so, decides the approval Drafts, then heals everything and lets the system settle (outbox
// workers, reconciler, re-drive of failed jobs through the admin API) until it is quiet or a time bound passes.
import type { WebpayReturn } from '@mocks/webpay/server';
import type { Order } from '@shared/api/orders';
import type { CustomerProfile } from '@shared/api/erp';
import { ADMIN_RUT, cardCodeOf, COMPANY_APPROVER_RUT, passwordOf, REP_SALES_PERSON_CODE } from './accounts';
import { checkSchedule, type Findings, type OrderLedger } from './checks';
import { PortalUnreachable, webpayReturnRequest, type Answer, type PortalRequest, type PortalTarget } from './client';
import { createRng, type Rng } from './prng';
import { PREORDER_SKUS, type BuyerPlan, type FlowPlan, type SchedulePlan } from './plan';
import type { PortalJob, PortalState, PortalTiming } from './portal';
import type { ProxyAction, ProxyRequest } from './proxy';
import type { ChildPortal, JournalEntry, World } from './world';

export interface RunSettings {
  seed: string;
  timing: PortalTiming;
  /** How long a schedule may take to settle once healed. */
  settleBoundMs: number;
  /** Besides, how long a card payment WebPay charged may take the portal to decide (a commit whose answer was lost). */
  moneySettleMs: number;
  /** A failed ('exhausted') job the server has not re-driven after this long is re-driven through the admin API. */
  redriveGraceMs: number;
  verbose: boolean;
  log: (line: string) => void;
}

export interface ScheduleResult {
  findings: Findings;
  ms: number;
  settled: boolean;
  killed: number;
  /** Admin API re-drives made. */
  redrives: number;
  /** ERP jobs seen failed because the ERP kept failing ('exhausted') while settling. */
  exhausted: number;
  /** How long the buyers took, and the settling after the heal. */
  flowsMs: number;
  settleMs: number;
  /** What happened on the way (kills, draft decisions), for --verbose. */
  events: string[];
  /** Drafts the schedule approved and rejected. */
  approved: number;
  rejected: number;
  /** Orders that waited for the company: approved and rejected by its Aprobador, and still waiting (no decision went through). */
  company: { approved: number; rejected: number; waiting: number };
  /** Orders a sales rep wrote for a customer. */
  repOrders: number;
  /** Orders with a pre-order line. */
  preorders: number;
  /** For each sales order B1 holds from a POST: how long after B1 held it the portal showed it SENT (see ShowDelay). */
  shown: ShowDelay[];
}

/**
 * Time to show: from B1 committing a posted sales order (its journal's time) to the portal first showing the order
 * SENT with its DocNum (the try of its ERP job that wrote it, by the database's clock). `up`: the schedule had neither
 * an ERP outage nor a kill -9, so the ERP answered and the portal ran the whole time (an outage or a dead process adds
 * its own length, which no look-up schedule can shorten). `unanswered`: the job did not settle at its first try (the
 * POST's answer was lost or late, or a look-up failed).
 */
export interface ShowDelay {
  ref: string;
  ms: number;
  up: boolean;
  unanswered: boolean;
}

interface Session {
  token: string;
  id: number;
  profile: CustomerProfile;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const ok = (a: Answer | undefined) => Boolean(a && a.status >= 200 && a.status < 300);

/** Per-portal state the runs keep: buyer sessions, the admin session, the transport list, whether the admin API has job re-drive. */
export class PortalSessions {
  private readonly buyers = new Map<string, Session>();
  private admin?: string;
  transport?: string;
  adminRetryMissing = false;

  constructor(readonly target: PortalTarget) {}

  forget(): void {
    this.buyers.clear();
    this.admin = undefined;
  }

  /** A request of the session set-up, tried again while the ERP is slow to answer (a cold start). */
  private async setup(what: string, req: PortalRequest): Promise<Answer> {
    let last: Answer | undefined;
    for (let i = 0; i < 20; i++) {
      last = await this.target.request(req);
      if (last.status < 500) break;
      await sleep(100);
    }
    if (last!.status !== 200) throw new Error(`${what}: ${last!.status} ${JSON.stringify(last!.body)}`);
    return last!;
  }

  async buyer(rut: string): Promise<Session> {
    const known = this.buyers.get(rut);
    if (known) return known;
    const login = await this.setup(`login ${rut}`, { method: 'POST', url: '/api/security/login', payload: { username: rut, password: passwordOf(rut) } });
    const { token, id } = login.body as { token: string; id: number };
    const profile = await this.setup(`profile ${rut}`, { method: 'GET', url: `/api/user/b1/profile/${id}`, token });
    if (!this.transport) {
      const list = await this.setup('transports', { method: 'GET', url: '/api/user/b1/tipo-transport', token });
      const rows = list.body as { idTransporte: string }[];
      this.transport = (rows[1] ?? rows[0])!.idTransporte;
    }
    const session = { token, id, profile: profile.body as CustomerProfile };
    this.buyers.set(rut, session);
    return session;
  }

  /**
   * A sales rep acting for a customer: logged in, then representing it (the token the representation answers). Kept
   * per rep and customer, as a rep's phone and tablet would each keep their own.
   */
  async rep(rut: string, cardCode: string): Promise<Session> {
    const key = `${rut}>${cardCode}`;
    const known = this.buyers.get(key);
    if (known) return known;
    const login = await this.setup(`login ${rut}`, { method: 'POST', url: '/api/security/login', payload: { username: rut, password: passwordOf(rut) } });
    const { token: plain, id } = login.body as { token: string; id: number };
    const represented = await this.setup(`represent ${cardCode}`, { method: 'POST', url: `/api/rep/represent/${cardCode}`, token: plain, payload: {} });
    const { token } = represented.body as { token: string };
    const profile = await this.setup(`profile ${key}`, { method: 'GET', url: `/api/user/b1/profile/${id}`, token });
    const session = { token, id, profile: profile.body as CustomerProfile };
    this.buyers.set(key, session);
    return session;
  }

  async adminToken(): Promise<string> {
    if (this.admin) return this.admin;
    const login = await this.setup('admin login', { method: 'POST', url: '/api/security/login', payload: { username: ADMIN_RUT, password: passwordOf(ADMIN_RUT) } });
    this.admin = (login.body as { token: string }).token;
    return this.admin;
  }
}

/** The journal of committed creates: the stand-in's own when it keeps one, else the proxy's log of accepted POSTs. */
export function journalOf(world: World): JournalEntry[] {
  if (world.hasJournal) return world.b1.journal!;
  return world.proxy.creates
    .filter((c) => c.accepted && c.docEntry !== undefined)
    .map((c) => ({ set: c.set as JournalEntry['set'], cardCode: c.cardCode, reference: c.reference, docEntry: c.docEntry!, at: c.at, origin: 'post' as const }));
}

interface B1Doc {
  DocEntry: number;
  DocTotal?: number;
  NumAtCard?: string | null;
  CardCode?: string;
  SalesPersonCode?: number;
}
interface B1Pay {
  DocEntry: number;
  CashSum?: number;
  TransferSum?: number;
  CheckSum?: number;
  PaymentCreditCards?: { CreditSum?: number }[];
}

function amountOf(world: World, entry: JournalEntry): number | undefined {
  const data = world.b1.data as unknown as Record<string, unknown[] | undefined>;
  if (entry.set === 'IncomingPayments') {
    const p = (data.IncomingPayments as B1Pay[] | undefined)?.find((d) => d.DocEntry === entry.docEntry);
    if (!p) return undefined;
    return (p.CashSum ?? 0) + (p.TransferSum ?? 0) + (p.CheckSum ?? 0) + (p.PaymentCreditCards ?? []).reduce((s, c) => s + (c.CreditSum ?? 0), 0);
  }
  const doc = (data[entry.set] as B1Doc[] | undefined)?.find((d) => d.DocEntry === entry.docEntry);
  if (doc?.DocTotal !== undefined) return doc.DocTotal;
  return world.proxy.creates.find((c) => c.set === entry.set && c.docEntry === entry.docEntry)?.docTotal;
}

/** The sales employee a sales document names (undefined when the ERP's tables are not at hand: a real ERP). */
function salesPersonOf(world: World, entry: JournalEntry): number | undefined {
  if (!world.hasJournal) return undefined;
  const data = world.b1.data as unknown as Record<string, B1Doc[] | undefined>;
  return data[entry.set]?.find((d) => d.DocEntry === entry.docEntry)?.SalesPersonCode;
}

/** The ShipDate of a sales document's line of `sku` (undefined when the ERP's tables are not at hand: a real ERP). */
function shipDateOf(world: World, entry: JournalEntry, sku: string): string | null | undefined {
  if (!world.hasJournal) return undefined;
  const data = world.b1.data as unknown as Record<string, (B1Doc & { DocumentLines?: { ItemCode: string; ShipDate?: string | null }[] })[] | undefined>;
  const line = data[entry.set]?.find((d) => d.DocEntry === entry.docEntry)?.DocumentLines?.find((l) => l.ItemCode === sku);
  return line ? (line.ShipDate ?? null) : undefined;
}

/** Stock and credit back to plenty before each schedule (the stand-in's live tables are the test's to arrange). */
export function replenish(world: World, skus: readonly string[], cardCodes: readonly string[]): void {
  const wanted = new Set(skus);
  for (const item of world.b1.data.Items) {
    // the pre-order sizes: nothing on hand, what arrives free again (the orders of earlier schedules let go)
    if (PREORDER_SKUS.includes(item.ItemCode)) for (const wh of item.ItemWarehouseInfoCollection) wh.Committed = 0;
    if (!wanted.has(item.ItemCode)) continue;
    for (const wh of item.ItemWarehouseInfoCollection) {
      wh.InStock = 1_000_000;
      wh.Committed = 0;
    }
    item.QuantityOnStock = item.ItemWarehouseInfoCollection.reduce((s, w) => s + w.InStock, 0);
  }
  for (const bp of world.b1.data.BusinessPartners) {
    if (!cardCodes.includes(bp.CardCode)) continue;
    bp.OpenOrdersBalance = 0;
    bp.CurrentAccountBalance = 0;
  }
}

const LOOKUP_SETS = /^(Orders|Drafts|ApprovalRequests|IncomingPayments)$/;

/** The proxy's decision for one request of a schedule. */
function faultPolicy(plan: SchedulePlan, rng: Rng): (request: ProxyRequest) => ProxyAction {
  const has = (f: string) => plan.faults.includes(f as never);
  const slow = () => rng.int(plan.slowMs[0], plan.slowMs[1]);
  return (request) => {
    if (request.path === 'Login' || request.path === 'Logout') return rng.chance(plan.readFaultRate / 2) && has('errors') ? { kind: 'error', status: 503 } : { kind: 'pass' };
    const create = Boolean(request.createSet);
    // the look-ups that decide whether to create (Orders, Drafts, their approval, IncomingPayments) take the read
    // faults; the buyers' own reads (items, partner, lists) a fifth of them, so the schedules stay short
    const lookup = request.method === 'GET' && LOOKUP_SETS.test(request.path);
    const rate = create ? plan.createFaultRate : lookup ? plan.readFaultRate : plan.readFaultRate / 5;
    if (!rng.chance(rate)) return { kind: 'pass' };
    const options: ProxyAction[] = [];
    if (has('errors')) options.push({ kind: 'error', status: rng.pick([500, 502, 503]) }, { kind: 'reset' });
    if (has('lostAnswers')) options.push({ kind: 'lose' }, { kind: 'lose' });
    // (with the stand-in's own slow creates on, the proxy does not hold creates too: one delay, never two stacked)
    if (has('slowPosts')) options.push(create && !plan.standInSlow ? { kind: 'slowCommit', ms: slow() } : { kind: 'slowAnswer', ms: slow() }, { kind: 'slowAnswer', ms: slow() });
    if (has('sessionExpiry')) options.push({ kind: 'expire' });
    return options.length ? rng.pick(options) : { kind: 'pass' };
  };
}

export async function runSchedule(world: World, plan: SchedulePlan, sessions: { inproc: [PortalSessions, PortalSessions]; child?: PortalSessions }, settings: RunSettings, skus: readonly string[]): Promise<ScheduleResult> {
  const started = Date.now();
  const rng = createRng(`${settings.seed}#${plan.index}/run`);
  const proxyRng = rng.fork('proxy');
  const killing = Boolean(plan.kill);
  let child: ChildPortal | undefined;
  let childSessions: PortalSessions | undefined;
  if (killing) {
    child = await world.child();
    childSessions = sessions.child!;
  }
  const portals: PortalSessions[] = killing ? [childSessions!] : plan.twoInstances ? [...sessions.inproc] : [sessions.inproc[0]];
  const main = portals[0]!;
  const pickPortal = () => (portals.length > 1 ? rng.pick(portals) : main);

  const cardCodes = plan.buyers.map((b) => b.represents ?? cardCodeOf(b.rut));
  replenish(world, skus, cardCodes);
  const ledger: OrderLedger[] = [];
  const refs = new Set<string>();
  const timers: NodeJS.Timeout[] = [];
  let killed = 0;
  let restarting: Promise<void> | undefined;
  const events: string[] = [];
  const at = () => `${((Date.now() - started) / 1000).toFixed(2)}s`;

  // --- faults on ---
  const b1 = world.b1;
  const standInFaults = b1.setFaults as (f: Record<string, unknown>) => void;
  if (world.hasJournal) standInFaults({ postDelayMs: plan.standInSlow ? plan.slowMs[1] : 0, loseAnswerRate: plan.standInLoss });
  // The ERP goes down just as the first document is sent, for longer than the outbox's retry budget.
  let downTriggered = false;
  const policy = faultPolicy(plan, proxyRng);
  world.proxy.setPolicy((request) => {
    if (plan.down && !downTriggered && request.createSet) {
      downTriggered = true;
      const { afterMs, forMs, mode } = plan.down;
      timers.push(setTimeout(() => world.proxy.setDown(mode), afterMs));
      timers.push(setTimeout(() => world.proxy.setDown(false), afterMs + forMs));
      if (afterMs === 0) return mode === 'reset' ? { kind: 'reset' } : { kind: 'error', status: 503 };
    }
    return policy(request);
  });
  if (plan.expireEveryMs) {
    const every = plan.expireEveryMs;
    timers.push(setInterval(() => b1.expireAllSessions(), every));
  }
  const approvalCard = plan.approval ? cardCodeOf(plan.approval.rut) : undefined;
  if (approvalCard) b1.setApprovalCardCodes?.([approvalCard]);
  if (plan.twoInstances) world.apps[1].worker.start();

  // --- kill -9 of the child at the planned moment ---
  let armed = killing;
  const killNow = async (why: string) => {
    if (!child) return;
    killed++;
    events.push(`${at()} kill -9 (${why})`);
    const chosen = child;
    // The restart is known from the moment of the kill, before the process is gone: whoever looks at the portal while
    // it dies (the settle loop) waits for it instead of reading a dead portal as an empty one. Restarted on the same
    // database; a start that fails is reported and tried once more.
    const gone = chosen.kill9();
    restarting = gone.then(() =>
      chosen.start().catch(async (error: unknown) => {
        events.push(`${at()} restart failed, trying again: ${error instanceof Error ? error.message : String(error)}`.slice(0, 2000));
        await chosen.start();
      }),
    );
    restarting.catch(() => undefined);
    await gone;
  };
  if (killing && plan.kill!.point !== 'webpayReturn') {
    const point = plan.kill!.point;
    world.proxy.setCreateHook(async (request, phase) => {
      if (!armed) return;
      const ref = String(request.body?.NumAtCard ?? request.body?.CounterReference ?? '');
      if (!refs.has(ref)) return;
      const wanted =
        (point === 'orderPost' && phase === 'arrived' && request.createSet === 'Orders') ||
        (point === 'orderCommitted' && phase === 'committed' && request.createSet === 'Orders') ||
        (point === 'paymentCommitted' && phase === 'committed' && request.createSet === 'IncomingPayments');
      if (!wanted) return;
      armed = false;
      await killNow(`${point} ${ref}`);
      return phase === 'arrived' && plan.kill!.dropBeforeForward ? 'drop' : undefined;
    });
  }

  // --- approvals: every Draft of this schedule is approved or rejected, some while the faults are on ---
  const decisions = new Map<number, 'approved' | 'rejected'>();
  const seenDrafts = new Map<number, number>();
  const approvalRng = rng.fork('approval');
  const decideDrafts = (force: boolean) => {
    if (!plan.approval || !b1.approveDraft || !b1.rejectDraft) return;
    const drafts = ((b1.data as unknown as { Drafts?: B1Doc[] }).Drafts ?? []).filter((d) => d.NumAtCard && refs.has(d.NumAtCard));
    for (const draft of drafts) {
      if (decisions.has(draft.DocEntry)) continue;
      if (!seenDrafts.has(draft.DocEntry)) seenDrafts.set(draft.DocEntry, Date.now() + approvalRng.int(plan.approval.decideAfterMs[0], plan.approval.decideAfterMs[1]));
      if (!force && Date.now() < seenDrafts.get(draft.DocEntry)!) continue;
      const approve = approvalRng.chance(plan.approval.approveChance);
      try {
        if (approve) b1.approveDraft(draft.DocEntry);
        else b1.rejectDraft(draft.DocEntry);
        decisions.set(draft.DocEntry, approve ? 'approved' : 'rejected');
        events.push(`${at()} Draft #${draft.DocEntry} (${draft.NumAtCard}) ${approve ? 'approved' : 'rejected'}`);
      } catch (error) {
        events.push(`${at()} could not ${approve ? 'approve' : 'reject'} Draft #${draft.DocEntry}: ${error instanceof Error ? error.message : String(error)}`);
        decisions.set(draft.DocEntry, approve ? 'approved' : 'rejected');
      }
    }
  };
  if (plan.approval) timers.push(setInterval(() => decideDrafts(false), 40));

  // --- the buyers ---
  const deadline = started + (killing ? 90_000 : 30_000);
  /** One browser request, repeated as a browser (or its user) would: on no answer, 5xx, or 409 "still running". */
  const browser = async (make: (portal: PortalSessions) => PortalRequest, opts: { attempts?: number; retry409?: boolean } = {}): Promise<Answer | undefined> => {
    const attempts = opts.attempts ?? 6;
    let last: Answer | undefined;
    for (let i = 0; Date.now() < deadline; ) {
      const portal = pickPortal();
      try {
        last = await portal.target.request(make(portal));
      } catch (error) {
        if (!(error instanceof PortalUnreachable)) throw error;
        await (restarting?.catch(() => undefined) ?? sleep(200));
        await sleep(rng.int(50, 200));
        continue; // the process is gone: the browser keeps trying until it is back
      }
      const retry = last.status >= 500 || (opts.retry409 !== false && last.status === 409 && /curso|progress|running|procesando/i.test(JSON.stringify(last.body)));
      if (!retry || ++i >= attempts) return last;
      await sleep(rng.int(60, 220));
    }
    return last;
  };

  const shop = async (buyer: BuyerPlan, flow: FlowPlan, n: number) => {
    const rut = buyer.rut;
    const fr = rng.fork(`${rut}${buyer.represents ? `>${buyer.represents}` : ''}/${n}`);
    const s = buyer.represents ? await main.rep(rut, buyer.represents) : await main.buyer(rut);
    const token = s.token;
    if (!ok(await browser(() => ({ method: 'DELETE', url: `/api/user/cart/clear-cart/${s.id}`, token })))) return;
    for (const line of flow.lines) {
      const added = await browser(() => ({ method: 'POST', url: '/api/user/cart', token, payload: { sku: line.sku, quantity: line.quantity } }));
      if (!ok(added)) return;
    }
    // a pre-order line (its goods arriving): refused once what arrives is promised, then the order goes without it
    const preorder = flow.preorder;
    const preordered =
      preorder && ok(await browser(() => ({ method: 'POST', url: '/api/user/cart', token, payload: { sku: preorder.sku, quantity: preorder.quantity, porLlegar: true } })));
    const profile = s.profile;
    const invoice = (profile.factura.find((f) => f.predeterminado === 'Y') ?? profile.factura[0])!.idfactura;
    const reserve = flow.kind === 'reserve' || Boolean(flow.company?.reserve);
    const orderBody = {
      orderType: reserve ? 'RESERVE' : 'ONLINE',
      tipoEntrega: flow.pickup ? 'retiro' : 'entrega',
      deliveryAddress: flow.pickup ? '' : profile.despacho[0]!.iddespacho,
      deliveryTransport: flow.pickup ? '' : main.transport!,
      invoiceAddress: invoice,
      ...(reserve ? {} : { paymentMethod: flow.kind === 'card' ? 'WEBPAY' : 'CREDIT' }),
      ...(preordered ? { envioPorLlegar: preorder!.shipping } : {}),
    };
    const orderKey = `chaos-${plan.index}-${n}-${fr.int(0, 1e9)}`;
    const createOrder = () => browser(() => ({ method: 'POST', url: '/api/orders', token, payload: orderBody, headers: { 'Idempotency-Key': orderKey } }));
    const created = flow.doubleOrder ? await Promise.all([createOrder(), createOrder()]) : [await createOrder()];
    const orders = created.filter((a) => a?.status === 201).map((a) => a!.body as Order);
    const order = orders[0];
    if (!order) return;
    const record: OrderLedger = {
      ref: order.purchaseOrderNumber, id: order.id, kind: flow.kind, rut, cardCode: buyer.represents ?? cardCodeOf(rut), total: order.totals.total, submitStatuses: [], tokens: [], notes: [],
      ...(buyer.represents ? { salesPersonCode: REP_SALES_PERSON_CODE } : {}),
      ...(preordered ? { preorder: preorder!.sku } : {}),
    };
    createdStates.set(order.id, order.orderState);
    ledger.push(record);
    refs.add(record.ref);
    if (new Set(orders.map((o) => o.id)).size > 1) record.notes.push(`one Idempotency-Key made ${orders.length} orders (${orders.map((o) => o.purchaseOrderNumber).join(', ')})`);

    if (flow.kind === 'card') {
      await payByCard(record, flow, fr);
      return;
    }
    const path = reserve ? '/api/user/b1/reserve' : '/api/user/b1/ov';
    if (flow.kind === 'company') {
      await decideAsCompany(record, flow, path, token);
      return;
    }
    const submit = async () => {
      const answer = await browser(() => ({ method: 'POST', url: path, token, payload: { orderReference: record.ref } }));
      if (answer) record.submitStatuses.push(answer.status);
      return answer;
    };
    const answers = flow.doubleSubmit ? await Promise.all([submit(), submit()]) : [await submit()];
    if (flow.resubmit && answers.some((a) => a?.status === 202)) {
      await sleep(fr.int(30, 300));
      await submit();
    }
    // the SPA's pending screen asks how the order stands
    if (answers.some((a) => a?.status === 202)) {
      await browser(() => ({ method: 'POST', url: '/api/orders/update/state/order', token, payload: { id: record.id, numOc: record.ref, state: 'CONFIRMED' } }), { attempts: 2 });
    }
  };

  /**
   * An order by the company's Comprador over their limit: it must wait (the buyer's own submission is refused), then
   * the Aprobador approves or rejects it while the faults are on, sometimes twice at once (one decision wins). An
   * approved one is sent by the server itself (the outbox), as if it had just been placed.
   */
  const decideAsCompany = async (record: OrderLedger, flow: FlowPlan, path: string, token: string) => {
    const plan = flow.company!;
    const portal = ledgerState(record);
    if (portal !== 'AWAITING_COMPANY_APPROVAL') record.notes.push(`an order over the Comprador's limit was made ${portal}`);
    const refused = await browser(() => ({ method: 'POST', url: path, token, payload: { orderReference: record.ref } }), { retry409: false });
    if (refused && refused.status !== 409) record.notes.push(`the buyer's submission of an order waiting for the company answered ${refused.status}`);
    await sleep(plan.decideAfterMs);
    const approver = await main.buyer(COMPANY_APPROVER_RUT);
    const decide = () =>
      browser(() =>
        plan.approve
          ? { method: 'POST', url: `/api/user/company/approvals/${record.id}/approve`, token: approver.token, payload: { total: record.total } }
          : { method: 'POST', url: `/api/user/company/approvals/${record.id}/reject`, token: approver.token, payload: { reason: 'Fuera del presupuesto (caos)' } },
      );
    const answers = plan.doubleDecide ? await Promise.all([decide(), decide()]) : [await decide()];
    const won = answers.filter((a) => a?.status === 200).length;
    if (won > 1) record.notes.push(`${won} decisions of the company went through`);
    if (won === 1) record.companyDecision = plan.approve ? 'approved' : 'rejected';
    else if (answers.some((a) => a && a.status < 500 && a.status !== 409)) record.notes.push(`the Aprobador's decision answered ${answers.map((a) => a?.status).join('/')}`);
  };
  /** The state the order was created in (the create's answer). */
  const createdStates = new Map<number, string>();
  const ledgerState = (record: OrderLedger) => createdStates.get(record.id) ?? 'unknown';

  const payByCard = async (record: OrderLedger, flow: FlowPlan, fr: Rng) => {
    const card = flow.card!;
    const s = await main.buyer(record.rut);
    const token = s.token;
    const key = `chaos-pay-${plan.index}-${record.id}-${fr.int(0, 1e9)}`;
    const sessionId = `OW${String(fr.int(0, 999_999)).padStart(6, '0')}`;
    const create = () =>
      browser(() => ({ method: 'POST', url: '/api/user/tbk/create', token, payload: { buy_order: record.ref, session_id: sessionId, amount: 1, return_url: 'https://evil.example/' }, headers: { 'Idempotency-Key': key } }));
    const answers = card.doubleCreate ? await Promise.all([create(), create()]) : [await create()];
    const tokens = [...new Set(answers.filter((a) => a?.status === 200).map((a) => (a!.body as { token: string }).token))];
    record.tokens.push(...tokens);
    if (tokens.length > 1) record.notes.push(`one Idempotency-Key made ${tokens.length} WebPay transactions`);
    const wpToken = tokens[0];
    if (!wpToken) return;
    let back: WebpayReturn;
    try {
      back = world.webpay.pay(wpToken, card.outcome === 'visa' ? 'visa' : card.outcome === 'mastercard' ? 'mastercard' : 'abort');
    } catch (error) {
      record.notes.push(`webpay pay failed: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    if (card.back !== 'lost') {
      const sendBack = async (method: 'GET' | 'POST') => {
        const ret = { ...back, method, href: `${back.url}?${new URLSearchParams(back.params).toString()}` };
        return browser(() => webpayReturnRequest(ret), { attempts: 3 });
      };
      const first = card.back === 'get' ? 'GET' : 'POST';
      if (armed && plan.kill?.point === 'webpayReturn') {
        armed = false;
        const going = sendBack(first);
        await sleep(plan.kill.returnDelayMs);
        await killNow(`during the WebPay return of ${record.ref}`);
        await going;
      } else {
        await sendBack(first);
      }
      if (card.back === 'both') await sendBack(first === 'POST' ? 'GET' : 'POST');
      if (card.confirm) await browser(() => ({ method: 'PUT', url: `/api/user/tbk/confirm/${wpToken}`, token }), { attempts: 3 });
      await browser(() => ({ method: 'GET', url: `/api/user/tbk/state/${wpToken}`, token }), { attempts: 3 });
      if (card.payAccount && card.outcome === 'visa') await browser(() => ({ method: 'POST', url: '/api/user/b1/pay-account', token, payload: { paymentId: wpToken } }), { attempts: 3 });
    }
  };

  let flowError: unknown;
  try {
    await Promise.all(
      plan.buyers.map(async (buyer) => {
        await sleep(buyer.startDelayMs);
        for (let n = 0; n < buyer.flows.length; n++) await shop(buyer, buyer.flows[n]!, n);
      }),
    );
  } catch (error) {
    flowError = error;
  }

  const flowsDone = Date.now();
  // --- heal ---
  for (const t of timers) clearTimeout(t);
  timers.length = 0;
  world.proxy.setPolicy(() => ({ kind: 'pass' }));
  world.proxy.setDown(false);
  if (world.hasJournal) standInFaults({ postDelayMs: 0, loseAnswerRate: 0 });
  // (a kill still armed stays armed: the ERP documents of a card order are sent by the worker, maybe only now)
  /** Waits for a restart of the child in progress; answers whether there was one. */
  const restarted = async (): Promise<boolean> => {
    const pending = restarting;
    if (!pending) return false;
    await pending.catch((error: unknown) => events.push(`restart failed: ${String(error)}`));
    if (restarting === pending) restarting = undefined;
    return true;
  };
  await restarted();

  // --- settle ---
  const healed = Date.now();
  const settle = await settleSchedule(world, main, [...refs], {
    settings,
    decide: () => decideDrafts(true),
    restarted,
    moneyPending: (state) =>
      ledger.some((o) =>
        o.tokens.some((token) => {
          const tx = world.webpay.transaction(token);
          const charged = tx?.status === 'AUTHORIZED' || (tx?.phase === 'paid' && tx.result?.approved);
          const portal = state.orders.find((p) => p.number === o.ref);
          return Boolean(charged && portal && !state.payments.some((p) => p.orderId === portal.id && p.state !== 'CREATED'));
        }),
      ),
    note: (event) => {
      if (!events.includes(event)) events.push(event);
    },
    lateCommitMs: plan.standInSlow ? plan.slowMs[1] : 0,
  });
  world.proxy.setCreateHook(undefined);
  if (plan.twoInstances) await world.apps[1].worker.stop();
  if (approvalCard) b1.setApprovalCardCodes?.([]);

  const findings = checkSchedule(ledger, {
    state: settle.state,
    journal: journalOf(world),
    amountOf: (entry) => amountOf(world, entry),
    salesPersonOf: (entry) => salesPersonOf(world, entry),
    shipDateOf: (entry, sku) => shipDateOf(world, entry, sku),
    webpay: (token) => world.webpay.transaction(token),
    postsOf: (reference) =>
      world.proxy.creates
        .filter((c) => c.reference === reference)
        .map((c) => `${c.set} ${c.action} sent +${c.arrivedAt - started}ms answered ${c.status} +${c.at - started}ms${c.docEntry ? ` #${c.docEntry}` : ''}`)
        .join('; '),
    draftDecision: (entry) => decisions.get(entry),
  });
  if (flowError) {
    findings.problems.push(`a buyer's flow threw: ${flowError instanceof Error ? flowError.stack : String(flowError)}`);
  }
  for (const o of ledger) for (const note of o.notes) findings.problems.push(`${o.ref}: note: ${note}`);
  if (settle.exhausted) events.push(`${settle.exhausted} ERP job(s) found failed (exhausted) after the heal`);
  if (settle.redrives) events.push(`${settle.redrives} failed job(s) re-driven through the admin API`);
  const decided = [...decisions.values()];
  const journal = journalOf(world);
  const shown = ledger.flatMap((o): ShowDelay[] => {
    const portal = settle.state.orders.find((p) => p.number === o.ref);
    const first = journal.find((e) => e.reference === o.ref && e.cardCode === o.cardCode && e.origin === 'post' && (e.set === 'Orders' || e.set === 'Drafts'));
    // (a Draft is shown when its approver decides, on the approval poll: not a time to show of the look-ups)
    if (!portal || first?.set !== 'Orders' || portal.erpStatus !== 'SENT' || portal.shownAt === null) return [];
    return [{ ref: o.ref, ms: portal.shownAt - first.at, up: !killing && !plan.down, unanswered: portal.triesBefore > 0 }];
  });
  return {
    findings,
    ms: Date.now() - started,
    settled: settle.quiet,
    killed,
    redrives: settle.redrives,
    exhausted: settle.exhausted,
    flowsMs: flowsDone - started,
    settleMs: Date.now() - healed,
    events,
    approved: decided.filter((d) => d === 'approved').length,
    rejected: decided.filter((d) => d === 'rejected').length,
    company: {
      approved: ledger.filter((o) => o.kind === 'company' && o.companyDecision === 'approved').length,
      rejected: ledger.filter((o) => o.kind === 'company' && o.companyDecision === 'rejected').length,
      waiting: ledger.filter((o) => o.kind === 'company' && !o.companyDecision).length,
    },
    repOrders: ledger.filter((o) => o.salesPersonCode !== undefined).length,
    preorders: ledger.filter((o) => o.preorder !== undefined).length,
    shown,
  };
}

/** Whether nothing of these orders is still moving: no job due, nothing waiting for the ERP. */
function quiet(state: PortalState): boolean {
  if (state.jobs.some((j) => j.kind.startsWith('erp.') && (j.status === 'pending' || (j.status === 'failed' && j.failure !== 'rejected')))) return false;
  return !state.orders.some((o) => o.orderState === 'PROCESS' && (o.erpStatus === 'PENDING' || o.erpStatus === 'AWAITING_APPROVAL'));
}

async function readState(portal: PortalSessions, refs: string[]): Promise<PortalState | undefined> {
  try {
    const answer = await portal.target.request({ method: 'GET', url: `/__chaos/state?refs=${refs.join(',')}` });
    return answer.status === 200 ? (answer.body as PortalState) : undefined;
  } catch {
    return undefined;
  }
}

async function settleSchedule(
  world: World,
  portal: PortalSessions,
  refs: string[],
  opts: {
    settings: RunSettings;
    decide: () => void;
    restarted: () => Promise<boolean>;
    lateCommitMs: number;
    note: (event: string) => void;
    /** Card payments WebPay charged (or the payer approved) that the portal has not decided yet. */
    moneyPending: (state: PortalState) => boolean;
  },
): Promise<{ state: PortalState; quiet: boolean; redrives: number; exhausted: number }> {
  const { settings } = opts;
  let end = Date.now() + settings.settleBoundMs;
  // A commit whose answer was lost (the process died waiting for it) is decided only once it cannot be in flight any
  // more: the portal waits 2 × the WebPay timeout + 30 s for that. A charged card is given that long, and a bit more.
  let moneyEnd = Date.now() + settings.settleBoundMs + settings.moneySettleMs;
  const settled = (s: PortalState) => quiet(s) && !opts.moneyPending(s);
  const failedSince = new Map<number, number>();
  const exhausted = new Set<number>();
  let redrives = 0;
  let lastReconcile = 0;
  let quietRounds = 0;
  let state: PortalState = { orders: [], payments: [], jobs: [] };
  let moneyWasPending = false;
  for (;;) {
    if (opts.moneyPending(state)) moneyWasPending = true;
    if (Date.now() >= (moneyWasPending ? moneyEnd : end)) break;
    // the bound counts from the moment the restarted process listens
    if (await opts.restarted()) {
      end = Date.now() + settings.settleBoundMs;
      moneyEnd = end + settings.moneySettleMs;
    }
    opts.decide();
    if (Date.now() - lastReconcile > 250) {
      lastReconcile = Date.now();
      const answer = await portal.target.request({ method: 'GET', url: '/__chaos/reconcile' }).catch(() => undefined);
      const report = (answer?.body as { report?: { checked?: number; failed?: number } } | undefined)?.report;
      if (report?.failed) opts.note(`reconciler: ${report.failed} of ${report.checked} payments failed to settle`);
    }
    const read = await readState(portal, refs);
    if (!read) {
      // Unreachable (a process being killed or restarted): nothing can be concluded from the last state read.
      await sleep(30);
      continue;
    }
    state = read;
    const now = Date.now();
    for (const job of state.jobs) {
      if (job.status !== 'failed' || job.failure === 'rejected') {
        failedSince.delete(job.id);
        continue;
      }
      if (job.failure === 'exhausted') exhausted.add(job.id);
      if (!failedSince.has(job.id)) failedSince.set(job.id, now);
      if (now - failedSince.get(job.id)! >= settings.redriveGraceMs) {
        if (await redrive(portal, job)) redrives++;
        failedSince.set(job.id, now);
      }
    }
    if (settled(state) && world.proxy.inflight() === 0) {
      // A create the stand-in is still committing (its own slow POSTs, which the proxy cannot see) would show in the
      // journal shortly: wait that out once, then look again.
      if (quietRounds++ > 0 || opts.lateCommitMs === 0) break;
      await sleep(opts.lateCommitMs + 50);
      continue;
    }
    quietRounds = 0;
    await sleep(30);
  }
  await world.proxy.idle(2_000);
  state = (await readState(portal, refs)) ?? state;
  return { state, quiet: settled(state), redrives, exhausted: exhausted.size };
}

/** An administrator re-drives a failed job (POST /api/admin/jobs/:id/retry), when the API has it. */
async function redrive(portal: PortalSessions, job: PortalJob): Promise<boolean> {
  if (portal.adminRetryMissing) return false;
  try {
    const token = await portal.adminToken();
    const answer = await portal.target.request({ method: 'POST', url: `/api/admin/jobs/${job.id}/retry`, token, payload: {} });
    if (answer.status === 404 && /not found/i.test(JSON.stringify(answer.body)) && /Route/i.test(JSON.stringify(answer.body))) {
      portal.adminRetryMissing = true;
      return false;
    }
    return answer.status >= 200 && answer.status < 300;
  } catch {
    return false;
  }
}
