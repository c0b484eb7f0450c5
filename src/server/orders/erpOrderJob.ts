// The outbox job that sends an order to the ERP (a sales order, or a reservation) and confirms it when the ERP
// accepts it. Delivery is at least once, so the job is idempotent: a sent order is not sent again, and the ERP is
// asked for a document with the order's number (NumAtCard) before one is created.
import type { FastifyBaseLogger } from 'fastify';
import { ErpError } from '../erp/errors';
import type { ErpService } from '../erp/erpService';
import { buildSalesOrder } from '../erp/salesOrders';
import { PermanentJobError, type JobHandler } from '../jobs/outbox';
import type { OrderRepo } from './orderRepo';

export const ERP_ORDER_JOB = 'erp.order';

export interface ErpOrderPayload {
  orderId: number;
}

export const erpOrderDedupeKey = (purchaseOrderNumber: string) => `${ERP_ORDER_JOB}:${purchaseOrderNumber}`;

/** A refusal the ERP will repeat however often it is asked: a business rule (−10 and friends) or a missing record. */
export function isErpRejection(error: unknown): error is ErpError {
  return error instanceof ErpError && (error.code === 'ERP_REJECTED' || error.code === 'ERP_NOT_FOUND');
}

export function createErpOrderHandler(deps: {
  orders: OrderRepo;
  erp: ErpService;
  now?: () => Date;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}): JobHandler {
  const { orders, erp } = deps;
  return async (payload) => {
    const orderId = Number((payload as Partial<ErpOrderPayload> | null)?.orderId);
    if (!Number.isSafeInteger(orderId) || orderId <= 0) throw new PermanentJobError(`pedido inválido en el trabajo: ${JSON.stringify(payload)}`);
    const found = await orders.withLines(orderId);
    if (!found) throw new PermanentJobError(`el pedido ${orderId} no existe`);
    const { order, lines } = found;
    if (order.erpStatus === 'SENT') return; // already in the ERP: a second delivery of the job does nothing
    if (order.orderState !== 'PROCESS') {
      deps.log?.warn({ orderId, state: order.orderState }, 'pedido ya cerrado: no se envía al ERP');
      return;
    }
    const doc = buildSalesOrder(
      {
        purchaseOrderNumber: order.purchaseOrderNumber!,
        orderType: order.orderType,
        cardCode: order.cardCode,
        paymentMethod: order.paymentMethod,
        deliveryType: order.deliveryType,
        deliveryAddress: order.deliveryAddress,
        deliveryAddressText: order.deliveryAddressText,
        deliveryCommune: order.deliveryCommune,
        deliveryTransport: order.deliveryTransport,
        invoiceAddress: order.invoiceAddress,
        lines: lines.map((line) => ({ sku: line.sku, quantity: line.quantity, price: line.price, descLinea: Number(line.descLinea) })),
      },
      deps.now?.(),
    );
    let sent: { docEntry: number; docNum: number; created: boolean };
    try {
      sent = await erp.submitSalesOrder(doc);
    } catch (error) {
      if (!isErpRejection(error)) throw error; // unreachable, 5xx, timeout…: the worker retries with backoff
      await orders.markErpRejected(orderId, error.message);
      throw new PermanentJobError(`el ERP rechazó el pedido ${order.purchaseOrderNumber}: ${error.erpMessage ?? error.message}`, { cause: error });
    }
    await orders.markErpSent(orderId, sent);
    deps.log?.info({ orderId, number: order.purchaseOrderNumber, docEntry: sent.docEntry, created: sent.created }, 'pedido enviado al ERP');
  };
}
