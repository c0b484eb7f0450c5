// Orders are a state machine on the server: created PROCESS from the buyer's server cart,
// priced right then; CONFIRMED or CANCELED only with evidence. The ERP submission goes through the outbox in the
// same transaction as the state change, so an ERP that is down delays an order but never loses it.
import type { CartItem } from '@shared/api/cart';
import type { CreateOrderRequest, Order, OrderSubmissionResponse, UpdateOrderStateRequest } from '@shared/api/orders';
import { isBlocked } from '@shared/blocking';
import { chequeAllowed, creditCovers } from '@shared/checkoutRules';
import { ERP_STATUS_TEXTS } from '@shared/erpStatus';
import { arrivalCovering, INCOMING_TEXTS, incomingTotal } from '@shared/incoming';
import { fill, MSG } from '@shared/messages';
import { STORE_PICKUP, type PaymentMethod } from '@shared/orders';
import type { CartService } from '../cart/cart.service';
import { overStockError } from '../cart/cart.service';
import type { Db, Tx } from '../db/connect';
import type { OrderRow } from '../db/schema';
import { ERP_MESSAGES, ErpError, isErpDown } from '../erp/errors';
import { incomingOf } from '../erp/mapping';
import type { ErpService } from '../erp/erp.service';
import { HttpError } from '../errors';
import type { OutboxWorker } from '../jobs/outbox';
import type { Outbox } from '../jobs/outbox.repo';
import type { SessionUser } from '../plugins/auth';
import { ApprovalsRepo, mustWaitForCompany } from '../company/approvals.repo';
import { refuseWhileWaiting } from '../company/approvalRules';
import { enqueueApprovalRequests } from '../company/approvalMails';
import { ownOrder } from './ownership';
import { ERP_ORDER_JOB, erpOrderDedupeKey, isPaidByProvider, type ErpOrderPayload } from './erpOrderJob';
import { repOfOrder } from './orderRep.repo';
import { PreordersRepo } from './preorders.repo';
import { toOrder, totalsColumns, type NewOrderLine, type OrderRepo, type OrderWithLines } from './orders.repo';
import { SERVER_MSG } from '../messages';

/** Which ERP submission a route asks for: a reservation (/user/b1/reserve) or a sales order (/user/b1/ov). */
export type SubmissionKind = 'reserve' | 'ov';

export interface SubmissionResult {
  /** 200 done, 202 received and waiting for the ERP. */
  status: 200 | 202;
  body: OrderSubmissionResponse;
}

/** Texts of this service that the shared catalogue does not have. */
export const ORDER_TEXTS = {
  notAReserve: 'El pedido {number} no es una reserva',
  notASale: 'El pedido {number} es una reserva: debe enviarse como reserva',
  paymentNotForErp: 'El pedido {number} no se paga con línea de crédito ni cheque',
  // a 5xx of POST /orders: the buyer reads what happened, that nothing was made or charged, and what to do
  notCreatedErpDown:
    'No se creó tu pedido: el ERP (el sistema de stock y precios) no responde. No se cobró nada y tu carro sigue igual. Vuelve a intentarlo en unos minutos.',
  notCreated: 'No se creó tu pedido por una falla del portal. No se cobró nada y tu carro sigue igual. Vuelve a intentarlo en unos minutos.',
  // a 503 of /ov or /reserve: the order exists and is kept; the outbox sends it when the ERP answers again
  keptForErp: 'Tu pedido {number} quedó registrado, pero el ERP no responde: se enviará solo apenas vuelva. No necesitas hacer el pedido de nuevo.',
} as const;

/**
 * A failure of POST /orders as the buyer reads it. A 5xx means the transaction that inserts the order never committed
 * (the order and its Idempotency-Key answer commit together), so the answer says there is no order: `order.created`
 * false. The key stays free: a retry with it runs again and makes at most one order. Other errors pass unchanged.
 */
export function creationFailure(error: unknown): unknown {
  const status = error instanceof HttpError || error instanceof ErpError ? error.status : 500;
  if (status < 500) return error;
  const down = isErpDown(error);
  return new HttpError(status, down ? ORDER_TEXTS.notCreatedErpDown : ORDER_TEXTS.notCreated, undefined, {
    ...(down ? { code: 'ERP_UNAVAILABLE' as const } : {}),
    order: { created: false },
  });
}

/** An order's line as a priced cart line gives it (the order keeps its own priced copy). */
export const orderLineOf = (item: CartItem): NewOrderLine => ({
  sku: item.sku,
  name: item.name.slice(0, 200),
  size: item.size.slice(0, 20),
  quantity: item.quantity,
  price: item.priceList,
  offerPct: item.percentageOffer,
  loyaltyPct: item.percentageLoyalty,
  priceOffer: item.priceOffer,
  priceFinalUnit: item.priceFinalUnit,
  priceFinal: item.priceFinal,
  descLinea: item.descLinea,
  // a pre-order line is promised the date by which its quantity arrives (docs/incoming.md)
  shipDate: item.porLlegar ? (item.llegada ?? null) : null,
});

const PROVIDER_NAMES: Record<PaymentMethod, string> = { WEBPAY: 'WebPay Plus', KHIPU: 'Khipu', CHEQUE: 'cheque', CREDIT: 'línea de crédito' };

/**
 * Called by `OrderService.create` inside the transaction that inserts the order, with the answer the buyer gets:
 * whatever it writes commits or rolls back with the order (the Idempotency-Key's stored answer). Throwing rolls the
 * order back.
 */
export type OrderCreatedHook = (tx: Tx, order: Order) => Promise<void>;

/** How long a reserve / ov request waits for the ERP before answering 202 (the outbox keeps trying after). */
export const DELIVER_NOW_MS = 8_000;

export interface OrderServiceDeps {
  db: Db;
  orders: OrderRepo;
  cart: CartService;
  erp: ErpService;
  outbox: Outbox;
  worker: OutboxWorker;
  deliverNowMs?: number;
  /** The approvers' mails of an order that waits for the company (brand in the text, domain of the Message-ID). */
  brandName: string;
  mailDomain: string;
}


/** What the buyer reads when an order is done: the spec's confirmation texts, or why it was canceled. */
function doneMessage(order: OrderRow): string {
  if (order.orderState === 'CANCELED') return order.erpError || MSG.paymentDeclined;
  return order.orderType === 'RESERVE' ? MSG.reserveSent : MSG.thanksForBuying;
}

/** What the buyer reads while the ERP does not have the order yet: queued, or waiting for the ERP's approval. */
const pendingMessage = (order: OrderRow) =>
  fill(order.erpStatus === 'AWAITING_APPROVAL' ? ERP_STATUS_TEXTS.awaitingApproval : MSG.orderPendingErp, { number: order.purchaseOrderNumber ?? '' });

export class OrderService {
  constructor(private readonly deps: OrderServiceDeps) {}

  /**
   * POST /orders: an order of everything in the buyer's cart, priced now with fresh ERP prices and stock, checked
   * against the buyer's fresh ERP profile (blocking, own addresses, payment condition, available credit).
   *
   * The order consumes the cart: in the transaction that inserts it, the priced lines are taken out of the buyer's
   * cart (same sku and quantity), so a repeated or concurrent create of the same cart finds it empty (409) and only
   * one order is made. A cart changed between pricing and the insert rolls everything back (409). The order keeps
   * its own priced copy of the lines. `onCreated` runs last in the same transaction.
   *
   * An order of a Comprador over their monthly limit is made AWAITING_COMPANY_APPROVAL (docs/company-people.md): its
   * lines leave the cart all the same, nothing is sent or paid, and the company's approvers are mailed in the same
   * transaction.
   */
  async create(user: SessionUser, request: CreateOrderRequest, onCreated?: OrderCreatedHook): Promise<Order> {
    const { cart, erp, orders, db } = this.deps;
    // the fresh profile and the cart's fresh prices and stock, read at the same time
    const priced = await cart.priced(user);
    const { profile } = priced;
    if (isBlocked(profile)) throw new HttpError(403, MSG.blocked);
    if (priced.items.length === 0) throw new HttpError(409, MSG.cartIsEmpty);
    for (const item of priced.items) {
      if (item.unavailable) throw new HttpError(400, fill(MSG.cartItemUnavailable, { sku: item.sku }));
      if (item.quantity > item.stock || (item.porLlegar && !item.llegada)) throw overStockError(item);
    }
    // pre-order lines (docs/incoming.md): the buyer says how they ship; they are paid on each dispatch's invoice
    const preorder = priced.items.filter((item) => item.porLlegar);
    if (preorder.length) {
      if (!request.envioPorLlegar) throw new HttpError(400, INCOMING_TEXTS.shippingRequired);
      if (request.orderType === 'ONLINE' && request.paymentMethod && isPaidByProvider(request.paymentMethod)) throw new HttpError(400, INCOMING_TEXTS.paymentOnInvoice);
    }

    let delivery = { deliveryAddress: STORE_PICKUP, deliveryAddressText: '', deliveryCommune: '', deliveryTransport: '' };
    if (request.tipoEntrega === 'entrega') {
      const address = profile.despacho.find((d) => d.iddespacho === request.deliveryAddress);
      if (!address) throw new HttpError(400, SERVER_MSG.addressNotYours);
      const transports = await erp.listTransports();
      if (!transports.some((t) => t.idTransporte === request.deliveryTransport)) throw new HttpError(400, SERVER_MSG.transportUnknown);
      delivery = {
        deliveryAddress: address.iddespacho,
        deliveryAddressText: address.direccion,
        deliveryCommune: address.comuna,
        deliveryTransport: request.deliveryTransport,
      };
    }
    if (!profile.factura.some((f) => f.idfactura === request.invoiceAddress)) throw new HttpError(400, SERVER_MSG.addressNotYours);

    let paymentMethod: PaymentMethod | null = null;
    if (request.orderType === 'ONLINE') {
      paymentMethod = request.paymentMethod!;
      if (paymentMethod === 'CHEQUE' && !chequeAllowed(profile)) throw new HttpError(400, SERVER_MSG.chequeNotAllowed);
      if (paymentMethod === 'CREDIT' && !creditCovers(profile.limitecred, priced.totals.total)) throw new HttpError(400, MSG.creditInsufficient);
    }

    const { totals } = priced;
    const lines: NewOrderLine[] = priced.items.map(orderLineOf);
    return db.transaction(async (tx) => {
      // the incoming goods are promised once: under the sizes' locks, the portal's promises and the ERP read again
      if (preorder.length) await this.promiseIncoming(tx, preorder, lines);
      // a rep's order never waits for the company's approval: that is for a Comprador over their limit
      const waits = !user.rep && user.companyRole === 'COMPRADOR' && (await mustWaitForCompany(tx, user.id, totals.total));
      const rep = user.rep ? await repOfOrder(tx, user) : null;
      // takes the priced lines out of the cart and inserts the order, in one statement
      const stored = await orders.insert(
        tx,
        {
          orderType: request.orderType,
          userId: user.id,
          companyRut: user.companyRut,
          orderState: waits ? 'AWAITING_COMPANY_APPROVAL' : 'PROCESS',
          cardCode: profile.idcliente,
          // a rep is no contact person of the customer: the ERP order names the rep's sales employee instead
          contactCode: rep ? null : user.contactCode,
          repUserId: rep?.userId ?? null,
          repName: rep?.name ?? '',
          salesPersonCode: rep?.salesPersonCode ?? null,
          paymentMethod,
          deliveryType: request.tipoEntrega,
          ...delivery,
          invoiceAddress: request.invoiceAddress,
          buyerReference: request.buyerReference ?? '',
          requestedDeliveryDate: request.requestedDeliveryDate || null,
          incomingShipping: preorder.length ? request.envioPorLlegar! : null,
          ...totalsColumns(totals),
        },
        lines,
      );
      if (!stored) throw new HttpError(409, SERVER_MSG.cartChanged); // rolls the transaction back: the cart stays as it is
      if (waits) await this.askApprovers(tx, stored.order);
      const order = toOrder(stored);
      await onCreated?.(tx, order);
      return order;
    });
  }

  /**
   * Checks the pre-order lines against what arrives, holding each size's pre-order lock until the order's transaction
   * ends (docs/incoming.md): the portal's own promises are read first, then the ERP (an order the ERP took meanwhile
   * is then counted in its backlog, or twice for a moment: never promised twice). A line no longer covered is refused
   * with the stock-cap message; each line's promised date is set to what arrives now.
   */
  private async promiseIncoming(tx: Tx, preorder: readonly CartItem[], lines: NewOrderLine[]): Promise<void> {
    const { erp, db } = this.deps;
    const skus = preorder.map((item) => item.sku);
    const preorders = new PreordersRepo(db);
    await preorders.lock(tx, skus);
    const promised = await preorders.promised(skus, tx);
    const [fresh, arrivals] = await Promise.all([erp.getItems(skus), erp.arrivalsOf(skus)]);
    const bySku = new Map(fresh.map((item) => [item.itemCode, item]));
    for (const item of preorder) {
      const found = bySku.get(item.sku);
      const free = found ? incomingOf({ ...found, arrivals: arrivals.get(item.sku) }, undefined, promised.get(item.sku) ?? 0) : [];
      const date = arrivalCovering(free, item.quantity);
      if (!date) throw overStockError({ ...item, stock: incomingTotal(free) });
      const line = lines.find((l) => l.sku === item.sku && l.shipDate);
      if (line) line.shipDate = date;
    }
  }

  /** The company's approvers are mailed that the order waits for them (in the order's transaction). */
  private async askApprovers(tx: Tx, order: OrderRow): Promise<void> {
    const { outbox, brandName, mailDomain } = this.deps;
    const repo = new ApprovalsRepo(this.deps.db);
    const [buyer, approvers] = await Promise.all([repo.person(order.userId, tx), repo.approvers(order.companyRut, order.userId, tx)]);
    if (buyer) await enqueueApprovalRequests({ outbox, brand: brandName, domain: mailDomain }, tx, order, buyer, approvers);
  }

  /** GET /orders/{id}: the buyer's own order. */
  async get(user: SessionUser, id: number): Promise<Order> {
    return toOrder(ownOrder(user, await this.deps.orders.withLines(id)));
  }

  /**
   * POST /user/b1/reserve and /user/b1/ov: sends the buyer's own PROCESS order to the ERP through the outbox and
   * waits a little for it. A repeated call finds the same job (dedupe key) and, once sent, answers the result.
   */
  async submit(user: SessionUser, reference: string, kind: SubmissionKind): Promise<SubmissionResult> {
    const { orders, outbox, worker } = this.deps;
    const order = ownOrder(user, await orders.byNumber(reference));
    const number = order.purchaseOrderNumber ?? reference;
    refuseWhileWaiting(order);
    if (kind === 'reserve' && order.orderType !== 'RESERVE') throw new HttpError(400, fill(ORDER_TEXTS.notAReserve, { number }));
    if (kind === 'ov') {
      if (order.orderType !== 'ONLINE') throw new HttpError(400, fill(ORDER_TEXTS.notASale, { number }));
      const method = order.paymentMethod;
      if (method === 'WEBPAY' || method === 'KHIPU') throw new HttpError(409, fill(SERVER_MSG.paymentNeedsProvider, { provider: PROVIDER_NAMES[method] }));
      if (method !== 'CREDIT' && method !== 'CHEQUE') throw new HttpError(400, fill(ORDER_TEXTS.paymentNotForErp, { number }));
      if (method === 'CHEQUE' && !order.chequeFileKey) throw new HttpError(400, MSG.chequePhotoMissing);
    }
    if (order.orderState !== 'PROCESS') return this.finalAnswer(await this.current(order.id));

    const payload: ErpOrderPayload = { orderId: order.id };
    // the order marked PENDING and its submission queued together (one statement); revive: a submission the outbox gave
    // up on (the ERP was down too long) is queued again, not stranded
    const job = await outbox.enqueueWith(orders.erpPendingChange(order.id), { kind: ERP_ORDER_JOB, payload, dedupeKey: erpOrderDedupeKey(number) }, { revive: true });
    const outcome = await worker.deliverNow(job.id, this.deps.deliverNowMs ?? DELIVER_NOW_MS);
    const after = await this.current(order.id);
    if (after.order.orderState !== 'PROCESS') return this.finalAnswer(after);
    if (outcome === 'failed') {
      // Not a rejection (that cancels the order): the outbox gave up on an ERP that kept failing. The order stays, and
      // the outbox's re-drive sends it when the ERP answers again: the answer says so, with its number.
      throw new HttpError(503, fill(ORDER_TEXTS.keptForErp, { number }), undefined, {
        code: 'ERP_UNAVAILABLE',
        order: { created: true, purchaseOrderNumber: number, orderState: after.order.orderState },
      });
    }
    return { status: 202, body: { order: toOrder(after), pending: true, message: pendingMessage(after.order) } };
  }

  /**
   * POST /orders/update/state/order: the client reports the state it expects; the server applies CONFIRMED only with
   * evidence (the ERP has the document) and answers the order as it stands. A final order answers unchanged.
   */
  async updateState(user: SessionUser, request: UpdateOrderStateRequest): Promise<SubmissionResult> {
    const { orders } = this.deps;
    const found = ownOrder(user, await orders.withLines(request.id));
    const { order } = found;
    refuseWhileWaiting(order);
    if (order.orderState !== 'PROCESS') return { status: 200, body: { order: toOrder(found), pending: false, message: doneMessage(order) } };
    const waiting = order.erpStatus === 'PENDING' || order.erpStatus === 'AWAITING_APPROVAL';
    if (request.state === 'PROCESS') {
      return { status: 200, body: { order: toOrder(found), pending: waiting, message: waiting ? pendingMessage(order) : '' } };
    }
    // CANCELED needs a payment provider's word, which the payments work adds; the ERP's refusal cancels by itself.
    if (request.state === 'CANCELED') throw new HttpError(409, SERVER_MSG.orderNeedsEvidence);
    if (order.erpStatus === 'SENT') {
      await orders.confirmWithErpEvidence(order.id);
      const confirmed = await this.current(order.id);
      return { status: 200, body: { order: toOrder(confirmed), pending: false, message: doneMessage(confirmed.order) } };
    }
    if (waiting) return { status: 202, body: { order: toOrder(found), pending: true, message: pendingMessage(order) } };
    throw new HttpError(409, SERVER_MSG.orderNeedsEvidence);
  }

  /** The answer for an order that is no longer in PROCESS. */
  private finalAnswer(found: OrderWithLines): SubmissionResult {
    const { order } = found;
    if (order.orderState === 'CANCELED') {
      if (order.erpStatus === 'REJECTED') throw new HttpError(400, order.erpError || ERP_MESSAGES.unsupported);
      throw new HttpError(409, fill(SERVER_MSG.orderNotPending, { number: order.purchaseOrderNumber ?? '' }));
    }
    return { status: 200, body: { order: toOrder(found), pending: false, message: doneMessage(order) } };
  }

  /** The order as it stands now, with its lines (one statement). */
  private async current(id: number): Promise<OrderWithLines> {
    const found = await this.deps.orders.withLines(id);
    if (!found) throw new HttpError(404, SERVER_MSG.orderNotFound);
    return found;
  }
}
