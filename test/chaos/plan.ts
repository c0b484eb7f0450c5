// What one schedule does, drawn from a seeded PRNG: which faults, how hard, which buyers buy what and how they
// behave (double clicks, retries, a tab closed before the card return). A plan is a pure function of
// (seed, index, mode), so `--seed S --only N` draws the same schedule again.
import { createRng, type Rng } from './prng';
import { BUYER_RUTS, COMPANY_BUYER_RUT, CREDIT_BUYERS, REP_CUSTOMERS, REP_RUT } from './accounts';

export const FAULT_KINDS = [
  'errors',
  'lostAnswers',
  'sessionExpiry',
  'slowPosts',
  'approval',
  'erpDown',
  'twoInstances',
  'killCheckout',
  'killPayment',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** 'company': a credit sale or a reservation by the Comprador over their limit, approved or rejected by the Aprobador. */
export type FlowKind = 'credit' | 'reserve' | 'card' | 'company';
export type KillPoint = 'orderPost' | 'orderCommitted' | 'paymentCommitted' | 'webpayReturn';

export interface CardPlan {
  outcome: 'visa' | 'mastercard' | 'abort';
  /** How the browser comes back: form POST, GET, both (a reload), or never (the tab was closed). */
  back: 'post' | 'get' | 'both' | 'lost';
  /** The SPA's confirm call on the verification page. */
  confirm: boolean;
  /** The SPA asks for the ERP registration (pay-account). */
  payAccount: boolean;
  /** Two creates at once with the same Idempotency-Key (double click). */
  doubleCreate: boolean;
}

export interface FlowPlan {
  kind: FlowKind;
  lines: { sku: string; quantity: number }[];
  pickup: boolean;
  /** Two submissions at once (double click). */
  doubleSubmit: boolean;
  /** After a 202 (pending), the buyer presses again. */
  resubmit: boolean;
  /** Two order creates at once with the same Idempotency-Key. */
  doubleOrder: boolean;
  card?: CardPlan;
  company?: CompanyPlan;
  /** A pre-order line beside the others (docs/incoming.md): a size of next season's, and how the order ships. */
  preorder?: { sku: string; quantity: number; shipping: 'JUNTO' | 'PARCIAL' };
}

/** Sizes with goods arriving in the demo (next season's styles: nothing on hand, plenty on order). */
export const PREORDER_SKUS = ['POL-1101-M', 'VES-6101-XS', 'CHA-3101-S', 'CHA-3101-M'];

/** An order that waits for the company's approval, and the Aprobador's decision on it, made while the faults are on. */
export interface CompanyPlan {
  reserve: boolean;
  approve: boolean;
  /** How long after the order the Aprobador decides. */
  decideAfterMs: number;
  /** Two decisions at once (two approvers, or a double click): one wins. */
  doubleDecide: boolean;
}

export interface BuyerPlan {
  rut: string;
  /** A sales rep's plan: the customer (CardCode) they represent and order for. */
  represents?: string;
  startDelayMs: number;
  flows: FlowPlan[];
}

export interface SchedulePlan {
  index: number;
  faults: FaultKind[];
  /** Chance that a creating POST (Orders, IncomingPayments) meets a fault. */
  createFaultRate: number;
  /** Chance that any other ERP request meets a fault. */
  readFaultRate: number;
  /** Delay of slow POSTs and slow answers (beyond the portal's ERP timeout). */
  slowMs: [number, number];
  /** Use the stand-in's own knobs too (postDelayMs, loseAnswerRate), when it has them. */
  standInSlow: boolean;
  standInLoss: number;
  /** Expire every B1 session this often (ms), besides the proxy's 401s. */
  expireEveryMs?: number;
  /** The ERP goes down `afterMs` after the first creating POST of the schedule, for `forMs`. */
  down?: { afterMs: number; forMs: number; mode: 'reset' | 'error' };
  approval?: { rut: string; approveChance: number; decideAfterMs: [number, number] };
  kill?: { point: KillPoint; dropBeforeForward: boolean; returnDelayMs: number };
  twoInstances: boolean;
  buyers: BuyerPlan[];
}

export interface PlanLimits {
  /** The slowest delay a schedule may draw (settleMs is set from it). */
  maxSlowMs: number;
  minSlowMs: number;
  /** ERP down for longer than the outbox's retry budget. */
  downMs: [number, number];
}

function drawFlow(rng: Rng, rut: string, skus: readonly string[], kind?: FlowKind): FlowPlan {
  // a rep orders on the customer's credit line or reserves (a card payment is the customer's, through a payment link)
  const kinds: FlowKind[] = rut === REP_RUT ? ['credit', 'credit', 'reserve'] : CREDIT_BUYERS.has(rut) ? ['credit', 'credit', 'reserve', 'card', 'card'] : ['reserve', 'card', 'card'];
  const chosen = kind ?? rng.pick(kinds);
  const lines = rng.sample(skus, rng.int(1, 3)).map((sku) => ({ sku, quantity: rng.int(1, 4) }));
  const flow: FlowPlan = {
    kind: chosen,
    lines,
    pickup: rng.chance(0.3),
    doubleSubmit: rng.chance(0.25),
    resubmit: rng.chance(0.4),
    doubleOrder: rng.chance(0.2),
  };
  if (chosen === 'company') {
    flow.company = { reserve: rng.chance(0.3), approve: rng.chance(0.7), decideAfterMs: rng.int(0, 400), doubleDecide: rng.chance(0.3) };
  }
  if (chosen === 'card') {
    flow.card = {
      outcome: rng.chance(0.8) ? 'visa' : rng.pick(['mastercard', 'abort'] as const),
      back: rng.pick(['post', 'post', 'get', 'both', 'lost'] as const),
      confirm: rng.chance(0.5),
      payAccount: rng.chance(0.6),
      doubleCreate: rng.chance(0.2),
    };
  }
  // a pre-order is never paid by card: a quarter of the other flows carry one (a fork: the draws above stay as they were)
  const pre = rng.fork('preorder');
  if (chosen !== 'card' && pre.chance(0.25)) flow.preorder = { sku: pre.pick(PREORDER_SKUS), quantity: pre.int(1, 2), shipping: pre.pick(['JUNTO', 'PARCIAL'] as const) };
  return flow;
}

/** The fault kinds of the first `--ci` schedules: each kind at least once, kill -9 of both sorts included. */
const CI_THEMES: FaultKind[][] = [
  ['errors'],
  ['lostAnswers'],
  ['sessionExpiry'],
  ['slowPosts'],
  ['approval'],
  ['erpDown'],
  ['twoInstances', 'lostAnswers', 'slowPosts'],
  ['killCheckout'],
  ['killPayment'],
  ['approval', 'slowPosts', 'lostAnswers'],
  ['erpDown', 'twoInstances', 'errors'],
];

export function planSchedule(seed: string, index: number, skus: readonly string[], limits: PlanLimits, mode: { ci: boolean; killShare: number }): SchedulePlan {
  const rng = createRng(`${seed}#${index}`);
  let faults: FaultKind[];
  if (mode.ci && index < CI_THEMES.length) {
    faults = [...CI_THEMES[index]!];
  } else {
    const roll = rng.next();
    if (roll < mode.killShare) faults = [rng.chance(0.5) ? 'killCheckout' : 'killPayment'];
    else {
      faults = [];
      if (rng.chance(0.45)) faults.push('errors');
      if (rng.chance(0.45)) faults.push('lostAnswers');
      if (rng.chance(0.35)) faults.push('sessionExpiry');
      if (rng.chance(0.45)) faults.push('slowPosts');
      if (rng.chance(0.2)) faults.push('approval');
      if (rng.chance(0.15)) faults.push('erpDown');
      if (rng.chance(0.25)) faults.push('twoInstances');
      if (!faults.some((f) => f === 'errors' || f === 'lostAnswers' || f === 'slowPosts' || f === 'sessionExpiry')) {
        faults.push(rng.pick(['errors', 'lostAnswers', 'slowPosts', 'sessionExpiry'] as const));
      }
    }
    // a kill schedule also meets some network faults now and then
    if (faults[0] === 'killCheckout' || faults[0] === 'killPayment') {
      if (rng.chance(0.4)) faults.push(rng.pick(['errors', 'lostAnswers', 'slowPosts'] as const));
    }
  }
  const has = (f: FaultKind) => faults.includes(f);
  const killing = has('killCheckout') || has('killPayment');

  const buyerCount = killing ? 1 : rng.int(1, 3);
  const ruts = rng.sample(BUYER_RUTS, buyerCount);
  const buyers: BuyerPlan[] = ruts.map((rut) => ({
    rut,
    startDelayMs: rng.int(0, 60),
    flows: Array.from({ length: rng.int(1, 2) }, () => drawFlow(rng, rut, skus)),
  }));

  // Orders by the company's Comprador that wait for its Aprobador: drawn apart (their own generator), so the other
  // draws of a seed stay as they were; in the CI sample, the approval schedules have them.
  const companyRng = createRng(`${seed}#${index}/company`);
  if (!killing && ((mode.ci && (index === 4 || index === 9)) || companyRng.chance(0.2))) {
    buyers.push({
      rut: COMPANY_BUYER_RUT,
      startDelayMs: companyRng.int(0, 60),
      flows: Array.from({ length: companyRng.int(1, 2) }, () => drawFlow(companyRng, COMPANY_BUYER_RUT, skus, 'company')),
    });
  }

  // Orders a sales rep writes for one of their customers, while that company's own login may be shopping too: drawn
  // apart as well; in the CI sample, two schedules have them.
  const repRng = createRng(`${seed}#${index}/rep`);
  if (!killing && ((mode.ci && (index === 1 || index === 6)) || repRng.chance(0.25))) {
    buyers.push({
      rut: REP_RUT,
      represents: repRng.pick(REP_CUSTOMERS),
      startDelayMs: repRng.int(0, 60),
      flows: Array.from({ length: repRng.int(1, 2) }, () => drawFlow(repRng, REP_RUT, skus)),
    });
  }

  let kill: SchedulePlan['kill'];
  if (killing) {
    const buyer = buyers[0]!;
    if (has('killCheckout')) {
      const kind: FlowKind = CREDIT_BUYERS.has(buyer.rut) && rng.chance(0.6) ? 'credit' : 'reserve';
      buyer.flows = [drawFlow(rng, buyer.rut, skus, kind)];
      kill = { point: rng.pick(['orderPost', 'orderCommitted'] as const), dropBeforeForward: rng.chance(0.4), returnDelayMs: 0 };
    } else {
      const flow = drawFlow(rng, buyer.rut, skus, 'card');
      flow.card = { ...flow.card!, outcome: 'visa', back: rng.pick(['post', 'get', 'both'] as const) };
      buyer.flows = [flow];
      kill = { point: rng.pick(['webpayReturn', 'orderCommitted', 'paymentCommitted'] as const), dropBeforeForward: rng.chance(0.3), returnDelayMs: rng.int(0, 40) };
    }
  }

  let approval: SchedulePlan['approval'];
  if (has('approval')) {
    approval = { rut: rng.pick(ruts), approveChance: rng.between(0.3, 0.8), decideAfterMs: [rng.int(0, 150), rng.int(200, 900)] };
  }

  const network = ['errors', 'lostAnswers', 'slowPosts', 'sessionExpiry'].filter((f) => has(f as FaultKind)).length;
  return {
    index,
    faults,
    createFaultRate: network ? rng.between(0.25, 0.75) : 0,
    readFaultRate: network ? rng.between(0.03, 0.2) : 0,
    slowMs: [limits.minSlowMs, rng.int(limits.minSlowMs, limits.maxSlowMs)],
    standInSlow: has('slowPosts') && rng.chance(0.3),
    standInLoss: has('lostAnswers') && rng.chance(0.3) ? rng.between(0.2, 0.6) : 0,
    expireEveryMs: has('sessionExpiry') ? rng.int(80, 400) : undefined,
    down: has('erpDown') ? { afterMs: rng.int(0, 100), forMs: rng.int(limits.downMs[0], limits.downMs[1]), mode: rng.pick(['reset', 'error'] as const) } : undefined,
    approval,
    kill,
    twoInstances: has('twoInstances'),
    buyers,
  };
}

/** One line describing a plan, for --verbose and failure reports. */
export function describePlan(plan: SchedulePlan): string {
  const flowText = (f: FlowPlan) =>
    f.card ? `card/${f.card.outcome}/${f.card.back}` : f.company ? `company/${f.company.reserve ? 'reserve' : 'credit'}/${f.company.approve ? 'approve' : 'reject'}` : f.kind;
  const flows = plan.buyers.map((b) => `${b.rut}${b.represents ? `>${b.represents}` : ''}:${b.flows.map(flowText).join('+')}`).join(' ');
  const extras = [
    plan.createFaultRate ? `create-faults ${plan.createFaultRate.toFixed(2)}` : '',
    plan.down ? `down ${plan.down.forMs}ms/${plan.down.mode}` : '',
    plan.kill ? `kill@${plan.kill.point}${plan.kill.dropBeforeForward ? '(drop)' : ''}` : '',
    plan.approval ? `approval ${plan.approval.rut}` : '',
    plan.standInSlow ? 'stand-in postDelay' : '',
    plan.standInLoss ? `stand-in loss ${plan.standInLoss.toFixed(2)}` : '',
  ].filter(Boolean);
  return `[${plan.faults.join(',')}] ${flows}${extras.length ? ` (${extras.join('; ')})` : ''}`;
}
