// The mails of the approval of orders by the buying company (docs/mail.md): to the approvers when an order waits, and to
// the buyer when it is approved or rejected. Whole messages queued in the outbox inside the transaction of the change
// they report, one per order and recipient (the dedupe key), built from the server's own order.
import { formatDate } from '@shared/dates';
import { formatCLP } from '@shared/money';
import { PAYMENT_METHOD_LABELS } from '@shared/orderTracking';
import { formatRut } from '@shared/rut';
import type { DbOrTx } from '../db/connect';
import type { OrderRow } from '../db/schema';
import type { Outbox } from '../jobs/outbox.repo';
import { enqueueMail } from '../mail/mailJob';
import { escapeHtml, oneLine } from '../mail/orderMail';
import type { PersonRef } from './approvals.repo';

/** `mail:COMPANY_APPROVAL:OC000123:42`, `mail:COMPANY_APPROVED:OC000123`, `mail:COMPANY_REJECTED:OC000123`. */
export const approvalMailKey = (kind: 'APPROVAL' | 'APPROVED' | 'REJECTED', number: string, to?: number) =>
  `mail:COMPANY_${kind}:${number}${to === undefined ? '' : `:${to}`}`;

export interface ApprovalMailContext {
  outbox: Outbox;
  brand: string;
  domain: string;
}

/** 'Camila Rojas (18.901.234-9)': how a mail names a person. */
export const personName = (person: Pick<PersonRef, 'fullName' | 'username'>) =>
  person.fullName ? `${person.fullName} (${formatRut(person.username)})` : formatRut(person.username);

function render(paragraphs: string[], rows: [string, string][]): { text: string; html: string } {
  const text = [...paragraphs, '', ...rows.map(([k, v]) => `${k}: ${v}`)].join('\n');
  const html =
    paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('') +
    `<table>${rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>`;
  return { text, html };
}

function orderRows(order: OrderRow, buyer: PersonRef): [string, string][] {
  const rows: [string, string][] = [
    ['Pedido', order.purchaseOrderNumber ?? ''],
    ['Fecha', formatDate(order.createdAt)],
    ['Comprador', personName(buyer)],
    ['Empresa', formatRut(order.companyRut)],
    ['Total', formatCLP(order.total)],
  ];
  if (order.paymentMethod && order.orderType === 'ONLINE') rows.push(['Forma de pago', PAYMENT_METHOD_LABELS[order.paymentMethod]]);
  if (order.orderType === 'RESERVE') rows.push(['Tipo de pedido', 'Reserva']);
  return rows;
}

/** Each approver of the company is told an order waits for them: the order, the buyer and the total. */
export async function enqueueApprovalRequests(ctx: ApprovalMailContext, tx: DbOrTx, order: OrderRow, buyer: PersonRef, approvers: readonly PersonRef[]): Promise<void> {
  const number = order.purchaseOrderNumber ?? String(order.id);
  const subject = oneLine(`Pedido ${number} por aprobar - ${personName(buyer)} - ${formatCLP(order.total)}`);
  const body = render(
    [
      `${personName(buyer)} hizo el pedido ${number} por ${formatCLP(order.total)} en el portal ${ctx.brand}, que supera su límite mensual de compra.`,
      'El pedido no se envía ni se paga hasta que un aprobador de la empresa lo apruebe. Revíselo en Mi empresa: Por aprobar.',
    ],
    orderRows(order, buyer),
  );
  for (const approver of approvers) {
    if (!approver.email) continue;
    await enqueueMail(ctx.outbox, tx, approvalMailKey('APPROVAL', number, approver.id), { to: approver.email, subject, ...body }, ctx.domain);
  }
}

/** The buyer is told the company's decision: approved (and what comes next) or rejected with the reason. */
export async function enqueueDecisionMail(
  ctx: ApprovalMailContext,
  tx: DbOrTx,
  order: OrderRow,
  buyer: PersonRef,
  decision: { approved: boolean; by: PersonRef; reason: string; next: string },
): Promise<void> {
  if (!buyer.email) return;
  const number = order.purchaseOrderNumber ?? String(order.id);
  const verdict = decision.approved ? 'aprobado' : 'rechazado';
  const subject = oneLine(`Pedido ${number} ${verdict} por la empresa`);
  const paragraphs = [`${personName(decision.by)} ${decision.approved ? 'aprobó' : 'rechazó'} tu pedido ${number} por ${formatCLP(order.total)}.`];
  if (!decision.approved) paragraphs.push(`Motivo: ${decision.reason}`, 'Los productos del pedido volvieron a tu carro.');
  if (decision.next) paragraphs.push(decision.next);
  const body = render(paragraphs, orderRows(order, buyer));
  await enqueueMail(ctx.outbox, tx, approvalMailKey(decision.approved ? 'APPROVED' : 'REJECTED', number), { to: buyer.email, subject, ...body }, ctx.domain);
}
