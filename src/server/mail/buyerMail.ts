// The mails the buyer receives: the confirmation of an order or a reservation, and the receipt of paid invoices.
// Spanish (Chile), amounts as the rest of the portal shows them ($ and dot thousands), a plain-text and an HTML part
// with every value escaped. Pure functions of the stored records: what is shown is what the server stored, never
// what a browser sent.
import { formatDate } from '@shared/dates';
import { MSG, fill } from '@shared/messages';
import { formatCLP, formatInteger } from '@shared/money';
import type { PaymentMethod } from '@shared/orders';
import type { PaymentProvider } from '@shared/payments';
import { companyText } from '@shared/people';
import { DTE_TYPE_NAMES } from '@shared/api/account';
import type { OrderLineRow, OrderRow, PaidDocument } from '../db/schema';
import { buyerReferenceRows, escapeHtml, oneLine, pct, personRows, placedByRows, type BuiltMail, type Company, type MailPerson } from './orderMail';

/** How the buyer paid, in the buyer's words. */
export const BUYER_PAYMENT_LABELS: Record<PaymentMethod, string> = {
  WEBPAY: 'Tarjeta WebPay',
  KHIPU: 'Transferencia Khipu',
  CREDIT: 'Línea de crédito',
  CHEQUE: 'Cheque',
};

/** What confirmed the order, said once in the opening paragraph. */
const PAYMENT_SENTENCES: Record<PaymentMethod, string> = {
  WEBPAY: 'El pago con tarjeta fue aprobado por WebPay.',
  KHIPU: 'La transferencia fue verificada por Khipu.',
  CREDIT: 'El monto se carga a su línea de crédito.',
  CHEQUE: 'El pedido se paga con el cheque que nos envió.',
};

/** The payment that confirmed a card or transfer order, or paid the invoices. */
export interface PaymentEvidence {
  /** The portal's payment reference (WebPay buy order, Khipu transaction id). */
  reference: string;
  /** WebPay's authorization code, when there is one. */
  authorizationCode?: string;
}

export interface OrderConfirmedInput {
  brand: string;
  order: OrderRow;
  lines: OrderLineRow[];
  company: Company;
  /** Who of the company placed the order. */
  person?: MailPerson;
  /** The carrier's name (the order stores its code); absent: the code is shown. */
  transport?: string;
  payment?: PaymentEvidence;
}

export interface InvoicesPaidInput {
  brand: string;
  company: Company;
  /** Who of the company paid. */
  person?: MailPerson;
  provider: PaymentProvider;
  /** When the payment was confirmed. */
  paidAt: Date;
  amount: number;
  /**
   * What was paid, as the payment stored it: pending invoices (folio, sum), or the lines of a netted payment of the
   * cuenta corriente (with kind, DTE type and installment; a credit note's sum negative).
   */
  invoices: readonly (Pick<PaidDocument, 'folio' | 'paidSum'> & Partial<PaidDocument>)[];
  payment: PaymentEvidence;
}

type Rows = [string, string][];


function paymentRows(payment: PaymentEvidence | undefined): Rows {
  if (!payment) return [];
  const rows: Rows = [['Referencia de pago', payment.reference]];
  if (payment.authorizationCode) rows.push(['Código de autorización', payment.authorizationCode]);
  return rows;
}

const CELL = 'padding:4px 8px;border:1px solid #ddd';

function htmlTable(rows: Rows, alignRight = false): string {
  const value = alignRight ? `${CELL};text-align:right` : CELL;
  return [
    '<table style="border-collapse:collapse">',
    ...rows.map(([k, v]) => `<tr><th style="${CELL};text-align:left">${escapeHtml(k)}</th><td style="${value}">${escapeHtml(v)}</td></tr>`),
    '</table>',
  ].join('\n');
}

function htmlGrid(columns: string[], rows: string[][], rightFrom: number): string {
  return [
    '<table style="border-collapse:collapse">',
    `<tr>${columns.map((c) => `<th style="${CELL}">${escapeHtml(c)}</th>`).join('')}</tr>`,
    ...rows.map((r) => `<tr>${r.map((v, i) => `<td style="${CELL}${i >= rightFrom ? ';text-align:right' : ''}">${escapeHtml(v)}</td>`).join('')}</tr>`),
    '</table>',
  ].join('\n');
}

const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;

/** The line prices are net; the order's totals say where VAT comes in. */
const NET_PRICES = 'Los precios unitarios y los totales de línea no incluyen IVA.';

/**
 * The confirmation of an order (card, transfer, credit line, cheque) or of a reservation the ERP accepted:
 * 'Pedido OC000123 confirmado' / 'Reserva RE000045 confirmada'.
 */
export function buildOrderConfirmedMail(input: OrderConfirmedInput): BuiltMail {
  const { brand, order, lines, company } = input;
  const number = order.purchaseOrderNumber ?? '';
  const reserve = order.orderType === 'RESERVE';
  const method = reserve ? null : order.paymentMethod;
  const subject = oneLine(reserve ? `Reserva ${number} confirmada - ${brand}` : `Pedido ${number} confirmado - ${brand}`);
  const intro = reserve
    ? `Su reserva ${number} en el portal ${brand} está confirmada: quedó registrada en nuestro sistema y un ejecutivo se comunicará con usted para coordinarla.`
    : `Su pedido ${number} en el portal ${brand} está confirmado.${method ? ` ${PAYMENT_SENTENCES[method]}` : ''}`;

  const header: Rows = [
    [reserve ? 'Reserva' : 'Pedido', number],
    ['Fecha', formatDate(order.createdAt)],
    ['Empresa', companyText({ name: company.nombre, rut: company.rut })],
    ...placedByRows('Realizado por', order, input.person),
    ...buyerReferenceRows(order),
  ];
  if (method) header.push(['Forma de pago', BUYER_PAYMENT_LABELS[method]], ...paymentRows(input.payment));
  if (order.deliveryType === 'retiro') {
    header.push(['Entrega', 'Retiro en tienda']);
  } else {
    const place = [order.deliveryAddressText, order.deliveryCommune].filter(Boolean).join(', ');
    header.push(['Entrega', place ? `Despacho a ${place}` : 'Despacho']);
    const transport = input.transport || order.deliveryTransport;
    if (transport) header.push(['Transporte', transport]);
  }

  const columns = ['Sku', 'Descripción', 'Talla', 'Cantidad', 'Precio unitario', 'Total'];
  const rows = lines.map((l) => [l.sku, l.name, l.size, formatInteger(l.quantity), formatCLP(l.priceFinalUnit), formatCLP(l.priceFinal)]);
  const totals: Rows = [
    ['Neto', formatCLP(order.net)],
    [MSG.cartOfferDiscount, formatCLP(order.offerDiscount)],
    [fill(MSG.cartLoyaltyDiscount, { pct: pct(order.loyaltyPct) }), formatCLP(order.loyaltyDiscount)],
    [MSG.cartSubtotal, formatCLP(order.subtotal)],
    [MSG.cartVat, formatCLP(order.vat)],
    [MSG.cartTotal, formatCLP(order.total)],
  ];
  const units = lines.reduce((n, l) => n + l.quantity, 0);
  const detail = `Detalle (${lines.length} ${lines.length === 1 ? 'producto' : 'productos'}, ${formatInteger(units)} ${units === 1 ? 'unidad' : 'unidades'})`;
  const closing = `Puede revisar el estado de ${reserve ? 'sus reservas' : 'sus pedidos'} en el portal ${brand}.`;

  const text = [
    'Estimado cliente:',
    '',
    intro,
    '',
    ...header.map(([k, v]) => `${k}: ${v}`),
    '',
    `${detail}:`,
    ...rows.map((r) => `- ${r[0]} ${r[1]}${r[2] ? `, talla ${r[2]}` : ''}: ${r[3]} x ${r[4]} = ${r[5]}`),
    '',
    ...totals.map(([k, v]) => `${k}: ${v}`),
    '',
    NET_PRICES,
    closing,
    '',
    `-- ${brand}`,
  ].join('\n');

  const html = [
    paragraph('Estimado cliente:'),
    paragraph(intro),
    htmlTable(header),
    `<h3>${escapeHtml(detail)}</h3>`,
    htmlGrid(columns, rows, 3),
    '<div style="margin-top:8px">',
    htmlTable(totals, true),
    '</div>',
    paragraph(NET_PRICES),
    paragraph(closing),
    paragraph(brand),
  ].join('\n');

  return { subject, text, html };
}

const RECEIPT_CLOSING = 'El pago se registra en su cuenta en nuestro sistema; sus documentos pendientes en el portal se actualizan cuando queda registrado.';

/** The folios of a subject: the first five, then how many more. */
function foliosOf(invoices: readonly { folio: string }[]): string {
  const shown = invoices.slice(0, 5).map((i) => i.folio);
  const more = invoices.length - shown.length;
  return more > 0 ? `${shown.join(', ')} y ${more} más` : shown.join(', ');
}

/** One document of a netted payment, its installments added up: its tipo and folio, and what it added or deducted. */
interface PaidRow {
  name: string;
  folio: string;
  sum: number;
}

/**
 * The documents of a netted payment (entries with a kind), one row per document with its tipo, credit notes as
 * deductions; undefined for a payment of pending invoices (entries without one).
 */
function documentRows(invoices: InvoicesPaidInput['invoices']): PaidRow[] | undefined {
  if (!invoices.some((e) => e.kind)) return undefined;
  const rows = new Map<string, PaidRow>();
  for (const e of invoices) {
    const key = `${e.kind ?? 'invoice'}:${e.docEntry ?? e.folio}`;
    const name = e.dteType ? DTE_TYPE_NAMES[e.dteType] : e.kind === 'creditNote' ? DTE_TYPE_NAMES[61] : 'Factura';
    const row = rows.get(key) ?? { name, folio: e.folio, sum: 0 };
    row.sum += e.paidSum;
    rows.set(key, row);
  }
  return [...rows.values()];
}

/** What a receipt of documents says: the same layout for pending invoices and for a netted payment. */
interface Receipt {
  subject: string;
  intro: string;
  /** 'Facturas pagadas' / 'Documentos pagados'. */
  title: string;
  columns: [string, string];
  /** [what, amount] per document, and how the text part says it. */
  rows: string[][];
  line: (row: string[]) => string;
  total: Rows;
}

function receiptMail(input: InvoicesPaidInput, r: Receipt): BuiltMail {
  const { brand } = input;
  const header: Rows = [
    ['Fecha del pago', formatDate(input.paidAt)],
    ['Empresa', companyText({ name: input.company.nombre, rut: input.company.rut })],
    ...personRows('Pagado por', input.person),
    ['Forma de pago', BUYER_PAYMENT_LABELS[input.provider]],
    ...paymentRows(input.payment),
  ];
  const text = [
    'Estimado cliente:',
    '',
    r.intro,
    '',
    ...header.map(([k, v]) => `${k}: ${v}`),
    '',
    `${r.title}:`,
    ...r.rows.map(r.line),
    '',
    ...r.total.map(([k, v]) => `${k}: ${v}`),
    '',
    RECEIPT_CLOSING,
    '',
    `-- ${brand}`,
  ].join('\n');
  const html = [
    paragraph('Estimado cliente:'),
    paragraph(r.intro),
    htmlTable(header),
    `<h3>${escapeHtml(r.title)}</h3>`,
    htmlGrid(r.columns, r.rows, 1),
    '<div style="margin-top:8px">',
    htmlTable(r.total, true),
    '</div>',
    paragraph(RECEIPT_CLOSING),
    paragraph(brand),
  ].join('\n');
  return { subject: oneLine(r.subject), text, html };
}

/**
 * The receipt of a payment of documents by card or transfer: pending invoices ('Pago recibido de facturas 1001, 1002'),
 * or a netted payment of the cuenta corriente listing every document with its tipo, credit notes as deductions
 * ('- Nota de crédito electrónica 2210: -$30.000 (descuento)').
 */
export function buildInvoicesPaidMail(input: InvoicesPaidInput): BuiltMail {
  const { brand } = input;
  const documents = documentRows(input.invoices);
  const total: Rows = [['Total pagado', formatCLP(input.amount)]];
  if (documents) {
    const one = documents.length === 1;
    const credits = -documents.filter((d) => d.sum < 0).reduce((sum, d) => sum + d.sum, 0);
    return receiptMail(input, {
      subject: `Pago recibido de ${one ? 'un documento' : 'documentos'} ${foliosOf(documents)} - ${brand}`,
      intro: `Recibimos el pago de ${one ? 'un documento' : `${documents.length} documentos`} de su cuenta corriente en el portal ${brand}.`,
      title: 'Documentos pagados',
      columns: ['Documento', 'Monto'],
      rows: documents.map((d) => [`${d.name} ${d.folio}`, d.sum < 0 ? `${formatCLP(d.sum)} (descuento)` : formatCLP(d.sum)]),
      line: ([what, sum]) => `- ${what}: ${sum}`,
      total: credits > 0 ? [['Notas de crédito descontadas', formatCLP(credits)], ...total] : total,
    });
  }
  const { invoices } = input;
  const one = invoices.length === 1;
  return receiptMail(input, {
    subject: `Pago recibido de ${one ? 'la factura' : 'facturas'} ${foliosOf(invoices)} - ${brand}`,
    intro: `Recibimos el pago de ${one ? 'una factura' : `${invoices.length} facturas`} en el portal ${brand}.`,
    title: 'Facturas pagadas',
    columns: ['Factura', 'Monto pagado'],
    rows: invoices.map((i) => [i.folio, formatCLP(i.paidSum)]),
    line: ([folio, sum]) => `- Factura ${folio}: ${sum}`,
    total,
  });
}
