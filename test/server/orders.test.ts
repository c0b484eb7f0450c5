import { eq } from 'drizzle-orm';
import type { CartResponse } from '@shared/api/cart';
import type { CustomerProfile } from '@shared/api/erp';
import type { Order } from '@shared/api/orders';
import { orders, productContent } from '@server/db/schema';
import { call, createTestApp, login, type TestApp } from './helpers';

let t: TestApp;
interface Buyer {
  token: string;
  id: number;
  profile: CustomerProfile;
}
let buyer: Buyer; // 76.123.456-0: Gold 6 %, '30 días', credit available
let chequeBuyer: Buyer; // 76.234.567-6: payment condition 'Cheque'
let noCredit: Buyer; // 77.345.678-K: credit limit 0
let blocked: { token: string; id: number };
let admin: string;
let transport: string;

async function buyerOf(rut: string): Promise<Buyer> {
  const session = await login(t.app, rut, 'Demo1234');
  const profile = (await call(t.app, { method: 'GET', url: `/api/user/b1/profile/${session.id}`, token: session.token })).json<CustomerProfile>();
  return { token: session.token, id: session.id, profile };
}

beforeAll(async () => {
  t = await createTestApp({}, { worker: { pollMs: 50, backoffMs: () => 100, autoStart: false } });
  buyer = await buyerOf('76123456-0');
  chequeBuyer = await buyerOf('76234567-6');
  noCredit = await buyerOf('77345678-K');
  blocked = await login(t.app, '78456789-3', 'Demo1234');
  admin = (await login(t.app, '22222222-2', 'Admin1234')).token;
  transport = (await call(t.app, { method: 'GET', url: '/api/user/b1/tipo-transport', token: buyer.token })).json<{ idTransporte: string }[]>()[1]!.idTransporte;
  await t.database.db.insert(productContent).values({ sku: 'POL-1001', offer: true, percentage: 20 });
}, 60_000);
afterAll(() => t.close());

const post = (url: string, token: string, payload: object) => call(t.app, { method: 'POST', url, token, payload });
const addToCart = (b: { token: string }, sku: string, quantity: number) => post('/api/user/cart', b.token, { sku, quantity });
const clearCart = (b: { token: string; id: number }) => call(t.app, { method: 'DELETE', url: `/api/user/cart/clear-cart/${b.id}`, token: b.token });
const cartOf = (b: { token: string; id: number }) => call(t.app, { method: 'GET', url: `/api/user/cart/find-by-userid/${b.id}`, token: b.token });

/** The order summary's choices for a buyer: its first dispatch address, a transport, its default billing address. */
function summary(b: Buyer, extra: object = {}) {
  return {
    orderType: 'ONLINE',
    tipoEntrega: 'entrega',
    deliveryAddress: b.profile.despacho[0]!.iddespacho,
    deliveryTransport: transport,
    invoiceAddress: (b.profile.factura.find((f) => f.predeterminado === 'Y') ?? b.profile.factura[0]!).idfactura,
    paymentMethod: 'CREDIT',
    ...extra,
  };
}
const createOrder = (b: Buyer, extra: object = {}) => post('/api/orders', b.token, summary(b, extra));

describe('creating an order', () => {
  beforeEach(() => clearCart(buyer));

  it("builds it from the buyer's server cart, priced by the server, numbered OC + id", async () => {
    await addToCart(buyer, 'POL-1001-M', 3);
    await addToCart(buyer, 'POL-1003-M', 2);
    const cart = (await cartOf(buyer)).json<CartResponse>();
    const res = await post('/api/orders', buyer.token, { ...summary(buyer), total: 1, net: 1, orderProducts: [{ sku: 'POL-1001-M', price: 1, quantity: 3 }] });
    expect(res.statusCode).toBe(201);
    const order = res.json<Order>();
    expect(order).toMatchObject({
      purchaseOrderNumber: `OC${String(order.id).padStart(6, '0')}`,
      orderType: 'ONLINE',
      orderState: 'PROCESS',
      paymentMethod: 'CREDIT',
      tipoEntrega: 'entrega',
      deliveryAddress: buyer.profile.despacho[0]!.iddespacho,
      deliveryTransport: transport,
      erp: 'NONE',
      erpDocNum: null,
      numOc: '',
      userId: buyer.id,
      totals: cart.totals,
    });
    expect(order.orderProducts).toEqual(
      cart.items.map((item) => ({
        id: expect.any(Number),
        sku: item.sku,
        name: item.name,
        size: item.size,
        quantity: item.quantity,
        price: item.priceList,
        percentageOffer: item.percentageOffer,
        percentageLoyalty: 6,
        priceFinalUnit: item.priceFinalUnit,
        priceFinal: item.priceFinal,
        descLinea: item.percentageOffer === 20 ? 24.8 : 6,
      })),
    );
    expect(new Date(order.dateCreated).getTime()).toBeGreaterThan(Date.now() - 60_000);
    // the stored row keeps the dispatch text and commune for the ERP
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ cardCode: 'C76123456', deliveryAddressText: buyer.profile.despacho[0]!.direccion, deliveryCommune: buyer.profile.despacho[0]!.comuna, total: cart.totals.total });
    // and it can be read back
    const again = await call(t.app, { method: 'GET', url: `/api/orders/${order.id}`, token: buyer.token });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(order);
    // the order took the lines out of the cart: a second create finds it empty
    expect((await cartOf(buyer)).json<CartResponse>().items).toEqual([]);
    const second = await post('/api/orders', buyer.token, summary(buyer));
    expect(second.statusCode).toBe(409);
  });

  it('numbers a reservation RE + id and gives it no payment method', async () => {
    await addToCart(buyer, 'POL-1001-S', 1);
    const res = await createOrder(buyer, { orderType: 'RESERVE', paymentMethod: 'WEBPAY' });
    expect(res.statusCode).toBe(201);
    const order = res.json<Order>();
    expect(order.purchaseOrderNumber).toBe(`RE${String(order.id).padStart(6, '0')}`);
    expect(order.paymentMethod).toBeNull();
  });

  it('marks store pickup with the pickup code and needs no address or transport', async () => {
    await addToCart(buyer, 'POL-1001-S', 1);
    const res = await createOrder(buyer, { tipoEntrega: 'retiro', deliveryAddress: '', deliveryTransport: '' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ tipoEntrega: 'retiro', deliveryAddress: 'idStorePickup', deliveryTransport: '' });
  });

  it('refuses an empty cart (409)', async () => {
    const res = await createOrder(buyer);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('El carro está vacío: agregue productos antes de continuar');
  });

  it('checks the stock again when the order is made', async () => {
    await addToCart(buyer, 'POL-1001-M', 10);
    const row = t.b1.data.Items.find((i) => i.ItemCode === 'POL-1001-M')!.ItemWarehouseInfoCollection[0]!;
    const before = row.InStock;
    row.InStock = row.Committed + 4;
    try {
      const res = await createOrder(buyer);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('No hay stock suficiente de Polera Básica Algodón Blanco talla M: disponible 4');
    } finally {
      row.InStock = before;
    }
  });

  it("refuses addresses that are not the buyer's and unknown transports", async () => {
    await addToCart(buyer, 'POL-1001-S', 1);
    const foreignDispatch = chequeBuyer.profile.despacho.find((d) => !buyer.profile.despacho.some((own) => own.iddespacho === d.iddespacho));
    for (const extra of [{ deliveryAddress: 'NO EXISTE' }, { invoiceAddress: 'NO EXISTE' }, ...(foreignDispatch ? [{ deliveryAddress: foreignDispatch.iddespacho }] : [])]) {
      const res = await createOrder(buyer, extra);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('La dirección seleccionada no pertenece al cliente');
    }
    const res = await createOrder(buyer, { deliveryTransport: '9999' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('El transporte seleccionado no existe');
    const missing = await createOrder(buyer, { deliveryAddress: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Debe seleccionar una dirección o retiro en tienda');
  });

  it("allows a cheque only with the payment condition 'Cheque'", async () => {
    await addToCart(buyer, 'POL-1001-S', 1);
    const refused = await createOrder(buyer, { paymentMethod: 'CHEQUE' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('El pago con cheque requiere condición de pago Cheque');

    await clearCart(chequeBuyer);
    await addToCart(chequeBuyer, 'POL-1001-S', 1);
    const accepted = await createOrder(chequeBuyer, { paymentMethod: 'CHEQUE' });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json()).toMatchObject({ paymentMethod: 'CHEQUE', totals: { loyaltyPct: 4 } });
  });

  it('allows the credit line only when the available credit covers the total', async () => {
    await clearCart(noCredit);
    await addToCart(noCredit, 'POL-1001-S', 1);
    const none = await createOrder(noCredit);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Credito Disponible insuficiente');
    // the same buyer may still pay by card or transfer
    expect((await createOrder(noCredit, { paymentMethod: 'WEBPAY' })).statusCode).toBe(201);

    // a buyer with credit, short of this order's total: available = limit − balance − open orders
    await addToCart(buyer, 'POL-1001-M', 100);
    const bp = t.b1.data.BusinessPartners.find((p) => p.CardCode === 'C76123456')!;
    const limit = bp.CreditLimit;
    const total = (await cartOf(buyer)).json<CartResponse>().totals.total;
    bp.CreditLimit = bp.CurrentAccountBalance + bp.OpenOrdersBalance + total - 1;
    try {
      const short = await createOrder(buyer);
      expect(short.statusCode).toBe(400);
      expect(short.json().message).toBe('Credito Disponible insuficiente');
      bp.CreditLimit += 1;
      expect((await createOrder(buyer)).statusCode).toBe(201);
    } finally {
      bp.CreditLimit = limit;
    }
  });

  it('refuses blocked buyers, admins and visitors', async () => {
    const res = await post('/api/orders', blocked.token, summary(buyer));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Bloqueado para comprar, contactar ejecutiva(o)');
    expect((await post('/api/orders', admin, summary(buyer))).statusCode).toBe(403);
    expect((await post('/api/orders', '', summary(buyer))).statusCode).toBe(401);
  });

  it('validates the choices with the Spanish messages of the form', async () => {
    const res = await post('/api/orders', buyer.token, { orderType: 'GRATIS', tipoEntrega: 'entrega', invoiceAddress: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      orderType: 'Tipo de pedido inválido',
      invoiceAddress: 'Debe seleccionar una dirección de facturación',
      deliveryAddress: 'Debe seleccionar una dirección o retiro en tienda',
      deliveryTransport: 'Debe seleccionar un transporte',
    });
  });
});

describe('reading an order', () => {
  it("answers only the buyer's own orders", async () => {
    await clearCart(buyer);
    await addToCart(buyer, 'POL-1001-S', 1);
    const order = (await createOrder(buyer)).json<Order>();
    expect((await call(t.app, { method: 'GET', url: `/api/orders/${order.id}`, token: chequeBuyer.token })).json()).toEqual({ status: 404, message: 'Pedido no encontrado' });
    expect((await call(t.app, { method: 'GET', url: `/api/orders/${order.id}`, token: admin })).statusCode).toBe(403);
    const missing = await call(t.app, { method: 'GET', url: '/api/orders/999999', token: buyer.token });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Pedido no encontrado');
    expect((await call(t.app, { method: 'GET', url: '/api/orders/abc', token: buyer.token })).json().message).toBe('Identificador de pedido inválido');
  });
});

describe('the state of an order', () => {
  let order: Order;
  beforeAll(async () => {
    await clearCart(buyer);
    await addToCart(buyer, 'POL-1001-S', 1);
    order = (await createOrder(buyer, { paymentMethod: 'WEBPAY' })).json<Order>();
  });

  const updateState = (token: string, payload: Record<string, string | number>, form = false) =>
    form
      ? call(t.app, {
          method: 'POST',
          url: '/api/orders/update/state/order',
          token,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(Object.entries(payload).map(([k, v]) => [k, String(v)])).toString(),
        })
      : post('/api/orders/update/state/order', token, payload);

  it('cannot be moved to CONFIRMED by the client without evidence (JSON or form data)', async () => {
    for (const form of [false, true]) {
      const res = await updateState(buyer.token, { id: order.id, numOc: 'TX-123', state: 'CONFIRMED' }, form);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('El estado del pedido no puede cambiarse sin la confirmación del ERP o del medio de pago');
    }
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ orderState: 'PROCESS', numOc: '' });
  });

  it('cannot be CANCELED from the client for now', async () => {
    expect((await updateState(buyer.token, { id: order.id, numOc: '', state: 'CANCELED' }, true)).statusCode).toBe(409);
  });

  it('answers PROCESS unchanged', async () => {
    const res = await updateState(buyer.token, { id: order.id, numOc: '', state: 'PROCESS' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ pending: false, order: { id: order.id, orderState: 'PROCESS' } });
  });

  it("refuses another buyer's order and validates the body", async () => {
    expect((await updateState(chequeBuyer.token, { id: order.id, numOc: '', state: 'CONFIRMED' })).statusCode).toBe(404);
    expect((await updateState(buyer.token, { id: 999_999, numOc: '', state: 'CONFIRMED' })).statusCode).toBe(404);
    const bad = await updateState(buyer.token, { id: order.id, numOc: '', state: 'PAGADO' }, true);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Estado de pedido inválido');
  });

  it('an order already final answers its state unchanged', async () => {
    await t.database.db.update(orders).set({ orderState: 'CANCELED' }).where(eq(orders.id, order.id));
    const res = await updateState(buyer.token, { id: order.id, numOc: 'X', state: 'CONFIRMED' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ pending: false, order: { orderState: 'CANCELED', numOc: '' } });
  });
});

describe('sending an order to the ERP: what is refused before', () => {
  beforeEach(() => clearCart(buyer));

  it('a card or transfer order waits for its payment provider', async () => {
    await addToCart(buyer, 'POL-1001-S', 1);
    const webpay = (await createOrder(buyer, { paymentMethod: 'WEBPAY' })).json<Order>();
    const res = await post('/api/user/b1/ov', buyer.token, { orderReference: webpay.purchaseOrderNumber });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Este pedido se paga con WebPay Plus: se confirma cuando el pago se valida');
    await addToCart(buyer, 'POL-1001-S', 1); // the order took the cart's lines
    const khipu = (await createOrder(buyer, { paymentMethod: 'KHIPU' })).json<Order>();
    expect((await post('/api/user/b1/ov', buyer.token, { orderReference: khipu.purchaseOrderNumber })).json().message).toBe(
      'Este pedido se paga con Khipu: se confirma cuando el pago se valida',
    );
    expect(t.b1.data.Orders.filter((d) => d.NumAtCard === webpay.purchaseOrderNumber || d.NumAtCard === khipu.purchaseOrderNumber)).toHaveLength(0);
  });

  it('a cheque order needs the photo of the cheque', async () => {
    await clearCart(chequeBuyer);
    await addToCart(chequeBuyer, 'POL-1001-S', 1);
    const order = (await createOrder(chequeBuyer, { paymentMethod: 'CHEQUE' })).json<Order>();
    const res = await post('/api/user/b1/ov', chequeBuyer.token, { orderReference: order.purchaseOrderNumber });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Debe adjuntar una foto del cheque');
    expect(t.b1.data.Orders.filter((d) => d.NumAtCard === order.purchaseOrderNumber)).toHaveLength(0);
  });

  it('the kind of submission must match the kind of order', async () => {
    await addToCart(buyer, 'POL-1001-S', 1);
    const sale = (await createOrder(buyer)).json<Order>();
    await addToCart(buyer, 'POL-1001-S', 1); // the order took the cart's lines
    const reserve = (await createOrder(buyer, { orderType: 'RESERVE' })).json<Order>();
    const wrongReserve = await post('/api/user/b1/reserve', buyer.token, { orderReference: sale.purchaseOrderNumber });
    expect(wrongReserve.statusCode).toBe(400);
    expect(wrongReserve.json().message).toBe(`El pedido ${sale.purchaseOrderNumber} no es una reserva`);
    expect((await post('/api/user/b1/ov', buyer.token, { orderReference: reserve.purchaseOrderNumber })).statusCode).toBe(400);
  });

  it("another buyer's order, an unknown number and a malformed one are refused", async () => {
    await addToCart(buyer, 'POL-1001-S', 1);
    const order = (await createOrder(buyer, { orderType: 'RESERVE' })).json<Order>();
    expect((await post('/api/user/b1/reserve', chequeBuyer.token, { orderReference: order.purchaseOrderNumber })).statusCode).toBe(404);
    const missing = await post('/api/user/b1/reserve', buyer.token, { orderReference: 'RE999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Pedido no encontrado');
    const bad = await post('/api/user/b1/reserve', buyer.token, { orderReference: "RE1' or 1=1" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Número de pedido inválido');
    expect((await post('/api/user/b1/reserve', admin, { orderReference: order.purchaseOrderNumber })).statusCode).toBe(403);
  });
});
