import type { AdminOrderDetail, AdminOrderList, AdminOrderPayment, AdminOrderRow, ErpInvoiceRef, ProviderField } from '@shared/api/adminOrders';
import { CSV_MAX_ROWS } from '@shared/api/lists';
import { ORDER_STATE_LABELS, PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS } from '@shared/orderTracking';
import { ERP_STATUS_LABELS } from '@shared/erpStatus';
import { personText } from '@shared/people';
import { ADMIN_ORDER_MSG, orderIdOfRef, refNamesOrder, type AdminOrderListQuery } from '@shared/schemas/adminOrders';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connect';
import type { PaymentRow } from '../db/schema';
import { HttpError } from '../errors';
import type { CsvColumn } from '../http/csv';
import { assertExportable, foldText, pageWindow } from '../http/listQuery';
import { AdminJobsRepo } from '../jobs/jobs.repo';
import { toAdminJob } from '../jobs/jobs.service';
import type { CompanyNames } from '../profile/companyNames';
import { AdminOrdersRepo, type AdminOrderDbRow, type OrderFilters, type RepOrderScope } from './adminOrders.repo';
import { InvoiceFollowUps, invoicesSinceFor } from './invoiceFollowUps';
import { loadOrderJobs } from './orderEvidence';
import { toOrder } from './orders.repo';
import { buildTimeline } from './timeline';

/** The fields of a provider's stored answer an administrator reads (never the whole object: it holds portal notes). */
const PROVIDER_FIELDS: Record<PaymentRow['provider'], readonly string[]> = {
  WEBPAY: [
    'status', 'response_code', 'authorization_code', 'payment_type_code', 'installments_number', 'installments_amount', 'amount',
    'card_detail.card_number', 'vci', 'buy_order', 'session_id', 'transaction_date', 'accounting_date', 'return_kind', 'portal_note',
  ],
  KHIPU: [
    'status', 'status_detail', 'payment_id', 'transaction_id', 'amount', 'currency', 'bank', 'payment_method', 'funds_source', 'payer_name',
    'payer_email', 'conciliation_date', 'receipt_url', 'portal_note',
  ],
};

export function providerFields(payment: Pick<PaymentRow, 'provider' | 'result'>): ProviderField[] {
  const result = payment.result && typeof payment.result === 'object' && !Array.isArray(payment.result) ? (payment.result as Record<string, unknown>) : {};
  const out: ProviderField[] = [];
  for (const path of PROVIDER_FIELDS[payment.provider]) {
    let value: unknown = result;
    for (const part of path.split('.')) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
    if (value === undefined || value === null || value === '' || typeof value === 'object') continue;
    out.push({ field: path, value: String(value).slice(0, 300) });
  }
  return out;
}

export function toAdminPayment(p: PaymentRow): AdminOrderPayment {
  return {
    id: p.id,
    provider: p.provider,
    purpose: p.purpose,
    amount: p.amount,
    state: p.state,
    reference: p.reference,
    sessionId: p.sessionId,
    providerId: p.providerId,
    createdAt: p.createdAt.toISOString(),
    outcomeAppliedAt: p.outcomeAppliedAt ? p.outcomeAppliedAt.toISOString() : null,
    providerFields: providerFields(p),
  };
}

/** The columns of the orders CSV. */
export const ORDER_CSV: CsvColumn<AdminOrderRow>[] = [
  { header: 'Pedido', value: (o) => o.number },
  { header: 'Fecha', value: (o) => new Date(o.createdAt) },
  { header: 'Tipo', value: (o) => (o.orderType === 'RESERVE' ? 'Reserva' : 'Pedido') },
  { header: 'Estado', value: (o) => ORDER_STATE_LABELS[o.orderState] },
  { header: 'Forma de pago', value: (o) => (o.paymentMethod ? PAYMENT_METHOD_LABELS[o.paymentMethod] : '') },
  { header: 'Estado del pago', value: (o) => PAYMENT_STATUS_LABELS[o.paymentStatus] },
  { header: 'Estado en el ERP', value: (o) => ERP_STATUS_LABELS[o.erpStatus] },
  { header: 'N° ERP', value: (o) => o.erpDocNum },
  { header: 'Rut', value: (o) => o.rut },
  { header: 'Código cliente', value: (o) => o.cardCode },
  { header: 'Empresa', value: (o) => o.companyName },
  { header: 'Persona', value: (o) => o.personName },
  { header: 'Rut persona', value: (o) => o.personRut },
  { header: 'Vendedor', value: (o) => o.repName },
  { header: 'Total', value: (o) => o.total },
  { header: 'Foto de cheque', value: (o) => o.hasChequePhoto },
];

export const chequePhotoUrl = (number: string) => `/api/admin/orders/${encodeURIComponent(number)}/cheque-photo`;

/**
 * 'Pedidos' of the admin area: every portal order with who placed it (the person) and the company it is for (its name
 * from the ERP), and one order's whole story.
 */
export class AdminOrdersService {
  private readonly repo: AdminOrdersRepo;
  private readonly jobs: AdminJobsRepo;

  constructor(
    private readonly deps: {
      db: Db;
      companies: CompanyNames;
      invoices: InvoiceFollowUps;
      log?: Pick<FastifyBaseLogger, 'warn'>;
    },
  ) {
    this.repo = new AdminOrdersRepo(deps.db);
    this.jobs = new AdminJobsRepo(deps.db);
  }

  /** The list; with `rep`, only the orders that sales rep may read ('Mis pedidos del vendedor'). */
  async list(query: AdminOrderListQuery, rep?: RepOrderScope): Promise<AdminOrderList> {
    const { rows, total } = await this.select(query, false, rep);
    return { rows, total, page: query.page, pageSize: query.pageSize };
  }

  /** Every order the filters select, for the CSV (400 beyond the export's limit). */
  async exportRows(query: AdminOrderListQuery): Promise<AdminOrderRow[]> {
    return (await this.select(query, true)).rows;
  }

  private async select(query: AdminOrderListQuery, csv: boolean, rep?: RepOrderScope): Promise<{ rows: AdminOrderRow[]; total: number }> {
    const filters: OrderFilters = { ...query, nameCodes: query.q ? await this.codesNamed(query.q) : undefined, rep };
    const total = await this.repo.count(filters);
    if (csv) assertExportable(total);
    let rows: AdminOrderDbRow[];
    let names: Map<string, { name: string } | null>;
    if (query.sort === 'companyName') {
      // the names live in the ERP: every matching row is sorted here, then the page is cut
      const all = await this.repo.list(filters, { dir: query.dir }, { limit: CSV_MAX_ROWS, offset: 0 });
      names = await this.deps.companies.ofCardCodes(all.map((r) => r.cardCode));
      const nameOf = (r: AdminOrderDbRow) => names.get(r.cardCode)?.name ?? '';
      const sign = query.dir === 'asc' ? 1 : -1;
      all.sort((a, b) => sign * nameOf(a).localeCompare(nameOf(b), 'es', { sensitivity: 'base' }) || b.id - a.id);
      const { limit, offset } = pageWindow(query, csv);
      rows = all.slice(offset, offset + limit);
    } else {
      rows = await this.repo.list(filters, { column: query.sort, dir: query.dir }, pageWindow(query, csv));
      names = await this.deps.companies.ofCardCodes(rows.map((r) => r.cardCode));
    }
    return {
      total,
      rows: rows.map((r) => ({
        ...r,
        createdAt: r.createdAt.toISOString(),
        companyName: names.has(r.cardCode) ? (names.get(r.cardCode)?.name ?? null) : null,
      })),
    };
  }

  /** The card codes with orders whose ERP company name contains `q` (accents and case aside). */
  private async codesNamed(q: string): Promise<string[]> {
    const text = foldText(q.trim());
    if (text.length < 2) return [];
    const names = await this.deps.companies.ofCardCodes(await this.repo.cardCodes());
    return [...names].filter(([, ref]) => ref && foldText(ref.name).includes(text)).map(([code]) => code);
  }

  /** One order's whole story; with `rep`, an order that sales rep may not read is a 404 like a missing one. */
  /** Whether the order `ref` (number or id) exists at all, whoever may read it. */
  async exists(ref: string): Promise<boolean> {
    const found = await this.repo.detail(orderIdOfRef(ref));
    return !!found && refNamesOrder(ref, found.order.purchaseOrderNumber);
  }

  async detail(ref: string, rep?: RepOrderScope): Promise<AdminOrderDetail> {
    const found = await this.repo.detail(orderIdOfRef(ref), rep);
    if (!found || !refNamesOrder(ref, found.order.purchaseOrderNumber)) throw new HttpError(404, ADMIN_ORDER_MSG.notFound);
    const { order, lines, user, payments } = found;
    const [jobs, names, invoices] = await Promise.all([
      loadOrderJobs(this.jobs, [{ order, payments }]).then((m) => m.get(order.id)!),
      this.deps.companies.ofCardCodes([order.cardCode]),
      this.invoicesOf(order),
    ]);
    const number = order.purchaseOrderNumber ?? String(order.id);
    const base = toOrder({ order, lines });
    const latest = payments[0];
    return {
      id: order.id,
      number,
      orderType: order.orderType,
      orderState: order.orderState,
      paymentMethod: order.paymentMethod,
      paymentStatus: latest ? latest.state : 'NONE',
      erpStatus: order.erpStatus,
      erpDocEntry: order.erpDocEntry,
      erpDocNum: order.erpDocNum,
      erpDraftEntry: order.erpDraftEntry,
      erpError: order.erpError,
      numOc: order.numOc,
      createdAt: order.createdAt.toISOString(),
      updatedAt: order.updatedAt.toISOString(),
      lines: base.orderProducts,
      totals: base.totals,
      delivery: {
        type: order.deliveryType,
        addressCode: order.deliveryAddress,
        address: order.deliveryAddressText,
        commune: order.deliveryCommune,
        transport: order.deliveryTransport,
        invoiceAddressCode: order.invoiceAddress,
      },
      buyer: {
        userId: user.id,
        rut: order.companyRut,
        personName: user.fullName,
        personRut: user.username,
        companyRole: user.userType === 'USER' ? user.companyRole : null,
        email: user.email,
        enabled: user.enabled,
        cardCode: order.cardCode,
        companyName: names.get(order.cardCode)?.name ?? null,
      },
      rep: order.repUserId === null ? null : { userId: order.repUserId, name: order.repName, salesPersonCode: order.salesPersonCode },
      payments: payments.map(toAdminPayment),
      chequePhotoUrl: order.chequeFileKey ? chequePhotoUrl(number) : null,
      jobs: jobs.jobs.map(toAdminJob),
      invoices,
      timeline: buildTimeline({ order, payments: [...payments].reverse(), jobs, invoices, placedBy: personText({ name: user.fullName, rut: user.username }) }),
    };
  }

  /** The ERP invoices based on the order ([] when it is not in the ERP), null when the ERP cannot be asked now. */
  private async invoicesOf(order: { cardCode: string; erpDocEntry: number | null; createdAt: Date }): Promise<ErpInvoiceRef[] | null> {
    if (order.erpDocEntry === null) return [];
    try {
      const all = await this.deps.invoices.of(order.cardCode, invoicesSinceFor(order.createdAt));
      return InvoiceFollowUps.ofOrder(all, order.erpDocEntry).map(({ docEntry, docNum, folio, date }) => ({ docEntry, docNum, folio, date }));
    } catch (err) {
      this.deps.log?.warn({ err, cardCode: order.cardCode }, 'no se pudo consultar las facturas del pedido en el ERP');
      return null;
    }
  }
}
