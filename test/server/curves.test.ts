import type { SizeCurve, SizeCurveList } from '@shared/api/curves';
import { CURVES_PER_BUYER, DEFAULT_CURVES } from '@shared/curves';
import { CURVE_MSG } from '@shared/schemas/curves';
import { sizeCurves } from '@server/db/schema';
import { call, createTestApp, login, type TestApp } from './helpers';
import { SERVER_MSG } from '@server/messages';

// The buyer's own size curves (docs/size-grid.md): GET/POST/PUT/DELETE /api/user/curves, each buyer its own.

let t: TestApp;
let buyer: { token: string; id: number };
let other: { token: string; id: number };
let admin: string;

beforeAll(async () => {
  t = await createTestApp({}, { worker: { autoStart: false } });
  buyer = await login(t.app, '76123456-0', 'Demo1234');
  other = await login(t.app, '76234567-6', 'Demo1234');
  admin = (await login(t.app, '22222222-2', 'Admin1234')).token;
}, 60_000);
afterAll(() => t.close());
afterEach(() => t.database.db.delete(sizeCurves));

const S1M2L2XL1 = [{ talla: 'S', ratio: 1 }, { talla: 'M', ratio: 2 }, { talla: 'L', ratio: 2 }, { talla: 'XL', ratio: 1 }];
const list = (token: string) => call(t.app, { method: 'GET', url: '/api/user/curves', token });
const create = (token: string, payload: unknown) => call(t.app, { method: 'POST', url: '/api/user/curves', token, payload: payload as object });
const update = (token: string, id: number | string, payload: unknown) => call(t.app, { method: 'PUT', url: `/api/user/curves/${id}`, token, payload: payload as object });
const remove = (token: string, id: number | string) => call(t.app, { method: 'DELETE', url: `/api/user/curves/${id}`, token });

describe('the buyer own size curves', () => {
  it('lists none at first, with the suggested curves', async () => {
    const res = await list(buyer.token);
    expect(res.statusCode).toBe(200);
    const body = res.json<SizeCurveList>();
    expect(body.curves).toEqual([]);
    expect(body.defaults).toEqual(DEFAULT_CURVES);
  });

  it('creates, lists by name, updates and deletes a curve', async () => {
    const created = await create(buyer.token, { name: '  Temporada verano ', sizes: S1M2L2XL1, extra: 'ignored' });
    expect(created.statusCode).toBe(201);
    const curve = created.json<SizeCurve>();
    expect(curve).toMatchObject({ id: expect.any(Number), name: 'Temporada verano', sizes: S1M2L2XL1 });
    expect(Object.keys(curve).sort()).toEqual(['id', 'name', 'sizes', 'updatedAt']);
    await create(buyer.token, { name: 'Anual', sizes: [{ talla: 'M', ratio: 3 }] });
    await expect(list(buyer.token).then((r) => r.json<SizeCurveList>().curves.map((c) => c.name))).resolves.toEqual(['Anual', 'Temporada verano']);

    const changed = await update(buyer.token, curve.id, { name: 'Verano', sizes: [{ talla: 'L', ratio: 4 }] });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<SizeCurve>()).toMatchObject({ id: curve.id, name: 'Verano', sizes: [{ talla: 'L', ratio: 4 }] });

    const deleted = await remove(buyer.token, curve.id);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: CURVE_MSG.deleted });
    expect((await list(buyer.token)).json<SizeCurveList>().curves.map((c) => c.name)).toEqual(['Anual']);
    expect((await remove(buyer.token, curve.id)).json()).toEqual({ status: 404, message: CURVE_MSG.notFound });
  });

  it('never shows, changes or deletes another buyer curve', async () => {
    const mine = (await create(buyer.token, { name: 'Mía', sizes: S1M2L2XL1 })).json<SizeCurve>();
    expect((await list(other.token)).json<SizeCurveList>().curves).toEqual([]);
    const put = await update(other.token, mine.id, { name: 'Robada', sizes: S1M2L2XL1 });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toEqual({ status: 404, message: CURVE_MSG.notFound });
    expect((await remove(other.token, mine.id)).statusCode).toBe(404);
    expect((await list(buyer.token)).json<SizeCurveList>().curves).toEqual([expect.objectContaining({ id: mine.id, name: 'Mía' })]);
    // the same name is free for another buyer
    expect((await create(other.token, { name: 'Mía', sizes: S1M2L2XL1 })).statusCode).toBe(201);
  });

  it('refuses a name the buyer already uses, case aside, on create and on rename', async () => {
    const first = (await create(buyer.token, { name: 'Básica', sizes: S1M2L2XL1 })).json<SizeCurve>();
    const again = await create(buyer.token, { name: 'BÁSICA', sizes: S1M2L2XL1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: 409, message: 'Ya tienes una curva llamada BÁSICA' });
    const second = (await create(buyer.token, { name: 'Otra', sizes: S1M2L2XL1 })).json<SizeCurve>();
    expect((await update(buyer.token, second.id, { name: 'básica', sizes: S1M2L2XL1 })).statusCode).toBe(409);
    // keeping its own name is fine
    expect((await update(buyer.token, first.id, { name: 'Básica', sizes: [{ talla: 'S', ratio: 2 }] })).statusCode).toBe(200);
  });

  it(`keeps at most ${CURVES_PER_BUYER} curves per buyer`, async () => {
    await t.database.db.insert(sizeCurves).values(Array.from({ length: CURVES_PER_BUYER }, (_, i) => ({ userId: buyer.id, name: `Curva ${i}`, sizes: S1M2L2XL1 })));
    const res = await create(buyer.token, { name: 'Una más', sizes: S1M2L2XL1 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 409, message: CURVE_MSG.full });
  });

  it.each([
    [{ name: '', sizes: S1M2L2XL1 }, CURVE_MSG.nameRequired],
    [{ name: 'A', sizes: [] }, CURVE_MSG.sizesRequired],
    [{ name: 'A', sizes: [{ talla: 'S', ratio: 0 }] }, CURVE_MSG.ratio],
    [{ name: 'A', sizes: [{ talla: 'S', ratio: 'dos' }] }, CURVE_MSG.ratio],
    [{ name: 'A', sizes: [{ talla: 'S', ratio: 1 }, { talla: 's', ratio: 1 }] }, 'La talla s está repetida en la curva'],
    [{ name: 'A' }, CURVE_MSG.sizesRequired],
  ])('validates the body with the shared schema: %j', async (payload, message) => {
    const res = await create(buyer.token, payload);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(message);
  });

  it('validates the id', async () => {
    expect((await update(buyer.token, 'abc', { name: 'A', sizes: S1M2L2XL1 })).statusCode).toBe(400);
    expect((await remove(buyer.token, '0')).statusCode).toBe(400);
  });

  it('answers visitors 401 and admins 403', async () => {
    expect((await call(t.app, { method: 'GET', url: '/api/user/curves' })).statusCode).toBe(401);
    const res = await create(admin, { name: 'A', sizes: S1M2L2XL1 });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: SERVER_MSG.cartNotForAdmins });
  });
});
