import { eq, sql } from 'drizzle-orm';
import type { CustomerProfile } from '@shared/api/erp';
import type { Order } from '@shared/api/orders';
import { cartItems, orders, outbox, payments, type PaymentRow } from '@server/db/schema';
import { ServiceLayerClient } from '@server/erp/serviceLayer';
import { erpOrderDedupeKey } from '@server/orders/erpOrderJob';
import { erpPaymentDedupeKey } from '@server/payments/payments.service';
import { call, createTestApp, login, type TestApp, type TestAppExtras } from './helpers';

// Shared steps of the payment tests: the app listening on a loopback port (the stand-ins' returns and notifications
// reach it over HTTP), buyers with their ERP profile, orders of the cart, and waits for the outbox.

export interface Buyer {
  token: string;
  id: number;
  profile: CustomerProfile;
}

export const BUYER_RUT = '76123456-0'; // C76123456, open invoices 13, 19, 28 (28 partly paid)
export const OTHER_RUT = '76234567-6'; // C76234567, open invoices 31, 39 (39 partly paid)

export async function paymentsApp(extras: TestAppExtras = {}): Promise<TestApp> {
  return createTestApp({}, { worker: { pollMs: 50, backoffMs: () => 100 } }, undefined, {}, {
    listen: true,
    khipu: { verifyDelayMs: 20, notifyRetry: { initialDelayMs: 60_000 } },
    ...extras,
  });
}

export async function buyerOf(t: TestApp, rut: string): Promise<Buyer> {
  const session = await login(t.app, rut, 'Demo1234');
  const profile = (await call(t.app, { method: 'GET', url: `/api/user/b1/profile/${session.id}`, token: session.token })).json<CustomerProfile>();
  return { token: session.token, id: session.id, profile };
}

export const post = (t: TestApp, url: string, token: string, payload: object) => call(t.app, { method: 'POST', url, token, payload });

let transport: string | undefined;

/** An order of 2 × POL-1001-M and 1 × POL-1003-M paid with `paymentMethod`, made from the buyer's cart. */
export async function orderOf(t: TestApp, b: Buyer, paymentMethod: 'WEBPAY' | 'KHIPU', extra: object = {}): Promise<Order> {
  transport ??= (await call(t.app, { method: 'GET', url: '/api/user/b1/tipo-transport', token: b.token })).json<{ idTransporte: string }[]>()[1]!.idTransporte;
  await call(t.app, { method: 'DELETE', url: `/api/user/cart/clear-cart/${b.id}`, token: b.token });
  expect((await post(t, '/api/user/cart', b.token, { sku: 'POL-1001-M', quantity: 2 })).statusCode).toBeLessThan(300);
  expect((await post(t, '/api/user/cart', b.token, { sku: 'POL-1003-M', quantity: 1 })).statusCode).toBeLessThan(300);
  const res = await post(t, '/api/orders', b.token, {
    orderType: 'ONLINE',
    tipoEntrega: 'entrega',
    deliveryAddress: b.profile.despacho[0]!.iddespacho,
    deliveryTransport: transport,
    invoiceAddress: (b.profile.factura.find((f) => f.predeterminado === 'Y') ?? b.profile.factura[0]!).idfactura,
    paymentMethod,
    ...extra,
  });
  expect(res.statusCode).toBe(201);
  return res.json<Order>();
}

export async function cartCount(t: TestApp, b: Buyer): Promise<number> {
  return (await call(t.app, { method: 'GET', url: `/api/user/cart/count-cart/${b.id}`, token: b.token })).json<number>();
}

export async function storedOrder(t: TestApp, id: number) {
  return (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
}

export async function storedPayment(t: TestApp, where: { providerId?: string; reference?: string }): Promise<PaymentRow> {
  const rows = await t.database.db
    .select()
    .from(payments)
    .where(where.providerId ? eq(payments.providerId, where.providerId) : eq(payments.reference, where.reference!));
  return rows[0]!;
}

/** Makes a payment look `minutes` old (the reconciler only looks at payments older than a minute). */
export async function age(t: TestApp, paymentId: number, minutes: number): Promise<void> {
  await t.database.db.execute(sql`update payments set created_at = now() - ${minutes}::int * interval '1 minute' where id = ${paymentId}`);
}

export async function until(check: () => Promise<boolean> | boolean, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
}

/** Waits until every outbox job has finished (done or failed). */
export async function jobsSettled(t: TestApp): Promise<void> {
  await until(async () => (await t.database.db.select().from(outbox).where(eq(outbox.status, 'pending'))).length === 0);
}

export async function jobsOf(t: TestApp) {
  return t.database.db.select().from(outbox);
}

export const erpOrders = (t: TestApp, numAtCard: string) => t.b1.data.Orders.filter((d) => d.NumAtCard === numAtCard);
export const erpPayments = (t: TestApp, cardCode: string, counterReference: string) =>
  t.b1.data.IncomingPayments.filter((p) => p.CardCode === cardCode && p.CounterReference === counterReference);

/** Every POST the portal made to the ERP, by path. */
export function postsTo(spy: jest.SpyInstance, path: string, match: (body: Record<string, unknown>) => boolean = () => true): number {
  return spy.mock.calls.filter(([p, body]) => p === path && match(body as Record<string, unknown>)).length;
}

export const spyErpPosts = () => jest.spyOn(ServiceLayerClient.prototype, 'post');

/** The ERP work queued for an order and its payment (the sale order and the incoming payment jobs). */
export async function erpJobsOf(t: TestApp, purchaseOrderNumber: string, paymentReference: string) {
  const keys = new Set([erpOrderDedupeKey(purchaseOrderNumber), erpPaymentDedupeKey({ purpose: 'ORDER', reference: paymentReference })]);
  return (await t.database.db.select().from(outbox)).filter((job) => keys.has(job.dedupeKey));
}

/** The portal's Khipu notification URL (where the stand-in's notify() knob posts when the payment's own is lost). */
export const khipuNotifyUrl = (t: TestApp) => `${t.url}/api/payments/khipu/notify`;

/**
 * Makes the WebPay commits the portal sent for a payment (and never got an answer to) look `seconds` older, as if their
 * answer had been lost that long ago.
 */
export async function ageWebpayCommits(t: TestApp, paymentId: number, seconds: number): Promise<void> {
  await t.database.db.execute(sql`
    update payments set result = jsonb_set(result, '{portal_commits}', (
      select coalesce(jsonb_object_agg(k, jsonb_set(v, '{at}', to_jsonb((v ->> 'at')::float8 - ${seconds * 1000}::float8))), '{}'::jsonb)
      from jsonb_each(result -> 'portal_commits') as e(k, v)))
    where id = ${paymentId} and result ? 'portal_commits'`);
}

/** The WebPay commits the portal sent for a payment and has not settled yet (attempt id → mark). */
export async function webpayCommitMarks(t: TestApp, paymentId: number): Promise<Record<string, { at: number; answer?: unknown }>> {
  const [row] = await t.database.db.select().from(payments).where(eq(payments.id, paymentId));
  return ((row?.result as { portal_commits?: Record<string, { at: number; answer?: unknown }> } | null)?.portal_commits) ?? {};
}

/** The buyer's cart as sku → quantity, read from the database. */
export async function cartQuantities(t: TestApp, b: Buyer): Promise<Record<string, number>> {
  const rows = await t.database.db.select().from(cartItems).where(eq(cartItems.userId, b.id));
  return Object.fromEntries(rows.map((r) => [r.sku, r.quantity]));
}
