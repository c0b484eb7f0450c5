// The outbox job that sends an order to the ERP (a sales order, or a reservation) and confirms it when the ERP
// accepts it. Delivery is at least once, so the job is idempotent: a sent order is not sent again, and the ERP document
// with the order's number (NumAtCard, in Orders and in Drafts) is looked up before one is created; a create whose
// outcome is unknown is only looked up until the ERP has surely finished it (createOnce, docs/exactly-once.md).
// An ERP with an approval procedure makes a Draft: the order waits (AWAITING_APPROVAL) until it is approved or refused.
// A paid order (WebPay, Khipu) is different: its payment already CONFIRMED it (the payments area enqueues this job in
// that same transaction), it goes with U_FormaPago '4', and an ERP refusal does not cancel it (the money was
// received): the refusal is recorded on the order and logged for the staff.
import type { FastifyBaseLogger } from 'fastify';
import { fill } from '@shared/messages';
import { ERP_STATUS_TEXTS } from '@shared/erpStatus';
import { createOnce } from '../erp/createOnce';
import { ErpError } from '../erp/errors';
import type { ErpService, SalesDocumentState } from '../erp/erp.service';
import { buildSalesOrder } from '../erp/salesOrders';
import { PermanentJobError, RetryLaterError, type JobHandler } from '../jobs/outbox';
import type { PaymentMethod } from '@shared/orders';
import type { OrderRepo } from './orders.repo';

export const ERP_ORDER_JOB = 'erp.order';

export interface ErpOrderPayload {
  orderId: number;
}

export const erpOrderDedupeKey = (purchaseOrderNumber: string) => `${ERP_ORDER_JOB}:${purchaseOrderNumber}`;

/** A refusal the ERP will repeat however often it is asked: a business rule (−10 and friends) or a missing record. */
export function isErpRejection(error: unknown): error is ErpError {
  return error instanceof ErpError && (error.code === 'ERP_REJECTED' || error.code === 'ERP_NOT_FOUND');
}

/** Orders a payment provider confirms (card, bank transfer): the server sends them itself once paid. */
export function isPaidByProvider(method: PaymentMethod | null): boolean {
  return method === 'WEBPAY' || method === 'KHIPU';
}

export function createErpOrderHandler(deps: {
  orders: OrderRepo;
  erp: ErpService;
  now?: () => Date;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn'> & Partial<Pick<FastifyBaseLogger, 'error'>>;
}): JobHandler {
  const { orders, erp } = deps;
  return async (payload, job) => {
    const orderId = Number((payload as Partial<ErpOrderPayload> | null)?.orderId);
    if (!Number.isSafeInteger(orderId) || orderId <= 0) throw new PermanentJobError(`pedido inválido en el trabajo: ${JSON.stringify(payload)}`);
    const found = await orders.withLines(orderId);
    if (!found) throw new PermanentJobError(`el pedido ${orderId} no existe`);
    const { order, lines } = found;
    if (order.erpStatus === 'SENT') return; // already in the ERP: a second delivery of the job does nothing
    const paid = isPaidByProvider(order.paymentMethod);
    if (paid && order.erpStatus === 'REJECTED') return; // refused before: the staff settles it, no retry
    if (order.orderState !== (paid ? 'CONFIRMED' : 'PROCESS')) {
      deps.log?.warn({ orderId, state: order.orderState, paid }, paid ? 'pedido pagado no confirmado: no se envía al ERP' : 'pedido ya cerrado: no se envía al ERP');
      return;
    }
    const doc = buildSalesOrder(
      {
        purchaseOrderNumber: order.purchaseOrderNumber!,
        orderType: order.orderType,
        cardCode: order.cardCode,
        // who of the company placed it (the B1 contact person), when the person has one
        contactPersonCode: order.contactCode,
        // the rep who wrote it for the customer (their sales employee); none keeps the ERP's default, the customer's own
        salesPersonCode: order.salesPersonCode,
        paymentMethod: order.paymentMethod,
        deliveryType: order.deliveryType,
        deliveryAddress: order.deliveryAddress,
        deliveryAddressText: order.deliveryAddressText,
        deliveryCommune: order.deliveryCommune,
        deliveryTransport: order.deliveryTransport,
        invoiceAddress: order.invoiceAddress,
        buyerReference: order.buyerReference,
        requestedDeliveryDate: order.requestedDeliveryDate,
        incomingShipping: order.incomingShipping,
        orderDate: order.createdAt,
        lines: lines.map((line) => ({
          sku: line.sku,
          quantity: line.quantity,
          price: line.price,
          priceFinalUnit: line.priceFinalUnit,
          descLinea: Number(line.descLinea),
          shipDate: line.shipDate,
        })),
      },
      deps.now?.(),
    );
    const number = order.purchaseOrderNumber!;
    let held: SalesDocumentState;
    try {
      held = await createOnce(job, erp.createPolicy, {
        what: `el pedido ${number}`,
        lookup: () => erp.findSalesDocument(order.cardCode, number),
        create: () => erp.postSalesOrder(doc),
      });
    } catch (error) {
      if (!isErpRejection(error)) throw error; // unreachable, 5xx, timeout…: the worker retries (looking first)
      await reject(error.erpMessage ?? error.message);
      throw new PermanentJobError(`el ERP rechazó el pedido ${number}: ${error.erpMessage ?? error.message}`, { cause: error });
    }

    if (held.kind === 'draft') {
      if (held.approval === 'rejected') {
        const reason = fill(ERP_STATUS_TEXTS.approvalRejected, { number }) + (held.remarks ? `: ${held.remarks}` : '');
        await reject(reason);
        throw new PermanentJobError(`el aprobador del ERP rechazó el pedido ${number} (borrador ${held.draftEntry})`);
      }
      // Waiting for the ERP's approval procedure (or approved and not yet turned into an order): never cancelled
      // meanwhile; looked at again until the draft becomes an order or is refused.
      await orders.markAwaitingApproval(orderId, held.draftEntry);
      deps.log?.info({ orderId, number, draftEntry: held.draftEntry, approval: held.approval }, 'pedido en espera de aprobación en el ERP');
      throw new RetryLaterError(`el pedido ${number} espera aprobación en el ERP (borrador ${held.draftEntry})`, erp.createPolicy.approvalPollMs);
    }
    if (paid) await orders.markPaidErpSent(orderId, held);
    else await orders.markErpSent(orderId, held);
    deps.log?.info({ orderId, number, docEntry: held.docEntry, docNum: held.docNum }, 'pedido enviado al ERP');

    /** The ERP (or its approver) refused the order: a paid one stays CONFIRMED for the staff, any other is CANCELED. */
    async function reject(reason: string): Promise<void> {
      if (paid) {
        await orders.markPaidErpRejected(orderId, reason);
        const report = { orderId, number, numOc: order.numOc, erpError: reason };
        const staff = 'pedido PAGADO rechazado por el ERP: debe ingresarse a mano (el pago ya fue recibido)';
        if (deps.log?.error) deps.log.error(report, staff);
        else deps.log?.warn(report, staff);
      } else {
        await orders.markErpRejected(orderId, reason);
      }
    }
  };
}
