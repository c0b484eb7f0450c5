// One price rule, shown everywhere it is shown (docs/size-grid.md, 'The price of a size'): for every SKU of the demo
// catalogue and of a generated one with per-size list prices and offers, and for buyers at each loyalty level, the
// unit price each screen's data source gives (or that the screen works out with the shared `sizePrices` from the
// answer and the buyer's profile) is, to the peso, what the cart charges for that SKU at that moment.
import type { CartBulkResponse, CartResponse } from '@shared/api/cart';
import type { CatalogueItem, CustomerProfile, ProductDetail, PurchaseHistoryHeader } from '@shared/api/erp';
import type { HomeOfferCard } from '@shared/api/home';
import type { QuickOrderValidation, ReorderResponse } from '@shared/api/ordering';
import type { Order } from '@shared/api/orders';
import type { BuyerOrderDetail } from '@shared/api/userOrders';
import { formatCLP } from '@shared/money';
import { orderTotals, sizePrices } from '@shared/pricing';
import { eq } from 'drizzle-orm';
import { buildOrderConfirmedMail } from '@server/mail/buyerMail';
import { buildOrderMail } from '@server/mail/orderMail';
import { OrderRepo } from '@server/orders/orders.repo';
import { orders, productContent } from '@server/db/schema';
import { call, createTestApp, type TestApp } from './helpers';
import { buyerOf, orderRequest, someTransport, type Buyer } from './order-fixtures';

/** Generated styles: three colours per model, so the grid has rows; their sizes get list prices of their own. */
const GENERATED_ITEMS = 150;
/** Sizes per order (a cart of a few hundred lines is ordered in parts). */
const ORDER_LINES = 200;

/** The demo buyers at each loyalty level; 'none' is a buyer whose ERP loyalty discount is set to 0 here. */
const BUYERS = [
  { rut: '76123456-0', level: 'Gold' },
  { rut: '76234567-6', level: 'Silver' },
  { rut: '79012345-K', level: 'Elite' },
  { rut: '77345678-K', level: 'none', cardCode: 'C77345678' },
] as const;

let t: TestApp;
let transport: string;
/** Every sellable size code, and the style each belongs to. */
let skus: string[];
const styleOf = new Map<string, string>();
/** Every style's product detail (the same answer for every buyer: the grid and the sizes table price it per buyer). */
const details = new Map<string, ProductDetail>();
/** Mismatches found, per data source: 'source sku buyer: shown ≠ charged'. */
const mismatches: string[] = [];
/** How many (source, sku, buyer) comparisons were made. */
let compared = 0;

function expectSame(source: string, sku: string, level: string, shown: number | undefined, charged: number | undefined) {
  compared++;
  if (shown !== charged || charged === undefined) mismatches.push(`${source} ${sku} ${level}: ${shown} ≠ ${charged}`);
}

/** A small deterministic generator (the test's own catalogue changes must be the same on every run). */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

beforeAll(async () => {
  t = await createTestApp({}, { worker: { pollMs: 50, backoffMs: () => 100, autoStart: false } }, undefined, { catalogueSize: GENERATED_ITEMS, modelColours: 3 });
  const random = rng(28);
  // every size in stock (a size without stock cannot be put in a cart to be compared), generated sizes priced each
  // on its own (a surcharge of 0 to 3 000 by size, as larger sizes cost more), offers on a third of the styles
  const styles = new Set<string>();
  for (const item of t.b1.data.Items) {
    const style = String(item.U_Estilo);
    styles.add(style);
    const change: Record<string, unknown> = {
      ItemWarehouseInfoCollection: item.ItemWarehouseInfoCollection.map((w) => ({ ...w, InStock: 500, Committed: 0, Ordered: 0 })),
    };
    if (style.startsWith('GEN-')) {
      const surcharge = Math.floor(random() * 4) * 1000 - (random() < 0.2 ? 10 : 0);
      change.ItemPrices = item.ItemPrices.map((p) => (p.PriceList === 1 ? { ...p, Price: p.Price + surcharge } : p));
    }
    t.b1.updateItem(item.ItemCode, change);
  }
  const offers = [...styles].filter(() => random() < 0.33).map((sku) => ({ sku, name: sku, offer: true, genero: random() < 0.5 ? 'Femenino' : 'Masculino', percentage: 1 + Math.floor(random() * 60) }));
  await t.database.db.insert(productContent).values(offers);
  const partner = t.b1.data.BusinessPartners.find((p) => p.CardCode === 'C77345678')!;
  (partner as unknown as Record<string, unknown>).U_DescFidelizacion = 0;
  await t.app.catalog.refresh();

  const first = await buyerOf(t.app, BUYERS[0].rut);
  transport = await someTransport(t.app, first.token);
  const list = (await call(t.app, { method: 'GET', url: '/api/user/b1/catalog/products', token: first.token })).json<CatalogueItem[]>();
  for (const row of list) {
    const detail = (await call(t.app, { method: 'GET', url: `/api/user/b1/products-detail/${row.sku}`, token: first.token })).json<ProductDetail>();
    details.set(row.sku, detail);
    for (const size of detail.relacionados) styleOf.set(size.sku, row.sku);
  }
  skus = [...styleOf.keys()];
}, 120_000);
afterAll(() => t?.close());

describe.each(BUYERS)('a $level buyer', ({ rut, level }) => {
  let buyer: Buyer;
  /** sku -> the cart's line for it (what the server charges). */
  let charged: Map<string, CartResponse['items'][number]>;
  let cart: CartResponse;
  const get = <T>(url: string) => call(t.app, { method: 'GET', url, token: buyer.token }).then((r) => r.json<T>());
  /** Where this test's mismatches start: each test ends by expecting none of its own. */
  let from = 0;
  beforeEach(() => {
    from = mismatches.length;
  });
  const expectNoMismatch = () => expect(mismatches.slice(from, from + 20)).toEqual([]);

  beforeAll(async () => {
    buyer = await buyerOf(t.app, rut);
    if (level === 'none') expect(buyer.profile.descFidel).toBe(0);
    await call(t.app, { method: 'DELETE', url: `/api/user/cart/clear-cart/${buyer.id}`, token: buyer.token });
    const added = await call(t.app, { method: 'POST', url: '/api/user/cart/bulk', token: buyer.token, payload: { items: skus.map((sku) => ({ sku, quantity: 1 })) } });
    expect(added.json<CartBulkResponse>().added).toBe(skus.length);
    cart = await get<CartResponse>(`/api/user/cart/find-by-userid/${buyer.id}`);
    charged = new Map(cart.items.map((i) => [i.sku, i]));
    expect(charged.size).toBe(skus.length);
  }, 60_000);

  it('the product detail (sizes table, grid cells and the headline price) and the list price say what the cart charges', async () => {
    // the screens price with the profile the SPA holds: the same GET it reads
    const profile = await get<CustomerProfile>(`/api/user/b1/profile/${buyer.id}`);
    for (const [style, detail] of details) {
      for (const colour of detail.colores ?? []) {
        const prices = sizePrices(colour.relacionados, profile.descFidel);
        for (const size of colour.relacionados) expectSame('grid', size.sku, level, prices.bySku.get(size.sku), charged.get(size.sku)?.priceFinalUnit);
      }
      const own = sizePrices(detail.relacionados, profile.descFidel);
      const units = detail.relacionados.map((v) => charged.get(v.sku)!.priceFinalUnit);
      // 'Tu precio distribuidor' (desde, when the sizes differ) and its sizes table
      expectSame('detail-from', style, level, own.from, Math.min(...units));
      expectSame('detail-varies', style, level, Number(own.varies), Number(Math.min(...units) !== Math.max(...units)));
      for (const size of detail.relacionados) expectSame('detail-size', size.sku, level, own.bySku.get(size.sku), charged.get(size.sku)?.priceFinalUnit);
    }
    // catalogue and search rows: the list price (from the cheapest size; 'desde' up to the dearest)
    const list = await get<CatalogueItem[]>('/api/user/b1/catalog/products');
    for (const row of list) {
      const lists = [...styleOf].filter(([, s]) => s === row.sku).map(([sku]) => charged.get(sku)!.priceList);
      expectSame('list-from', row.sku, level, row.preciolista, Math.min(...lists));
      expectSame('list-to', row.sku, level, row.preciolistaHasta, Math.max(...lists));
    }
    // home offers: the offer price of the cheapest size; 'desde' when the sizes differ
    const cards = [...(await get<HomeOfferCard[]>('/api/user/home')), ...(await get<HomeOfferCard[]>('/api/user/home/men'))];
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) {
      const offered = [...styleOf].filter(([, s]) => s === card.sku).map(([sku]) => charged.get(sku)!.priceOffer);
      expectSame('home-from', card.sku, level, card.precioOferta, Math.min(...offered));
      expectSame('home-varies', card.sku, level, Number(Boolean(card.desde)), Number(Math.min(...offered) !== Math.max(...offered)));
    }
    // the spec's offer look-up of a size code: that size's offer price (the same for every buyer: one buyer asks)
    if (level === 'Gold') {
      for (const sku of skus.filter((code) => charged.get(code)!.offer)) {
        const offer = await get<{ precioOferta: number }>(`/api/user/b1/offer-sku/${sku}`);
        expectSame('offer-sku', sku, level, offer.precioOferta, charged.get(sku)!.priceOffer);
      }
    }
    expectNoMismatch();
  });

  it('the quick-order validation of a long list prices a size whose price just changed in the ERP as the cart then does', async () => {
    const code = skus.find((sku) => sku.startsWith('POL-1002-'))!;
    const item = t.b1.data.Items.find((i) => i.ItemCode === code)!;
    const before = item.ItemPrices.map((p) => ({ ...p }));
    t.b1.updateItem(code, { ItemPrices: before.map((p) => (p.PriceList === 1 ? { ...p, Price: p.Price + 700 } : p)) });
    try {
      const res = await call(t.app, { method: 'POST', url: '/api/user/quick-order/validate', token: buyer.token, payload: { lines: skus.map((sku, i) => ({ row: i + 1, sku, quantity: '1' })) } });
      const line = res.json<QuickOrderValidation>().lines.find((l) => l.sku === code)!;
      const now = (await get<CartResponse>(`/api/user/cart/find-by-userid/${buyer.id}`)).items.find((i) => i.sku === code)!;
      expectSame('quick-order-changed', code, level, line.prices?.priceFinalUnit, now.priceFinalUnit);
    } finally {
      t.b1.updateItem(code, { ItemPrices: before });
    }
    expectNoMismatch();
  });

  it('the quick-order validation prices each line as the cart does', async () => {
    const res = await call(t.app, { method: 'POST', url: '/api/user/quick-order/validate', token: buyer.token, payload: { lines: skus.map((sku, i) => ({ row: i + 1, sku, quantity: '1' })) } });
    const validation = res.json<QuickOrderValidation>();
    expect(validation.lines).toHaveLength(skus.length);
    for (const line of validation.lines) expectSame('quick-order', line.sku, level, line.prices?.priceFinalUnit, charged.get(line.sku)?.priceFinalUnit);
    expectNoMismatch();
  });

  it('the created order, its summary, its mails, Mis pedidos and "Volver a comprar" keep the cart’s unit prices', async () => {
    // orders of ORDER_LINES sizes each, until every size has been ordered once
    for (let at = 0; at < skus.length; at += ORDER_LINES) {
      const chunk = skus.slice(at, at + ORDER_LINES);
      await call(t.app, { method: 'DELETE', url: `/api/user/cart/clear-cart/${buyer.id}`, token: buyer.token });
      await call(t.app, { method: 'POST', url: '/api/user/cart/bulk', token: buyer.token, payload: { items: chunk.map((sku) => ({ sku, quantity: 1 })) } });
      const summary = await get<CartResponse>(`/api/user/cart/find-by-userid/${buyer.id}`);
      const res = await call(t.app, { method: 'POST', url: '/api/orders', token: buyer.token, payload: orderRequest(buyer, transport, { paymentMethod: 'KHIPU' }) });
      expect([res.statusCode, res.statusCode === 201 ? '' : res.body]).toEqual([201, '']);
      const order = res.json<Order>();
      // the order summary shows the cart's lines and totals; the order keeps them
      expect(order.totals).toEqual(summary.totals);
      expect(orderTotals(summary.items, buyer.profile.descFidel)).toEqual(summary.totals);
      for (const line of summary.items) expectSame('order-summary', line.sku, level, line.priceFinalUnit, charged.get(line.sku)?.priceFinalUnit);
      for (const line of order.orderProducts) expectSame('order', line.sku, level, line.priceFinalUnit, charged.get(line.sku)?.priceFinalUnit);

      const detail = await get<BuyerOrderDetail>(`/api/user/orders/${order.purchaseOrderNumber}`);
      for (const line of detail.lines) expectSame('mis-pedidos', line.sku, level, line.priceFinalUnit, charged.get(line.sku)?.priceFinalUnit);

      // both mails render each line's unit price from the order's lines
      const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
      const lines = await new OrderRepo(t.database.db).lines(order.id);
      const company = { nombre: buyer.profile.nombre, rut: buyer.profile.rut };
      const mails = {
        'mail-buyer': [buildOrderConfirmedMail({ brand: 'Textil Andino', order: row!, lines, company }).html, 4],
        'mail-sales': [buildOrderMail({ kind: 'CHEQUE', brand: 'Textil Andino', order: row!, lines, company }).html, 5],
      } as const;
      for (const [source, [html, column]] of Object.entries(mails)) {
        const cells = new Map(
          html
            .split('<tr>')
            .map((tr) => [...tr.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((m) => m[1]!))
            .filter((tds) => tds.length > column)
            .map((tds) => [tds[0]!, tds[column]!]),
        );
        for (const sku of chunk) expectSame(source, sku, level, cells.get(sku) === formatCLP(charged.get(sku)!.priceFinalUnit) ? 1 : 0, 1);
      }

      // 'Volver a comprar' of this order: today's unit price, the one the cart then holds
      await call(t.app, { method: 'DELETE', url: `/api/user/cart/clear-cart/${buyer.id}`, token: buyer.token });
      const again = (await call(t.app, { method: 'POST', url: `/api/user/orders/${order.id}/reorder`, token: buyer.token })).json<ReorderResponse>();
      const now = new Map((await get<CartResponse>(`/api/user/cart/find-by-userid/${buyer.id}`)).items.map((i) => [i.sku, i.priceFinalUnit]));
      expect(again.lines).toHaveLength(chunk.length);
      for (const line of again.lines) {
        expectSame('reorder', line.sku, level, line.unitPrice ?? undefined, now.get(line.sku));
        expectSame('reorder-vs-cart', line.sku, level, line.unitPrice ?? undefined, charged.get(line.sku)?.priceFinalUnit);
      }
    }
    // and of an ERP order of the purchase history
    const history = await get<PurchaseHistoryHeader[]>(`/api/user/b1/purchase-history/${buyer.profile.idcliente}`);
    if (Array.isArray(history) && history.length) {
      await call(t.app, { method: 'DELETE', url: `/api/user/cart/clear-cart/${buyer.id}`, token: buyer.token });
      const erpAgain = (await call(t.app, { method: 'POST', url: `/api/user/b1/purchase-history/${history[0]!.docEntry}/reorder`, token: buyer.token })).json<ReorderResponse>();
      const held = new Map((await get<CartResponse>(`/api/user/cart/find-by-userid/${buyer.id}`)).items.map((i) => [i.sku, i.priceFinalUnit]));
      for (const line of erpAgain.lines.filter((l) => l.unitPrice !== null)) expectSame('reorder-erp', line.sku, level, line.unitPrice!, held.get(line.sku));
    }
    expectNoMismatch();
  }, 60_000);
});

afterAll(() => {
  // one line for the run's figures (SKUs walked, comparisons, mismatches by source)
  const bySource = new Map<string, number>();
  for (const m of mismatches) bySource.set(m.split(' ')[0]!, (bySource.get(m.split(' ')[0]!) ?? 0) + 1);
  console.log(`price consistency: ${skus?.length} SKUs of ${details.size} styles, ${BUYERS.length} buyers, ${compared} comparisons, ${mismatches.length} mismatches ${JSON.stringify(Object.fromEntries(bySource))}`);
});
