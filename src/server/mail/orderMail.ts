// The notification mail of an order (a reservation, a cheque payment): Spanish text and HTML built from the server's
// own order and lines and the buyer's ERP profile, never from what the browser sent.
import { formatDate } from '@shared/dates';
import { MSG, fill } from '@shared/messages';
import { formatCLP, formatInteger } from '@shared/money';
import type { PaymentMethod } from '@shared/orders';
import { personText, TAKEN_BY_LABEL } from '@shared/people';
import { formatRut } from '@shared/rut';
import { ORDER_REFERENCE_LABELS } from '@shared/schemas/orderReference';
import { showDay } from '@shared/workingDays';
import type { OrderLineRow, OrderRow } from '../db/schema';
import type { OrderRepo } from '../orders/orders.repo';
import { ownOrder } from '../orders/ownership';
import type { SessionUser } from '../plugins/auth';

/** An order of the caller's company by number: 404 when there is none or it is another company's. */
export async function findOwnOrder(orders: Pick<OrderRepo, 'byNumber'>, user: Pick<SessionUser, 'role' | 'companyRut'>, numberOrder: string): Promise<OrderRow> {
  return ownOrder(user, await orders.byNumber(numberOrder));
}

export interface Company {
  nombre: string;
  /** As the ERP gives it ('76123456-0'); shown with dots. */
  rut: string;
}

/** Who of the company placed an order or made a payment: the name ('' when none) and login rut, as personText names them. */
export interface MailPerson {
  name: string;
  rut: string;
}

export interface BuiltMail {
  subject: string;
  text: string;
  html: string;
}

const PAYMENT_LABELS: Record<PaymentMethod, string> = {
  KHIPU: 'Transferencia bancaria (Khipu)',
  WEBPAY: 'Tarjeta (WebPay Plus)',
  CHEQUE: 'Cheque',
  CREDIT: 'Línea de crédito',
};

/** Text made safe for an HTML part: every value a mail shows goes through it. */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** One line of a header: no CR/LF can reach a Subject. */
export const oneLine = (s: string) => s.replace(/[\r\n\t]+/g, ' ').trim();

/** Percent without trailing zeros: 6, 6.5. */
export const pct = (n: number) => String(Math.round(Number(n) * 100) / 100).replace('.', ',');

/** The row naming who of the company did it ('Persona: Camila Rojas Pizarro (18.901.234-9)'), when known. */
export function personRows(label: string, person: MailPerson | undefined): [string, string][] {
  const text = person ? personText(person) : '';
  return text ? [[label, text]] : [];
}

/**
 * Who placed an order: 'Tomado por: {vendedor}' for one a sales rep wrote while representing the company
 * (docs/sales-reps.md), else the person of the company under `label`.
 */
export function placedByRows(label: string, order: Pick<OrderRow, 'repName'>, person: MailPerson | undefined): [string, string][] {
  return order.repName ? [[TAKEN_BY_LABEL, order.repName]] : personRows(label, person);
}

/** The buyer's own purchase-order reference and requested delivery date, when given (docs/ordering.md). */
export function buyerReferenceRows(order: Pick<OrderRow, 'buyerReference' | 'requestedDeliveryDate'>): [string, string][] {
  const rows: [string, string][] = [];
  if (order.buyerReference) rows.push([ORDER_REFERENCE_LABELS.buyerReference, order.buyerReference]);
  if (order.requestedDeliveryDate) rows.push([ORDER_REFERENCE_LABELS.requestedDeliveryDate, showDay(order.requestedDeliveryDate)]);
  return rows;
}

export function buildOrderMail(input: { kind: 'RESERVE' | 'CHEQUE'; brand: string; order: OrderRow; lines: OrderLineRow[]; company: Company; person?: MailPerson }): BuiltMail {
  const { kind, brand, order, lines, company, person } = input;
  const number = order.purchaseOrderNumber ?? '';
  const rut = formatRut(company.rut);
  const subject = oneLine(`${kind === 'RESERVE' ? 'Reserva de stock' : 'Pago con cheque'} ${number} - ${company.nombre} (${rut})`);
  const intro =
    kind === 'RESERVE'
      ? `Se recibió una reserva de stock en el portal ${brand} que espera su aprobación.`
      : `Se recibió el pago con cheque de un pedido en el portal ${brand}. Se adjunta la foto del cheque.`;

  const header: [string, string][] = [
    ['Pedido', number],
    ['Fecha', formatDate(order.createdAt)],
    ['Empresa', company.nombre],
    ['Rut', rut],
    ['Código cliente', order.cardCode],
    ...placedByRows('Persona', order, person),
    ['Tipo de pedido', order.orderType === 'RESERVE' ? 'Reserva' : 'Compra'],
  ];
  header.push(...buyerReferenceRows(order));
  if (order.paymentMethod && order.orderType !== 'RESERVE') header.push(['Forma de pago', PAYMENT_LABELS[order.paymentMethod]]);
  header.push([
    'Entrega',
    order.deliveryType === 'retiro'
      ? 'Retiro en tienda'
      : `Despacho${order.deliveryAddressText ? ` a ${order.deliveryAddressText}` : ''}${order.deliveryCommune ? `, ${order.deliveryCommune}` : ''}`,
  ]);

  const columns = ['Sku', 'Producto', 'Talla', 'Cantidad', 'P. Lista', 'P. Final', 'Total'];
  const rows = lines.map((l) => [l.sku, l.name, l.size, formatInteger(l.quantity), formatCLP(l.price), formatCLP(l.priceFinalUnit), formatCLP(l.priceFinal)]);
  const totals: [string, string][] = [
    ['Neto', formatCLP(order.net)],
    [MSG.cartOfferDiscount, formatCLP(order.offerDiscount)],
    [fill(MSG.cartLoyaltyDiscount, { pct: pct(order.loyaltyPct) }), formatCLP(order.loyaltyDiscount)],
    [MSG.cartSubtotal, formatCLP(order.subtotal)],
    [MSG.cartVat, formatCLP(order.vat)],
    [MSG.cartTotal, formatCLP(order.total)],
  ];
  const units = lines.reduce((n, l) => n + l.quantity, 0);

  const text = [
    intro,
    '',
    ...header.map(([k, v]) => `${k}: ${v}`),
    '',
    `Detalle (${lines.length} ${lines.length === 1 ? 'producto' : 'productos'}, ${formatInteger(units)} unidades):`,
    ...rows.map((r) => `- ${r[0]} ${r[1]}${r[2] ? ` talla ${r[2]}` : ''}: ${r[3]} x ${r[5]} = ${r[6]} (P. Lista ${r[4]})`),
    '',
    ...totals.map(([k, v]) => `${k}: ${v}`),
    '',
    MSG.vatNote,
    `-- ${brand}`,
  ].join('\n');

  const cell = 'padding:4px 8px;border:1px solid #ddd';
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    '<table style="border-collapse:collapse">',
    ...header.map(([k, v]) => `<tr><th style="${cell};text-align:left">${escapeHtml(k)}</th><td style="${cell}">${escapeHtml(v)}</td></tr>`),
    '</table>',
    '<h3>Detalle</h3>',
    '<table style="border-collapse:collapse">',
    `<tr>${columns.map((c) => `<th style="${cell}">${c}</th>`).join('')}</tr>`,
    ...rows.map((r) => `<tr>${r.map((v, i) => `<td style="${cell}${i >= 3 ? ';text-align:right' : ''}">${escapeHtml(v)}</td>`).join('')}</tr>`),
    '</table>',
    '<table style="border-collapse:collapse;margin-top:8px">',
    ...totals.map(([k, v]) => `<tr><th style="${cell};text-align:left">${escapeHtml(k)}</th><td style="${cell};text-align:right">${escapeHtml(v)}</td></tr>`),
    '</table>',
    `<p>${escapeHtml(MSG.vatNote)}</p>`,
    `<p>${escapeHtml(brand)}</p>`,
  ].join('\n');

  return { subject, text, html };
}

/** The cheque photo as the mail names it: Cheque_OC000042.jpg. */
export function chequeAttachment(numberOrder: string, privateKey: string) {
  const ext = privateKey.endsWith('.png') ? 'png' : 'jpg';
  return { filename: `Cheque_${numberOrder}.${ext}`, privateKey, contentType: ext === 'png' ? 'image/png' : 'image/jpeg' };
}
