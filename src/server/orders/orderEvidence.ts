// What the portal's own records say happened to an order, gathered once for the admin timeline and the buyer's steps:
// its payments, the outbox jobs made for it (the ERP order, the ERP payments, the mails) and every try of those jobs
// (outbox_events). Nothing here is taken from the browser.
import type { OutboxEventRow, OrderRow, PaymentRow } from '../db/schema';
import { isSettleWait } from '../erp/createOnce';
import type { AdminJobsRepo, JobView } from '../jobs/jobs.repo';
import { buyerOrderMailKey, orderMailKey } from '../mail/mailJob';
import { erpPaymentDedupeKey } from '../payments/payments.service';
import { erpOrderDedupeKey } from './erpOrderJob';

export interface OrderJobs {
  jobs: JobView[];
  events: OutboxEventRow[];
}

/** The outbox keys of everything an order (and its payments) makes. */
export function orderJobKeys(order: Pick<OrderRow, 'id' | 'purchaseOrderNumber'>, payments: readonly PaymentRow[]): string[] {
  const number = order.purchaseOrderNumber ?? String(order.id);
  return [
    erpOrderDedupeKey(number),
    buyerOrderMailKey(number),
    orderMailKey('RESERVE', number),
    orderMailKey('CHEQUE', number),
    ...payments.map((p) => erpPaymentDedupeKey(p)),
  ];
}

/** The jobs and their events of several orders, in two queries. */
export async function loadOrderJobs(
  repo: AdminJobsRepo,
  items: ReadonlyArray<{ order: Pick<OrderRow, 'id' | 'purchaseOrderNumber'>; payments: readonly PaymentRow[] }>,
): Promise<Map<number, OrderJobs>> {
  const keyOwner = new Map<string, number>();
  for (const { order, payments } of items) for (const key of orderJobKeys(order, payments)) keyOwner.set(key, order.id);
  const jobs = await repo.byKeys([...keyOwner.keys()]);
  const events = await repo.events(jobs.map((j) => j.id));
  const out = new Map<number, OrderJobs>(items.map(({ order }) => [order.id, { jobs: [], events: [] }]));
  const jobOwner = new Map<number, number>();
  for (const job of jobs) {
    const owner = keyOwner.get(job.dedupeKey);
    if (owner === undefined) continue;
    jobOwner.set(job.id, owner);
    out.get(owner)!.jobs.push(job);
  }
  for (const event of events) {
    const owner = jobOwner.get(event.jobId);
    if (owner !== undefined) out.get(owner)!.events.push(event);
  }
  return out;
}

/** When the ERP steps of an order happened, by the events of its erp.order job (the order row as a fallback). */
export interface ErpMilestones {
  /** The job that put the order in the ERP ended ('done' while the order is SENT). */
  sentAt: Date | null;
  /** The first time the ERP's approval procedure held it. */
  waitingAt: Date | null;
  /** The job failed for good because the ERP (or its approver) refused the order. */
  rejectedAt: Date | null;
}

export function erpMilestones(order: OrderRow, jobs: OrderJobs): ErpMilestones {
  const job = jobs.jobs.find((j) => j.dedupeKey === erpOrderDedupeKey(order.purchaseOrderNumber ?? String(order.id)));
  const events = job ? jobs.events.filter((e) => e.jobId === job.id) : [];
  const lastDone = [...events].reverse().find((e) => e.event === 'done');
  // (the look-ups of a create whose answer never came wait too: they are not the approval procedure)
  const firstWaiting = events.find((e) => e.event === 'waiting' && !isSettleWait(e.message));
  const rejected = [...events].reverse().find((e) => e.event === 'failed' && e.failure === 'rejected');
  const sent = order.erpStatus === 'SENT';
  return {
    sentAt: sent ? (lastDone?.at ?? job?.doneAt ?? order.updatedAt) : null,
    waitingAt: firstWaiting?.at ?? (order.erpStatus === 'AWAITING_APPROVAL' ? order.updatedAt : null),
    rejectedAt: order.erpStatus === 'REJECTED' ? (rejected?.at ?? order.updatedAt) : null,
  };
}

/** The payment that paid the order (card or transfer), if any. */
export function paidPayment(payments: readonly PaymentRow[]): PaymentRow | undefined {
  return payments.find((p) => p.state === 'PAID' && p.purpose === 'ORDER');
}

/** When a CANCELED order was canceled: its payment's refusal, the ERP's refusal, or the row's last change. */
export function canceledAt(order: OrderRow, payments: readonly PaymentRow[], milestones: ErpMilestones): Date {
  const refused = [...payments].reverse().find((p) => p.outcomeAppliedAt && p.state !== 'PAID' && p.state !== 'CREATED');
  return refused?.outcomeAppliedAt ?? milestones.rejectedAt ?? order.updatedAt;
}
