// The checks after a schedule has settled, per portal order (OC…/RE…) and per incoming payment (CounterReference):
//   duplicates  ERP documents accepted beyond one per reference, counted from the ERP's journal of committed creates
//               (a Draft and the Order its approval made are one logical document; two POSTed documents are two).
//               Any sales order or payment for an order that was never paid nor submitted is beyond its allowance (0).
//   missing     an order that must be in the ERP (submitted and answered, or paid) with no ERP document, or one the
//               portal calls sent/confirmed while the ERP has none (a rejected approval must leave the order
//               CANCELED, or erp REJECTED when it was paid).
//   stuck       after settling: an order still waiting (PROCESS with erp PENDING / AWAITING_APPROVAL), an ERP job
//               pending or failed, a card payment the payer approved that was never committed, or a paid order
//               without its ERP payment.
// Besides: the portal's order total must be the ERP document's DocTotal, and the payment's amount its sum.
import type { WebpayTransactionRecord } from '@mocks/webpay/server';
import type { FlowKind } from './plan';
import type { PortalJob, PortalState } from './portal';
import type { JournalEntry } from './world';

/** What the harness knows of one order it made, from the answers it got. */
export interface OrderLedger {
  ref: string;
  id: number;
  kind: FlowKind;
  rut: string;
  cardCode: string;
  /** The total the portal answered at create. */
  total: number;
  /** Statuses of the answers to reserve / ov. */
  submitStatuses: number[];
  /** WebPay tokens the portal handed out for it. */
  tokens: string[];
  /** The schedule's draft decisions for its Drafts, by Draft DocEntry. */
  notes: string[];
  /** An order that waited for the company: the Aprobador's decision that went through (none: still waiting). */
  companyDecision?: 'approved' | 'rejected';
  /** An order a sales rep wrote: the rep's ERP sales employee, which its ERP document must carry. */
  salesPersonCode?: number;
  /** An order with a pre-order line (docs/incoming.md): its size, whose ERP line must carry a ShipDate. */
  preorder?: string;
}

export interface Evidence {
  state: PortalState;
  journal: readonly JournalEntry[];
  /** DocTotal of a sales document, or the sum of an incoming payment (undefined when unknown). */
  amountOf(entry: JournalEntry): number | undefined;
  /** The SalesPersonCode of a sales document (undefined when unknown). */
  salesPersonOf(entry: JournalEntry): number | undefined;
  /** The ShipDate of a sales document's line of `sku` (null: the line has none; undefined: not at hand). */
  shipDateOf(entry: JournalEntry, sku: string): string | null | undefined;
  webpay(token: string): WebpayTransactionRecord | undefined;
  /** What the schedule decided for a Draft (by its DocEntry). */
  draftDecision(draftEntry: number): 'approved' | 'rejected' | undefined;
  /** The creating POSTs of a reference as the proxy saw them (for the report of a duplicate). */
  postsOf(reference: string): string;
}

export interface Findings {
  orders: number;
  duplicates: number;
  missing: number;
  stuck: number;
  /** Totals (or payment sums) that differ between the portal and the ERP. */
  mismatches: number;
  problems: string[];
}

export function emptyFindings(): Findings {
  return { orders: 0, duplicates: 0, missing: 0, stuck: 0, mismatches: 0, problems: [] };
}

const WAITING = new Set(['PENDING', 'AWAITING_APPROVAL']);

function jobText(job: PortalJob): string {
  const when = job.status !== 'pending' ? '' : job.lockedForMs !== null ? `, held by a worker for ${job.lockedForMs} ms more` : `, due ${job.dueInMs >= 0 ? `in ${job.dueInMs} ms` : `${-job.dueInMs} ms ago`}`;
  return `job ${job.id} ${job.kind} ${job.status}${job.failure ? `/${job.failure}` : ''} after ${job.attempts} tries${when}${job.lastError ? ` (${job.lastError.slice(0, 120)})` : ''}`;
}

export function checkSchedule(ledger: readonly OrderLedger[], ev: Evidence): Findings {
  const out = emptyFindings();
  out.orders = ledger.length;
  for (const o of ledger) {
    const say = (what: string) => out.problems.push(`${o.ref} (${o.kind}, ${o.rut}): ${what}`);
    let missing = false;
    let stuck = false;
    const portal = ev.state.orders.find((p) => p.number === o.ref);
    if (!portal) {
      say('the portal has no such order');
      out.stuck++;
      continue;
    }
    const entries = ev.journal.filter((e) => e.reference === o.ref && e.cardCode === o.cardCode);
    const salesPosts = entries.filter((e) => e.origin === 'post' && (e.set === 'Orders' || e.set === 'Drafts'));
    const approvedOrders = entries.filter((e) => e.origin === 'approval' && e.set === 'Orders');
    const payPosts = entries.filter((e) => e.origin === 'post' && e.set === 'IncomingPayments');

    const cards = o.tokens.map((t) => ev.webpay(t)).filter((t): t is WebpayTransactionRecord => Boolean(t));
    const paid = cards.some((t) => t.status === 'AUTHORIZED');
    const payerApprovedUncommitted = cards.some((t) => t.phase === 'paid' && t.result?.approved);
    // an order that waited for the company is sent by its approval (its buyer's own submission is refused)
    const submitted = o.kind === 'company' ? o.companyDecision === 'approved' || portal.erpStatus !== 'NONE' : o.submitStatuses.some((s) => s === 200 || s === 202) || portal.erpStatus !== 'NONE';
    const mustReach = o.kind === 'card' ? paid : submitted;

    // duplicates: one sales document per order that must be in the ERP, none for the others; one payment per paid order
    const extraSales = Math.max(0, salesPosts.length - (mustReach ? 1 : 0));
    const extraPays = Math.max(0, payPosts.length - (paid ? 1 : 0));
    if (extraSales) say(`${salesPosts.length} sales documents in the ERP (${salesPosts.map((e) => `${e.set}#${e.docEntry}`).join(', ')}), ${mustReach ? 1 : 0} expected`);
    if (extraPays) say(`${payPosts.length} incoming payments in the ERP (${payPosts.map((e) => `#${e.docEntry}`).join(', ')}), ${paid ? 1 : 0} expected`);
    out.duplicates += extraSales + extraPays;
    if (extraSales || extraPays) say(`POSTs through the proxy: ${ev.postsOf(o.ref) || 'none'}`);

    if (mustReach) {
      const first = salesPosts[0];
      if (!first) {
        missing = true;
        say(`must be in the ERP (${o.kind === 'card' ? 'paid' : `submitted, answers ${o.submitStatuses.join('/') || 'none'}`}) but the ERP has no document; portal ${portal.orderState}/${portal.erpStatus}`);
      } else {
        const decision = first.set === 'Drafts' ? (approvedOrders.length ? 'approved' : ev.draftDecision(first.docEntry)) : 'order';
        if (decision === 'rejected') {
          const settled = o.kind === 'card' ? portal.erpStatus === 'REJECTED' : portal.orderState === 'CANCELED';
          if (portal.erpStatus === 'SENT' || (o.kind !== 'card' && portal.orderState === 'CONFIRMED')) {
            missing = true;
            say(`its Draft #${first.docEntry} was rejected but the portal says ${portal.orderState}/${portal.erpStatus}`);
          } else if (!settled) {
            stuck = true;
            say(`its Draft #${first.docEntry} was rejected; the portal still says ${portal.orderState}/${portal.erpStatus}`);
          }
        } else if (decision === undefined) {
          stuck = true;
          say(`its Draft #${first.docEntry} was never decided`);
        } else {
          if (portal.orderState === 'CANCELED' || portal.erpStatus === 'REJECTED') {
            missing = true;
            say(`the ERP has it (${first.set}#${first.docEntry}${decision === 'approved' ? ', approved' : ''}) but the portal says ${portal.orderState}/${portal.erpStatus}`);
          } else if (portal.erpStatus !== 'SENT' || portal.orderState !== 'CONFIRMED') {
            stuck = true;
            say(`the ERP has it (${first.set}#${first.docEntry}) but the portal still says ${portal.orderState}/${portal.erpStatus}`);
          }
          const docTotal = ev.amountOf(first);
          if (docTotal !== undefined && docTotal !== portal.total) {
            out.mismatches++;
            say(`portal total ${portal.total} ≠ ERP DocTotal ${docTotal} (${first.set}#${first.docEntry})`);
          }
          // an order a rep wrote names the rep's sales employee in the ERP
          const salesPerson = o.salesPersonCode === undefined ? undefined : ev.salesPersonOf(first);
          if (salesPerson !== undefined && salesPerson !== o.salesPersonCode) {
            out.mismatches++;
            say(`written by sales employee ${o.salesPersonCode}, but the ERP's ${first.set}#${first.docEntry} names ${salesPerson}`);
          }
          // a pre-order line ships on its arrival: the ERP line carries its ShipDate
          if (o.preorder && ev.shipDateOf(first, o.preorder) === null) {
            out.mismatches++;
            say(`its pre-order line ${o.preorder} has no ShipDate in the ERP's ${first.set}#${first.docEntry}`);
          }
        }
      }
    } else if (o.kind === 'company') {
      // not approved: rejected (CANCELED) or still waiting for the company; either way never sent
      const expected = o.companyDecision === 'rejected' ? 'CANCELED' : 'AWAITING_COMPANY_APPROVAL';
      if (portal.orderState !== expected) {
        missing = portal.orderState === 'CONFIRMED';
        stuck = !missing;
        say(`the company's decision is ${o.companyDecision ?? 'none'}, yet ${portal.orderState}/${portal.erpStatus}`);
      }
    } else if (o.kind !== 'card' && portal.orderState !== 'PROCESS') {
      // never submitted: nothing may have moved it
      say(`never submitted, yet ${portal.orderState}/${portal.erpStatus}`);
    }

    if (paid) {
      const payment = payPosts[0];
      if (!payment) {
        if (!missing) stuck = true;
        say(`paid (${cards.filter((t) => t.status === 'AUTHORIZED').length} authorized card transaction) but the ERP has no incoming payment ${o.ref}`);
      } else {
        const sum = ev.amountOf(payment);
        const charged = cards.find((t) => t.status === 'AUTHORIZED')?.amount;
        if (sum !== undefined && charged !== undefined && sum !== charged) {
          out.mismatches++;
          say(`incoming payment #${payment.docEntry} sums ${sum}, the card was charged ${charged}`);
        }
      }
      const state = ev.state.payments.find((p) => p.orderId === portal.id && p.state === 'PAID');
      if (!state) {
        stuck = true;
        const states = ev.state.payments.filter((p) => p.orderId === portal.id).map((p) => `${p.reference} ${p.state}`);
        say(`the card was charged but the portal has no PAID payment (${states.join(', ') || 'none'})`);
      }
      if (cards.filter((t) => t.status === 'AUTHORIZED').length > 1) say('charged more than once');
    }
    if (payerApprovedUncommitted && !paid) {
      stuck = true;
      say('the payer approved the card payment but nobody committed it');
    }
    if (portal.orderState === 'PROCESS' && WAITING.has(portal.erpStatus)) {
      stuck = true;
      say(`still waiting: PROCESS/${portal.erpStatus}`);
    }
    const refs = new Set([o.ref, ...ev.state.payments.filter((p) => p.orderId === portal.id).map((p) => p.reference)]);
    const draftRejected = salesPosts[0]?.set === 'Drafts' && ev.draftDecision(salesPosts[0].docEntry) === 'rejected' && !approvedOrders.length;
    for (const job of ev.state.jobs) {
      const key = job.dedupeKey.split(':')[1] ?? '';
      if (!refs.has(key) || job.status === 'done' || !job.kind.startsWith('erp.')) continue;
      if (job.status === 'failed' && job.failure === 'rejected' && draftRejected) continue;
      stuck = true;
      say(jobText(job));
    }
    if (missing) out.missing++;
    else if (stuck) out.stuck++;
  }
  return out;
}

/** Adds `b` into `a`. */
export function addFindings(a: Findings, b: Findings): void {
  a.orders += b.orders;
  a.duplicates += b.duplicates;
  a.missing += b.missing;
  a.stuck += b.stuck;
  a.mismatches += b.mismatches;
  a.problems.push(...b.problems);
}
