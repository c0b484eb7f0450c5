import type { OrderType, PaymentMethod, DeliveryType } from '../orders';
import type { OrderTotals } from '../pricing';
import type { Order, OrderLine } from './orders';

// Orders of a buying company that wait for its approval (docs/company-people.md): an order by a Comprador over their
// monthly limit is created AWAITING_COMPANY_APPROVAL, and the company's approvers (Aprobador, Administrador) approve or
// reject it.
//
// GET  /api/user/company/approvals               → CompanyApprovalList (the acting company's waiting orders, oldest first)
// POST /api/user/company/approvals/:id/approve   { total } → CompanyApprovalDecision; a 409 carries `approval`
//                                                   (CompanyApprovalChanges) when prices or stock changed (the order is
//                                                   stored re-priced, still waiting)
// POST /api/user/company/approvals/:id/reject    { reason } → CompanyApprovalDecision

export interface CompanyApprovalBuyer {
  userId: number;
  /** The person's login (their personal rut). */
  rut: string;
  name: string;
  email: string;
}

export interface CompanyApproval {
  id: number;
  /** OC000123 / RE000045. */
  number: string;
  orderType: OrderType;
  paymentMethod: PaymentMethod | null;
  deliveryType: DeliveryType;
  /** ISO. */
  createdAt: string;
  buyer: CompanyApprovalBuyer;
  lines: OrderLine[];
  totals: OrderTotals;
  buyerReference: string;
}

export interface CompanyApprovalList {
  rows: CompanyApproval[];
}

/** What changed in one line since the order was priced: its unit price, and the stock when it no longer covers it. */
export interface CompanyApprovalChange {
  sku: string;
  name: string;
  size: string;
  quantity: number;
  /** The final unit price the order had, and the one it has now (equal when only the stock changed). */
  oldPrice: number;
  newPrice: number;
  /** The stock available now. */
  stock: number;
  /** The stock does not cover the quantity (or the size is no longer sold). */
  short: boolean;
}

/** `approval` of the 409 of an approve whose prices or stock changed: `changes` per line, the old and new totals. */
export interface CompanyApprovalChanges {
  changes: CompanyApprovalChange[];
  oldTotal: number;
  newTotal: number;
  /** The order as stored now (re-priced, still waiting). */
  approval: CompanyApproval;
}

export interface CompanyApprovalDecision {
  message: string;
  order: Order;
}
