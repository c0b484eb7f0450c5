// Orders over a Comprador's monthly limit wait for the buying company's approval (docs/company-people.md): what
// waits, what a waiting order cannot do, and the approvers' decision (approve once, re-priced when prices changed,
// credit checked again; reject back to the cart).
import { and, eq, like } from 'drizzle-orm';
import type { CompanyApprovalChanges, CompanyApprovalDecision, CompanyApprovalList } from '@shared/api/companyApprovals';
import type { CartResponse } from '@shared/api/cart';
import type { AdminOrderDetail } from '@shared/api/adminOrders';
import type { Order } from '@shared/api/orders';
import type { BuyerOrderDetail } from '@shared/api/userOrders';
import { BUYER_STEP_TEXTS } from '@shared/orderTracking';
import { CAPABILITY_DENIED } from '@shared/companyRoles';
import { fill, MSG } from '@shared/messages';
import { APPROVAL_MSG } from '@shared/schemas/companyApprovals';
import { auditLog, orders, outbox, users } from '@server/db/schema';
import { call, createTestApp, login, type TestApp } from './helpers';
import { setRecipients } from './mail-fixtures';
import { buyerOf, orderRequest, someTransport, type Buyer } from './order-fixtures';

let t: TestApp;
let camila: Buyer; // Comprador of 76.123.456-0
let patricia: Buyer; // Aprobador of 76.123.456-0
let rodrigo: Buyer; // the company login, its Administrador
let alejandra: Buyer; // Aprobador of another company
let transport: string;

const post = (url: string, token: string, payload?: object) => call(t.app, { method: 'POST', url, token, ...(payload ? { payload } : {}) });
const approve = (b: Buyer, id: number, total?: number) => post(`/api/user/company/approvals/${id}/approve`, b.token, total === undefined ? {} : { total });
const reject = (b: Buyer, id: number, reason: string) => post(`/api/user/company/approvals/${id}/reject`, b.token, { reason });
const list = (b: Buyer) => call(t.app, { method: 'GET', url: '/api/user/company/approvals', token: b.token });
const setLimit = (b: Buyer, limit: number | null) => t.database.db.update(users).set({ monthlyLimit: limit }).where(eq(users.id, b.id));
const stored = async (id: number) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const jobsLike = (pattern: string) => t.database.db.select().from(outbox).where(like(outbox.dedupeKey, pattern));
const erpDocs = (number: string) => t.b1.data.Orders.filter((d) => d.NumAtCard === number);
const item = (code: string) => t.b1.data.Items.find((i) => i.ItemCode === code)!;
const partner = () => t.b1.data.BusinessPartners.find((p) => p.CardCode === 'C76123456')!;

async function drain(): Promise<void> {
  for (let i = 0; i < 20 && (await t.app.worker.runOnce()) > 0; i++);
}

/** Camila's cart of `lines`, then the order (a credit-line sale unless `choices` says otherwise). */
async function place(lines: ReadonlyArray<{ sku: string; quantity: number }>, choices: object = {}, b: Buyer = camila): Promise<Order> {
  await call(t.app, { method: 'DELETE', url: `/api/user/cart/clear-cart/${b.id}`, token: b.token });
  for (const line of lines) expect((await post('/api/user/cart', b.token, line)).statusCode).toBe(201);
  const res = await post('/api/orders', b.token, orderRequest(b, transport, choices));
  expect(res.statusCode).toBe(201);
  return res.json<Order>();
}
const small = [{ sku: 'POL-1003-M', quantity: 2 }];

beforeAll(async () => {
  t = await createTestApp({}, { worker: { pollMs: 50, backoffMs: () => 100, autoStart: false } });
  camila = await buyerOf(t.app, '18901234-9');
  patricia = await buyerOf(t.app, '12456789-0');
  rodrigo = await buyerOf(t.app, '76123456-0');
  alejandra = await buyerOf(t.app, '10987654-2');
  transport = await someTransport(t.app, camila.token);
}, 60_000);
afterAll(() => t.close());
beforeEach(async () => {
  // earlier tests' orders of this month count: every test starts from none
  await t.database.db.update(orders).set({ orderState: 'CANCELED' }).where(eq(orders.userId, camila.id));
  await setLimit(camila, 0);
});

describe('an order over the limit', () => {
  it('waits: the cart is taken, nothing goes to the ERP, the approvers are mailed, and it can be neither paid nor sent', async () => {
    const order = await place(small);
    expect(order.orderState).toBe('AWAITING_COMPANY_APPROVAL');
    expect((await call(t.app, { method: 'GET', url: `/api/user/cart/find-by-userid/${camila.id}`, token: camila.token })).json<CartResponse>().items).toEqual([]);
    expect(await jobsLike(`erp.order:${order.purchaseOrderNumber}`)).toEqual([]);
    const mails = await jobsLike(`mail:COMPANY_APPROVAL:${order.purchaseOrderNumber}:%`);
    // Patricia (Aprobador) and Rodrigo (Administrador), not Camila nor Felipe (Finanzas)
    expect(mails.map((m) => m.dedupeKey).sort()).toEqual([patricia.id, rodrigo.id].map((id) => `mail:COMPANY_APPROVAL:${order.purchaseOrderNumber}:${id}`).sort());
    const mail = mails[0]!.payload as { subject: string; text: string };
    expect(mail.subject).toContain(order.purchaseOrderNumber);
    expect(mail.text).toContain('Camila Rojas Pizarro');

    const waits = fill(APPROVAL_MSG.waitsForCompany, { number: order.purchaseOrderNumber });
    for (const res of [
      await post('/api/user/b1/ov', camila.token, { orderReference: order.purchaseOrderNumber }),
      await post('/api/orders/update/state/order', camila.token, { id: order.id, numOc: order.purchaseOrderNumber, state: 'CONFIRMED' }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: waits });
    }
    const card = await place(small, { paymentMethod: 'WEBPAY' });
    expect((await call(t.app, { method: 'GET', url: `/api/user/orders/${card.id}`, token: camila.token })).json<BuyerOrderDetail>().payable).toBe(false);
    const pay = await post('/api/user/tbk/create', camila.token, { buy_order: card.purchaseOrderNumber });
    expect(pay.statusCode).toBe(409);
    expect(pay.json()).toMatchObject({ message: fill(APPROVAL_MSG.waitsForCompany, { number: card.purchaseOrderNumber }) });
    const reservation = await place(small, { orderType: 'RESERVE', paymentMethod: undefined });
    expect(reservation.orderState).toBe('AWAITING_COMPANY_APPROVAL');
    expect((await post('/api/user/b1/reserve', camila.token, { orderReference: reservation.purchaseOrderNumber })).statusCode).toBe(409);
    await drain();
    expect(erpDocs(order.purchaseOrderNumber)).toEqual([]);
  });

  it("counts the month: an order that fits alone waits when the month's orders (waiting ones included) plus it pass the limit", async () => {
    const first = await place(small);
    expect(first.orderState).toBe('AWAITING_COMPANY_APPROVAL'); // limit 0
    await t.database.db.update(orders).set({ orderState: 'CANCELED' }).where(eq(orders.id, first.id));
    await setLimit(camila, Math.ceil(first.totals.total * 1.5));
    const fits = await place(small);
    expect(fits.orderState).toBe('PROCESS');
    const over = await place(small);
    expect(over.orderState).toBe('AWAITING_COMPANY_APPROVAL');
    // a canceled order does not count
    await t.database.db.update(orders).set({ orderState: 'CANCELED' }).where(eq(orders.id, over.id));
    await t.database.db.update(orders).set({ orderState: 'CANCELED' }).where(eq(orders.id, fits.id));
    expect((await place(small)).orderState).toBe('PROCESS');
  });

  it('never waits without a limit, nor for a role other than Comprador', async () => {
    await setLimit(camila, null);
    expect((await place(small)).orderState).toBe('PROCESS');
    expect((await place(small, {}, rodrigo)).orderState).toBe('PROCESS');
  });
});

describe('Por aprobar', () => {
  it('lists the company’s waiting orders with lines, totals and the buyer; a Comprador may not', async () => {
    const order = await place(small);
    const res = await list(patricia);
    expect(res.statusCode).toBe(200);
    const row = res.json<CompanyApprovalList>().rows.find((r) => r.id === order.id)!;
    expect(row).toMatchObject({ number: order.purchaseOrderNumber, buyer: { userId: camila.id, name: 'Camila Rojas Pizarro' }, totals: { total: order.totals.total } });
    expect(row.lines).toHaveLength(1);
    expect((await list(alejandra)).json<CompanyApprovalList>().rows.some((r) => r.id === order.id)).toBe(false);
    const denied = await list(camila);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ message: CAPABILITY_DENIED.approve });
  });

  it("another company's order is a 404, for approve and reject alike", async () => {
    const order = await place(small);
    expect((await approve(alejandra, order.id)).statusCode).toBe(404);
    expect((await reject(alejandra, order.id, 'no')).statusCode).toBe(404);
    expect((await stored(order.id)).orderState).toBe('AWAITING_COMPANY_APPROVAL');
  });

  it('an approver cannot decide on their own order (403)', async () => {
    const order = await place(small);
    // Camila became an Aprobador after placing it
    await t.database.db.update(users).set({ companyRole: 'APROBADOR' }).where(eq(users.id, camila.id));
    t.app.forgetSession(camila.id);
    try {
      for (const res of [await approve(camila, order.id), await reject(camila, order.id, 'mío')]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ message: APPROVAL_MSG.ownOrder });
      }
    } finally {
      await t.database.db.update(users).set({ companyRole: 'COMPRADOR' }).where(eq(users.id, camila.id));
      t.app.forgetSession(camila.id);
    }
  });
});

describe('approving', () => {
  it('sends a credit sale on to the ERP once, with the person as ContactPersonCode, even when two approvers press at once', async () => {
    const order = await place(small);
    const [a, b] = await Promise.all([approve(patricia, order.id), approve(rodrigo, order.id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const won = [a, b].find((r) => r.statusCode === 200)!.json<CompanyApprovalDecision>();
    expect(won.order.orderState).toBe('PROCESS');
    expect(won.message).toBe(fill(APPROVAL_MSG.approvedSent, { number: order.purchaseOrderNumber }));
    expect(await jobsLike(`erp.order:${order.purchaseOrderNumber}`)).toHaveLength(1);
    await drain();
    const docs = erpDocs(order.purchaseOrderNumber);
    expect(docs).toHaveLength(1);
    const camilaRow = (await t.database.db.select().from(users).where(eq(users.id, camila.id)))[0]!;
    expect(docs[0]!.ContactPersonCode).toBe(camilaRow.contactCode);
    const after = await stored(order.id);
    expect(after).toMatchObject({ orderState: 'CONFIRMED', erpStatus: 'SENT' });
    expect([patricia.id, rodrigo.id]).toContain(after.companyDecisionBy);
    expect(after.companyDecisionAt).not.toBeNull();
    // the buyer is told, and the decision is in the audit trail
    expect(await jobsLike(`mail:COMPANY_APPROVED:${order.purchaseOrderNumber}`)).toHaveLength(1);
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, order.purchaseOrderNumber)));
    expect(audit).toHaveLength(1);
    // a second approve: it no longer waits
    expect((await approve(patricia, order.id)).statusCode).toBe(409);
  });

  it('a card order stays PROCESS for the buyer to pay, and can be paid then', async () => {
    const order = await place(small, { paymentMethod: 'WEBPAY' });
    const res = await approve(patricia, order.id);
    expect(res.statusCode).toBe(200);
    expect(res.json<CompanyApprovalDecision>().order.orderState).toBe('PROCESS');
    expect(await jobsLike(`erp.order:${order.purchaseOrderNumber}`)).toEqual([]);
    // Mis pedidos offers 'Pagar' for it now (not while it waited)
    const detail = (await call(t.app, { method: 'GET', url: `/api/user/orders/${order.id}`, token: camila.token })).json<BuyerOrderDetail>();
    expect(detail.payable).toBe(true);
    const pay = await post('/api/user/tbk/create', camila.token, { buy_order: order.purchaseOrderNumber });
    expect(pay.statusCode).toBe(200);
  });

  it('answers 409 with what changed when a price changed, stores the re-priced order, and the next approve goes through', async () => {
    const order = await place(small);
    const price = item('POL-1003-M').ItemPrices.find((p) => p.PriceList === 1)!;
    const before = price.Price;
    price.Price = before + 1000;
    try {
      const res = await approve(patricia, order.id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ status: 409, message: fill(APPROVAL_MSG.changed, { number: order.purchaseOrderNumber }) });
      const conflict = res.json<{ approval: CompanyApprovalChanges }>().approval;
      expect(conflict.changes).toEqual([expect.objectContaining({ sku: 'POL-1003-M', short: false, oldPrice: order.orderProducts[0]!.priceFinalUnit })]);
      expect(conflict.changes[0]!.newPrice).toBeGreaterThan(conflict.changes[0]!.oldPrice);
      expect(conflict.newTotal).toBeGreaterThan(conflict.oldTotal);
      const kept = await stored(order.id);
      expect(kept).toMatchObject({ orderState: 'AWAITING_COMPANY_APPROVAL', total: conflict.newTotal });
      // approving with the total shown before the re-pricing: the order as it is now, not approved
      const seenBefore = await approve(patricia, order.id, order.totals.total);
      expect(seenBefore.statusCode).toBe(409);
      expect(seenBefore.json<{ approval: CompanyApprovalChanges }>().approval).toMatchObject({ changes: [], oldTotal: order.totals.total, newTotal: conflict.newTotal });
      const again = await approve(patricia, order.id, conflict.newTotal);
      expect(again.statusCode).toBe(200);
      expect(again.json<CompanyApprovalDecision>().order.totals.total).toBe(conflict.newTotal);
    } finally {
      price.Price = before;
    }
  });

  it('refuses while the stock no longer covers a line, and the order keeps waiting', async () => {
    const order = await place(small);
    const warehouse = item('POL-1003-M').ItemWarehouseInfoCollection[0]!;
    const before = warehouse.InStock;
    warehouse.InStock = 1;
    try {
      const res = await approve(patricia, order.id);
      expect(res.statusCode).toBe(409);
      expect(res.json<{ approval: CompanyApprovalChanges }>().approval.changes).toEqual([expect.objectContaining({ sku: 'POL-1003-M', short: true })]);
      expect((await stored(order.id)).orderState).toBe('AWAITING_COMPANY_APPROVAL');
    } finally {
      warehouse.InStock = before;
    }
  });

  it('checks the credit line again: short of credit, 409 with the credit message, and the order keeps waiting', async () => {
    const order = await place(small);
    const bp = partner();
    const before = bp.CreditLimit;
    bp.CreditLimit = 0;
    try {
      const res = await approve(patricia, order.id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: MSG.creditInsufficient });
      expect((await stored(order.id)).orderState).toBe('AWAITING_COMPANY_APPROVAL');
      expect(await jobsLike(`erp.order:${order.purchaseOrderNumber}`)).toEqual([]);
    } finally {
      bp.CreditLimit = before;
    }
  });
});

describe('an approved cheque order', () => {
  // Javiera Morales, Comprador of 76.234.567-6 (payment condition Cheque), and its Administrador
  const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

  it("waits without its photo; once approved, Mis pedidos offers 'Pagar' and the photo then the sales order go through", async () => {
    const javiera = await buyerOf(t.app, '17890123-0');
    const andres = await buyerOf(t.app, '76234567-6');
    await setRecipients(t.database.db, ['CHEQUE']);
    await setLimit(javiera, 0);
    const order = await place(small, { paymentMethod: 'CHEQUE' }, javiera);
    expect(order.orderState).toBe('AWAITING_COMPANY_APPROVAL');
    const photo = () => {
      const data = new FormData();
      data.append('numberOrder', order.purchaseOrderNumber);
      data.append('chequeImgFile', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'cheque.png');
      return data;
    };
    const refused = await call(t.app, { method: 'POST', url: '/api/user/pay-cheque', token: javiera.token, payload: photo() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: fill(APPROVAL_MSG.waitsForCompany, { number: order.purchaseOrderNumber }) });
    const detail = async () => (await call(t.app, { method: 'GET', url: `/api/user/orders/${order.id}`, token: javiera.token })).json<BuyerOrderDetail>();
    expect((await detail()).payable).toBe(false);

    expect((await approve(andres, order.id)).statusCode).toBe(200);
    expect((await detail()).payable).toBe(true);
    expect((await call(t.app, { method: 'POST', url: '/api/user/pay-cheque', token: javiera.token, payload: photo() })).statusCode).toBe(202);
    expect((await detail()).payable).toBe(false);
    expect([200, 202]).toContain((await post('/api/user/b1/ov', javiera.token, { orderReference: order.purchaseOrderNumber })).statusCode);
  });
});

describe('an approved reservation', () => {
  it('goes to the ERP and is notified to the RESERVE recipient, as the reserve flow does', async () => {
    await setRecipients(t.database.db, ['RESERVE']);
    const order = await place(small, { orderType: 'RESERVE', paymentMethod: undefined });
    expect((await approve(patricia, order.id)).statusCode).toBe(200);
    expect(await jobsLike(`erp.order:${order.purchaseOrderNumber}`)).toHaveLength(1);
    expect(await jobsLike(`mail:RESERVE:${order.purchaseOrderNumber}`)).toHaveLength(1);
  });
});

describe('the timeline', () => {
  const steps = async (id: number) =>
    (await call(t.app, { method: 'GET', url: `/api/user/orders/${id}`, token: camila.token })).json<BuyerOrderDetail>().steps.filter((s) => s.done).map((s) => s.label);
  const adminTimeline = async (id: number) =>
    (await call(t.app, { method: 'GET', url: `/api/admin/orders/${id}`, token: admin })).json<AdminOrderDetail>().timeline.filter((e) => e.kind === 'companyApproval').map((e) => [e.title, e.detail]);
  let admin: string;
  beforeAll(async () => {
    admin = (await login(t.app, '22222222-2', 'Admin1234')).token;
  });

  it("Mis pedidos and the admin's timeline show the wait and the decision", async () => {
    const waiting = await place(small);
    expect(await steps(waiting.id)).toEqual([BUYER_STEP_TEXTS.received, BUYER_STEP_TEXTS.companyWaiting]);
    expect(await adminTimeline(waiting.id)).toEqual([['Esperando aprobación de la empresa', null]]);
    await reject(patricia, waiting.id, 'No corresponde');
    expect(await steps(waiting.id)).toEqual([BUYER_STEP_TEXTS.received, BUYER_STEP_TEXTS.companyRejected, BUYER_STEP_TEXTS.canceled]);
    expect(await adminTimeline(waiting.id)).toEqual([['Esperando aprobación de la empresa', null], ['Rechazado por la empresa', 'No corresponde']]);
    const approved = await place(small);
    await approve(patricia, approved.id);
    expect(await steps(approved.id)).toEqual([BUYER_STEP_TEXTS.received, BUYER_STEP_TEXTS.companyApproved]);
  });
});

describe('rejecting', () => {
  it('cancels with the reason, puts the lines back in the buyer’s cart, audits and mails the buyer', async () => {
    const order = await place(small);
    expect((await reject(patricia, order.id, '   ')).statusCode).toBe(400);
    expect((await reject(patricia, order.id, 'x'.repeat(301))).statusCode).toBe(400);
    const res = await reject(patricia, order.id, 'Excede el presupuesto de este mes');
    expect(res.statusCode).toBe(200);
    expect(res.json<CompanyApprovalDecision>()).toMatchObject({ message: fill(APPROVAL_MSG.rejected, { number: order.purchaseOrderNumber }), order: { orderState: 'CANCELED' } });
    expect(await stored(order.id)).toMatchObject({ orderState: 'CANCELED', companyDecisionBy: patricia.id, companyDecisionNote: 'Excede el presupuesto de este mes' });
    const cart = (await call(t.app, { method: 'GET', url: `/api/user/cart/find-by-userid/${camila.id}`, token: camila.token })).json<CartResponse>();
    expect(cart.items.map((i) => [i.sku, i.quantity])).toEqual([['POL-1003-M', 2]]);
    const mail = (await jobsLike(`mail:COMPANY_REJECTED:${order.purchaseOrderNumber}`))[0]!.payload as { to: string; text: string };
    expect(mail.text).toContain('Excede el presupuesto de este mes');
    expect(mail.to).toContain('camila');
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, order.purchaseOrderNumber)));
    expect(audit).toHaveLength(1);
    // decided: neither approve nor reject again
    expect((await approve(patricia, order.id)).statusCode).toBe(409);
    expect((await reject(rodrigo, order.id, 'otra vez')).statusCode).toBe(409);
  });
});
