import type { CompanyRole } from '../companyRoles';
import type { DeliveryType, OrderState, OrderType, PaymentMethod } from '../orders';
import type { PaymentProvider, PaymentPurpose, PaymentState } from '../payments';
import type { OrderTotals } from '../pricing';
import type { AdminJob } from './adminJobs';
import type { ErpSubmission, OrderLine } from './orders';

// 'Pedidos' of the admin area (ADMIN and SUPERADMIN): every portal order, its payments, its ERP jobs and its history.
//
// GET /api/admin/orders — query (AdminOrderListQuery in src/shared/schemas/adminOrders.ts), all optional:
//   q              order number ('OC000011', '11'), the company's or the person's rut in any writing, card code, company
//                  name (ERP), the person's name or the sales rep's name (docs/sales-reps.md), contains
//   state          PROCESS | CONFIRMED | CANCELED
//   orderType      ONLINE | RESERVE
//   paymentMethod  KHIPU | WEBPAY | CHEQUE | CREDIT
//   paymentStatus  NONE | CREATED | PAID | REJECTED | ABORTED | EXPIRED   (the order's latest payment; NONE: no payment)
//   erpStatus      NONE | PENDING | AWAITING_APPROVAL | SENT | REJECTED
//   userId         the orders of one user
//   from, to       creation date, 'YYYY-MM-DD', both included (Chilean days)
//   sort           number | createdAt | orderType | orderState | paymentMethod | paymentStatus | erpStatus | erpDocNum |
//                  total | rut | cardCode | companyName | personName | repName (default createdAt)
//   dir            asc | desc                                        (default desc: newest first)
//   page, pageSize 0-based page, 1..200 rows (default 0, 50)
//   format         csv: every matching row as a CSV download (see lists.ts)
// → AdminOrderList
//
// GET /api/admin/orders/:id — `id` is the order id (42) or its number (OC000042) → AdminOrderDetail; 404 otherwise.
// The cheque photo is downloaded from `chequePhotoUrl` (GET /api/admin/orders/{number}/cheque-photo, admins only).

/** The order's latest payment (card or transfer) state; NONE when it has none (credit line, cheque, reservation, or not started). */
export type AdminPaymentStatus = 'NONE' | PaymentState;

export interface AdminOrderRow {
  id: number;
  /** OC000042 / RE000007. */
  number: string;
  orderType: OrderType;
  orderState: OrderState;
  paymentMethod: PaymentMethod | null;
  paymentStatus: AdminPaymentStatus;
  erpStatus: ErpSubmission;
  /** The ERP sales order's DocNum, once the ERP has it. */
  erpDocNum: number | null;
  total: number;
  /** ISO. */
  createdAt: string;
  /** The person who placed the order (docs/company-people.md). */
  userId: number;
  /** The buying company's rut ('76.123.456-0'). */
  rut: string;
  /** The person's full name ('' for a login without one) and personal rut, their login ('18.901.234-9'). */
  personName: string;
  personRut: string;
  cardCode: string;
  /** The company name in the ERP (CardName); null when the ERP could not be asked. */
  companyName: string | null;
  hasChequePhoto: boolean;
  /** 'Vendedor': the sales rep who wrote the order for the company (docs/sales-reps.md); '' when the company's own person did. */
  repName: string;
}

export interface AdminOrderList {
  rows: AdminOrderRow[];
  total: number;
  page: number;
  pageSize: number;
}

/** One field of a provider's last answer, as stored (WebPay: authorization_code, response_code, card_number…; Khipu: status, status_detail…). */
export interface ProviderField {
  field: string;
  value: string;
}

export interface AdminOrderPayment {
  id: number;
  provider: PaymentProvider;
  purpose: PaymentPurpose;
  amount: number;
  state: PaymentState;
  /** WebPay buy_order or Khipu transaction_id. */
  reference: string;
  /** WebPay session id ('OW…'), empty for Khipu. */
  sessionId: string;
  /** WebPay token or Khipu payment_id. */
  providerId: string | null;
  createdAt: string;
  /** When its outcome (PAID, REJECTED, ABORTED, EXPIRED) was applied; null while open. */
  outcomeAppliedAt: string | null;
  providerFields: ProviderField[];
}

/** The sales rep who wrote an order while representing the company (docs/sales-reps.md). */
export interface OrderRepInfo {
  userId: number;
  /** The rep's name as it was when the order was written. */
  name: string;
  /** The ERP sales employee the order went with (SalesPersonCode); null when the rep had none linked. */
  salesPersonCode: number | null;
}

/** Who placed the order (the person) and the company they ordered for. */
export interface AdminOrderBuyer {
  userId: number;
  /** The company's rut. */
  rut: string;
  /** The person's full name ('' when none), personal rut (their login) and role inside the company. */
  personName: string;
  personRut: string;
  companyRole: CompanyRole | null;
  /** The person's e-mail and whether their login is active. */
  email: string;
  enabled: boolean;
  cardCode: string;
  /** null when the ERP could not be asked. */
  companyName: string | null;
}

export interface AdminOrderDelivery {
  type: DeliveryType;
  /** ShipToCode, or 'idStorePickup'. */
  addressCode: string;
  /** The dispatch address and commune as sent to the ERP. */
  address: string;
  commune: string;
  transport: string;
  /** PayToCode. */
  invoiceAddressCode: string;
}

/** An ERP invoice based on the order (its lines' BaseType 17 and BaseEntry = the order's DocEntry). */
export interface ErpInvoiceRef {
  docEntry: number;
  docNum: number;
  /** The DTE folio ('10401'), empty when the ERP has none yet. */
  folio: string;
  /** 'YYYY-MM-DD'. */
  date: string;
}

/**
 * What happened to an order, from the evidence the portal keeps: the order row, its payments, the outbox jobs and their
 * attempts (outbox_events), the audit log (manual retries) and the ERP's invoices.
 */
export type TimelineKind =
  | 'created'
  | 'chequePhoto'
  | 'paymentStarted'
  | 'paymentSettled'
  | 'erpQueued'
  | 'erpAttempt'
  | 'erpWaiting'
  | 'erpSent'
  | 'erpRejected'
  | 'jobFailed'
  | 'jobRequeued'
  | 'mailQueued'
  | 'mailSent'
  | 'mailFailed'
  | 'invoiced'
  | 'companyApproval'
  | 'canceled';

export interface TimelineEvent {
  /** ISO timestamp, or 'YYYY-MM-DD' for an ERP document (the ERP keeps its date only). */
  at: string;
  kind: TimelineKind;
  /** Spanish, ready to show: 'Pago iniciado (WebPay Plus)', 'Envío al ERP: intento 2 fallido'. */
  title: string;
  /** More: the error, the ERP DocNum, the mail's subject key… */
  detail: string | null;
  /** ok (green), error (red), waiting (amber), info (neutral). */
  tone: 'ok' | 'error' | 'waiting' | 'info';
  /** The outbox job the event belongs to, for a link to Trabajos ERP. */
  jobId: number | null;
}

export interface AdminOrderDetail {
  id: number;
  number: string;
  orderType: OrderType;
  orderState: OrderState;
  paymentMethod: PaymentMethod | null;
  paymentStatus: AdminPaymentStatus;
  erpStatus: ErpSubmission;
  erpDocEntry: number | null;
  erpDocNum: number | null;
  /** The ERP Draft while the order waits for the ERP's approval procedure. */
  erpDraftEntry: number | null;
  /** Why the ERP (or its approver) refused it. */
  erpError: string | null;
  /** The provider's transaction id, or the order number for ERP-confirmed orders. */
  numOc: string;
  createdAt: string;
  updatedAt: string;
  lines: OrderLine[];
  totals: OrderTotals;
  delivery: AdminOrderDelivery;
  buyer: AdminOrderBuyer;
  /** 'Tomado por {vendedor}': the sales rep who wrote it for the company; null when the company's own person did. */
  rep: OrderRepInfo | null;
  payments: AdminOrderPayment[];
  /** GET /api/admin/orders/{number}/cheque-photo when the buyer sent one; null otherwise. */
  chequePhotoUrl: string | null;
  /** The outbox jobs of the order (ERP order, ERP payments, mails), newest first: retried from here. */
  jobs: AdminJob[];
  /** ERP invoices based on the order ([] when none, or the order is not in the ERP); null when the ERP could not be asked. */
  invoices: ErpInvoiceRef[] | null;
  /** Oldest first. */
  timeline: TimelineEvent[];
}
