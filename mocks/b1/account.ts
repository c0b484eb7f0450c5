// A year of account documents for ONE demo company, ACCOUNT_CARDCODE (Importadora Aconcagua SpA, 30 días): what the
// cuenta corriente, its aging and its statement are shown with. Made through the store's own POST rules (folios per
// DTE type, balances, installments, payments applied as B1 applies them), dated relative to the reference date,
// deterministic (seeded). Added after every other document, so no other company's documents or numbers change (their
// DocEntry keep growing with the date; this company's are after theirs). The goods these documents move are put back
// in stock at the end: the catalogue's stock stays what the other demo data expects.
//
// What it holds, from the reference date R (days before it):
// - paid invoices (33) about every month from R-360, each paid by a transfer 15–35 days later;
// - a down payment (A/R down payment invoice, 33) at R-200, paid by an it_DownPayment transfer;
// - two invoices and a credit note (61) settled by ONE transfer at R-100 netting the credit note (it_CredItnote);
// - open invoices overdue in every aging bucket: due R-15 (0–30), R-45 (31–60, partly paid at R-30), R-75 (61–90, in
//   two installments), R-130 (>90); one due in 10 days; a ceded one (U_Cedida 'Y', Factoring Andes S.A.) due in 5
//   days; one due in 3 days; one received 3 days ago (inside the 8-day claim window), made from the delivery (guía 52)
//   of a sales order taken 5 days ago;
// - an exempt invoice (34), a debit note (56) on the 0–30 invoice, an open credit note (61) on a paid invoice;
// - every DTE (the guía too) with its reception date at the SII (U_FechaRecepcion) and its attachments (PDF and XML).
import { addDays, BASE_DELIVERY, BASE_ORDER } from './documents';
import { dteFileName } from './dte';
import { APPROVAL_CARDCODE } from './partners';
import { createRng } from './prng';
import { B1Store } from './store';
import { orderFields, TRANSFER_ACCOUNT } from './history';
import type { B1Data, B1Document, B1IncomingPayment } from './types';

export const ACCOUNT_CARDCODE = APPROVAL_CARDCODE;
export const CESIONARIO = { rut: '76555444-3', name: 'Factoring Andes S.A.' };
/** Where the e-invoicing provider leaves the DTE files (Attachments2_Lines.SourcePath). */
export const DTE_SOURCE_PATH = 'C:\\SAP\\Attachments\\DTE';

type Body = Record<string, unknown>;

export interface AccountYearOptions {
  /**
   * Extra invoices over the year before the reference date (a statement of a thousand documents, for the bench), every
   * other one paid by a transfer a few days later. Default 0.
   */
  extraDocuments?: number;
}

export function buildAccountYear(data: B1Data, referenceDate: string, options: AccountYearOptions = {}): void {
  const rng = createRng(3232);
  const bp = data.BusinessPartners.find((p) => p.CardCode === ACCOUNT_CARDCODE);
  if (!bp) return;
  const stock = new Map(data.Items.map((i) => [i.ItemCode, i.ItemWarehouseInfoCollection.map((w) => w.InStock)]));
  const store = new B1Store(data);
  const items = data.Items.filter((i) => i.SalesItem === 'tYES' && i.Valid === 'tYES' && !['POL-1001', 'VES-6003'].includes(i.U_Estilo));
  const day = (offset: number): string => addDays(referenceDate, offset);
  const lines = (n = rng.int(1, 3)): Body[] => Array.from({ length: n }, () => {
    const item = rng.pick(items);
    return { ItemCode: item.ItemCode, Quantity: rng.int(1, 3) * 2, UnitPrice: item.ItemPrices[0].Price, DiscountPercent: 6 };
  });
  const made: B1Document[] = [];
  const doc = (set: 'Invoices' | 'CreditNotes' | 'DownPayments', when: number, extra: Body = {}, dueIn = 30): B1Document => {
    const created = store.create(set, {
      CardCode: bp.CardCode, DocDate: day(when), DocDueDate: day(when + dueIn), NumAtCard: null, DocumentLines: lines(), ...extra,
    }).entity as B1Document;
    made.push(created);
    return created;
  };
  const pay = (when: number, applied: Array<[B1Document, number]>, remarks: string): B1IncomingPayment => {
    const type = (d: B1Document) => (d.DocObjectCode === 'oCreditNotes' ? 'it_CredItnote' : d.DocObjectCode === 'oDownPayments' ? 'it_DownPayment' : 'it_Invoice');
    const net = applied.reduce((s, [d, sum]) => s + (type(d) === 'it_CredItnote' ? -sum : sum), 0);
    const payment = store.create('IncomingPayments', {
      CardCode: bp.CardCode, DocDate: day(when), TransferSum: net, TransferAccount: TRANSFER_ACCOUNT, TransferDate: day(when),
      TransferReference: applied.map(([d]) => d.FolioNumber).join(','), Remarks: remarks,
      PaymentInvoices: applied.map(([d, sum]) => ({ DocEntry: d.DocEntry, SumApplied: type(d) === 'it_CredItnote' ? -sum : sum, InvoiceType: type(d), InstallmentId: 1 })),
    }).entity as B1IncomingPayment;
    payment.CounterReference = `TEF-${payment.DocNum}`;
    return payment;
  };
  const open = (d: B1Document) => d.DocTotal - d.PaidToDate;

  // Each step at its date, so DocEntry grows with the date within each set, as in B1.
  const docs: Record<string, B1Document> = {};
  const steps: Array<[number, () => void]> = [];
  const at = (when: number, step: () => void): void => { steps.push([when, step]); };
  const refTo = (d: B1Document) => [{ RefObjType: 'rot_SalesInvoice', RefDocEntr: d.DocEntry, RefDocNum: d.DocNum, IssueDate: d.DocDate, Remark: `DTE ${d.FolioPrefixString} N° ${d.FolioNumber}` }];
  /** A credit note returning `quantity` of the first line of a paid invoice: open, nothing of the invoice left to apply it to. */
  const returnOf = (name: string, when: number, invoice: () => B1Document, quantity: number, why: string) => at(when, () => {
    const paid = invoice();
    const back = paid.DocumentLines[0];
    docs[name] = doc('CreditNotes', when, {
      Comments: `${why}. Factura ${paid.FolioNumber}.`,
      DocumentLines: [{ ItemCode: back.ItemCode, Quantity: quantity, UnitPrice: back.UnitPrice, DiscountPercent: back.DiscountPercent, BaseType: 13, BaseEntry: paid.DocEntry, BaseLine: back.LineNum }],
      DocumentReferences: refTo(paid),
    });
  });
  const named = (name: string, when: number, set: 'Invoices' | 'DownPayments', extra: Body = {}, dueIn = 30) =>
    at(when, () => { docs[name] = doc(set, when, extra, dueIn); });

  // a year of invoices paid in full, and a down payment
  for (let when = -360; when <= -180; when += 30) {
    const name = `paid${when}`;
    named(name, when, 'Invoices');
    const paidAt = when + rng.int(15, 35);
    at(paidAt, () => { pay(paidAt, [[docs[name], open(docs[name])]], `Pago factura ${docs[name].FolioNumber}`); });
  }
  named('downPayment', -200, 'DownPayments', { Comments: 'Anticipo pedido temporada otoño-invierno' }, 0);
  at(-198, () => { pay(-198, [[docs.downPayment, open(docs.downPayment)]], `Anticipo factura ${docs.downPayment.FolioNumber}`); });

  // one transfer over two invoices netting a credit note (a return of goods of an invoice already paid)
  named('first', -130, 'Invoices');
  named('second', -125, 'Invoices');
  returnOf('netted', -110, () => docs['paid-360'], 1, 'Devolución de mercadería');
  at(-100, () => {
    const { netted } = docs;
    pay(-100, [[docs.first, open(docs.first)], [docs.second, open(docs.second)], [netted, open(netted)]], 'Pago facturas con nota de crédito');
  });

  // open documents: one per aging bucket, and the ones the screens need
  named('over90', -160, 'Invoices'); // due R-130
  named('over60', -105, 'Invoices', { Comments: 'Pago en dos cuotas' }); // due R-75 (61–90), in two installments
  at(-105, () => {
    const d = docs.over60;
    const half = Math.round(d.DocTotal / 2);
    d.DocumentInstallments = [
      { InstallmentId: 1, DueDate: day(-75), Percentage: 50, Total: half, PaidToDate: 0 },
      { InstallmentId: 2, DueDate: day(-45), Percentage: 50, Total: d.DocTotal - half, PaidToDate: 0 },
    ];
  });
  named('over30', -75, 'Invoices'); // due R-45 (31–60), partly paid
  named('over0', -45, 'Invoices'); // due R-15 (0–30)
  at(-40, () => {
    docs.debit = doc('Invoices', -40, {
      DocumentSubType: 'bod_DebitMemo', Comments: `Diferencia de precio. Factura ${docs.over0.FolioNumber}.`,
      DocumentLines: [{ ItemCode: docs.over0.DocumentLines[0].ItemCode, Quantity: 1, UnitPrice: 12_000, DiscountPercent: 0 }],
      DocumentReferences: refTo(docs.over0),
    });
  });
  at(-30, () => { pay(-30, [[docs.over30, Math.round((open(docs.over30) * 0.4) / 1000) * 1000]], `Abono factura ${docs.over30.FolioNumber}`); });
  named('ceded', -25, 'Invoices', { U_Cedida: 'Y', U_CesionarioRut: CESIONARIO.rut, U_CesionarioNombre: CESIONARIO.name });
  named('upcoming', -20, 'Invoices');
  named('dueSoon', -27, 'Invoices'); // due R+3 ('Vence en 3 días')
  named('exempt', -12, 'Invoices', { DocumentSubType: 'bod_InvoiceExempt', Comments: 'Servicio de bordado de logotipos (exento)' });
  returnOf('openCredit', -8, () => docs.second, 2, 'Devolución por falla de confección');
  // the newest invoice was made from the delivery (guía 52) of a sales order taken by the sales rep two days before (its
  // chain: order → guía → factura); the delivery closed the order, the invoice closes the delivery
  at(-5, () => {
    const shipTo = bp.BPAddresses.find((a) => a.AddressType === 'bo_ShipTo')!;
    const order = store.create('Orders', {
      CardCode: bp.CardCode, DocDate: day(-5), DocDueDate: day(-3), NumAtCard: null, DocumentLines: lines(),
      ...orderFields(bp, shipTo, { pickup: false, transport: '0002', reserve: false }),
    }).entity as B1Document;
    order.NumAtCard = `EJ-${order.DocNum}`;
    docs.receivedOrder = order;
  });
  /** The lines of `base` copied to a target (B1's Copy To): same item, quantity, price and discount, BaseType/Entry/Line. */
  const copied = (base: B1Document, baseType: number): Body[] => base.DocumentLines.map((l) => ({
    ItemCode: l.ItemCode, Quantity: l.Quantity, UnitPrice: l.UnitPrice, DiscountPercent: l.DiscountPercent, BaseType: baseType, BaseEntry: base.DocEntry, BaseLine: l.LineNum,
  }));
  at(-4, () => {
    const order = docs.receivedOrder;
    docs.delivery = store.create('DeliveryNotes', {
      CardCode: bp.CardCode, DocDate: day(-4), DocDueDate: day(-4), NumAtCard: order.NumAtCard, Comments: `Basado en Pedidos de cliente ${order.DocNum}.`,
      ShipToCode: order.ShipToCode, U_Transporte: order.U_Transporte, U_TipoRetiro: order.U_TipoRetiro, DocumentLines: copied(order, BASE_ORDER),
    }).entity as B1Document;
  });
  at(-3, () => {
    const { receivedOrder: order, delivery } = docs;
    docs.received = doc('Invoices', -3, {
      NumAtCard: order.NumAtCard, Comments: `Basado en Entregas ${delivery.DocNum}.`, DocumentLines: copied(delivery, BASE_DELIVERY),
    });
  });

  // the bench's extra invoices: spread over the year, every other one paid in full a few days later
  for (let n = 0; n < (options.extraDocuments ?? 0); n++) {
    const when = -360 + Math.floor((n * 350) / Math.max(1, options.extraDocuments!));
    const name = `extra${n}`;
    named(name, when, 'Invoices', { DocumentLines: lines(1) });
    if (n % 2 === 0) at(when + 5, () => { pay(when + 5, [[docs[name], open(docs[name])]], `Pago factura ${docs[name].FolioNumber}`); });
  }

  steps.sort((a, b) => a[0] - b[0]).forEach(([, step]) => step());

  // the provider's side: reception at the SII (the day after issue, the same day for the newest), the files
  const own = (d: B1Document) => d.CardCode === bp.CardCode && d.FolioNumber !== null;
  for (const d of [...data.Invoices.filter(own), ...data.DownPayments.filter(own), ...data.CreditNotes.filter(own), ...data.DeliveryNotes.filter(own)]) {
    d.U_FechaRecepcion = d === docs.received ? d.DocDate : addDays(d.DocDate, 1);
    d.U_Cedida ??= 'N';
    const entry = data.Attachments2.reduce((m, a) => Math.max(m, a.AbsoluteEntry), 0) + 1;
    const name = dteFileName(d);
    data.Attachments2.push({
      AbsoluteEntry: entry,
      Attachments2_Lines: ['pdf', 'xml'].map((ext, i) => ({
        LineNum: i + 1, FileName: name, FileExtension: ext, SourcePath: DTE_SOURCE_PATH, AttachmentDate: d.U_FechaRecepcion!, Override: 'tNO' as const,
      })),
    });
    d.AttachmentEntry = entry;
  }
  // the year's goods were replenished: the catalogue's stock is what it was
  for (const item of data.Items) {
    const before = stock.get(item.ItemCode)!;
    item.ItemWarehouseInfoCollection.forEach((w, i) => { w.InStock = before[i]; });
    item.QuantityOnStock = item.ItemWarehouseInfoCollection.reduce((s, w) => s + w.InStock, 0);
  }
}
