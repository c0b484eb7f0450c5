import { eq } from 'drizzle-orm';
import type { CartBulkResponse, CartItem, CartResponse } from '@shared/api/cart';
import { cartItems, productContent } from '@server/db/schema';
import { call, createTestApp, login, type TestApp } from './helpers';

// POST /api/user/cart/bulk (docs/ordering.md): many sizes in one request, each through the single add's rules and
// prices, with a result per line.

let t: TestApp;
let buyer: { token: string; id: number };
let blocked: { token: string; id: number };
let admin: string;

beforeAll(async () => {
  t = await createTestApp({}, { worker: { pollMs: 50, backoffMs: () => 100, autoStart: false } });
  buyer = await login(t.app, '76123456-0', 'Demo1234'); // Gold, descFidel 6
  blocked = await login(t.app, '78456789-3', 'Demo1234');
  admin = (await login(t.app, '22222222-2', 'Admin1234')).token;
  // the portal's offer on POL-1001: 20 %
  await t.database.db.insert(productContent).values({ sku: 'POL-1001', name: 'Polera Básica', offer: true, percentage: 20 });
}, 60_000);
afterAll(() => t.close());
afterEach(() => t.database.db.delete(cartItems));

const bulk = (token: string, payload: unknown) => call(t.app, { method: 'POST', url: '/api/user/cart/bulk', token, payload: payload as object });
const single = (token: string, payload: object) => call(t.app, { method: 'POST', url: '/api/user/cart', token, payload });
const cartOf = async () => (await call(t.app, { method: 'GET', url: `/api/user/cart/find-by-userid/${buyer.id}`, token: buyer.token })).json<CartResponse>();
const listPrice = (code: string) => t.b1.data.Items.find((i) => i.ItemCode === code)!.ItemPrices.find((p) => p.PriceList === 1)!.Price;
const finalUnit = (price: number, offer: number, loyalty: number) => Math.round((price * (100 - loyalty) * (100 - offer)) / 10_000);

describe('POST /api/user/cart/bulk', () => {
  it('adds every line in one request, priced as the single add prices it, repeated skus added together', async () => {
    const res = await bulk(buyer.token, {
      items: [
        { sku: 'POL-1001-S', quantity: 2 },
        { sku: 'POL-1001-M', quantity: 3, price: 1, priceFinal: 1 },
        { sku: 'pol-1001-s', quantity: 1 },
        { sku: 'PAN-2001-40', quantity: 4 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<CartBulkResponse>();
    expect(body).toMatchObject({ added: 3, clamped: 0, rejected: 0, count: 3, message: '3 de 3 productos agregados al carro' });
    expect(body.lines.map((l) => [l.sku, l.requested, l.quantity, l.status])).toEqual([
      ['POL-1001-S', 3, 3, 'added'],
      ['POL-1001-M', 3, 3, 'added'],
      ['PAN-2001-40', 4, 4, 'added'],
    ]);
    const m = listPrice('POL-1001-M');
    expect(body.lines[1]!.item).toMatchObject({ quantity: 3, price: m, percentageOffer: 20, percentageLoyalty: 6, priceFinalUnit: finalUnit(m, 20, 6), priceFinal: finalUnit(m, 20, 6) * 3 });
    // the same line the single add answers, and the same the cart shows
    await t.database.db.delete(cartItems);
    const one = (await single(buyer.token, { sku: 'POL-1001-M', quantity: 3 })).json<CartItem>();
    const { id: _a, ...fromSingle } = one;
    const { id: _b, ...fromBulk } = body.lines[1]!.item!;
    expect(fromBulk).toEqual(fromSingle);
  });

  it('adds to what the cart holds and clamps a quantity above the stock left, with the spec message and the detail', async () => {
    await single(buyer.token, { sku: 'POL-1001-M', quantity: 200 }); // stock 240
    const res = await bulk(buyer.token, { items: [{ sku: 'POL-1001-M', quantity: 100 }, { sku: 'POL-1001-S', quantity: 5 }] });
    const body = res.json<CartBulkResponse>();
    expect(body).toMatchObject({ added: 1, clamped: 1, rejected: 0, count: 2 });
    expect(body.lines[0]).toMatchObject({
      sku: 'POL-1001-M', requested: 100, quantity: 40, status: 'clamped', reason: 'overStock',
      message: 'Se agregaron 40 de 100 de Polera Básica Algodón Blanco talla M: stock disponible 240',
      item: { quantity: 240 },
    });
    // nothing left: refused with what the cart holds
    const again = (await bulk(buyer.token, { items: [{ sku: 'POL-1001-M', quantity: 1 }] })).json<CartBulkResponse>();
    expect(again.lines[0]).toMatchObject({ status: 'rejected', reason: 'overStock', quantity: 0, message: 'El carro ya tiene todo el stock disponible de Polera Básica Algodón Blanco talla M (240)' });
    expect(again.message).toBe('No se agregó ningún producto al carro');
    expect((await cartOf()).items.find((i) => i.sku === 'POL-1001-M')!.quantity).toBe(240);
  });

  it('with clampToStock false refuses the line over the stock and adds the others', async () => {
    const res = await bulk(buyer.token, { clampToStock: false, items: [{ sku: 'POL-1001-M', quantity: 241 }, { sku: 'POL-1001-L', quantity: 1 }] });
    const body = res.json<CartBulkResponse>();
    expect(body.lines[0]).toMatchObject({ status: 'rejected', reason: 'overStock', quantity: 0, message: 'No hay stock suficiente de Polera Básica Algodón Blanco talla M: disponible 240' });
    expect(body.lines[1]).toMatchObject({ status: 'added', quantity: 1 });
    expect((await cartOf()).items.map((i) => i.sku)).toEqual(['POL-1001-L']);
  });

  it('tells an unknown sku from one the ERP does not sell, a hidden style and a sold-out size', async () => {
    await t.database.db.insert(productContent).values({ sku: 'POL-1002', enabled: false });
    t.b1.updateItem('PAN-2001-42', { Valid: 'tNO' });
    try {
      const res = await bulk(buyer.token, {
        items: [
          { sku: 'NOPE-0000-M', quantity: 1 },
          { sku: 'PAN-2001-42', quantity: 1 },
          { sku: 'POL-1002-M', quantity: 1 },
          { sku: 'VES-6003-M', quantity: 2 },
          { sku: 'POL-1001-S', quantity: 1 },
        ],
      });
      expect(res.statusCode).toBe(200);
      const body = res.json<CartBulkResponse>();
      expect(body.lines.map((l) => [l.sku, l.status, l.reason ?? null])).toEqual([
        ['NOPE-0000-M', 'rejected', 'unknown'],
        ['PAN-2001-42', 'rejected', 'unavailable'],
        ['POL-1002-M', 'rejected', 'unavailable'],
        ['VES-6003-M', 'rejected', 'noStock'],
        ['POL-1001-S', 'added', null],
      ]);
      expect(body.lines[0]!.message).toBe('El sku NOPE-0000-M no existe en el catálogo');
      expect(body.lines[1]!.message).toBe('El producto PAN-2001-42 ya no está disponible');
      expect(body.lines[3]!.message).toMatch(/^No hay stock suficiente de .+ talla M: disponible 0$/);
      expect(body).toMatchObject({ added: 1, rejected: 4, count: 1 });
    } finally {
      t.b1.updateItem('PAN-2001-42', { Valid: 'tYES' });
      await t.database.db.delete(productContent).where(eq(productContent.sku, 'POL-1002'));
    }
  });

  it('refuses a blocked buyer and an admin whole, adding nothing', async () => {
    const res = await bulk(blocked.token, { items: [{ sku: 'POL-1001-M', quantity: 1 }] });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Bloqueado para comprar, contactar ejecutiva(o)');
    expect((await bulk(admin, { items: [{ sku: 'POL-1001-M', quantity: 1 }] })).json().message).toBe('Los administradores no pueden comprar');
    expect(await t.database.db.select().from(cartItems)).toEqual([]);
  });

  it('refuses 10 000 lines at once, before checking each one, and an empty or malformed request', async () => {
    const items = Array.from({ length: 10_000 }, (_, i) => ({ sku: `X-${i}`, quantity: 1 }));
    const started = performance.now();
    const many = await bulk(buyer.token, { items });
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toBe('Se pueden agregar hasta 2.000 líneas por vez');
    expect(performance.now() - started).toBeLessThan(5_000); // a sanity bound, not a benchmark
    expect((await bulk(buyer.token, { items: [] })).json().message).toBe('Debe indicar al menos un producto');
    expect((await bulk(buyer.token, {})).statusCode).toBe(400);
    const bad = await bulk(buyer.token, { items: [{ sku: 'POL-1001-M', quantity: 0 }, { sku: 'POL 1001', quantity: 1 }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ 'items[0].quantity': 'La cantidad debe ser un número entero mayor que cero', 'items[1].sku': 'Sku inválido' });
    expect(await t.database.db.select().from(cartItems)).toEqual([]);
  });

  it('takes the most lines allowed (2 000) in one request', async () => {
    const codes = t.b1.data.Items.filter((i) => i.SalesItem === 'tYES' && i.Valid === 'tYES').map((i) => i.ItemCode);
    const items = Array.from({ length: 2000 }, (_, i) => ({ sku: codes[i % codes.length]!, quantity: 1 }));
    const res = await bulk(buyer.token, { items });
    expect(res.statusCode).toBe(200);
    expect(res.json<CartBulkResponse>().lines).toHaveLength(Math.min(2000, codes.length));
  });

  it('never passes the stock when two bulk adds of the same size race', async () => {
    const payload = { items: [{ sku: 'POL-1001-L', quantity: 150 }] }; // stock 180
    const [a, b] = await Promise.all([bulk(buyer.token, payload), bulk(buyer.token, payload)]);
    const added = [a, b].map((r) => r.json<CartBulkResponse>().lines[0]!.quantity);
    expect(added.sort((x, y) => x - y)).toEqual([30, 150]);
    expect((await cartOf()).items[0]!.quantity).toBe(180);
  });
});
