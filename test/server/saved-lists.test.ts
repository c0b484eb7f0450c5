import { eq } from 'drizzle-orm';
import type { CartBulkResponse, CartResponse } from '@shared/api/cart';
import type { SavedList, SavedListDetail, SavedListList, SavedListStyleAdded } from '@shared/api/savedLists';
import { fill } from '@shared/messages';
import { SAVED_LIST_MAX_STYLES, SAVED_LIST_MSG, SAVED_LISTS_PER_PERSON } from '@shared/schemas/savedLists';
import { cartItems, productContent, savedListItems, savedLists } from '@server/db/schema';
import { savedListStyles } from '@server/savedLists/savedLists.service';
import { call, createTestApp, login, type TestApp } from './helpers';

// The buyer's saved lists (docs/saved-lists.md, R-WL-1..6): /api/user/saved-lists, the owner's and the company's shared
// ones, priced as the cart prices, turned into a cart by one bulk add under an Idempotency-Key.

let t: TestApp;
type Session = { token: string; id: number };
let admin: Session; // Administrador of 76.123.456-0 (its company login)
let camila: Session; // Comprador of the same company
let other: Session; // 76.234.567-6
let rep: Session; // Carolina representing 76.123.456-0

beforeAll(async () => {
  t = await createTestApp({}, { worker: { autoStart: false } });
  admin = await login(t.app, '76123456-0', 'Demo1234');
  camila = await login(t.app, '18.901.234-9', 'Demo1234');
  other = await login(t.app, '76234567-6', 'Demo1234');
  const carolina = await login(t.app, '13.579.246-2', 'Demo1234');
  const represented = await call(t.app, { method: 'POST', url: '/api/rep/represent/C76123456', token: carolina.token, payload: {} });
  rep = { token: represented.json().token as string, id: carolina.id };
  await t.database.db.insert(productContent).values({ sku: 'POL-1001', name: 'Polera Básica', offer: true, percentage: 20 });
}, 60_000);
afterAll(() => t.close());
afterEach(async () => {
  await t.database.db.delete(savedLists);
  await t.database.db.delete(cartItems);
});

const req = (s: Session, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object, headers?: Record<string, string>) =>
  call(t.app, { method, url: `/api/user/saved-lists${url}`, token: s.token, ...(payload ? { payload } : {}), ...(headers ? { headers } : {}) });
const create = async (s: Session, name: string) => {
  const res = await req(s, 'POST', '', { name });
  expect(res.statusCode).toBe(201);
  return res.json<SavedList>();
};
const addStyle = (s: Session, id: number, style: string) => req(s, 'POST', `/${id}/styles`, { style });
const setQty = (s: Session, id: number, style: string, quantities: { sku: string; quantity: number }[]) => req(s, 'PUT', `/${id}/styles/${style}`, { quantities });
const names = async (s: Session) => (await req(s, 'GET', '')).json<SavedListList>().lists.map((l) => l.name);
const cartOf = async (s: Session) => (await call(t.app, { method: 'GET', url: `/api/user/cart/find-by-userid/${s.id}`, token: s.token })).json<CartResponse>();
const stockOf = (code: string) => {
  const w = t.b1.data.Items.find((i) => i.ItemCode === code)!.ItemWarehouseInfoCollection!.find((l) => l.WarehouseCode === '01')!;
  return Math.max(0, w.InStock - w.Committed);
};

describe('saved lists: create, rename, share, delete', () => {
  it('creates, lists by name with the owner, renames, shares and deletes', async () => {
    const list = await create(admin, '  Invierno  ');
    expect(list).toMatchObject({ name: 'Invierno', shared: false, mine: true, styles: 0 });
    expect(list.owner).toContain('76.123.456-0');
    await create(admin, 'Básicos');
    expect(await names(admin)).toEqual(['Básicos', 'Invierno']);

    const renamed = await req(admin, 'PATCH', `/${list.id}`, { name: 'Invierno 2027' });
    expect(renamed.json()).toMatchObject({ id: list.id, name: 'Invierno 2027', shared: false });
    const shared = await req(admin, 'PATCH', `/${list.id}`, { shared: true });
    expect(shared.json()).toMatchObject({ name: 'Invierno 2027', shared: true });
    expect((await req(admin, 'PATCH', `/${list.id}`, {})).json()).toMatchObject({ status: 400, message: SAVED_LIST_MSG.nothingToChange });

    expect((await req(admin, 'DELETE', `/${list.id}`)).json()).toEqual({ message: SAVED_LIST_MSG.deleted });
    expect(await names(admin)).toEqual(['Básicos']);
    expect((await req(admin, 'GET', `/${list.id}`)).json()).toEqual({ status: 404, message: SAVED_LIST_MSG.notFound });
  });

  it('refuses a name the owner already uses (case aside) with a Spanish 400, and an empty one', async () => {
    await create(admin, 'Verano');
    const again = await req(admin, 'POST', '', { name: 'VERANO' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(fill(SAVED_LIST_MSG.nameTaken, { name: 'VERANO' }));
    const other2 = await create(admin, 'Otoño');
    expect((await req(admin, 'PATCH', `/${other2.id}`, { name: 'verano' })).statusCode).toBe(400);
    expect((await req(admin, 'POST', '', { name: '   ' })).json().message).toBe(SAVED_LIST_MSG.nameRequired);
    // another person of the company may use the same name
    expect((await req(camila, 'POST', '', { name: 'Verano' })).statusCode).toBe(201);
  });

  it(`keeps at most ${SAVED_LISTS_PER_PERSON} lists per person`, async () => {
    const companyRut = '76.123.456-0';
    await t.database.db.insert(savedLists).values(Array.from({ length: SAVED_LISTS_PER_PERSON }, (_, i) => ({ companyRut, ownerId: admin.id, name: `Lista ${i}` })));
    const res = await req(admin, 'POST', '', { name: 'Una más' });
    expect(res.json()).toEqual({ status: 400, message: SAVED_LIST_MSG.full });
    // the limit is the person's: a colleague still creates
    expect((await req(camila, 'POST', '', { name: 'Una más' })).statusCode).toBe(201);
  });

  it(`keeps at most ${SAVED_LIST_MAX_STYLES} styles per list`, async () => {
    const list = await create(admin, 'Llena');
    await t.database.db.insert(savedListItems).values(Array.from({ length: SAVED_LIST_MAX_STYLES }, (_, i) => ({ listId: list.id, style: `X-${i}` })));
    expect((await addStyle(admin, list.id, 'POL-1001')).json()).toEqual({ status: 400, message: SAVED_LIST_MSG.listFull });
  });
});

describe('saved lists: ownership', () => {
  it("another company's list is a 404 for every route, and never listed", async () => {
    const list = await create(admin, 'Privada');
    await req(admin, 'PATCH', `/${list.id}`, { shared: true });
    await addStyle(admin, list.id, 'POL-1001');
    await setQty(admin, list.id, 'POL-1001', [{ sku: 'POL-1001-M', quantity: 2 }]);
    expect(await names(other)).toEqual([]);
    const calls = [
      req(other, 'GET', `/${list.id}`),
      req(other, 'PATCH', `/${list.id}`, { name: 'Mía' }),
      req(other, 'DELETE', `/${list.id}`),
      addStyle(other, list.id, 'POL-1002'),
      setQty(other, list.id, 'POL-1001', [{ sku: 'POL-1001-M', quantity: 5 }]),
      req(other, 'DELETE', `/${list.id}/styles/POL-1001`),
      req(other, 'POST', `/${list.id}/to-cart`, {}),
    ];
    for (const res of await Promise.all(calls)) expect(res.json()).toEqual({ status: 404, message: SAVED_LIST_MSG.notFound });
    await expect(savedListStyles(t.database.db, list.id, { id: other.id, companyRut: '76.234.567-6' })).rejects.toMatchObject({ status: 404 });
    expect((await cartOf(other)).items).toEqual([]);
  });

  it("a colleague's unshared list is invisible; shared, it is read and turned into a cart but changed only by its owner", async () => {
    const list = await create(admin, 'De la tienda');
    await addStyle(admin, list.id, 'POL-1001');
    await setQty(admin, list.id, 'POL-1001', [{ sku: 'POL-1001-S', quantity: 1 }]);
    expect(await names(camila)).toEqual([]);
    expect((await req(camila, 'GET', `/${list.id}`)).statusCode).toBe(404);
    await expect(savedListStyles(t.database.db, list.id, { id: camila.id, companyRut: '76.123.456-0' })).rejects.toMatchObject({ status: 404 });

    await req(admin, 'PATCH', `/${list.id}`, { shared: true });
    const seen = (await req(camila, 'GET', '')).json<SavedListList>().lists;
    expect(seen).toEqual([expect.objectContaining({ id: list.id, mine: false, shared: true, owner: expect.stringContaining('76.123.456-0') })]);
    expect((await req(camila, 'GET', `/${list.id}`)).json<SavedListDetail>().items.map((i) => i.style)).toEqual(['POL-1001']);
    await expect(savedListStyles(t.database.db, list.id, { id: camila.id, companyRut: '76.123.456-0' })).resolves.toEqual(['POL-1001']);

    const refused = { status: 403, message: SAVED_LIST_MSG.notOwner };
    expect((await req(camila, 'PATCH', `/${list.id}`, { name: 'Mía' })).json()).toEqual(refused);
    expect((await req(camila, 'PATCH', `/${list.id}`, { shared: false })).json()).toEqual(refused);
    expect((await req(camila, 'DELETE', `/${list.id}`)).json()).toEqual(refused);
    expect((await addStyle(camila, list.id, 'POL-1002')).json()).toEqual(refused);
    expect((await setQty(camila, list.id, 'POL-1001', [{ sku: 'POL-1001-S', quantity: 9 }])).json()).toEqual(refused);
    expect((await req(camila, 'DELETE', `/${list.id}/styles/POL-1001`)).json()).toEqual(refused);

    const toCart = await req(camila, 'POST', `/${list.id}/to-cart`, {});
    expect(toCart.statusCode).toBe(200);
    expect((await cartOf(camila)).items.map((i) => [i.sku, i.quantity])).toEqual([['POL-1001-S', 1]]);
    expect((await cartOf(admin)).items).toEqual([]);

    await req(admin, 'PATCH', `/${list.id}`, { shared: false });
    expect((await req(camila, 'GET', `/${list.id}`)).statusCode).toBe(404);
  });

  it("a rep acting for the customer sees the customer's shared lists and their own, and their own only they change", async () => {
    const shared = await create(admin, 'Compartida');
    await req(admin, 'PATCH', `/${shared.id}`, { shared: true });
    await create(admin, 'Solo mía');
    const repList = await create(rep, 'Propuesta del vendedor');
    expect(await names(rep)).toEqual(['Compartida', 'Propuesta del vendedor']);
    expect((await req(rep, 'PATCH', `/${shared.id}`, { name: 'x' })).statusCode).toBe(403);
    // the rep's own list is theirs: the company sees it once shared
    expect(await names(admin)).toEqual(['Compartida', 'Solo mía']);
    await req(rep, 'PATCH', `/${repList.id}`, { shared: true });
    expect(await names(camila)).toEqual(['Compartida', 'Propuesta del vendedor']);
  });
});

describe('saved lists: styles, prices and stock', () => {
  it('saves a style once, sets quantities per size and removes it', async () => {
    const list = await create(admin, 'Poleras');
    const first = await addStyle(admin, list.id, 'POL-1001');
    expect(first.json<SavedListStyleAdded>()).toMatchObject({ added: true, list: { styles: 1 }, message: fill(SAVED_LIST_MSG.styleSaved, { name: 'Poleras' }) });
    const again = await addStyle(admin, list.id, 'POL-1001');
    expect(again.json<SavedListStyleAdded>()).toMatchObject({ added: false, list: { styles: 1 }, message: fill(SAVED_LIST_MSG.styleAlready, { name: 'Poleras' }) });
    expect((await addStyle(admin, list.id, 'NO-EXISTE')).json()).toEqual({ status: 404, message: fill(SAVED_LIST_MSG.styleUnknown, { style: 'NO-EXISTE' }) });

    expect((await setQty(admin, list.id, 'POL-1001', [{ sku: 'POL-1001-S', quantity: 2 }, { sku: 'POL-1001-M', quantity: 3 }])).json()).toEqual({ message: SAVED_LIST_MSG.quantitiesSaved });
    expect((await setQty(admin, list.id, 'POL-1001', [{ sku: 'POL-1001-S', quantity: 0 }])).statusCode).toBe(200);
    expect((await setQty(admin, list.id, 'POL-1001', [{ sku: 'PAN-2001-40', quantity: 1 }])).json()).toEqual({
      status: 400,
      message: fill(SAVED_LIST_MSG.skuNotOfStyle, { sku: 'PAN-2001-40', style: 'POL-1001' }),
    });
    expect((await setQty(admin, list.id, 'POL-1001', [{ sku: 'POL-1001-M', quantity: -1 }])).statusCode).toBe(400);
    const detail = (await req(admin, 'GET', `/${list.id}`)).json<SavedListDetail>();
    expect(detail.items[0]!.sizes.filter((s) => s.quantity > 0).map((s) => [s.sku, s.quantity])).toEqual([['POL-1001-M', 3]]);

    expect((await req(admin, 'DELETE', `/${list.id}/styles/POL-1001`)).json()).toEqual({ message: SAVED_LIST_MSG.styleRemoved });
    expect((await req(admin, 'DELETE', `/${list.id}/styles/POL-1001`)).statusCode).toBe(404);
    expect((await req(admin, 'GET', `/${list.id}`)).json<SavedListDetail>().items).toEqual([]);
  });

  it("shows every size with its stock and the buyer's price, equal to what the cart charges for it", async () => {
    const list = await create(admin, 'Precios');
    await addStyle(admin, list.id, 'POL-1001');
    await addStyle(admin, list.id, 'PAN-2001');
    const detail = (await req(admin, 'GET', `/${list.id}`)).json<SavedListDetail>();
    expect(detail.percentageLoyalty).toBe(6);
    const sizes = detail.items.flatMap((i) => i.sizes);
    expect(detail.items[0]).toMatchObject({ style: 'POL-1001', percentageOffer: 20, name: expect.stringContaining('Polera') });
    expect(detail.items[0]!.urlImageMain).not.toBe(undefined);
    expect(sizes.length).toBeGreaterThan(4);
    for (const s of sizes) expect([s.sku, s.stock]).toEqual([s.sku, stockOf(s.sku)]);
    // the cart's price of each size
    await call(t.app, { method: 'POST', url: '/api/user/cart/bulk', token: admin.token, payload: { items: sizes.filter((s) => s.stock > 0).map((s) => ({ sku: s.sku, quantity: 1 })) } });
    const cart = await cartOf(admin);
    expect(cart.items.length).toBeGreaterThan(0);
    for (const line of cart.items) {
      const shown = sizes.find((s) => s.sku === line.sku)!;
      expect([line.sku, shown.priceList, shown.priceFinalUnit]).toEqual([line.sku, line.priceList, line.priceFinalUnit]);
    }
  });

  it('marks a style an admin hid as no longer available, priced 0, and leaves it out of the cart', async () => {
    await t.database.db.insert(productContent).values({ sku: 'PAN-2001', name: 'Pantalón', enabled: false });
    try {
      const list = await create(admin, 'Con oculto');
      // a hidden style cannot be saved…
      expect((await addStyle(admin, list.id, 'PAN-2001')).statusCode).toBe(404);
      // …and one saved before it was hidden is shown as no longer available
      await t.database.db.insert(savedListItems).values({ listId: list.id, style: 'PAN-2001', quantities: { 'PAN-2001-40': 2 } });
      const item = (await req(admin, 'GET', `/${list.id}`)).json<SavedListDetail>().items[0]!;
      expect(item).toMatchObject({ style: 'PAN-2001', unavailable: true });
      expect(item.sizes.every((s) => s.unavailable && s.priceFinalUnit === 0 && s.stock === 0)).toBe(true);
      const res = (await req(admin, 'POST', `/${list.id}/to-cart`, {})).json<CartBulkResponse>();
      expect(res.lines).toEqual([expect.objectContaining({ sku: 'PAN-2001-40', status: 'rejected', reason: 'unavailable' })]);
      expect((await cartOf(admin)).items).toEqual([]);
    } finally {
      await t.database.db.delete(productContent).where(eq(productContent.sku, 'PAN-2001'));
    }
  });
});

describe('saved lists: to cart', () => {
  it('adds the quantities once under a repeated Idempotency-Key, capping each line at the stock', async () => {
    const list = await create(admin, 'Pedido');
    await addStyle(admin, list.id, 'POL-1001');
    const m = stockOf('POL-1001-M');
    await setQty(admin, list.id, 'POL-1001', [{ sku: 'POL-1001-S', quantity: 2 }, { sku: 'POL-1001-M', quantity: Math.min(9999, m + 5) }]);
    const headers = { 'idempotency-key': 'lista-pedido-1' };
    const first = await req(admin, 'POST', `/${list.id}/to-cart`, {}, headers);
    expect(first.statusCode).toBe(200);
    const body = first.json<CartBulkResponse>();
    expect(body.lines.map((l) => [l.sku, l.requested, l.quantity, l.status])).toEqual([
      ['POL-1001-S', 2, 2, 'added'],
      ['POL-1001-M', m + 5, m, 'clamped'],
    ]);
    expect(body.lines[1]!.message).toBeTruthy();
    const again = await req(admin, 'POST', `/${list.id}/to-cart`, {}, headers);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(body);
    expect((await cartOf(admin)).items.map((i) => [i.sku, i.quantity])).toEqual([
      ['POL-1001-S', 2],
      ['POL-1001-M', m],
    ]);
    // without quantities there is nothing to add
    const empty = await create(admin, 'Vacía');
    expect((await req(admin, 'POST', `/${empty.id}/to-cart`, {})).json()).toEqual({ status: 400, message: SAVED_LIST_MSG.nothingToOrder });
  });
});
