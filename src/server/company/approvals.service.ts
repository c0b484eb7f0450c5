// Approval of orders by the buying company (docs/company-people.md). An order by a Comprador over their monthly limit
// waits (AWAITING_COMPANY_APPROVAL); an Aprobador or the Administrador of the same company, not the buyer, approves
// or rejects it:
// - approve: re-priced with the function the server charges with and checked against the stock; a change answers 409
//   with what changed, the order stored re-priced (still waiting), so the next approve of the now current order goes
//   through. Then one conditional UPDATE moves it to PROCESS (two approvers at once: one wins), in the transaction
//   that queues its ERP submission (credit sales and reservations, the same job and key as /ov and /reserve), audits
//   it and mails the buyer. Card and transfer orders stay PROCESS for the buyer to pay.
// - reject: CANCELED with the reason, its lines back in the buyer's cart, audited and mailed, in one transaction.
import type { CompanyApproval, CompanyApprovalChange, CompanyApprovalDecision, CompanyApprovalList } from '@shared/api/companyApprovals';
import { isBlocked } from '@shared/blocking';
import { creditCovers } from '@shared/checkoutRules';
import { fill, MSG } from '@shared/messages';
import { APPROVAL_MSG } from '@shared/schemas/companyApprovals';
import { AuditLog } from '../audit/auditLog';
import type { CartRepo } from '../cart/cart.repo';
import type { CartService } from '../cart/cart.service';
import type { Db } from '../db/connect';
import type { OrderMailService } from '../mail/orderMail.service';
import type { OrderLineRow, OrderRow } from '../db/schema';
import { HttpError } from '../errors';
import type { OutboxWorker } from '../jobs/outbox';
import type { Outbox } from '../jobs/outbox.repo';
import { ERP_ORDER_JOB, erpOrderDedupeKey, isPaidByProvider, type ErpOrderPayload } from '../orders/erpOrderJob';
import { toOrder, toOrderLine, type OrderRepo, type OrderWithLines } from '../orders/orders.repo';
import { orderLineOf } from '../orders/orders.service';
import type { SessionUser } from '../plugins/auth';
import { actingOn } from '../security/acting';
import { AWAITING } from './approvalRules';
import { enqueueDecisionMail, type ApprovalMailContext } from './approvalMails';
import type { ApprovalsRepo, PersonRef } from './approvals.repo';
import { SERVER_MSG } from '../messages';

export interface ApprovalServiceDeps {
  db: Db;
  orders: OrderRepo;
  approvals: ApprovalsRepo;
  cart: CartService;
  cartRepo: CartRepo;
  outbox: Outbox;
  worker: OutboxWorker;
  brandName: string;
  mailDomain: string;
  /** The staff's RESERVE notification of an approved reservation (the reserve flow's last step, which the buyer's SPA skipped). */
  orderMail?: Pick<OrderMailService, 'notify'>;
  log?: { warn: (obj: object, msg: string) => void };
}

/** What the buyer's mail says comes next after an approval. */
const NEXT_STEP = {
  erp: 'El pedido se envía ahora al ERP; recibirás su confirmación por correo.',
  pay: 'Ya puedes pagarlo en el portal, en Mis pedidos.',
  cheque: 'Ya puedes pagarlo con cheque en el portal, en Mis pedidos: envía la foto del cheque.',
} as const;

function approvalOf({ order, lines }: OrderWithLines, buyer: PersonRef): CompanyApproval {
  const api = toOrder({ order, lines });
  return {
    id: order.id,
    number: order.purchaseOrderNumber ?? '',
    orderType: order.orderType,
    paymentMethod: order.paymentMethod,
    deliveryType: order.deliveryType,
    createdAt: order.createdAt.toISOString(),
    buyer: { userId: buyer.id, rut: buyer.username, name: buyer.fullName, email: buyer.email },
    lines: lines.map(toOrderLine),
    totals: api.totals,
    buyerReference: order.buyerReference,
  };
}

export class ApprovalService {
  constructor(private readonly deps: ApprovalServiceDeps) {}

  private get mails(): ApprovalMailContext {
    return { outbox: this.deps.outbox, brand: this.deps.brandName, domain: this.deps.mailDomain };
  }

  /** GET /api/user/company/approvals: the acting company's waiting orders. */
  async list(user: SessionUser): Promise<CompanyApprovalList> {
    const rows = await this.deps.approvals.waiting(user.companyRut);
    return { rows: rows.map(({ buyer, ...found }) => approvalOf(found, buyer)) };
  }

  /** A waiting order of the acting company that this person may decide on (not their own). */
  private async decidable(user: SessionUser, id: number): Promise<OrderWithLines & { buyer: PersonRef }> {
    const found = actingOn(user, await this.deps.orders.withLines(id), (f) => f.order.companyRut);
    const number = found.order.purchaseOrderNumber ?? '';
    if (found.order.orderState !== AWAITING) throw new HttpError(409, fill(APPROVAL_MSG.notWaiting, { number }));
    if (found.order.userId === user.id) throw new HttpError(403, APPROVAL_MSG.ownOrder);
    const buyer = await this.deps.approvals.person(found.order.userId);
    if (!buyer) throw new HttpError(404, SERVER_MSG.orderNotFound);
    return { ...found, buyer };
  }

  /** `seen`: the order's total the approver was shown (undefined: the order as stored). */
  async approve(user: SessionUser, id: number, seen?: number): Promise<CompanyApprovalDecision> {
    const { db, orders, approvals, cart, outbox, worker } = this.deps;
    const found = await this.decidable(user, id);
    const { order, lines, buyer } = found;
    const number = order.purchaseOrderNumber ?? '';

    // re-priced now, with the company's fresh profile, prices and stock (the server charges with these)
    // (a pre-order line against what arrives, its own order's promise left out: docs/incoming.md)
    const priced = await cart.pricedLines(user, lines.map((l) => ({ sku: l.sku, quantity: l.quantity, porLlegar: l.shipDate !== null })), order.id);
    const changes = changesOf(lines, priced.items);
    // the approver was shown another total (the order was re-priced since): the order as it is, not approved
    const stale = seen !== undefined && seen !== order.total;
    if (changes.length > 0 || stale) {
      const short = changes.some((c) => c.short);
      // a price change is stored (the next approve is of the current order); a stock short of the quantity is not
      // something an approve can fix: the order stays as it is, for the approver to reject
      if (!short) await approvals.reprice(order.id, priced.items.map(orderLineOf), priced.totals);
      const now = (await orders.withLines(order.id)) ?? found;
      throw new HttpError(409, fill(short ? APPROVAL_MSG.stockShort : APPROVAL_MSG.changed, { number }), undefined, {
        approval: { changes, oldTotal: seen ?? order.total, newTotal: short ? order.total : priced.totals.total, approval: approvalOf(now, buyer) },
      });
    }
    // sent on exactly as if it had just been placed: the company's blocking and credit line as they are now
    if (isBlocked(priced.profile)) throw new HttpError(409, MSG.blocked);
    if (order.orderType === 'ONLINE' && order.paymentMethod === 'CREDIT' && !creditCovers(priced.profile.limitecred, order.total)) {
      throw new HttpError(409, MSG.creditInsufficient);
    }

    const toErp = order.orderType === 'RESERVE' || order.paymentMethod === 'CREDIT';
    const next = toErp ? NEXT_STEP.erp : isPaidByProvider(order.paymentMethod) ? NEXT_STEP.pay : NEXT_STEP.cheque;
    const approver = (await approvals.person(user.id)) ?? { id: user.id, username: user.username, fullName: '', email: '' };
    await db.transaction(async (tx) => {
      const decided = await approvals.decide(tx, order.id, 'PROCESS', user.id, '');
      if (!decided) throw new HttpError(409, fill(APPROVAL_MSG.notWaiting, { number }));
      if (toErp) {
        // the same submission /ov and /reserve queue: the order marked PENDING, the job keyed by the order's number
        await tx.execute(orders.erpPendingChange(order.id));
        const payload: ErpOrderPayload = { orderId: order.id };
        await outbox.enqueue(tx, { kind: ERP_ORDER_JOB, payload, dedupeKey: erpOrderDedupeKey(number) }, { revive: true });
      }
      await this.audit(tx, user, decided, 'AWAITING_COMPANY_APPROVAL', '');
      await enqueueDecisionMail(this.mails, tx, decided, buyer, { approved: true, by: approver, reason: '', next });
    });
    worker.kick();
    if (order.orderType === 'RESERVE') await this.notifyReserve(user, number);
    const after = (await orders.withLines(order.id)) ?? found;
    const message = fill(toErp ? APPROVAL_MSG.approvedSent : isPaidByProvider(order.paymentMethod) ? APPROVAL_MSG.approvedToPay : APPROVAL_MSG.approved, { number });
    return { message, order: toOrder(after) };
  }

  async reject(user: SessionUser, id: number, reason: string): Promise<CompanyApprovalDecision> {
    const { db, orders, approvals, cartRepo, worker } = this.deps;
    const { order, lines, buyer } = await this.decidable(user, id);
    const number = order.purchaseOrderNumber ?? '';
    const approver = (await approvals.person(user.id)) ?? { id: user.id, username: user.username, fullName: '', email: '' };
    await db.transaction(async (tx) => {
      const decided = await approvals.decide(tx, order.id, 'CANCELED', user.id, reason);
      if (!decided) throw new HttpError(409, fill(APPROVAL_MSG.notWaiting, { number }));
      // creating the order took its lines out of the buyer's cart: they go back with the rejection
      await cartRepo.restoreLines(tx, { userId: order.userId, companyRut: order.companyRut }, lines.map((line) => ({ sku: line.sku, quantity: line.quantity, porLlegar: line.shipDate !== null })));
      await this.audit(tx, user, decided, 'AWAITING_COMPANY_APPROVAL', reason);
      await enqueueDecisionMail(this.mails, tx, decided, buyer, { approved: false, by: approver, reason, next: '' });
    });
    worker.kick();
    const after = (await orders.withLines(order.id)) ?? { order, lines };
    return { message: fill(APPROVAL_MSG.rejected, { number }), order: toOrder(after) };
  }

  /**
   * An approved reservation is notified to the staff's RESERVE recipient, as the reserve flow does once the buyer sends
   * it (one mail per reservation: its key). The approval stands whatever happens here: a missing recipient or a failure
   * is logged, and the buyer or the staff can ask for it again (POST /api/user/sendmail/order).
   */
  private async notifyReserve(user: SessionUser, number: string): Promise<void> {
    try {
      await this.deps.orderMail?.notify(user, { numberOrder: number, section: 'RESERVE' });
    } catch (err) {
      this.deps.log?.warn({ err, order: number }, 'reserva aprobada por la empresa sin aviso al destinatario RESERVE');
    }
  }

  private audit(tx: Parameters<typeof AuditLog.record>[0], user: SessionUser, order: OrderRow, before: string, reason: string): Promise<void> {
    return AuditLog.record(tx, {
      actor: user,
      action: 'update',
      entity: 'order',
      entityId: order.purchaseOrderNumber ?? order.id,
      fields: ['orderState'],
      before: { orderState: before },
      after: { orderState: order.orderState },
      details: { decision: order.orderState === 'CANCELED' ? 'rechazado' : 'aprobado', company: order.companyRut, buyerId: order.userId, total: order.total, ...(reason ? { reason } : {}) },
    });
  }
}

/** The lines whose price changed since the order was priced, or whose stock no longer covers them. */
export function changesOf(lines: readonly OrderLineRow[], items: ReadonlyArray<{ sku: string; priceFinalUnit: number; priceList: number; priceFinal: number; stock: number; unavailable?: boolean }>): CompanyApprovalChange[] {
  const changes: CompanyApprovalChange[] = [];
  lines.forEach((line, index) => {
    const item = items[index];
    const short = !item || Boolean(item.unavailable) || item.stock < line.quantity;
    const newPrice = item && !item.unavailable ? item.priceFinalUnit : line.priceFinalUnit;
    const priceChanged = Boolean(item && !item.unavailable && (item.priceFinalUnit !== line.priceFinalUnit || item.priceList !== line.price || item.priceFinal !== line.priceFinal));
    if (!short && !priceChanged) return;
    changes.push({ sku: line.sku, name: line.name, size: line.size, quantity: line.quantity, oldPrice: line.priceFinalUnit, newPrice, stock: item && !item.unavailable ? item.stock : 0, short });
  });
  return changes;
}
