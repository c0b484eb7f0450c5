// Seeded purchase history: past Orders, the Invoices made from them (lines BaseType 17 → the order),
// CreditNotes on some invoices (lines BaseType 13 → the invoice) and the IncomingPayments that paid
// them. Dates count back from the reference date; DocEntry grows with the date, as in B1.
//
// Order UDFs (copied to the invoice, as B1 copies header UDFs to target documents):
//   U_TipoVenta 'Normal' | 'Reserva'; U_FormaPago '1' cheque, '4' card/transfer, '5' credit;
//   U_Transporte Code of U_TRANSPORTE ('0001' = own transport / pick-up); U_TipoRetiro 'Despacho' | 'Retiro';
//   U_Sucursal '1'; U_DireccionDespacho, U_ComunaDespacho (dispatch street and comuna, null on pick-up).
// Seeded orders carry NumAtCard 'EJ-<DocNum>' (taken by a sales rep), which never collides with the
// portal's own 'OC…'/'RE…' numbers. Seeded payments carry CounterReference 'TEF-<DocNum>'.
// An invoice with a credit note counts the credit note in its PaidToDate (B1 applies it to the invoice).
import { UNTOUCHED_STYLES } from './catalogue';
import { addDays, addressText, BASE_INVOICE, BASE_ORDER, emptyDocument, listPrice, makeLine, totals } from './documents';
import { APPROVAL_CARDCODE } from './partners';
import { createRng, type Rng } from './prng';
import { PAYMENT_TERMS } from './reference';
import type { B1BusinessPartner, B1Document, B1IncomingPayment, B1Item } from './types';

interface Plan {
  orders: number; openOrders: number; reserve: boolean; cancelled: number;
  openInvoices: number; partial: number; creditNotes: number; step: number; overdue?: boolean;
}

/** Per buyer: how many orders, which are still open, cancelled, invoiced, paid, credited. */
export const HISTORY_PLANS: Record<string, Plan> = {
  C76123456: { orders: 10, openOrders: 2, reserve: true, cancelled: 1, openInvoices: 3, partial: 1, creditNotes: 1, step: 16 },
  C76234567: { orders: 6, openOrders: 1, reserve: false, cancelled: 0, openInvoices: 2, partial: 1, creditNotes: 1, step: 20 },
  C77345678: { orders: 3, openOrders: 0, reserve: false, cancelled: 0, openInvoices: 1, partial: 1, creditNotes: 0, step: 30 },
  C78456789: { orders: 6, openOrders: 0, reserve: false, cancelled: 0, openInvoices: 4, partial: 1, creditNotes: 0, step: 25, overdue: true },
  C76789012: { orders: 4, openOrders: 0, reserve: false, cancelled: 0, openInvoices: 2, partial: 0, creditNotes: 0, step: 25, overdue: true },
  C77890123: { orders: 3, openOrders: 0, reserve: false, cancelled: 0, openInvoices: 1, partial: 0, creditNotes: 0, step: 30 },
  C78901234: { orders: 4, openOrders: 0, reserve: false, cancelled: 0, openInvoices: 2, partial: 1, creditNotes: 1, step: 22 },
  C79012345: { orders: 12, openOrders: 2, reserve: false, cancelled: 1, openInvoices: 4, partial: 2, creditNotes: 2, step: 12 },
  C79567890: { orders: 2, openOrders: 0, reserve: false, cancelled: 0, openInvoices: 0, partial: 0, creditNotes: 0, step: 60 },
  C76678901: { orders: 4, openOrders: 1, reserve: true, cancelled: 0, openInvoices: 1, partial: 0, creditNotes: 0, step: 20 },
};

/** Buyers added later (see buildHistory): the buyer whose orders need approval has one open, unpaid invoice. */
export const LATE_HISTORY_PLANS: Record<string, Plan> = {
  [APPROVAL_CARDCODE]: { orders: 1, openOrders: 0, reserve: false, cancelled: 0, openInvoices: 1, partial: 0, creditNotes: 0, step: 30 },
};

export const TRANSFER_ACCOUNT = '1101-02';

type Role = 'open' | 'reserve' | 'cancelled' | 'invoiced';
interface Planned { bp: B1BusinessPartner; date: string; role: Role; paid: 'full' | 'partial' | 'none'; credit: boolean; order?: B1Document }

export interface History {
  Orders: B1Document[]; Invoices: B1Document[]; CreditNotes: B1Document[]; IncomingPayments: B1IncomingPayment[];
}

/**
 * A sales order's delivery and sale fields as the wholesaler's B1 fills them: a pick-up (transport '0001') or a delivery
 * to one of the partner's ship-to addresses, the sale type and the payment form of its terms.
 */
export function orderFields(bp: B1BusinessPartner, shipTo: B1BusinessPartner['BPAddresses'][number], o: { pickup: boolean; transport: string; reserve: boolean }) {
  return {
    ShipToCode: shipTo.AddressName,
    Address2: addressText(bp, shipTo.AddressName, 'bo_ShipTo'),
    U_TipoVenta: o.reserve ? 'Reserva' : 'Normal',
    U_FormaPago: formaPago(bp),
    U_Transporte: o.transport,
    U_TipoRetiro: o.pickup ? 'Retiro' : 'Despacho',
    U_Sucursal: '1',
    U_DireccionDespacho: o.pickup ? null : shipTo.Street,
    U_ComunaDespacho: o.pickup ? null : shipTo.City,
  };
}

function formaPago(bp: B1BusinessPartner): string {
  const name = PAYMENT_TERMS.find((t) => t.GroupNumber === bp.PayTermsGrpCode)?.PaymentTermsGroupName;
  return name === 'Cheque' ? '1' : name === 'Contado' ? '4' : '5';
}

function plan(bp: B1BusinessPartner, p: Plan, referenceDate: string): Planned[] {
  const out: Planned[] = [];
  for (let k = 0; k < p.orders; k++) {
    const date = addDays(referenceDate, -(3 + k * p.step));
    let role: Role = 'invoiced';
    if (k < p.openOrders) role = p.reserve && k === 0 ? 'reserve' : 'open';
    else if (k < p.openOrders + p.cancelled) role = 'cancelled';
    out.push({ bp, date, role, paid: 'full', credit: false });
  }
  const invoiced = out.filter((o) => o.role === 'invoiced'); // newest first
  const open = p.overdue ? invoiced.slice(-p.openInvoices).reverse() : invoiced.slice(0, p.openInvoices);
  open.forEach((o, i) => { o.paid = i < p.partial ? 'partial' : 'none'; });
  const fullyPaid = invoiced.filter((o) => o.paid === 'full');
  fullyPaid.slice(fullyPaid.length - p.creditNotes).forEach((o) => { o.credit = true; });
  return out;
}

export function buildHistory(partners: B1BusinessPartner[], items: B1Item[], referenceDate: string): History {
  const mainRng: Rng = createRng(4242);
  const styles = new Map<string, B1Item[]>();
  for (const item of items) {
    if (UNTOUCHED_STYLES.includes(item.U_Estilo)) continue;
    styles.set(item.U_Estilo, [...(styles.get(item.U_Estilo) ?? []), item]);
  }
  const styleCodes = [...styles.keys()];
  const itemsByCode = new Map(items.map((i) => [i.ItemCode, i]));
  const byCard = new Map(partners.map((p) => [p.CardCode, p]));

  const plansOf = (plans: Record<string, Plan>): Planned[] => Object.entries(plans)
    .flatMap(([card, p]) => (byCard.has(card) ? plan(byCard.get(card)!, p, referenceDate) : []))
    .sort((a, b) => a.date.localeCompare(b.date) || a.bp.CardCode.localeCompare(b.bp.CardCode));
  const planned = plansOf(HISTORY_PLANS);

  const history: History = { Orders: [], Invoices: [], CreditNotes: [], IncomingPayments: [] };

  // Orders, oldest first.
  const addOrder = (pl: Planned, rng: Rng): void => {
    const { bp } = pl;
    const entry = history.Orders.length + 1;
    const order = emptyDocument(entry, 5000 + entry, bp, pl.date);
    const discount = bp.U_DescFidelizacion ?? 0;
    const chosen = new Set<string>();
    const nStyles = rng.int(2, 4);
    while (chosen.size < nStyles) chosen.add(rng.pick(styleCodes));
    for (const code of chosen) {
      const sizes = styles.get(code)!;
      const start = rng.int(0, sizes.length - 1);
      const count = Math.min(sizes.length, rng.int(1, 3));
      for (let s = 0; s < count; s++) {
        const item = sizes[(start + s) % sizes.length];
        order.DocumentLines.push(makeLine(order.DocumentLines.length, item, rng.int(1, 4) * 6, listPrice(item), discount));
      }
    }
    Object.assign(order, totals(order.DocumentLines));
    const pickup = rng.chance(0.25);
    const shipTo = rng.pick(bp.BPAddresses.filter((a) => a.AddressType === 'bo_ShipTo'));
    Object.assign(order, {
      DocDueDate: addDays(pl.date, 5),
      NumAtCard: `EJ-${order.DocNum}`,
      Comments: pl.role === 'reserve' ? 'Reserva para temporada, confirmar con ejecutiva' : null,
      ...orderFields(bp, shipTo, { pickup, transport: pickup ? '0001' : rng.pick(['0002', '0003', '0004', '0005', '0006']), reserve: pl.role === 'reserve' }),
    });
    if (pl.role === 'open' || pl.role === 'reserve') {
      bp.OpenOrdersBalance += order.DocTotal;
      for (const line of order.DocumentLines) itemsByCode.get(line.ItemCode)!.ItemWarehouseInfoCollection[0].Committed += line.Quantity;
    } else {
      order.DocumentStatus = 'bost_Close';
      order.DocumentLines.forEach((l) => { l.LineStatus = 'bost_Close'; });
      if (pl.role === 'cancelled') { order.Cancelled = 'tYES'; order.Comments = 'Anulado a solicitud del cliente'; }
    }
    pl.order = order;
    history.Orders.push(order);
  };

  // Invoices (two days after their order), credit notes and payments.
  const payments: Array<{ bp: B1BusinessPartner; date: string; invoice: B1Document; amount: number }> = [];
  const addInvoice = (pl: Planned, rng: Rng): void => {
    const order = pl.order!;
    const { bp } = pl;
    const entry = history.Invoices.length + 1;
    const date = addDays(order.DocDate, 2);
    const terms = PAYMENT_TERMS.find((t) => t.GroupNumber === bp.PayTermsGrpCode)?.NumberOfAdditionalDays ?? 0;
    const invoice: B1Document = {
      ...order,
      DocObjectCode: 'oInvoices',
      DocEntry: entry, DocNum: 7000 + entry, DocumentStatus: 'bost_Open', DocDate: date, TaxDate: date, DocDueDate: addDays(date, terms),
      FolioPrefixString: '33', FolioNumber: 10400 + entry, Comments: `Basado en Órdenes de venta ${order.DocNum}.`,
      DocumentLines: order.DocumentLines.map((l) => ({ ...l, BaseType: BASE_ORDER, BaseEntry: order.DocEntry, BaseLine: l.LineNum, LineStatus: 'bost_Open' })),
    };
    let credited = 0;
    if (pl.credit) {
      const first = invoice.DocumentLines[0];
      const cnEntry = history.CreditNotes.length + 1;
      const cnDate = addDays(date, 10);
      const cn = emptyDocument(cnEntry, 800 + cnEntry, bp, cnDate, 'oCreditNotes');
      cn.DocumentLines.push(makeLine(0, itemsByCode.get(first.ItemCode)!, Math.max(1, Math.round(first.Quantity / 3)),
        first.UnitPrice, first.DiscountPercent, { type: BASE_INVOICE, entry: invoice.DocEntry, line: first.LineNum }));
      Object.assign(cn, totals(cn.DocumentLines), {
        FolioPrefixString: '61', FolioNumber: 2200 + cnEntry, NumAtCard: invoice.NumAtCard, DocumentStatus: 'bost_Close',
        Comments: `Devolución por falla de confección. Basado en Facturas de clientes ${invoice.DocNum}.`,
      });
      cn.PaidToDate = cn.DocTotal;
      cn.DocumentLines[0].LineStatus = 'bost_Close';
      credited = cn.DocTotal;
      history.CreditNotes.push(cn);
    }
    const amount = pl.paid === 'full' ? invoice.DocTotal - credited
      : pl.paid === 'partial' ? Math.round((invoice.DocTotal * rng.int(30, 60)) / 100 / 1000) * 1000 : 0;
    invoice.PaidToDate = credited + amount;
    if (invoice.PaidToDate >= invoice.DocTotal) {
      invoice.DocumentStatus = 'bost_Close';
      invoice.DocumentLines.forEach((l) => { l.LineStatus = 'bost_Close'; });
    } else {
      bp.CurrentAccountBalance += invoice.DocTotal - invoice.PaidToDate;
    }
    if (amount > 0) {
      const payDate = addDays(date, Math.min(terms, rng.int(0, 25)));
      payments.push({ bp, date: payDate < referenceDate ? payDate : addDays(referenceDate, -1), invoice, amount });
    }
    history.Invoices.push(invoice);
  };

  for (const pl of planned) addOrder(pl, mainRng);
  for (const pl of planned.filter((p) => p.role === 'invoiced')) addInvoice(pl, mainRng);
  // Buyers added to the demo later get their history after everyone else's, from their own seed, so the
  // documents (and DocEntry numbers) of the original buyers stay as they were.
  const late = plansOf(LATE_HISTORY_PLANS);
  const lateRng = createRng(4343);
  for (const pl of late) addOrder(pl, lateRng);
  for (const pl of late.filter((p) => p.role === 'invoiced')) addInvoice(pl, lateRng);

  payments.sort((a, b) => a.date.localeCompare(b.date) || a.invoice.DocEntry - b.invoice.DocEntry);
  for (const p of payments) {
    const entry = history.IncomingPayments.length + 1;
    history.IncomingPayments.push({
      DocEntry: entry, DocNum: 3000 + entry, DocType: 'rCustomer', DocDate: p.date, CardCode: p.bp.CardCode, CardName: p.bp.CardName,
      DocCurrency: 'CLP', CashSum: 0, CheckSum: 0, TransferSum: p.amount, TransferAccount: TRANSFER_ACCOUNT, TransferDate: p.date,
      TransferReference: `${p.invoice.FolioNumber}`, CounterReference: `TEF-${3000 + entry}`,
      Remarks: `Pago factura ${p.invoice.FolioNumber}`, JournalRemarks: `Pagos recibidos - ${p.bp.CardCode}`, Cancelled: 'tNO',
      PaymentInvoices: [{ LineNum: 0, DocEntry: p.invoice.DocEntry, SumApplied: p.amount, InvoiceType: 'it_Invoice', InstallmentId: 1 }],
      PaymentCreditCards: [], PaymentChecks: [],
    });
  }
  return history;
}
