// The admin order detail's timeline: everything that happened to an order, from the evidence the portal keeps (the
// order row, its payments, its outbox jobs and every try of them, the ERP's invoices). Pure: orderEvidence.ts gathers.
import type { ErpInvoiceRef, TimelineEvent, TimelineKind } from '@shared/api/adminOrders';
import { formatCLP } from '@shared/money';
import { PAYMENT_METHOD_LABELS } from '@shared/orderTracking';
import { PROVIDER_NAMES } from '@shared/payments';
import { JOB_FAILURE_LABELS } from '@shared/schemas/adminJobs';
import type { OrderRow, PaymentRow } from '../db/schema';
import { isSettleWait } from '../erp/createOnce';
import { ERP_ORDER_JOB } from './erpOrderJob';
import { canceledAt, erpMilestones, type OrderJobs } from './orderEvidence';

export const TIMELINE_TEXTS = {
  created: 'Pedido creado ({number})',
  reserveCreated: 'Reserva creada ({number})',
  chequePhoto: 'Foto del cheque recibida',
  paymentStarted: 'Pago iniciado ({provider})',
  paymentSettled: {
    PAID: 'Pago aprobado ({provider})',
    REJECTED: 'Pago rechazado ({provider})',
    ABORTED: 'Pago anulado por el comprador ({provider})',
    EXPIRED: 'Pago vencido ({provider})',
  },
  erpQueued: 'En cola para el ERP',
  erpPaymentQueued: 'Pago en cola para el ERP',
  erpAttempt: 'Envío al ERP: intento {attempt} fallido',
  erpWaiting: 'En espera en el ERP',
  erpLookingUp: 'Sin respuesta del ERP: se busca el documento',
  erpLookups: '{count} búsquedas sin encontrarlo; la última: {message}',
  erpSent: 'Ingresado en el ERP: DocNum {docNum}',
  erpPaymentSent: 'Pago registrado en el ERP',
  erpRejected: 'Rechazado por el ERP',
  jobFailed: 'Trabajo fallido: {reason}',
  jobRequeued: 'Trabajo reencolado',
  mailQueued: 'Correo en cola: {mail}',
  mailSent: 'Correo enviado: {mail}',
  mailFailed: 'Correo: intento {attempt} fallido',
  invoiced: 'Facturado N° {folio}',
  canceled: 'Pedido anulado',
  companyWaiting: 'Esperando aprobación de la empresa',
  companyApproved: 'Aprobado por la empresa',
  companyRejected: 'Rechazado por la empresa',
} as const;

/** What each mail of an order is, by the section of its key. */
const MAIL_NAMES: Record<string, string> = {
  BUYER_ORDER: 'confirmación al comprador',
  RESERVE: 'aviso de reserva (sección RESERVE)',
  CHEQUE: 'foto del cheque (sección CHEQUE)',
};

const fillText = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));

export interface TimelineInput {
  order: OrderRow;
  payments: readonly PaymentRow[];
  jobs: OrderJobs;
  /** The ERP invoices based on the order (null: the ERP could not be asked). */
  invoices: readonly ErpInvoiceRef[] | null;
  /** Who placed it, as personText names them ('Camila Rojas Pizarro (18.901.234-9)'); absent: not said. */
  placedBy?: string;
}

/** Sorting key of an event: a date-only ERP date counts as the end of that Chilean day. */
const sortKey = (at: string) => (/^\d{4}-\d{2}-\d{2}$/.test(at) ? Date.parse(`${at}T23:59:59-03:00`) : Date.parse(at));

/** At the same instant, causes before their consequences (a payment settled before the jobs it queued…). */
const RANK: Record<TimelineKind, number> = {
  created: 0, chequePhoto: 1, paymentStarted: 2, paymentSettled: 3, erpQueued: 4, erpAttempt: 5, erpWaiting: 5, erpSent: 6, erpRejected: 6,
  jobFailed: 6, jobRequeued: 7, mailQueued: 8, mailFailed: 9, mailSent: 9, invoiced: 10, canceled: 11, companyApproval: 1,
};

export function buildTimeline({ order, payments, jobs, invoices, placedBy }: TimelineInput): TimelineEvent[] {
  const out: TimelineEvent[] = [];
  const add = (at: Date | string, kind: TimelineKind, title: string, tone: TimelineEvent['tone'], detail: string | null = null, jobId: number | null = null) =>
    out.push({ at: typeof at === 'string' ? at : at.toISOString(), kind, title, tone, detail, jobId });
  const number = order.purchaseOrderNumber ?? String(order.id);

  const method = order.paymentMethod ? ` · ${PAYMENT_METHOD_LABELS[order.paymentMethod]}` : '';
  add(order.createdAt, 'created', fillText(order.orderType === 'RESERVE' ? TIMELINE_TEXTS.reserveCreated : TIMELINE_TEXTS.created, { number }), 'info', `Total ${formatCLP(order.total)}${method}${placedBy ? ` · por ${placedBy}` : ''}`);

  // an order over a Comprador's limit: it waited for the buying company, then was approved or rejected (with why)
  if (order.orderState === 'AWAITING_COMPANY_APPROVAL' || order.companyDecisionAt) {
    add(order.createdAt, 'companyApproval', TIMELINE_TEXTS.companyWaiting, 'waiting');
    if (order.companyDecisionAt) {
      const rejected = order.orderState === 'CANCELED' && order.companyDecisionNote !== '';
      add(order.companyDecisionAt, 'companyApproval', rejected ? TIMELINE_TEXTS.companyRejected : TIMELINE_TEXTS.companyApproved, rejected ? 'error' : 'ok', order.companyDecisionNote || null);
    }
  }

  for (const p of payments) {
    const provider = PROVIDER_NAMES[p.provider];
    add(p.createdAt, 'paymentStarted', fillText(TIMELINE_TEXTS.paymentStarted, { provider }), 'info', `${formatCLP(p.amount)} · referencia ${p.reference}`);
    if (p.outcomeAppliedAt && p.state !== 'CREATED') {
      add(p.outcomeAppliedAt, 'paymentSettled', fillText(TIMELINE_TEXTS.paymentSettled[p.state], { provider }), p.state === 'PAID' ? 'ok' : 'error', p.providerId ? `id ${p.providerId}` : null);
    }
  }

  // A mail queued by a try of another job (the ERP accepted the order: the confirmation is queued in that same
  // transaction) is shown when that try ended, after what it follows from.
  const tries = jobs.events.filter((e) => e.event === 'done' && e.startedAt);
  const queuedAt = (createdAt: Date) => tries.find((e) => e.startedAt! <= createdAt && createdAt <= e.at)?.at ?? createdAt;

  for (const job of jobs.jobs) {
    const isErpOrder = job.kind === ERP_ORDER_JOB;
    const isMail = job.kind === 'mail';
    const section = isMail ? job.dedupeKey.split(':')[1] ?? '' : '';
    const mail = MAIL_NAMES[section] ?? section;
    if (isMail && section === 'CHEQUE') add(job.createdAt, 'chequePhoto', TIMELINE_TEXTS.chequePhoto, 'info', null, job.id);
    if (isMail) add(queuedAt(job.createdAt), 'mailQueued', fillText(TIMELINE_TEXTS.mailQueued, { mail }), 'info', job.dedupeKey, job.id);
    else add(job.createdAt, 'erpQueued', isErpOrder ? TIMELINE_TEXTS.erpQueued : TIMELINE_TEXTS.erpPaymentQueued, 'info', job.dedupeKey, job.id);

    // The look-ups of a create whose answer never came (a few seconds apart) are one entry per run of them.
    let lookups: { entry: TimelineEvent; count: number } | undefined;
    for (const e of jobs.events.filter((ev) => ev.jobId === job.id)) {
      if (e.event === 'waiting' && isSettleWait(e.message)) {
        if (lookups) {
          lookups.count++;
          lookups.entry.detail = fillText(TIMELINE_TEXTS.erpLookups, { count: lookups.count, message: e.message ?? '' });
        } else {
          add(e.at, 'erpWaiting', TIMELINE_TEXTS.erpLookingUp, 'waiting', e.message, job.id);
          lookups = { entry: out[out.length - 1]!, count: 1 };
        }
        continue;
      }
      lookups = undefined;
      switch (e.event) {
        case 'done':
          if (isMail) add(e.at, 'mailSent', fillText(TIMELINE_TEXTS.mailSent, { mail }), 'ok', null, job.id);
          else if (isErpOrder) add(e.at, 'erpSent', fillText(TIMELINE_TEXTS.erpSent, { docNum: order.erpDocNum ?? '-' }), 'ok', order.erpDocEntry !== null ? `DocEntry ${order.erpDocEntry}` : null, job.id);
          else add(e.at, 'erpSent', TIMELINE_TEXTS.erpPaymentSent, 'ok', null, job.id);
          break;
        case 'retry':
          add(e.at, isMail ? 'mailFailed' : 'erpAttempt', fillText(isMail ? TIMELINE_TEXTS.mailFailed : TIMELINE_TEXTS.erpAttempt, { attempt: e.attempt }), 'error', e.message, job.id);
          break;
        case 'waiting':
          add(e.at, 'erpWaiting', TIMELINE_TEXTS.erpWaiting, 'waiting', e.message, job.id);
          break;
        case 'failed': {
          const reason = e.failure === 'exhausted' || e.failure === 'rejected' ? JOB_FAILURE_LABELS[e.failure] : 'falla';
          if (isErpOrder && e.failure === 'rejected') add(e.at, 'erpRejected', TIMELINE_TEXTS.erpRejected, 'error', e.message, job.id);
          else add(e.at, isMail ? 'mailFailed' : 'jobFailed', fillText(TIMELINE_TEXTS.jobFailed, { reason }), 'error', e.message, job.id);
          break;
        }
        case 'requeued':
          add(e.at, 'jobRequeued', TIMELINE_TEXTS.jobRequeued, 'info', e.message, job.id);
          break;
      }
    }
  }

  for (const invoice of invoices ?? []) {
    add(invoice.date, 'invoiced', fillText(TIMELINE_TEXTS.invoiced, { folio: invoice.folio || invoice.docNum }), 'ok', `Factura DocNum ${invoice.docNum}`);
  }
  if (order.orderState === 'CANCELED') add(canceledAt(order, payments, erpMilestones(order, jobs)), 'canceled', TIMELINE_TEXTS.canceled, 'error', order.erpError);

  // oldest first; at the same instant causes first, then the order they were added in
  return out
    .map((e, i) => ({ e, i }))
    .sort((a, b) => sortKey(a.e.at) - sortKey(b.e.at) || RANK[a.e.kind] - RANK[b.e.kind] || a.i - b.i)
    .map(({ e }) => e);
}
