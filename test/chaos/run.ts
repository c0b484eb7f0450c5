// `npm run chaos`: randomized fault schedules against the portal, proving that orders reach the ERP exactly once.
// Options: --schedules N (default 1000), --seed S, --ci (a small fixed sample with every fault kind), --only N (one
// schedule of the seed, to reproduce it), --verbose, --lanes N (schedules run side by side, each lane with its own
// stand-ins and portal; default 2), --kill-share F. Ends with the line
//   N schedules, N orders, 0 duplicates, 0 missing, 0 stuck
// and one with the time to show (how long after B1 holds a sales order the portal shows it), and exit code 1 when a
// count (or a total mismatch) is not zero or an order took more than 30 s to show with the ERP and the portal up.
// See docs/chaos.md.
import { productContent } from '@server/db/schema';
import { BUYER_RUTS, cardCodeOf } from './accounts';
import { addFindings, emptyFindings } from './checks';
import { describePlan, FAULT_KINDS, planSchedule, type FaultKind, type PlanLimits } from './plan';
import type { PortalTiming } from './portal';
import { journalOf, PortalSessions, replenish, runSchedule, type RunSettings, type ShowDelay } from './runner';
import { startWorld, type World } from './world';

interface Options {
  schedules: number;
  seed: string;
  ci: boolean;
  only?: number;
  verbose: boolean;
  killShare: number;
  lanes: number;
}

const DEFAULT_SEED = 'textil-andino-1';
const CI_SEED = 'ci-1';
const CI_SCHEDULES = 25;
const DEFAULT_KILL_SHARE = 0.03;
/** The longest a sales order B1 holds may take to show in the portal, while the ERP and the portal are up. */
const SHOW_GOAL_MS = 30_000;

/** The time-to-show figure: max and p95 (seconds) of each group; fails when a delay of the ERP-and-portal-up group is over the goal. */
function showFigure(delays: readonly ShowDelay[]): { line: string; over: number } {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const stats = (list: readonly ShowDelay[]) => {
    const sorted = list.map((d) => d.ms).sort((a, b) => a - b);
    return { n: sorted.length, max: sorted[sorted.length - 1] ?? 0, p95: sorted[Math.max(0, Math.ceil(sorted.length * 0.95) - 1)] ?? 0 };
  };
  const up = delays.filter((d) => d.up);
  const down = delays.filter((d) => !d.up);
  const all = stats(up);
  const late = stats(up.filter((d) => d.unanswered));
  const outage = stats(down);
  const over = up.filter((d) => d.ms > SHOW_GOAL_MS).length;
  const line =
    `time to show (B1 holds a posted sales order → the portal shows it SENT with its DocNum), ERP and portal up: ` +
    `max ${seconds(all.max)}, p95 ${seconds(all.p95)} over ${all.n} orders; of them not settled at the first try: max ${seconds(late.max)}, p95 ${seconds(late.p95)} over ${late.n}; ` +
    `with an ERP outage or kill -9: max ${seconds(outage.max)} over ${outage.n}; goal under ${SHOW_GOAL_MS / 1000} s: ${over ? `${over} over it` : 'met'}`;
  return { line, over };
}

function parseOptions(argv: string[]): Options {
  const options: Options = { schedules: 1000, seed: DEFAULT_SEED, ci: false, verbose: false, killShare: DEFAULT_KILL_SHARE, lanes: 2 };
  let seedGiven = false;
  let countGiven = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === '--schedules') {
      options.schedules = Number(value());
      countGiven = true;
    } else if (arg === '--seed') {
      options.seed = value();
      seedGiven = true;
    } else if (arg === '--ci') options.ci = true;
    else if (arg === '--verbose' || arg === '-v') options.verbose = true;
    else if (arg === '--only') options.only = Number(value());
    else if (arg === '--kill-share') options.killShare = Number(value());
    else if (arg === '--lanes') options.lanes = Number(value());
    else throw new Error(`unknown option ${arg} (use --schedules N, --seed S, --ci, --only N, --verbose, --lanes N, --kill-share F)`);
  }
  if (options.ci) {
    if (!seedGiven) options.seed = CI_SEED;
    if (!countGiven) options.schedules = CI_SCHEDULES;
  }
  if (!Number.isSafeInteger(options.schedules) || options.schedules < 1) throw new Error('--schedules must be a positive integer');
  if (options.only !== undefined && (!Number.isSafeInteger(options.only) || options.only < 0)) throw new Error('--only must be a schedule index (0, 1, …)');
  if (!(options.killShare >= 0 && options.killShare <= 1)) throw new Error('--kill-share must be between 0 and 1');
  if (!Number.isSafeInteger(options.lanes) || options.lanes < 1 || options.lanes > 8) throw new Error('--lanes must be 1 to 8');
  return options;
}

/** The options that decide which schedules are drawn (for the reproduce line). */
function reproduceArgs(options: Options): string {
  const args = [`--seed ${options.seed}`];
  if (options.ci) args.push('--ci');
  if (options.killShare !== DEFAULT_KILL_SHARE) args.push(`--kill-share ${options.killShare}`);
  return args.join(' ');
}

/** Short timeouts so a schedule takes a second, not minutes: the shapes of the faults stay those of production. */
const LIMITS: PlanLimits = { minSlowMs: 330, maxSlowMs: 480, downMs: [1_500, 2_500] };
const TIMING: PortalTiming = {
  erpTimeoutMs: 300,
  // twice the slowest delayed commit: a create whose answer never came may still land until then. CHAOS_SETTLE_MS
  // overrides it: set below the slow commits (say 100), the portal re-posts too early and the run must find duplicates.
  settleMs: Number(process.env.CHAOS_SETTLE_MS) || 2 * LIMITS.maxSlowMs + 80,
  // the look-ups meanwhile: 40, 80, 120, 120… ms apart (production: 1, 2, 4, 8, 8… s within 3 min)
  lookupFirstMs: 40,
  lookupMaxMs: 120,
  approvalPollMs: 100,
  redriveIntervalMs: 250,
  pollMs: 50,
  backoffMs: 40,
  maxAttempts: 4,
  leaseMs: 4_000,
};
// the child's lease decides how soon the job a killed process held is taken again
const CHILD_TIMING: PortalTiming = { ...TIMING, leaseMs: 3_000, pollMs: 100 };

/** Items the buyers can put in their carts: a handful of sizes with prices, checked once through the API. */
async function chooseSkus(world: World, sessions: PortalSessions): Promise<string[]> {
  const candidates = world.b1.data.Items.filter((i) => /^(POL|PAN|CAM|PLN)-\d{4}-(M|L|40|42)$/.test(i.ItemCode))
    .map((i) => i.ItemCode)
    .sort()
    .filter((_, n) => n % 3 === 0)
    .slice(0, 16);
  replenish(world, candidates, BUYER_RUTS.map(cardCodeOf));
  const buyer = await sessions.buyer(BUYER_RUTS[0]);
  const usable: string[] = [];
  for (const sku of candidates) {
    const res = await sessions.target.request({ method: 'POST', url: '/api/user/cart', token: buyer.token, payload: { sku, quantity: 1 } });
    if (res.status < 300) usable.push(sku);
    if (usable.length >= 10) break;
  }
  await sessions.target.request({ method: 'DELETE', url: `/api/user/cart/clear-cart/${buyer.id}`, token: buyer.token });
  if (usable.length < 3) throw new Error(`only ${usable.length} usable items for the carts`);
  return usable;
}

/** One lane: its own stand-ins, proxy, database and portal instances (schedules of two lanes never meet). */
interface Lane {
  world: World;
  inproc: [PortalSessions, PortalSessions];
  child?: PortalSessions;
  skus: string[];
}

async function openLane(databaseUrl: string | undefined): Promise<Lane> {
  const world = await startWorld({ timing: TIMING, childTiming: CHILD_TIMING, databaseUrl, logLevel: process.env.CHAOS_LOG_LEVEL || false });
  try {
    const inproc: [PortalSessions, PortalSessions] = [new PortalSessions(world.targets[0]), new PortalSessions(world.targets[1])];
    const skus = await chooseSkus(world, inproc[0]);
    // offers on two styles, so the portal's discounts meet the ERP's arithmetic
    for (const sku of skus.slice(0, 2)) {
      await world.database.db.insert(productContent).values({ sku: sku.replace(/-[^-]+$/, ''), offer: true, percentage: 15 }).onConflictDoNothing();
    }
    for (const buyer of BUYER_RUTS) await inproc[0].buyer(buyer);
    return { world, inproc, skus };
  } catch (error) {
    await world.close().catch(() => undefined);
    throw error;
  }
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const databaseUrl = process.env.CHAOS_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
  const began = Date.now();
  const log = (line: string) => process.stdout.write(`${line}\n`);
  const indexes = options.only !== undefined ? [options.only] : Array.from({ length: options.schedules }, (_, i) => i);
  const laneCount = Math.max(1, Math.min(options.lanes, indexes.length));
  const lanes: Lane[] = [];
  const totals = emptyFindings();
  const seen = new Set<FaultKind>();
  let failingSchedules = 0;
  let killed = 0;
  let redrives = 0;
  let unsettled = 0;
  let approved = 0;
  let exhausted = 0;
  let rejected = 0;
  const company = { approved: 0, rejected: 0, waiting: 0 };
  let repOrders = 0;
  let preorders = 0;
  let done = 0;
  let exitCode = 0;
  const shown: ShowDelay[] = [];
  try {
    lanes.push(...(await Promise.all(Array.from({ length: laneCount }, () => openLane(databaseUrl)))));
    // The child process of the kill -9 schedules is started before the first schedule: starting it is heavy, and
    // schedules running meanwhile would meet a slow ERP (the stand-ins live in this process) for no reason of theirs.
    const plans = indexes.map((index) => planSchedule(options.seed, index, lanes[0]!.skus, LIMITS, { ci: options.ci, killShare: options.killShare }));
    if (plans.some((p) => p.kill)) await Promise.all(lanes.map((lane) => lane.world.child()));
    const journal = lanes[0]!.world.hasJournal ? 'the stand-in' : "the proxy's";
    log(
      `chaos: seed ${options.seed}, ${options.only !== undefined ? `schedule ${options.only} only` : `${options.schedules} schedules`}, ${laneCount} lane${laneCount > 1 ? 's' : ''}, ` +
        `${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ERP journal: ${journal}; set-up ${((Date.now() - began) / 1000).toFixed(1)} s`,
    );
    const settings: RunSettings = {
      seed: options.seed,
      timing: TIMING,
      settleBoundMs: 15_000,
      // the portal decides a commit whose answer was lost after 2 × the WebPay timeout (1 s here) + 30 s
      moneySettleMs: 40_000,
      redriveGraceMs: 1_500,
      verbose: options.verbose,
      log,
    };
    let next = 0;
    const runLane = async (lane: Lane) => {
      while (next < indexes.length) {
        const index = indexes[next++]!;
        const plan = planSchedule(options.seed, index, lane.skus, LIMITS, { ci: options.ci, killShare: options.killShare });
        plan.faults.forEach((f) => seen.add(f));
        if (plan.kill) {
          const portal = await lane.world.child();
          lane.child ??= new PortalSessions(portal.target);
        }
        const result = await runSchedule(lane.world, plan, { inproc: lane.inproc, child: lane.child }, settings, lane.skus);
        killed += result.killed;
        redrives += result.redrives;
        approved += result.approved;
        exhausted += result.exhausted;
        rejected += result.rejected;
        company.approved += result.company.approved;
        company.rejected += result.company.rejected;
        company.waiting += result.company.waiting;
        repOrders += result.repOrders;
        preorders += result.preorders;
        if (!result.settled) unsettled++;
        shown.push(...result.shown);
        addFindings(totals, { ...result.findings, problems: [] });
        const f = result.findings;
        const bad = f.duplicates + f.missing + f.stuck + f.mismatches > 0;
        if (bad) failingSchedules++;
        done++;
        if (options.verbose || bad) {
          const lines = [
            `#${index} ${(result.ms / 1000).toFixed(1)}s (flows ${(result.flowsMs / 1000).toFixed(1)}, settle ${(result.settleMs / 1000).toFixed(1)}) ${describePlan(plan)} → ` +
              `${f.orders} orders, ${f.duplicates} dup, ${f.missing} missing, ${f.stuck} stuck${f.mismatches ? `, ${f.mismatches} total mismatches` : ''}` +
              `${result.shown.length ? `, shown ≤ ${Math.max(...result.shown.map((d) => d.ms))} ms after B1 held them` : ''}` +
              `${result.settled ? '' : ' (not quiet at the time bound)'}`,
            ...(options.verbose || bad ? result.events.map((e) => `    ${e}`) : []),
            ...f.problems.map((p) => `    ${p}`),
          ];
          if (bad) lines.push(`    reproduce: npm run chaos -- ${reproduceArgs(options)} --only ${index} --verbose`);
          log(lines.join('\n'));
        } else if (done % 50 === 0) {
          log(`… ${done} schedules, ${((Date.now() - began) / 1000).toFixed(0)} s`);
        }
      }
    };
    await Promise.all(lanes.map(runLane));
    const missingKinds = FAULT_KINDS.filter((k) => !seen.has(k));
    const injected: Record<string, number> = {};
    for (const lane of lanes) for (const [k, n] of Object.entries(lane.world.proxy.injected)) injected[k] = (injected[k] ?? 0) + n;
    const faults = Object.entries(injected)
      .filter(([k, n]) => k !== 'pass' && n > 0)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ');
    const documents = { Orders: 0, Drafts: 0, IncomingPayments: 0 };
    for (const lane of lanes) for (const entry of journalOf(lane.world)) if (entry.origin === 'post') documents[entry.set]++;
    log(
      `faults injected at the proxy: ${faults}; kill -9: ${killed}; drafts approved ${approved}, rejected ${rejected}; company approvals: approved ${company.approved}, rejected ${company.rejected}, undecided ${company.waiting}; orders by a sales rep ${repOrders}; orders with a pre-order line ${preorders}; ` +
        `jobs exhausted at the heal ${exhausted}, re-driven by an admin ${redrives}; ` +
        `not quiet at the bound: ${unsettled}; schedules with findings: ${failingSchedules}`,
    );
    log(`ERP documents posted: ${documents.Orders} orders, ${documents.Drafts} drafts, ${documents.IncomingPayments} incoming payments`);
    if (missingKinds.length && options.only === undefined) log(`fault kinds never drawn: ${missingKinds.join(', ')}`);
    if (totals.mismatches) log(`${totals.mismatches} totals differ between the portal and the ERP`);
    log(`time: ${((Date.now() - began) / 1000).toFixed(1)} s`);
  } catch (error) {
    log(`chaos: the harness failed: ${error instanceof Error ? error.stack : String(error)}`);
    exitCode = 2;
  } finally {
    for (const lane of lanes) await lane.world.close().catch(() => undefined);
  }
  log(`${done} schedules, ${totals.orders} orders, ${totals.duplicates} duplicates, ${totals.missing} missing, ${totals.stuck} stuck`);
  const figure = showFigure(shown);
  log(figure.line);
  if (!exitCode && (totals.duplicates + totals.missing + totals.stuck + totals.mismatches > 0 || figure.over > 0)) exitCode = 1;
  process.exit(exitCode);
}

void main();
