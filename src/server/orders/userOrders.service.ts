import type { BuyerOrderDetail, BuyerOrderList, BuyerOrderRow } from '@shared/api/userOrders';
import { orderIdOfRef, refNamesOrder } from '@shared/schemas/adminOrders';
import type { UserOrderListQuery } from '@shared/schemas/userOrders';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connect';
import type { OrderRow } from '../db/schema';
import type { InvoiceFollowUp } from '../erp/followUp';
import { HttpError } from '../errors';
import { AdminJobsRepo } from '../jobs/jobs.repo';
import type { SessionUser } from '../plugins/auth';
import { AdminOrdersRepo } from './adminOrders.repo';
import { InvoiceFollowUps, invoicesSinceFor } from './invoiceFollowUps';
import { erpMilestones, loadOrderJobs, type OrderJobs } from './orderEvidence';
import { toOrder } from './orders.repo';
import { buyerSteps, currentStep } from './tracking';
import { isPaidByProvider } from './erpOrderJob';
import { UserOrdersRepo, type OrderPerson } from './userOrders.repo';
import { PreorderWatchRepo } from './preorders.repo';
import { SERVER_MSG } from '../messages';

/**
 * 'Mis pedidos': every portal order of the company the session acts for, who of its people placed each, and the steps
 * each went through, from evidence only: payments, the
 * outbox's results, and the ERP's invoices read through the Service Layer (one cached read per customer: an ERP that
 * does not answer leaves the invoices out, never the list).
 */
export class UserOrdersService {
  private readonly repo: UserOrdersRepo;
  private readonly orders: AdminOrdersRepo;
  private readonly jobs: AdminJobsRepo;
  private readonly preorders: PreorderWatchRepo;

  constructor(private readonly deps: { db: Db; invoices: InvoiceFollowUps; log?: Pick<FastifyBaseLogger, 'warn'> }) {
    this.repo = new UserOrdersRepo(deps.db);
    this.orders = new AdminOrdersRepo(deps.db);
    this.jobs = new AdminJobsRepo(deps.db);
    this.preorders = new PreorderWatchRepo(deps.db);
  }

  async list(user: SessionUser, query: UserOrderListQuery): Promise<BuyerOrderList> {
    const { rows, total } = await this.repo.page(user.companyRut, { limit: query.pageSize, offset: query.page * query.pageSize });
    const { items, erpAvailable } = await this.evidence(rows);
    return { rows: items.map((i) => i.row), total, page: query.page, pageSize: query.pageSize, erpAvailable };
  }

  async detail(user: SessionUser, ref: string): Promise<BuyerOrderDetail> {
    const found = await this.repo.own(user.companyRut, orderIdOfRef(ref));
    if (!found || !refNamesOrder(ref, found.order.purchaseOrderNumber)) throw new HttpError(404, SERVER_MSG.orderNotFound);
    const { items, erpAvailable } = await this.evidence([found]);
    const { row, steps } = items[0]!;
    const base = toOrder(found);
    const { order } = found;
    const address = order.deliveryType === 'retiro' ? '' : [order.deliveryAddressText, order.deliveryCommune].filter(Boolean).join(', ');
    return {
      ...row,
      steps,
      lines: base.orderProducts,
      totals: base.totals,
      deliveryType: order.deliveryType,
      deliveryAddress: address,
      buyerReference: base.buyerReference ?? '',
      requestedDeliveryDate: base.requestedDeliveryDate ?? null,
      ...(base.envioPorLlegar ? { envioPorLlegar: base.envioPorLlegar } : {}),
      erpAvailable,
      payable: order.orderType === 'ONLINE' && order.orderState === 'PROCESS' && (isPaidByProvider(order.paymentMethod) || (order.paymentMethod === 'CHEQUE' && !order.chequeFileKey)),
    };
  }

  /** Each order's row and steps from its payments, jobs and invoices (a few queries and at most one ERP read per customer). */
  private async evidence(placed: ReadonlyArray<{ order: OrderRow; person: OrderPerson }>) {
    const orders = placed.map((p) => p.order);
    const payments = await this.orders.paymentsOf(orders.map((o) => o.id));
    const paymentsOf = (id: number) => payments.filter((p) => p.orderId === id);
    const jobs = await loadOrderJobs(this.jobs, orders.map((order) => ({ order, payments: paymentsOf(order.id) })));
    const [{ invoices, erpAvailable }, moved] = await Promise.all([this.invoicesOf(orders), this.preorders.movedAmong(orders.map((o) => o.id))]);
    const items = placed.map(({ order, person }) => {
      const own = paymentsOf(order.id);
      const milestones = erpMilestones(order, jobs.get(order.id) as OrderJobs);
      const customerInvoices = invoices.get(order.cardCode);
      const orderInvoices = customerInvoices ? InvoiceFollowUps.ofOrder(customerInvoices, order.erpDocEntry) : null;
      const steps = buyerSteps({ order, payments: own, milestones, invoices: orderInvoices });
      const current = currentStep(steps);
      const invoice = steps.some((s) => s.key === 'invoiced' && s.done) ? orderInvoices?.[0] : undefined;
      const row: BuyerOrderRow = {
        id: order.id,
        number: order.purchaseOrderNumber ?? String(order.id),
        orderType: order.orderType,
        paymentMethod: order.paymentMethod,
        total: order.total,
        createdAt: order.createdAt.toISOString(),
        status: current.key,
        statusLabel: current.label,
        statusAt: current.at,
        erpDocNum: order.erpDocNum,
        invoiceFolio: invoice ? invoice.folio || String(invoice.docNum) : null,
        personName: person.name,
        personRut: person.rut,
        repName: order.repName,
        ...(moved.has(order.id) ? { porLlegarMovido: true } : {}),
      };
      return { row, steps };
    });
    return { items, erpAvailable };
  }

  /** The ERP invoices of the customers of `orders` that are in the ERP, by card code; erpAvailable false if a read failed. */
  private async invoicesOf(orders: OrderRow[]): Promise<{ invoices: Map<string, InvoiceFollowUp[]>; erpAvailable: boolean }> {
    const since = new Map<string, string>();
    for (const order of orders) {
      if (order.erpDocEntry === null) continue;
      const day = invoicesSinceFor(order.createdAt);
      const known = since.get(order.cardCode);
      if (!known || day < known) since.set(order.cardCode, day);
    }
    const invoices = new Map<string, InvoiceFollowUp[]>();
    let erpAvailable = true;
    await Promise.all(
      [...since].map(async ([cardCode, day]) => {
        try {
          invoices.set(cardCode, await this.deps.invoices.of(cardCode, day));
        } catch (err) {
          erpAvailable = false;
          this.deps.log?.warn({ err, cardCode }, 'no se pudo consultar las facturas del cliente en el ERP');
        }
      }),
    );
    // customers with nothing in the ERP yet have no invoices (not "unknown")
    for (const order of orders) if (!since.has(order.cardCode)) invoices.set(order.cardCode, []);
    return { invoices, erpAvailable };
  }
}
