// The sales order and the reservation the portal sends to the ERP (R-ERP-1: "sales order to the ERP" and
// "reserve order to the ERP"), built from the portal's own stored order. Field names come from mapping.ts.
import { yyyymmdd } from '@shared/dates';
import { chileTodayIso, nextWorkingDay } from '@shared/workingDays';
import type { IncomingShipping } from '@shared/incoming';
import { FALLBACK_TRANSPORT, FORMA_PAGO, STORE_PICKUP, SUCURSAL, TIPO_VENTA, type DeliveryType, type OrderType, type PaymentMethod } from '@shared/orders';
import { B1_FIELDS } from './mapping';

const F = B1_FIELDS.order;

/** U_TipoRetiro: delivery or store pickup. */
export const TIPO_RETIRO: Record<DeliveryType, 'Despacho' | 'Retiro'> = { entrega: 'Despacho', retiro: 'Retiro' };

/** What the document is built from: the stored order and its lines, in the portal's words. */
export interface SalesOrderSource {
  /** orderReference: OC000042 / RE000007, sent as NumAtCard so a resubmission finds the same document. */
  purchaseOrderNumber: string;
  orderType: OrderType;
  /** businessPartner (CardCode). */
  cardCode: string;
  paymentMethod: PaymentMethod | null;
  deliveryType: DeliveryType;
  /** iddespacho (ShipToCode) or STORE_PICKUP. */
  deliveryAddress: string;
  deliveryAddressText: string;
  deliveryCommune: string;
  deliveryTransport: string;
  /** idfactura (PayToCode). */
  invoiceAddress: string;
  /** The buyer's purchase-order number ('' for none) and the delivery date it asked for ('YYYY-MM-DD' or null). */
  buyerReference?: string;
  requestedDeliveryDate?: string | null;
  /** When the order was made: the issue date given to the buyer's purchase order reference. */
  orderDate?: Date;
  /**
   * Who placed it: the ERP contact person (InternalCode) of the person who ordered, sent as ContactPersonCode; absent
   * or null sends none (the ERP then leaves the document without one).
   */
  contactPersonCode?: number | null;
  /**
   * Who wrote it for the customer: the sales employee (SalesPersons' SalesEmployeeCode) of the rep who ordered, sent
   * as SalesPersonCode; absent or null sends none (the ERP then takes the customer's own sales employee).
   */
  salesPersonCode?: number | null;
  /** price: the unit list price; priceFinalUnit: the unit price the buyer pays (offer and loyalty applied, rounded). */
  lines: ReadonlyArray<{ sku: string; quantity: number; price: number; priceFinalUnit: number; descLinea: number; shipDate?: string | null }>;
  /** An order with pre-order lines (shipDate): all together when the last arrives, or what there is first (docs/incoming.md). */
  incomingShipping?: IncomingShipping | null;
}

/** A line of a B1 `Orders` body. */
export interface SalesOrderLine {
  ItemCode: string;
  Quantity: number;
  /** The unit price the buyer pays (offer and loyalty already applied, whole pesos). */
  UnitPrice: number;
  /** Always 0: the discount is already in UnitPrice (see buildSalesOrder). */
  DiscountPercent: number;
  /** Line UDF: the list unit price. */
  U_PrecioLista: number;
  /** Line UDF: the discount percent the portal applied (offer and loyalty). */
  U_DescLinea: number;
  /** The line's own delivery date (yyyymmdd): a pre-order line's arrival, or the whole order's when it ships together. */
  ShipDate?: string;
}

/** A line of the document's DocumentReferences: the buyer's purchase order as an external document. */
export interface SalesOrderReference {
  RefObjType: 'rot_ExternalDocument';
  ExtDocNum: string;
  IssueDate: string;
  Remark: string;
}

/** What the reference line says in B1. */
export const BUYER_REFERENCE_REMARK = 'Orden de compra del cliente';

/** A B1 `Orders` body (sales order or reservation). */
export interface SalesOrderDocument {
  CardCode: string;
  DocDueDate: string;
  /** The delivery date the buyer asked for, when it did. */
  RequriedDate?: string;
  NumAtCard: string;
  /** Who ordered: one of the customer's contact persons (InternalCode). */
  ContactPersonCode?: number;
  /** Who wrote it: a sales employee (SalesEmployeeCode); absent, the ERP takes the customer's. */
  SalesPersonCode?: number;
  DocumentReferences?: SalesOrderReference[];
  /** The delivery address (iddespacho) or, for a store pickup, STORE_PICKUP. */
  ShipToCode?: string;
  PayToCode?: string;
  DocumentLines: SalesOrderLine[];
  [udf: `U_${string}`]: string;
}

/** Today's date in Chile (the ERP's business day), whatever the server's time zone. */
export function chileToday(now: Date = new Date()): Date {
  const [year, month, day] = chileTodayIso(now).split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}

/**
 * The ERP document of an order: CardCode, DocDueDate (deliveryDate, yyyymmdd), NumAtCard (orderReference),
 * ContactPersonCode (who ordered, when the order names a contact person), SalesPersonCode (the rep who wrote it, when
 * a rep did),
 * U_Sucursal, U_TipoVenta, ShipToCode (direccion, or STORE_PICKUP for a store pickup), PayToCode (facturacion), the
 * lines and, on sales orders only, U_FormaPago, U_Transporte and the dispatch text.
 *
 * Each line carries the unit price the buyer pays (priceFinalUnit) with no ERP discount, so that the ERP's own
 * arithmetic (price after discount to 2 decimals, line total to whole pesos, 19 % VAT of the net) gives exactly the
 * portal's line totals and DocTotal. Sending the list price with DiscountPercent = descLinea would not: B1 rounds
 * the discounted price to cents and the line to pesos, which drifts from the portal's whole-peso unit price. The list
 * price and the discount percent travel as line UDFs (U_PrecioLista, U_DescLinea) for the ERP user to see.
 */
export function buildSalesOrder(order: SalesOrderSource, now: Date = new Date()): SalesOrderDocument {
  const reserve = order.orderType === 'RESERVE';
  const pickup = order.deliveryType === 'retiro' || order.deliveryAddress === STORE_PICKUP;
  const doc: SalesOrderDocument = {
    CardCode: order.cardCode,
    DocDueDate: yyyymmdd(chileToday(now)),
    NumAtCard: order.purchaseOrderNumber,
    [F.branch]: SUCURSAL,
    [F.saleType]: TIPO_VENTA[order.orderType],
    [F.pickupType]: TIPO_RETIRO[pickup ? 'retiro' : 'entrega'],
    DocumentLines: order.lines.map((line) => ({
      ItemCode: line.sku,
      Quantity: line.quantity,
      UnitPrice: line.priceFinalUnit,
      DiscountPercent: 0,
      U_PrecioLista: line.price,
      U_DescLinea: line.descLinea,
    })),
  };
  // the buyer's delivery date (docs/ordering.md): ReqDate, and the order's own delivery date instead of today
  if (order.requestedDeliveryDate) {
    const day = order.requestedDeliveryDate.replaceAll('-', '');
    doc.DocDueDate = day;
    doc.RequriedDate = day;
  }
  // pre-order lines (docs/incoming.md) ship on their arrival, never on a past day (an order that waited for an approval
  // past its date ships on the next working day); an order shipped together ships every line, and is due, on the last
  const first = nextWorkingDay(chileTodayIso(now));
  const arrivals = order.lines.map((line) => line.shipDate && (line.shipDate < first ? first : line.shipDate));
  const last = arrivals.reduce<string>((latest, day) => (day && day > latest ? day : latest), '');
  if (last) {
    const together = order.incomingShipping === 'JUNTO';
    doc.DocumentLines.forEach((line, i) => {
      const day = together ? last : arrivals[i];
      if (day) line.ShipDate = day.replaceAll('-', '');
    });
    if (together && last.replaceAll('-', '') > doc.DocDueDate) doc.DocDueDate = last.replaceAll('-', '');
  }
  const reference = order.buyerReference?.trim();
  if (reference) {
    if (F.buyerReference === 'DocumentReferences') {
      doc.DocumentReferences = [{ RefObjType: 'rot_ExternalDocument', ExtDocNum: reference, IssueDate: yyyymmdd(chileToday(order.orderDate ?? now)), Remark: BUYER_REFERENCE_REMARK }];
    } else {
      doc[F.buyerReference] = reference;
    }
  }
  if (order.contactPersonCode !== undefined && order.contactPersonCode !== null) doc.ContactPersonCode = order.contactPersonCode;
  if (order.salesPersonCode !== undefined && order.salesPersonCode !== null) doc.SalesPersonCode = order.salesPersonCode;
  if (pickup) doc.ShipToCode = STORE_PICKUP;
  else if (order.deliveryAddress) doc.ShipToCode = order.deliveryAddress;
  if (order.invoiceAddress) doc.PayToCode = order.invoiceAddress;
  if (!reserve) {
    if (order.paymentMethod) doc[F.paymentForm] = FORMA_PAGO[order.paymentMethod];
    doc[F.transport] = (!pickup && order.deliveryTransport) || FALLBACK_TRANSPORT;
    if (!pickup) {
      doc[F.dispatchStreet] = order.deliveryAddressText;
      doc[F.dispatchCommune] = order.deliveryCommune;
    }
  }
  return doc;
}
