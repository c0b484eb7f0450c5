import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '@server/db/connect';
import { orders } from '@server/db/schema';
import type { ErpService } from '@server/erp/erp.service';
import { createErpOrderHandler } from '@server/orders/erpOrderJob';
import { OrderRepo } from '@server/orders/orders.repo';
import type { CustomerProfile } from '@shared/api/erp';
import type { Order } from '@shared/api/orders';
import { call, login } from './helpers';

// A logged-in buyer with its ERP profile, and an order placed from a cart filled for it: what the order tests share.

export interface Buyer {
  token: string;
  id: number;
  profile: CustomerProfile;
}

export async function buyerOf(app: FastifyInstance, rut: string, password = 'Demo1234'): Promise<Buyer> {
  const session = await login(app, rut, password);
  const profile = (await call(app, { method: 'GET', url: `/api/user/b1/profile/${session.id}`, token: session.token })).json<CustomerProfile>();
  return { token: session.token, id: session.id, profile };
}

/** The id of the second transport the ERP lists (the first is the fallback '0001'). */
export async function someTransport(app: FastifyInstance, token: string): Promise<string> {
  return (await call(app, { method: 'GET', url: '/api/user/b1/tipo-transport', token })).json<{ idTransporte: string }[]>()[1]!.idTransporte;
}

/** The body of POST /api/orders: a credit-line sale to the buyer's first dispatch and invoice addresses, unless `choices` says otherwise. */
export function orderRequest(buyer: Buyer, transport: string, choices: object = {}): object {
  return {
    orderType: 'ONLINE',
    tipoEntrega: 'entrega',
    deliveryAddress: buyer.profile.despacho[0]!.iddespacho,
    deliveryTransport: transport,
    invoiceAddress: buyer.profile.factura[0]!.idfactura,
    paymentMethod: 'CREDIT',
    ...choices,
  };
}

/**
 * Empties the buyer's cart, puts `lines` in it and creates the order (a credit-line sale to the first dispatch and
 * invoice addresses unless `choices` says otherwise). Expects 201.
 */
export async function placeOrder(
  app: FastifyInstance,
  buyer: Buyer,
  lines: ReadonlyArray<{ sku: string; quantity: number }>,
  transport: string,
  choices: object = {},
): Promise<Order> {
  await call(app, { method: 'DELETE', url: `/api/user/cart/clear-cart/${buyer.id}`, token: buyer.token });
  for (const line of lines) await call(app, { method: 'POST', url: '/api/user/cart', token: buyer.token, payload: line });
  const res = await call(app, { method: 'POST', url: '/api/orders', token: buyer.token, payload: orderRequest(buyer, transport, choices) });
  expect(res.statusCode).toBe(201);
  return res.json<Order>();
}

/**
 * Runs the order's ERP job as the outbox would at least once: delivered, delivered again, and once more after the ERP
 * made the document but its answer was lost (the order set back to PENDING). Exactly once means one document.
 */
export async function deliverErpOrderThrice(deps: { db: Db; erp: ErpService }, order: Pick<Order, 'id' | 'purchaseOrderNumber'>): Promise<void> {
  const handler = createErpOrderHandler({ orders: new OrderRepo(deps.db), erp: deps.erp });
  const job = { id: 0, kind: 'erp.order', dedupeKey: `erp.order:${order.purchaseOrderNumber}`, attempts: 1, postedAt: null, markPosting: async () => undefined, clearPosting: async () => undefined };
  await handler({ orderId: order.id }, job);
  await handler({ orderId: order.id }, { ...job, attempts: 2 });
  await deps.db.update(orders).set({ orderState: 'PROCESS', erpStatus: 'PENDING', erpDocEntry: null, erpDocNum: null, numOc: '' }).where(eq(orders.id, order.id));
  await handler({ orderId: order.id }, { ...job, attempts: 3 });
}
