import type { DeliveryType, OrderType, PaymentMethod } from '../orders';
import type { IncomingShipping } from '../incoming';
import type { OrderTotals } from '../pricing';
import type { OrderLine } from './orders';

// 'Mis pedidos' of the buyer: every portal order of the company the session acts for (whoever of its people placed it) and where each stands, in the buyer's words, each step with
// its date. The states come from evidence only (payments, the outbox's results, the ERP's documents read through the
// Service Layer), never from the browser.
//
// GET /api/user/orders?page=0&pageSize=20 → BuyerOrderList (newest first; page 0-based, pageSize 1..100, default 20)
// GET /api/user/orders/:id → BuyerOrderDetail (`id`: the order id or its number; another company's order is 404)
//
// The steps, in order (texts in src/shared/orderTracking.ts):
//   received          'Recibido'                                      the order was made
//   companyApproval   'Esperando aprobación de la empresa'            an order over the Comprador's monthly limit: waiting for
//                     'Aprobado por la empresa'                       the company's approvers, or their decision
//                     'Rechazado por la empresa'
//   paid              'Pagado'                                        card or transfer orders only: the provider confirmed the money
//   inErp             'En SAP N° {docNum}'                            the ERP holds the sales order (or reservation)
//   awaitingApproval  'Esperando aprobación'                          instead of inErp while the ERP's approval procedure holds it
//   invoiced          'Facturado N° {folio}'                          the ERP has an invoice based on the sales order
//   canceled          'Anulado'                                       the order was canceled (payment refused or abandoned, ERP refusal)

export type BuyerOrderStepKey = 'received' | 'companyApproval' | 'paid' | 'inErp' | 'awaitingApproval' | 'invoiced' | 'canceled';

export interface BuyerOrderStep {
  key: BuyerOrderStepKey;
  /** 'Recibido', 'Pagado', 'En SAP N° 5060', 'Esperando aprobación', 'Facturado N° 10401', 'Anulado'; a step not reached yet reads 'En SAP', 'Facturado'. */
  label: string;
  /** Reached. */
  done: boolean;
  /** When: ISO timestamp, or 'YYYY-MM-DD' for an ERP invoice (the ERP keeps its date only); null when not reached. */
  at: string | null;
}

export interface BuyerOrderRow {
  id: number;
  /** OC000042 / RE000007. */
  number: string;
  orderType: OrderType;
  paymentMethod: PaymentMethod | null;
  total: number;
  /** ISO. */
  createdAt: string;
  /** The latest step reached. */
  status: BuyerOrderStepKey;
  /** Its label ('En SAP N° 5060'). */
  statusLabel: string;
  /** When it was reached (as BuyerOrderStep.at). */
  statusAt: string;
  erpDocNum: number | null;
  /** The folio of the (first) invoice based on the order, or null. */
  invoiceFolio: string | null;
  /** Who of the company placed it: the person's full name ('' for a login without one) and personal rut ('18.901.234-9'). */
  personName: string;
  personRut: string;
  /** 'Tomado por {vendedor}': the wholesaler's sales rep who wrote the order for the company; '' when the company's own person did. */
  repName: string;
  /** A pre-order line's arrival was moved by the ERP after the order (docs/incoming.md); absent otherwise. */
  porLlegarMovido?: boolean;
}

export interface BuyerOrderList {
  rows: BuyerOrderRow[];
  total: number;
  page: number;
  pageSize: number;
  /** false when the ERP could not be asked now: invoices are not shown until it answers. */
  erpAvailable: boolean;
}

export interface BuyerOrderDetail extends BuyerOrderRow {
  /** Every step that applies to the order, in order; the ones not reached have `done: false`. */
  steps: BuyerOrderStep[];
  lines: OrderLine[];
  totals: OrderTotals;
  deliveryType: DeliveryType;
  /** The dispatch address and commune as sent to the ERP ('' for store pickup). */
  deliveryAddress: string;
  /** The buyer's own purchase-order reference ('' when none) and the delivery date asked for ('YYYY-MM-DD' or null). */
  buyerReference: string;
  requestedDeliveryDate: string | null;
  /** An order with pre-order lines: how it ships (docs/incoming.md); absent otherwise. */
  envioPorLlegar?: IncomingShipping;
  erpAvailable: boolean;
  /**
   * A card, transfer or cheque order still in PROCESS and not paid (a cheque one without its photo), e.g. just approved
   * by the company: 'Pagar' pays it (a cheque's photo is sent, then the sales order).
   */
  payable: boolean;
}
