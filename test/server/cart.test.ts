import { eq } from 'drizzle-orm';
import type { CartItem, CartResponse } from '@shared/api/cart';
import type { ProductDetail } from '@shared/api/erp';
import { priceLine } from '@shared/pricing';
import { productContent } from '@server/db/schema';
import { call, createTestApp, login, type TestApp } from './helpers';
import { SERVER_MSG } from '@server/messages';

let t: TestApp;
let buyer: { token: string; id: number };
let other: { token: string; id: number };
let blocked: { token: string; id: number };
let admin: string;

const WORKER = { pollMs: 50, backoffMs: () => 100, autoStart: false };

beforeAll(async () => {
  t = await createTestApp({}, { worker: WORKER });
  buyer = await login(t.app, '76123456-0', 'Demo1234'); // Gold, descFidel 6
  other = await login(t.app, '79012345-K', 'Demo1234'); // Elite, descFidel 10
  blocked = await login(t.app, '78456789-3', 'Demo1234');
  admin = (await login(t.app, '22222222-2', 'Admin1234')).token;
  // The portal's offer on the style POL-1001: 20 %.
  await t.database.db.insert(productContent).values({ sku: 'POL-1001', name: 'Polera Básica', offer: true, percentage: 20, mainUrlImage: '/files/products/POL-1001-1.webp' });
}, 60_000);
afterAll(() => t.close());

const listPrice = (code: string) => t.b1.data.Items.find((i) => i.ItemCode === code)!.ItemPrices.find((p) => p.PriceList === 1)!.Price;
const setListPrice = (code: string, price: number) => {
  t.b1.data.Items.find((i) => i.ItemCode === code)!.ItemPrices.find((p) => p.PriceList === 1)!.Price = price;
};

const add = (token: string, payload: object) => call(t.app, { method: 'POST', url: '/api/user/cart', token, payload });
const update = (token: string, payload: object) => call(t.app, { method: 'PUT', url: '/api/user/cart', token, payload });
const cartOf = (token: string, userId: number) => call(t.app, { method: 'GET', url: `/api/user/cart/find-by-userid/${userId}`, token });
const countOf = (token: string, userId: number) => call(t.app, { method: 'GET', url: `/api/user/cart/count-cart/${userId}`, token });
const remove = (token: string, id: number) => call(t.app, { method: 'DELETE', url: `/api/user/cart/${id}`, token });
const clear = (token: string, userId: number) => call(t.app, { method: 'DELETE', url: `/api/user/cart/clear-cart/${userId}`, token });

/** The spec's formula, computed here by hand: round(price × (1 − descFidel/100) × (1 − offer/100)). */
const finalUnit = (price: number, offer: number, loyalty: number) => Math.round((price * (100 - loyalty) * (100 - offer)) / 10_000);

describe('adding to the cart', () => {
  afterEach(() => clear(buyer.token, buyer.id));

  it("answers 201 with the line priced by the server: ERP list price, the style's offer and the buyer's loyalty", async () => {
    const price = listPrice('POL-1001-M');
    const res = await add(buyer.token, { sku: 'POL-1001-M', quantity: 2 });
    expect(res.statusCode).toBe(201);
    const item = res.json<CartItem>();
    expect(item).toMatchObject({
      sku: 'POL-1001-M',
      style: 'POL-1001',
      size: 'M',
      quantity: 2,
      price,
      priceList: price,
      stock: 240,
      offer: true,
      percentageOffer: 20,
      percentageLoyalty: 6,
      priceOffer: Math.round(price * 0.8),
      priceFinalUnit: finalUnit(price, 20, 6),
      priceFinal: finalUnit(price, 20, 6) * 2,
      priceDiscount: price * 2 - finalUnit(price, 20, 6) * 2,
      descLinea: 24.8,
      urlImageMain: '/files/products/POL-1001-1.webp',
      userId: buyer.id,
    });
    expect(item.name).toContain('Polera Básica Algodón');
  });

  it('adds to the line the cart already holds of the size', async () => {
    const first = (await add(buyer.token, { sku: 'POL-1001-S', quantity: 2 })).json<CartItem>();
    const second = await add(buyer.token, { sku: 'POL-1001-S', quantity: 3 });
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ id: first.id, quantity: 5 });
    expect((await countOf(buyer.token, buyer.id)).json()).toBe(1);
  });

  it('ignores whatever price, offer or total the client sends', async () => {
    const price = listPrice('POL-1001-L');
    const res = await add(buyer.token, {
      sku: 'POL-1001-L', quantity: 1, price: 1, priceList: 1, priceFinal: 1, priceFinalUnit: 1, offer: true, percentageOffer: 99,
      percentageLoyalty: 90, descLinea: 99, userId: other.id,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ price, priceFinalUnit: finalUnit(price, 20, 6), percentageOffer: 20, percentageLoyalty: 6, descLinea: 24.8, userId: buyer.id });
    const cart = (await cartOf(buyer.token, buyer.id)).json<CartResponse>();
    expect(cart.items[0]).toMatchObject({ price, priceFinal: finalUnit(price, 20, 6) });
    expect(cart.totals.total).toBe(finalUnit(price, 20, 6) + Math.round(finalUnit(price, 20, 6) * 0.19));
  });

  it('refuses a quantity above the fresh ERP stock with the product, size and stock', async () => {
    const res = await add(buyer.token, { sku: 'POL-1001-M', quantity: 241 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('No hay stock suficiente de Polera Básica Algodón Blanco talla M: disponible 240');
    // what is already in the cart counts too, and a refused addition leaves the cart as it was
    await add(buyer.token, { sku: 'POL-1001-M', quantity: 200 });
    expect((await add(buyer.token, { sku: 'POL-1001-M', quantity: 41 })).statusCode).toBe(400);
    expect((await cartOf(buyer.token, buyer.id)).json<CartResponse>().items[0]!.quantity).toBe(200);
  });

  it('refuses a sold-out size', async () => {
    const res = await add(buyer.token, { sku: 'VES-6003-M', quantity: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^No hay stock suficiente de .+ talla M: disponible 0$/);
    expect((await countOf(buyer.token, buyer.id)).json()).toBe(0);
  });

  it('refuses an unknown sku and a hidden style with a clear message', async () => {
    const unknown = await add(buyer.token, { sku: 'NOPE-0000-M', quantity: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('El producto NOPE-0000-M ya no está disponible');
    await t.database.db.insert(productContent).values({ sku: 'POL-1002', enabled: false });
    try {
      expect((await add(buyer.token, { sku: 'POL-1002-M', quantity: 1 })).statusCode).toBe(404);
    } finally {
      await t.database.db.delete(productContent).where(eq(productContent.sku, 'POL-1002'));
    }
  });

  it('validates the quantity and the sku', async () => {
    for (const quantity of [0, -1, 1.5, 'dos']) {
      const res = await add(buyer.token, { sku: 'POL-1001-M', quantity });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('La cantidad debe ser un número entero mayor que cero');
    }
    expect((await add(buyer.token, { sku: "x' or 1=1", quantity: 1 })).json().message).toBe('Sku inválido');
  });

  it('refuses blocked buyers, admins and visitors', async () => {
    const res = await add(blocked.token, { sku: 'POL-1001-M', quantity: 1 });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Bloqueado para comprar, contactar ejecutiva(o)');
    const byAdmin = await add(admin, { sku: 'POL-1001-M', quantity: 1 });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().message).toBe('Los administradores no pueden comprar');
    expect((await add('', { sku: 'POL-1001-M', quantity: 1 })).statusCode).toBe(401);
  });
});

describe('reading the cart', () => {
  afterEach(() => clear(buyer.token, buyer.id));

  it("answers the lines and the 'Resumen de la compra' by the spec's formulas", async () => {
    const offered = listPrice('POL-1001-M');
    const plain = listPrice('POL-1003-M'); // no offer on POL-1003
    await add(buyer.token, { sku: 'POL-1001-M', quantity: 3 });
    await add(buyer.token, { sku: 'POL-1003-M', quantity: 2 });
    const res = await cartOf(buyer.token, buyer.id);
    expect(res.statusCode).toBe(200);
    const { items, totals } = res.json<CartResponse>();
    expect(items.map((i) => [i.sku, i.quantity, i.percentageOffer])).toEqual([['POL-1001-M', 3, 20], ['POL-1003-M', 2, 0]]);
    const lineA = finalUnit(offered, 20, 6) * 3;
    const lineB = finalUnit(plain, 0, 6) * 2;
    const subtotal = lineA + lineB;
    const net = offered * 3 + plain * 2;
    const afterOffer = Math.round(offered * 0.8) * 3 + plain * 2;
    expect(totals).toEqual({
      lines: 2,
      units: 5,
      net,
      offerDiscount: net - afterOffer,
      loyaltyDiscount: afterOffer - subtotal,
      loyaltyPct: 6,
      subtotal,
      vat: Math.round((subtotal * 19) / 100),
      total: subtotal + Math.round((subtotal * 19) / 100),
    });
  });

  it('prices every read with the fresh ERP price and the current offer', async () => {
    await add(buyer.token, { sku: 'POL-1001-S', quantity: 1 });
    const before = listPrice('POL-1001-S');
    setListPrice('POL-1001-S', before + 1000);
    await t.database.db.update(productContent).set({ percentage: 50 }).where(eq(productContent.sku, 'POL-1001'));
    try {
      const item = (await cartOf(buyer.token, buyer.id)).json<CartResponse>().items[0]!;
      expect(item).toMatchObject({ price: before + 1000, percentageOffer: 50, priceFinalUnit: finalUnit(before + 1000, 50, 6), descLinea: 53 });
    } finally {
      setListPrice('POL-1001-S', before);
      await t.database.db.update(productContent).set({ percentage: 20 }).where(eq(productContent.sku, 'POL-1001'));
    }
  });

  it('keeps a line the ERP no longer sells, priced 0 and out of the totals', async () => {
    await add(buyer.token, { sku: 'POL-1001-L', quantity: 1 });
    await add(buyer.token, { sku: 'POL-1003-L', quantity: 1 });
    const item = t.b1.data.Items.find((i) => i.ItemCode === 'POL-1003-L')!;
    item.SalesItem = 'tNO';
    try {
      const { items, totals } = (await cartOf(buyer.token, buyer.id)).json<CartResponse>();
      expect(items[1]).toMatchObject({ sku: 'POL-1003-L', unavailable: true, stock: 0, priceFinal: 0 });
      expect(totals.lines).toBe(1);
      expect(totals.subtotal).toBe(items[0]!.priceFinal);
    } finally {
      item.SalesItem = 'tYES';
    }
  });

  it("the product detail gives what the cart charges: its list price and offer, through the cart's own rule, are the line's unit price", async () => {
    await add(buyer.token, { sku: 'POL-1001-M', quantity: 2 });
    const detail = (await call(t.app, { method: 'GET', url: '/api/user/b1/products-detail/POL-1001', token: buyer.token })).json<ProductDetail>();
    const size = detail.relacionados.find((v) => v.sku === 'POL-1001-M')!;
    const line = (await cartOf(buyer.token, buyer.id)).json<CartResponse>().items[0]!;
    // what the product page shows (priceLine, the function the cart is priced with) is what the line costs a unit
    expect(priceLine({ price: size.preciolista, quantity: 1, offerPct: size.descuento, loyaltyPct: 6 }).priceFinalUnit).toBe(line.priceFinalUnit);
    expect(priceLine({ price: detail.precio, quantity: 1, offerPct: detail.descuento, loyaltyPct: 6 }).priceFinalUnit).toBe(line.priceFinalUnit);
    expect(line.priceFinalUnit).toBe(finalUnit(listPrice('POL-1001-M'), 20, 6));
  });

  it('with the ERP down: 503 with code ERP_UNAVAILABLE (the SPA words it), and the lines are still there afterwards', async () => {
    await add(buyer.token, { sku: 'POL-1001-M', quantity: 1 });
    t.b1.setFaults({ refuse: true });
    try {
      const res = await cartOf(buyer.token, buyer.id);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 503, message: 'El ERP no está disponible', code: 'ERP_UNAVAILABLE' });
    } finally {
      t.b1.setFaults({ refuse: false });
    }
    expect((await cartOf(buyer.token, buyer.id)).json<CartResponse>().items.map((i) => [i.sku, i.quantity])).toEqual([['POL-1001-M', 1]]);
  });

  it('counts the lines', async () => {
    expect((await countOf(buyer.token, buyer.id)).json()).toBe(0);
    await add(buyer.token, { sku: 'POL-1001-M', quantity: 1 });
    await add(buyer.token, { sku: 'POL-1001-L', quantity: 4 });
    const res = await countOf(buyer.token, buyer.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe(2);
  });
});

describe('changing and removing lines', () => {
  afterEach(() => clear(buyer.token, buyer.id));

  it('sets the quantity of a line, within the stock', async () => {
    const line = (await add(buyer.token, { sku: 'POL-1001-M', quantity: 1 })).json<CartItem>();
    const res = await update(buyer.token, { id: line.id, quantity: 7, price: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: line.id, quantity: 7, priceFinal: line.priceFinalUnit * 7 });
    const over = await update(buyer.token, { id: line.id, quantity: 500 });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('No hay stock suficiente de Polera Básica Algodón Blanco talla M: disponible 240');
    expect((await cartOf(buyer.token, buyer.id)).json<CartResponse>().items[0]!.quantity).toBe(7);
  });

  it('deletes one line and clears the cart with 204', async () => {
    const a = (await add(buyer.token, { sku: 'POL-1001-M', quantity: 1 })).json<CartItem>();
    await add(buyer.token, { sku: 'POL-1001-L', quantity: 1 });
    const del = await remove(buyer.token, a.id);
    expect(del.statusCode).toBe(204);
    expect((await countOf(buyer.token, buyer.id)).json()).toBe(1);
    const missing = await remove(buyer.token, a.id);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('El producto no está en el carro');
    expect((await clear(buyer.token, buyer.id)).statusCode).toBe(204);
    expect((await cartOf(buyer.token, buyer.id)).json()).toMatchObject({ items: [], totals: { lines: 0, total: 0 } });
  });

  it('answers 404 for a line that does not exist', async () => {
    const res = await update(buyer.token, { id: 999_999, quantity: 1 });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('El producto no está en el carro');
  });
});

describe("another buyer's cart", () => {
  let line: CartItem;
  beforeAll(async () => {
    line = (await add(buyer.token, { sku: 'POL-1001-M', quantity: 2 })).json<CartItem>();
  });
  afterAll(() => clear(buyer.token, buyer.id));

  it("is out of reach: another user's cart is 403, another buyer's line is a 404 like a missing one", async () => {
    expect((await cartOf(other.token, buyer.id)).statusCode).toBe(403);
    expect((await countOf(other.token, buyer.id)).statusCode).toBe(403);
    expect((await clear(other.token, buyer.id)).statusCode).toBe(403);
    const notFound = { status: 404, message: SERVER_MSG.cartItemNotFound };
    expect((await update(other.token, { id: line.id, quantity: 1 })).json()).toEqual(notFound);
    expect((await remove(other.token, line.id)).json()).toEqual(notFound);
    // nothing changed
    const mine = (await cartOf(buyer.token, buyer.id)).json<CartResponse>();
    expect(mine.items).toEqual([expect.objectContaining({ id: line.id, quantity: 2 })]);
  });

  it('each buyer is priced with its own loyalty discount', async () => {
    await add(other.token, { sku: 'POL-1001-M', quantity: 2 });
    const theirs = (await cartOf(other.token, other.id)).json<CartResponse>();
    expect(theirs.items[0]).toMatchObject({ percentageLoyalty: 10, descLinea: 28, userId: other.id });
    expect(theirs.items[0]!.id).not.toBe(line.id);
    await clear(other.token, other.id);
  });

  it('admins have no cart', async () => {
    const res = await cartOf(admin, buyer.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Los administradores no pueden comprar');
  });
});
