import { eq } from 'drizzle-orm';
import type { Order, OrderSubmissionResponse } from '@shared/api/orders';
import { orders, outbox, productContent } from '@server/db/schema';
import { ErpService } from '@server/erp/erp.service';
import { ServiceLayerClient } from '@server/erp/serviceLayer';
import { OutboxWorker } from '@server/jobs/outbox';
import { createErpOrderHandler } from '@server/orders/erpOrderJob';
import { OrderRepo } from '@server/orders/orders.repo';
import { call, createTestApp, type TestApp } from './helpers';
import { buyerOf, placeOrder, someTransport, type Buyer } from './order-fixtures';

let t: TestApp;
let buyer: Buyer; // 76.123.456-0: C76123456, Gold 6 %, credit available
let chequeBuyer: Buyer; // 76.234.567-6: C76234567, payment condition 'Cheque', Silver 4 %
let transport: string;

const BACKOFF_MS = 100;

/** Every POST the portal made to the ERP's Orders, by NumAtCard. */
const postSpy = jest.spyOn(ServiceLayerClient.prototype, 'post');
const ordersPosted = (numAtCard: string) =>
  postSpy.mock.calls.filter(([path, body]) => path === 'Orders' && (body as { NumAtCard?: string }).NumAtCard === numAtCard).length;
const erpDocs = (numAtCard: string) => t.b1.data.Orders.filter((d) => d.NumAtCard === numAtCard);

/** An ERP client of the same stand-in, as another server instance would have. */
const otherErp = () => new ErpService(new ServiceLayerClient({ baseUrl: t.b1.url, company: 'SBODEMOCL', user: 'manager', password: 'manager', timeoutMs: 3000 }));

beforeAll(async () => {
  t = await createTestApp({}, { worker: { pollMs: 50, backoffMs: () => BACKOFF_MS, autoStart: false } });
  buyer = await buyerOf(t.app, '76123456-0');
  chequeBuyer = await buyerOf(t.app, '76234567-6');
  transport = await someTransport(t.app, buyer.token);
  await t.database.db.insert(productContent).values({ sku: 'POL-1001', offer: true, percentage: 20 });
}, 60_000);
afterAll(async () => {
  postSpy.mockRestore();
  await t.close();
});
afterEach(() => t.b1.setFaults({ refuse: false, hang: false, errorRate: 0 }));

const post = (url: string, token: string, payload: object) => call(t.app, { method: 'POST', url, token, payload });

/** Cart of 3 × POL-1001-M (20 % offer) and 2 × POL-1003-M (no offer), then the order. */
const orderOf = (b: Buyer, choices: object = {}): Promise<Order> =>
  placeOrder(t.app, b, [{ sku: 'POL-1001-M', quantity: 3 }, { sku: 'POL-1003-M', quantity: 2 }], transport, choices);

const reserve = (b: Buyer, order: Order) => post('/api/user/b1/reserve', b.token, { orderReference: order.purchaseOrderNumber });
const ov = (b: Buyer, order: Order) => post('/api/user/b1/ov', b.token, { orderReference: order.purchaseOrderNumber });
const confirm = (b: Buyer, order: Order) => post('/api/orders/update/state/order', b.token, { id: order.id, numOc: order.purchaseOrderNumber, state: 'CONFIRMED' });
const stored = async (id: number) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const jobsOf = (order: Order) => t.database.db.select().from(outbox).where(eq(outbox.dedupeKey, `erp.order:${order.purchaseOrderNumber}`));

/** A job run by hand, outside the worker: no write-ahead mark to keep. */
const noMarks = { postedAt: null, markPosting: async () => undefined, clearPosting: async () => undefined };

const chileToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(new Date());
const price = (code: string) => t.b1.data.Items.find((i) => i.ItemCode === code)!.ItemPrices[0]!.Price;

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a reservation', () => {
  it('reaches the ERP as a Reserva with each line at the unit price the buyer pays (list price and discount in U_ fields), and is CONFIRMED', async () => {
    const order = await orderOf(buyer, { orderType: 'RESERVE', paymentMethod: undefined });
    const res = await reserve(buyer, order);
    expect(res.statusCode).toBe(200);
    const body = res.json<OrderSubmissionResponse>();
    expect(body).toMatchObject({ pending: false, message: 'Reserva enviada para aprobación!!' });
    expect(body.order).toMatchObject({ orderState: 'CONFIRMED', erp: 'SENT', numOc: order.purchaseOrderNumber });

    const docs = erpDocs(order.purchaseOrderNumber);
    expect(docs).toHaveLength(1);
    const doc = docs[0]!;
    expect(body.order.erpDocNum).toBe(doc.DocNum);
    expect(doc).toMatchObject({
      CardCode: 'C76123456',
      DocDueDate: chileToday(),
      NumAtCard: order.purchaseOrderNumber,
      ShipToCode: buyer.profile.despacho[0]!.iddespacho,
      PayToCode: buyer.profile.factura[0]!.idfactura,
      U_Sucursal: '1',
      U_TipoVenta: 'Reserva',
      U_TipoRetiro: 'Despacho',
      // a reservation carries no payment form, transport or dispatch text
      U_FormaPago: null,
      U_Transporte: null,
      U_DireccionDespacho: null,
      U_ComunaDespacho: null,
    });
    expect(doc.DocumentLines.map((l) => [l.ItemCode, l.Quantity, l.UnitPrice, l.DiscountPercent, l.U_PrecioLista, l.U_DescLinea])).toEqual([
      ['POL-1001-M', 3, order.orderProducts[0]!.priceFinalUnit, 0, price('POL-1001-M'), 24.8],
      ['POL-1003-M', 2, order.orderProducts[1]!.priceFinalUnit, 0, price('POL-1003-M'), 6],
    ]);
    // the ERP's line total is the portal's line within rounding: the portal rounds each unit (spec), the ERP the line
    doc.DocumentLines.forEach((l, i) => expect(Math.abs(l.LineTotal - order.orderProducts[i]!.priceFinal)).toBeLessThanOrEqual(l.Quantity / 2));
    const row = await stored(order.id);
    expect(row).toMatchObject({ erpStatus: 'SENT', erpDocEntry: doc.DocEntry, erpDocNum: doc.DocNum, numOc: order.purchaseOrderNumber, orderState: 'CONFIRMED' });
  });

  it('submitted again answers the same result and never makes a second ERP document', async () => {
    const order = await orderOf(buyer, { orderType: 'RESERVE' });
    const first = await reserve(buyer, order);
    const again = await Promise.all([reserve(buyer, order), reserve(buyer, order), confirm(buyer, order)]);
    for (const res of [first, ...again]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ pending: false, order: { orderState: 'CONFIRMED', erp: 'SENT' } });
    }
    expect(erpDocs(order.purchaseOrderNumber)).toHaveLength(1);
    expect(ordersPosted(order.purchaseOrderNumber)).toBe(1);
    expect(await jobsOf(order)).toEqual([expect.objectContaining({ kind: 'erp.order', payload: { orderId: order.id }, status: 'done' })]);
  });
});

describe('a sales order', () => {
  it('on the credit line reaches the ERP as Normal with payment form 5, transport and dispatch text', async () => {
    const order = await orderOf(buyer);
    const res = await ov(buyer, order);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ pending: false, message: 'Gracias por Comprar!!', order: { orderState: 'CONFIRMED', erp: 'SENT' } });
    const address = buyer.profile.despacho[0]!;
    expect(erpDocs(order.purchaseOrderNumber)).toEqual([
      expect.objectContaining({
        CardCode: 'C76123456',
        U_TipoVenta: 'Normal',
        U_FormaPago: '5',
        U_Transporte: transport,
        U_TipoRetiro: 'Despacho',
        U_Sucursal: '1',
        U_DireccionDespacho: address.direccion,
        U_ComunaDespacho: address.comuna,
        ShipToCode: address.iddespacho,
      }),
    ]);
    // the client's confirmation now has its evidence
    const confirmed = await confirm(buyer, order);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ pending: false, order: { orderState: 'CONFIRMED' } });
  });

  it('by cheque goes with payment form 1 once the photo is there', async () => {
    const order = await orderOf(chequeBuyer, { paymentMethod: 'CHEQUE' });
    expect((await ov(chequeBuyer, order)).statusCode).toBe(400);
    await t.database.db.update(orders).set({ chequeFileKey: 'cheques/test.png' }).where(eq(orders.id, order.id));
    const res = await ov(chequeBuyer, order);
    expect(res.statusCode).toBe(200);
    expect(erpDocs(order.purchaseOrderNumber)).toEqual([expect.objectContaining({ CardCode: 'C76234567', U_FormaPago: '1', U_TipoVenta: 'Normal' })]);
    expect(erpDocs(order.purchaseOrderNumber)[0]!.DocumentLines.map((l) => l.U_DescLinea)).toEqual([23.2, 4]);
  });

  it('with store pickup is marked Retiro and idStorePickup, with the fallback transport and no dispatch text', async () => {
    const order = await orderOf(buyer, { tipoEntrega: 'retiro', deliveryAddress: '', deliveryTransport: '' });
    expect((await ov(buyer, order)).statusCode).toBe(200);
    expect(erpDocs(order.purchaseOrderNumber)).toEqual([
      expect.objectContaining({ ShipToCode: 'idStorePickup', U_TipoRetiro: 'Retiro', U_Transporte: '0001', U_DireccionDespacho: null, U_ComunaDespacho: null, U_FormaPago: '5' }),
    ]);
  });
});

describe('when the ERP is down', () => {
  it('the order stays PROCESS, waits (202) and is delivered exactly once when the ERP is back, with two workers', async () => {
    const pending = [await orderOf(buyer), await orderOf(buyer, { orderType: 'RESERVE' }), await orderOf(chequeBuyer, { paymentMethod: 'CHEQUE' })];
    await t.database.db.update(orders).set({ chequeFileKey: 'cheques/down.png' }).where(eq(orders.id, pending[2]!.id));
    t.b1.setFaults({ refuse: true });
    for (const order of pending) {
      const owner = order.userId === buyer.id ? buyer : chequeBuyer;
      const res = order.orderType === 'RESERVE' ? await reserve(owner, order) : await ov(owner, order);
      expect(res.statusCode).toBe(202);
      expect(res.json()).toMatchObject({
        pending: true,
        message: `Pedido ${order.purchaseOrderNumber} recibido: quedó pendiente de envío al ERP y se enviará apenas esté disponible`,
        order: { orderState: 'PROCESS', erp: 'PENDING' },
      });
    }
    const [first] = pending as [Order, ...Order[]];
    // asking again while the ERP is down queues nothing new; the client's confirmation is told to wait
    expect((await ov(buyer, first)).statusCode).toBe(202);
    const waiting = await confirm(buyer, first);
    expect(waiting.statusCode).toBe(202);
    expect(waiting.json()).toMatchObject({ pending: true, order: { orderState: 'PROCESS' } });
    expect(await jobsOf(first)).toHaveLength(1);
    expect(await stored(first.id)).toMatchObject({ orderState: 'PROCESS', erpStatus: 'PENDING', numOc: '' });

    // the ERP comes back; two workers (this instance's and another's) share the queue
    const second = new OutboxWorker({ db: t.database.db, pollMs: 20, backoffMs: () => BACKOFF_MS });
    second.register('erp.order', createErpOrderHandler({ orders: new OrderRepo(t.database.db), erp: otherErp() }));
    t.b1.setFaults({ refuse: false });
    t.app.worker.start();
    second.start();
    try {
      await until(async () => (await Promise.all(pending.map((o) => stored(o.id)))).every((row) => row.orderState === 'CONFIRMED'));
      await new Promise((resolve) => setTimeout(resolve, 300)); // a late duplicate would show by now
    } finally {
      await Promise.all([t.app.worker.stop(), second.stop()]);
    }
    for (const order of pending) {
      expect(erpDocs(order.purchaseOrderNumber)).toHaveLength(1);
      expect(ordersPosted(order.purchaseOrderNumber)).toBe(1);
      expect(await jobsOf(order)).toEqual([expect.objectContaining({ status: 'done' })]);
      expect(await stored(order.id)).toMatchObject({ erpStatus: 'SENT', numOc: order.purchaseOrderNumber });
    }
    const done = await confirm(buyer, first);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ pending: false, order: { orderState: 'CONFIRMED', erp: 'SENT' } });
  }, 60_000);

  it('an ERP failing with 500s keeps the order pending too', async () => {
    const order = await orderOf(buyer);
    t.b1.setFaults({ errorRate: 1 });
    const res = await ov(buyer, order);
    expect(res.statusCode).toBe(202);
    expect(await stored(order.id)).toMatchObject({ orderState: 'PROCESS', erpStatus: 'PENDING' });
    t.b1.setFaults({ errorRate: 0 });
    await new Promise((resolve) => setTimeout(resolve, BACKOFF_MS + 50));
    const later = await ov(buyer, order);
    expect(later.statusCode).toBe(200);
    expect(erpDocs(order.purchaseOrderNumber)).toHaveLength(1);
  });

  it('a submission the outbox gave up on answers 503 that says the order exists, with its number, and will be sent by itself', async () => {
    const order = await orderOf(buyer);
    const gaveUp = jest.spyOn(OutboxWorker.prototype, 'deliverNow').mockResolvedValueOnce('failed');
    try {
      const res = await ov(buyer, order);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 503,
        message: `Tu pedido ${order.purchaseOrderNumber} quedó registrado, pero el ERP no responde: se enviará solo apenas vuelva. No necesitas hacer el pedido de nuevo.`,
        code: 'ERP_UNAVAILABLE',
        order: { created: true, purchaseOrderNumber: order.purchaseOrderNumber, orderState: 'PROCESS' },
      });
    } finally {
      gaveUp.mockRestore();
    }
    expect(await stored(order.id)).toMatchObject({ orderState: 'PROCESS', erpStatus: 'PENDING' });
  });
});

describe('when the ERP rejects the document', () => {
  it("cancels the order with the ERP's message, answers it, and never retries", async () => {
    const order = await orderOf(buyer);
    const bp = t.b1.data.BusinessPartners.find((p) => p.CardCode === 'C76123456')!;
    bp.Frozen = 'tYES';
    try {
      const res = await ov(buyer, order);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("Business partner 'C76123456' is inactive");
      expect(await stored(order.id)).toMatchObject({ orderState: 'CANCELED', erpStatus: 'REJECTED', erpError: "Business partner 'C76123456' is inactive" });
      expect(await jobsOf(order)).toEqual([expect.objectContaining({ status: 'failed' })]);
      // asked again: the same answer, nothing sent
      bp.Frozen = 'tNO';
      const again = await ov(buyer, order);
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe("Business partner 'C76123456' is inactive");
      expect(erpDocs(order.purchaseOrderNumber)).toHaveLength(0);
      // a canceled order stays canceled whatever the client says
      const state = await confirm(buyer, order);
      expect(state.statusCode).toBe(200);
      expect(state.json()).toMatchObject({ order: { orderState: 'CANCELED', erp: 'REJECTED' } });
    } finally {
      bp.Frozen = 'tNO';
    }
  });
});

describe('the erp.order job', () => {
  it('run twice makes one ERP document; after a lost answer it finds the document instead of posting again', async () => {
    const order = await orderOf(buyer, { orderType: 'RESERVE' });
    const repo = new OrderRepo(t.database.db);
    const handler = createErpOrderHandler({ orders: repo, erp: otherErp() });
    const job = { id: 0, kind: 'erp.order', dedupeKey: `erp.order:${order.purchaseOrderNumber}`, attempts: 1, ...noMarks };
    await handler({ orderId: order.id }, job);
    await handler({ orderId: order.id }, { ...job, attempts: 2 });
    expect(erpDocs(order.purchaseOrderNumber)).toHaveLength(1);
    expect(ordersPosted(order.purchaseOrderNumber)).toBe(1);
    const sent = await stored(order.id);
    expect(sent).toMatchObject({ orderState: 'CONFIRMED', erpStatus: 'SENT' });

    // as if the ERP created the document but its answer was lost: the portal still thinks it is pending
    await t.database.db.update(orders).set({ orderState: 'PROCESS', erpStatus: 'PENDING', erpDocEntry: null, erpDocNum: null, numOc: '' }).where(eq(orders.id, order.id));
    await handler({ orderId: order.id }, { ...job, attempts: 3 });
    expect(ordersPosted(order.purchaseOrderNumber)).toBe(1);
    expect(erpDocs(order.purchaseOrderNumber)).toHaveLength(1);
    expect(await stored(order.id)).toMatchObject({ orderState: 'CONFIRMED', erpStatus: 'SENT', erpDocEntry: sent.erpDocEntry, numOc: order.purchaseOrderNumber });
  });

  it('does not send an order that is no longer in process', async () => {
    const order = await orderOf(buyer, { orderType: 'RESERVE' });
    await t.database.db.update(orders).set({ orderState: 'CANCELED' }).where(eq(orders.id, order.id));
    await createErpOrderHandler({ orders: new OrderRepo(t.database.db), erp: otherErp() })({ orderId: order.id }, { id: 0, kind: 'erp.order', dedupeKey: 'x', attempts: 1, ...noMarks });
    expect(ordersPosted(order.purchaseOrderNumber)).toBe(0);
  });
});
