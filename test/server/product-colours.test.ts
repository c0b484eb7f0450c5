import type { ProductDetail } from '@shared/api/erp';
import { productContent } from '@server/db/schema';
import { call, createTestApp, login, type TestApp } from './helpers';

// The product detail brings every colour of the style's model (docs/size-grid.md): the rows of the colour × size grid.

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({}, { worker: { autoStart: false } });
  token = (await login(t.app, '76123456-0', 'Demo1234')).token;
}, 60_000);
afterAll(() => t.close());

const detail = async (sku: string) => {
  const res = await call(t.app, { method: 'GET', url: `/api/user/b1/products-detail/${sku}`, token });
  expect(res.statusCode).toBe(200);
  return res.json<ProductDetail>();
};

describe('the colours of a product detail', () => {
  it('lists the colours of the model, each with its sizes, stock and offer, from a style or one of its sizes', async () => {
    await t.database.db.insert(productContent).values({ sku: 'POL-1002', name: 'Polera Negra', offer: true, percentage: 10 });
    await t.app.catalog.refresh();
    const body = await detail('POL-1001-M');
    expect(body).toMatchObject({ estilo: 'POL-1001', color: 'Blanco' });
    expect(body.colores!.map((c) => [c.sku, c.color, c.descuento])).toEqual([['POL-1001', 'Blanco', 0], ['POL-1002', 'Negro', 10]]);
    const blanco = body.colores![0]!;
    expect(blanco.relacionados).toEqual(body.relacionados);
    const negro = body.colores![1]!;
    expect(negro.relacionados.map((r) => r.sku)).toEqual(['POL-1002-XS', 'POL-1002-S', 'POL-1002-M', 'POL-1002-L', 'POL-1002-XL', 'POL-1002-XXL']);
    expect(negro.relacionados.every((r) => r.descuento === 10 && r.precioOferta > 0)).toBe(true);
    const other = await detail('POL-1002');
    expect(other.colores!.map((c) => c.sku)).toEqual(['POL-1001', 'POL-1002']);
  });

  it('leaves out a colour an admin hid, and a style of one colour is its only row', async () => {
    await t.database.db.insert(productContent).values({ sku: 'PAN-2005', name: 'Pantalón', enabled: false });
    await t.app.catalog.refresh();
    expect((await detail('PAN-2004')).colores!.map((c) => c.sku)).toEqual(['PAN-2004']);
    const single = await detail('VES-6003');
    expect(single.colores).toEqual([expect.objectContaining({ sku: 'VES-6003', relacionados: single.relacionados })]);
  });
});
